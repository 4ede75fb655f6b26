"""The translations ``mtgkb import`` stored (``KB_DIR/imports/<lang>.json``), changed all or nothing.

:func:`merged_units` merges new units into a language's stored ones; :func:`commit` writes
the result and rebuilds the knowledge base, and puts the file back as it was when writing or
the rebuild fails (an error, an interrupt), so a failed import leaves the knowledge base
exactly as it was. The file is written to a temporary name, flushed to disk and renamed
over the old one, so it is never seen half written. Before that, the old file is kept as a
hidden journal (``.<lang>.json.before``, empty when there was none), removed once the new
build is published: an import killed in between (power cut, ``kill -9``) is rolled back by
the next import (:func:`recover`) unless its build was published.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Callable

from ..errors import KBError
from ..numbering import RuleNumber
from ..parsers.translation import dumps, split_glossary_id
from ..store import KnowledgeBase
from .selection import split_unit_id

IMPORTS = "imports"


def imports_dir(kb_dir: Path) -> Path:
    return Path(kb_dir) / IMPORTS


def stored_path(kb_dir: Path, lang: str) -> Path:
    return imports_dir(kb_dir) / f"{lang}.json"


def stored_units(kb_dir: Path, lang: str) -> dict[str, dict[str, Any]]:
    """The units stored for ``lang`` by earlier imports, by id."""
    path = stored_path(kb_dir, lang)
    if not path.exists():
        return {}
    try:
        return {unit["id"]: unit for unit in json.loads(path.read_text(encoding="utf-8")).get("units", [])}
    except (ValueError, AttributeError, KeyError, TypeError):
        raise KBError(f"{path}: the stored translations are damaged; move the file away and import again") from None


def merged_units(kb_dir: Path, lang: str, new: dict[str, dict[str, Any]],
                 carried: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The stored units of ``lang`` with ``new`` ones replacing theirs and ``carried`` ones added where
    none is stored, in rules order (then the glossary)."""
    units = stored_units(kb_dir, lang)
    units.update(new)
    for unit_id, unit in carried.items():
        units.setdefault(unit_id, unit)
    return sorted(units.values(), key=lambda u: _order(u["id"]))


def _order(unit_id: str) -> tuple:
    english, definition = split_glossary_id(unit_id)
    if english is not None:
        return (1, RuleNumber(0), 0, english, definition)
    number, index = split_unit_id(unit_id)
    return (0, number or RuleNumber(0), index or 0, unit_id, False)


def commit(kb_dir: Path, lang: str, source: str, units: list[dict[str, Any]],
           rebuild: Callable[[Path, list[Path]], Any], sources: list[Path]) -> Path:
    """Store ``units`` for ``lang`` and ``rebuild(kb_dir, sources)``; on any failure put the stored
    file back as it was (or remove it if there was none) and raise."""
    path = stored_path(kb_dir, lang)
    before = path.read_bytes() if path.exists() else None
    journal = journal_path(path)
    _write_atomically(journal, before or b"")
    try:
        _write_atomically(path, dumps({"lang": lang, "source_lang": source}, units).encode("utf-8"))
        rebuild(Path(kb_dir), sources)
    except BaseException:
        _put_back(path, before)
        raise
    finally:
        journal.unlink(missing_ok=True)
    return path


def journal_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.before")


def _put_back(path: Path, before: bytes | None) -> None:
    if before:
        _write_atomically(path, before)
    else:
        path.unlink(missing_ok=True)


def recover(kb: KnowledgeBase, kb_dir: Path) -> list[str]:
    """Roll back imports killed before their build was published (a journal is left and the current
    build did not read the stored file as it is); returns the languages put back."""
    restored = []
    for journal in sorted(imports_dir(kb_dir).glob(".*.json.before")):
        path = journal.with_name(journal.name[1:-len(".before")])
        lang = path.stem
        held = kb.documents().get(f"translations-{lang}")
        current = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None
        if held is None or held.sha256 != current:
            _put_back(path, journal.read_bytes())
            restored.append(lang)
        journal.unlink()
    return restored


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
    """The sources of the current build, without the imports folder (the build adds it back)."""
    folder = imports_dir(kb_dir).resolve()
    sources = [Path(p) for p in kb.info().get("sources", [])]
    missing = [str(p) for p in sources if not p.exists()]
    if missing:
        raise KBError(f"cannot rebuild: source {missing[0]} of the current build is gone")
    return [p for p in sources if p.resolve() != folder]
