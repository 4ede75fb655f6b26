"""Card type and supertype names from type lines, counter names from ``segnalino``/``marqueur``.

Type lines: the part of a printed type line before its dash or colon (``Creatura Leggendaria``,
``Créature-artefact légendaire``) gives candidate words and word pairs; a card's MTGJSON
``types`` and ``supertypes`` say which English types it has.

Counters: an English ``… counter(s)`` names a kind (``+1/+1``, ``poison``, ``charge``); in
the foreign text the word after ``segnalino``/``segnalini`` (Italian) or ``marqueur(s)``
(French, often in guillemets) names it. Both are judged like every other candidate: cards
of the kind showing it against cards without the kind showing it.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from ..text import STOPWORDS, fold
from .cards import ParallelCard
from .evidence import Candidate, mask_names, most_common_surface, pick

_TYPE_PART = re.compile(r"\s*(?:[—–:]|\s-\s).*$")
_TYPE_WORDS = re.compile(r"[^\W\d_]+", re.UNICODE)
POWER_TOUGHNESS = r"[+-]\d+/[+-]\d+"
ENGLISH_COUNTER = re.compile(rf"({POWER_TOUGHNESS}|\b(?:first |double )?[a-z]+) counters?\b")
FOREIGN_COUNTER = {
    "it": (re.compile(rf"\bsegnalin[oi]\s+(?:«\s*)?({POWER_TOUGHNESS}|[^\W\d_]+)", re.IGNORECASE), "segnalino {}"),
    "fr": (re.compile(rf"\bmarqueurs?\s+(?:«\s*)?({POWER_TOUGHNESS}|[^\W\d_]+(?:[ -][^\W\d_]+)*(?=\s*»)|[^\W\d_]+)",
                      re.IGNORECASE), "marqueur {}"),
}
# English words before "counter" that are not kinds of counter ("another counter", "a counter").
NOT_A_KIND = frozenset("a an another each all those more no the and of had any its that their this "
                       "these with without remove removed put".split())


@dataclass
class Association:
    """Which cards show each foreign candidate, and which carry each English concept."""

    lang: str
    showing: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    carrying: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    surfaces: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    present: set[int] = field(default_factory=set)

    def add(self, index: int, concepts: Iterable[str], shown: Iterable[tuple[str, str]] | None) -> None:
        """A card: the English concepts it carries, and what its printed texts show (``None``:
        no printed text in this language; it then counts only for the English side)."""
        for concept in concepts:
            self.carrying[concept].add(index)
        if shown is None:
            return
        self.present.add(index)
        for key, surface in shown:
            self.showing[key].add(index)
            self.surfaces[key][surface] += 1

    def learn(self, concept: str, min_cards: int = 2) -> tuple[Candidate | None, list[Candidate], int]:
        """The best candidate for an English concept, its variants, and its cards with a text."""
        cards = self.carrying.get(concept, set()) & self.present
        counts = {key: len(shown & cards) for key, shown in self.showing.items()}
        candidates = [Candidate(key, most_common_surface(self.surfaces[key]), n,
                                len(self.showing[key]) - n, len(cards))
                      for key, n in counts.items() if n and n >= min(min_cards, len(cards))]
        best, variants = pick(candidates, min_precision=0.5)
        return best, variants, len(cards)


def type_line_words(type_line: str) -> list[tuple[str, str]]:
    """``(key, surface)`` of the words and word pairs before a type line's dash or colon
    (``Terra Base — Isola`` → ``terra``, ``base``, ``terra base``)."""
    words = _TYPE_WORDS.findall(_TYPE_PART.sub("", type_line))
    singles = [(fold(w), w) for w in words]
    pairs = [(f"{fold(a)} {fold(b)}", f"{a} {b}") for a, b in zip(words, words[1:])]
    return singles + pairs


def type_associations(cards: list[ParallelCard], langs: Iterable[str] = ("it", "fr")) -> dict[str, Association]:
    """Per language, English types and supertypes against the words of printed type lines."""
    result = {lang: Association(lang) for lang in langs}
    for index, card in enumerate(cards):
        concepts = [fold(t) for t in card.types + card.supertypes]
        for lang, association in result.items():
            printed = card.printed(lang)
            shown = {w for p in printed for w in type_line_words(p.type)} if printed else None
            association.add(index, concepts, shown)
    return result


def counter_kinds(text: str) -> set[str]:
    """The kinds of counter an English text names (``two +1/+1 counters`` → ``+1/+1``)."""
    return {m.group(1) for m in ENGLISH_COUNTER.finditer(text) if m.group(1) not in NOT_A_KIND}


def counter_associations(cards: list[ParallelCard], langs: Iterable[str] = ("it", "fr")) -> dict[str, Association]:
    """Per language, English counter kinds against the words after the foreign word for counter."""
    result = {lang: Association(lang) for lang in langs}
    for index, card in enumerate(cards):
        kinds = counter_kinds(mask_names(card.text, [card.name]))
        for lang, association in result.items():
            printed = card.printed(lang)
            pattern, template = FOREIGN_COUNTER[lang]
            shown = {(fold(m.group(1)), template.format(_guillemets(lang, m.group(1))))
                     for p in printed for m in pattern.finditer(mask_names(p.text, [p.name]))
                     if fold(m.group(1)) not in STOPWORDS[lang]}
            association.add(index, kinds, shown if printed else None)
    return result


def _guillemets(lang: str, kind: str) -> str:
    """A French counter kind as printed: ``« charge »``, but ``+1/+1`` bare."""
    if lang == "fr" and not re.fullmatch(POWER_TOUGHNESS, kind):
        return f"« {kind.lower()} »"
    return kind if re.fullmatch(POWER_TOUGHNESS, kind) else kind.lower()
