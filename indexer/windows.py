"""Bounded reading of rulings and card texts.

The index holds rules, examples, glossary terms and keyword pages first, then rulings, then
card texts, the last two shortest text first (:func:`indexer.build.index_order`), in each
segment. A text query reads the first part whole (a few thousand items: exact BM25 ranking)
and, of the rulings and of the card texts, only the first :func:`read_bound` matches that
the filters let through. A word found in thousands of rulings (``target``, ``mana cost``)
then costs a bounded time, and since BM25 ranks shorter texts higher for the same words,
the best of the texts read are, nearly always, the best of all. Words rarer than the bound
are ranked exactly.

An index whose segments do not hold the kinds in that order (built by an older version)
is read whole.
"""

from __future__ import annotations

import math
from typing import Callable

from whoosh import query as Q
from whoosh.collectors import TopCollector

from .schema import KINDS

WINDOW_KINDS = ("ruling", "card")  # read in bounded windows, in this order after the other kinds
READ_BOUND = 400  # rulings (and as many card texts) read at most for a page of 10 hits
READ_PER_HIT = 40
PRUNE_EVERY = 10  # documents read between two prunings of the matcher's exhausted branches


def read_bound(limit: int) -> int:
    """How many rulings (and card texts) a query reads at most for ``limit`` hits."""
    return max(READ_BOUND, READ_PER_HIT * limit)


Window = tuple[int, int, float | None]  # start, end (segment docnums), share of the bound or None


class Windows:
    """For each segment of an open index: where its rulings and its card texts start."""

    def __init__(self, searcher) -> None:
        self._by_offset: dict[int, list[Window]] = {}
        layout = [(offset, _layout(sub.reader())) for sub, offset in searcher.leaf_searchers()]
        totals = [sum(counts[i] for _, (counts, _) in layout if counts) for i in range(len(WINDOW_KINDS))]
        for offset, (counts, starts) in layout:
            if counts is None:
                self._by_offset[offset] = [(0, starts[-1], None)]
                continue
            windows: list[Window] = [(0, starts[0], None)]
            for i, total in enumerate(totals):
                windows.append((starts[i], starts[i + 1], counts[i] / total if total else None))
            self._by_offset[offset] = windows

    def of(self, offset: int) -> list[Window]:
        return self._by_offset.get(offset, [(0, 2 ** 62, None)])


def _layout(reader) -> tuple[list[int] | None, list[int]]:
    """(the count of each window kind, the docnums where each window starts and the last ends),
    or (None, [the segment's end]) when the segment's documents are not in window order."""
    end = reader.doc_count_all()
    counts = [_frequency(reader, kind) for kind in WINDOW_KINDS]
    others = sum(_frequency(reader, kind) for kind in KINDS if kind not in WINDOW_KINDS)
    starts = [others]
    for count in counts:
        starts.append(starts[-1] + count)
    ordered = starts[-1] == end and not reader.has_deletions() and all(
        _first(reader, kind) == start for kind, start, count in zip(WINDOW_KINDS, starts, counts) if count)
    return (counts, starts) if ordered else (None, [end])


def _frequency(reader, kind: str) -> int:
    return reader.doc_frequency("kind", kind)


def _first(reader, kind: str) -> int:
    return reader.postings("kind", kind).id()


class WindowCollector(TopCollector):
    """The ``limit`` best-scored documents, reading the window kinds only up to ``bound``
    allowed matches (shared among segments by their sizes); ``allow``: global docnums or None;
    ``deny``: global docnums never matched (what a query leaves out), or None.
    ``check`` is called every :data:`PRUNE_EVERY` documents read: it raises to stop the search
    (a time budget used up)."""

    def __init__(self, limit: int, windows: Windows, bound: int, allow=None,
                 check: Callable[[], None] | None = None, deny=None) -> None:
        super().__init__(limit=limit, usequality=False)
        self.windows = windows
        self.bound = bound
        self.allow = allow
        self.deny = deny
        self.check = check
        self.bounded = False  # whether a window was cut short

    def matches(self):
        offset, allow, deny = self.offset, self.allow, self.deny
        for start, end, share in self.windows.of(offset):
            matcher = self._pruned()
            if not matcher.is_active():
                return
            if matcher.id() < start:
                matcher.skip_to(start)
            left = math.ceil(self.bound * share) if share is not None else None
            steps = 0
            while matcher.is_active():
                docnum = matcher.id()
                if docnum >= end:
                    break
                if (allow is None or docnum + offset in allow) and (deny is None or docnum + offset not in deny):
                    if left is not None:
                        if left <= 0:
                            self.bounded = True
                            break
                        left -= 1
                    yield docnum
                matcher.next()
                steps += 1
                if steps % PRUNE_EVERY == 0:
                    if self.check is not None:
                        self.check()
                    matcher = self._pruned()

    def _pruned(self):
        """The matcher without its exhausted branches (whoosh's own collectors do this every
        few documents; a union of many words otherwise asks every branch at every step).
        No branch is cut for its maximum score: whoosh's bounds do not know the per-language
        statistics of :mod:`indexer.scoring`."""
        self.matcher = self.matcher.replace(0)
        return self.matcher


class Denials:
    """The documents what a query leaves out matches (a concept's entries, a rule number prefix, an
    excluded word: the parts of an ``Or``), each part read once per searcher: many queries leave out
    the same rules, and a prefix query walks every number under it."""

    KEPT = 4096  # parts remembered; past that, forgotten all at once

    def __init__(self, searcher) -> None:
        self.searcher = searcher
        self.parts: dict[Q.Query, frozenset[int]] = {}

    def of(self, negation: Q.Query) -> frozenset[int]:
        found: set[int] = set()
        for part in negation.subqueries if isinstance(negation, Q.Or) else [negation]:
            if (docs := self.parts.get(part)) is None:
                if len(self.parts) >= self.KEPT:
                    self.parts.clear()
                docs = self.parts[part] = frozenset(self.searcher.docs_for_query(part))
            found |= docs
        return frozenset(found)
