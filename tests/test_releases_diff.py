"""kb.releases.diff: what changed between releases, on the shared releases and on hand-built documents."""

from __future__ import annotations

import json

from .conftest import parsed_release

from kb.model import Document, Rule, Term
from kb.releases.diff import Segment, diff_documents, word_diff
from kb.matching import mask_numbers
from kb.releases.render import render_words


def _diff_2025():
    return diff_documents(parsed_release("20250404"), parsed_release("20250606"))


def _by_old(diff):
    return {c.old_number: c for c in diff.rules if c.old_number}


# -- the shared releases: 2025-04-04 -> 2025-06-06 -------------------------------

def test_vote_and_ring_tempts_you_are_moves():
    diff = _diff_2025()
    changes = _by_old(diff)
    vote, ring = changes["701.32"], changes["701.52"]
    assert (vote.kind, vote.new_number, vote.similarity) == ("moved", "701.38", 1.0)
    assert vote.new_text == "Vote"
    assert (ring.kind, ring.new_number, ring.similarity) == ("moved", "701.54", 1.0)
    # the subrules follow their rule
    assert changes["701.32d"].new_number == "701.38d"
    assert changes["701.52a"].new_number == "701.54a"


def test_block_shift_is_moves_not_changes():
    diff = _diff_2025()
    summary = diff.summary()
    # The keyword actions of chapter 701 were reordered: hundreds of numbers moved, but the
    # rewording is limited to a handful of rules.
    assert summary["moved"] > 200
    assert summary["changed"] < 40
    assert not any(c.kind == "changed" and c.new_number.startswith("701.") and c.words == () for c in diff.rules)
    assert summary["unchanged"] > 2800


def test_references_updated_by_the_renumbering_are_recognised():
    diff = _diff_2025()
    refs_only = {c.new_number: c for c in diff.of_kind("renumbered_refs")}
    # 505.3 cites Set in Motion, which went from 701.25 to 701.32
    assert refs_only["505.3"].refs_renumbered == (("701.25", "701.32"),)
    assert diff.mapping["701.25"] == "701.32"
    for change in refs_only.values():
        for old, new in change.refs_renumbered:
            assert diff.mapping[old] == new
    terms = {t.name: t for t in diff.terms}
    assert terms["Vote"].kind == "renumbered_refs"
    assert terms["Vote"].refs_renumbered == (("701.32", "701.38"),)


def test_rewording_added_rules_and_glossary_entries():
    diff = _diff_2025()
    changed = {c.new_number: c for c in diff.of_kind("changed")}
    meld = changed["712.5"]
    assert [s for s in meld.words if s.op != "equal"] == [Segment("delete", "six "), Segment("insert", "seven ")]
    assert 0.5 < meld.similarity < 1.0
    added = {c.new_number for c in diff.of_kind("added")}
    assert {"701.11", "701.11a", "702.182", "702.183"} <= added
    assert "Job Select" in {t.name for t in diff.terms if t.kind == "added"}


def test_summary_counts_match_the_lists_and_json():
    diff = _diff_2025()
    summary = diff.summary()
    for kind in ("added", "removed", "changed", "moved", "renumbered_refs"):
        assert summary[kind] == len(diff.of_kind(kind))
    assert summary["terms_added"] == sum(t.kind == "added" for t in diff.terms)
    data = json.loads(json.dumps(diff.to_dict()))
    assert data["summary"] == summary
    assert {"kind": "moved", "old_number": "701.32", "new_number": "701.38"}.items() <= \
        next(r for r in data["rules"] if r["old_number"] == "701.32").items()


def test_a_release_against_itself_has_no_changes():
    doc = parsed_release("20250606")
    diff = diff_documents(doc, doc)
    assert diff.rules == () and diff.terms == ()
    assert diff.unchanged == len(doc.rules)


# -- hand-built documents -----------------------------------------------------------

def _doc(date: str, rules: list[tuple[str, str]], terms: tuple[Term, ...] = ()) -> Document:
    from kb.numbering import RuleNumber
    made = tuple(Rule(number=n, kind=RuleNumber.parse(n).kind, text=t) for n, t in rules)
    return Document(id=f"cr-en-{date}", lang="en", format="cr-text", effective_date=date, rules=made, terms=terms)


def test_an_insertion_shifts_the_following_rules_as_moves():
    old = _doc("2020-01-01", [("100", ""), ("100.1", "Alpha rule about cards."),
                              ("100.2", "Beta rule about zones."), ("100.3", "Gamma rule, see rule 100.2.")])
    new = _doc("2020-02-01", [("100", ""), ("100.1", "Alpha rule about cards."), ("100.2", "A brand new rule."),
                              ("100.3", "Beta rule about zones."), ("100.4", "Gamma rule, see rule 100.3.")])
    diff = diff_documents(old, new)
    kinds = {(c.kind, c.old_number, c.new_number) for c in diff.rules}
    assert ("added", None, "100.2") in kinds
    assert ("moved", "100.2", "100.3") in kinds
    gamma = _by_old(diff)["100.3"]
    assert (gamma.kind, gamma.new_number, gamma.refs_renumbered) == ("moved", "100.4", (("100.2", "100.3"),))
    assert not gamma.reworded
    assert diff.summary()["changed"] == 0


def test_a_citation_changed_without_a_renumbering_is_a_real_change():
    old = _doc("2020-01-01", [("100", ""), ("100.1", "One."), ("100.2", "Two."), ("100.3", "See rule 100.1.")])
    new = _doc("2020-02-01", [("100", ""), ("100.1", "One."), ("100.2", "Two."), ("100.3", "See rule 100.2.")])
    change = _by_old(diff_documents(old, new))["100.3"]
    assert change.kind == "changed" and change.refs_renumbered == ()
    assert change.similarity < 1.0


def test_glossary_added_removed_changed():
    old = _doc("2020-01-01", [("100", ""), ("100.1", "One.")],
               (Term(("Alpha",), "First letter."), Term(("Beta",), "Second letter.")))
    new = _doc("2020-02-01", [("100", ""), ("100.1", "One.")],
               (Term(("Alpha",), "The first letter."), Term(("Gamma",), "Third letter.")))
    kinds = {(t.kind, t.name) for t in diff_documents(old, new).terms}
    assert kinds == {("changed", "Alpha"), ("removed", "Beta"), ("added", "Gamma")}


def test_word_diff_and_markers():
    words = word_diff("There are six specific meld pairs.", "There are seven specific meld pairs.")
    assert render_words(words) == "There are [-six-] {+seven+} specific meld pairs."
    assert "".join(s.text for s in words if s.op != "delete") == "There are seven specific meld pairs."
    assert mask_numbers("See rule 701.32a and rule 613, not 12 or 1000.") == "See rule # and rule #, not 12 or 1000."


def test_texts_are_shown_with_the_quotes_the_release_prints():
    """A translator copies from the diff: 'player’s' and “becomes” stay as the rules print them (they were
    shown folded to straight quotes); quotes alone are no change."""
    diff = diff_documents(parsed_release("20250606"), parsed_release("20251114"))
    changes = _by_old(diff)
    moved = changes["603.2f"]
    assert moved.new_number == "603.2e" and "“becomes”" in moved.new_text and '"becomes"' not in moved.new_text
    changed = changes["500.4"]
    shown = render_words(changed.words)
    assert "player’s" in shown and "player's" not in shown
    assert word_diff("the player’s card", "the player's card") == (Segment("equal", "the player's card"),)
