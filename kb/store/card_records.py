"""Card records of the store (:class:`CardRecord`) and how rows become them; imported by the
:class:`~kb.store.KnowledgeBase` methods that read cards."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..model import Card


@dataclass(frozen=True)
class CardRecord:
    doc_id: str
    seq: int
    card: Card


CARD_COLUMNS = "name, type, text, foreign_data, sets, line, keywords, mana_cost, power, toughness, loyalty, defense"


def card_from_row(row: tuple) -> Card:
    name, type_, text, foreign, sets, line, keywords, mana_cost, power, toughness, loyalty, defense = row
    return Card(name, type_, text, tuple(map(tuple, json.loads(foreign))) if foreign else (),
                tuple(json.loads(sets)) if sets else (), line, tuple(json.loads(keywords)) if keywords else (),
                mana_cost or "", power or "", toughness or "", loyalty or "", defense or "")


def card_record_from_row(row: tuple) -> CardRecord:
    """``(doc_id, seq, *CARD_COLUMNS)`` as a record."""
    return CardRecord(row[0], row[1], card_from_row(row[2:]))
