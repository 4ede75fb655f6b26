"""What an import changed, unit by unit: the ground of undo by unit and redo.

A history entry (:mod:`kb.export.import_history`) records the files of ``imports/`` an import
changed, whole. Its ``units`` list says the same per unit: each unit the import added, replaced or
removed (a renumbered unit moves: removed under its old id, added under the new one), as it was
before and after, and the file holding it. Undoing a unit puts its ``before`` back, redoing it its
``after``; both are refused when the unit is no longer as the step expects (another import changed it
since), so a later import's work is never overwritten. The ``after`` units stay in the entry once
undone: a redo brings them back.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from ..errors import KBError
from ..numbering import RuleNumber
from ..parsers.translation import dumps, split_glossary_id
from .selection import split_unit_id

Change = dict[str, Any]  # {"file": a file of imports/, "id": a unit id, "before": unit | None, "after": unit | None}
UnitKey = tuple[str, str]  # (the file, the unit id)


def file_units(data: str | bytes | None) -> dict[str, dict[str, Any]]:
    """The units of a stored file's text, by id (none when there is no file)."""
    if data is None:
        return {}
    parsed = json.loads(data)
    return {unit["id"]: unit for unit in parsed.get("units", [])}


def file_header(data: str | bytes | None, name: str) -> dict[str, Any]:
    """A stored file's header (its language, source language and release) from its text, or, when
    there is none, from its name (``it-2025-11-14.json``)."""
    if data is not None:
        parsed = json.loads(data)
        return {k: v for k, v in parsed.items() if k not in ("format", "version", "units")}
    lang, _, release = name[: -len(".json")].partition("-")
    return {"lang": lang, "source_lang": "en", **({"source_release": release} if release else {})}


def unit_changes(before: dict[str, str | None], after: dict[str, bytes | None]) -> list[Change]:
    """Each unit an import changed (by file name: the texts before, the bytes after), as it was
    before and after, in file order."""
    changes: list[Change] = []
    for name in sorted(before):
        old, new = file_units(before[name]), file_units(after.get(name))
        for unit_id in [*new, *(i for i in old if i not in new)]:
            if old.get(unit_id) != new.get(unit_id):
                changes.append({"file": name, "id": unit_id, "before": old.get(unit_id), "after": new.get(unit_id)})
    return changes


def key(change: Change) -> UnitKey:
    return change["file"], change["id"]


def lang_of(file_name: str) -> str:
    return file_name.split("-", 1)[0].split(".", 1)[0]


def selected(changes: list[Change], units: Iterable[str], lang: str | None) -> list[Change]:
    """The changes ``units`` name (in ``lang``'s files only, when given): a unit, and with a rule its
    examples and with a glossary name its definition (they cannot stay without it); a unit moved from
    another number comes with the removal of its old one."""
    wanted = set(units)
    chosen = [c for c in changes
              if (lang is None or lang_of(c["file"]) == lang) and (not wanted or _named(c["id"], wanted))]
    moved = {(m.get("source_release"), m.get("id")) for c in chosen if c["after"]
             for m in [c["after"].get("moved_from") or {}]}
    chosen_keys = {key(c) for c in chosen}
    for change in changes:
        if key(change) in chosen_keys or change["after"] is not None or change["before"] is None:
            continue
        if (change["before"].get("source_release") or None, change["id"]) in moved:
            chosen.append(change)
    return [c for c in changes if c in chosen]


def _named(unit_id: str, wanted: set[str]) -> bool:
    if unit_id in wanted:
        return True
    english, definition = split_glossary_id(unit_id)
    if english is not None:
        return definition and unit_id.rsplit("#", 1)[0] in wanted
    number, example = split_unit_id(unit_id)
    return example is not None and str(number) in wanted


def rewritten(name: str, data: bytes | None, edits: dict[str, dict[str, Any] | None]) -> bytes | None:
    """The file ``name`` (now ``data``) with the units ``edits`` names set (None: removed); None when
    no unit is left (the file goes)."""
    units = file_units(data)
    for unit_id, unit in edits.items():
        if unit is None:
            units.pop(unit_id, None)
        else:
            units[unit_id] = unit
    if not units:
        return None
    ordered = sorted(units.values(), key=lambda u: unit_order(u["id"]))
    return dumps(file_header(data, name), ordered).encode("utf-8")


def unit_order(unit_id: str) -> tuple:
    """Where a unit stands in its file: rules in rules order (each rule's examples after it), then
    the glossary."""
    english, definition = split_glossary_id(unit_id)
    if english is not None:
        return (1, RuleNumber(0), 0, english, definition)
    number, index = split_unit_id(unit_id)
    return (0, number or RuleNumber(0), index or 0, unit_id, False)


def well_formed_changes(changes: Any, names: Iterable[str]) -> bool:
    """``changes`` is a list of changes of the files ``names``, as :func:`unit_changes` makes."""
    allowed = set(names)
    return isinstance(changes, list) and all(
        isinstance(c, dict) and c.get("file") in allowed and isinstance(c.get("id"), str)
        and all(c.get(side) is None or (isinstance(c[side], dict) and c[side].get("id") == c["id"])
                for side in ("before", "after"))
        for c in changes)


def well_formed_keys(keys: Any) -> bool:
    """``keys`` is a list of (file, unit id) pairs."""
    return isinstance(keys, list) and all(isinstance(k, list) and len(k) == 2 and all(isinstance(p, str) for p in k)
                                          for k in keys)


def describe(changes: list[Change]) -> str:
    """The unit ids of ``changes``, each once, for a message."""
    ids = list(dict.fromkeys(c["id"] for c in changes))
    return ", ".join(ids[:8]) + (f" … and {len(ids) - 8} more" if len(ids) > 8 else "")


def nothing_named(entry_id: int, units: Iterable[str], changes: list[Change], lang: str | None) -> KBError:
    """The error for a selection that names no unit the import changed."""
    where = f" in {lang}" if lang else ""
    named = " " + ", ".join(units) if units else ""
    return KBError(f"import {entry_id} changed no unit{named}{where} (it changed: "
                   f"{describe(changes) or 'nothing'}; mtgkb imports lists them)")


__all__ = ["Change", "describe", "file_header", "file_units", "key", "lang_of", "nothing_named", "rewritten",
           "selected", "unit_changes", "unit_order", "well_formed_changes", "well_formed_keys"]
