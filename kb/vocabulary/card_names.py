"""The cards of MTGJSON set files as a build reads them, for the list of every card an archive holds
(:mod:`indexer.known_cards` makes ``corpus/card-names.tsv`` of them, with what each card brings).

:func:`archive_cards` reads each set file with the knowledge base's own MTGJSON reader, so that names are spelled
as a build spells them, and joins a card's printings: its first printing's card, how many set files print it, and
its distinct Italian and French printed names; cards printed only in the given side sets are left out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..model import Card

FOREIGN_LANGS = ("it", "fr")


@dataclass
class ArchiveCard:
    """A card of the set files: its first printing, how many set files print it, its printed names per language."""

    card: Card
    printings: int = 0
    printed: dict[str, list[str]] = field(default_factory=dict)  # lang -> its distinct names, newest first


def archive_cards(sources: Iterable[tuple[str, bytes]], side_types: Iterable[str]) -> tuple[list[ArchiveCard], int]:
    """The cards of the MTGJSON set files ``sources`` (``(path, bytes)``) printed in a set whose type is not one of
    ``side_types``, sorted by English name, and how many set files were read (an empty member, like the archive's
    ``allSets.json``, is skipped)."""
    from ..parsers import parse_source
    from ..sources import source_from_bytes

    side_types = set(side_types)
    cards: dict[str, ArchiveCard] = {}
    read = 0
    for path, data in sources:
        if not data.strip():
            continue
        doc = parse_source(source_from_bytes(data, path), "mtgjson")
        read += 1
        side = {row.get("code") for row in doc.meta.get("sets", []) if row.get("type") in side_types}
        for card in doc.cards:
            if card.sets and all(code in side for code in card.sets):
                continue
            known = cards.setdefault(card.name, ArchiveCard(card))
            known.printings += 1
            for lang, name, *_ in card.foreign:
                if lang in FOREIGN_LANGS and name and name not in known.printed.setdefault(lang, []):
                    known.printed[lang].append(name)
    return sorted(cards.values(), key=lambda known: known.card.name), read
