"""The quality query set is well formed and every id it expects exists in the index."""

from __future__ import annotations

import fnmatch

from whoosh import index

from .conftest import ROOT


def load_queries() -> list[dict]:
    import importlib.util
    spec = importlib.util.spec_from_file_location("search_quality", ROOT / "benchmarks" / "search_quality.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.load_queries()



def test_queries_cover_languages_and_types() -> None:
    queries = load_queries()
    assert len(queries) >= 60
    assert {q["lang"] for q in queries} == {"en", "it", "fr"}
    assert {"number", "typo", "elision", "cross", "phrase", "name"} <= {q["type"] for q in queries}


def test_every_expected_id_exists(search_kb) -> None:
    with index.open_dir(str(search_kb.index_dir)).searcher() as searcher:
        uids = [fields["uid"] for fields in searcher.all_stored_fields()]
    for q in load_queries():
        for pattern in q["relevant"]:
            assert any(fnmatch.fnmatchcase(u, pattern) for u in uids), (q["query"], pattern)
