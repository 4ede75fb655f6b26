"""An import's build reads and aligns only the imported translations; the rest comes from the current build.

A whole build (:func:`kb.pipeline.build_kb`) keeps beside its database, in :data:`SNAPSHOT`, the
alignment of its sources (every document but the translators' imports, :func:`kb.align.align_sources`)
and what it was made of: each source file with its sha256, the embedded corpus's data files, the
code. An import changes only files of ``KB_DIR/imports/``. While everything else is as recorded, the
build it needs is the current one with its translation documents replaced (:func:`plan`): they are
parsed, aligned on top of the kept alignment (:func:`kb.align.align_translations`) and written into a
copy of the database (:func:`kb.store.replace_documents`), which gives the database a whole build
writes, row for row. Anything else (a source changed, added or gone, another version of the code,
a build published with problems (``--force``), no snapshot) and :func:`plan` says None: build whole.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .align import Alignment, align_translations, english_releases, read_core
from .digests import code_digest, data_digest
from .ingest import IngestReport, collect, ingest
from .model import Document
from .parsers import detect_format
from .sources import read_source
from .vocabulary.core_terms import default_core_path

SNAPSHOT = "sources-alignment.json"  # in a build folder, beside kb.sqlite
VERSION = 1


@dataclass
class Plan:
    """What an import's build writes: the current build with its translation documents replaced."""

    current: Path  # the current build's folder
    removed: list[str]  # the translation documents of the current build
    report: IngestReport  # the translation documents read again
    alignment: Alignment  # the whole alignment: the kept one of the sources, the translations on top


def sources_key(sources: list[Path]) -> dict[str, Any]:
    """What a build of ``sources`` (the imports folder left out) depends on besides the imports: the
    sources named, every file found under them with its sha256, the data files and the code."""
    files, _skipped = collect(sources)
    return {"version": VERSION, "sources": [str(Path(p).resolve()) for p in sources],
            "files": [[str(path), _sha(path)] for path, _explicit in files],
            "data": data_digest(), "core": _sha_or_none(default_core_path()), "code": code_digest()}


def snapshot(sources: list[Path], documents: list[Document], alignment: Alignment) -> dict[str, Any] | None:
    """The snapshot of a whole build: its sources' key, documents and alignment (before the imports');
    None when a file changed since the build read it (the key would not say what the build holds)."""
    key = sources_key(sources)
    shas = {path: sha for path, sha in key["files"]}
    if any(shas.get(str(d.path)) != d.sha256 for d in documents):
        return None
    return {"key": key, "documents": [[d.id, d.sha256] for d in documents],
            "releases": [[d.id, d.path] for d in english_releases(documents)], "alignment": alignment.to_json()}


def save(build_dir: Path, data: dict[str, Any]) -> None:
    (Path(build_dir) / SNAPSHOT).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def load(build_dir: Path) -> dict[str, Any] | None:
    """The snapshot a build kept; None when it kept none or it cannot be read."""
    try:
        data = json.loads((Path(build_dir) / SNAPSHOT).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) and data.get("key", {}).get("version") == VERSION else None
    except (OSError, ValueError, AttributeError):
        return None


def plan(current: Path, sources: list[Path], imports: Path, held: list[str]) -> Plan | None:
    """How to build ``sources`` plus the translations of ``imports`` from the ``current`` build (which
    holds the documents ``held``) by replacing its translation documents; None when it cannot be done
    (the build must be whole)."""
    kept = load(current)
    if kept is None or kept["key"] != sources_key(sources):
        return None
    ids = {doc_id for doc_id, _sha in kept["documents"]}
    shas = {sha for _id, sha in kept["documents"]}
    if not ids <= set(held):
        return None
    report = ingest([imports]) if imports.is_dir() else IngestReport()
    if any(d.provenance != "translator" or d.id in ids or d.sha256 in shas for d in report.documents):
        return None  # a whole build would read them otherwise (another kind, or a duplicate renamed)
    try:
        alignment = Alignment.from_json(kept["alignment"])
    except (KeyError, TypeError, ValueError):
        return None
    releases = english_releases(_release(doc_id, path) for doc_id, path in kept["releases"])
    align_translations(alignment, report.documents, releases, read_core())
    return Plan(current, [doc_id for doc_id in held if doc_id not in ids], report, alignment)


def _release(doc_id: str, path: str) -> Document:
    """An English release of the sources, parsed again (its file is as the snapshot recorded)."""
    source = read_source(Path(path))
    doc = detect_format(source).parse(source)
    return doc if doc.id == doc_id else replace(doc, id=doc_id)


def _sha(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _sha_or_none(path: Path) -> str | None:
    return _sha(path) if Path(path).is_file() else None
