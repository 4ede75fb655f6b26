"""What every command shares: the common options, JSON and notice output, colour, and
opening the knowledge base (building the embedded corpus first when there is none)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

import click

from ..model import LANGUAGES
from ..store import KnowledgeBase, current_build, default_kb_dir


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


def use_color() -> bool:
    """Colour and bold only on a terminal, and never with ``NO_COLOR`` set."""
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def open_kb(kb_dir: Path | None) -> KnowledgeBase:
    """The knowledge base in ``kb_dir``; the embedded corpus is built first when the folder holds
    none at all (a damaged one is an error that says how to recover, never rebuilt over)."""
    directory = kb_dir or default_kb_dir()
    if current_build(directory) is None:
        from ..pipeline import ensure_kb

        info(f"No knowledge base in {directory}: building it from the embedded corpus first.")
        ensure_kb(directory)
    return KnowledgeBase.open(directory)
