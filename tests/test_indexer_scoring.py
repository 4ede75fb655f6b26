"""Ranking: direct matches above translated ones, deterministic ties.

On the knowledge base of ``search_kb`` (tests/conftest.py)."""

from __future__ import annotations

from indexer.hits import Hit
from indexer.scoring import in_languages, rule_order, stored_order
from indexer.searcher import Searcher, search


def test_pareggio_finds_the_italian_ruling_and_card_first(search_kb) -> None:
    hits = search(search_kb, "pareggio")
    # the two Italian texts holding the word, direct matches, first (their order is BM25's: the card's
    # text is the shorter); translations (tie) ranked after them
    first = {h.id.split("/")[0] + "/" + h.lang for h in hits[:2]}
    assert first == {"ruling/it", "card/it"} and all("pareggio" in h.snippet for h in hits[:2])
    assert "card/it/Magister of Worth" in [h.id for h in hits[:2]]
    assert [h.reason for h in hits[:2]] == ["text", "text"]


def test_vote_tied_finds_the_tie_ruling(search_kb) -> None:
    top = search(search_kb, "vote tied", limit=3)
    assert any(h.kind == "ruling" and "the vote is tied" in h.snippet.replace("“", '"').replace("”", '"')
               for h in top)


def test_order_is_deterministic(search_kb) -> None:
    first = [(h.id, h.score) for h in search(search_kb, "player vote", limit=30)]
    again = [(h.id, h.score) for h in Searcher(search_kb.index_dir).search("player vote", limit=30)]
    assert first == again
    assert len(first) == len({hit_id for hit_id, _ in first})  # no hit twice


def test_equal_scores_break_ties_by_kind_language_rule_order_and_id() -> None:
    def hit(kind: str, uid: str, lang: str, score: float, numkey: str = "") -> Hit:
        return Hit(kind, uid, lang, "", "", score, extra={"_numkey": numkey})

    hits = [hit("ruling", "ruling/en/x", "en", 2.0), hit("rule", "rule/fr/b", "fr", 2.0, "b"),
            hit("rule", "rule/en/b", "en", 2.0, "b"), hit("rule", "rule/en/a", "en", 2.0, "a"),
            hit("card", "card/en/z", "en", 2.0)]
    stored = {h.id: {"kind": h.kind, "lang": h.lang, "numkey": h.extra["_numkey"], "uid": h.id} for h in hits}
    assert [h.id for h in sorted(hits, key=lambda h: stored_order(stored[h.id]))] == [
        "rule/en/a", "rule/en/b", "rule/fr/b", "card/en/z", "ruling/en/x"]
    assert [h.id for h in sorted(hits[1:4], key=rule_order)] == ["rule/en/a", "rule/en/b", "rule/fr/b"]


def test_languages_in_order() -> None:
    assert in_languages(set()) == ["en", "it", "fr"]
    assert in_languages({"fr", "it"}) == ["it", "fr"]
