"""Which rule of one release is which rule of another: rules matched by content.

Rules are matched by content, not only by number, so a renumbered rule is found
at its new number. Matching goes level by level (sections, chapters, rules,
subrules) so a subrule prefers the rule its parent moved to:

1. same number and same text;
2. same text at another number (a move);
3. similar text (word-level similarity), same number or not, best pairs first.

Texts are compared with the rule numbers they cite masked out (:func:`mask_numbers`),
so a text whose only differences are references updated by the renumbering itself
still matches.
"""

from __future__ import annotations

import heapq
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import cached_property
from typing import Iterable

from .model import Document, Rule, Term
from .numbering import KINDS
from .text import RULE_NUMBER_IN_TEXT, fold_quotes, normalise_space, rule_numbers_in

_DIGITS = re.compile(r"\d{3}")  # no rule number without three digits in a row: a cheap first test
MASK = "#"

FUZZY_MIN = 0.5  # lowest word similarity of two texts matched as the same rule
SCORE_MIN = 0.6  # lowest similarity plus bonuses (same parent, same number)
# A title is a few words: "The Monarch" and "The Initiative", "Meld Cards" and "Saga Cards" share
# half of theirs and are different chapters; below this, the chapters' rules must read alike too
# ("Checklist Cards" became "Substitute Cards").
TITLE_MIN = 0.75


# -- texts ---------------------------------------------------------------------

def rule_content(rule: Rule) -> str:
    """What is compared: a section's or chapter's title, a rule's text and examples."""
    if rule.kind in ("section", "chapter"):
        return rule.title or rule.text
    parts = [rule.text, *(f"Example: {e.text}" for e in rule.examples)]
    return "\n".join(part for part in parts if part)


def normalise(text: str) -> str:
    """Straight quotes and single spaces, for comparing."""
    return normalise_space(fold_quotes(text))


def mask_numbers(text: str) -> str:
    """The rule numbers and chapters cited in ``text`` replaced by ``#``."""
    return RULE_NUMBER_IN_TEXT.sub(MASK, text) if _DIGITS.search(text) else text


def cited_numbers(text: str) -> list[str]:
    """The rule numbers and chapters cited in ``text``, in order."""
    return rule_numbers_in(text, chapters=True)


def similarity(a: tuple[str, ...], b: tuple[str, ...], floor: float = 0.0) -> float:
    """Word-level similarity from 0 (nothing shared) to 1 (same words in the same order).

    Below ``floor`` the answer is 0 (cheap upper bounds are checked first).
    """
    if a == b:
        return 1.0
    if not a or not b:
        return 0.0
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    if floor and (matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor):
        return 0.0
    return matcher.ratio()


def chapter_similarity(old: "Side", old_number: str, new: "Side", new_number: str) -> float:
    """Two headings' title similarity; one sharing only half its words counts when the rules
    under them read alike as well (0 otherwise)."""
    sim = similarity(old.words(old_number), new.words(new_number), FUZZY_MIN)
    if sim >= TITLE_MIN or sim < FUZZY_MIN:
        return sim
    body = similarity(old.body_words(old_number), new.body_words(new_number), FUZZY_MIN)
    return sim if body >= FUZZY_MIN else 0.0


# -- one release prepared for matching ------------------------------------------

class Side:
    """A document's rules indexed for matching: contents, masked keys, words, parents.

    Contents and keys are computed on first use: most rules of two nearby
    releases are byte-identical and never need them.
    """

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.rules: dict[str, Rule] = {}
        self.raw: dict[str, str] = {}
        self.parent: dict[str, str | None] = {}
        self.order: dict[str, int] = {}
        self.children: dict[str, list[str]] = defaultdict(list)
        for index, rule in enumerate(doc.rules):
            number = rule.number
            parent = _parent(number)
            self.rules[number] = rule
            self.raw[number] = rule_content(rule)
            self.parent[number] = parent
            self.order[number] = index
            if parent is not None:
                self.children[parent].append(number)
        self._content: dict[str, str] = {}
        self._key: dict[str, str] = {}
        self._words: dict[str, tuple[str, ...]] = {}
        self._family: dict[str, tuple[str, ...]] = {}

    def content(self, number: str) -> str:
        text = self._content.get(number)
        if text is None:
            text = self._content[number] = normalise(self.raw[number])
        return text

    def shown(self, number: str) -> str:
        """The rule's text as the release prints it (its quotes kept), spaces made single: for showing."""
        return normalise_space(self.raw[number])

    def key(self, number: str) -> str:
        key = self._key.get(number)
        if key is None:
            key = self._key[number] = mask_numbers(self.content(number))
        return key

    def words(self, number: str) -> tuple[str, ...]:
        words = self._words.get(number)
        if words is None:
            words = self._words[number] = tuple(self.key(number).casefold().split())
        return words

    def family_words(self, number: str) -> tuple[str, ...]:
        """The words of a rule and its subrules (references masked): what history follows."""
        words = self._family.get(number)
        if words is None:
            words = self._family[number] = tuple(w for n in self.family(number) for w in self.words(n))
        return words

    def body_words(self, number: str) -> tuple[str, ...]:
        """The words of the rules under a heading (a chapter's rules and their subrules)."""
        return tuple(w for child in self.children.get(number, []) for w in self.family_words(child))

    def family(self, number: str) -> list[str]:
        """A rule and its subrules (a section or chapter alone)."""
        rule = self.rules[number]
        return [number, *self.children.get(number, [])] if rule.kind == "rule" else [number]

    @cached_property
    def terms(self) -> dict[str, Term]:
        return {term.names[0].casefold(): term for term in self.doc.terms if term.names}


# -- matching ------------------------------------------------------------------

@dataclass
class Matching:
    """Pairs of old and new numbers found to hold the same rule, with their similarity."""

    old: Side
    new: Side
    pairs: dict[str, str] = field(default_factory=dict)
    score: dict[str, float] = field(default_factory=dict)
    taken: set[str] = field(default_factory=set)

    def pair(self, old_number: str, new_number: str, sim: float) -> None:
        self.pairs[old_number] = new_number
        self.score[old_number] = sim
        self.taken.add(new_number)

    def same_text(self, old_number: str, new_number: str) -> bool:
        """Same text once cited numbers are masked (byte-identical texts need no masking)."""
        return self.old.raw[old_number] == self.new.raw[new_number] or \
            self.old.key(old_number) == self.new.key(new_number)

    def parent_agrees(self, old_number: str, new_number: str) -> bool:
        old_parent, new_parent = self.old.parent[old_number], self.new.parent[new_number]
        if old_parent is None or new_parent is None:
            return old_parent == new_parent
        return self.pairs.get(old_parent) == new_parent


def match_rules(old: Side, new: Side, olds: Iterable[str] | None = None,
                news: Iterable[str] | None = None, seed: dict[str, str] | None = None) -> Matching:
    """Match the rules of ``old`` to those of ``new`` (or of the given subsets), level by level."""
    matching = Matching(old, new)
    for old_number, new_number in (seed or {}).items():
        matching.pair(old_number, new_number, similarity(old.words(old_number), new.words(new_number)))
    old_pool = [n for n in (olds if olds is not None else old.rules) if n not in matching.pairs]
    new_pool = [n for n in (news if news is not None else new.rules) if n not in matching.taken]
    for kind in KINDS:
        level_old = [n for n in old_pool if old.rules[n].kind == kind]
        level_new = [n for n in new_pool if new.rules[n].kind == kind]
        _same_number_same_text(matching, level_old, level_new)
        _same_text_elsewhere(matching, level_old, level_new)
        _similar_text(matching, level_old, level_new)
    return matching


def _same_number_same_text(m: Matching, olds: list[str], news: list[str]) -> None:
    available = set(news) - m.taken
    for number in olds:
        if number in available and m.same_text(number, number) and m.parent_agrees(number, number):
            m.pair(number, number, 1.0)


def _same_text_elsewhere(m: Matching, olds: list[str], news: list[str]) -> None:
    by_key: dict[str, list[str]] = defaultdict(list)
    for number in news:
        if number not in m.taken:
            by_key[m.new.key(number)].append(number)
    for number in olds:
        if number in m.pairs:
            continue
        candidates = [c for c in by_key.get(m.old.key(number), ()) if c not in m.taken]
        if not candidates:
            continue
        position = m.old.order[number]
        best = max(candidates, key=lambda c: (m.parent_agrees(number, c), _same_tail(number, c),
                                              -abs(m.new.order[c] - position)))
        m.pair(number, best, 1.0)


def _parent(number: str) -> str | None:
    """``701.32a`` -> ``701.32`` -> ``701`` -> ``7`` -> None, by the shape of the text."""
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".")[0]
    return number[0] if len(number) == 3 else None


def _same_tail(a: str, b: str) -> bool:
    """``701.32a`` and ``701.38a`` end alike (same subrule letter)."""
    return a[-1].isalpha() and a[-1] == b[-1]


def _similar_text(m: Matching, olds: list[str], news: list[str]) -> None:
    olds = [n for n in olds if n not in m.pairs]
    news = [n for n in news if n not in m.taken]
    if not olds or not news:
        return
    index: dict[str, list[str]] = defaultdict(list)
    for number in news:
        for word in set(m.new.words(number)):
            index[word].append(number)
    rare = max(25, len(news) // 20)  # words shared by more texts than this do not suggest a match
    news_set = set(news)
    scored: list[tuple[float, float, str, str]] = []
    for number in olds:
        shared: Counter[str] = Counter()
        for word in set(m.old.words(number)):
            holders = index.get(word)
            if holders and len(holders) <= rare:
                shared.update(holders)
        # the 8 sharing most rare words; among equals, those under the rule the parent went to, then the nearest
        position = m.old.order[number]
        candidates = heapq.nsmallest(8, shared, key=lambda c: (-shared[c], not m.parent_agrees(number, c),
                                                               abs(m.new.order[c] - position), c))
        if number in news_set and number not in candidates:
            candidates.append(number)
        for candidate in candidates:
            if m.old.rules[number].kind in ("section", "chapter"):
                sim = chapter_similarity(m.old, number, m.new, candidate)
            else:
                sim = similarity(m.old.words(number), m.new.words(candidate), FUZZY_MIN)
            if sim < FUZZY_MIN:
                continue
            score = sim + 0.1 * m.parent_agrees(number, candidate) + 0.05 * (candidate == number)
            if score >= SCORE_MIN:
                scored.append((score, sim, number, candidate))
    for _score, sim, number, candidate in sorted(scored, key=lambda s: (-s[0], s[2], s[3])):
        if number not in m.pairs and candidate not in m.taken:
            m.pair(number, candidate, sim)
