"""The search API in one import: ``from indexer.search import search``.

The query language is :mod:`indexer.query`, the queries built for words and phrases
:mod:`indexer.text_queries`, the one BM25 :mod:`indexer.bm25`, the question ranking's rerankers
:mod:`indexer.rerankers`, the final order and scores :mod:`indexer.fuse`, every number that orders
the hits :mod:`indexer.params` (``search(..., params=DEFAULT.replace(...))``), snippets
:mod:`indexer.snippets`, and the searcher that runs the stages :mod:`indexer.searcher`.
"""

from __future__ import annotations

from .hits import Hit, Hits
from .query import QueryError
from .searcher import Searcher, open_searcher, search

__all__ = ["Hit", "Hits", "QueryError", "Searcher", "open_searcher", "search"]
