"""Search the index: a query goes once down the stages of the pipeline (:meth:`Searcher.search`).

1. **read** (:mod:`indexer.plan`): the query becomes a plan: its words as queries in each language
   with their translations and corrections, the game concepts it names, its reading as a question;
2. **retrieve** (:mod:`indexer.retrieve`): candidate lists, each with its reason: the rules its numbers
   name, a concept's rules, exact names, a question's rules and glossary entries (one BM25 over the
   rules' texts and the players' phrasings), text matches;
3. **rerank** (:mod:`indexer.rerankers`): a question's candidates through a cascade of small named
   rerankers, each with its parameters and a tag ``--explain`` shows;
4. **fuse** (:mod:`indexer.fuse`): one page from the lists by an explicit precedence, each hit once,
   with a score that falls with the rank;
5. **present** (:mod:`indexer.present`): rule texts in every language, snippets, suggestions, and
   why a search found nothing.

Every number that changes the order comes from a :class:`~indexer.params.Params` (:mod:`indexer.params`).
One hit per rule: its versions in every language are one hit, numbered by the English reference release,
carrying each language's text (``texts``, the matched language first); a version numbered otherwise by
its source says so (``source_number``). Rulings repeated word for word on many cards are one hit.
"""

from __future__ import annotations

import threading
from pathlib import Path

from whoosh import index as whoosh_index

from .bm25 import weighting
from .budget import Budget, Stoppable
from .card_finder import CardFinder
from .fuse import fuse
from .hits import Hits
from .params import DEFAULT, Params
from .plan import MAX_LIMIT, read_plan
from .present import HeldRules, present
from .query import IndexMissing
from .rerankers import rerank
from .retrieve import Retriever
from .spelling import Spelling
from .storage import open_index
from .vocab import carried_vocabulary_of, read_forms, using_vocabulary
from .word_counts import IndexedWords

__all__ = ["MAX_LIMIT", "Searcher", "open_searcher", "search"]


class Searcher:
    """An open index; reuse it for many queries (``search()`` caches one per folder)."""

    def __init__(self, index_dir: Path) -> None:
        index_dir = Path(index_dir)
        if not whoosh_index.exists_in(str(index_dir)):
            raise IndexMissing(f"{index_dir}: no search index here; run 'mtgkb build'")
        self.index_dir = index_dir
        read_forms(index_dir)
        # the vocabulary with its rule numbers carried to this index's release, when that is not the vocabulary's
        self.vocabulary = carried_vocabulary_of(index_dir)[0]
        self.ix = open_index(index_dir)
        self._weightings = {DEFAULT.bm25: weighting(DEFAULT.bm25)}  # one per set of BM25 parameters
        self.searcher = self.ix.searcher(weighting=self._weightings[DEFAULT.bm25])
        self.reader = self.searcher.reader()
        self.words = IndexedWords(index_dir, self.reader)
        self.spelling = Spelling(self.words)
        self.retriever = Retriever(self.searcher, index_dir, lambda: self.cards)
        self.windows = self.retriever.windows
        self.held = HeldRules()
        self._cards: CardFinder | None = None

    @property
    def cards(self) -> CardFinder:
        """The cards of the index, found in questions (:mod:`indexer.card_finder`), read at the first question."""
        if self._cards is None:
            self._cards = CardFinder.open(self.index_dir)
        return self._cards

    def close(self) -> None:
        self.searcher.close()

    def search(self, query: str, lang: str | None = None, kind: str | None = None, limit: int = 10,
               budget: float | None = None, query_lang: str | None = None, deadline: float | None = None,
               params: Params | None = None, stop: Stoppable | None = None) -> Hits:
        """The best hits for ``query`` (see the module docstring), at most ``limit`` (up to
        :data:`~indexer.plan.MAX_LIMIT`); with a ``budget`` (seconds of this thread's CPU time, so a
        busy machine does not make a cheap query look expensive) or a ``deadline`` (an instant of
        ``time.monotonic``: a server's answer due), a query still running after either, or once ``stop``
        says it is stopped (a server's request whose client has gone), is stopped with a
        :class:`SearchTimeout`, checked while the documents are read. ``query_lang`` says which
        language the query is written in (the web page's interface language) without filtering the
        hits by it, as ``lang`` does. Every number that orders the hits comes from ``params``
        (:mod:`indexer.params`; None: :data:`~indexer.params.DEFAULT`)."""
        params = params or DEFAULT
        if params.bm25 not in self._weightings:
            self._weightings[params.bm25] = weighting(params.bm25)
        self.searcher.weighting = self._weightings[params.bm25]
        with using_vocabulary(self.vocabulary):
            plan = read_plan(query, self.words, self.spelling, self.reader, params, lang=lang, kind=kind,
                             limit=limit, query_lang=query_lang, budget=Budget(budget, deadline, stop),
                             cards=self.cards)
            retrieved = rerank(self.retriever.retrieve(plan), params)
            return present(fuse(retrieved, plan.limit, params.fuse), plan, retrieved, self.searcher, self.held)


_OPEN = threading.local()  # each thread its own searchers: a whoosh searcher is not safe to share


def open_searcher(source) -> Searcher:
    """A cached :class:`Searcher` for an index folder or a :class:`~kb.store.KnowledgeBase` (one per thread)."""
    index_dir = Path(getattr(source, "index_dir", source))
    key = str(index_dir.resolve())
    searchers: dict[str, Searcher] = _OPEN.__dict__.setdefault("searchers", {})
    searcher = searchers.get(key)
    if searcher is None:
        # Keep only the newest index open: a rebuild publishes a new folder and removes old ones.
        for old in searchers.values():
            old.close()
        searchers.clear()
        searcher = searchers[key] = Searcher(index_dir)
    return searcher


def search(source, query: str, lang: str | None = None, kind: str | None = None, limit: int = 10,
           budget: float | None = None, query_lang: str | None = None, deadline: float | None = None,
           params: Params | None = None, stop: Stoppable | None = None) -> Hits:
    """Search an index folder or a knowledge base; the best hits first (see the module docstring and
    :meth:`Searcher.search`),
    ordered by ``params`` (:mod:`indexer.params`; None: the tuned :data:`~indexer.params.DEFAULT`)."""
    return open_searcher(source).search(query, lang=lang, kind=kind, limit=limit, budget=budget,
                                        query_lang=query_lang, deadline=deadline, params=params, stop=stop)
