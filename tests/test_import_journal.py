"""The import history and its journal (kb.export.imports) under kills and hostile histories (issue 34).

A fake build stands for the knowledge base: "publishing" records the SHA-256 of each stored file
as the build read it, which is what :func:`recover` compares with. A kill is ``os._exit`` in a
forked child at the n-th write of the step, for every n, as a ``kill -9`` at that offset would.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from kb.errors import KBError
from kb.export import imports
from kb.export.undo import redo, undo

LANG_FILE = "it-2025-11-14.json"


def _sha(data: bytes | None) -> str | None:
    return hashlib.sha256(data).hexdigest() if data is not None else None


class FakeKB:
    """What recover asks of a knowledge base: the stored files the published build read."""

    def __init__(self, kb_dir: Path, built_in: Path | None = None) -> None:
        self.kb_dir = kb_dir
        self.built_in = built_in or kb_dir  # a knowledge base copied since names the folder it was built in

    def documents(self) -> dict:
        published = self.kb_dir / "published.json"
        held = json.loads(published.read_text()) if published.exists() else {}
        folder = imports.imports_dir(self.built_in)
        return {name: SimpleNamespace(format="mtgkb-translation", path=str(folder / name), sha256=sha)
                for name, sha in held.items()}


def publish(kb_dir: Path, _sources: list[Path]) -> None:
    """The fake rebuild: record the stored files as read now, all at once (a rename)."""
    folder = imports.imports_dir(kb_dir)
    held = {p.name: _sha(p.read_bytes()) for p in folder.glob("*.json")} if folder.is_dir() else {}
    tmp = kb_dir / "published.tmp"
    tmp.write_text(json.dumps(held))
    os.replace(tmp, kb_dir / "published.json")


def stored(kb_dir: Path) -> dict[str, bytes]:
    folder = imports.imports_dir(kb_dir)
    return {p.name: p.read_bytes() for p in folder.glob("*.json")} if folder.is_dir() else {}


def published(kb_dir: Path) -> dict[str, str]:
    return json.loads((kb_dir / "published.json").read_text()) if (kb_dir / "published.json").exists() else {}


def import_text(kb_dir: Path, text: str) -> int | None:
    path = imports.stored_path(kb_dir, "it", "2025-11-14")
    return imports.commit(kb_dir, {path: text.encode()}, publish, [], {"lang": "it", "applied": ["100.1"]})


@pytest.fixture()
def kb_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "kb"
    folder.mkdir()
    publish(folder, [])
    return folder


# -- kills at every offset ----------------------------------------------------------------------------

def _killed_at(offset: int, step, rebuild=publish) -> bool:
    """Run ``step`` in a forked child that dies (os._exit) at its ``offset``-th write (the rebuild is one);
    True if it died."""
    pid = os.fork()
    if pid == 0:  # the child: count the writes, die at the chosen one
        calls = {"n": 0}

        def counting(function):
            def wrapped(*args, **kwargs):
                calls["n"] += 1
                if calls["n"] == offset:
                    os._exit(9)
                return function(*args, **kwargs)
            return wrapped

        imports._write_atomically = counting(imports._write_atomically)
        imports._put = counting(imports._put)
        try:
            step(counting(rebuild))
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) == 9


def _consistent(kb_dir: Path) -> None:
    """Every stored file is as the published build read it, and the history says what holds."""
    assert {name: _sha(data) for name, data in stored(kb_dir).items()} == published(kb_dir)
    assert not (imports.history_dir(kb_dir) / imports.JOURNAL).exists()


@pytest.mark.parametrize("copied", [False, True], ids=["built here", "copied since"])
@pytest.mark.parametrize("offset", range(1, 9))
def test_an_undo_killed_at_any_write_is_all_or_nothing_after_the_next_run(kb_dir: Path, offset: int,
                                                                          copied: bool) -> None:
    import_text(kb_dir, '{"old": 1}')
    import_text(kb_dir, '{"new": 2}')
    imported = stored(kb_dir)
    killed = _killed_at(offset, lambda rebuild: undo(kb_dir, None, rebuild, []))
    imports.recover(FakeKB(kb_dir, kb_dir.parent / "first" / "kb" if copied else None), kb_dir)
    _consistent(kb_dir)
    last = imports.history(kb_dir)[-1]
    if last.get("undone"):
        assert stored(kb_dir)[LANG_FILE] == b'{"old": 1}'
    else:
        assert killed and stored(kb_dir) == imported
        undo(kb_dir, None, publish, [])  # a later undo is not refused
        assert stored(kb_dir)[LANG_FILE] == b'{"old": 1}'


@pytest.mark.parametrize("offset", range(1, 8))
def test_an_import_killed_at_any_write_leaves_no_phantom_entry(kb_dir: Path, offset: int) -> None:
    import_text(kb_dir, '{"old": 1}')
    _killed_at(offset, lambda rebuild: imports.commit(
        kb_dir, {imports.stored_path(kb_dir, "it", "2025-11-14"): b'{"new": 2}'}, rebuild, [], {"lang": "it"}))
    imports.recover(FakeKB(kb_dir), kb_dir)
    _consistent(kb_dir)
    entries = imports.history(kb_dir)
    assert stored(kb_dir)[LANG_FILE] == (b'{"new": 2}' if len(entries) == 2 else b'{"old": 1}')
    assert [e["id"] for e in entries] == list(range(1, len(entries) + 1))


def units_file(units: dict[str, str]) -> bytes:
    """A stored file as mtgkb writes it, holding ``units`` (id -> text)."""
    from kb.parsers.translation import dumps

    header = {"lang": "it", "source_lang": "en", "source_release": "2025-11-14"}
    return dumps(header, [{"id": i, "text": t, "source_release": "2025-11-14"} for i, t in units.items()]).encode()


def stored_units(kb_dir: Path) -> dict[str, str]:
    data = stored(kb_dir).get(LANG_FILE)
    return {u["id"]: u["text"] for u in json.loads(data)["units"]} if data else {}


def two_imports(kb_dir: Path) -> None:
    """Import 1 stores 100.1 and 100.2; import 2 adds 100.3 to the same file."""
    path = imports.stored_path(kb_dir, "it", "2025-11-14")
    first = {"100.1": "uno", "100.2": "due"}
    imports.commit(kb_dir, {path: units_file(first)}, publish, [], {"lang": "it", "applied": list(first)})
    imports.commit(kb_dir, {path: units_file({**first, "100.3": "tre"})}, publish, [], {"lang": "it", "applied": ["100.3"]})


@pytest.mark.parametrize("units", [(), ("100.1",)], ids=["whole", "one unit"])
@pytest.mark.parametrize("offset", range(1, 7))
def test_an_undo_by_unit_killed_at_any_write_is_all_or_nothing(kb_dir: Path, offset: int, units: tuple) -> None:
    two_imports(kb_dir)
    imported = stored(kb_dir)
    killed = _killed_at(offset, lambda rebuild: undo(kb_dir, 1, rebuild, [], units))
    imports.recover(FakeKB(kb_dir), kb_dir)
    _consistent(kb_dir)
    first = imports.history(kb_dir)[0]
    if first.get("undone") or first.get("undone_units"):
        assert stored_units(kb_dir) == ({"100.2": "due", "100.3": "tre"} if units else {"100.3": "tre"})
        assert not killed or offset >= 5  # the kill came after the build was published (writes: journal, put, its file, rebuild, entry)
    else:
        assert killed and stored(kb_dir) == imported
        undo(kb_dir, 1, publish, [], units)  # a later undo is not refused
        assert "100.1" not in stored_units(kb_dir) and stored_units(kb_dir)["100.3"] == "tre"


@pytest.mark.parametrize("offset", range(1, 7))
def test_an_undo_of_one_language_of_an_import_of_two_killed_is_all_or_nothing(kb_dir: Path, offset: int) -> None:
    """The entry's units name both files, the step rewrites one: the journal is not taken for damaged."""
    french = imports.stored_path(kb_dir, "fr", "2025-11-14")
    imports.commit(kb_dir, {imports.stored_path(kb_dir, "it", "2025-11-14"): units_file({"100.1": "uno"}),
                            french: units_file({"100.1": "un"}).replace(b'"lang": "it"', b'"lang": "fr"')},
                   publish, [], {"lang": "it,fr", "applied": ["100.1"]})
    killed = _killed_at(offset, lambda rebuild: undo(kb_dir, 1, rebuild, [], lang="fr"))
    imports.recover(FakeKB(kb_dir), kb_dir)
    _consistent(kb_dir)
    entry = imports.history(kb_dir)[0]
    assert stored_units(kb_dir) == {"100.1": "uno"}
    if entry.get("undone_units"):
        assert entry["undone_units"] == [[french.name, "100.1"]] and not french.exists()
    else:
        assert killed and french.exists()


@pytest.mark.parametrize("offset", range(1, 7))
def test_a_redo_killed_at_any_write_is_all_or_nothing(kb_dir: Path, offset: int) -> None:
    two_imports(kb_dir)
    undo(kb_dir, 1, publish, [])
    undone = stored(kb_dir)
    killed = _killed_at(offset, lambda rebuild: redo(kb_dir, 1, rebuild, []))
    imports.recover(FakeKB(kb_dir), kb_dir)
    _consistent(kb_dir)
    if not imports.history(kb_dir)[0].get("undone"):
        assert stored_units(kb_dir) == {"100.1": "uno", "100.2": "due", "100.3": "tre"}
    else:
        assert killed and stored(kb_dir) == undone
        redo(kb_dir, 1, publish, [])  # a later redo is not refused
        assert stored_units(kb_dir) == {"100.1": "uno", "100.2": "due", "100.3": "tre"}


# -- ids past 9,999 -----------------------------------------------------------------------------------

def test_ids_from_10000_come_after_9999(kb_dir: Path) -> None:
    entry = {"id": 9999, "lang": "it", "before": {LANG_FILE: None}, "after": {LANG_FILE: _sha(b"x")}}
    folder = imports.history_dir(kb_dir)
    folder.mkdir()
    (folder / "9999.json").write_text(json.dumps(entry))
    (folder / "10000.json").write_text(json.dumps({**entry, "id": 10000}))
    assert [e["id"] for e in imports.history(kb_dir)] == [9999, 10000]
    assert import_text(kb_dir, '{"a": 1}') == 10001
    assert (folder / "10000.json").exists() and (folder / "10001.json").exists()


def test_pruning_keeps_the_newest_entries_past_9999(kb_dir: Path) -> None:
    folder = imports.history_dir(kb_dir)
    folder.mkdir()
    for number in range(9990, 10000 + imports.KEPT_ENTRIES):
        entry = {"id": number, "before": {LANG_FILE: None}, "after": {LANG_FILE: _sha(b"x")}}
        (folder / f"{number:04d}.json").write_text(json.dumps(entry))
    imports._prune(kb_dir)
    ids = [e["id"] for e in imports.history(kb_dir)]
    assert ids[-1] == 10000 + imports.KEPT_ENTRIES - 1 and len(ids) == imports.KEPT_ENTRIES


def test_pruning_keeps_an_entry_holding_units_an_undo_took_back(kb_dir: Path) -> None:
    folder = imports.history_dir(kb_dir)
    folder.mkdir()
    for number in range(1, imports.KEPT_ENTRIES + 3):
        entry = {"id": number, "before": {LANG_FILE: None}, "after": {LANG_FILE: _sha(b"x")},
                 **({"undone_units": [[LANG_FILE, "100.1"]]} if number == 2 else {})}
        (folder / f"{number:04d}.json").write_text(json.dumps(entry))
    imports._prune(kb_dir)
    ids = [e["id"] for e in imports.history(kb_dir)]
    assert ids == [2, *range(3, imports.KEPT_ENTRIES + 3)]  # what redo needs is never pruned


# -- a history that is not what the tool wrote --------------------------------------------------------

@pytest.mark.parametrize("name", ["../../victim/evil.json", "/tmp/rel-evil.json", "..", ".hidden.json",
                                  "a/b.json", "it.txt"])
def test_a_history_naming_a_path_outside_imports_is_refused(kb_dir: Path, name: str) -> None:
    import_text(kb_dir, '{"a": 1}')
    path = imports.history_dir(kb_dir) / "0001.json"
    entry = json.loads(path.read_text())
    entry["before"], entry["after"] = {name: "evil"}, {name: None}
    path.write_text(json.dumps(entry))
    with pytest.raises(KBError, match="import history is damaged"):
        undo(kb_dir, None, publish, [])
    assert not Path("/tmp/rel-evil.json").exists() and not (kb_dir.parent / "victim").exists()


def test_a_journal_naming_a_path_outside_the_history_is_refused(kb_dir: Path) -> None:
    import_text(kb_dir, '{"a": 1}')
    (imports.history_dir(kb_dir) / imports.JOURNAL).write_text("../../victim.json")
    with pytest.raises(KBError, match="import journal is damaged"):
        imports.recover(FakeKB(kb_dir), kb_dir)


MALFORMED = {
    "a list": b"[]",
    "an empty object": b"{}",
    "a string id": b'{"id": "1", "before": {}, "after": {}}',
    "no after": b'{"id": 1, "before": {"it.json": null}}',
    "before not an object": b'{"id": 1, "before": [], "after": {}}',
    "a text that is a number": b'{"id": 1, "before": {"it.json": 3}, "after": {"it.json": null}}',
    "names that differ": b'{"id": 1, "before": {"it.json": null}, "after": {"fr.json": null}}',
    "applied not a list": b'{"id": 1, "before": {}, "after": {}, "applied": 3}',
    "binary": b"\xff\xfe\x00\x01garbage",
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "an id not its name": b'{"id": 7, "before": {}, "after": {}}',
    "a unit of a file it did not change": b'{"id": 1, "before": {"it.json": null}, "after": {"it.json": null}, '
                                          b'"units": [{"file": "../x.json", "id": "100.1", "before": null, "after": null}]}',
    "undone units not pairs": b'{"id": 1, "before": {}, "after": {}, "undone_units": ["100.1"]}',
    # a hostile re-test: each gave a traceback from `import --undo` or `imports`
    "a language that is a number": b'{"id": 1, "before": {}, "after": {}, "lang": 3}',
    "a file that is a number": b'{"id": 1, "before": {}, "after": {}, "file": 7}',
    "a translator with a lone surrogate": b'{"id": 1, "before": {}, "after": {}, "translator": "\\ud800"}',
}


@pytest.mark.parametrize("content", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_history_is_one_clear_error(kb_dir: Path, content: bytes) -> None:
    folder = imports.history_dir(kb_dir)
    folder.mkdir()
    (folder / "0001.json").write_bytes(content)
    for action in (lambda: imports.history(kb_dir), lambda: undo(kb_dir, None, publish, []),
                   lambda: import_text(kb_dir, '{"a": 1}')):
        with pytest.raises(KBError, match="0001.json: the import history is damaged"):
            action()


@pytest.mark.parametrize("content", [b"\xff\xfe", b"[" * 100_000, b'{"kind": "import", "entry": 3}',
                                     b'{"kind": "import", "entry": "0001.json", "restore": {"../x.json": "a"},'
                                     b' "expect": {"../x.json": null}}'])
def test_a_malformed_journal_is_one_clear_error(kb_dir: Path, content: bytes) -> None:
    import_text(kb_dir, '{"a": 1}')
    (imports.history_dir(kb_dir) / imports.JOURNAL).write_bytes(content)
    with pytest.raises(KBError, match="import journal is damaged"):
        imports.recover(FakeKB(kb_dir), kb_dir)


# -- symbolic links -----------------------------------------------------------------------------------

def test_an_imports_folder_that_is_a_symlink_is_not_written_through(kb_dir: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    imports.imports_dir(kb_dir).symlink_to(elsewhere)
    with pytest.raises(KBError, match="is a symbolic link"):
        import_text(kb_dir, '{"a": 1}')
    assert list(elsewhere.iterdir()) == [] and imports.history(kb_dir) == []


def test_the_lock_holder_replaces_a_symlink_instead_of_writing_through(kb_dir: Path, tmp_path: Path) -> None:
    from kb.store import build_lock

    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (kb_dir / "LOCK.holder").symlink_to(victim)
    with build_lock(kb_dir):
        assert "build by process" in (kb_dir / "LOCK.holder").read_text()
        assert not (kb_dir / "LOCK.holder").is_symlink()
    assert victim.read_text() == "precious"


# -- a killed import is not shown as done, nor built (point 14) ---------------------------------------

def _killed_before_publish(kb_dir: Path) -> None:
    """An import killed after writing its files, before its build was published."""
    def dies(_kb_dir, _sources):
        os._exit(9)

    pid = os.fork()
    if pid == 0:
        imports.commit(kb_dir, {imports.stored_path(kb_dir, "it", "2025-11-14"): b'{"new": 2}'}, dies, [],
                       {"lang": "it"})
        os._exit(0)
    os.waitpid(pid, 0)


def test_a_killed_import_is_pending_and_a_plain_build_rolls_it_back(kb_dir: Path) -> None:
    import_text(kb_dir, '{"old": 1}')
    _killed_before_publish(kb_dir)
    assert stored(kb_dir)[LANG_FILE] == b'{"new": 2}'  # as the kill left it
    assert imports.pending(kb_dir) == ("import", 2)
    assert imports.recover_interrupted(kb_dir) == [LANG_FILE]  # no build published here: it read nothing
    assert stored(kb_dir)[LANG_FILE] == b'{"old": 1}'
    assert [e["id"] for e in imports.history(kb_dir)] == [1] and imports.pending(kb_dir) is None


def test_mtgkb_imports_shows_a_killed_import_and_build_does_not_apply_it(kb_cache, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from kb.cli import main

    from .test_export_imports import SEED_SOURCES

    seed = kb_cache.copy(SEED_SOURCES(), tmp_path / "seed")
    _killed_before_publish(seed)
    listed = CliRunner().invoke(main, ["imports", "--kb", str(seed), "--json"])
    assert listed.exit_code == 0 and json.loads(listed.stdout)[-1]["pending"] == "import", listed.output
    built = CliRunner().invoke(main, ["build", "--kb", str(seed), *(f"--corpus={p}" for p in SEED_SOURCES())])
    assert built.exit_code == 0, built.output
    assert stored(seed) == {} and imports.history(seed) == [] and imports.pending(seed) is None


# -- the same kills on a real knowledge base, with the real rebuild ----------------------------------

def _two_real_imports(folder: Path) -> None:
    """The seed knowledge base with import 1 (400.7, Giulia) and import 2 (400.1) in the same file."""
    from .test_export_imports import NEW_400_7, run, run_json
    from .test_export_translators import edit_po

    for number, text in (("400.7", NEW_400_7), ("400.1", "Una zona è un luogo.")):
        po = folder.parent / f"{folder.name}-{number}.po"
        assert run("export", number, "-f", "po", "-o", str(po), "--kb", str(folder)).exit_code == 0
        edit_po(po, {number: text})
        assert run_json("import", str(po), "--kb", str(folder))["applied"] == [number]


def _killed_in_rebuild(after_seconds: float, step) -> bool:
    """Run ``step`` with the real rebuild in a forked child killed ``after_seconds`` into the rebuild."""
    import threading

    from kb.pipeline import update_kb

    def rebuild(kb_dir, sources):
        threading.Timer(after_seconds, os._exit, [9]).start()
        return update_kb(kb_dir, sources)

    pid = os.fork()
    if pid == 0:
        try:
            step(rebuild)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) == 9


@pytest.mark.parametrize("kill", ["write 1", "write 3", "write 4", "write 5", "rebuild 0.2 s", "rebuild 1 s", "rebuild 3 s"])
def test_a_real_undo_by_unit_killed_is_all_or_nothing_after_the_next_run(kb_cache, tmp_path: Path, kill: str) -> None:
    from kb.export.imports import build_sources
    from kb.pipeline import update_kb
    from kb.store import KnowledgeBase

    from .test_export_imports import NEW_400_7, SEED_SOURCES

    seed = kb_cache.derived(SEED_SOURCES(), "two imports into it-2024-11-08.json", _two_real_imports)
    folder = tmp_path / "kb"
    shutil.copytree(seed, folder, symlinks=True)
    with KnowledgeBase.open(folder) as kb:
        sources = build_sources(kb, folder)

    def step(rebuild):
        undo(folder, 1, rebuild, sources)  # import 2 changed another unit of the file: undone by unit

    kind, at = kill.split()[:2]
    if kind == "write":
        killed = _killed_at(int(at), step, update_kb)
    else:
        killed = _killed_in_rebuild(float(at), step)
    with KnowledgeBase.open(folder) as kb:
        imports.recover(kb, folder)
    with KnowledgeBase.open(folder) as kb:
        held = {Path(d.path).name: d.sha256 for d in kb.documents().values() if d.format == "mtgkb-translation"}
        shown = {v.rule.number: v.rule.text for v in kb.rule_versions([d for d in kb.documents()
                                                                      if d.startswith("translations-it")])}
    assert held == {n: _sha(b) for n, b in stored(folder).items()}  # the build serves what imports/ holds
    assert not (imports.history_dir(folder) / imports.JOURNAL).exists()
    undone = bool(imports.history(folder)[0].get("undone"))
    assert shown.get("400.7") == (None if undone else NEW_400_7) and shown.get("400.1") == "Una zona è un luogo."
    if not undone:
        assert killed
        undo(folder, 1, update_kb, sources)  # and the undo can be made again
        assert imports.history(folder)[0]["undone"]
