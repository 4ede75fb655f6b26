"""The search parameters (indexer.params): one frozen set of numbers, changed by copy, read by a
search passed it, so a tuning or ablation run patches nothing."""

from __future__ import annotations

import dataclasses

import pytest

from indexer.params import DEFAULT, RERANKERS, Params
from indexer.questions import QuestionIndex
from indexer.reading import read
from indexer.searcher import Searcher, search
from kb.store import KnowledgeBase

# 122.1b enumerates the keywords a keyword counter can grant: deathtouch and trample meet there in passing
ENUMERATING = "can a creature with deathtouch and trample"
KEYWORDS_NAMED = ("can a creature with deathtouch and trample assign lethal damage to the blocker and "
                  "the rest to the player?")


@pytest.fixture(scope="module")
def kb(product_kb):
    return KnowledgeBase.open(product_kb)


def test_replace_returns_a_changed_copy_and_leaves_the_default_alone() -> None:
    changed = DEFAULT.replace(**{"heading.enabled": False, "bm25.k1": 1.5, "fuse.after_best": 2})
    assert (changed.heading.enabled, changed.bm25.k1, changed.fuse.after_best) == (False, 1.5, 2)
    assert DEFAULT.heading.enabled and DEFAULT.bm25.k1 == 1.8 and DEFAULT.fuse.after_best == 3
    assert changed.replace(**{"heading.enabled": True}).heading == DEFAULT.heading
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT.heading.factor = 1.0  # type: ignore[misc]


@pytest.mark.parametrize("name, value", [("heading.weight", 1.0), ("nothing.enabled", True), ("heading", 0.5),
                                         ("heading.enabled", 0), ("heading.factor", "0.5"), ("fuse.after_best", 2.5),
                                         ("list.enabled", False)])  # a reranker removed by its ablation
def test_an_unknown_parameter_or_a_value_of_the_wrong_type_is_refused(name, value) -> None:
    with pytest.raises(ValueError, match=name.partition(".")[0]):
        DEFAULT.replace(**{name: value})


def test_every_reranker_is_a_group_that_can_be_turned_off() -> None:
    assert len(set(RERANKERS)) == len(RERANKERS)
    for name in RERANKERS:
        assert DEFAULT.on(name) and not DEFAULT.replace(**{f"{name}.enabled": False}).on(name)
    assert set(RERANKERS) <= set(f.name for f in dataclasses.fields(Params))
    assert all(name.count(".") == 1 for name in DEFAULT.names())


def test_the_rerankers_applied_to_a_document_are_kept_with_it(kb) -> None:
    index = QuestionIndex(kb.index_dir)
    reading = read(KEYWORDS_NAMED, "en")
    at_home = next(r for r in index.rank(reading) if r.uid == "rule/en/702.2c")  # Deathtouch's own rules
    assert ("home", DEFAULT.home.factor) in at_home.changes
    away = next(r for r in index.rank(reading, params=DEFAULT.replace(**{"home.enabled": False}))
                if r.uid == "rule/en/702.2c")
    assert all(tag != "home" for tag, _ in away.changes)
    assert away.score == pytest.approx(at_home.score / DEFAULT.home.factor)


def test_a_search_reads_the_parameters_it_is_passed(kb) -> None:
    default = [h.id for h in search(kb, ENUMERATING, limit=8)]
    scored = [(h.id, round(h.score, 6)) for h in search(kb, ENUMERATING, limit=8)]
    off, neutral = ([(h.id, round(h.score, 6)) for h in search(kb, ENUMERATING, limit=8, params=DEFAULT.replace(**change))]
                    for change in ({"home.enabled": False}, {"home.factor": 1.0}))
    # the keywords' own rules lose their favour (702.2c: ×1.2 no more), the same way both ways of saying so
    assert off != scored and off == neutral
    # the cached searcher goes back to the defaults on the next search without parameters
    assert [h.id for h in search(kb, ENUMERATING, limit=8)] == default
    assert [h.id for h in Searcher(kb.index_dir).search(ENUMERATING, limit=8, params=DEFAULT)] == default


def test_the_text_boosts_and_bm25_come_from_the_parameters(kb) -> None:
    default = search(kb, "trample", limit=5, kind="ruling")
    steeper = search(kb, "trample", limit=5, kind="ruling", params=DEFAULT.replace(**{"bm25.k1": 3.0}))
    assert [h.score for h in default] != [h.score for h in steeper]


def test_a_word_is_read_by_its_english_only_from_the_sure_weight_given(kb) -> None:
    # vuoto is held by no rule as typed: its sure English (empty) reads it
    assert search(kb, "vuoto", limit=4).reading is not None
    unsure = search(kb, "vuoto", limit=4, params=DEFAULT.replace(**{"reading.sure_translation": 1.01}))
    assert unsure.reading is None and not [h for h in unsure if h.kind == "rule"]


def test_the_partial_tier_reads_its_share_and_scale(kb) -> None:
    from indexer.params import Partial
    from indexer.text_queries import TextQueries

    searcher = Searcher(kb.index_dir)
    texts = TextQueries(searcher.reader, searcher.words, ["en"], partial=Partial(max_share=0.0, scale=0.5))
    clauses = [texts._item_query(w) for w in (_word("creature"), _word("planeswalker"))]
    query = texts._partial_query(clauses)
    assert len(query.subqueries) == 1 and query.scale == 0.5  # only the rarest word kept at share 0
    wide = TextQueries(searcher.reader, searcher.words, ["en"], partial=Partial(max_share=1.0))._partial_query(clauses)
    assert len(wide.subqueries) == 2


def _word(text: str):
    from indexer.query import Word

    return Word(text)
