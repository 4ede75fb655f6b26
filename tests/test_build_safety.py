"""Bad input never replaces a good knowledge base; concurrent, interrupted and failing builds.

Every attack ends in a refusal or a one-line error and leaves the knowledge base as it was.
"""

from __future__ import annotations

import errno
import json
import random
import re
import sqlite3
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb import pipeline, store
from kb.cli import main
from kb.errors import StoreError
from kb.pipeline import build_kb

from .conftest import FIXTURES, cr_release

CLEAN = FIXTURES / "cr_defects" / "clean.txt"


@pytest.fixture
def good_kb(kb_cache, tmp_path: Path) -> Path:
    """A copy of a knowledge base built from the clean hand-made release."""
    return kb_cache.copy([CLEAN], tmp_path / "kb")


def snapshot(kb_dir: Path) -> tuple[str, list[str]]:
    return (kb_dir / "CURRENT").read_text(), sorted(p.name for p in (kb_dir / "builds").iterdir())


def release_lines(date: str = "20241108") -> list[str]:
    return cr_release(date).read_text(encoding="utf-8-sig").splitlines()


def write(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding=encoding)
    return path


def reversed_release(tmp_path: Path) -> Path:
    return write(tmp_path, "reversed.txt", "\n".join(reversed(release_lines())))


def release_twice(tmp_path: Path) -> Path:
    return write(tmp_path, "twice.txt", "\n".join(release_lines() * 2))


def release_cut_in_glossary(tmp_path: Path) -> Path:
    lines = release_lines()
    glossary = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    return write(tmp_path, "cut.txt", "\n".join(lines[: glossary + 100]))


def release_with_shuffled_glossary(tmp_path: Path) -> Path:
    lines = release_lines()
    glossary = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    credits = max(i for i, line in enumerate(lines) if line.strip() == "Credits")
    entries = "\n".join(lines[glossary + 1: credits]).strip().split("\n\n")
    random.Random(1).shuffle(entries)
    return write(tmp_path, "shuffled.txt", "\n".join(lines[: glossary + 1] + ["", "\n\n".join(entries), ""]
                                                   + lines[credits:]))


def release_with_almost_no_rules(tmp_path: Path) -> Path:  # the body cut away, contents and glossary kept
    lines = release_lines()
    body = [i for i, line in enumerate(lines) if line.strip() == "1. Game Concepts"][1]
    glossary = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    return write(tmp_path, "few.txt", "\n".join(lines[: body + 60] + lines[glossary:]))


def nul_in_rule_text(tmp_path: Path) -> Path:  # UTF-16 text may hold NUL characters
    text = CLEAN.read_text(encoding="utf-8").replace("100.2. A second", "100.2. A\x00second")
    return write(tmp_path, "nul.txt", text, encoding="utf-16")


def control_in_rule_text(tmp_path: Path) -> Path:
    return write(tmp_path, "bell.txt", CLEAN.read_text(encoding="utf-8").replace("A second", "A\x07second"))


def rule_before_first_contents_entry(tmp_path: Path) -> Path:
    text = CLEAN.read_text(encoding="utf-8").replace("Contents\n\n", "Contents\n\n099.1. A new rule.\n\n")
    return write(tmp_path, "early-rule.txt", text)


def a_rule_far_too_long(tmp_path: Path) -> Path:  # a 30,000-character line continuing rule 100.2
    return write(tmp_path, "long.txt", CLEAN.read_text(encoding="utf-8").replace(
        "100.2. A second", "100.2. A" + " very long" * 3000 + "\n\nA second"))


def set_file_without_cards(tmp_path: Path) -> Path:
    data = {"meta": {"date": "2022-04-25", "version": "5.2.0"},
            "data": {"baseSetSize": 1, "code": "XXX", "name": "Nothing", "cards": [{"foo": 1}, {"name": 3}]}}
    return write(tmp_path, "empty-set.json", json.dumps(data))


def token_set(code: str, tokens: list, cards: list | None = None, kind: str = "memorabilia") -> dict:
    """A set file in MTGJSON's layout holding ``tokens`` (and ``cards``, none by default), like the
    archive's art series (AAFR: 162 art cards under "tokens", none under "cards") and token sets (L12)."""
    return {"meta": {"date": "2022-04-25", "version": "5.2.0+20220425"},
            "data": {"baseSetSize": 0, "code": code, "name": f"Set {code}", "type": kind, "releaseDate": "2021-07-23",
                     "cards": cards or [], "tokens": tokens}}


ART_CARDS = [{"name": "Kalain, Reclusive Painter", "type": "Card // Card", "layout": "art_series", "side": "a"},
             {"name": "Kalain, Reclusive Painter", "type": "Card // Card", "layout": "art_series", "side": "b"}]


def set_file_with_nothing(tmp_path: Path) -> Path:
    return write(tmp_path, "nothing.json", json.dumps(token_set("XXX", [], kind="expansion")))


def tokens_and_a_broken_card(tmp_path: Path) -> Path:
    return write(tmp_path, "tokens-broken.json", json.dumps(token_set("AXXX", ART_CARDS, cards=[{"name": 3}])))


ATTACKS = {
    "reversed": (reversed_release, r"lines were not understood"),
    "almost no rules": (release_with_almost_no_rules, r"almost no rules: the contents list \d+ chapters, the rules "
                                                      r"hold \d"),
    "repeated": (release_twice, r"'Introduction' again after the Credits: the document repeats from here"),
    "cut in the glossary": (release_cut_in_glossary, r"file ends inside the Glossary, before the Credits"),
    "shuffled glossary": (release_with_shuffled_glossary, r"the glossary is out of alphabetical order"),
    "NUL in a rule": (nul_in_rule_text, r":\d+: rule 100.2: control character U\+0000 in the text"),
    "control character": (control_in_rule_text, r"rule 100.2: control character U\+0007"),
    "rule before the contents": (rule_before_first_contents_entry, r"numbered rule 099.1 inside the contents list"),
    "rule far too long": (a_rule_far_too_long, r":\d+: rule 100.2: a text of 30,\d{3} characters, over the limit of "
                                                r"20,000 \(the longest rule of an official release has under 2,800\)"),
    "set without cards": (set_file_without_cards, r"a card file with no usable card or ruling"),
    "set with nothing": (set_file_with_nothing, r"a card file with no usable card or ruling"),
    "tokens and a broken card": (tokens_and_a_broken_card, r"a card file with no usable card or ruling"),
}


@pytest.mark.parametrize("attack", ATTACKS)
def test_bad_input_is_refused_and_the_knowledge_base_stays(attack: str, good_kb: Path, tmp_path: Path) -> None:
    make, reason = ATTACKS[attack]
    before = snapshot(good_kb)
    source = make(tmp_path)
    result = CliRunner().invoke(main, ["build", "--kb", str(good_kb), "--corpus", str(source)])
    assert result.exit_code == 1
    assert result.output.count("\n") >= 1 and "Traceback" not in result.output
    error = result.output.strip().splitlines()[-1]
    assert error.startswith(f"Error: {source}")
    assert re.search(reason, error), error
    assert error.endswith("nothing was published, the knowledge base is unchanged "
                          "(mtgkb build --force publishes it anyway)")
    assert snapshot(good_kb) == before


def test_a_set_of_tokens_or_art_cards_only_is_a_note_not_an_error(good_kb: Path, tmp_path: Path) -> None:
    """Issue 31: the 580-set archive's 30 art series and token sets refused the whole build ("a card file with
    no usable card or ruling (and 29 more)"); each is now a note of the build's report."""
    art = write(tmp_path, "AXXX.json", json.dumps(token_set("AXXX", ART_CARDS)))
    tokens = write(tmp_path, "LXXX.json", json.dumps(token_set("LXXX", [{"name": "Goblin"}], kind="token")))
    result = CliRunner().invoke(main, ["build", "--kb", str(good_kb), "--replace", "--corpus", str(CLEAN),
                                       "--corpus", str(art), "--corpus", str(tokens)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = lines.index(f"{art}: mtgjson [en 2022-04-25, official]: nothing read; 0 of 0 card entries read")
    assert lines[at + 1] == "  note: only tokens or art cards (2, a set of type memorabilia): no card or ruling to read"
    assert "  note: only tokens or art cards (1, a set of type token): no card or ruling to read" in lines
    summary = build_kb(good_kb, [CLEAN, art])
    assert [d["notes"] for d in summary["documents"]] == \
        [[], ["only tokens or art cards (2, a set of type memorabilia): no card or ruling to read"]]


@pytest.mark.parametrize("make", [control_in_rule_text, a_rule_far_too_long])
def test_force_publishes_what_the_checks_refused(make, good_kb: Path, tmp_path: Path) -> None:
    before = snapshot(good_kb)
    summary = build_kb(good_kb, [make(tmp_path)], force=True)
    assert summary["documents"][0]["counts"]["rule"] > 0
    assert snapshot(good_kb)[0] != before[0]


def test_a_second_build_waits_then_is_refused_with_a_clear_message(good_kb: Path) -> None:
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with store.build_lock(good_kb):
            held.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        held.wait(10)
        before = snapshot(good_kb)
        with pytest.raises(StoreError, match=r"another build is writing this knowledge base \(build by process "
                                             r"\d+ since .*\); waited 0.2 s: try again when it has finished"):
            build_kb(good_kb, [CLEAN], wait=0.2)
        assert snapshot(good_kb) == before
    finally:
        release.set()
        holder.join()
    build_kb(good_kb, [CLEAN], wait=0.2)  # free again


def test_leftovers_of_killed_builds_are_removed_by_the_next_build(good_kb: Path) -> None:
    killed = good_kb / "builds" / "20240101T000000-999-dead"
    (killed / "index").mkdir(parents=True)
    (killed / "kb.sqlite").write_bytes(b"x" * 1000)
    (good_kb / ".CURRENT.999").write_text("20240101T000000-999-dead\n")
    build_kb(good_kb, [CLEAN])
    assert not killed.exists() and not (good_kb / ".CURRENT.999").exists()
    assert len(list((good_kb / "builds").iterdir())) == 2  # the new build and the one before it


@pytest.mark.parametrize("damage, problem", [
    ("", "is empty"), ("no-such-build\n", "names 'no-such-build', which is not a build held here"),
    ("../../etc\n", "names '../../etc', which is not a build held here"), (None, "is missing"),
])
def test_damaged_current_is_an_error_saying_how_to_recover_never_a_rebuild(good_kb: Path, damage: str | None,
                                                                           problem: str) -> None:
    pointer = good_kb / "CURRENT"
    newest = pointer.read_text().strip()
    if damage is None:
        pointer.unlink()
    else:
        pointer.write_text(damage)
    builds = sorted(p.name for p in (good_kb / "builds").iterdir())
    result = CliRunner().invoke(main, ["rule", "100.1", "--kb", str(good_kb)])
    assert result.exit_code == 1
    assert result.output == (f"Error: {pointer} {problem}: the knowledge base is damaged; to go back to the newest "
                             f"build held, write its name into it (echo {newest} > {pointer}), or run 'mtgkb build' "
                             "to make a new one\n")
    assert sorted(p.name for p in (good_kb / "builds").iterdir()) == builds
    pointer.write_text(newest + "\n")  # the recovery it names works
    assert CliRunner().invoke(main, ["rule", "100.1", "--kb", str(good_kb)]).exit_code == 0


def test_a_folder_named_with_no_knowledge_base_is_not_built(tmp_path: Path) -> None:
    (tmp_path / "new").mkdir()  # an empty folder, as a mistyped --kb or an unfinished copy leaves
    result = CliRunner().invoke(main, ["rule", "400.1", "--kb", str(tmp_path / "new"), "--lang", "it"])
    assert result.exit_code == 1 and "no knowledge base here (build one with: mtgkb build --kb" in result.output
    assert list((tmp_path / "new").iterdir()) == []


@pytest.mark.parametrize("failure, message", [
    (sqlite3.OperationalError("database or disk is full"), "no space left on the device: free some space (or "
                                                           "build into another folder with --kb) and run the build "
                                                           "again; the knowledge base was not changed"),
    (OSError(errno.ENOSPC, "No space left on device"), "no space left on the device"),
    (PermissionError(errno.EACCES, "Permission denied", "/srv/kb/builds/x"),
     "/srv/kb/builds/x: cannot write here (Permission denied): choose a folder you can write with --kb DIR "
     "(or MTGKB_HOME), or fix its permissions"),
])
def test_disk_full_and_permission_errors_name_the_path_and_what_to_do(good_kb: Path, monkeypatch, failure,
                                                                       message: str) -> None:
    before = snapshot(good_kb)

    def fail(*args, **kwargs):
        raise failure

    monkeypatch.setattr(pipeline, "build_index", fail)
    result = CliRunner().invoke(main, ["build", "--kb", str(good_kb), "--corpus", str(CLEAN)])
    error = result.output.splitlines()[-1]
    assert result.exit_code == 1 and error.startswith("Error: ") and "Traceback" not in result.output
    assert message in error and "damaged" not in error
    assert snapshot(good_kb) == before


def test_a_damaged_index_names_itself_and_build_reindex_repairs_it(good_kb: Path) -> None:
    current = good_kb / "builds" / (good_kb / "CURRENT").read_text().strip()
    [segment] = (current / "index").glob("*.seg")
    segment.write_bytes(random.Random(7).randbytes(segment.stat().st_size))
    damaged = CliRunner().invoke(main, ["search", "--kb", str(good_kb), "player"])
    assert damaged.exit_code == 1 and "Traceback" not in damaged.output
    assert re.fullmatch(rf"Error: {re.escape(str(current / 'index'))}: the search index is damaged \(.+\); "
                        r"rebuild it with 'mtgkb build --reindex'\n", damaged.output), damaged.output
    repaired = CliRunner().invoke(main, ["build", "--kb", str(good_kb), "--reindex"])
    assert repaired.exit_code == 0, repaired.output
    assert f"Search index rebuilt from {current / 'kb.sqlite'}" in repaired.output
    assert (good_kb / "CURRENT").read_text().strip() != current.name and current.exists()  # kept as the previous
    found = CliRunner().invoke(main, ["search", "--kb", str(good_kb), "player", "--json"])
    assert found.exit_code == 0 and json.loads(found.output)


def test_reindex_needs_a_knowledge_base_and_no_sources(tmp_path: Path) -> None:
    empty = CliRunner().invoke(main, ["build", "--kb", str(tmp_path / "none"), "--reindex"])
    assert empty.exit_code == 1
    assert empty.output == f"Error: {tmp_path / 'none'}: no knowledge base here to reindex; run 'mtgkb build'\n"
    both = CliRunner().invoke(main, ["build", "--kb", str(tmp_path), "--reindex", "--corpus", str(CLEAN)])
    assert both.exit_code == 2 and "--reindex reads the current build's database: give no --corpus" in both.output
