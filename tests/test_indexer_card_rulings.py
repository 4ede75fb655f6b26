"""The rulings of the cards a question names, scored one by one (:mod:`indexer.card_rulings`): the same
rulings, order, matched terms and scores as the whoosh query over the whole index it replaces, on
real cards and their Wizards rulings."""

from __future__ import annotations

import pytest
from whoosh import query as Q

from indexer.analysis import name_key, terms
from indexer.card_rulings import FIELD, CardRulings
from indexer.searcher import open_searcher

from .cardtools import cards_kb  # noqa: F401  (a fixture)


def by_query(searcher, keys: list[str], alternatives: list[tuple[str, ...]], allow=None, limit: int = 60):
    """What the whoosh query gave: ``name AND kind:ruling AND (alternative OR …)`` over the whole index."""
    query = Q.And([Q.Or([Q.Term("name_key", key) for key in keys]), Q.Term("kind", "ruling"),
                   Q.Or([Q.And([Q.Term(FIELD, t) for t in alt]) for alt in alternatives])])
    return [(hit.score, hit.docnum, {(f, t.decode() if isinstance(t, bytes) else t) for f, t in hit.matched_terms()})
            for hit in searcher.search(query, filter=allow, limit=limit, terms=True)]


def alternatives_of(*words: str) -> list[tuple[str, ...]]:
    """Each word or phrase as one alternative of its English terms (a phrase: all its terms needed)."""
    return [tuple(terms(word, "en")) for word in words]


CASES = [
    (["Kitchen Finks"], ["persist", "counter", "graveyard", "-1/-1 counter"]),
    (["Humility", "Opalescence"], ["layer", "timestamp", "power", "toughness", "creature"]),
    (["Pithing Needle"], ["loyalty ability", "activate", "mana ability", "name"]),
    (["Thalia, Guardian of Thraben", "Tarmogoyf"], ["cost", "noncreature spell", "graveyard", "card type"]),
    (["Wrath of God", "Kitchen Finks"], ["destroy", "persist", "regenerate", "persist"]),  # one listed twice
    (["Humility"], ["nosuchword", "layer"]),  # a term no text holds
]


@pytest.mark.parametrize("cards, words", CASES)
def test_scoring_the_named_cards_rulings_finds_what_the_query_over_the_index_found(cards_kb, cards, words) -> None:  # noqa: F811
    searcher = open_searcher(cards_kb).searcher
    keys, alternatives = [name_key(card) for card in cards], alternatives_of(*words)
    expected = by_query(searcher, keys, alternatives)
    found = CardRulings(searcher).meeting(keys, alternatives)
    assert expected, "the cards' rulings meet the words"
    assert [(docnum, matched) for _, docnum, matched in found] == [(docnum, matched) for _, docnum, matched in expected]
    assert [score for score, _, _ in found] == pytest.approx([score for score, _, _ in expected], rel=1e-12)


def test_the_best_few_are_kept_ties_by_document_as_the_query_kept_them(cards_kb) -> None:  # noqa: F811
    searcher = open_searcher(cards_kb).searcher
    keys, alternatives = [name_key("Humility"), name_key("Opalescence")], alternatives_of("creature", "layer")
    everything = by_query(searcher, keys, alternatives)
    assert len(everything) > 3
    assert [d for _, d, _ in CardRulings(searcher).meeting(keys, alternatives, limit=3)] == \
        [d for _, d, _ in by_query(searcher, keys, alternatives, limit=3)]


def test_only_the_documents_a_filter_lets_through_are_scored(cards_kb) -> None:  # noqa: F811
    searcher = open_searcher(cards_kb).searcher
    keys, alternatives = [name_key("Kitchen Finks")], alternatives_of("persist", "counter")
    every = CardRulings(searcher).meeting(keys, alternatives)
    allow = {every[0][1]}
    assert [d for _, d, _ in CardRulings(searcher).meeting(keys, alternatives, allow=allow)] == \
        [d for _, d, _ in by_query(searcher, keys, alternatives, allow=allow)] == [every[0][1]]


def test_a_card_the_index_does_not_hold_has_no_rulings(cards_kb) -> None:  # noqa: F811
    searcher = open_searcher(cards_kb).searcher
    assert CardRulings(searcher).meeting([name_key("No Such Card Anywhere")], alternatives_of("persist")) == []


def test_the_terms_kept_per_document_are_bounded_and_read_again_alike(cards_kb, monkeypatch) -> None:  # noqa: F811
    import indexer.card_rulings as card_rulings

    searcher = open_searcher(cards_kb).searcher
    keys, alternatives = [name_key("Humility"), name_key("Opalescence")], alternatives_of("creature", "layer")
    expected = CardRulings(searcher).meeting(keys, alternatives)
    monkeypatch.setattr(card_rulings, "CACHED", 3)
    bounded = CardRulings(searcher)
    assert bounded.meeting(keys, alternatives) == expected == bounded.meeting(keys, alternatives)
    assert len(bounded._terms) <= 3
