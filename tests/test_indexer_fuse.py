"""The fuse stage (indexer.fuse): the page's order is the stages' precedence, and each hit's score
falls with its rank; --explain says how each hit was ranked."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from indexer.searcher import search
from kb.cli import main
from kb.store import KnowledgeBase

QUERIES = ["vote tied", "pareggio", "702.19", "travolgere", "una creatura tappata può bloccare?",
           "can a creature with deathtouch and trample", "player vote", "Magister of Worth"]


@pytest.mark.parametrize("query", QUERIES)
def test_the_score_never_rises_down_the_page(search_kb, query) -> None:
    scores = [hit.score for hit in search(search_kb, query, limit=20)]
    assert scores and all(0 <= b <= a <= 1 for a, b in zip(scores, scores[1:])), scores


def test_the_best_of_a_stage_scores_one_and_the_others_their_share(search_kb) -> None:
    hits = search(search_kb, "pareggio", limit=10)
    stages = [hit.extra["ranking"]["stage"] for hit in hits]
    assert stages[0] == "text" and hits[0].extra["ranking"]["retrieval"] > 0
    best = max(h.extra["ranking"]["retrieval"] for h in hits if h.extra["ranking"]["stage"] == "text")
    for hit in hits:
        ranking = hit.extra["ranking"]
        if not ranking["capped"]:
            assert hit.score == pytest.approx(ranking["retrieval"] / best, abs=1e-4)


def test_explain_shows_the_stage_retrieval_score_and_rerankers(product_kb) -> None:
    runner = CliRunner()
    query = "can a creature with deathtouch and trample"
    result = runner.invoke(main, ["search", "--kb", str(product_kb), "-n", "3", "--json", "--explain", query])
    assert result.exit_code == 0, result.output
    hits = json.loads(result.stdout)["hits"]
    assert all(h["ranking"]["stage"] == "question" and h["ranking"]["retrieval"] > 0 for h in hits)
    assert ["home", 1.2] in hits[0]["ranking"]["rerankers"]  # 702.2c, a Deathtouch rule, named
    plain = json.loads(runner.invoke(main, ["search", "--kb", str(product_kb), "-n", "3", "--json", query]).stdout)
    assert all("ranking" not in h for h in plain)  # the bare list keeps its shape
    text = runner.invoke(main, ["search", "--kb", str(product_kb), "-n", "1", "--explain", query]).output
    assert "ranked: question, retrieval " in text and "rerankers home ×1.2" in text


def test_exact_matches_score_one(product_kb) -> None:
    hits = search(KnowledgeBase.open(product_kb), "702.19", limit=5)
    assert [h.reason for h in hits] == ["number"] * 5 and {h.score for h in hits} == {1.0}
