"""Take an import back, whole or by unit, and bring it back (``mtgkb import --undo``, ``--revert``, ``--redo``).

An undo puts the units an import changed back as they were before it (:mod:`kb.export.unit_changes`):
the whole import, byte for byte, while no later import touched its files; otherwise unit by unit, so
a later import's other units of the same file stay. A unit a later import changed again is never
overwritten: the undo is refused, naming that import. The units taken back stay in the history entry,
and a redo puts them back, unless something changed them since. Each step is journaled
(:func:`kb.export.imports.take_step`): killed at any point, it is all done or not done after the next run.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..errors import KBError
from .imports import Rebuild, history, imports_dir, stored_now, take_step
from .unit_changes import Change, UnitKey, describe, file_units, key, nothing_named, rewritten, selected, unit_changes


@dataclass
class Step:
    """What an undo or redo did: its entry (updated), the units it changed, the files it rewrote."""

    kind: str
    entry: dict[str, Any]
    changes: list[Change] = field(default_factory=list)
    whole: bool = False  # every file put back byte for byte

    @property
    def files(self) -> list[str]:
        return sorted({c["file"] for c in self.changes} or set(self.entry["before"]))

    def to_dict(self) -> dict[str, Any]:
        entry = self.entry
        return {{"undo": "undone", "redo": "redone"}[self.kind]: entry["id"], "file": entry.get("file"),
                "lang": entry.get("lang"), "translator": entry.get("translator"), "imported": entry.get("imported"),
                "units": entry.get("applied", []) if self.whole else list(dict.fromkeys(c["id"] for c in self.changes)),
                "restored": self.files, "whole": self.whole, "import_undone": bool(entry.get("undone")),
                "undone_units": entry.get("undone_units", [])}


def undo(kb_dir: Path, entry_id: int | None, rebuild: Rebuild, sources: list[Path], units: Iterable[str] = (),
         lang: str | None = None) -> Step:
    """Take back import ``entry_id`` (None: the last one still in force; with ``units``, the last one
    that changed them), or only its ``units`` (in ``lang``), and rebuild."""
    units = list(units)
    every = history(kb_dir)
    entry = _to_undo(kb_dir, every, entry_id, units, lang)
    changes = recorded_changes(kb_dir, entry, every)
    undone = undone_keys(entry, changes)
    narrowed = bool(units or lang)
    chosen = selected(changes, units, lang) if narrowed else changes
    if narrowed and not chosen:
        raise nothing_named(entry["id"], units, changes, lang)
    todo = [c for c in chosen if key(c) not in undone]
    if not todo and (changes or entry.get("undone")):
        what = f"{describe(chosen)} of import {entry['id']}" if narrowed else f"import {entry['id']}"
        raise KBError(f"{what} was already taken back (mtgkb import --redo {entry['id']} brings it back)")
    if not narrowed and not undone and _files_as_left(kb_dir, entry):
        files = {imports_dir(kb_dir) / name: (text.encode("utf-8") if text is not None else None)
                 for name, text in entry["before"].items()}
        whole = True
    else:
        _check_still(kb_dir, entry, every, todo, "after", "undo")
        files, whole = _rewrites(kb_dir, todo, "before"), False
    left = undone | {key(c) for c in todo}
    update = {"units": changes, "undone_units": sorted(map(list, left)), "undone": len(left) >= len(changes)}
    return Step("undo", take_step(kb_dir, "undo", entry, files, rebuild, sources, update), todo, whole)


def redo(kb_dir: Path, entry_id: int, rebuild: Rebuild, sources: list[Path], units: Iterable[str] = (),
         lang: str | None = None) -> Step:
    """Put back what an undo took of import ``entry_id`` (only ``units``, in ``lang``, when given) and rebuild."""
    units = list(units)
    every = history(kb_dir)
    entry = next((e for e in every if e["id"] == entry_id), None)
    if entry is None:
        raise KBError(f"no import {entry_id} in the history (mtgkb imports lists them)")
    changes = recorded_changes(kb_dir, entry, every, redo=True)
    undone = undone_keys(entry, changes)
    chosen = selected(changes, units, lang) if units or lang else changes
    if (units or lang) and not chosen:
        raise nothing_named(entry_id, units, changes, lang)
    todo = [c for c in chosen if key(c) in undone]
    if not todo:
        what = f"{describe(chosen)} of import {entry_id}" if units or lang else f"import {entry_id}"
        raise KBError(f"{what} is not taken back: nothing to redo (mtgkb imports lists the imports)")
    _check_still(kb_dir, entry, every, todo, "before", "redo")
    left = undone - {key(c) for c in todo}
    update = {"units": changes, "undone_units": sorted(map(list, left)), "undone": False}
    files = _rewrites(kb_dir, todo, "after")
    return Step("redo", take_step(kb_dir, "redo", entry, files, rebuild, sources, update), todo)


def _to_undo(kb_dir: Path, every: list[dict[str, Any]], entry_id: int | None, units: list[str],
             lang: str | None) -> dict[str, Any]:
    """The entry an undo takes back: the one named, or the last one still in force (that changed
    ``units``, when given)."""
    if entry_id is not None:
        entry = next((e for e in every if e["id"] == entry_id), None)
        if entry is None:
            raise KBError(f"no import {entry_id} to undo (mtgkb imports lists them)")
        if entry.get("undone") and not units:
            raise KBError(f"import {entry_id} was already taken back (mtgkb import --redo {entry_id} brings it back)")
        return entry
    for entry in reversed([e for e in every if not e.get("undone")]):
        if not units and not lang:
            return entry
        changes = recorded_changes(kb_dir, entry, every)
        undone = undone_keys(entry, changes)
        if any(key(c) not in undone for c in selected(changes, units, lang)):
            return entry
    if units or lang:
        raise KBError(f"no import in force changed {', '.join(units) or 'a unit'}{f' in {lang}' if lang else ''} "
                      "(mtgkb imports lists them)")
    raise KBError("no import to undo (mtgkb imports lists them)")


def undone_keys(entry: dict[str, Any], changes: list[Change]) -> set[UnitKey]:
    """The units of ``entry`` an undo took back."""
    if entry.get("undone"):
        return {key(c) for c in changes}
    return {(k[0], k[1]) for k in entry.get("undone_units", [])}


def recorded_changes(kb_dir: Path, entry: dict[str, Any], every: list[dict[str, Any]],
                     redo: bool = False) -> list[Change]:
    """The units ``entry`` changed: recorded with it, or, for an import an older mtgkb recorded, found
    from its files as they were before and after it (after: a stored file, or a later import's
    'before', with the SHA-256 the entry names)."""
    if "units" in entry:
        return entry["units"]
    after: dict[str, bytes | None] = {}
    for name, sha in entry["after"].items():
        if sha is None:
            after[name] = None
            continue
        candidates = [stored_now(kb_dir, name), *(e["before"][name].encode("utf-8") for e in every
                                                   if e["id"] > entry["id"] and e["before"].get(name) is not None)]
        found = next((c for c in candidates if c is not None and hashlib.sha256(c).hexdigest() == sha), None)
        if found is None:
            if redo:
                raise KBError(f"import {entry['id']} was taken back by an older mtgkb, which kept no copy of its "
                              f"texts: import its file ({entry.get('file')}) again")
            raise KBError(f"import {entry['id']} was recorded by an older mtgkb and {name} changed since: it can "
                          "only be taken back whole, after the later imports")
        after[name] = found
    try:
        return unit_changes(entry["before"], after)
    except (ValueError, AttributeError, TypeError, KeyError):
        raise KBError(f"import {entry['id']}: the import history is damaged; move the file away") from None


def _files_as_left(kb_dir: Path, entry: dict[str, Any]) -> bool:
    """Every file of ``entry`` is as the import left it (its SHA-256)."""
    return all(_sha(stored_now(kb_dir, name)) == sha for name, sha in entry["after"].items())


def _check_still(kb_dir: Path, entry: dict[str, Any], every: list[dict[str, Any]], todo: list[Change],
                 side: str, kind: str) -> None:
    """Refuse the step when a unit of ``todo`` is no longer as its ``side`` says (another import changed
    it since), naming that import."""
    for change in todo:
        current = _units_now(kb_dir, change["file"]).get(change["id"])
        if current == change[side]:
            continue
        later = [e["id"] for e in every if e["id"] > entry["id"] and not e.get("undone")
                 and any(key(c) == key(change) for c in e.get("units", []))]
        who = f"import {later[-1]}" if later else "something else"
        then = (f"undo that first (mtgkb import --revert {later[-1]} --unit {change['id']})" if later and kind == "undo"
                else "the knowledge base keeps that text")
        raise KBError(f"cannot {kind} {change['id']} of import {entry['id']}: {who} changed it since; {then}")


def _units_now(kb_dir: Path, name: str) -> dict[str, dict[str, Any]]:
    try:
        return file_units(stored_now(kb_dir, name))
    except (ValueError, AttributeError, TypeError, KeyError):
        raise KBError(f"{imports_dir(kb_dir) / name}: the stored translations are damaged; move the file away "
                      "and import again") from None


def _rewrites(kb_dir: Path, todo: list[Change], side: str) -> dict[Path, bytes | None]:
    """The stored files with each unit of ``todo`` set as its ``side`` says."""
    by_file: dict[str, dict[str, Any]] = {}
    for change in todo:
        by_file.setdefault(change["file"], {})[change["id"]] = change[side]
    return {imports_dir(kb_dir) / name: rewritten(name, stored_now(kb_dir, name), edits)
            for name, edits in by_file.items()}


def _sha(data: bytes | None) -> str | None:
    return hashlib.sha256(data).hexdigest() if data is not None else None


__all__ = ["Step", "recorded_changes", "redo", "undo", "undone_keys"]
