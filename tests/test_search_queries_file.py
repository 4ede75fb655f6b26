"""The quality query set is well formed and every id it expects exists in the index."""

from __future__ import annotations

import fnmatch

import pytest
from whoosh import index



def load_queries() -> list[dict]:
    from eval.qrels import load_queries as load

    return [{"query": q.query, "lang": q.lang, "type": q.kind, "relevant": list(q.gold)} for q in load()]


def test_queries_cover_languages_and_types() -> None:
    queries = load_queries()
    assert len(queries) >= 150
    assert {q["lang"] for q in queries} == {"en", "it", "fr"}
    assert {"number", "typo", "elision", "cross", "phrase", "name", "keyword"} <= {q["type"] for q in queries}
    assert sum(q["type"] == "cross" and q["lang"] in ("it", "fr") for q in queries) >= 40
    assert sum(q["type"] == "keyword" and q["lang"] in ("it", "fr") for q in queries) >= 30
    assert len({q["query"] for q in queries}) == len(queries)


@pytest.fixture(scope="module")
def quality_kb(kb_cache):
    """The knowledge base of the quality set (its header): seeds, MTGJSON, CR 2025-11-14, French excerpt."""
    from kb.store import KnowledgeBase

    from .conftest import FIXTURES, SEEDS, SHARED_CORPUS, cr_release, require_shared
    return KnowledgeBase.open(kb_cache.shared([*SEEDS, require_shared(SHARED_CORPUS / "mtgjson"),
                                               cr_release("20251114"), FIXTURES / "search_fr_zones.txt"]))


def test_every_expected_id_exists(quality_kb) -> None:
    import re
    with index.open_dir(str(quality_kb.index_dir)).searcher() as searcher:
        uids = [re.sub(r"^rule/(en|it|fr)/(?=\d)", "rule/", fields["uid"]) for fields in searcher.all_stored_fields()]
    for q in load_queries():
        for pattern in q["relevant"]:
            assert any(fnmatch.fnmatchcase(u, pattern) for u in uids), (q["query"], pattern)
