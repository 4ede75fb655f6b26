"""The nearest indexed words of a misspelt word, without walking the term dictionary each time.

The indexed words (:mod:`indexer.word_counts`: every item's words, unstemmed and folded) that
start with a letter are read once per open index, when a word starting with it is first misspelt, each with
its length and a bitmask of its letters.
A word within ``d`` edits of another differs from it in length by at most ``d`` and in at
most ``2d`` letters of that mask, so few candidates reach the edit distance itself
(:func:`kb.text.edit_distance`). whoosh's own ``terms_within`` computes the full distance to
every word with the same first letter, about a hundred times slower.
"""

from __future__ import annotations

import threading

from kb.text import edit_distance

from .word_counts import IndexedWords


def letters(word: str) -> int:
    """A bitmask of the letters of ``word`` (two letters may share a bit: the test stays safe)."""
    mask = 0
    for char in word:
        mask |= 1 << (ord(char) & 63)
    return mask


class Spelling:
    """The indexed words of one open index, for :meth:`within`."""

    def __init__(self, words: IndexedWords) -> None:
        self.words = words
        self._by_letter: dict[str, list[tuple[str, int, int]]] = {}
        self._lock = threading.Lock()

    def within(self, folded: str, distance: int, count: int) -> list[str]:
        """The ``count`` most frequent indexed words within ``distance`` edits of ``folded``
        that start with the same letter (the word itself left out)."""
        if not folded:
            return []
        size, mask = len(folded), letters(folded)
        found = [word for word, length, bits in self._words(folded[0])
                 if abs(length - size) <= distance and (bits ^ mask).bit_count() <= 2 * distance
                 and word != folded and edit_distance(folded, word, distance) <= distance]
        ranked = sorted((-self.words.frequency(word), word) for word in found)
        return [word for _, word in ranked[:count]]

    def _words(self, letter: str) -> list[tuple[str, int, int]]:
        with self._lock:
            words = self._by_letter.get(letter)
            if words is None:
                words = self._by_letter[letter] = []
                for word in self.words.starting(letter):
                    words.append((word, len(word), letters(word)))
        return words
