"""The searcher: rule numbers first, exact names, aligned versions, filters, tiers that fill the page.

On the knowledge base of ``search_kb`` (tests/conftest.py)."""

from __future__ import annotations

import pytest

from indexer.searcher import search
from kb.numbering import RuleNumber

from .searchtools import ids


def test_rule_400_2_is_one_hit_carrying_every_language(search_kb) -> None:
    hits = search(search_kb, "400.2")
    assert [h.id for h in hits].count("rule/400.2") == 1
    first = hits[0]
    assert (first.id, first.number, list(first.texts)) == ("rule/400.2", "400.2", ["en", "it", "fr"])
    assert first.texts["it"]["text"].startswith("Le zone") or "zon" in first.texts["it"]["text"].lower()
    assert [h.id for h in search(search_kb, "400.2", lang="it")][:1] == ["rule/400.2"]
    assert list(search(search_kb, "400.2", lang="it")[0].texts) == ["it"]


@pytest.mark.parametrize("query", ["701.32a", "rule 701.32a", "CR 701.32a", "(701.32a)"])
def test_rule_number_inside_words_comes_first(search_kb, query: str) -> None:
    assert ids(search_kb, query)[0] == "rule/701.32a"


def test_rule_400_7k_inside_a_sentence(search_kb) -> None:
    hits = search(search_kb, "rule 400.7k madness")
    assert hits[0].number == "400.7k" and hits[0].reason == "number"


def test_number_prefix_gives_the_rule_and_its_subrules_in_order(search_kb) -> None:
    hits = search(search_kb, "701.32", lang="en")
    assert [h.number for h in hits[:5]] == ["701.32", "701.32a", "701.32b", "701.32c", "701.32d"]


@pytest.mark.parametrize("query, expected", [
    ("702.19b-d", ["702.19b", "702.19c", "702.19d"]),
    ("702.19b–702.19d", ["702.19b", "702.19c", "702.19d"]),
    ("400.1-400.3", ["400.1", "400.2", "400.3"]),
])
def test_ranges_come_first_in_rules_order(search_kb, query: str, expected: list[str]) -> None:
    hits = search(search_kb, query, lang="en", limit=10)
    assert [h.number for h in hits[:len(expected)]] == expected
    numbers = [RuleNumber.parse(h.number) for h in hits if h.reason == "number"]
    assert numbers == sorted(numbers)


def test_campo_di_battaglia_reaches_the_english_chapter_through_alignment(search_kb) -> None:
    first = search(search_kb, "campo di battaglia")[0]
    assert first.id == "rule/403" and {"it", "en"} <= set(first.texts)


def test_card_name_in_italian_is_an_exact_hit(search_kb) -> None:
    hit = search(search_kb, "Magister dei Meritevoli")[0]
    assert (hit.id, hit.title, hit.reason) == ("card/it/Magister of Worth", "Magister dei Meritevoli", "name")
    assert hit.aligned["en"] == "card/en/Magister of Worth" and hit.aligned["fr"] == "card/fr/Magister of Worth"


@pytest.mark.parametrize("query, field, value", [
    ("vote kind:card", "kind", "card"), ("vote kind:ruling", "kind", "ruling"), ("vote lang:it", "lang", "it"),
    ("zone section:4 kind:rule", "number", "4"),
])
def test_filters(search_kb, query: str, field: str, value: str) -> None:
    hits = search(search_kb, query, limit=20)
    assert hits
    for hit in hits:
        assert (getattr(hit, field) or "").startswith(value)


def test_a_common_query_still_fills_the_page(search_kb) -> None:
    """Repeated ruling texts merge into one hit; the page is filled from further down the same tier."""
    hits = search(search_kb, "state-based actions", limit=10)
    assert len(hits) == 10 and len({h.id for h in hits}) == 10
    assert all(h.reason in ("text", "name", "concept", "expanded") for h in hits)


class _Ticks:
    """A clock that moves one second at each reading (the time budgets read it at each check)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def test_the_time_budget_is_checked_while_the_documents_are_read(search_kb, monkeypatch) -> None:
    """A query runs a handful of checks between its steps; reading hundreds of documents in one
    step adds one check every few documents, so a budget of 10 clock readings stops it."""
    import indexer.budget
    from indexer.query import SearchTimeout

    monkeypatch.setattr(indexer.budget, "cpu_clock", _Ticks())
    with pytest.raises(SearchTimeout, match="^the search took more than 10 s of work and was stopped"):
        search(search_kb, "cre* OR pla* OR tar*", budget=10)
    monkeypatch.setattr(indexer.budget, "cpu_clock", _Ticks())
    assert search(search_kb, "cre* OR pla* OR tar*", budget=10_000)


def test_a_search_past_its_deadline_is_stopped_and_one_past_it_before_starting_never_starts(search_kb,
                                                                                            monkeypatch) -> None:
    import indexer.budget
    from indexer.query import SearchTimeout

    clock = _Ticks()
    monkeypatch.setattr(indexer.budget, "wall_clock", clock)
    with pytest.raises(SearchTimeout, match="^the search could not finish in time and was stopped"):
        search(search_kb, "cre* OR pla* OR tar*", deadline=10)
    assert clock.now == 11  # the first reading after the deadline
    with pytest.raises(SearchTimeout):
        search(search_kb, "vote", deadline=0)
    assert clock.now == 12  # one reading: nothing was searched


def test_the_limit_is_capped_at_200(search_kb) -> None:
    from indexer.searcher import MAX_LIMIT

    assert MAX_LIMIT == 200
    assert len(search(search_kb, "cre* OR pla* OR tar*", limit=1000)) == MAX_LIMIT


def test_a_card_of_two_faces_is_found_by_the_name_of_either(search_kb) -> None:
    """A judge types the name printed on the face in front of them: 'Incongruity' is the second half of
    Incubation // Incongruity (before, only the whole 'A // B' was an exact name, and a face's name was read
    as a question or as words: the card came later, if at all)."""
    for query in ("Incubation // Incongruity", "incongruity", "Incubation"):
        first = search(search_kb, query, limit=3)[0]
        assert (first.id, first.reason) == ("card/en/Incubation // Incongruity", "name"), query
