"""The query language: its pieces, filters, rule-number cues and one-line errors.

On the knowledge base of ``search_kb`` (tests/conftest.py)."""

from __future__ import annotations

import pytest

from indexer.query import QueryError, parse_query
from indexer.searcher import search


def test_parse_query_pieces() -> None:
    parsed = parse_query('rule 400.7k "public zone" -damage kind:card lang:it OR vot*')
    assert [str(n) for n in parsed.numbers] == ["400.7k"]
    assert [type(i).__name__ for i in parsed.groups[0]] == ["Phrase"]
    assert parsed.groups[1][0].prefix and [i.text for i in parsed.negated] == ["damage"]
    assert parsed.kinds == {"card"} and parsed.langs == {"it"}


def test_a_hyphen_before_a_letter_excludes_a_word_and_before_anything_else_does_not() -> None:
    assert [i.text for i in parse_query("wrath -regeneration").negated] == ["regeneration"]
    for query in ("il meurt -> il revient ?", "-2 loyalty", "a - b"):  # an arrow, a number, a dash
        assert not parse_query(query).negated, query
    # a loyalty cost or a variable (before: "-X" excluded X, and the question was read as the game terms it named)
    for query in ("ashiok nightmare weaver -X, posso prendere una creatura esiliata?", "it gets -X/-X"):
        assert not parse_query(query).negated, query
    assert [i.text for i in parse_query("flying -xenagos").negated] == ["xenagos"]


def test_a_question_with_a_loyalty_cost_of_x_is_read_as_a_question(search_kb) -> None:
    """The twenty-second session, using the tool: *ashiok nightmare weaver -X, …* answered 302 Creatures and 701.13
    Exile, the game terms it names, as a query excluding X."""
    hits = search(search_kb, "ashiok nightmare weaver -X, posso prendere una creatura esiliata da rest in peace?")
    assert hits.reading is not None and "loyalty ability" in hits.reading["read_as"]
    assert [c["name"] for c in hits.reading["cards"]] == ["Ashiok, Nightmare Weaver", "Rest in Peace"]


def test_chapter_needs_a_cue_word(search_kb) -> None:
    assert search(search_kb, "chapter 403", lang="en")[0].id == "rule/403"
    assert all(h.reason != "number" for h in search(search_kb, "403 votes"))


def test_bad_filter_values_are_one_line_errors(search_kb) -> None:
    for query, message in (("lang:de vote", "unknown language"), ("kind:spell x", "unknown kind"),
                           ("section:12 x", "unknown section")):
        with pytest.raises(QueryError, match=message):
            search(search_kb, query)


@pytest.mark.parametrize("query", ['"unbalanced quote', "NOT", "OR", "NOT NOT vote", '""', "   ", "-",
                                   "vote " * 2500, "vo\x00te\x1b[31m", "701.", "999.99z", "702.19d-b",
                                   "kind:", "lang:", "*", "***", ":::", "(((", "ü" * 300])
def test_malformed_input_never_raises_anything_else(search_kb, query: str) -> None:
    try:
        hits = search(search_kb, query)
    except QueryError as exc:
        assert "\n" not in str(exc)
    else:
        assert isinstance(hits, list)


@pytest.mark.parametrize("typed", ["CR400.7k", "regola400.7k", "règle400.7k", "§400.7k", "§ 400.7k", "r. 400.7k"])
def test_a_number_with_its_cue_glued_or_abbreviated_is_the_number(typed: str) -> None:
    parsed = parse_query(typed)
    assert [str(n) for n in parsed.numbers] == ["400.7k"] and not parsed.items


def test_a_chapter_needs_its_cue_even_glued() -> None:
    assert [str(n) for n in parse_query("CR400 vote").numbers] == ["400"]
    assert parse_query("400 vote").numbers == []


@pytest.mark.parametrize("typed", ["702.19 b-d", "702.19b - 702.19d", "702.19b – d", "702.19b-d"])
def test_a_range_typed_with_spaces_is_the_range(typed: str) -> None:
    assert [str(n) for n in parse_query(typed).numbers] == ["702.19b-702.19d"]


@pytest.mark.parametrize("query", ["702.19b-a", "400.3-400.1"])
def test_a_range_typed_backwards_is_an_error_not_words(query: str) -> None:
    """A judge's cold trial: "702.19b-a" was searched as the words 702 and 19b."""
    with pytest.raises(QueryError, match="ends before it starts"):
        parse_query(query)


@pytest.mark.parametrize("typed", ["*/*", "*/1+*", "1+*", "2/*"])
def test_a_power_or_toughness_written_with_a_star_is_no_prefix(typed: str) -> None:
    # a question about Tarmogoyf or Master of Etherium: the star is its power, not a prefix too short
    parsed = parse_query(f"does my creature stay {typed} or is it 0/1")
    texts = [getattr(item, "text", "") for group in parsed.groups for item in group]
    assert "creature" in texts and "stay" in texts
    assert not any(getattr(item, "prefix", False) for group in parsed.groups for item in group)


def test_a_prefix_too_short_is_still_an_error() -> None:
    with pytest.raises(QueryError, match="at least 3 letters"):
        parse_query("vo*")
