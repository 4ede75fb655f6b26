"""kb.releases.render: the text output of a diff."""

from __future__ import annotations

from .conftest import parsed_release

from kb.releases.diff import diff_documents
from kb.releases.render import render_diff


def _diff_2025():
    return diff_documents(parsed_release("20250404"), parsed_release("20250606"))


def test_text_output_folds_subrules_into_their_rules_move():
    text = render_diff(_diff_2025())
    assert "701.32 -> 701.38 (100% similar), with its 4 subrules: Vote" in text
    assert "701.52 -> 701.54 (100% similar), with its 5 subrules: The Ring Tempts You" in text
    assert "\n  701.32a -> 701.38a" not in text
    assert "[-six-] {+seven+}" in text
    assert text.splitlines()[-1].startswith("Summary: 12 added, 0 removed")


def test_the_moved_heading_counts_as_the_summary_does():
    text = render_diff(_diff_2025())
    assert "\nMoved (59; 259 with the subrules that followed them):\n" in text
    assert ", 259 moved," in text.splitlines()[-1]
