"""The search API in one import: ``from indexer.search import search``.

A search goes once down the stages :mod:`indexer.searcher` runs: read (:mod:`indexer.plan`),
retrieve (:mod:`indexer.retrieve`), rerank (:mod:`indexer.rerankers`), fuse (:mod:`indexer.fuse`)
and present (:mod:`indexer.present`). The query language is :mod:`indexer.query`, the one BM25
:mod:`indexer.bm25`, and every number that orders the hits :mod:`indexer.params`
(``search(..., params=DEFAULT.replace(...))``).
"""

from __future__ import annotations

from .hits import Hit, Hits
from .query import QueryError
from .searcher import Searcher, open_searcher, search

__all__ = ["Hit", "Hits", "QueryError", "Searcher", "open_searcher", "search"]
