"""``mtgkb rule``: rules by number in every language (thin layer over :mod:`kb.lookup`).

Only SQLite is read: this path loads neither the search engine nor the parsers.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..lookup import lookup
from ..render import render_entries
from .options import echo_json, json_option, kb_option, lang_option, open_kb, release_option, use_color


@click.command()
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
    kb = open_kb(kb_dir)
    entries = lookup(kb, numbers, langs, release)
    if as_json:
        echo_json(entries)
    else:
        click.echo(render_entries(entries, color=use_color()))
