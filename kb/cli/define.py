"""``mtgkb define``: a game term by its name in any language (thin layer over :mod:`kb.glossary`)."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import NotFoundError
from ..glossary import define as define_term
from ..render import render_definitions
from ..saved_glossary import saved_glossary
from ..vocabulary.saved import SAVED_NAME, use_saved
from .options import echo_json, json_option, kb_option, lang_option, open_kb, use_color


@click.command()
@click.argument("term", nargs=-1, required=True)
@lang_option
@kb_option
@json_option
def define(term: tuple[str, ...], langs: tuple[str, ...], kb_dir: Path | None, as_json: bool) -> None:
    """Define a game term named in English, Italian or French.

    \b
    Examples:
      mtgkb define vote
      mtgkb define voto                  the Italian name
      mtgkb define "zone publique"       the French name
      mtgkb define deathtuch             a misspelling: the nearest term

    Shows the term's names in English, Italian and French, its glossary text (English, and
    Italian or French where a source holds one; --lang picks the languages shown) and the
    rules it cites. Several terms with a close name are listed to choose from.
    """
    query = " ".join(term)
    kb = open_kb(kb_dir)
    use_saved(kb.index_dir / SAVED_NAME)  # the vocabulary saved with the index: quicker to read than its table
    entries = define_term(kb, query, langs, whole=saved_glossary)  # a misspelling: the glossary saved with the index
    if as_json:
        echo_json(entries)
    elif not entries:
        raise NotFoundError(f"no term named {query!r} in English, Italian or French")
    else:
        click.echo(render_definitions(query, entries, color=use_color()))
