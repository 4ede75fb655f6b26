"""The search API in one import: ``from indexer.search import search``.

The query language is :mod:`indexer.query`, the queries built for words and phrases
:mod:`indexer.text_queries`, ranking :mod:`indexer.scoring`, snippets
:mod:`indexer.snippets`, and the searcher that runs and merges them :mod:`indexer.searcher`.
"""

from __future__ import annotations

from .hits import Hit, Hits
from .query import QueryError
from .searcher import Searcher, open_searcher, search

__all__ = ["Hit", "Hits", "QueryError", "Searcher", "open_searcher", "search"]
