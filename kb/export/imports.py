"""The translations ``mtgkb import`` stored, changed all or nothing, with a history to undo.

Layout (``KB_DIR/imports/``)::

    it-2025-11-14.json     Italian units translated from the English release of 2025-11-14
    it-2025-04-04.json     … from the release of 2025-04-04 (numbered as that release numbers them)
    it.json                units made from no official release (and files of older mtgkb versions)

and beside it (``KB_DIR/import-history/``, never read by a build)::

    0007.json              one entry per import: what it changed, and the files as they were before
    journal                the entry of the import in progress (removed once its build is published)

A stored unit is known by the release it was translated from and its id in that release
(``(2025-04-04, 702.124j)``), never by its bare number: releases renumber rules, and the
alignment carries each file's units to every release by the English text they were made
from. Each file is one document of the knowledge base (:mod:`kb.parsers.translation`).

:func:`commit` writes the changed files (each to a temporary name, flushed and renamed) and
rebuilds; when writing or the rebuild fails (an error, an interrupt) every file is put back as
it was. The history entry, written first, is the journal: an import killed before its build
was published (power cut, ``kill -9``) is rolled back by the next one (:func:`recover`).
:func:`take_step` is the same journaled step for an undo or redo (:mod:`kb.export.undo`).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import KBError
from ..parsers.translation import dumps
from ..store import KnowledgeBase
from .import_history import ENTRY_NAME, STORED_NAME, entry_paths, history, history_dir, read_entry, well_formed
from .import_history import entry_path as history_entry
from .unit_changes import unit_changes, unit_order

IMPORTS = "imports"
JOURNAL = "journal"
KEPT_ENTRIES = 50  # the history keeps the last 50 imports (each holds the files it replaced)

Key = tuple["str | None", str]  # (the release a unit was translated from, its id there)
Rebuild = Callable[[Path, list[Path]], Any]


def imports_dir(kb_dir: Path) -> Path:
    return Path(kb_dir) / IMPORTS


def stored_path(kb_dir: Path, lang: str, release: str | None) -> Path:
    """Where the ``lang`` units translated from ``release`` are stored."""
    return imports_dir(kb_dir) / (f"{lang}-{release}.json" if release else f"{lang}.json")


def stored_files(kb_dir: Path, lang: str) -> list[Path]:
    """The files holding ``lang`` units (any release)."""
    folder = imports_dir(kb_dir)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == ".json" and _lang_of(p) == lang)


def _lang_of(path: Path) -> str:
    return path.stem.split("-", 1)[0]


def read_file(path: Path) -> list[dict[str, Any]]:
    """The units of one stored file."""
    try:
        units = json.loads(path.read_text(encoding="utf-8")).get("units", [])
        if not all(isinstance(u, dict) and isinstance(u.get("id"), str) for u in units):
            raise TypeError
        return units
    except (ValueError, AttributeError, TypeError, UnicodeDecodeError):
        raise KBError(f"{path}: the stored translations are damaged; move the file away and import again") from None


@dataclass
class Stored:
    """Every stored unit of one language, by (release, id), and the file each came from."""

    kb_dir: Path
    lang: str
    source_lang: str = "en"
    units: dict[Key, dict[str, Any]] = field(default_factory=dict)
    files: dict[Path, bytes] = field(default_factory=dict)
    origin: dict[Key, Path] = field(default_factory=dict)  # the file each unit was read from

    @classmethod
    def load(cls, kb_dir: Path, lang: str, source_lang: str = "en") -> "Stored":
        stored = cls(Path(kb_dir), lang, source_lang)
        for path in stored_files(kb_dir, lang):
            stored.files[path] = path.read_bytes()
            for unit in read_file(path):
                key = (unit.get("source_release") or None, unit["id"])
                stored.units[key], stored.origin[key] = unit, path
        return stored

    def put(self, release: str | None, unit: dict[str, Any], replace: bool = True) -> None:
        """Store ``unit`` (translated from ``release``) under its id; an existing one stays unless ``replace``."""
        key = (release, unit["id"])
        if replace or key not in self.units:
            self.units[key] = unit
            self.origin[key] = self._file_of(key)

    def remove(self, key: Key) -> None:
        del self.units[key]
        del self.origin[key]

    def unit_of(self, path: str | Path, unit_id: str) -> dict[str, Any] | None:
        """The unit ``unit_id`` read from the stored file ``path``, if it holds one."""
        target = Path(path).resolve()
        return next((self.units[k] for k, origin in self.origin.items()
                     if k[1] == unit_id and origin.resolve() == target), None)

    def renumber(self, path: str | Path, number: str, new_number: str, release: str | None) -> None:
        """Move rule ``number`` of the stored file ``path`` (its text and examples) to ``new_number`` of
        ``release``, each unit recording where it came from; a unit already stored there stays."""
        target = Path(path).resolve()
        for key in [k for k, origin in self.origin.items() if origin.resolve() == target and _of_rule(k[1], number)]:
            if key[0] == release and number == new_number:
                continue
            new_id = new_number + key[1][len(number):]
            if (release, new_id) in self.units:
                continue
            unit = self.units[key]
            moved = unit.get("moved_from") or {"id": key[1], "source_release": key[0]}
            self.remove(key)
            self.put(release, {**unit, "id": new_id, "source_release": release, "moved_from": moved})

    def _file_of(self, key: Key) -> Path:
        return stored_path(self.kb_dir, self.lang, key[0])

    def changes(self) -> dict[Path, bytes | None]:
        """The files to write (their new bytes) or remove (None) to store ``units`` one file per release."""
        by_file: dict[Path, list[dict[str, Any]]] = {}
        for key, unit in self.units.items():
            by_file.setdefault(self._file_of(key), []).append(unit)
        out: dict[Path, bytes | None] = {}
        for path, units in by_file.items():
            release = units[0].get("source_release") or None
            header = {"lang": self.lang, "source_lang": self.source_lang, **({"source_release": release} if release else {})}
            data = dumps(header, sorted(units, key=lambda u: unit_order(u["id"]))).encode("utf-8")
            if self.files.get(path) != data:
                out[path] = data
        for path in self.files:
            if path not in by_file:
                out[path] = None
        return out


def _of_rule(unit_id: str, number: str) -> bool:
    """``unit_id`` is rule ``number``'s text or one of its examples."""
    return unit_id == number or unit_id.startswith(number + "#example-")


# -- history: one entry per import, the journal of the one in progress -------------------------------

def _sha(data: bytes | None) -> str | None:
    return hashlib.sha256(data).hexdigest() if data is not None else None


def commit(kb_dir: Path, changes: dict[Path, bytes | None], rebuild: Rebuild, sources: list[Path],
           record: dict[str, Any]) -> int | None:
    """Apply ``changes`` (path -> new bytes, None to remove) and ``rebuild(kb_dir, sources)``; on any
    failure put every file back as it was and raise. Returns the history entry's id (None: no change)."""
    if not changes:
        return None
    _check_real_folder(imports_dir(kb_dir))
    _check_real_folder(history_dir(kb_dir))
    before = _read_all(changes)
    entries = history(kb_dir)
    entry_id = (entries[-1]["id"] + 1) if entries else 1
    entry = {**record, "id": entry_id,
             "before": {p.name: (b.decode("utf-8") if b is not None else None) for p, b in before.items()},
             "after": {p.name: _sha(data) for p, data in changes.items()}}
    entry["units"] = unit_changes(entry["before"], {p.name: data for p, data in changes.items()})
    entry_path = history_entry(kb_dir, entry_id)
    # the journal first: a kill after it and before the build is published rolls back (no phantom entry)
    _write_journal(kb_dir, "import", entry_path.name, restore=entry["before"], expect=entry["after"])
    try:
        _write_entry(entry_path, entry)
        _apply(changes, before, lambda: rebuild(Path(kb_dir), sources))
    except BaseException:
        entry_path.unlink(missing_ok=True)
        _journal_path(kb_dir).unlink(missing_ok=True)
        raise
    _journal_path(kb_dir).unlink(missing_ok=True)
    _prune(kb_dir)
    return entry_id


def _journal_path(kb_dir: Path) -> Path:
    return history_dir(kb_dir) / JOURNAL


def _write_journal(kb_dir: Path, kind: str, entry_name: str, restore: dict[str, str | None],
                   expect: dict[str, str | None], update: dict[str, Any] | None = None) -> None:
    """Record the step in progress: the files to put back (``restore``) unless the published build
    read the files as ``expect`` says (their SHA-256; None: no file), and what the step writes in its
    history entry when it stands (``update``: an undo or redo)."""
    journal = {"kind": kind, "entry": entry_name, "restore": restore, "expect": expect,
               **({"update": update} if update is not None else {})}
    _write_atomically(_journal_path(kb_dir), json.dumps(journal, ensure_ascii=False).encode("utf-8"))


def _read_journal(kb_dir: Path, held: list[Path]) -> dict[str, Any]:
    """The journal, checked; a journal of older versions (the entry's name alone) is an import's."""
    path = _journal_path(kb_dir)
    damaged = KBError(f"{path}: the import journal is damaged; move the file away (mtgkb imports lists the imports)")
    try:
        text = path.read_text(encoding="utf-8").strip()
        journal = json.loads(text) if text.startswith("{") else {"kind": "import", "entry": text}
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise damaged from None
    if not isinstance(journal, dict) or journal.get("kind") not in ("import", "undo", "redo") \
            or not isinstance(journal.get("entry"), str) or not ENTRY_NAME.fullmatch(journal["entry"]):
        raise damaged
    if "restore" not in journal:  # an older journal: the entry holds what to put back
        entry_path = history_dir(kb_dir) / journal["entry"]
        entry = read_entry(entry_path) if entry_path in held else None
        journal["restore"] = entry["before"] if entry else {}
        journal["expect"] = entry["after"] if entry else {}
    restore, expect = journal["restore"], journal["expect"]
    update = journal.setdefault("update", {"undone": True} if journal["kind"] == "undo" else {})
    if not well_formed({"id": 0, "before": restore, "after": expect}) or not well_formed_update(update):
        raise damaged
    return journal


def well_formed_update(update: Any) -> bool:
    """``update`` is what an undo or redo writes in its entry: the units it changed (of any file of the
    entry's, not only those the step rewrites), those taken back, whether all are."""
    if not isinstance(update, dict) or not set(update) <= {"undone", "undone_units", "units"}:
        return False
    units = update.get("units", [])
    names = {c.get("file") for c in units if isinstance(c, dict)} if isinstance(units, list) else set()
    return all(isinstance(n, str) and STORED_NAME.fullmatch(n) for n in names) and \
        well_formed({"id": 0, "before": dict.fromkeys(names), "after": dict.fromkeys(names), **update})


def _read_all(paths: Iterable[Path]) -> dict[Path, bytes | None]:
    """Each file's bytes now (None: no such file)."""
    return {path: (path.read_bytes() if path.exists() else None) for path in paths}


def _apply(changes: dict[Path, bytes | None], before: dict[Path, bytes | None], then: Callable[[], Any]) -> None:
    """Write ``changes`` and run ``then``; on any failure put every file back as ``before`` and raise."""
    try:
        for path, data in changes.items():
            _put(path, data)
        then()
    except BaseException:
        for path, data in before.items():
            _put(path, data)
        raise


def _prune(kb_dir: Path) -> None:
    """Keep the last entries; an older one holding units an undo took back stays (a redo needs them)."""
    paths = entry_paths(kb_dir)
    for path in paths[:-KEPT_ENTRIES]:
        entry = read_entry(path)
        if not entry.get("undone") and not entry.get("undone_units"):
            path.unlink(missing_ok=True)


def _check_real_folder(folder: Path) -> None:
    """Refuse to write in ``imports/`` or ``import-history/`` when it is a symbolic link (the files
    would land wherever it points)."""
    if folder.is_symlink():
        raise KBError(f"{folder}: is a symbolic link; mtgkb writes the imports only inside the knowledge "
                      "base folder: replace it with a real folder")


def _put(path: Path, data: bytes | None) -> None:
    _check_real_folder(path.parent)
    if data is None:
        path.unlink(missing_ok=True)
    else:
        _write_atomically(path, data)


def recover(kb: KnowledgeBase, kb_dir: Path) -> list[str]:
    """Finish the import or undo a kill interrupted (its journal is left): when the current build read
    the stored files as the step left them, the step stands (an undo is marked undone); otherwise every
    file is put back as before the step (an import's entry is removed). Returns the files put back."""
    folder = imports_dir(kb_dir)
    restored: list[str] = []
    if not _journal_path(kb_dir).exists():
        return restored
    paths = entry_paths(kb_dir)
    journal = _read_journal(kb_dir, paths)
    entry_path = history_dir(kb_dir) / journal["entry"]
    if _published(kb, folder, journal["expect"]):
        if journal["kind"] != "import" and entry_path in paths:
            _write_entry(entry_path, {**read_entry(entry_path), **journal["update"]})
    else:
        for name, text in journal["restore"].items():
            _put(folder / name, text.encode("utf-8") if text is not None else None)
            restored.append(name)
        if journal["kind"] == "import":
            entry_path.unlink(missing_ok=True)
    _journal_path(kb_dir).unlink()
    return restored


def recover_interrupted(kb_dir: Path) -> list[str]:
    """:func:`recover` for a plain build (under its lock, before it reads ``imports/``): an import killed
    before its build was published is rolled back, not applied by the build; an undo finished."""
    if not _journal_path(kb_dir).exists():
        return []
    from ..store import current_build

    if current_build(kb_dir) is None:
        return recover(_NoBuild(), kb_dir)
    kb = KnowledgeBase.open(kb_dir)
    try:
        return recover(kb, kb_dir)
    finally:
        kb.close()


class _NoBuild:
    """A knowledge base with no build published: it read no stored file."""

    def documents(self) -> dict:
        return {}


def pending(kb_dir: Path) -> tuple[str, int] | None:
    """The step (``import`` or ``undo``) and entry id the journal names: in progress, or killed and
    to be settled by the next import, undo or build."""
    if not _journal_path(kb_dir).exists():
        return None
    journal = _read_journal(kb_dir, entry_paths(kb_dir))
    return journal["kind"], int(journal["entry"].split(".")[0])


def _published(kb: KnowledgeBase, folder: Path, after: dict[str, str | None]) -> bool:
    """The current build read each of these files as it is now (and none of the removed ones). A
    knowledge base copied or moved since its build names the imports folder it was built in."""
    held = {Path(d.path).name: d.sha256 for d in kb.documents().values() if d.format == "mtgkb-translation"
            and d.path and (Path(d.path).parent.resolve() == folder.resolve() or Path(d.path).parent.name == IMPORTS)}
    for name, sha in after.items():
        current = _sha((folder / name).read_bytes()) if (folder / name).exists() else None
        if current != sha or held.get(name) != current:
            return False
    return True


def take_step(kb_dir: Path, kind: str, entry: dict[str, Any], changes: dict[Path, bytes | None], rebuild: Rebuild,
              sources: list[Path], update: dict[str, Any]) -> dict[str, Any]:
    """An undo or redo of history ``entry``: write ``changes`` and rebuild, then write ``update`` into the
    entry; journaled as an import is, so a kill at any point leaves it all done or not done once the
    next run has recovered. Returns the entry updated."""
    _check_real_folder(imports_dir(kb_dir))
    now = _read_all(changes)
    entry_path = history_entry(kb_dir, entry["id"])
    _write_journal(kb_dir, kind, entry_path.name,
                   restore={p.name: (b.decode("utf-8") if b is not None else None) for p, b in now.items()},
                   expect={p.name: _sha(b) for p, b in changes.items()}, update=update)
    try:
        _apply(changes, now, lambda: rebuild(Path(kb_dir), sources))
    except BaseException:
        _journal_path(kb_dir).unlink(missing_ok=True)
        raise
    entry = {**entry, **update}
    _write_entry(entry_path, entry)
    _journal_path(kb_dir).unlink(missing_ok=True)
    return entry


def _write_entry(path: Path, entry: dict[str, Any]) -> None:
    _write_atomically(path, json.dumps(entry, ensure_ascii=False, indent=1).encode("utf-8"))


def stored_now(kb_dir: Path, name: str) -> bytes | None:
    """The bytes of the stored file ``name`` now (None: no such file)."""
    path = imports_dir(kb_dir) / name
    return path.read_bytes() if path.exists() else None


def _write_atomically(path: Path, data: bytes) -> None:
    _check_real_folder(path.parent)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def build_sources(kb: KnowledgeBase, kb_dir: Path) -> list[Path]:
    """The sources of the current build, without the imports folder (the build adds it back). A
    build made before builds stopped recording it lists an imports folder last: that one is left out
    too, so a knowledge base copied or moved since reads its own imports, not the old folder's."""
    folder = imports_dir(kb_dir).resolve()
    sources = [Path(p) for p in kb.info().get("sources", [])]
    if sources and sources[-1].name == folder.name and sources[-1].resolve() != folder:
        sources = sources[:-1]
    missing = [str(p) for p in sources if not p.exists()]
    if missing:
        raise KBError(f"cannot rebuild: source {missing[0]} of the current build is gone")
    return [p for p in sources if p.resolve() != folder]


__all__: Iterable[str] = ["Stored", "build_sources", "commit", "history", "imports_dir", "pending", "recover",
                          "recover_interrupted", "stored_files", "stored_now", "stored_path", "take_step"]
