"""An import reads and aligns only the imported translations (kb.incremental), and the knowledge base
it publishes is the one a whole build of the same sources and imports publishes: every row of every
table, the search index's items, the question documents and the hits. A shortcut that drifts fails here.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from kb import incremental, pipeline
from kb.align import Alignment

from .conftest import CORPUS, cr_release
from .test_export_imports import SEED_SOURCES, run, run_json
from .test_export_translators import third_party

WHOLE_BUILD = pipeline.build_kb
QUERIES = ["zona pubblica", "Traduzione di prova", "fase iniziale", "public zone", "beginning phase", "400.6",
           "zone publique"]


@pytest.fixture()
def seed_kb(kb_cache, tmp_path: Path) -> Path:
    return kb_cache.copy(SEED_SOURCES(), tmp_path / "kb")


def forbid_whole_builds(monkeypatch) -> None:
    """From now on, an import that builds the whole knowledge base again fails the test."""
    def whole(*args, **kwargs):
        raise AssertionError("the import built the whole knowledge base")

    monkeypatch.setattr(pipeline, "build_kb", whole)


def translate(kb: str, path: Path, selectors: list[str], tag: str, *more: str) -> list[str]:
    """Export ``selectors`` as PO, give every unit an Italian text tagged ``tag``, import it; the units applied."""
    assert run("export", *selectors, "-f", "po", "--target", "it", "-o", str(path), "--kb", kb, *more).exit_code == 0
    catalog = third_party("polib").pofile(str(path))
    for entry in catalog:
        entry.msgstr = f"Traduzione di prova {tag} di {entry.msgctxt}."
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    catalog.save(str(path))
    report = run_json("import", str(path), "--translator", "Test", "--kb", kb)
    assert report["complete"], report
    return report["applied"]


def database(kb_dir: Path) -> dict[str, Any]:
    """Every row of every table of the current build's database, in order (``info`` as a dict, without
    the build time), the knowledge base's folder written ``KB``."""
    build = kb_dir / "builds" / (kb_dir / "CURRENT").read_text().strip()
    db = sqlite3.connect(build / "kb.sqlite")
    try:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        rows = {table: [tuple(_here(v, kb_dir) for v in row)
                        for row in db.execute(f"SELECT * FROM {table} ORDER BY rowid")] for table in tables}
    finally:
        db.close()
    rows["info"] = {key: value for key, value in rows["info"] if key != "built_at"}
    return rows


def index_files(kb_dir: Path) -> dict[str, str]:
    """The search index's item fingerprints and question documents."""
    index = kb_dir / "builds" / (kb_dir / "CURRENT").read_text().strip() / "index"
    return {name: _here((index / name).read_text(encoding="utf-8"), kb_dir)
            for name in ("fingerprints.json", "questions.json")}


def _here(value: Any, kb_dir: Path) -> Any:
    return value.replace(str(kb_dir), "KB") if isinstance(value, str) else value


def hits(kb_dir: Path) -> dict[str, list]:
    return {q: [(h["id"], h["number"], h["lang"], h["snippet"]) for h in run_json("search", q, "--kb", str(kb_dir))]
            for q in QUERIES}


def assert_as_a_whole_build(kb_dir: Path, sources: list[Path], whole: Path) -> None:
    """``kb_dir`` holds what a whole build of ``sources`` and its imported translations gives."""
    whole.mkdir()
    if (kb_dir / "imports").is_dir():
        shutil.copytree(kb_dir / "imports", whole / "imports")
    WHOLE_BUILD(whole, sources)
    got, expected = database(kb_dir), database(whole)
    assert got.keys() == expected.keys()
    for table in expected:
        assert got[table] == expected[table], f"table {table} differs from a whole build's"
    assert index_files(kb_dir) == index_files(whole)
    assert hits(kb_dir) == hits(whole)


def test_an_import_and_its_undo_give_what_a_whole_build_gives(seed_kb: Path, tmp_path: Path, monkeypatch) -> None:
    forbid_whole_builds(monkeypatch)
    kb = str(seed_kb)
    applied = translate(kb, tmp_path / "first.po", ["400.1", "400.2", "400.6", "501.", "506."], "1")
    assert {"400.6", "400.6#example-1", "501"} <= set(applied)
    translate(kb, tmp_path / "second.po", ["400.2", "400.7"], "2")
    assert_as_a_whole_build(seed_kb, SEED_SOURCES(), tmp_path / "whole")
    assert run_json("import", "--undo", "--kb", kb)["undone"] == 2
    assert_as_a_whole_build(seed_kb, SEED_SOURCES(), tmp_path / "whole-undone")
    assert run_json("import", "--undo", "--kb", kb)["undone"] == 1
    assert_as_a_whole_build(seed_kb, SEED_SOURCES(), tmp_path / "whole-none")


def test_units_of_an_older_release_give_what_a_whole_build_gives(kb_cache, tmp_path: Path, monkeypatch) -> None:
    """Two English releases: units translated from the older one are placed in both numberings."""
    sources = [cr_release("20250404"), cr_release("20251114"), CORPUS / "004_033ca0c87611b1e4.txt"]
    kb_dir = kb_cache.copy(sources, tmp_path / "kb")
    forbid_whole_builds(monkeypatch)
    applied = translate(str(kb_dir), tmp_path / "old.po", ["702.124i", "702.124j", "400.6"], "old",
                        "--release", "2025-04-04")
    assert {"702.124i", "702.124j"} <= set(applied)
    assert_as_a_whole_build(kb_dir, sources, tmp_path / "whole")


def test_an_import_builds_whole_when_a_source_changed(kb_cache, tmp_path: Path, monkeypatch) -> None:
    source = tmp_path / "sources" / "seed-it.txt"
    source.parent.mkdir()
    shutil.copyfile(CORPUS / "004_033ca0c87611b1e4.txt", source)
    sources = [cr_release("20241108"), source.parent]
    kb_dir = tmp_path / "kb"
    WHOLE_BUILD(kb_dir, sources)
    source.write_text(source.read_text(encoding="utf-8").replace("Una zona", "Una zona mutata"), encoding="utf-8")
    whole: list[Path] = []
    monkeypatch.setattr(pipeline, "build_kb", lambda kb, paths, **kw: whole.append(kb) or WHOLE_BUILD(kb, paths, **kw))
    translate(str(kb_dir), tmp_path / "one.po", ["400.1"], "1")
    assert whole == [kb_dir]
    monkeypatch.setattr(pipeline, "build_kb", WHOLE_BUILD)
    assert_as_a_whole_build(kb_dir, sources, tmp_path / "whole")


def test_the_kept_alignment_reads_back_as_it_was_written(seed_kb: Path) -> None:
    build = seed_kb / "builds" / (seed_kb / "CURRENT").read_text().strip()
    kept = json.loads((build / incremental.SNAPSHOT).read_text(encoding="utf-8"))["alignment"]
    again = json.loads(json.dumps(Alignment.from_json(kept).to_json(), ensure_ascii=False))
    assert again == kept and kept["pairs"] and kept["links"]
