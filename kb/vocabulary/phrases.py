"""Names found anywhere in card texts: word n-grams associated with a set of cards.

For keyword actions printed inside sentences (``profetizza 1``, ``macina due carte``) and
for terms (``valore di mana``, ``cimitero``), the candidates are the phrases of one to four
words of the foreign texts, not starting or ending with a function word. A
:class:`PhraseIndex` holds, per language, which cards show each phrase (card names masked,
reminder text cut); the cards carrying a concept are given as a set, either those whose
MTGJSON ``keywords`` list it or those whose English text contains the English term
(found with the same index over English texts).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Iterable, Sequence

from ..text import ELISIONS, STOPWORDS, WORD, fold, strip_elision
from .cards import ParallelCard
from .evidence import MASK, Candidate, clean_lines, most_common_surface, pick

MAX_WORDS = 4
SAMPLE = 400  # cards of a concept looked at to find candidates
CANDIDATES = 60  # candidates per concept judged on every card
_BARRIER = re.compile(r"[~.;:!?—–•()«»\"“”{}]")


def tokens(text: str, lang: str) -> list[tuple[str, str]]:
    """``(folded word, printed word)`` pairs of a text, elided articles cut (``dell'esilio`` →
    ``esilio``); the name mask ``~`` stands for the card name and for sentence punctuation,
    so that no phrase runs across it."""
    elisions = ELISIONS.get(lang, frozenset())
    out = []
    for chunk in _BARRIER.sub(f" {MASK} ", text).split():
        if chunk == MASK:
            out.append((MASK, MASK))
            continue
        for token in WORD.findall(chunk):
            word, _ = strip_elision(token, elisions)
            if lang == "en":
                word = word.split("'")[0].split("’")[0]
            if word:
                out.append((fold(word), word))
    return out


def phrases(words: Sequence[tuple[str, str]], lang: str, max_words: int = MAX_WORDS) -> Iterable[tuple[str, str]]:
    """``(key, surface)`` of every n-gram that neither starts nor ends with a function word
    and holds no number or name mask."""
    stop = STOPWORDS.get(lang, frozenset())
    keys = [k for k, _ in words]
    barrier = [k == MASK or not k.isalpha() for k in keys]
    edge = [b or k in stop for k, b in zip(keys, barrier)]
    for start in range(len(words)):
        if edge[start]:
            continue
        for end in range(start + 1, min(len(words), start + max_words) + 1):
            if barrier[end - 1]:
                break
            if not edge[end - 1]:
                yield " ".join(keys[start:end]), " ".join(s for _, s in words[start:end])


class PhraseIndex:
    """Which cards show each phrase, in one language (English included)."""

    def __init__(self, cards: Sequence[ParallelCard], lang: str, max_words: int = MAX_WORDS,
                 since: str = "") -> None:
        self.lang = lang
        self.max_words = max_words
        self.since = since  # only foreign wordings printed on or after this date
        self.postings: dict[str, set[int]] = defaultdict(set)
        self.texts: dict[int, list[list[tuple[str, str]]]] = {}
        for index, card in enumerate(cards):
            texts = self._card_texts(card)
            if not texts:
                continue
            self.texts[index] = texts
            for words in texts:
                for key, _ in phrases(words, lang, max_words):
                    self.postings[key].add(index)

    def _card_texts(self, card: ParallelCard) -> list[list[tuple[str, str]]]:
        if self.lang == "en":
            sources = [(card.text, [card.name])]
        else:
            sources = [(p.text, [p.name, card.name]) for p in card.printed(self.lang, self.since)]
        return [tokens(line, self.lang) for text, names in sources for line in clean_lines(text, names)]

    def cards(self) -> set[int]:
        """The cards with a text in this language."""
        return set(self.texts)

    def showing(self, key: str) -> set[int]:
        return self.postings.get(key, set())

    def candidates(self, concept_cards: set[int], exclude: Iterable[str] = ()) -> list[Candidate]:
        """The phrases most often shown by ``concept_cards`` (found on a sample of them), each
        judged on every card: shown with the concept, shown without it."""
        present = sorted(concept_cards & self.texts.keys())
        if not present:
            return []
        sample = present[:: max(1, len(present) // SAMPLE)]
        counts: Counter[str] = Counter()
        surfaces: dict[str, Counter[str]] = defaultdict(Counter)
        for index in sample:
            seen: set[str] = set()
            for words in self.texts[index]:
                for key, surface in phrases(words, self.lang, self.max_words):
                    seen.add(key)
                    surfaces[key][surface] += 1
            counts.update(seen)
        excluded = set(exclude)
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[: CANDIDATES * 2]
        top = [k for k, n in ranked if k not in excluded and n >= min(2, len(sample))]
        total = len(present)
        result = []
        for key in top[:CANDIDATES]:
            showing = self.postings[key]
            with_concept = len(showing & concept_cards)
            result.append(Candidate(key, most_common_surface(surfaces[key]), with_concept,
                                    len(showing) - with_concept, total))
        return result

    def learn(self, concept_cards: set[int], exclude: Iterable[str] = (),
              min_precision: float = 0.5) -> tuple[Candidate | None, list[Candidate], int]:
        """The best phrase for a set of cards, its variants, and how many of the cards have a text."""
        candidates = self.candidates(concept_cards, exclude)
        best, variants = pick(candidates, min_precision)
        return best, variants, len(concept_cards & self.texts.keys())


def english_forms(term: str) -> list[str]:
    """Folded keys of an English term and its plural or verb forms (``graveyard`` →
    ``graveyards``; ``destroy`` → ``destroys``, ``destroyed``; ``mana value`` → ``mana values``)."""
    words = [fold(w) for w in term.replace("-", " ").split()]
    head, last = words[:-1], words[-1]
    endings = {last, last + "s", last + "es", last + "ed", last + "d", last + "ing"}
    if last.endswith("y"):
        endings |= {last[:-1] + "ies", last[:-1] + "ied"}
    if last.endswith("e"):
        endings.add(last[:-1] + "ing")
    return [" ".join(head + [ending]) for ending in sorted(endings)]


def cards_with_term(index: PhraseIndex, term: str) -> set[int]:
    """The cards whose English text contains ``term`` or one of its :func:`english_forms`."""
    found: set[int] = set()
    for form in english_forms(term):
        found |= index.showing(form)
    return found
