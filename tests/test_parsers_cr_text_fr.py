"""The official CR text parser on a hand-made French release excerpt (tests/fixtures/cr_fr_excerpt.txt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.parsers import FORMATS, detect_format
from kb.parsers.cr_text import parse
from kb.sources import read_source, source_from_bytes

EXCERPT = Path(__file__).resolve().parent / "fixtures" / "cr_fr_excerpt.txt"
NARROW_NBSP = "\u202f"


@pytest.fixture(scope="module")
def doc():
    return parse(read_source(EXCERPT))


def test_detected_as_official_cr_text():
    assert detect_format(read_source(EXCERPT)) is FORMATS["cr-text"]


def test_language_and_effective_date(doc):
    assert doc.lang == "fr"
    assert doc.effective_date == "2025-11-14"
    assert doc.introduction.startswith("Ce document fait autorité")
    assert "Richard Garfield" in doc.credits


def test_every_line_is_accounted_and_nothing_unparsed(doc):
    acc = doc.accounting
    assert acc.unparsed == ()
    assert acc.accounted == acc.total == len(read_source(EXCERPT).lines)
    assert acc.boilerplate["contents"] == 7  # the Sommaire lines, from 6. to Crédits
    assert doc.warnings == ()


def test_rule_tree_kinds(doc):
    rules = doc.rule_map()
    assert rules["6"].kind == "section" and rules["6"].title == "Sorts, capacités et effets"
    assert rules["611"].kind == "chapter" and rules["611"].title == "Effets continus"
    assert rules["701.38"].kind == "rule" and rules["701.38"].text == "Voter"
    assert [n for n in rules if n.startswith("611.3") and rules[n].kind == "subrule"] == [
        "611.3a", "611.3b", "611.3c", "611.3d"]


def test_examples_after_a_narrow_no_break_space_are_attached(doc):
    lines = read_source(EXCERPT).lines
    example_lines = [i + 1 for i, line in enumerate(lines) if line.startswith(f"Exemple{NARROW_NBSP}:")]
    attached = {e.line: rule.number for rule in doc.rules for e in rule.examples}
    assert sorted(attached) == example_lines
    rules = doc.rule_map()
    assert len(rules["611.3b"].examples) == 2
    vote = rules["701.38a"].examples[0].text
    assert vote.startswith("Magister de la valeur") and "Exemple" not in vote
    assert f"«{NARROW_NBSP}grâce{NARROW_NBSP}»" in vote  # guillemets kept as written


def test_cross_references_resolve_to_rules_of_the_excerpt(doc):
    rules = doc.rule_map()
    assert rules["701.38c"].refs == ("611.3d",)
    assert rules["601.2"].refs == ("601.2a", "601.2b")
    cited = {ref for rule in doc.rules for ref in rule.refs} | {ref for term in doc.terms for ref in term.refs}
    assert cited and cited <= set(rules)


def test_glossary_with_obsolete_entry(doc):
    terms = {term.names[0]: term for term in doc.terms}
    assert list(terms) == ["Effet continu", "Interruption", "Voter"]
    assert terms["Interruption"].obsolete and not terms["Voter"].obsolete
    assert terms["Voter"].refs == ("701.38",)


@pytest.mark.parametrize("space", [" ", "\u00a0", ""], ids=["space", "nbsp", "none"])
def test_other_spaces_before_the_colon(space: str):
    data = EXCERPT.read_bytes().replace(f"Exemple{NARROW_NBSP}:".encode(), f"Exemple{space}:".encode())
    doc = parse(source_from_bytes(data, "variant.txt"))
    assert sum(len(r.examples) for r in doc.rules) == 4 and not doc.accounting.unparsed
