"""Undo by unit and redo (issue 32 point 17), one import for a file of several languages (point 15), and a
re-import that stores what ``imports/`` lacks (issue 34 point 2), on the 2024-11-08 release and the
Italian community text, through the CLI as a translator runs it."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from .test_export_imports import NEW_400_7, SEED_SOURCES, run, run_json, tree_hash
from .test_export_translators import edit_po

ZONE = "Una zona è un luogo in cui gli oggetti possono trovarsi durante una partita."


@pytest.fixture()
def kb(kb_cache, tmp_path: Path) -> str:
    return str(kb_cache.copy(SEED_SOURCES(), tmp_path / "kb"))


def imported(kb: str, tmp_path: Path, texts: dict[str, str], translator: str | None = None) -> dict:
    """Export the rules of ``texts`` as PO, translate them so, import the file: its report."""
    po = tmp_path / f"import-{len(list(tmp_path.glob('import-*.po')))}.po"
    assert run("export", *sorted(texts), "-f", "po", "-o", str(po), "--kb", kb).exit_code == 0
    edit_po(po, texts)
    report = run_json("import", str(po), "--kb", kb, *(["--translator", translator] if translator else []))
    assert sorted(report["applied"]) == sorted(texts) and report["complete"], report
    return report


def italian(kb: str, number: str) -> dict:
    """Rule ``number``'s Italian text as ``mtgkb rule --json`` shows it (text, translator...)."""
    return run_json("rule", number + ".", "--lang", "it", "--kb", kb)[0]["texts"]["it"]


def stored_ids(kb: str) -> dict[str, list[str]]:
    return {p.name: [u["id"] for u in json.loads(p.read_text(encoding="utf-8"))["units"]]
            for p in sorted((Path(kb) / "imports").glob("*.json"))}


def test_an_import_is_taken_back_while_a_later_one_changed_other_units_of_its_file(kb: str, tmp_path: Path) -> None:
    wiki_400_7 = italian(kb, "400.7")["text"]
    everything = run("export", "-f", "json", "--include", "examples,glossary", "--kb", kb).stdout_bytes
    imported(kb, tmp_path, {"400.7": NEW_400_7}, "Giulia")
    imported(kb, tmp_path, {"400.1": ZONE}, "Bruno")  # the same file: it-2024-11-08.json
    taken = run("import", "--revert", "1", "--kb", kb)
    assert taken.exit_code == 0, taken.output  # refused before: "import 2 changed it-2024-11-08.json since"
    assert "400.7 taken back" in taken.output and "mtgkb import --redo 1" in taken.output
    assert italian(kb, "400.7")["text"] == wiki_400_7
    assert italian(kb, "400.1")["text"] == ZONE and italian(kb, "400.1")["translator"] == "Bruno"
    assert stored_ids(kb) == {"it-2024-11-08.json": ["400.1"]}
    assert [e.get("undone", False) for e in run_json("imports", "--kb", kb)] == [True, False]

    again = run_json("import", "--redo", "1", "--kb", kb)  # nothing Giulia made is lost
    assert again["redone"] == 1 and again["units"] == ["400.7"]
    assert italian(kb, "400.7")["text"] == NEW_400_7 and italian(kb, "400.7")["translator"] == "Giulia"
    assert italian(kb, "400.1")["text"] == ZONE
    assert [e.get("undone", False) for e in run_json("imports", "--kb", kb)] == [False, False]

    assert run_json("import", "--undo", "--kb", kb)["undone"] == 2
    assert run_json("import", "--undo", "--kb", kb)["undone"] == 1
    assert stored_ids(kb) == {}
    assert run("export", "-f", "json", "--include", "examples,glossary", "--kb", kb).stdout_bytes == everything


def test_an_undo_never_overwrites_a_later_change_of_the_same_unit(kb: str, tmp_path: Path) -> None:
    imported(kb, tmp_path, {"400.7": NEW_400_7}, "Giulia")
    imported(kb, tmp_path, {"400.7": NEW_400_7 + " (rivisto)"}, "Bruno")
    before = tree_hash(Path(kb))
    result = run("import", "--revert", "1", "--kb", kb)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.strip() == ("Error: cannot undo 400.7 of import 1: import 2 changed it since; undo that "
                                     "first (mtgkb import --revert 2 --unit 400.7)")
    assert tree_hash(Path(kb)) == before


def test_undo_and_redo_by_unit(kb: str, tmp_path: Path) -> None:
    wiki = {n: italian(kb, n)["text"] for n in ("400.1", "400.7")}
    imported(kb, tmp_path, {"400.1": ZONE, "400.7": NEW_400_7}, "Giulia")
    one = run("import", "--revert", "1", "--unit", "400.7", "--kb", kb)
    assert one.exit_code == 0, one.output
    assert "400.7 taken back" in one.output and "1 unit of it stay" in one.output
    assert italian(kb, "400.7")["text"] == wiki["400.7"] and italian(kb, "400.1")["text"] == ZONE
    (entry,) = run_json("imports", "--kb", kb)
    assert entry["undone_units"] == [["it-2024-11-08.json", "400.7"]] and not entry.get("undone")

    last = run_json("import", "--undo", "--unit", "400.1", "--kb", kb)  # the last import that changed 400.1
    assert last["undone"] == 1 and last["units"] == ["400.1"]
    assert italian(kb, "400.1")["text"] == wiki["400.1"] and run_json("imports", "--kb", kb)[0]["undone"] is True
    done = run("import", "--revert", "1", "--unit", "400.7", "--kb", kb)
    assert done.exit_code == 1 and "400.7 of import 1 was already taken back" in done.output

    back = run_json("import", "--redo", "1", "--unit", "400.7", "--kb", kb)
    assert back["units"] == ["400.7"]
    assert italian(kb, "400.7")["text"] == NEW_400_7 and italian(kb, "400.1")["text"] == wiki["400.1"]
    unknown = run("import", "--revert", "1", "--unit", "400.9", "--kb", kb)
    assert unknown.exit_code == 1 and unknown.output.strip() == (
        "Error: import 1 changed no unit 400.9 (it changed: 400.1, 400.7; mtgkb imports lists them)")
    lone = run("import", "--unit", "400.7", "--kb", kb)
    assert lone.exit_code == 2 and "--unit goes with --undo" in lone.output


def test_a_redo_never_overwrites_a_text_imported_since(kb: str, tmp_path: Path) -> None:
    imported(kb, tmp_path, {"400.7": NEW_400_7}, "Giulia")
    assert run_json("import", "--undo", "--kb", kb)["undone"] == 1
    imported(kb, tmp_path, {"400.7": NEW_400_7 + " (rivisto)"}, "Bruno")
    before = tree_hash(Path(kb))
    refused = run("import", "--redo", "1", "--kb", kb)
    assert refused.exit_code == 1 and refused.output.strip() == (
        "Error: cannot redo 400.7 of import 1: import 2 changed it since; the knowledge base keeps that text")
    assert tree_hash(Path(kb)) == before and italian(kb, "400.7")["translator"] == "Bruno"
    assert run_json("import", "--undo", "--kb", kb)["undone"] == 2
    assert run_json("import", "--redo", "1", "--kb", kb)["redone"] == 1
    assert italian(kb, "400.7")["text"] == NEW_400_7 and italian(kb, "400.7")["translator"] == "Giulia"


def test_a_file_of_two_languages_is_one_import(kb: str, tmp_path: Path) -> None:
    wiki = italian(kb, "400.7")["text"]
    path = tmp_path / "zones.csv"
    assert run("export", "400.7", "-f", "csv", "--target", "it,fr", "-o", str(path), "--kb", kb).exit_code == 0
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    french = "Un objet qui change de zone devient un nouvel objet sans mémoire de son existence précédente."
    for row in rows:
        if row["number"] == "400.7":
            row.update(it=NEW_400_7, fr=french, status_it="translated", status_fr="translated")
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    unnamed = run("import", str(path), "--kb", kb)
    assert unnamed.exit_code == 1 and unnamed.output.strip().endswith(
        "several languages: it, fr; say which with --lang (--lang it --lang fr imports them all, as one import)")
    args = ["import", str(path), "--lang", "it", "--lang", "fr", "--translator", "Giulia", "--kb", kb]
    shown = run(*args)
    assert shown.exit_code == 0, shown.output
    assert "(import 1, one import with the fr units of this file: mtgkb import --undo takes back all of it, " \
           "mtgkb import --revert 1 --lang it the it units)" in shown.output
    assert "(import 1, one import with the it units of this file" in shown.output
    (entry,) = run_json("imports", "--kb", kb)  # two entries before, 1 (it) and 2 (fr)
    assert entry["lang"] == "it,fr" and entry["applied_by_lang"] == {"it": ["400.7"], "fr": ["400.7"]}
    again = run_json(*args)
    assert [(r["lang"], r["applied"], "400.7" in r["unchanged"]) for r in again] == [("it", [], True), ("fr", [], True)]
    assert len(run_json("imports", "--kb", kb)) == 1

    french_only = run_json("import", "--revert", "1", "--lang", "fr", "--kb", kb)
    assert french_only["units"] == ["400.7"] and french_only["restored"] == ["fr-2024-11-08.json"]
    assert italian(kb, "400.7")["text"] == NEW_400_7
    assert run_json("import", "--undo", "--kb", kb)["undone"] == 1
    assert italian(kb, "400.7")["text"] == wiki and stored_ids(kb) == {}


def test_a_reimport_stores_the_units_imports_lacks(kb: str, tmp_path: Path) -> None:
    """The knowledge base serves an import that ``imports/`` no longer holds (an undo killed under an
    older mtgkb left it so; a file removed by hand does the same): the same file imported again stores
    it, where it said 'unchanged ... complete' and stored nothing, and the next build dropped it."""
    imported(kb, tmp_path, {"400.7": NEW_400_7}, "Giulia")
    (Path(kb) / "imports" / "it-2024-11-08.json").unlink()
    assert italian(kb, "400.7")["text"] == NEW_400_7  # still served
    again = run_json("import", str(tmp_path / "import-0.po"), "--translator", "Giulia", "--kb", kb)
    assert again["applied"] == ["400.7"] and "400.7" not in again["unchanged"] and again["complete"]
    assert "imports/ no longer held it: stored again" in again["warnings"][0]["warning"]
    assert stored_ids(kb) == {"it-2024-11-08.json": ["400.7"]}
    built = run("build", "--kb", kb, *(f"--corpus={p}" for p in SEED_SOURCES()))
    assert built.exit_code == 0, built.output
    assert italian(kb, "400.7")["text"] == NEW_400_7


# -- which units a selection names (kb.export.unit_changes.selected) ----------------------------------

def _change(name: str, unit_id: str, before: dict | None, after: dict | None) -> dict:
    return {"file": name, "id": unit_id, "before": before, "after": after}


def test_a_rule_brings_its_examples_a_name_its_definition_a_moved_unit_its_old_number() -> None:
    from kb.export.unit_changes import selected

    old, new = "it-2025-04-04.json", "it-2025-11-14.json"
    changes = [
        _change(new, "702.19b", None, {"id": "702.19b", "text": "a"}),
        _change(new, "702.19b#example-1", None, {"id": "702.19b#example-1", "text": "b"}),
        _change(new, "702.19", None, {"id": "702.19", "text": "c"}),
        _change(new, "glossary/Vote", None, {"id": "glossary/Vote", "text": "Voto"}),
        _change(new, "glossary/Vote#definition", None, {"id": "glossary/Vote#definition", "text": "d"}),
        _change(new, "702.124j", None, {"id": "702.124j", "text": "e",
                                        "moved_from": {"id": "702.124i", "source_release": "2025-04-04"}}),
        _change(old, "702.124i", {"id": "702.124i", "text": "f", "source_release": "2025-04-04"}, None),
        _change("fr-2025-11-14.json", "702.19b", None, {"id": "702.19b", "text": "g"}),
    ]
    ids = lambda found: [(c["file"][:2], c["id"]) for c in found]  # noqa: E731
    assert ids(selected(changes, ["702.19b"], "it")) == [("it", "702.19b"), ("it", "702.19b#example-1")]
    assert ids(selected(changes, ["702.19b#example-1"], None)) == [("it", "702.19b#example-1")]
    assert ids(selected(changes, ["glossary/Vote"], None)) == [("it", "glossary/Vote"), ("it", "glossary/Vote#definition")]
    assert ids(selected(changes, ["702.124j"], None)) == [("it", "702.124j"), ("it", "702.124i")]
    assert ids(selected(changes, ["702.19b"], None))[-1] == ("fr", "702.19b")
    assert ids(selected(changes, [], "fr")) == [("fr", "702.19b")]
