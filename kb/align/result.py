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
from .lexicon import Lexicon

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
