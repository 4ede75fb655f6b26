"""A helper for the search tests: the ids of a search's hits."""

from __future__ import annotations

from indexer.searcher import search


def ids(kb, query: str, **options) -> list[str]:
    return [hit.id for hit in search(kb, query, **options)]
