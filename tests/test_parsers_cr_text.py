"""The official English releases: every one parses completely and exactly."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from kb.errors import ParseError, UnknownFormatError
from kb.model import Document
from kb.parsers import detect_format, parse_source
from kb.parsers.cr_text import split_names
from kb.sources import read_source, source_from_bytes

from .conftest import cr_release

RELEASES = ["20120701", "20160826", "20180713", "20221118", "20231013",
            "20241108", "20250404", "20250606", "20251114"]


@lru_cache(maxsize=None)
def parsed(date: str) -> Document:
    return parse_source(read_source(cr_release(date)))


def independent_count(date: str) -> int:
    """Numbered rule lines between the end of the contents and the glossary, counted by a plain regex."""
    lines = read_source(cr_release(date)).lines
    stripped = [line.strip() for line in lines]
    first_section = stripped.index("1. Game Concepts")
    body_start = stripped.index("1. Game Concepts", first_section + 1)
    body_end = stripped.index("Glossary", body_start)
    return sum(1 for line in stripped[body_start:body_end] if re.match(r"\d{3}\.\d+[a-z]?[.\s]", line))


@pytest.mark.parametrize("date", RELEASES)
def test_release_parses_with_every_line_accounted(date: str) -> None:
    doc = parsed(date)
    acc = doc.accounting
    assert acc.unparsed == ()
    assert acc.accounted == acc.total == len(read_source(cr_release(date)).lines)
    assert doc.effective_date == f"{date[:4]}-{date[4:6]}-{date[6:]}"
    assert doc.lang == "en" and doc.format == "cr-text"
    counts = doc.counts()
    assert counts["rule"] + counts["subrule"] == independent_count(date)
    assert counts["section"] == 9
    assert acc.boilerplate["contents"] == counts["section"] + counts["chapter"] + 2 + (date == "20120701")
    assert counts["terms"] > 400
    assert doc.credits.startswith(("Magic: The Gathering Original Game Design", "_Magic: The Gathering_"))


def test_rule_400_7_with_subrules_a_to_k_and_m() -> None:
    rules = parsed("20241108").rule_map()
    subrules = [n for n in rules if n.startswith("400.7") and n != "400.7"]
    assert subrules == [f"400.7{c}" for c in "abcdefghijkm"]
    assert rules["400.7m"].text.startswith("Stickers on an object in a public zone are retained")
    assert rules["400.7m"].refs == ("123.5",)
    assert rules["400.7"].kind == "rule" and rules["400.7m"].kind == "subrule"
    assert rules["400"].title == "General" and rules["4"].title == "Zones"


def test_vote_numbers_across_releases() -> None:
    r2024 = parsed("20241108").rule_map()
    assert r2024["701.32"].text == "Vote"
    assert [n for n in r2024 if n.startswith("701.32") and n != "701.32"] == [f"701.32{c}" for c in "abcd"]
    assert r2024["701.32a"].text.startswith("Some spells and abilities instruct players to vote")
    assert r2024["701.31"].text == "Monstrosity"
    r2025 = parsed("20251114").rule_map()
    assert r2025["701.38"].text == "Vote"
    assert r2025["701.38d"].text.startswith("If an effect gives a player multiple votes")
    assert r2025["701.38a"].text == r2024["701.32a"].text


def test_examples_attach_to_their_rule_and_continuations_to_their_text() -> None:
    rules = parsed("20241108").rule_map()
    assert len(rules["702.19b"].examples) == 2
    assert rules["702.19b"].examples[0].text.startswith("A 2/2 creature that can block an additional creature")
    assert rules["702.19b"].examples[0].line == rules["702.19b"].line + 1  # no blank line before an example
    # An indented paragraph continues the rule above it (205.4c lists the old basic lands).
    assert "\nCards printed in sets prior to the Eighth Edition core set" in rules["205.4c"].text


def test_cross_references_resolved() -> None:
    rules = parsed("20241108").rule_map()
    assert rules["100.1b"].refs == ("8",)
    assert "903" in rules["100.2c"].refs
    assert "702.19b" in rules["702.19c"].refs


def test_glossary_entries() -> None:
    terms = {t.names: t for t in parsed("20241108").terms}
    vote = terms[("Vote",)]
    assert "701.32" in vote.refs and not vote.obsolete
    assert terms[("Banding", "“Bands with Other”")].names[1] == "“Bands with Other”"
    assert terms[("Bury",)].obsolete
    ability = terms[("Ability",)]
    assert ability.definition.count("\n") == 2  # definitions run over several lines


def test_odd_but_usable_lines_are_warnings_not_failures() -> None:
    doc = parsed("20241108")
    assert any("119.1d is written with a period" in w for w in doc.warnings)
    assert any("606.5 is written without its period" in w for w in doc.warnings)
    assert any("901.4 has no space" in w for w in doc.warnings)
    rules = doc.rule_map()
    assert rules["901.4"].text.startswith("All plane and phenomenon cards")


def test_split_names() -> None:
    assert split_names("You, Your") == ["You", "Your"]
    assert split_names("Partner, “Partner with [name]”") == ["Partner", "“Partner with [name]”"]


# -- bad input ---------------------------------------------------------------

def _release_bytes(date: str = "20241108") -> bytes:
    return cr_release(date).read_bytes()


def test_truncated_release_is_an_error_naming_the_last_line(tmp_path) -> None:
    data = _release_bytes()
    cut = data[: data.index("702.19b".encode())]
    path = tmp_path / "truncated.txt"
    path.write_bytes(cut)
    with pytest.raises(ParseError) as info:
        parse_source(read_source(path))
    lines = len(read_source(path).lines)
    assert str(info.value) == f"{path}:{lines}: file ends inside the rules, before the Glossary: truncated?"


def test_duplicated_and_out_of_order_numbers_are_read_as_their_neighbours_tell_or_reported(tmp_path) -> None:
    text = ("Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of November 8, 2024.\n\n"
            "1. Game Concepts\n\n100. General\n\n100.1. First.\n\n100.2. Second.\n\n{}\n")
    path = tmp_path / "bad.txt"
    path.write_text(text.format("100.2. Again."), encoding="utf-8")
    doc = parse_source(read_source(path))
    assert doc.rule_map()["100.3"].text == "Again."
    assert f"{path}:13: rule number 100.2 repeated after 100.2 (line 11): taken as 100.3" in doc.warnings
    path.write_text(text.format("100.1a Late."), encoding="utf-8")
    doc = parse_source(read_source(path))
    assert "100.1a" not in doc.rule_map() and [(u.line, u.text) for u in doc.accounting.unparsed] == [
        (13, "100.1a Late.")]
    assert doc.warnings[0] == (f"{path}:13: rule number 100.1a after 100.2 (line 11) does not fit: line left out "
                               "of the rules (in the report of unparsed lines)")
    assert doc.accounting.accounted == doc.accounting.total


def test_excerpt_without_contents_parses_with_a_warning(tmp_path) -> None:
    path = tmp_path / "excerpt.txt"
    path.write_text("These rules are effective as of November 8, 2024.\n\n400. General\n\n"
                    "400.1. A zone is a place.\nExample: One.\nExample: Two.\n", encoding="utf-8")
    doc = parse_source(read_source(path))
    assert [e.text for e in doc.rule_map()["400.1"].examples] == ["One.", "Two."]
    assert doc.rule_map()["400"].title == "General"
    assert any("no glossary" in w for w in doc.warnings)
    assert doc.accounting.unparsed == () and doc.accounting.accounted == doc.accounting.total


def test_unknown_format_is_named() -> None:
    source = source_from_bytes("Just some notes\nabout nothing in particular.\n".encode(), "notes.txt")
    with pytest.raises(UnknownFormatError, match=r"^notes.txt:1: format not recognised"):
        detect_format(source)


def test_every_release_is_detected_as_cr_text() -> None:
    for date in RELEASES:
        assert detect_format(read_source(cr_release(date))).name == "cr-text"


def test_subrule_letter_l_is_read_as_m_with_a_warning(tmp_path) -> None:
    path = tmp_path / "letters.txt"
    path.write_text("These rules are effective as of November 8, 2024.\n\n100. General\n\n"
                    "100.1. A rule.\n\n100.1k Fine.\n\n100.1l Not a letter the rules use.\n", encoding="utf-8")
    doc = parse_source(read_source(path))
    assert doc.rule_map()["100.1m"].text == "Not a letter the rules use."
    assert f"{path}:9: rule number 100.1l (subrule letters skip 'l' and 'o') after 100.1k (line 7): " \
           "taken as 100.1m" in doc.warnings


def test_glossary_entry_without_a_name_is_reported_not_dropped(tmp_path) -> None:
    path = tmp_path / "glossary.txt"
    path.write_text("These rules are effective as of November 8, 2024.\n\n100. General\n\n100.1. A rule.\n\n"
                    "Glossary\n\nVote\nTo choose. See rule 100.1.\n\n(Obsolete)\nA definition with no term.\n\n"
                    "Credits\n\nSomebody\n", encoding="utf-8")
    doc = parse_source(read_source(path))
    assert [t.names for t in doc.terms] == [("Vote",)]
    assert [(u.line, u.reason) for u in doc.accounting.unparsed] == [
        (12, "glossary entry with no term name"), (13, "glossary entry with no term name")]
    assert doc.accounting.accounted == doc.accounting.total
