"""Official releases with the typos WotC shipped: each read as its neighbours tell, with a warning.

The fixtures in ``fixtures/cr_defects/`` are one hand-made rules text (``clean.txt``) and
copies of it with one defect each, of the kinds found in real releases from 2009 on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.ingest import ingest
from kb.parsers import parse_source
from kb.pipeline import BuildRefused, check
from kb.sources import read_source

from .conftest import FIXTURES, SHARED_RELEASES, cr_release, parsed_release

DEFECTS = FIXTURES / "cr_defects"


def parsed(name: str):
    return parse_source(read_source(DEFECTS / name))


def rules_of(doc) -> list[tuple[str, str, str | None]]:
    return [(r.number, r.text, r.title) for r in doc.rules]


@pytest.mark.parametrize("name, line, warning", [
    ("repeated_letter.txt", 67, "rule number 702.30d repeated after 702.30d (line 65) and before 702.31: "
                                "taken as 702.30e"),
    ("digit_for_letter.txt", 45, "rule number 505.54 after 505.4 (line 43) and before 505.5a: taken as 505.5"),
    ("date_glued.txt", 3, "effective date 'June18, 2021' read as 'June 18, 2021' (2021-06-18)"),
])
def test_defect_is_read_as_the_clean_text_with_one_warning(name: str, line: int, warning: str) -> None:
    clean, doc = parsed("clean.txt"), parsed(name)
    assert clean.warnings == ()
    assert doc.warnings == (f"{DEFECTS / name}:{line}: {warning}",)
    assert rules_of(doc) == rules_of(clean)
    assert doc.effective_date == "2021-06-18" and [t.names for t in doc.terms] == [t.names for t in clean.terms]
    assert doc.accounting.unparsed == () and doc.accounting.accounted == doc.accounting.total


def test_early_layout_contents_naming_section_1_differently_and_listing_questions() -> None:
    doc, clean = parsed("early_layout.txt"), parsed("clean.txt")
    assert doc.warnings == (f"{DEFECTS / 'early_layout.txt'}:22: section 1 is titled 'The Game' in the rules but "
                            "'Game Concepts' in the contents: the rules start here",)
    assert doc.rule_map()["1"].title == "The Game"
    assert [r.number for r in doc.rules] == [r.number for r in clean.rules]
    assert doc.accounting.boilerplate["contents"] == clean.accounting.boilerplate["contents"] + 1  # Questions?
    assert doc.accounting.unparsed == () and doc.accounting.accounted == doc.accounting.total


@pytest.mark.parametrize("name", ["repeated_letter.txt", "digit_for_letter.txt", "date_glued.txt",
                                  "early_layout.txt"])
def test_strict_makes_the_warning_an_error_and_without_it_the_build_passes(name: str) -> None:
    report = ingest([DEFECTS / name])
    check(report)
    with pytest.raises(BuildRefused, match=rf"^{DEFECTS / name}:\d+: .* \(--strict: warnings are errors\); "
                                           r"nothing was published"):
        check(report, strict=True)


def test_a_number_its_neighbours_do_not_explain_goes_to_the_report_not_nowhere(tmp_path: Path) -> None:
    text = (DEFECTS / "clean.txt").read_text(encoding="utf-8").replace("505.3. First", "505.9. First")
    path = tmp_path / "misnumbered.txt"
    path.write_text(text, encoding="utf-8")
    doc = parse_source(read_source(path))
    assert "505.9" not in doc.rule_map() and "505.3" not in doc.rule_map()
    [unparsed] = doc.accounting.unparsed
    assert unparsed.text == "505.9. First, the active player does something."
    assert doc.accounting.accounted == doc.accounting.total
    with pytest.raises(BuildRefused, match=r"1 numbered rule line\(s\) could not be placed in the rules"):
        check(ingest([path]))


@pytest.mark.parametrize("date", SHARED_RELEASES)
def test_the_shared_releases_need_no_repair(date: str) -> None:
    """The nine shared releases parse as before: no number read as another, nothing refused."""
    doc = parsed_release(date)
    assert not [w for w in doc.warnings if "taken as" in w or "does not fit" in w or "read as" in w]
    assert "suspect" not in doc.meta and doc.meta["contents"]["chapters"] > 100


def test_an_impossible_rule_number_is_a_warning_and_goes_to_the_report(tmp_path: Path) -> None:
    text = (DEFECTS / "clean.txt").read_text(encoding="utf-8").replace(
        "505.4. Second", "99999.9zz A rule with an impossible number.\n\n505.4. Second")
    path = tmp_path / "impossible.txt"
    path.write_text(text, encoding="utf-8")
    doc, clean = parse_source(read_source(path)), parsed("clean.txt")
    line = text.splitlines().index("99999.9zz A rule with an impossible number.") + 1
    assert doc.warnings == (f"{path}:{line}: impossible rule number 99999.9zz: line left out of the rules "
                            "(in the report of unparsed lines)",)
    [unparsed] = doc.accounting.unparsed
    assert (unparsed.line, unparsed.text) == (line, "99999.9zz A rule with an impossible number.")
    assert rules_of(doc) == rules_of(clean)  # in no rule's text
    assert doc.accounting.accounted == doc.accounting.total
    report = ingest([path])
    check(report)
    with pytest.raises(BuildRefused, match=r"impossible rule number 99999\.9zz.*\(--strict: warnings are errors\)"):
        check(report, strict=True)


@pytest.mark.parametrize("where", ["start", "middle"])
def test_a_byte_order_mark_inside_the_file_is_removed_with_a_warning(tmp_path: Path, where: str) -> None:
    """Issue 34 point 13: files joined with their BOMs leave a U+FEFF at a rule line's start (or inside)."""
    text = (DEFECTS / "clean.txt").read_text(encoding="utf-8")
    line = "702.30b Cycling means a cost."
    marked = "\ufeff" + line if where == "start" else line.replace("means", "me\ufeffans")
    path = tmp_path / "cr.txt"
    path.write_text(text.replace(line, marked), encoding="utf-8")
    report = ingest([path])
    doc = report.documents[0]
    assert rules_of(doc) == rules_of(parsed("clean.txt"))
    assert f"{path}:61: a byte order mark (U+FEFF) inside the file was removed" in report.warnings


def _mixed_line_ends(text: str) -> str:
    """Every third line end LF CR (as the attack wrote it), the others LF."""
    lines = text.split("\n")
    return "".join(line + ("\n\r" if i % 3 == 2 else "\n") for i, line in enumerate(lines[:-1])) + lines[-1]


def test_mixed_lf_cr_line_ends_lose_no_glossary_entry(tmp_path: Path) -> None:
    """Issue 34 point 15: 193 entries were lost and fake ones made; the checks passed."""
    release = parsed_release("20251114")
    text = cr_release("20251114").read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    path = tmp_path / "MagicCompRules 20251114.txt"
    path.write_text(_mixed_line_ends(text), encoding="utf-8", newline="")
    mixed = parse_source(read_source(path))
    assert [(t.names, t.definition) for t in mixed.terms] == [(t.names, t.definition) for t in release.terms]
    assert rules_of(mixed) == rules_of(release)


def test_a_glossary_far_shorter_than_the_previous_releases_refuses_the_build() -> None:
    from dataclasses import replace

    from kb.sanity import judge

    previous, release = parsed_release("20250606"), parsed_release("20251114")
    shrunk = replace(release, terms=release.terms[: len(release.terms) * 3 // 4])
    problems = judge([previous, shrunk])
    assert any("a glossary of" in p and "against" in p and "2025-06-06" in p for p in problems), problems
    assert not any("against" in p for p in judge([previous, release]))
