"""The typed records the read side of the store hands out for rules and rulings, and how rows become them.

Readers never see a database row: every method of :class:`~kb.store.KnowledgeBase` returns these
frozen records, those of :mod:`~kb.store.term_records`, :mod:`~kb.store.card_records` and
:mod:`~kb.store.export_records`, or the model's own types (:mod:`kb.model`). What ``mtgkb rule``
reads is here, so a rule lookup makes none of the other records' classes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

from ..model import Example, Rule, Ruling
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


# -- rows to records (the column lists name the order each converter expects) ---------------

RULE_COLUMNS = "number, kind, title, text, examples, refs, line, end_line, pointer"
RULING_COLUMNS = "card, lang, date, source, provenance, text, translations, line"


def rule_from_row(row: tuple) -> Rule:
    number, kind, title, text, examples, refs, line, end_line, pointer = row
    return Rule(number, kind, text or "", title, tuple(Example(t, ln) for t, ln in json.loads(examples)),
                tuple(json.loads(refs)), line, end_line, pointer)


def ruling_from_row(row: tuple) -> Ruling:
    card, lang, date, source, provenance, text, translations, line = row
    return Ruling(text, lang, date, source, provenance, card,
                  tuple(map(tuple, json.loads(translations))) if translations else (), line)


def ruling_key(text: str) -> str:
    """What makes two ruling texts the same ruling: equal after :func:`kb.text.match_key`
    (case, accents, quotes and white space ignored)."""
    return match_key(text)


def ruling_record_from_row(row: tuple) -> RulingRecord:
    """``(doc_id, seq, *RULING_COLUMNS)`` as a record."""
    return RulingRecord(row[0], row[1], ruling_from_row(row[2:]))


def ruling_group_from_copies(lang: str, copies: list[tuple]) -> RulingGroup:
    """One ruling from its copies ``(doc_id, seq, card, date, source, provenance, text)``."""
    def distinct(values: Iterable[str | None]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v for v in values if v))

    provenances = distinct(c[5] for c in copies)
    return RulingGroup(text=copies[0][6], lang=lang,
                       provenance="official" if "official" in provenances else (provenances or ("",))[0],
                       cards=distinct(c[2] for c in copies), dates=tuple(sorted(distinct(c[3] for c in copies))),
                       sources=distinct(c[4] for c in copies), members=tuple((c[0], c[1]) for c in copies))


def linked_ruling(group: RulingGroup, link: tuple[float, str]) -> dict:
    """The ``mtgkb rule --json`` form of a ruling linked to a rule (see :meth:`KnowledgeBase.rule_rulings`)."""
    first = group.members[0]
    confidence, method = link
    return {"text": group.text, "lang": group.lang, "date": group.dates[0] if group.dates else None,
            "source": group.sources[0] if group.sources else None, "provenance": group.provenance,
            "cards": list(group.cards), "link": {"method": method, "confidence": round(confidence, 3)},
            "ruling": f"{first[0]}#{first[1]}", "dates": list(group.dates), "sources": list(group.sources),
            "rulings": [f"{d}#{s}" for d, s in group.members]}
