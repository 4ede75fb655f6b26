"""The records of the read side that a rule lookup never reads: glossary terms, cards, a document's
page, a translator's imported units, aligned numbers and alignment links (:class:`~kb.model.Pair`),
and how rows become them.

Apart from :mod:`~kb.store.records` so that ``mtgkb rule`` makes none of their classes:
:class:`~kb.store.KnowledgeBase` imports this module in the methods that read them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..model import Card, Pair, Term
from .records import DocumentInfo


@dataclass(frozen=True)
class DocumentPage:
    """A document's introduction and metadata (keyword, infobox, source release, imported units)."""

    doc: DocumentInfo
    introduction: str
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ImportRecord:
    """Who brought one unit of a translator's import in, and when (``mtgkb import``)."""

    unit_id: str
    translator: str | None
    imported: str | None  # UTC, ISO 8601
    file: str | None = None
    source_release: str | None = None


@dataclass(frozen=True)
class AlignedNumber:
    """A rule of a document and the reference number it was aligned to."""

    doc_id: str
    number: str
    aligned_number: str


@dataclass(frozen=True)
class TermRecord:
    doc_id: str
    seq: int
    term: Term


@dataclass(frozen=True)
class CardRecord:
    doc_id: str
    seq: int
    card: Card


TERM_COLUMNS = "names, definition, obsolete, refs, line"
CARD_COLUMNS = "name, type, text, foreign_data, sets, line, keywords, mana_cost, power, toughness, loyalty, defense"


def term_from_row(row: tuple) -> Term:
    names, definition, obsolete, refs, line = row
    return Term(tuple(json.loads(names)), definition, bool(obsolete), tuple(json.loads(refs or "[]")), line)


def card_from_row(row: tuple) -> Card:
    name, type_, text, foreign, sets, line, keywords, mana_cost, power, toughness, loyalty, defense = row
    return Card(name, type_, text, tuple(map(tuple, json.loads(foreign))) if foreign else (),
                tuple(json.loads(sets)) if sets else (), line, tuple(json.loads(keywords)) if keywords else (),
                mana_cost or "", power or "", toughness or "", loyalty or "", defense or "")


def card_record_from_row(row: tuple) -> CardRecord:
    """``(doc_id, seq, *CARD_COLUMNS)`` as a record."""
    return CardRecord(row[0], row[1], card_from_row(row[2:]))


def alignment_from_row(row: tuple) -> Pair:
    kind, a_doc, a_id, b_doc, b_id, method, confidence, note = row
    return Pair(kind, a_doc, a_id, b_doc, b_id, method, confidence, json.loads(note or "{}"))
