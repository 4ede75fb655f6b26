"""The text tiers of a search (:meth:`indexer.retrieve.Retriever.text_hits`): which queries each
tier runs (:func:`tiers`) and its candidates made into hits as they are read (:class:`Ranked`)."""

from __future__ import annotations

from itertools import groupby
from typing import Iterator

from whoosh import query as Q

from .hits import Hit
from .query import Parsed
from .scoring import stored_order
from .text_queries import TextQueries


def tiers(scoped: TextQueries, parsed: Parsed) -> Iterator[list[tuple[Q.Query | None, str]]]:
    """The queries of each tier, built only when the tier runs: card texts as typed (and, with
    ``--lang``, as named in those languages: ``travolgere --lang fr`` finds the cards printing
    *piétinement*); elsewhere the words as typed with their translations and corrections, then
    only some of the words."""
    if scoped.scope == "cards":
        yield [(scoped.strict(parsed, expand=False), "text")] + \
              ([(scoped.expansion(parsed), "expanded")] if parsed.langs else [])
        return
    yield [(scoped.strict(parsed, expand=False), "text"), (scoped.expansion(parsed), "expanded")]
    yield [(scoped.relaxed(parsed), "partial")]


class Ranked:
    """A tier's candidates, best first, made into hits only as they are read: (direct matches
    first, score to 4 decimals), ties broken by kind, language, rule order and id."""

    def __init__(self, retriever, merged: dict[int, list]) -> None:
        """``retriever``: the :class:`~indexer.retrieve.Retriever` whose hits these are."""
        self._retriever = retriever
        self._stored: dict[int, dict] = {}
        self._made: list[Hit] = []  # the hits made so far, in order (a second reading makes no more)
        ranked = sorted(merged.items(), key=lambda e: (e[1][1] != "text", -round(e[1][0], 4), e[0]))
        self._order: list[tuple[int, list]] = []
        for _, tied in groupby(ranked, key=lambda e: (e[1][1] != "text", round(e[1][0], 4))):
            tied = list(tied)
            if len(tied) > 1:
                tied.sort(key=lambda e: stored_order(self._fields(e[0])))
            self._order += tied

    def __len__(self) -> int:
        return len(self._order)

    def __iter__(self) -> Iterator[Hit]:
        yield from self._made
        for docnum, (score, reason, matched) in self._order[len(self._made):]:
            self._made.append(self._retriever.hit(self._fields(docnum), score, reason, matched))
            yield self._made[-1]

    def _fields(self, docnum: int) -> dict:
        if docnum not in self._stored:
            self._stored[docnum] = self._retriever.searcher.stored_fields(docnum)
        return self._stored[docnum]
