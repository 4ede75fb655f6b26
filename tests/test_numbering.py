"""Rule numbers: parsing, order, parents, ranges."""

from __future__ import annotations

import pytest

from kb.numbering import NumberError, RuleNumber, joined_selectors, parse_range, parse_selector

N = RuleNumber.parse


@pytest.mark.parametrize("text, kind, canonical", [
    ("7", "section", "7"), ("701", "chapter", "701"), ("701.32", "rule", "701.32"),
    ("701.32.", "rule", "701.32"), ("701.32a", "subrule", "701.32a"), (" 400.7m ", "subrule", "400.7m"),
])
def test_parse(text: str, kind: str, canonical: str) -> None:
    number = N(text)
    assert number.kind == kind
    assert str(number) == canonical


@pytest.mark.parametrize("text", ["", "70", "7011", "701.32l", "701.32o", "abc", "701.", "1.2.3"])
def test_parse_rejects(text: str) -> None:
    if text == "701.":
        assert N(text).kind == "chapter"  # "701." is how a chapter heading is written
        return
    with pytest.raises(NumberError):
        N(text)


def test_order_is_numeric_not_textual() -> None:
    assert N("702.6") < N("702.60")
    assert N("702.9") < N("702.10")
    assert N("704.5k") < N("704.5m")
    assert N("7") < N("700") < N("700.1") < N("700.1a") < N("700.2") < N("701")
    numbers = ["702.60", "702.6", "702.6a", "702.10", "7", "702"]
    assert [str(n) for n in sorted(map(N, numbers))] == ["7", "702", "702.6", "702.6a", "702.10", "702.60"]
    assert sorted(map(N, numbers), key=lambda n: n.sort_key) == sorted(map(N, numbers))


def test_parent_and_contains() -> None:
    assert N("400.7a").parent == N("400.7")
    assert N("400.7").parent == N("400")
    assert N("400").parent == N("4")
    assert N("4").parent is None
    assert N("702.6").contains(N("702.6a"))
    assert not N("702.6").contains(N("702.60"))


@pytest.mark.parametrize("text, first, last", [
    ("702.19b-d", "702.19b", "702.19d"), ("702.19b–702.19d", "702.19b", "702.19d"),
    ("400.1-400.3", "400.1", "400.3"), ("400.1-3", "400.1", "400.3"), ("400-402", "400", "402"),
])
def test_ranges(text: str, first: str, last: str) -> None:
    r = parse_range(text)
    assert (str(r.start), str(r.end)) == (first, last)


def test_letter_range_skips_l_and_o() -> None:
    assert [str(n) for n in parse_range("400.7j-m").expand_letters()] == ["400.7j", "400.7k", "400.7m"]


def test_range_membership_includes_end_subrules() -> None:
    r = parse_range("400.1-400.3")
    assert N("400.3a") in r and N("400.2") in r and N("400.4") not in r


def test_bad_ranges() -> None:
    for text in ["400.3-400.1", "400-b", "702.19b-l"]:
        with pytest.raises(NumberError):
            parse_selector(text)


@pytest.mark.parametrize("typed, read", [
    ("702.19B", "702.19b"), ("CR 400.7", "400.7"), ("CR400.7", "400.7"), ("400,7", "400.7"), ("400,7a", "400.7a"),
    ("regola 400.7", "400.7"), ("règle 400.7", "400.7"), ("Règle 400,7", "400.7"), ("rule 702.19b-D", "702.19b-702.19d"),
    ("400,1-400,3", "400.1-400.3"), ("  400.7  ", "400.7"),
    ("702.19 b", "702.19b"), ("400.7 A", "400.7a"), ("702.19 b-d", "702.19b-702.19d"),
    ("CR400.7k", "400.7k"), ("regola400.7k", "400.7k"), ("§400.7k", "400.7k"), ("§ 400.7k", "400.7k"),
])
def test_selectors_as_judges_type_them(typed: str, read: str) -> None:
    assert str(parse_selector(typed)) == read


@pytest.mark.parametrize("typed", ["CR", "4OO.7", "400.7 ab", "400.7 a b", "1,5", "400.7,1", "regola"])
def test_what_still_is_no_selector(typed: str) -> None:
    with pytest.raises(NumberError):
        parse_selector(typed)


@pytest.mark.parametrize("words, selectors", [
    (["702.19", "b-d"], ["702.19 b-d"]),
    (["702.19b", "-", "702.19d"], ["702.19b - 702.19d"]),
    (["702.19b", "–", "d"], ["702.19b – d"]),
    (["702.19", "b"], ["702.19 b"]),
    (["400.7", "701.38a"], ["400.7", "701.38a"]),
])
def test_command_line_words_joined_into_selectors(words: list[str], selectors: list[str]) -> None:
    assert joined_selectors(words) == selectors
    assert all(parse_selector(s) for s in selectors)


@pytest.mark.parametrize("text", ["1", "100", "100.2", "702.19b", "905.6", "702.1000000a"])
def test_a_sort_key_reads_back_as_its_number(text: str) -> None:
    from kb.numbering import from_sort_key

    number = RuleNumber.parse(text)
    assert from_sort_key(number.sort_key) == number


@pytest.mark.parametrize("key", ["", "x", "11", "1100000", "1100:0"])
def test_a_key_of_no_number_reads_as_none(key: str) -> None:
    from kb.numbering import from_sort_key

    assert from_sort_key(key) is None


def test_nearest_names_the_parent_held_then_the_neighbours() -> None:
    from kb.numbering import nearest

    held = ["9", "905", "905.5", "905.6", "702", "702.19", "702.19g", "702.20", "702.20a"]
    numbers = sorted(RuleNumber.parse(n) for n in held)
    assert nearest(RuleNumber.parse("999.9"), numbers) == ["9", "905.6"]
    assert nearest(RuleNumber.parse("702.19z"), numbers) == ["702.19", "702.19g", "702.20", "702.20a"]
