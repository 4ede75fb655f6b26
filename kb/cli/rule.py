"""``mtgkb rule``: rules by number in every language (thin layer over :mod:`kb.lookup`).

Only SQLite is read: this path loads neither the search engine nor the parsers.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..lookup import lookup
from ..numbering import joined_selectors
from ..render import render_entries
from ..rulings import FOLD_BUDGET, HANDFUL, FoldingStopped, ruling_counts, rulings_of, too_many_to_fold
from ..text import is_number_cue
from .options import echo_json, json_option, kb_option, lang_option, open_kb, release_option, use_color


def _rulings_count(ctx: click.Context, param: click.Parameter, value: str) -> int | None:
    if value.strip().lower() == "all":
        return None
    if not value.strip().isdigit():
        raise click.BadParameter(f"{value!r} is neither a number nor 'all'")
    return int(value)


@click.command()
@click.argument("numbers", nargs=-1, required=True)
@lang_option
@release_option
@click.option("--rulings", "shown", default=str(HANDFUL), show_default=True, metavar="N|all",
              callback=_rulings_count, help="How many rulings to show below the rules (near-duplicates folded).")
@kb_option
@json_option
def rule(numbers: tuple[str, ...], langs: tuple[str, ...], release: str | None, shown: int | None,
         kb_dir: Path | None, as_json: bool) -> None:
    """Show rules by number, in every language the knowledge base holds.

    \b
    NUMBERS can be:
      400.7          the rule and all its subrules
      400.7.         the rule alone
      400.7a         one subrule
      400            the chapter: its title and rules
      4              the section: its title and chapters
      702.19b-d      a range (also 702.19b–702.19d, 400.1-400.3)
    Several at once: mtgkb rule 400.7 701.32a. Also read: 702.19B, 400,7 (a decimal
    comma), "CR 400.7", "regola 400.7", "règle 400.7", 702.19 b-d, 702.19b - 702.19d.

    The rules come first, then a handful of their rulings (--rulings all for every one).
    A language asked for with --lang that holds no text of a rule shows English instead,
    and says so.
    """
    kb = open_kb(kb_dir)
    selectors = joined_selectors([n for n in numbers if not is_number_cue(n)] or numbers)  # rule CR 400.7
    entries = lookup(kb, selectors, langs, release)
    if as_json:
        echo_json(entries)
    else:
        try:  # a chapter's rulings (702: 3,121) are counted by rule, as the web page does, not folded
            groups = None if too_many_to_fold(entries) else rulings_of(kb, entries, FOLD_BUDGET)
        except FoldingStopped:
            groups = None
        click.echo(render_entries(entries, color=use_color(), rulings=groups or [], shown=shown, langs=langs))
        if groups is None:
            counts = ruling_counts(entries)
            click.echo(f"\nRulings ({sum(n for _number, _title, n in counts)}): too many to fold here; "
                       "each rule's with mtgkb rule NUMBER:")
            click.echo("\n".join(f"  {number} {title or ''} ({n})".replace("  (", " (") for number, title, n in counts))
