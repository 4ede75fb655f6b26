"""``mtgkb search``: human and JSON output, options, one-line errors, lazy whoosh import."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from kb.cli import main



def run(kb_dir: Path, *args: str):
    return CliRunner().invoke(main, ["search", "--kb", str(kb_dir), *args])


def test_human_output_numbers_hits_and_marks_matches_plainly_when_piped(search_kb_dir) -> None:
    result = run(search_kb_dir, "astensione")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(" 1. ruling") and lines[0].endswith("[it]")
    assert "l'[astensione]." in lines[1] and "\x1b[" not in result.output


def test_rule_hit_shows_number_language_and_aligned_versions(search_kb_dir) -> None:
    result = run(search_kb_dir, "400.2", "--limit", "1")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == " 1. rule 400.2 [en]"
    assert "also: fr rule/fr/400.2, it rule/it/400.2 (mtgkb rule 400.2)" in result.output


def test_json_output(search_kb_dir) -> None:
    result = run(search_kb_dir, "pareggio", "--json", "--limit", "3")
    assert result.exit_code == 0
    hits = json.loads(result.output)
    assert len(hits) == 3
    for hit in hits:
        assert {"kind", "id", "number", "lang", "title", "snippet", "score", "aligned", "highlights"} <= set(hit)
    first = hits[0]
    start, end = first["highlights"][0]
    assert first["snippet"][start:end] == "pareggio"


def test_lang_kind_and_limit_options(search_kb_dir) -> None:
    result = run(search_kb_dir, "créature", "--json", "--lang", "fr", "--kind", "card", "--limit", "4")
    hits = json.loads(result.output)
    assert len(hits) == 4 and {(h["lang"], h["kind"]) for h in hits} == {("fr", "card")}


def test_did_you_mean_and_no_results(search_kb_dir) -> None:
    result = run(search_kb_dir, "trampel")
    assert "Did you mean: trample" in result.output
    result = run(search_kb_dir, "zzzzqqqq")
    assert result.exit_code == 0 and result.output.strip() == "No results for 'zzzzqqqq'."


def test_query_errors_are_one_line_with_exit_1(search_kb_dir) -> None:
    result = run(search_kb_dir, "lang:de", "vote")
    assert result.exit_code == 1
    assert result.output.strip() == "Error: unknown language 'de': use it, en or fr"
    result = run(search_kb_dir, "vo*")
    assert result.exit_code == 1 and result.output.count("\n") == 1


def test_rule_command_never_imports_whoosh() -> None:
    code = ("import sys; from kb.cli import main; from kb import lookup, render; "
            "print('whoosh' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_search_has_help() -> None:
    result = CliRunner().invoke(main, ["search", "--help"])
    assert result.exit_code == 0 and "vot*" in result.output
