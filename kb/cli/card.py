"""``mtgkb card``: a card by its name in any language, with its rulings (thin layer over :mod:`kb.cards`)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import click

from ..cards import find_card
from ..render import render_card
from ..vocabulary.saved import SAVED_NAME, use_saved
from .options import echo_json, json_option, kb_option, lang_option, open_kb, use_color


@click.command()
@click.argument("name", nargs=-1, required=True)
@lang_option
@kb_option
@json_option
def card(name: tuple[str, ...], langs: tuple[str, ...], kb_dir: Path | None, as_json: bool) -> None:
    """Show a card named in English, Italian or French, with its rulings.

    \b
    Examples:
      mtgkb card "Sun Titan"
      mtgkb card "Titano Solare"         the Italian name
      mtgkb card "Titano Solre"          a misspelling: the nearest card
      mtgkb card Finks                   a part of a name players use: Kitchen Finks

    Shows its names in three languages, mana cost, type line, power/toughness or loyalty,
    rules text (and the Italian and French printed texts; --lang picks them), every ruling
    once with its date and source (and its translations), and the rules its keywords cite.
    """
    kb = open_kb(kb_dir)
    use_saved(kb.index_dir / SAVED_NAME)  # the vocabulary saved with the index: quicker to read than its table
    found = find_card(kb, " ".join(name), partial(search_cards, kb.index_dir))
    if as_json:
        echo_json(found)
    else:
        click.echo(render_card(found, color=use_color(), langs=langs))


def search_cards(index_dir: Path) -> Any:
    """The search's card finder of the index (``indexer.card_finder``), which reads the parts of names
    players use (``Finks``); imported only when a name is no card's."""
    from indexer.card_finder import CardFinder

    return CardFinder.open(index_dir)
