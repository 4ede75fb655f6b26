"""Keyword and ability-word names from the heads of card text lines.

On a printed card a keyword ability starts its line (``Volare``, ``Protezione dal rosso``,
``Equipaggiare {2}``, ``Enchanter : permanent``) and an ability word heads its line before
a dash (``Approdo — …``). A line's *head* is its text before a cost, dash, colon, number or
reminder text; its candidates are the head's first one to five words. When a card's English
and foreign texts have as many lines, an English keyword line (``Flying, first strike``)
is paired with the foreign line at the same place, item by item: those pairs say which
heads to consider for a keyword. Every head seen at the start of any line of a card counts
for the association (:class:`~kb.vocabulary.evidence.Candidate`), on cards with the
keyword against cards without it.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from ..text import STOPWORDS, fold
from .cards import ParallelCard
from .evidence import Candidate, clean_lines, most_common_surface, pick
from .lookup import name_key

MAX_HEAD_WORDS = 5
ABILITY_WORD_LINE = re.compile(r"^(?P<head>[^—–]{2,40}?)\s+[—–]\s")
_HEAD_CUT = re.compile(r"\s*(?:[{—–:(«\"\d+~]|\bX\b|\bN\b).*$")
_ITEM_SPLIT = re.compile(r"\s*[,;]\s+")
_TRAILING = re.compile(r"[\s.,;:!?]+$")
_FUNCTION_WORDS = STOPWORDS["it"] | STOPWORDS["fr"]


@dataclass(frozen=True, slots=True)
class HeadResult:
    """The name learned for one keyword in one language: best candidate, variants, cards seen."""

    keyword: str
    lang: str
    best: Candidate | None
    variants: tuple[Candidate, ...]
    total: int


def line_head(item: str) -> str:
    """An item's text before its cost, dash, colon, number or quote (``Equipaggiare {2}`` →
    ``Equipaggiare``), or before the next sentence when a line break was lost in the source
    (``Parentela All'inizio del tuo…`` → ``Parentela``; ``tattiche del Branco`` stays whole)."""
    words = _HEAD_CUT.sub("", item).split()
    for index in range(1, len(words)):
        word, previous = words[index], words[index - 1]
        if word[:1].isupper() and word[1:2].islower() and fold(previous) not in _FUNCTION_WORDS:
            words = words[:index]
            break
    return _TRAILING.sub("", " ".join(words))


def head_phrases(line: str) -> list[str]:
    """The candidate names a foreign line starts with: the first 1-5 words of each of its items."""
    match = ABILITY_WORD_LINE.match(line)
    items = [match.group("head")] if match else _ITEM_SPLIT.split(line)
    phrases = []
    for item in items:
        words = line_head(item).split()
        phrases += [" ".join(words[:n]) for n in range(1, min(len(words), MAX_HEAD_WORDS) + 1)]
    return phrases


def english_line_keywords(line: str, keywords: tuple[str, ...]) -> list[str] | None:
    """The card's keywords an English line consists of, item by item, or ``None`` if it is
    not a keyword line (``Flying, first strike`` → ``[Flying, First strike]``)."""
    match = ABILITY_WORD_LINE.match(line)
    by_length = sorted(keywords, key=len, reverse=True)
    if match:
        head = match.group("head").casefold()
        return [k for k in by_length if k.casefold() == head][:1] or None
    found = []
    for item in _ITEM_SPLIT.split(line):
        lowered = item.casefold()
        keyword = next((k for k in by_length if lowered.startswith(k.casefold())
                        and not lowered[len(k):len(k) + 1].isalpha()), None)
        rest = re.split(r"[—–(]", lowered[len(keyword):], maxsplit=1)[0].strip() if keyword else ""
        if keyword is None or rest.endswith("."):  # "Flying creatures can't block." is a sentence
            return None
        found.append(keyword)
    return found


class HeadLearner:
    """Collects line heads of every card, then names each keyword per language."""

    def __init__(self, langs: tuple[str, ...] = ("it", "fr")) -> None:
        self.langs = langs
        self.heads: dict[str, Counter[str]] = {lang: Counter() for lang in langs}
        self.with_keyword: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
        self.aligned: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
        self.total: Counter[tuple[str, str]] = Counter()
        self.surfaces: dict[str, Counter[str]] = defaultdict(Counter)

    def add(self, card: ParallelCard) -> None:
        english = clean_lines(card.text, [card.name])
        for lang in self.langs:
            printed = card.printed(lang)
            if not printed:
                continue
            seen: set[str] = set()
            aligned: dict[str, set[str]] = defaultdict(set)
            for text in printed:
                foreign = clean_lines(text.text, [text.name, card.name])
                for line in foreign:
                    for phrase in head_phrases(line):
                        key = name_key(phrase, lang)
                        seen.add(key)
                        self.surfaces[key][phrase] += 1
                if len(foreign) == len(english):
                    for keyword, phrases in _aligned_heads(english, foreign, card.keywords):
                        aligned[keyword].update(name_key(p, lang) for p in phrases)
            self.heads[lang].update(seen)
            for keyword in card.keywords:
                self.total[keyword, lang] += 1
                self.with_keyword[keyword, lang].update(seen)
                self.aligned[keyword, lang].update(aligned.get(keyword, ()))

    def result(self, keyword: str, lang: str) -> HeadResult:
        """The best head for ``keyword`` in ``lang``: among heads paired with it on aligned
        lines when there are any, else among heads shown by 30 % of its cards."""
        total = self.total[keyword, lang]
        counts = self.with_keyword[keyword, lang]
        aligned = self.aligned[keyword, lang]
        keys = list(aligned) if aligned else [k for k, n in counts.items() if n >= max(2, 0.3 * total)]
        keys = [k for k in keys if _ends_well(k, keyword, lang)]
        candidates = [Candidate(k, most_common_surface(self.surfaces[k]), counts[k],
                                self.heads[lang][k] - counts[k], total, aligned[k]) for k in keys]
        best, variants = pick(candidates)
        return HeadResult(keyword, lang, best, tuple(variants), total)


def _ends_well(key: str, keyword: str, lang: str) -> bool:
    """False for a phrase ending in a function word (``protection contre``) unless the English
    keyword does too (``Partner with`` → ``partner con``)."""
    last = key.split()[-1]
    return fold(last) not in STOPWORDS[lang] or fold(keyword.split()[-1]) in STOPWORDS["en"]


def _aligned_heads(english: list[str], foreign: list[str],
                   keywords: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """``(keyword, head phrases)`` for each keyword item of an English line, paired with the
    item at the same place of the foreign line at the same place."""
    pairs = []
    for en_line, foreign_line in zip(english, foreign):
        found = english_line_keywords(en_line, keywords)
        if not found:
            continue
        match = ABILITY_WORD_LINE.match(foreign_line)
        items = [match.group("head")] if match else _ITEM_SPLIT.split(foreign_line)
        if len(items) == len(found):
            pairs += [(k, head_phrases(item)) for k, item in zip(found, items)]
    return pairs
