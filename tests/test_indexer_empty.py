"""Why a search found nothing (indexer.empty), on the embedded corpus (the 2025-11-14 release)."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.searcher import search
from kb.store import KnowledgeBase


@pytest.fixture(scope="module")
def kb(product_kb: Path) -> KnowledgeBase:
    return KnowledgeBase.open(product_kb)


WHERE = "the Comprehensive Rules of 2025-11-14 (rules run from 100.1 to 905.6)"


@pytest.mark.parametrize("query", ["rule 999.9", "999.9", "regola 999.9", "règle 999.9", "CR 999.9"])
def test_a_rule_number_not_held_names_the_release_its_span_and_the_nearest_numbers(kb: KnowledgeBase,
                                                                                  query: str) -> None:
    hits = search(kb, query)
    assert list(hits) == []
    assert hits.empty_reason == f"no rule 999.9 in {WHERE}; nearest: 9, 905.6"


@pytest.mark.parametrize("query, reason", [
    ("702.19z", f"no rule 702.19z in {WHERE}; nearest: 702.19, 702.19g, 702.20, 702.20a"),
    ("chapter 999", f"no chapter 999 in {WHERE}; nearest: 9, 905.6"),
    ("999.1-999.3", f"no rule between 999.1 and 999.3 in {WHERE}"),
    ("999.9 998.1", f"no rule 999.9 or rule 998.1 in {WHERE}; nearest to 999.9: 9, 905.6"),
])
def test_subrules_chapters_ranges_and_several_numbers_not_held(kb: KnowledgeBase, query: str, reason: str) -> None:
    hits = search(kb, query)
    assert list(hits) == [] and hits.empty_reason == reason


@pytest.mark.parametrize("query, words", [
    ("what is the", "what, is, the"),
    ("what is the?", "what, is, the"),
    ("che cosa è", "che, cosa, è"),
    ("qu'est-ce que c'est", "est, ce, que"),
])
def test_a_query_of_function_words_says_so_and_asks_for_game_terms(kb: KnowledgeBase, query: str, words: str) -> None:
    hits = search(kb, query)
    assert list(hits) == []
    assert hits.empty_reason == (f"the query holds only question and function words ({words}): "
                                 "add the game terms you ask about")


def test_a_query_of_no_word_says_so(kb: KnowledgeBase) -> None:
    assert search(kb, "???").empty_reason == "the query holds no words to search for"


@pytest.mark.parametrize("query, reason", [
    ("xyzzy", "no item holds 'xyzzy' in any language"),
    ("xyzzy plugh", "no item holds 'xyzzy' or 'plugh' in any language"),
    ("xyzzy plugh?", "no item holds 'xyzzy' or 'plugh' in any language"),  # read as a question
    ("xyzq*", "no item holds 'xyzq*' in any language"),
])
def test_words_held_nowhere_are_named(kb: KnowledgeBase, query: str, reason: str) -> None:
    hits = search(kb, query)
    assert list(hits) == [] and hits.empty_reason == reason


def test_filters_exclusions_and_phrases_that_leave_nothing_say_so(kb: KnowledgeBase) -> None:
    assert search(kb, "astensione", lang="fr").empty_reason == \
        "nothing found within lang:fr: try without this filter"
    assert search(kb, "400.2", kind="card").empty_reason == \
        "nothing found within kind:card: try without this filter"
    assert search(kb, "astensione -astensione").empty_reason == \
        "every match holds an excluded word (astensione)"
    assert search(kb, '"trample lifelink haste"').empty_reason == \
        'no item holds the phrase "trample lifelink haste" as typed: try its words without quotes'


def test_a_search_with_hits_gives_no_reason(kb: KnowledgeBase) -> None:
    for query in ("rule 905.6", "astensione", "trample"):
        hits = search(kb, query)
        assert hits and hits.empty_reason is None
