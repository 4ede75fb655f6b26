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
:func:`undo` puts the files of an import back as they were, byte for byte, and rebuilds.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import KBError
from ..numbering import RuleNumber
from ..parsers.translation import dumps, split_glossary_id
from ..store import KnowledgeBase
from .selection import split_unit_id

IMPORTS = "imports"
HISTORY = "import-history"  # in KB_DIR, beside imports/ (which every build reads): never a source
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
            data = dumps(header, sorted(units, key=lambda u: _order(u["id"]))).encode("utf-8")
            if self.files.get(path) != data:
                out[path] = data
        for path in self.files:
            if path not in by_file:
                out[path] = None
        return out


def _of_rule(unit_id: str, number: str) -> bool:
    """``unit_id`` is rule ``number``'s text or one of its examples."""
    return unit_id == number or unit_id.startswith(number + "#example-")


def _order(unit_id: str) -> tuple:
    english, definition = split_glossary_id(unit_id)
    if english is not None:
        return (1, RuleNumber(0), 0, english, definition)
    number, index = split_unit_id(unit_id)
    return (0, number or RuleNumber(0), index or 0, unit_id, False)


# -- history: one entry per import, the journal of the one in progress -------------------------------

def history_dir(kb_dir: Path) -> Path:
    return Path(kb_dir) / HISTORY


def history(kb_dir: Path) -> list[dict[str, Any]]:
    """The imports recorded, oldest first (each: id, time, file, translator, language, units, undone)."""
    folder = history_dir(kb_dir)
    entries = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            entries.append(json.loads(path.read_text(encoding="utf-8")))
        except ValueError:
            raise KBError(f"{path}: the import history is damaged; move the file away") from None
    return entries


def _entry_path(kb_dir: Path, entry_id: int) -> Path:
    return history_dir(kb_dir) / f"{entry_id:04d}.json"


def _sha(data: bytes | None) -> str | None:
    return hashlib.sha256(data).hexdigest() if data is not None else None


def commit(kb_dir: Path, changes: dict[Path, bytes | None], rebuild: Rebuild, sources: list[Path],
           record: dict[str, Any]) -> int | None:
    """Apply ``changes`` (path -> new bytes, None to remove) and ``rebuild(kb_dir, sources)``; on any
    failure put every file back as it was and raise. Returns the history entry's id (None: no change)."""
    if not changes:
        return None
    before = _read_all(changes)
    entries = history(kb_dir)
    entry_id = (entries[-1]["id"] + 1) if entries else 1
    entry = {**record, "id": entry_id,
             "before": {p.name: (b.decode("utf-8") if b is not None else None) for p, b in before.items()},
             "after": {p.name: _sha(data) for p, data in changes.items()}}
    entry_path = _entry_path(kb_dir, entry_id)
    _write_atomically(entry_path, json.dumps(entry, ensure_ascii=False, indent=1).encode("utf-8"))
    _write_atomically(history_dir(kb_dir) / JOURNAL, entry_path.name.encode("ascii"))
    try:
        _apply(changes, before, lambda: rebuild(Path(kb_dir), sources))
    except BaseException:
        entry_path.unlink(missing_ok=True)
        raise
    finally:
        (history_dir(kb_dir) / JOURNAL).unlink(missing_ok=True)
    _prune(kb_dir)
    return entry_id


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
    paths = sorted(history_dir(kb_dir).glob("*.json"))
    for path in paths[:-KEPT_ENTRIES]:
        path.unlink(missing_ok=True)


def _put(path: Path, data: bytes | None) -> None:
    if data is None:
        path.unlink(missing_ok=True)
    else:
        _write_atomically(path, data)


def recover(kb: KnowledgeBase, kb_dir: Path) -> list[str]:
    """Roll back an import killed before its build was published (its journal is left and the current
    build did not read the stored files as they are); returns the files put back."""
    folder = imports_dir(kb_dir)
    restored: list[str] = []
    journal = history_dir(kb_dir) / JOURNAL
    if not journal.exists():
        return restored
    entry_path = history_dir(kb_dir) / journal.read_text(encoding="ascii").strip()
    entry = json.loads(entry_path.read_text(encoding="utf-8")) if entry_path.is_file() else None
    if entry is not None and not _published(kb, folder, entry["after"]):
        for name, text in entry["before"].items():
            _put(folder / name, text.encode("utf-8") if text is not None else None)
            restored.append(name)
        entry_path.unlink()
    journal.unlink()
    return restored


def _published(kb: KnowledgeBase, folder: Path, after: dict[str, str | None]) -> bool:
    """The current build read each of these files as it is now (and none of the removed ones)."""
    held = {Path(d.path).name: d.sha256 for d in kb.documents().values() if d.format == "mtgkb-translation"
            and d.path and Path(d.path).parent.resolve() == folder.resolve()}
    for name, sha in after.items():
        current = _sha((folder / name).read_bytes()) if (folder / name).exists() else None
        if current != sha or held.get(name) != current:
            return False
    return True


def undo(kb_dir: Path, entry_id: int | None, rebuild: Rebuild, sources: list[Path]) -> dict[str, Any]:
    """Put the files of import ``entry_id`` (the last one not undone when None) back as they were
    before it, byte for byte, and rebuild. Refused when a later import changed the same files."""
    every = history(kb_dir)
    entries = [e for e in every if not e.get("undone")]
    if entry_id is not None and any(e["id"] == entry_id and e.get("undone") for e in every):
        raise KBError(f"import {entry_id} was already taken back (mtgkb imports lists them)")
    if not entries:
        raise KBError("no import to undo (mtgkb imports lists them)")
    entry = entries[-1] if entry_id is None else next((e for e in entries if e["id"] == entry_id), None)
    if entry is None:
        raise KBError(f"no import {entry_id} to undo (mtgkb imports lists them)")
    folder = imports_dir(kb_dir)
    later = [name for name, sha in entry["after"].items()
             if _sha((folder / name).read_bytes() if (folder / name).exists() else None) != sha]
    if later:
        newer = [e["id"] for e in entries if e["id"] > entry["id"] and set(e["after"]) & set(later)]
        which = f"import {', '.join(map(str, newer))}" if newer else "something else"
        raise KBError(f"cannot undo import {entry['id']}: {which} changed {later[0]} since; undo that first")
    changes = {folder / name: (text.encode("utf-8") if text is not None else None)
               for name, text in entry["before"].items()}
    _apply(changes, _read_all(changes), lambda: rebuild(Path(kb_dir), sources))
    entry["undone"] = True
    _write_atomically(_entry_path(kb_dir, entry["id"]), json.dumps(entry, ensure_ascii=False, indent=1).encode("utf-8"))
    return entry


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as handle:
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


__all__: Iterable[str] = ["Stored", "build_sources", "commit", "history", "imports_dir", "recover", "stored_files",
                          "stored_path", "undo"]
