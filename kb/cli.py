"""The ``mtgkb`` command: a thin click layer over the library.

Each command reads its options, makes one library call and prints the result
(as text, or as JSON with ``--json``). Every :class:`~kb.errors.KBError`
becomes a one-line message on standard error and exit status 1.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

import click

from . import __version__
from .errors import KBError
from .model import LANGUAGES
from .store import DatabaseError, KnowledgeBase, default_kb_dir


class KBGroup(click.Group):
    """A click group that turns library errors into one line and exit status 1, and
    loads each feature command (:data:`FEATURE_COMMANDS`) only when it is named."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *FEATURE_COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in FEATURE_COMMANDS and name not in self.commands:
            module_name, attribute = FEATURE_COMMANDS[name].split(":")
            self.add_command(getattr(importlib.import_module(module_name), attribute), name)
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KBError as exc:
            raise click.ClickException(str(exc)) from None
        except KeyboardInterrupt:
            raise click.Abort() from None
        except BrokenPipeError:  # `mtgkb ... | head`: the reader left
            sys.stderr.close()
            sys.exit(1)
        except OSError as exc:  # a file that cannot be written or read: name it, no traceback
            where = f"{exc.filename}: " if exc.filename else ""
            raise click.ClickException(f"{where}{exc.strerror or exc}") from None
        except DatabaseError as exc:
            raise click.ClickException(f"the knowledge base is damaged ({exc}); run 'mtgkb build' again") from None


def kb_option(func: Callable) -> Callable:
    return click.option("--kb", "kb_dir", type=click.Path(file_okay=False, path_type=Path),
                        default=None, envvar="MTGKB_HOME", show_envvar=True,
                        help="Knowledge base folder [default: the platform's user data folder].")(func)


def json_option(func: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")(func)


def lang_option(func: Callable) -> Callable:
    return click.option("--lang", "langs", multiple=True, type=click.Choice(LANGUAGES),
                        help="Only these languages (repeatable) [default: all].")(func)


def release_option(func: Callable) -> Callable:
    return click.option("--release", metavar="DATE", default=None,
                        help="Use the official release with this effective date (YYYY-MM-DD) "
                             "[default: the newest held].")(func)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def info(message: str) -> None:
    """Progress and notices go to standard error, so standard output stays clean for pipes."""
    click.echo(message, err=True)


def open_kb(kb_dir: Path | None) -> KnowledgeBase:
    """The knowledge base in ``kb_dir``; the embedded corpus is built first if there is none."""
    from .store import current_build

    directory = kb_dir or default_kb_dir()
    if current_build(directory) is None:
        info(f"No knowledge base in {directory}: building it from the embedded corpus first.")
        from .pipeline import build_kb

        build_kb(directory, [])
    return KnowledgeBase.open(directory)


@click.group(cls=KBGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mtgkb")
def main() -> None:
    """mtgkb: the Magic: The Gathering Comprehensive Rules and rulings, in Italian,
    English and French.

    \b
    Quick start:
      mtgkb build                       build the knowledge base from the embedded corpus
      mtgkb build --corpus DIR --corpus FILE   ... or from your own files and folders
      mtgkb rule 400.7                  a rule with its subrules, every language
      mtgkb rule 702.19b-d --lang en    a range, English only
      mtgkb search pareggio             search rules, rulings, terms and cards (it/en/fr)
      mtgkb history vote                a rule's life across releases; see also diff, update
      mtgkb export --format xliff --target it --rules 4 -o zones.it.xlf   for translators
      mtgkb serve                       the same on a web page and a JSON API

    The knowledge base lives in $MTGKB_HOME or the platform's user data folder
    (override with --kb on any command).
    """


@main.command()
@click.option("--corpus", "corpus", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A source file or folder (repeatable) [default: the embedded corpus].")
@kb_option
@json_option
def build(corpus: tuple[Path, ...], kb_dir: Path | None, as_json: bool) -> None:
    """Parse sources and (re)build the knowledge base.

    Every file's format and language are recognised from its content. The new
    knowledge base replaces the old one atomically: a reader never sees half a build.

    \b
    Examples:
      mtgkb build
      mtgkb build --corpus corpus/ --corpus "MagicCompRules 20241108.txt"
    """
    from .pipeline import build_kb

    directory = kb_dir or default_kb_dir()
    summary = build_kb(directory, list(corpus), progress=None if as_json else info)
    if as_json:
        echo_json(summary)
        return
    for doc in summary["documents"]:
        counts = ", ".join(f"{v} {k}" for k, v in doc["counts"].items())
        date = f" {doc['effective_date']}" if doc["effective_date"] else ""
        click.echo(f"{doc['path']}: {doc['format']} [{doc['lang']}{date}, {doc['provenance']}]: {counts}"
                   + (f"; {doc['unparsed']} UNPARSED lines" if doc["unparsed"] else ""))
        for warning in doc["warnings"]:
            info(f"warning: {warning}")
    for skipped in summary["skipped"]:
        click.echo(f"{skipped['path']}: skipped ({skipped['reason']})")
    from .alignment_report import summary_lines
    for line in summary_lines(summary["alignment"]):
        click.echo(line)
    click.echo(f"Knowledge base written to {directory}")


@main.command()
@click.argument("numbers", nargs=-1, required=True)
@lang_option
@release_option
@kb_option
@json_option
def rule(numbers: tuple[str, ...], langs: tuple[str, ...], release: str | None, kb_dir: Path | None,
         as_json: bool) -> None:
    """Show rules by number, in every language the knowledge base holds.

    \b
    NUMBERS can be:
      400.7          the rule and all its subrules
      400.7.         the rule alone
      400.7a         one subrule
      400            the chapter: its title and rules
      4              the section: its title and chapters
      702.19b-d      a range (also 702.19b–702.19d, 400.1-400.3)
    Several at once: mtgkb rule 400.7 701.32a
    """
    from .lookup import lookup
    from .render import render_entries

    kb = open_kb(kb_dir)
    entries = lookup(kb, numbers, langs, release)
    if as_json:
        echo_json(entries)
    else:
        click.echo(render_entries(entries, color=_color()))


def _color() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


# Feature commands live in their own modules and are imported only when named (or
# listed by --help): `mtgkb rule` never loads the search, export, release or web code.
FEATURE_COMMANDS = {
    "search": "kb.cli_search:search_command",
    "align": "kb.cli_align:align_command",
    "export": "kb.cli_export:export",
    "import": "kb.cli_export:import_",
    "status": "kb.cli_export:status",
    "diff": "kb.cli_releases:diff",
    "history": "kb.cli_releases:history",
    "update": "kb.cli_releases:update",
    "serve": "kb.cli_serve:serve",
}


if __name__ == "__main__":  # pragma: no cover
    main()
