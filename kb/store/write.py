"""Writing a build: stage a fresh folder, fill its database, publish it atomically.

A build is written into a fresh ``builds/<name>`` folder (:func:`stage`) and
becomes visible only when ``CURRENT`` is swapped to it (:func:`publish`), so a
reader never sees half a build. Every file of the new build is fsynced before the
swap, and the previous build is kept, so a crash or a power cut at any moment leaves
either the old build or the new one current. A build holds the knowledge base's lock
(:func:`~kb.store.layout.build_lock`) and first removes what killed builds left behind
(:func:`remove_leftovers`). :func:`storage_error` words a full disk or a folder that
cannot be written as a :class:`StoreError` that says what to do.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import shutil
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ..errors import StoreError
from ..model import Document
from ..numbering import RuleNumber
from .layout import BUILDS, CURRENT, PUBLISHED, published_builds
from .records import ruling_key
from .schema import DB_NAME, SCHEMA, SCHEMA_VERSION, SPEED_INDEXES

if TYPE_CHECKING:
    from ..align import Alignment


def stage(kb_dir: Path) -> Path:
    """A new, empty build folder inside ``kb_dir`` (not yet visible to readers).

    Its mode is the usual one less the umask, as for any folder (not the 0700 of a temporary
    folder), so other users can read a knowledge base its owner shares.
    """
    builds = Path(kb_dir) / BUILDS
    builds.mkdir(parents=True, exist_ok=True)
    name = time.strftime("%Y%m%dT%H%M%S") + f"-{os.getpid()}"
    while True:
        folder = builds / f"{name}-{secrets.token_hex(4)}"
        try:
            folder.mkdir()
            return folder
        except FileExistsError:
            continue


def write_documents(build_dir: Path, documents: Iterable[Document], info: dict | None = None,
                    alignment: "Alignment | None" = None) -> None:
    """Write ``documents`` into ``build_dir``'s database, marking active releases.

    With an ``alignment`` (:func:`kb.align.align`), rules carry their aligned number and the
    ``alignments`` and ``lexicon`` tables are filled.
    """
    docs = list(documents)
    db = sqlite3.connect(build_dir / DB_NAME)
    try:
        db.executescript(SCHEMA)
        active = active_document_ids(docs)
        for doc in docs:
            _insert_document(db, doc, doc.id in active)
        _write_findings(db, alignment, info)
        db.commit()
    finally:
        db.close()


ALIGNMENT_TABLES = ("placements", "release_numbers", "alignments", "lexicon", "info")


def replace_documents(build_dir: Path, previous: Path, removed: Iterable[str], documents: Iterable[Document],
                      info: dict, alignment: "Alignment") -> None:
    """``build_dir``'s database as a copy of the ``previous`` build's, its documents ``removed`` taken out
    and ``documents`` (none of them an official release) added after the others, its alignment and
    ``info`` written again whole: the database a build of those documents writes (:func:`write_documents`),
    in the same order, without reading the documents that stay."""
    shutil.copyfile(Path(previous) / DB_NAME, Path(build_dir) / DB_NAME)
    db = sqlite3.connect(Path(build_dir) / DB_NAME)
    try:
        db.executescript(SPEED_INDEXES)
        gone = [(doc_id,) for doc_id in removed]
        db.executemany("DELETE FROM documents WHERE id = ?", gone)
        for table in ("rules", "terms", "rulings", "cards"):
            db.executemany(f"DELETE FROM {table} WHERE doc_id = ?", gone)
        for table in ALIGNMENT_TABLES:
            db.execute(f"DELETE FROM {table}")
        db.execute("UPDATE rules SET aligned_number = number, aligned_key = sort_key, align_method = 'number',"
                   " align_confidence = 1.0")
        for doc in documents:
            _insert_document(db, doc, True)
        _write_findings(db, alignment, info)
        db.commit()
    finally:
        db.close()


def _write_findings(db: sqlite3.Connection, alignment: "Alignment | None", info: dict | None) -> None:
    """The alignment (when there is one) and the ``info`` table."""
    if alignment is not None:
        _insert_alignment(db, alignment)
    meta = {"schema_version": SCHEMA_VERSION, "built_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            **({"alignment": alignment.summary()} if alignment is not None else {}), **(info or {})}
    db.executemany("INSERT INTO info VALUES (?, ?)", [(k, json.dumps(v)) for k, v in meta.items()])


def active_document_ids(docs: list[Document]) -> set[str]:
    """Official releases: only the newest per language is active; every other document is."""
    newest: dict[str, Document] = {}
    active: set[str] = set()
    for doc in docs:
        if doc.format != "cr-text":
            active.add(doc.id)
            continue
        best = newest.get(doc.lang)
        if best is None or (doc.effective_date or "") > (best.effective_date or ""):
            newest[doc.lang] = doc
    return active | {doc.id for doc in newest.values()}


def _insert_document(db: sqlite3.Connection, doc: Document, active: bool) -> None:
    acc = doc.accounting
    accounting = {"total": acc.total, "landed": acc.landed, "blank": acc.blank,
                  "boilerplate": acc.boilerplate,
                  "unparsed": [{"line": u.line, "text": u.text, "reason": u.reason} for u in acc.unparsed]}
    db.execute("INSERT INTO documents VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", (
        doc.id, doc.lang, doc.format, doc.path, doc.sha256, doc.title, doc.effective_date, doc.release,
        doc.provenance, doc.introduction, doc.credits, json.dumps(doc.meta, ensure_ascii=False),
        json.dumps(accounting, ensure_ascii=False), json.dumps(list(doc.warnings), ensure_ascii=False),
        int(active)))
    db.executemany("INSERT INTO rules VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,'number',1.0)", [
        (doc.id, seq, r.number, RuleNumber.parse(r.number).sort_key, r.kind, r.title, r.text,
         json.dumps([[e.text, e.line] for e in r.examples], ensure_ascii=False), json.dumps(list(r.refs)),
         r.line, r.end_line, r.pointer, r.number, RuleNumber.parse(r.number).sort_key)
        for seq, r in enumerate(doc.rules)])
    db.executemany("INSERT INTO terms VALUES (?,?,?,?,?,?,?)", [
        (doc.id, seq, json.dumps(list(t.names), ensure_ascii=False), t.definition, int(t.obsolete),
         json.dumps(list(t.refs)), t.line) for seq, t in enumerate(doc.terms)])
    db.executemany("INSERT INTO rulings VALUES (?,?,?,?,?,?,?,?,?,?,?)", [
        (doc.id, seq, r.card, r.lang, r.date, r.source, r.provenance, r.text,
         json.dumps([list(t) for t in r.translations], ensure_ascii=False), r.line, ruling_key(r.text))
        for seq, r in enumerate(doc.rulings)])
    db.executemany("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", [
        (doc.id, seq, c.name, c.type, c.text, json.dumps([list(f) for f in c.foreign], ensure_ascii=False),
         json.dumps(list(c.sets)), c.line, json.dumps(list(c.keywords), ensure_ascii=False),
         c.mana_cost, c.power, c.toughness, c.loyalty, c.defense)
        for seq, c in enumerate(doc.cards)])


def _insert_alignment(db: sqlite3.Connection, alignment: "Alignment") -> None:
    """Aligned numbers onto the rules (the reference's) and into ``placements`` (every other English
    release's), the reference's numbers of other releases' rules, then every pair, unaligned item and
    lexicon entry."""
    db.executemany("UPDATE rules SET aligned_number = ?, aligned_key = ?, align_method = ?, align_confidence = ?"
                   " WHERE doc_id = ? AND number = ?", [
        (link.aligned_number, RuleNumber.parse(link.aligned_number).sort_key, link.method, link.confidence,
         link.doc, link.number) for link in alignment.rules.values()])
    db.executemany("INSERT INTO placements VALUES (?,?,?,?,?,?,?)", [
        (release, link.doc, link.number, link.aligned_number, RuleNumber.parse(link.aligned_number).sort_key,
         link.method, link.confidence)
        for release, placement in alignment.placements.items() if release != alignment.reference
        for link in placement.links.values()])
    db.executemany("INSERT INTO release_numbers VALUES (?,?,?)", [
        (release, number, reference) for release, numbers in alignment.release_numbers.items()
        for number, reference in numbers.items()])
    db.execute("INSERT INTO info VALUES ('alignment_releases', ?)", (json.dumps(
        {placement.date: release for release, placement in alignment.placements.items()}),))
    db.executemany("INSERT INTO alignments VALUES (?,?,?,?,?,?,?,?)", [
        (p.kind, p.a_doc, p.a_id, p.b_doc, p.b_id, p.method, p.confidence, json.dumps(p.note, ensure_ascii=False))
        for p in alignment.pairs])
    db.executemany("INSERT INTO alignments VALUES (?,?,?,'','','unaligned',0.0,?)", [
        (u.kind, u.doc, u.id, json.dumps({"lang": u.lang, "reason": u.reason, "text": u.text}, ensure_ascii=False))
        for u in alignment.unaligned])
    db.executemany("INSERT INTO lexicon VALUES (?,?,?,?,?,?,?,?)", [
        (e.lang, e.en, e.foreign, e.score, e.count, e.source, e.en_word, e.foreign_word)
        for e in alignment.lexicon.entries])
    db.execute("INSERT INTO info VALUES ('alignment_reference', ?)", (json.dumps(alignment.reference),))
    db.execute("INSERT INTO info VALUES ('core_check', ?)", (json.dumps(alignment.core_check, ensure_ascii=False),))


def remove_leftovers(kb_dir: Path) -> list[Path]:
    """Remove staging folders of builds that never published and stale ``CURRENT`` temporaries.

    Only a caller holding the lock may call it (then no other build is staging)."""
    kb_dir = Path(kb_dir)
    if not (kb_dir / BUILDS).is_dir():
        return []
    current = (kb_dir / CURRENT).read_text(encoding="utf-8", errors="replace").strip() \
        if (kb_dir / CURRENT).is_file() else ""
    removed = [p for p in (kb_dir / BUILDS).iterdir()
               if p.is_dir() and not (p / PUBLISHED).exists() and p.name != current]
    removed += list(kb_dir.glob(f".{CURRENT}.*"))
    for path in removed:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    return removed


def publish(kb_dir: Path, build_dir: Path, *, keep: int = 2) -> None:
    """Make ``build_dir`` the current build (atomic, after fsyncing it), then remove published builds
    but ``keep``: the new one, the one current before it, and the newest others. A build marked
    PUBLISHED by a publish killed before the swap was never current: it is not the one before.
    Folders still being staged by another process are never touched."""
    kb_dir, build_dir = Path(kb_dir), Path(build_dir)
    pointer = kb_dir / CURRENT
    previous = pointer.read_text(encoding="utf-8", errors="replace").strip() if pointer.is_file() else ""
    (build_dir / PUBLISHED).write_text(time.strftime("%Y-%m-%dT%H:%M:%S%z") + "\n", encoding="utf-8")
    sync_tree(build_dir)
    tmp = kb_dir / f".{CURRENT}.{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(build_dir.name + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, pointer)
    _sync_dir(kb_dir)
    kept = {build_dir.name, previous} - {""}
    others = [old for old in published_builds(kb_dir) if old.name not in kept]  # oldest first
    for old in others[:max(0, len(others) - max(0, keep - len(kept)))]:
        shutil.rmtree(old, ignore_errors=True)


def discard(build_dir: Path) -> None:
    """Remove a staged build that failed."""
    shutil.rmtree(build_dir, ignore_errors=True)


def sync_tree(folder: Path) -> None:
    """fsync every file under ``folder``, then the folders themselves (deepest first)."""
    folders = [Path(folder)]
    for root, dirs, files in os.walk(folder):
        folders += [Path(root) / d for d in dirs]
        for name in files:
            fd = os.open(Path(root) / name, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
    for path in reversed(folders):
        _sync_dir(path)
    _sync_dir(Path(folder).parent)


def _sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # platforms that cannot open a folder (Windows)
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_NO_SPACE = (errno.ENOSPC, errno.EDQUOT)
_NO_RIGHTS = (errno.EACCES, errno.EPERM, errno.EROFS)


def storage_error(exc: BaseException, where: Path) -> StoreError | None:
    """A full disk or a folder that cannot be written, as a one-line error naming the path and the
    remedy; None for any other error."""
    path = getattr(exc, "filename", None) or where
    if isinstance(exc, OSError) and exc.errno in _NO_SPACE or \
            isinstance(exc, sqlite3.OperationalError) and "full" in str(exc):
        return StoreError(f"{path}: no space left on the device: free some space (or build into another folder "
                          "with --kb) and run the build again; the knowledge base was not changed")
    if isinstance(exc, OSError) and exc.errno in _NO_RIGHTS or \
            isinstance(exc, sqlite3.OperationalError) and "readonly" in str(exc):
        return StoreError(f"{path}: cannot write here ({getattr(exc, 'strerror', None) or exc}): choose a folder "
                          "you can write with --kb DIR (or MTGKB_HOME), or fix its permissions")
    return None
