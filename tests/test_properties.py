"""Property tests (hypothesis): rule numbers round-trip, and arbitrary input never makes the number
parser, the reference finder or any registered source parser raise anything but the project's
one-line errors. Examples are bounded (the whole file runs in well under a minute) and, under
CI, derandomised so a run is repeatable."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.errors import KBError
from kb.numbering import SUBRULE_LETTERS, NumberError, RuleNumber, normalise_selector, parse_selector
from kb.parsers import FORMATS, detect_format
from kb.refs import find_refs
from kb.sources import source_from_bytes

from .test_parsers_conformance import SAMPLES

CI = os.environ.get("CI", "").lower() == "true"
BOUNDED = settings(max_examples=60, deadline=None, derandomize=CI,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ACCEPTED = st.from_regex(r"[0-9]|[0-9]{3}|[0-9]{3}\.(0|[1-9][0-9]{0,8})[" + SUBRULE_LETTERS + r"]?", fullmatch=True)


def numbers() -> st.SearchStrategy[RuleNumber]:
    def build(chapter: int, rule: int | None, letter: str | None, depth: int) -> RuleNumber:
        if depth == 0:
            return RuleNumber(chapter // 100)
        if depth == 1 or rule is None:
            return RuleNumber(chapter // 100, chapter)
        return RuleNumber(chapter // 100, chapter, rule, letter if depth == 3 else None)

    rules = st.one_of(st.integers(0, 30), st.integers(9990, 10010), st.integers(0, 10 ** 9 - 1))
    return st.builds(build, st.integers(0, 999), rules, st.sampled_from(SUBRULE_LETTERS), st.integers(0, 3))


@BOUNDED
@given(ACCEPTED, st.booleans())
def test_every_accepted_number_round_trips(text: str, period: bool) -> None:
    number = RuleNumber.parse(text + ("." if period else ""))
    assert str(number) == text
    assert RuleNumber.parse(str(number)) == number


@BOUNDED
@given(numbers(), numbers())
def test_sort_key_orders_as_the_numbers_do(a: RuleNumber, b: RuleNumber) -> None:
    assert (a < b) == (a.sort_key < b.sort_key)
    assert (a == b) == (a.sort_key == b.sort_key)
    assert RuleNumber.parse(str(a)) == a


@BOUNDED
@given(st.text(max_size=80) | st.from_regex(r"[0-9 .a-z\-–]{0,30}", fullmatch=True))
def test_any_text_parses_as_a_number_or_selector_or_is_a_number_error(text: str) -> None:
    for parse, typed in ((RuleNumber.parse, text), (parse_selector, normalise_selector(text))):
        try:
            parsed = parse(text)
        except NumberError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 200
            continue
        if isinstance(parsed, RuleNumber):  # a selector reads as typed (CR 400.7, 400,7, 702.19B) normalised
            assert str(parsed) == typed.strip().rstrip(".")


CITATIONS = st.lists(st.sampled_from(list("0123456789.-–— ,abcdlo") + [
    "rule ", "rules ", "section ", " and ", " through ", "See ", "règle ", "regole "]), max_size=60).map("".join)


@BOUNDED
@given(st.text(max_size=300) | CITATIONS, st.sampled_from(["en", "it", "fr"]))
def test_find_refs_never_raises_and_gives_rule_numbers(text: str, lang: str) -> None:
    refs = find_refs(text, lang)
    assert len(refs) == len(set(refs))
    for ref in refs:
        assert str(RuleNumber.parse(ref)) == ref


def mutated(lines: list[str], data: st.DataObject) -> list[str]:
    """``lines`` with a few random edits: lines dropped, repeated, swapped, replaced or cut."""
    lines = list(lines)
    for _ in range(data.draw(st.integers(1, 6))):
        if not lines:
            break
        at = data.draw(st.integers(0, len(lines) - 1))
        edit = data.draw(st.sampled_from(["drop", "repeat", "swap", "replace", "cut", "insert"]))
        if edit == "drop":
            del lines[at]
        elif edit == "repeat":
            lines[at:at] = lines[at: at + data.draw(st.integers(1, 20))]
        elif edit == "swap":
            other = data.draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif edit == "replace":
            lines[at] = data.draw(st.text(max_size=60))
        elif edit == "insert":
            lines.insert(at, data.draw(st.from_regex(r"[0-9]{1,4}(\.[0-9]{1,6}[a-z]?)?\.? [A-Za-z ]{0,12}",
                                                      fullmatch=True)))
        else:
            lines[at] = lines[at][: data.draw(st.integers(0, len(lines[at])))]
    return lines


def parse_or_one_line_error(name: str, data: bytes, path: str) -> None:
    try:
        source = source_from_bytes(data, path)
        assert 0.0 <= FORMATS[name].detect(source) <= 1.0
        doc = FORMATS[name].parse(source)
    except KBError as exc:
        assert "\n" not in str(exc), str(exc)
        return
    if name == "cr-text":
        assert doc.accounting.accounted == doc.accounting.total


@pytest.mark.parametrize("name", sorted(FORMATS))
@settings(BOUNDED, max_examples=30)
@given(data=st.data())
def test_every_parser_on_a_damaged_sample_gives_a_document_or_a_one_line_error(name: str, data) -> None:
    sample = SAMPLES[name].path
    lines = sample.read_text(encoding="utf-8-sig").splitlines()
    text = "\n".join(mutated(lines, data))
    parse_or_one_line_error(name, text.encode("utf-8"), str(sample))


@pytest.mark.parametrize("name", sorted(FORMATS))
@settings(BOUNDED, max_examples=25)
@given(raw=st.binary(max_size=600) | st.text(max_size=600).map(str.encode))
def test_every_parser_on_arbitrary_bytes_gives_a_document_or_a_one_line_error(name: str, raw: bytes) -> None:
    parse_or_one_line_error(name, raw, "input.bin")


@BOUNDED
@given(st.text(max_size=400))
def test_format_detection_on_arbitrary_text_names_a_format_or_says_it_cannot(text: str) -> None:
    try:
        source = source_from_bytes(text.encode("utf-8"), "input.txt")
        assert detect_format(source).name in FORMATS
    except KBError as exc:
        assert "\n" not in str(exc)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                           lambda children: st.lists(children, max_size=3)
                           | st.dictionaries(st.text(max_size=8), children, max_size=3), max_leaves=8)


def with_replaced_value(value, data: st.DataObject, depth: int = 0):
    """``value`` (decoded JSON) with one node somewhere below it replaced by an arbitrary JSON value."""
    children = list(value.items()) if isinstance(value, dict) else list(enumerate(value)) \
        if isinstance(value, list) else []
    if not children or depth > 12 or data.draw(st.integers(0, 4)) == 0:
        return data.draw(JSON_VALUES)
    key, child = children[data.draw(st.integers(0, len(children) - 1))]
    value[key] = with_replaced_value(child, data, depth + 1)
    return value


@pytest.mark.parametrize("name", sorted(name for name, sample in SAMPLES.items() if sample.json))
@settings(BOUNDED, max_examples=40)
@given(data=st.data())
def test_json_parsers_on_values_of_the_wrong_type_give_a_document_or_a_one_line_error(name: str, data) -> None:
    import json

    sample = SAMPLES[name].path
    value = json.loads(sample.read_text(encoding="utf-8-sig"))
    for _ in range(data.draw(st.integers(1, 4))):
        value = with_replaced_value(value, data)
    parse_or_one_line_error(name, json.dumps(value).encode("utf-8"), str(sample))
