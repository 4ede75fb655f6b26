"""The ``mtgkb`` command: a thin click layer over the library.

Each command reads its options, makes one library call and prints the result
(as text, or as JSON with ``--json``). Every :class:`~kb.errors.KBError`
becomes a one-line message on standard error and exit status 1.

One module per command family (:data:`COMMANDS`), each imported only when its
command is named or listed: ``mtgkb rule`` never loads the search, export,
release or web code. Shared options and output helpers are in :mod:`kb.cli.options`.
"""

from __future__ import annotations

import importlib
import sys
from sqlite3 import DatabaseError
from pathlib import Path
from typing import Any

import click

from .. import __version__
from ..collector import tune_collector
from ..errors import KBError

# command name -> "module:attribute" of its click command
COMMANDS = {
    "build": "kb.cli.build:build",
    "rule": "kb.cli.rule:rule",
    "define": "kb.cli.define:define",
    "card": "kb.cli.card:card",
    "search": "kb.cli.search:search_command",
    "align": "kb.cli.align:align_command",
    "export": "kb.cli.export:export",
    "import": "kb.cli.export:import_",
    "imports": "kb.cli.export:imports_",
    "status": "kb.cli.export:status",
    "diff": "kb.cli.releases:diff",
    "history": "kb.cli.releases:history",
    "update": "kb.cli.releases:update",
    "refresh": "kb.cli.releases:refresh",
    "serve": "kb.cli.serve:serve",
}


def valid_text(argument: str) -> str:
    """``argument`` with each undecodable byte (``surrogateescape``) or lone surrogate as U+FFFD."""
    if argument.isascii():
        return argument
    try:
        argument.encode("utf-8")
        return argument
    except UnicodeEncodeError:
        raw = argument.encode("utf-8", "surrogateescape" if _only_escapes(argument) else "surrogatepass")
        return raw.decode("utf-8", "replace")


def _only_escapes(text: str) -> bool:
    """Every surrogate in ``text`` is one of ``surrogateescape``'s (U+DC80..U+DCFF: a byte of argv)."""
    return all(not "\ud800" <= c <= "\udfff" or "\udc80" <= c <= "\udcff" for c in text)


class KBGroup(click.Group):
    """A click group that turns library errors into one line and exit status 1, and
    loads each command (:data:`COMMANDS`) only when it is named."""

    def main(self, args: Any = None, *rest: Any, **options: Any) -> Any:
        """Run the command with its arguments as text: bytes that are not UTF-8 (and lone surrogates)
        become U+FFFD, so a query or name typed with them gets an answer, not a traceback. The
        process's garbage collector is set for a knowledge base's tables (:mod:`kb.collector`)."""
        tune_collector()
        arguments = sys.argv[1:] if args is None else list(args)
        return super().main([valid_text(a) for a in arguments], *rest, **options)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in COMMANDS and name not in self.commands:
            module_name, attribute = COMMANDS[name].split(":")
            self.add_command(getattr(importlib.import_module(module_name), attribute), name)
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KBError as exc:
            raise click.ClickException(str(exc)) from None
        except KeyboardInterrupt:
            raise click.Abort() from None
        except MemoryError:  # a memory limit (ulimit -v, a container) too low for the work asked
            raise click.ClickException("out of memory: the memory this process may use is too small for this "
                                       "command (ulimit -v, a container limit); raise the limit or give fewer "
                                       "sources") from None
        except BrokenPipeError:  # `mtgkb ... | head`: the reader left
            sys.stderr.close()
            sys.exit(1)
        except OSError as exc:  # a file that cannot be written or read: name it, no traceback
            from ..store import storage_error

            known = storage_error(exc, Path(exc.filename or "."))
            where = f"{exc.filename}: " if exc.filename else ""
            raise click.ClickException(str(known) if known else f"{where}{exc.strerror or exc}") from None
        except DatabaseError as exc:
            from ..store import default_kb_dir, storage_error

            known = storage_error(exc, default_kb_dir())
            raise click.ClickException(str(known) if known else
                                       f"the knowledge base is damaged ({exc}); run 'mtgkb build' again") from None


@click.group(cls=KBGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mtgkb")
@click.option("--kb", "kb_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Knowledge base folder for the command (as --kb after it) [default: $MTGKB_HOME, else the "
                   "platform's user data folder].")
def main(kb_dir: Path | None) -> None:
    """mtgkb: the Magic: The Gathering Comprehensive Rules and rulings, in Italian,
    English and French.

    \b
    Quick start:
      mtgkb build                       build the knowledge base from the embedded corpus
      mtgkb build --corpus DIR --corpus FILE   ... or from your own files and folders
      mtgkb rule 400.7                  a rule with its subrules, in every language held
      mtgkb rule 702.19b-d --lang en    a range, English only
      mtgkb define voto                 a game term in any language: names, definition, rules
      mtgkb card "Titano Solare"        a card in any language, with its rulings
      mtgkb update --cards              fetch MTGJSON's current card data (Oracle texts, rulings)
      mtgkb search pareggio             search rules, rulings, terms and cards (it/en/fr)
      mtgkb history vote                a rule's life across releases; see also diff, update
      mtgkb export --format xliff --target it --rules 4 -o zones.it.xlf   for translators
      mtgkb serve                       the same on a web page and a JSON API

    The knowledge base lives in $MTGKB_HOME or the platform's user data folder
    (override with --kb, before the command or after it).
    """
