"""``mtgkb diff`` / ``history`` and a knowledge base holding several releases, through the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from .conftest import cr_release, two_releases

from kb.cli import main
from kb.store import KnowledgeBase


@pytest.fixture(scope="module")
def kb_dir(kb_cache) -> Path:
    """The knowledge base of :func:`two_releases`, shared by the tests that read it."""
    return kb_cache.shared(two_releases())


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_build_keeps_every_release_and_lookups_use_the_newest(kb_dir):
    kb = KnowledgeBase.open(kb_dir)
    assert [(d.lang, d.effective_date, d.active) for d in kb.releases()] == \
        [("en", "2025-04-04", False), ("en", "2025-06-06", True), ("it", "2025-04-04", True)]
    newest = json.loads(_run("rule", "701.38.", "--lang", "en", "--kb", str(kb_dir), "--json").stdout)
    assert newest[0]["texts"]["en"]["text"] == "Vote"
    assert newest[0]["texts"]["en"]["effective_date"] == "2025-06-06"
    older = json.loads(_run("rule", "701.32.", "--release", "2025-04-04", "--lang", "en",
                            "--kb", str(kb_dir), "--json").stdout)
    assert older[0]["texts"]["en"] == {**older[0]["texts"]["en"], "text": "Vote", "source": "cr-en-2025-04-04"}
    missing = _run("rule", "701.32", "--release", "2024-01-01", "--kb", str(kb_dir))
    assert missing.exit_code == 1
    assert "no release 2024-01-01 in the knowledge base (held: 2025-04-04, 2025-06-06)" in missing.stderr


def test_diff_of_two_files():
    result = _run("diff", str(cr_release("20250404")), str(cr_release("20250606")))
    assert result.exit_code == 0, result.output
    assert "701.32 -> 701.38 (100% similar), with its 4 subrules: Vote" in result.stdout
    assert "701.52 -> 701.54 (100% similar), with its 5 subrules: The Ring Tempts You" in result.stdout


def test_diff_of_two_releases_held_by_date_as_json(kb_dir):
    result = _run("diff", "2025-04-04", "20250606", "--kb", str(kb_dir), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["old"]["effective_date"], data["new"]["effective_date"]) == ("2025-04-04", "2025-06-06")
    moves = {(r["old_number"], r["new_number"]) for r in data["rules"] if r["kind"] == "moved"}
    assert {("701.32", "701.38"), ("701.52", "701.54")} <= moves
    assert data["summary"]["moved"] == len([r for r in data["rules"] if r["kind"] == "moved"])


def test_diff_lang_lists_stale_translations(kb_dir):
    result = _run("diff", "2025-04-04", "2025-06-06", "--lang", "it", "--kb", str(kb_dir), "--json")
    assert result.exit_code == 0, result.output
    stale = {item["number"]: item for item in json.loads(result.stdout)["stale"]}
    assert (stale["701.32"]["change"], stale["701.32"]["new_number"]) == ("moved", "701.38")
    assert stale["701.32a"]["new_number"] == "701.38a"
    assert (stale["701.4"]["change"], stale["701.4"]["new_number"]) == ("moved", "701.5")
    assert stale["505.4"]["change"] == "changed"
    assert "400.7" not in stale  # its English source is the same in both releases
    text = _run("diff", "2025-04-04", "2025-06-06", "--lang", "it", "--kb", str(kb_dir)).stdout
    # the Italian document is named by its title and date, not its id
    assert re.search(r"\n  701\.32 \[[^\]\n]+, 2025-04-04\]: English 701\.32 moved to 701\.38\n", text), text
    assert "cr-it-2025-04-04" not in text
    both = _run("diff", "2025-04-04", "2025-06-06", "--lang", "it,fr", "--kb", str(kb_dir), "--json")
    assert json.loads(both.stdout)["stale"] == json.loads(result.stdout)["stale"]  # the French hold nothing here
    assert "fr rules whose English source changed from 2025-04-04 to 2025-06-06: none" in \
        _run("diff", "2025-04-04", "2025-06-06", "--lang", "it", "--lang", "fr", "--kb", str(kb_dir)).stdout


def test_diff_errors_are_one_line(kb_dir, tmp_path):
    unknown = _run("diff", "2025-04-04", "2019-01-01", "--kb", str(kb_dir))
    assert unknown.exit_code == 1
    assert unknown.stderr == "Error: no release 2019-01-01 in the knowledge base (held: 2025-04-04, 2025-06-06)\n"
    nonsense = _run("diff", "nowhere.txt", str(cr_release("20250606")), "--kb", str(kb_dir))
    assert nonsense.exit_code == 1
    assert nonsense.stderr == "Error: nowhere.txt: no such file, and not a release date (YYYY-MM-DD)\n"
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    bad = _run("diff", str(empty), str(cr_release("20250606")))
    assert bad.exit_code == 1 and bad.stderr == f"Error: {empty}: file is empty\n"


def test_history_from_corpus_files():
    args = ["history", "vote"]
    for date in ("20160826", "20180713", "20250404", "20250606"):
        args += ["--corpus", str(cr_release(date))]
    result = _run(*args, "--json")
    assert result.exit_code == 0, result.output
    steps = [(s["effective_date"], s["number"]) for s in json.loads(result.stdout)["steps"]]
    assert steps == [("2016-08-26", "701.29"), ("2018-07-13", "701.31"), ("2025-04-04", "701.32"),
                     ("2025-06-06", "701.38")]


def test_history_from_the_knowledge_base(kb_dir):
    result = _run("history", "the", "ring", "tempts", "you", "--kb", str(kb_dir))
    assert result.exit_code == 0, result.output
    assert "2025-06-06  701.54    renumbered 701.52 -> 701.54" in result.stdout
    missing = _run("history", "zzyzx", "--kb", str(kb_dir))
    assert missing.exit_code == 1
    assert missing.stderr == "Error: no rule matching 'zzyzx' in the releases given (2025-06-06, 2025-04-04)\n"


@pytest.mark.parametrize("command", ["diff", "history", "update"])
def test_commands_have_help(command):
    result = _run(command, "--help")
    assert result.exit_code == 0
    assert result.output.startswith(f"Usage: main {command} [OPTIONS]")
