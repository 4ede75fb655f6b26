"""The indexed words: every item's words (:func:`indexer.analysis.words` of its title and text:
unstemmed, folded), each with the number of items that hold it, for spelling suggestions, typo
tolerance and prefixes.

A search asks only which words there are (by prefix) and in how many items each is: never which
items. They are kept beside the index in one file (:data:`WORDS_FILE`, written by
:func:`write_word_counts`) rather than as a whoosh field, whose postings were half of the index's
and of its build time. An index written before has them as its ``words`` field instead, which
:class:`IndexedWords` then reads.
"""

from __future__ import annotations

import bisect
import json
import threading
from collections import Counter
from pathlib import Path
from typing import Iterable

from .analysis import word_set

WORDS_FILE = "words.json"  # beside the index: {"words": [sorted], "counts": [items holding each]}
WORDS_FIELD = "words"  # where an index written before keeps them


def count_words(texts: Iterable[str]) -> Counter:
    """How many of ``texts`` hold each word (:func:`~indexer.analysis.words`)."""
    counts: Counter = Counter()
    for text in texts:
        counts.update(word_set(text))
    return counts


def write_word_counts(target: Path, texts: Iterable[str]) -> None:
    """Keep the words of ``texts`` (one per item) and their counts in ``target`` (the index folder)."""
    counts = count_words(texts)
    ordered = sorted(counts)
    data = {"words": ordered, "counts": [counts[w] for w in ordered]}
    (Path(target) / WORDS_FILE).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                                           encoding="utf-8")


class IndexedWords:
    """The indexed words of one open index, read when first asked for: from :data:`WORDS_FILE`, or from
    the ``words`` field of the whoosh ``reader`` of an index written before the file was kept."""

    def __init__(self, index_dir: Path, reader) -> None:
        self.path = Path(index_dir) / WORDS_FILE
        self.reader = reader
        self._kept: bool | None = None  # whether the file is there (None: not looked yet)
        self._sorted: list[str] = []
        self._counts: dict[str, int] = {}
        self._lock = threading.Lock()

    def frequency(self, word: str) -> int:
        """How many items hold ``word``."""
        if not self._read():
            return self.reader.doc_frequency(WORDS_FIELD, word)
        return self._counts.get(word, 0)

    def starting(self, prefix: str) -> list[str]:
        """The words that start with ``prefix``, in order."""
        if not self._read():
            return [t.decode("utf-8") if isinstance(t, bytes) else t
                    for t in self.reader.expand_prefix(WORDS_FIELD, prefix)]
        ordered = self._sorted
        start = end = bisect.bisect_left(ordered, prefix)
        while end < len(ordered) and ordered[end].startswith(prefix):
            end += 1
        return ordered[start:end]

    def _read(self) -> bool:
        """Whether the words are kept in :data:`WORDS_FILE` (read the first time)."""
        if self._kept is None:
            with self._lock:
                if self._kept is None and self.path.is_file():
                    data = json.loads(self.path.read_text(encoding="utf-8"))
                    self._sorted, self._counts = data["words"], dict(zip(data["words"], data["counts"]))
                    self._kept = True
                elif self._kept is None:
                    self._kept = False
        return self._kept
