"""Building a knowledge base: ingest -> checks -> align -> store -> index -> publish.

:func:`reindex_kb` redoes only the last two steps, from the current build's database.
:func:`update_kb` (an import, or its undo) reads and aligns only the imported translations when
nothing else changed (:mod:`kb.incremental`), and updates the search index rather than writing it.

:func:`build_kb` is the whole build as one call, holding the knowledge base's lock
(a second build waits, then is refused with a message). The documents are judged
(:mod:`kb.sanity`) before anything is written: a build with problems is refused unless
``force``, and with ``strict`` any parser warning is an error. The new build is
written into a staged folder and published atomically; if any step fails the staged
folder is removed and the knowledge base stays as it was.
"""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from indexer.build import build_index

from . import incremental, store
from .align import Alignment, align_sources, align_translations, english_releases, read_core, split_translations
from .errors import KBError
from .ingest import IngestReport, embedded_corpus, ingest
from .model import Document
from .saved_glossary import save_glossary
from .sanity import judge, notes
from .store import KnowledgeBase

IMPORTS_FOLDER = "imports"  # translations stored by `mtgkb import`, read by every build


class BuildRefused(KBError):
    """The sources gave a build that looks wrong; nothing was published."""

    def __init__(self, problems: list[str], hint: str) -> None:
        self.problems = problems
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"{problems[0]}{more}; nothing was published, the knowledge base is unchanged ({hint})")


def build_kb(kb_dir: Path, paths: Iterable[Path], progress: Callable[[str], None] | None = None, *,
             force: bool = False, strict: bool = False, wait: float = store.LOCK_WAIT,
             update_index: bool = False, replace: bool = True) -> dict[str, Any]:
    """Parse ``paths`` (default: the embedded corpus) and the knowledge base's imported
    translations, check, align, store, index and publish; returns the build summary.
    With ``update_index`` (an import), the current build's search
    index is copied and only the items that changed are rewritten, when that can be done.
    A build without problems keeps the alignment of its sources for the next imports
    (:mod:`kb.incremental`). Unless ``replace``, a build that would drop a document the current
    build holds (a release, a translation, cards; not an import, which every build reads) is
    refused, naming them (:class:`SourcesDropped`).

    Raises :class:`BuildRefused` when the checks find problems (unless ``force``) or, with
    ``strict``, when a parser warned.
    """
    with store.build_lock(kb_dir, wait):
        sources = source_paths(kb_dir, paths)
        report = ingest(sources, progress=progress)
        problems = check(report, force=force, strict=strict)
        if not replace:
            refuse_dropping(kb_dir, report.documents)
        with staged_build(kb_dir) as stage:
            documents, translations = split_translations(report.documents)
            core = read_core()
            alignment = align_sources(documents, core)
            kept = incremental.snapshot(_without_imports(kb_dir, sources), documents, alignment) \
                if not problems else None
            align_translations(alignment, translations, english_releases(documents), core)
            store.write_documents(stage, report.documents, {"sources": recorded_sources(kb_dir, sources)},
                                  alignment=alignment)
            if kept is not None:
                incremental.save(stage, kept)
            carried, vocabulary = vocabulary_check(report.documents)
            phrasings = index_and_publish(kb_dir, stage, progress,
                                          previous=_current_index(kb_dir) if update_index else None, carried=carried)
    return {**summary(kb_dir, report, alignment), "phrasings": phrasings, "vocabulary": vocabulary}


class SourcesDropped(KBError):
    """The sources given leave out documents the current build holds; nothing was built."""


def dropped_documents(kb_dir: Path, documents: Iterable[Document]) -> list[str]:
    """The documents of the current build (not the translators' imports) that ``documents`` lack, as
    ``id (path)``."""
    current = store.current_build(kb_dir)
    if current is None:
        return []
    try:
        with KnowledgeBase(current) as kb:
            held = [d for d in kb.documents().values() if d.provenance != "translator"]
    except (KBError, store.DatabaseError):
        return []
    kept = {doc.id for doc in documents}
    return [f"{d.id} ({Path(d.path).name})" for d in held if d.id not in kept]


def refuse_dropping(kb_dir: Path, documents: Iterable[Document]) -> None:
    dropped = dropped_documents(kb_dir, documents)
    if dropped:
        shown = ", ".join(dropped[:5]) + (f" and {len(dropped) - 5} more" if len(dropped) > 5 else "")
        raise SourcesDropped(f"this build would drop {len(dropped)} source document{'s' if len(dropped) > 1 else ''}"
                             f" the current build holds: {shown}; nothing was built. Add files to the current "
                             "sources with --add FILE, or build from the given sources only with --replace")


def current_sources(kb_dir: Path) -> list[Path]:
    """The sources the current build was made from, without the imports folder (every build adds it);
    [] when there is no build."""
    current = store.current_build(kb_dir)
    if current is None:
        return []
    with KnowledgeBase(current) as kb:
        recorded = [Path(p) for p in kb.info().get("sources", [])]
    gone = [str(p) for p in recorded if not p.exists()]
    if gone:
        raise KBError(f"cannot add to the current build: its source {gone[0]} is gone (build with --corpus and "
                      "--replace)")
    return _without_imports(kb_dir, recorded)


STORAGE_ERRORS = (OSError, sqlite3.OperationalError)  # a full or read-only disk, a locked database


@contextmanager
def staged_build(kb_dir: Path) -> Iterator[Path]:
    """A new build folder of ``kb_dir`` (leftovers of killed builds removed first), to be written and
    published inside the ``with`` block. If the block fails, the folder is discarded, and a storage
    failure becomes the one-line error naming the folder (:func:`kb.store.storage_error`)."""
    try:
        store.remove_leftovers(kb_dir)
        stage = store.stage(kb_dir)
    except STORAGE_ERRORS as exc:
        raise store.storage_error(exc, Path(kb_dir)) or exc
    try:
        yield stage
    except BaseException as exc:
        store.discard(stage)
        error = store.storage_error(exc, stage) if isinstance(exc, STORAGE_ERRORS) else None
        if error is not None:
            raise error from None
        raise


def index_and_publish(kb_dir: Path, stage: Path, progress: Callable[[str], None] | None,
                      previous: Path | None = None, carried: Carried = (None, None)) -> dict[str, Any]:
    """Index the staged build (with the vocabulary ``carried`` to its release, when it is another than the
    vocabulary's) and save its whole glossary beside the index (:mod:`kb.saved_glossary`), then publish
    it. Returns the players' phrasings applied and not applied (:meth:`indexer.phrasings.Placement.report`)."""
    phrasings = build_index(stage, progress=progress, previous=previous, vocabulary=carried[0], carried_to=carried[1])
    save_glossary(stage)
    store.publish(kb_dir, stage)
    return phrasings


def update_kb(kb_dir: Path, paths: Iterable[Path]) -> dict[str, Any]:
    """:func:`build_kb` for an import (or its undo): when only the imported translations changed, only
    they are read and aligned again, on top of what the current build kept of its sources
    (:mod:`kb.incremental`), and the search index is updated rather than written whole."""
    with store.build_lock(kb_dir):
        sources = source_paths(kb_dir, paths)
        current = store.current_build(kb_dir)
        held = _documents_of(current)
        plan = incremental.plan(current, _without_imports(kb_dir, sources), Path(kb_dir) / IMPORTS_FOLDER, held) \
            if current is not None and held else None
        if plan is None:
            return build_kb(kb_dir, paths, update_index=True)
        check(plan.report)
        with staged_build(kb_dir) as stage:
            store.replace_documents(stage, plan.current, plan.removed, plan.report.documents,
                                    {"sources": recorded_sources(kb_dir, sources)}, plan.alignment)
            shutil.copyfile(plan.current / incremental.SNAPSHOT, stage / incremental.SNAPSHOT)
            phrasings = index_and_publish(kb_dir, stage, None, previous=plan.current / store.INDEX_DIR,
                                          carried=carried_before(plan.current / store.INDEX_DIR))
    return {**summary(kb_dir, plan.report, plan.alignment), "phrasings": phrasings, "incremental": True}


Carried = tuple[Any, str | None]  # a vocabulary carried to a release, and its date (None, None: the embedded one)


def vocabulary_check(documents: Iterable[Document]) -> tuple[Carried, dict[str, Any] | None]:
    """The vocabulary with its rule numbers carried to the newest English release built, when that is
    another release than the vocabulary's, and where its first rules went (:func:`kb.curated.carried_vocabulary`;
    None without a release)."""
    from .curated import carried_vocabulary

    releases = english_releases(documents)
    if not releases:
        return (None, None), None
    vocabulary, report = carried_vocabulary(releases[-1])
    return (vocabulary, releases[-1].effective_date if vocabulary is not None else None), report


def carried_before(index_dir: Path) -> Carried:
    """The carried vocabulary a build's index was made with (an import keeps its release), else (None, None)."""
    from indexer.vocab import carried_vocabulary_of

    return carried_vocabulary_of(index_dir)


def _documents_of(build: Path | None) -> list[str]:
    """The documents of ``build`` ([] when there is none or it cannot be read: the import then builds whole)."""
    if build is None:
        return []
    try:
        with KnowledgeBase(build) as kb:
            return list(kb.documents())
    except (KBError, store.DatabaseError):
        return []


def _without_imports(kb_dir: Path, sources: list[Path]) -> list[Path]:
    imports = (Path(kb_dir) / IMPORTS_FOLDER).resolve()
    return [p for p in sources if Path(p).resolve() != imports]


def _current_index(kb_dir: Path) -> Path | None:
    current = store.current_build(kb_dir)
    return current / store.INDEX_DIR if current is not None else None


def reindex_kb(kb_dir: Path, progress: Callable[[str], None] | None = None, *,
               wait: float = store.LOCK_WAIT) -> dict[str, Any]:
    """Rebuild only the search index of the current build (``mtgkb build --reindex``), from its database:
    nothing is parsed or aligned again. The database is copied into a new build, indexed and published
    like any build, so readers never see half an index and the build before stays as the previous one."""
    with store.build_lock(kb_dir, wait):
        current = store.current_build(kb_dir)
        if current is None:
            raise KBError(f"{kb_dir}: no knowledge base here to reindex; run 'mtgkb build'")
        with staged_build(kb_dir) as stage:
            shutil.copyfile(current / store.DB_NAME, stage / store.DB_NAME)  # a published database never changes
            if (current / incremental.SNAPSHOT).is_file():
                shutil.copyfile(current / incremental.SNAPSHOT, stage / incremental.SNAPSHOT)
            phrasings = index_and_publish(kb_dir, stage, progress)
    return {"kb": str(kb_dir), "database": str(current / store.DB_NAME), "build": stage.name,
            "phrasings": phrasings}


def ensure_kb(kb_dir: Path, progress: Callable[[str], None] | None = None) -> bool:
    """Build the embedded corpus into ``kb_dir`` when it holds no knowledge base at all (a damaged
    one is an error, see :func:`kb.store.current_build`); True when it built."""
    if store.current_build(kb_dir) is not None:
        return False
    with store.build_lock(kb_dir):
        if store.current_build(kb_dir) is not None:  # another process built it while we waited
            return False
        build_kb(kb_dir, [], progress)
    return True


def check(report: IngestReport, *, force: bool = False, strict: bool = False) -> list[str]:
    """Refuse a build whose documents look wrong (:func:`kb.sanity.judge`), or with ``strict`` any warning;
    the problems found (what ``force`` lets through)."""
    if strict and report.warnings:
        raise BuildRefused([f"{w} (--strict: warnings are errors)" for w in report.warnings],
                           "leave out --strict to accept what was read")
    problems = judge(report.documents)
    if problems and not force:
        raise BuildRefused(problems, "mtgkb build --force publishes it anyway")
    return problems


def source_paths(kb_dir: Path, paths: Iterable[Path]) -> list[Path]:
    """``paths`` (or the embedded corpus) plus the folder of imported translations, when there is one."""
    sources = list(paths) or [embedded_corpus()]
    imports = Path(kb_dir) / IMPORTS_FOLDER
    if imports.is_dir() and imports.resolve() not in {Path(p).resolve() for p in sources}:
        sources.append(imports)
    return sources


def recorded_sources(kb_dir: Path, sources: Iterable[Path]) -> list[str]:
    """The sources a build records for the next one to read again: without the knowledge base's own
    imports folder, which every build adds itself (:func:`source_paths`), so a copied or moved
    knowledge base reads its own imports, never those of the folder it came from."""
    return [str(Path(p).resolve()) for p in _without_imports(kb_dir, list(sources))]


def _card_entries(doc: Document) -> dict[str, Any]:
    """For an MTGJSON document: how many of its card entries were read (the others are warnings)."""
    if doc.format not in ("mtgjson", "mtgjson-atomic"):
        return {}
    account = doc.accounting
    return {"card_entries": {"read": account.landed, "in_files": account.total - account.boilerplate.get("token", 0)}}


def summary(kb_dir: Path, report: IngestReport, alignment: Alignment) -> dict[str, Any]:
    """What a build made: each document with its counts, the files skipped, the alignment summary."""
    return {
        "kb": str(kb_dir),
        "documents": [{"id": d.id, "path": d.path, "format": d.format, "lang": d.lang,
                       "effective_date": d.effective_date, "provenance": d.provenance,
                       "counts": d.counts(), "unparsed": len(d.accounting.unparsed),
                       "warnings": list(d.warnings), "notes": notes(d), **_card_entries(d)}
                      for d in report.documents],
        "skipped": [{"path": s.path, "reason": s.reason} for s in report.skipped],
        "alignment": alignment.summary(),
    }
