"""What every command shares: the common options, JSON and notice output, colour, and
opening the knowledge base (building the embedded corpus first in the default folder only)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

import click

from ..errors import KBError
from ..model import LANGUAGES
from ..store import KnowledgeBase, current_build, default_kb_dir


def _group_kb(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """``--kb`` after the command, else ``mtgkb --kb DIR`` before it (else None: $MTGKB_HOME, then the
    platform's folder, as :func:`~kb.store.default_kb_dir` says)."""
    return value if value is not None else ctx.find_root().params.get("kb_dir")


def kb_option(func: Callable) -> Callable:
    return click.option("--kb", "kb_dir", type=click.Path(file_okay=False, path_type=Path),
                        default=None, callback=_group_kb,
                        help="Knowledge base folder [default: mtgkb --kb, else $MTGKB_HOME, else the platform's "
                             "user data folder].")(func)


def json_option(func: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")(func)


def language_list(choices: tuple[str, ...] = LANGUAGES) -> Callable[[click.Context, click.Parameter, tuple], tuple]:
    """A ``--lang`` callback: repeated (``--lang fr --lang it``) or comma-separated (``--lang fr,it``),
    any case, each one of ``choices``; the languages in the order given, once each."""
    def split(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
        langs = [part.strip().lower() for value in values for part in value.split(",") if part.strip()]
        unknown = [lang for lang in langs if lang not in choices]
        if unknown:
            raise click.BadParameter(f"{', '.join(map(repr, unknown))}: choose from {', '.join(choices)} "
                                     "(repeat --lang or separate with commas)")
        return tuple(dict.fromkeys(langs))
    return split


def lang_option(func: Callable | None = None, *, choices: tuple[str, ...] = LANGUAGES,
                help: str = "Only these languages", default: str | None = "all") -> Callable:
    """``--lang`` (``langs``, a tuple), repeatable or comma-separated; ``lang_option(choices=..., help=...)``
    for fewer languages or another meaning."""
    shown = f" [default: {default}]" if default else ""
    option = click.option("--lang", "langs", multiple=True, metavar="LANG[,LANG]", callback=language_list(choices),
                          help=f"{help} ({', '.join(choices)}; repeat --lang or separate with commas){shown}.")
    return option if func is None else option(func)


def release_option(func: Callable) -> Callable:
    return click.option("--release", metavar="DATE", default=None,
                        help="Use the official release with this effective date (YYYY-MM-DD) "
                             "[default: the newest held].")(func)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def info(message: str) -> None:
    """Progress and notices go to standard error, so standard output stays clean for pipes."""
    click.echo(message, err=True)


def use_color() -> bool:
    """Colour and bold only on a terminal, and never with ``NO_COLOR`` set."""
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def open_kb(kb_dir: Path | None) -> KnowledgeBase:
    """The knowledge base in ``kb_dir`` (None: $MTGKB_HOME, else the platform's folder).

    A folder named (``--kb``, $MTGKB_HOME) that holds no knowledge base is an error saying how to
    build one: a mistyped name never builds a new knowledge base. Only the platform's folder, on
    first use, is built from the embedded corpus first. A damaged knowledge base is an error that
    says how to recover, never rebuilt over."""
    named = kb_dir is not None or bool(os.environ.get("MTGKB_HOME"))
    directory = kb_dir or default_kb_dir()
    if current_build(directory) is None:
        if named:
            raise KBError(f"{directory}: no knowledge base here (build one with: mtgkb build --kb {directory})")
        from ..pipeline import ensure_kb

        info(f"No knowledge base in {directory}: building it from the embedded corpus first.")
        ensure_kb(directory)
    return KnowledgeBase.open(directory)
