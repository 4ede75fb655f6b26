"""The typed records the read side of the store hands out, and how rows become them.

Readers never see a database row: every method of :class:`~kb.store.KnowledgeBase`
returns these frozen records or the model's own types (:mod:`kb.model`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..model import Card, Example, Pair, Rule, Ruling, Term
from ..numbering import RuleNumber
from ..text import match_key


@dataclass(frozen=True)
class DocumentInfo:
    id: str
    lang: str
    format: str
    path: str
    title: str | None
    effective_date: str | None
    release: str | None
    provenance: str
    active: bool
    sha256: str = ""


@dataclass(frozen=True)
class DocumentPage:
    """A document's introduction and metadata (keyword, infobox, source release, imported units)."""

    doc: DocumentInfo
    introduction: str
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RuleVersion:
    """One language's text of a rule, with where it comes from."""

    doc: DocumentInfo
    rule: Rule
    aligned_number: str
    align_method: str
    align_confidence: float

    @property
    def aligned_key(self) -> str:
        """The sort key of the aligned (reference-language) number."""
        return RuleNumber.parse(self.aligned_number).sort_key

    @property
    def import_rank(self) -> tuple[bool, float]:
        """Among a translator's imports at one number: the one placed at its own number first, then
        the closest match by content (other documents all rank alike)."""
        if self.doc.provenance != "translator":
            return (False, 0.0)
        return (self.align_method != "declared", -self.align_confidence)


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
class RulingRecord:
    doc_id: str
    seq: int
    ruling: Ruling


@dataclass(frozen=True)
class RulingGroup:
    """One ruling: the copies of an identical text (:func:`ruling_key`) printed for several cards,
    sets or pages, folded into one record with its cards, dates and sources.

    ``members`` are the ``(doc_id, seq)`` of every copy, in document and source order; ``cards``,
    ``dates`` (oldest first) and ``sources`` are distinct; ``provenance`` is ``official`` when any
    copy is."""

    text: str
    lang: str
    provenance: str
    cards: tuple[str, ...]
    dates: tuple[str, ...]
    sources: tuple[str, ...]
    members: tuple[tuple[str, int], ...]

    @property
    def id(self) -> str:
        """The first copy, ``doc#seq``: a stable name for the ruling."""
        doc_id, seq = self.members[0]
        return f"{doc_id}#{seq}"


@dataclass(frozen=True)
class CardRecord:
    doc_id: str
    seq: int
    card: Card


# -- rows to records (the column lists name the order each converter expects) ---------------

RULE_COLUMNS = "number, kind, title, text, examples, refs, line, end_line, pointer"
TERM_COLUMNS = "names, definition, obsolete, refs, line"
RULING_COLUMNS = "card, lang, date, source, provenance, text, translations, line"
CARD_COLUMNS = "name, type, text, foreign_data, sets, line, keywords, mana_cost, power, toughness, loyalty, defense"


def rule_from_row(row: tuple) -> Rule:
    number, kind, title, text, examples, refs, line, end_line, pointer = row
    return Rule(number, kind, text or "", title, tuple(Example(t, ln) for t, ln in json.loads(examples)),
                tuple(json.loads(refs)), line, end_line, pointer)


def term_from_row(row: tuple) -> Term:
    names, definition, obsolete, refs, line = row
    return Term(tuple(json.loads(names)), definition, bool(obsolete), tuple(json.loads(refs or "[]")), line)


def ruling_from_row(row: tuple) -> Ruling:
    card, lang, date, source, provenance, text, translations, line = row
    return Ruling(text, lang, date, source, provenance, card,
                  tuple(map(tuple, json.loads(translations))) if translations else (), line)


def card_from_row(row: tuple) -> Card:
    name, type_, text, foreign, sets, line, keywords, mana_cost, power, toughness, loyalty, defense = row
    return Card(name, type_, text, tuple(map(tuple, json.loads(foreign))) if foreign else (),
                tuple(json.loads(sets)) if sets else (), line, tuple(json.loads(keywords)) if keywords else (),
                mana_cost or "", power or "", toughness or "", loyalty or "", defense or "")


def ruling_key(text: str) -> str:
    """What makes two ruling texts the same ruling: equal after :func:`kb.text.match_key`
    (case, accents, quotes and white space ignored)."""
    return match_key(text)


def alignment_from_row(row: tuple) -> Pair:
    kind, a_doc, a_id, b_doc, b_id, method, confidence, note = row
    return Pair(kind, a_doc, a_id, b_doc, b_id, method, confidence, json.loads(note or "{}"))
