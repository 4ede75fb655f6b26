"""The built knowledge base: one directory, replaced atomically on every build.

Layout::

    KB_DIR/
      CURRENT               name of the published build (replaced with os.replace)
      builds/<name>/
        kb.sqlite           documents, rules, terms, rulings, cards, alignments, lexicon;
                            its `info` table says when and from what the build was made
        index/              the full-text index (written by the indexer package)
        PUBLISHED           present once the build has been made current

A build is written into a fresh ``builds/<name>`` folder (:func:`stage`) and
becomes visible only when ``CURRENT`` is swapped to it (:func:`publish`), so a
reader never sees half a build. Rule lookup reads only ``kb.sqlite``.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator

from .errors import NotFoundError, StoreError
from .model import Card, Document, Example, LineAccount, Rule, Ruling, Term, Unparsed
from .numbering import RuleNumber

if TYPE_CHECKING:
    from .align import Alignment

SCHEMA_VERSION = 1
DB_NAME = "kb.sqlite"

_SCHEMA = """
CREATE TABLE documents (
    id TEXT PRIMARY KEY, lang TEXT NOT NULL, format TEXT NOT NULL, path TEXT, sha256 TEXT,
    title TEXT, effective_date TEXT, release TEXT, provenance TEXT,
    introduction TEXT, credits TEXT, meta TEXT, accounting TEXT, warnings TEXT,
    active INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE rules (
    doc_id TEXT NOT NULL, seq INTEGER NOT NULL, number TEXT NOT NULL, sort_key TEXT NOT NULL,
    kind TEXT NOT NULL, title TEXT, text TEXT, examples TEXT, refs TEXT,
    line INTEGER, end_line INTEGER, pointer TEXT,
    -- the number of the reference-language rule this text is aligned to
    aligned_number TEXT NOT NULL, aligned_key TEXT NOT NULL,
    align_method TEXT NOT NULL DEFAULT 'number', align_confidence REAL NOT NULL DEFAULT 1.0,
    PRIMARY KEY (doc_id, number)
);
CREATE INDEX rules_aligned ON rules (aligned_key);
CREATE TABLE terms (
    doc_id TEXT NOT NULL, seq INTEGER NOT NULL, names TEXT NOT NULL, definition TEXT,
    obsolete INTEGER, refs TEXT, line INTEGER
);
CREATE TABLE rulings (
    doc_id TEXT NOT NULL, seq INTEGER NOT NULL, card TEXT, lang TEXT, date TEXT, source TEXT,
    provenance TEXT, text TEXT NOT NULL, translations TEXT, line INTEGER
);
CREATE INDEX rulings_card ON rulings (card);
CREATE TABLE cards (
    doc_id TEXT NOT NULL, seq INTEGER NOT NULL, name TEXT NOT NULL, type TEXT, text TEXT,
    foreign_data TEXT, sets TEXT, line INTEGER
);
CREATE INDEX cards_name ON cards (name COLLATE NOCASE);
CREATE TABLE alignments (
    kind TEXT NOT NULL, a_doc TEXT NOT NULL, a_id TEXT NOT NULL, b_doc TEXT NOT NULL, b_id TEXT NOT NULL,
    method TEXT NOT NULL, confidence REAL NOT NULL, note TEXT
);
CREATE INDEX alignments_a ON alignments (a_doc, a_id);
CREATE INDEX alignments_b ON alignments (kind, b_id);
CREATE TABLE lexicon (
    lang TEXT NOT NULL, en TEXT NOT NULL, foreign_stem TEXT NOT NULL, score REAL NOT NULL, count INTEGER,
    source TEXT NOT NULL, en_word TEXT, foreign_word TEXT
);
CREATE INDEX lexicon_en ON lexicon (lang, en);
CREATE TABLE info (key TEXT PRIMARY KEY, value TEXT);
"""


def default_kb_dir() -> Path:
    """``$MTGKB_HOME``, else the platform's user data folder."""
    env = os.environ.get("MTGKB_HOME")
    if env:
        return Path(env).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "mtgkb"


# -- writing ------------------------------------------------------------------

def stage(kb_dir: Path) -> Path:
    """A new, empty build folder inside ``kb_dir`` (not yet visible to readers)."""
    builds = Path(kb_dir) / "builds"
    builds.mkdir(parents=True, exist_ok=True)
    name = time.strftime("%Y%m%dT%H%M%S") + f"-{os.getpid()}"
    return Path(tempfile.mkdtemp(prefix=name + "-", dir=builds))


def write_documents(build_dir: Path, documents: Iterable[Document], info: dict | None = None,
                    alignment: "Alignment | None" = None) -> None:
    """Write ``documents`` into ``build_dir``'s database, marking active releases.

    With an ``alignment`` (:func:`kb.align.align`), rules carry their aligned number and the
    ``alignments`` and ``lexicon`` tables are filled.
    """
    docs = list(documents)
    db = sqlite3.connect(build_dir / DB_NAME)
    try:
        db.executescript(_SCHEMA)
        active = active_document_ids(docs)
        for doc in docs:
            _insert_document(db, doc, doc.id in active)
        if alignment is not None:
            _insert_alignment(db, alignment)
        meta = {"schema_version": SCHEMA_VERSION, "built_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                **({"alignment": alignment.summary()} if alignment is not None else {}), **(info or {})}
        db.executemany("INSERT INTO info VALUES (?, ?)", [(k, json.dumps(v)) for k, v in meta.items()])
        db.commit()
    finally:
        db.close()


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
    db.executemany("INSERT INTO rulings VALUES (?,?,?,?,?,?,?,?,?,?)", [
        (doc.id, seq, r.card, r.lang, r.date, r.source, r.provenance, r.text,
         json.dumps([list(t) for t in r.translations], ensure_ascii=False), r.line)
        for seq, r in enumerate(doc.rulings)])
    db.executemany("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?)", [
        (doc.id, seq, c.name, c.type, c.text, json.dumps([list(f) for f in c.foreign], ensure_ascii=False),
         json.dumps(list(c.sets)), c.line) for seq, c in enumerate(doc.cards)])


def _insert_alignment(db: sqlite3.Connection, alignment: "Alignment") -> None:
    """Aligned numbers onto the rules, then every pair, unaligned item and lexicon entry."""
    db.executemany("UPDATE rules SET aligned_number = ?, aligned_key = ?, align_method = ?, align_confidence = ?"
                   " WHERE doc_id = ? AND number = ?", [
        (link.aligned_number, RuleNumber.parse(link.aligned_number).sort_key, link.method, link.confidence,
         link.doc, link.number) for link in alignment.rules.values()])
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


PUBLISHED = "PUBLISHED"  # marks a build folder that was once current (staging folders have none)


def publish(kb_dir: Path, build_dir: Path, *, keep: int = 2) -> None:
    """Make ``build_dir`` the current build (atomic), then remove all but the newest ``keep``
    published builds. Folders still being staged by another process are never touched."""
    kb_dir, build_dir = Path(kb_dir), Path(build_dir)
    (build_dir / PUBLISHED).write_text(time.strftime("%Y-%m-%dT%H:%M:%S%z") + "\n", encoding="utf-8")
    pointer = kb_dir / "CURRENT"
    tmp = kb_dir / f".CURRENT.{os.getpid()}"
    tmp.write_text(build_dir.name + "\n", encoding="utf-8")
    os.replace(tmp, pointer)
    published = sorted((p for p in (kb_dir / "builds").iterdir() if (p / PUBLISHED).exists()),
                       key=lambda p: (p / PUBLISHED).stat().st_mtime)
    for old in published[:-keep]:
        if old.name != build_dir.name:
            shutil.rmtree(old, ignore_errors=True)


def discard(build_dir: Path) -> None:
    shutil.rmtree(build_dir, ignore_errors=True)


def current_build(kb_dir: Path) -> Path | None:
    """The published build folder of ``kb_dir``, or None if nothing was built there."""
    pointer = Path(kb_dir) / "CURRENT"
    try:
        name = pointer.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    build = Path(kb_dir) / "builds" / name
    return build if (build / DB_NAME).exists() else None


# -- reading ------------------------------------------------------------------

@dataclass(frozen=True)
class DocumentInfo:
    id: str
    lang: str
    format: str
    path: str
    title: str | None
    effective_date: str | None
    release: str | None
    provenance: str
    active: bool


@dataclass(frozen=True)
class RuleVersion:
    """One language's text of a rule, with where it comes from."""

    doc: DocumentInfo
    rule: Rule
    aligned_number: str
    align_method: str
    align_confidence: float


class KnowledgeBase:
    """Read-only access to a published build."""

    def __init__(self, build_dir: Path) -> None:
        self.build_dir = Path(build_dir)
        uri = f"file:{self.build_dir / DB_NAME}?mode=ro"
        try:
            self.db = sqlite3.connect(uri, uri=True)
            version = self.info().get("schema_version")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.build_dir / DB_NAME}: not a readable knowledge base ({exc})") from None
        if version != SCHEMA_VERSION:
            raise StoreError(f"{self.build_dir}: knowledge base format {version}, this mtgkb reads "
                             f"{SCHEMA_VERSION}; run 'mtgkb build' again")
        self._docs: dict[str, DocumentInfo] | None = None

    @classmethod
    def open(cls, kb_dir: Path) -> "KnowledgeBase":
        build = current_build(kb_dir)
        if build is None:
            raise StoreError(f"{kb_dir}: no knowledge base built here; run 'mtgkb build'")
        return cls(build)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "KnowledgeBase":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def index_dir(self) -> Path:
        return self.build_dir / "index"

    def info(self) -> dict:
        return {k: json.loads(v) for k, v in self.db.execute("SELECT key, value FROM info")}

    # documents
    def documents(self) -> dict[str, DocumentInfo]:
        if self._docs is None:
            rows = self.db.execute("SELECT id, lang, format, path, title, effective_date, release, provenance,"
                                   " active FROM documents ORDER BY lang, effective_date, id")
            self._docs = {r[0]: DocumentInfo(*r[:8], bool(r[8])) for r in rows}
        return self._docs

    def releases(self) -> list[DocumentInfo]:
        """Official rules releases held, oldest first."""
        return sorted((d for d in self.documents().values() if d.format == "cr-text"),
                      key=lambda d: (d.lang, d.effective_date or ""))

    def document(self, doc_id: str) -> Document:
        """The whole document ``doc_id``, rebuilt from the database."""
        row = self.db.execute("SELECT * FROM documents WHERE id = ?", (doc_id,)).fetchone()
        if row is None:
            raise StoreError(f"no document {doc_id!r} in the knowledge base")
        (id_, lang, fmt, path, sha, title, eff, release, prov, intro, credits, meta, acc, warns, _a) = row
        acc_d = json.loads(acc)
        return Document(
            id=id_, lang=lang, format=fmt, path=path, sha256=sha, title=title, effective_date=eff,
            release=release, provenance=prov, introduction=intro, credits=credits, meta=json.loads(meta),
            accounting=LineAccount(acc_d["total"], acc_d["landed"], acc_d["blank"], acc_d["boilerplate"],
                                   tuple(Unparsed(**u) for u in acc_d["unparsed"])),
            warnings=tuple(json.loads(warns)),
            rules=tuple(self._rule(r) for r in self.db.execute(
                "SELECT number, kind, title, text, examples, refs, line, end_line, pointer FROM rules "
                "WHERE doc_id = ? ORDER BY seq", (doc_id,))),
            terms=tuple(Term(tuple(json.loads(n)), d, bool(o), tuple(json.loads(r)), line)
                        for n, d, o, r, line in self.db.execute(
                "SELECT names, definition, obsolete, refs, line FROM terms WHERE doc_id = ? ORDER BY seq",
                (doc_id,))),
            rulings=tuple(Ruling(text=t, lang=lg, date=d, source=s, provenance=p, card=c,
                                 translations=tuple(tuple(x) for x in json.loads(tr)), line=line)
                          for c, lg, d, s, p, t, tr, line in self.db.execute(
                "SELECT card, lang, date, source, provenance, text, translations, line FROM rulings "
                "WHERE doc_id = ? ORDER BY seq", (doc_id,))),
            cards=tuple(Card(n, ty, tx, tuple(tuple(x) for x in json.loads(f)), tuple(json.loads(s)), line)
                        for n, ty, tx, f, s, line in self.db.execute(
                "SELECT name, type, text, foreign_data, sets, line FROM cards WHERE doc_id = ? ORDER BY seq",
                (doc_id,))),
        )

    @staticmethod
    def _rule(row: tuple) -> Rule:
        number, kind, title, text, examples, refs, line, end_line, pointer = row
        return Rule(number=number, kind=kind, title=title, text=text or "",
                    examples=tuple(Example(t, ln) for t, ln in json.loads(examples)),
                    refs=tuple(json.loads(refs)), line=line, end_line=end_line, pointer=pointer)

    # rules
    def _active_ids(self, release: str | None) -> list[str]:
        """Documents lookups read: the newest release per language (or ``release``) and all others."""
        docs = list(self.documents().values())
        if release is None:
            return [d.id for d in docs if d.active]
        chosen = [d for d in docs if d.format == "cr-text" and d.effective_date == release]
        if not chosen:
            held = ", ".join(sorted({d.effective_date or "?" for d in docs if d.format == "cr-text"}))
            raise NotFoundError(f"no release {release} in the knowledge base (held: {held or 'none'})")
        langs = {d.lang for d in chosen}
        others = [d.id for d in docs if d.format != "cr-text" or (d.active and d.lang not in langs)]
        return [d.id for d in chosen] + others

    def numbers(self, release: str | None = None) -> list[RuleNumber]:
        """Every aligned rule number held by the active documents, in rules order."""
        ids = self._active_ids(release)
        marks = ",".join("?" * len(ids))
        rows = self.db.execute(f"SELECT DISTINCT aligned_number, aligned_key FROM rules WHERE doc_id IN ({marks})"
                               " AND align_method != 'unaligned' ORDER BY aligned_key", ids)
        return [RuleNumber.parse(n) for n, _ in rows]

    def versions(self, numbers: Iterable[RuleNumber], release: str | None = None) -> Iterator[tuple[str, list[RuleVersion]]]:
        """For each number, the texts aligned to it in every active document."""
        ids = self._active_ids(release)
        docs = self.documents()
        marks = ",".join("?" * len(ids))
        for number in numbers:
            rows = self.db.execute(
                "SELECT doc_id, number, kind, title, text, examples, refs, line, end_line, pointer, aligned_number,"
                f" align_method, align_confidence FROM rules WHERE aligned_key = ? AND doc_id IN ({marks})"
                " AND align_method != 'unaligned'",
                [number.sort_key, *ids]).fetchall()
            versions = [RuleVersion(docs[r[0]], self._rule(r[1:10]), r[10], r[11], r[12]) for r in rows]
            # a translator's import (mtgkb import) comes first in its language: it supersedes older texts
            versions.sort(key=lambda v: (_LANG_ORDER.get(v.doc.lang, 9), v.doc.provenance != "translator",
                                         v.doc.effective_date or "", v.doc.id))
            yield str(number), versions

    def rule_rulings(self, number: str) -> list[dict]:
        """Rulings linked to reference rule ``number`` (kind ``ruling-rule``), English first."""
        rows = self.db.execute(
            "SELECT a.a_doc, a.a_id, a.method, a.confidence, r.card, r.lang, r.date, r.source, r.provenance, r.text"
            " FROM alignments a JOIN rulings r ON r.doc_id = a.a_doc AND r.seq = CAST(a.a_id AS INTEGER)"
            " WHERE a.kind = 'ruling-rule' AND a.b_id = ? ORDER BY r.lang != 'en', r.lang, r.text", (number,))
        seen: dict[tuple[str, str], dict] = {}
        for doc, seq, method, conf, card, lang, date, source, prov, text in rows:
            key = (lang, " ".join(text.split()))
            item = seen.get(key)
            if item is None:
                item = seen[key] = {"text": text, "lang": lang, "date": date, "source": source, "provenance": prov,
                                    "cards": [], "link": {"method": method, "confidence": round(conf, 3)},
                                    "ruling": f"{doc}#{seq}"}
            if card and card not in item["cards"]:
                item["cards"].append(card)
        return list(seen.values())

    def alignment_rows(self) -> list[tuple]:
        """Every row of the ``alignments`` table."""
        return self.db.execute("SELECT kind, a_doc, a_id, b_doc, b_id, method, confidence, note FROM alignments"
                               " ORDER BY kind, a_doc, a_id").fetchall()

    def counts(self) -> dict[str, int]:
        return {table: self.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                for table in ("documents", "rules", "terms", "rulings", "cards", "alignments")}


_LANG_ORDER = {"en": 0, "it": 1, "fr": 2}
