"""What the learners share: card text clean-up and the association measure.

A card's own name is masked in its texts (``~``), so that *Tuktuk the Explorer* or
*Avatar della Discordia* never become evidence; reminder text in parentheses is cut.
A candidate foreign phrase for a concept is judged on cards, not on printings:
``cards`` (cards carrying the concept that show the phrase) against ``others`` (cards
without the concept that show it), over ``total`` cards carrying the concept that have a
text in that language. :func:`pick` keeps the best phrase and its inflected variants.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from ..text import fold

MASK = "~"
LONGER_SHARE = 0.9  # a longer phrase replaces the best one when shown on this share of its cards
_REMINDER = re.compile(r"\s*\([^()]*\)")
_REMINDER_BEFORE_SENTENCE = re.compile(r"\s*\([^()]*\)(?=[A-ZÀ-Ý])")  # a line break lost after it
_SPACE = re.compile(r"[ \t]+")
# A lower-case letter followed by a capital starting a word: two lines glued together.
_GLUED = re.compile(r"(?<=[a-zà-ÿ])(?=[A-ZÀ-Ý](?:[a-zà-ÿ]|\s))")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A foreign phrase (folded ``key``, most frequent printed ``surface``) and its card counts."""

    key: str
    surface: str
    cards: int
    others: int
    total: int
    aligned: int = 0

    @property
    def precision(self) -> float:
        """Share of the cards showing the phrase that carry the concept."""
        return self.cards / (self.cards + self.others) if self.cards else 0.0

    @property
    def recall(self) -> float:
        """Share of the cards carrying the concept that show the phrase."""
        return self.cards / self.total if self.total else 0.0

    @property
    def dice(self) -> float:
        return 2 * self.cards / (self.total + self.cards + self.others) if self.cards else 0.0


def mask_names(text: str, names: Iterable[str]) -> str:
    """``text`` with each of ``names`` (and its part before a comma: *Zaffai*, of *Zaffai,
    Conduttore del Tuono*) replaced by ``~``, ignoring case."""
    variants = set()
    for name in names:
        for part in (name, name.split(",")[0], name.split(" // ")[0]):
            if len(part.strip()) >= 3:
                variants.add(part.strip().lower())
    lowered = text.lower()
    if len(lowered) != len(text):  # a character whose lower case is longer: match with a pattern
        for variant in sorted(variants, key=len, reverse=True):
            text = re.sub(re.escape(variant), MASK, text, flags=re.IGNORECASE)
        return text
    for variant in sorted(variants, key=len, reverse=True):
        start = lowered.find(variant)
        while start >= 0:
            end = start + len(variant)
            text = text[:start] + MASK + text[end:]
            lowered = lowered[:start] + MASK + lowered[end:]
            start = lowered.find(variant, start + 1)
    return text


def clean_lines(text: str, names: Iterable[str] = ()) -> list[str]:
    """The lines of a card text, names masked, reminder text cut, blank lines dropped;
    words glued where the source lost a line break (``VacuitàIngerire``) parted again."""
    masked = _GLUED.sub("\n", _REMINDER_BEFORE_SENTENCE.sub("\n", mask_names(text, names)))
    lines = (_SPACE.sub(" ", _REMINDER.sub("", line)).strip() for line in masked.splitlines())
    return [line for line in lines if line]


def running_form(surface: str) -> str:
    """A name as written inside a sentence: ``Legame vitale`` → ``legame vitale``;
    a word with capitals inside (``TAPpa``) or an all-capital word keeps its case."""
    first = surface.split(" ")[0]
    if len(first) > 1 and first[0].isupper() and first[1:].islower():
        return surface[0].lower() + surface[1:]
    return surface


def most_common_surface(surfaces: Counter[str]) -> str:
    """The most frequent printed form, in running case (ties: the alphabetically first)."""
    return running_form(min(surfaces.items(), key=lambda item: (-item[1], item[0]))[0])


def same_stem(a: str, b: str) -> bool:
    """True if two folded words look like forms of one word (``profetizza``/``profetizzare``)."""
    a, b = fold(a), fold(b)
    shorter = min(len(a), len(b))
    common = 0
    while common < shorter and a[common] == b[common]:
        common += 1
    return common >= max(4, shorter - 2)


def pick(candidates: Iterable[Candidate], min_precision: float = 0.5,
         min_variant_precision: float = 0.6) -> tuple[Candidate | None, list[Candidate]]:
    """The best candidate and its variants.

    The best has the highest Dice; a longer phrase starting with it replaces it when nearly
    as many cards show it (``legame vitale`` over ``legame``, a few old printings aside).
    Variants are other phrases of as many words whose first word has the same stem
    (``profetizzare`` beside ``profetizza``), shown by at least two cards, mostly on cards
    carrying the concept.
    """
    ranked = sorted(candidates, key=lambda c: (-round(c.dice, 6), -len(c.key.split()), -c.cards, c.key))
    best = next((c for c in ranked if c.precision >= min_precision), None)
    if best is None:
        return None, []
    longer = [c for c in ranked if c.key.startswith(best.key + " ") and c.cards >= LONGER_SHARE * best.cards
              and c.precision >= best.precision - 0.05]
    if longer:
        best = max(longer, key=lambda c: (len(c.key.split()), c.cards))
    words = best.key.split()
    variants = [c for c in ranked
                if c is not best and c.cards >= 2 and c.precision >= min_variant_precision
                and len(c.key.split()) == len(words) and c.key.split()[1:] == words[1:]
                and same_stem(c.key.split()[0], words[0])]
    return best, variants
