"""The learned lexicon: a Dice co-occurrence estimate over parallel segments.

Segments are card texts of MTGJSON line by line (:func:`feed_card_texts`), then
the aligned rules and their titles (:func:`feed_aligned_rules`).
``dice(e, f) = 2·c(e,f) / (c(e) + c(f))`` over the segments where each stem
occurs; pairs seen at least :data:`MIN_COUNT` times with a Dice of at least
:data:`MIN_DICE` are kept (at most :data:`PER_WORD` per English stem).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Iterator

from ..model import Document
from ..text import is_stopword, words
from ..vocabulary.core_terms import CoreTerm
from .core import core_entries
from .lexicon import NUMBER_WORDS, Lexicon, LexiconEntry, stem
from .result import Alignment

MIN_COUNT = 2
MIN_DICE = 0.35
PER_WORD = 4


class LexiconLearner:
    """Counts co-occurring stems over parallel segments, then keeps the strong pairs."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.segments = 0
        self._ids: dict[str, int] = {}
        self._names: list[str] = []
        self._single: Counter[int] = Counter()
        self._pairs: Counter[int] = Counter()
        self._surface: dict[str, Counter[str]] = {}
        self._stem_of: dict[tuple[str, str], tuple[str, str] | None] = {}  # (lang, word) -> :meth:`_stem`

    def _id(self, key: str) -> int:
        index = self._ids.get(key)
        if index is None:
            index = self._ids[key] = len(self._names)
            self._names.append(key)
        return index

    def add(self, english: str, foreign: str, times: int = 1) -> None:
        """One parallel segment (a card text line, a rule, a title), seen ``times`` times."""
        e_ids = {self._id("e:" + s) for s in self._stems(english, "en", times) if not s.isdigit()}
        f_ids = {self._id("f:" + s) for s in self._stems(foreign, self.lang, times) if not s.isdigit()}
        if not e_ids or not f_ids:
            return
        self.segments += times
        shift = 1 << 32
        if times == 1:
            self._single.update(e_ids)
            self._single.update(f_ids)
            self._pairs.update(e * shift + f for e in e_ids for f in f_ids)
            return
        self._single.update(dict.fromkeys(e_ids, times))
        self._single.update(dict.fromkeys(f_ids, times))
        self._pairs.update({e * shift + f: times for e in e_ids for f in f_ids})

    def _stems(self, text: str, lang: str, times: int = 1) -> list[str]:
        out = []
        for word in words(text, lang):
            found = self._stem(word, lang)
            if found is not None:
                stem_, surface_key = found
                surface = self._surface.get(surface_key)
                if surface is None:
                    surface = self._surface[surface_key] = Counter()
                surface[word] += times
                out.append(stem_)
        return out

    def _stem(self, word: str, lang: str) -> tuple[str, str] | None:
        """The stem a segment's word counts under and the key of its surface forms (``lang:stem``);
        None for a stop word, a number word or a single letter."""
        key = (lang, word)
        if key not in self._stem_of:
            left_out = is_stopword(word, lang) or word in NUMBER_WORDS.get(lang, {}) or len(word) < 2
            stem_ = None if left_out else stem(word, lang)
            self._stem_of[key] = None if stem_ is None else (stem_, f"{lang}:{stem_}")
        return self._stem_of[key]

    def entries(self) -> list[LexiconEntry]:
        """Pairs seen at least MIN_COUNT times with Dice >= MIN_DICE, best PER_WORD per English stem."""
        shift = 1 << 32
        best: dict[str, list[LexiconEntry]] = {}
        for key, count in self._pairs.items():
            if count < MIN_COUNT:
                continue
            e, f = divmod(key, shift)
            dice = 2 * count / (self._single[e] + self._single[f])
            if dice < MIN_DICE:
                continue
            en, fo = self._names[e][2:], self._names[f][2:]
            best.setdefault(en, []).append(LexiconEntry(
                self.lang, en, fo, round(dice, 4), count, "learned",
                self._word("en", en), self._word(self.lang, fo)))
        out = []
        for en in sorted(best):
            out.extend(sorted(best[en], key=lambda x: -x.score)[:PER_WORD])
        return out

    def _word(self, lang: str, s: str) -> str:
        counter = self._surface.get(f"{lang}:{s}")
        return counter.most_common(1)[0][0] if counter else s


def build_lexicon(core: list[CoreTerm], learners: dict[str, LexiconLearner]) -> Lexicon:
    """The curated core's entries and what each learner has kept so far."""
    entries: list[LexiconEntry] = list(core_entries(core))
    for learner in learners.values():
        entries.extend(learner.entries())
    return Lexicon(entries)


def feed_card_texts(docs: list[Document], learners: dict[str, LexiconLearner]) -> None:
    """Parallel card texts, line by line when the line counts agree, names taken out. A segment printed on
    many cards (reprints, shared reminder texts) is read once and counted as often as it is printed."""
    segments: dict[str, Counter[tuple[str, str]]] = {lang: Counter() for lang in learners}
    for lang, english, foreign in card_segments(docs, learners):
        segments[lang][english, foreign] += 1
    for lang, counted in segments.items():
        for (english, foreign), times in counted.items():
            learners[lang].add(english, foreign, times)


def card_segments(docs: list[Document], languages: Iterable[str]) -> Iterator[tuple[str, str, str]]:
    """``(lang, english, foreign)`` of every parallel card text segment of ``languages``, in card order."""
    wanted = set(languages)
    for doc in docs:
        for card in doc.cards:
            if not card.text and not card.type:
                continue
            seen: set[str] = set()
            for lang, name, type_, text in card.foreign:
                if lang not in wanted or lang in seen:  # the newest wording only
                    continue
                seen.add(lang)
                if type_ and card.type:
                    yield lang, card.type, type_
                if text and card.text:
                    for en_line, f_line in parallel_lines(card.text.replace(card.name, " "),
                                                          text.replace(name, " ") if name else text):
                        yield lang, en_line, f_line


def parallel_lines(english: str, foreign: str) -> list[tuple[str, str]]:
    """Line pairs when both texts have as many (non-blank) lines, else the two texts whole."""
    e_lines = [x for x in english.splitlines() if x.strip()]
    f_lines = [x for x in foreign.splitlines() if x.strip()]
    if len(e_lines) == len(f_lines):
        return list(zip(e_lines, f_lines))
    return [(" ".join(e_lines), " ".join(f_lines))]


def feed_aligned_rules(docs: list[Document], ref: Document, result: Alignment,
                       learners: dict[str, LexiconLearner]) -> None:
    """Each aligned rule (text and title) with its reference rule, as one more parallel segment."""
    ref_rules = ref.rule_map()
    for doc in docs:
        learner = learners.get(doc.lang)
        if learner is None:
            continue
        for rule in doc.rules:
            link = result.rule_link(doc.id, rule.number)
            target = ref_rules.get(link.aligned_number) if link and link.method != "unaligned" else None
            if target is None:
                continue
            if rule.text and target.text:
                learner.add(target.text, rule.text)
            if rule.title and target.title:
                learner.add(target.title, rule.title)
