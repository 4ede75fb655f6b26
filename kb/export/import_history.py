"""The import history (``KB_DIR/import-history/``): one entry per import, read and checked.

An entry is what :func:`kb.export.imports.commit` writes: its id (the number of its file name), the
files of ``imports/`` it changed (``before``: their texts, ``after``: their SHA-256), what it
applied, and each unit it changed as it was before and after (``units``; what an undo took back of
them: ``undone_units``, or ``undone`` for all). An entry of another shape, or naming a file that is
not a plain name of ``imports/``, is a one-line error: a shared or copied knowledge base cannot make
an undo write elsewhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterable

from ..errors import KBError
from .unit_changes import well_formed_changes, well_formed_keys

HISTORY = "import-history"  # in KB_DIR, beside imports/ (which every build reads): never a source


def history_dir(kb_dir: Path) -> Path:
    return Path(kb_dir) / HISTORY


def history(kb_dir: Path) -> list[dict[str, Any]]:
    """The imports recorded, oldest first (each: id, time, file, translator, language, units, undone).
    Entries are ordered by their number (``10000.json`` after ``9999.json``); an entry that is not
    what ``commit`` writes (wrong shape, a file name that is not a plain ``imports/`` name) is an error."""
    return [read_entry(path) for path in entry_paths(kb_dir)]


def entry_paths(kb_dir: Path) -> list[Path]:
    """The history's entry files, ordered by their number."""
    folder = history_dir(kb_dir)
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("*.json") if ENTRY_NAME.fullmatch(p.name)), key=lambda p: int(p.stem))


ENTRY_NAME = re.compile(r"[0-9]{1,9}\.json")
STORED_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.json")  # it-2025-11-14.json, it.json


def read_entry(path: Path) -> dict[str, Any]:
    """One history entry, checked: the names it holds are plain names of ``imports/``."""
    damaged = KBError(f"{path}: the import history is damaged; move the file away")
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError, OSError):
        raise damaged from None
    if not well_formed(entry) or entry["id"] != int(path.stem):
        raise damaged
    return entry


def well_formed(entry: Any) -> bool:
    """``entry`` has the shape ``commit`` writes."""
    if not isinstance(entry, dict) or type(entry.get("id")) is not int:
        return False
    before, after = entry.get("before"), entry.get("after")
    if not isinstance(before, dict) or not isinstance(after, dict) or set(before) != set(after):
        return False
    names_ok = all(isinstance(n, str) and STORED_NAME.fullmatch(n) for n in before)
    texts_ok = all(v is None or isinstance(v, str) for v in before.values())
    shas_ok = all(v is None or (isinstance(v, str) and re.fullmatch(r"[0-9a-f]{64}", v)) for v in after.values())
    applied = entry.get("applied", [])
    units_ok = well_formed_changes(entry.get("units", []), before) and well_formed_keys(entry.get("undone_units", []))
    # the fields shown and compared are text, or absent (a hostile history: "lang": 3, "file": 7, a lone surrogate)
    fields_ok = all(entry.get(key) is None or _text(entry[key]) for key in TEXT_FIELDS)
    return names_ok and texts_ok and bool(shas_ok) and isinstance(applied, list) and units_ok and fields_ok and \
        all(_text(u) for u in applied) and isinstance(entry.get("undone", False), bool)


TEXT_FIELDS = ("lang", "file", "file_format", "translator", "imported", "source_release")


def _text(value: Any) -> bool:
    """A string that can be written out (no lone surrogate)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def entry_path(kb_dir: Path, entry_id: int) -> Path:
    return history_dir(kb_dir) / f"{entry_id:04d}.json"


__all__: Iterable[str] = ["ENTRY_NAME", "HISTORY", "STORED_NAME", "entry_path", "entry_paths", "history",
                          "history_dir", "read_entry", "well_formed"]
