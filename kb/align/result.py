"""What an alignment found: pairs, where each foreign rule sits, what stayed unaligned.

:class:`Alignment` is the value :func:`kb.align.align` returns and the store writes;
its :meth:`~Alignment.summary` is what ``mtgkb build`` prints. A foreign rule sits in
the numbering of every English release held (:class:`Placement`); the reference's
placement is the alignment's own ``rules``, ``pairs`` and ``unaligned``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..model import Pair
from .lexicon import Lexicon, LexiconEntry

__all__ = ["KINDS", "Alignment", "Pair", "Placement", "RuleLink", "Unaligned"]

KINDS = ("rule", "example", "ruling", "term", "card")


@dataclass(frozen=True, slots=True)
class RuleLink:
    """Where a foreign rule text sits in an English release's numbering (the reference's, unless
    it belongs to another :class:`Placement`)."""

    doc: str
    number: str
    aligned_number: str
    method: str  # number, content, declared (a translator's import), unaligned
    confidence: float


@dataclass(frozen=True, slots=True)
class Unaligned:
    kind: str
    doc: str
    id: str
    lang: str
    reason: str
    text: str = ""


@dataclass
class Placement:
    """Where each foreign rule text sits in the numbering of one English release.

    ``links`` maps ``(doc, number)`` to its place; ``pairs`` and ``unaligned`` say why.
    """

    release: str  # the English release's document id
    date: str | None
    links: dict[tuple[str, str], RuleLink] = field(default_factory=dict)
    pairs: list[Pair] = field(default_factory=list)
    unaligned: list[Unaligned] = field(default_factory=list)

    def link(self, doc_id: str, number: str) -> RuleLink | None:
        return self.links.get((doc_id, number))

    def counts(self, languages: dict[str, str]) -> dict[str, dict[str, int]]:
        """Rules per language (``languages``: doc id -> lang): at their number, renumbered, unaligned."""
        out: dict[str, dict[str, int]] = {}
        for link in self.links.values():
            what = "unaligned" if link.method == "unaligned" else \
                "renumbered" if link.aligned_number != link.number else "aligned"
            lang = languages.get(link.doc, "?")
            slot = out.setdefault(lang, {"aligned": 0, "renumbered": 0, "unaligned": 0})
            slot[what] += 1
        return out


@dataclass
class Alignment:
    """Everything :func:`kb.align.align` found, ready for the store and the build summary."""

    reference: str | None = None
    languages: dict[str, str] = field(default_factory=dict)  # doc id -> lang
    rules: dict[tuple[str, str], RuleLink] = field(default_factory=dict)
    pairs: list[Pair] = field(default_factory=list)
    unaligned: list[Unaligned] = field(default_factory=list)
    lexicon: Lexicon = field(default_factory=Lexicon)
    core_check: list[dict] = field(default_factory=list)
    placements: dict[str, Placement] = field(default_factory=dict)  # English release id -> placement
    # English release id (other than the reference) -> {its rule number: the reference's number of that rule}
    release_numbers: dict[str, dict[str, str]] = field(default_factory=dict)

    def rule_link(self, doc_id: str, number: str) -> RuleLink | None:
        return self.rules.get((doc_id, number))

    def place(self, release_id: str, date: str | None) -> Placement:
        """The placement in release ``release_id`` (new, or the one made before); the reference's
        shares this alignment's ``rules``, ``pairs`` and ``unaligned``."""
        if release_id not in self.placements:
            own = release_id == self.reference
            self.placements[release_id] = Placement(release_id, date, *((self.rules, self.pairs, self.unaligned)
                                                                        if own else ()))
        return self.placements[release_id]

    def to_json(self) -> dict[str, Any]:
        """Everything as plain JSON values (:meth:`from_json` gives an equal alignment back)."""
        return {"reference": self.reference, "languages": self.languages,
                **_lists_json(self.rules, self.pairs, self.unaligned),
                "placements": [{"release": p.release, "date": p.date,
                                **(_lists_json(p.links, p.pairs, p.unaligned) if p.release != self.reference else {})}
                               for p in self.placements.values()],
                "lexicon": [[e.lang, e.en, e.foreign, e.score, e.count, e.source, e.en_word, e.foreign_word]
                            for e in self.lexicon.entries],
                "core_check": self.core_check, "release_numbers": self.release_numbers}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Alignment":
        """The alignment :meth:`to_json` gave ``data`` of (KeyError, TypeError or ValueError when it is not one)."""
        result = cls(reference=data["reference"], languages=dict(data["languages"]),
                     lexicon=Lexicon([LexiconEntry(*row) for row in data["lexicon"]]),
                     core_check=list(data["core_check"]), release_numbers=dict(data["release_numbers"]))
        _fill_lists(data, result.rules, result.pairs, result.unaligned)
        for row in data["placements"]:
            placement = result.place(row["release"], row["date"])
            if row["release"] != result.reference:
                _fill_lists(row, placement.links, placement.pairs, placement.unaligned)
        return result

    def summary(self) -> dict[str, Any]:
        """Counts per language and kind: aligned, renumbered, unaligned; lexicon size; core check."""
        counts: dict[str, dict[str, dict[str, int]]] = {}

        def bump(lang: str, kind: str, what: str) -> None:
            slot = counts.setdefault(lang, {}).setdefault(kind, {"aligned": 0, "renumbered": 0, "unaligned": 0})
            slot[what] += 1

        seen: set[tuple[str, str, str]] = set()
        for pair in self.pairs:
            if pair.kind in KINDS and (pair.kind, pair.a_doc, pair.a_id) not in seen:
                seen.add((pair.kind, pair.a_doc, pair.a_id))
                lang = pair.note.get("lang") or self.languages.get(pair.a_doc, "?")
                bump(lang, pair.kind, "renumbered" if pair.method == "content" and pair.kind == "rule"
                     else "aligned")
        for item in self.unaligned:
            bump(item.lang, item.kind, "unaligned")
        verdicts = Counter(c["verdict"] for c in self.core_check)
        releases = [{"release": p.release, "date": p.date, "rules": p.counts(self.languages)} for p in
                    sorted(self.placements.values(), key=lambda p: (p.date or "", p.release))]
        return {"reference": self.reference, "counts": counts, "releases": releases,
                "rule_rulings": sum(1 for p in self.pairs if p.kind == "ruling-rule"),
                "lexicon": dict(Counter(f"{e.lang}:{e.source}" for e in self.lexicon.entries)),
                "core_check": dict(verdicts)}


def _lists_json(links: dict[tuple[str, str], RuleLink], pairs: list[Pair], unaligned: list[Unaligned]) -> dict[str, Any]:
    return {"links": [[l.doc, l.number, l.aligned_number, l.method, l.confidence] for l in links.values()],
            "pairs": [[p.kind, p.a_doc, p.a_id, p.b_doc, p.b_id, p.method, p.confidence, p.note] for p in pairs],
            "unaligned": [[u.kind, u.doc, u.id, u.lang, u.reason, u.text] for u in unaligned]}


def _fill_lists(data: dict[str, Any], links: dict[tuple[str, str], RuleLink], pairs: list[Pair],
                unaligned: list[Unaligned]) -> None:
    links.update(((row[0], row[1]), RuleLink(*row)) for row in data["links"])
    pairs.extend(Pair(*row) for row in data["pairs"])
    unaligned.extend(Unaligned(*row) for row in data["unaligned"])
