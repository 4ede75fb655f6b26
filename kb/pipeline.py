"""Building a knowledge base: ingest -> align -> store -> index -> publish.

:func:`build_kb` is the whole build as one call. The new build is written into a
staged folder and published atomically; if any step fails the staged folder is
removed and the knowledge base stays as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

from indexer.build import build_index

from . import store
from .align import Alignment, align
from .ingest import IngestReport, embedded_corpus, ingest

IMPORTS_FOLDER = "imports"  # translations stored by `mtgkb import`, read by every build


def build_kb(kb_dir: Path, paths: Iterable[Path], progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Parse ``paths`` (default: the embedded corpus) and the knowledge base's imported
    translations, align, store, index and publish; returns the build summary."""
    sources = source_paths(kb_dir, paths)
    report = ingest(sources, progress=progress)
    stage = store.stage(kb_dir)
    try:
        alignment = align(report.documents)
        store.write_documents(stage, report.documents, {"sources": [str(Path(p).resolve()) for p in sources]},
                              alignment=alignment)
        build_index(stage, progress=progress)
        store.publish(kb_dir, stage)
    except BaseException:
        store.discard(stage)
        raise
    return summary(kb_dir, report, alignment)


def source_paths(kb_dir: Path, paths: Iterable[Path]) -> list[Path]:
    """``paths`` (or the embedded corpus) plus the folder of imported translations, when there is one."""
    sources = list(paths) or [embedded_corpus()]
    imports = Path(kb_dir) / IMPORTS_FOLDER
    if imports.is_dir() and imports.resolve() not in {Path(p).resolve() for p in sources}:
        sources.append(imports)
    return sources


def summary(kb_dir: Path, report: IngestReport, alignment: Alignment) -> dict[str, Any]:
    """What a build made: each document with its counts, the files skipped, the alignment summary."""
    return {
        "kb": str(kb_dir),
        "documents": [{"id": d.id, "path": d.path, "format": d.format, "lang": d.lang,
                       "effective_date": d.effective_date, "provenance": d.provenance,
                       "counts": d.counts(), "unparsed": len(d.accounting.unparsed),
                       "warnings": list(d.warnings)} for d in report.documents],
        "skipped": [{"path": s.path, "reason": s.reason} for s in report.skipped],
        "alignment": alignment.summary(),
    }
