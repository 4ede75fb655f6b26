"""Reading a build (published, or staged for the indexer): :class:`KnowledgeBase` and its named queries.

Every method returns typed records (:mod:`kb.store.records`) or the model's own
types; nothing outside :mod:`kb.store` sees SQL or a database row. Methods that
take document ids return the documents in the order given, each in source order.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

from ..errors import NotFoundError, StoreError
from ..numbering import RuleNumber
from .layout import INDEX_DIR, current_build
from .records import (RULE_COLUMNS, RULING_COLUMNS, DocumentInfo, RuleVersion, RulingGroup, RulingRecord,
                      linked_ruling, rule_from_row, ruling_group_from_copies, ruling_key, ruling_record_from_row)
from .schema import DB_NAME, SCHEMA_VERSION

if TYPE_CHECKING:
    from ..model import Document, Pair
    from .card_records import CardRecord
    from .export_records import AlignedNumber, ImportRecord
    from .term_records import DocumentPage, TermRecord

T = TypeVar("T")
_LANG_ORDER = {"en": 0, "it": 1, "fr": 2}
_VERSION_COLUMNS = f"doc_id, {RULE_COLUMNS}, aligned_number, align_method, align_confidence"
# The rules of the foreign documents as placed in the numbering of an English release other than the
# reference: the rules table's columns, with the release's aligned number, key, method and confidence.
_PLACED_RULES = ("(SELECT r.doc_id, r.seq, r.number, r.sort_key, r.kind, r.title, r.text, r.examples, r.refs, r.line,"
                 " r.end_line, r.pointer, p.aligned_number, p.aligned_key, p.method AS align_method,"
                 " p.confidence AS align_confidence FROM placements p JOIN rules r ON r.doc_id = p.doc_id"
                 " AND r.number = p.number WHERE p.release = ?)")
_ALIGNMENT_COLUMNS = "kind, a_doc, a_id, b_doc, b_id, method, confidence, note"


class KnowledgeBase:
    """Read-only access to a published build. The methods reading terms, cards, pages, links, imports or whole
    documents import their records' modules when called: a rule lookup makes none of their classes."""

    def __init__(self, build_dir: Path, any_thread: bool = False) -> None:
        """``any_thread``: the connection may be used (one thread at a time) and closed by any thread
        (a server lends it to one request after another, kb.web.handling.KBHandle)."""
        self.build_dir = Path(build_dir)
        uri = f"file:{self.build_dir / DB_NAME}?mode=ro"
        try:
            self.db = sqlite3.connect(uri, uri=True, check_same_thread=not any_thread)
            version = self.info().get("schema_version")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.build_dir / DB_NAME}: not a readable knowledge base ({exc})") from None
        if version != SCHEMA_VERSION:
            raise StoreError(f"{self.build_dir}: knowledge base format {version}, this mtgkb reads "
                             f"{SCHEMA_VERSION}; run 'mtgkb build' again")
        self._docs: dict[str, DocumentInfo] | None = None
        self._placed: dict[str, set[str]] = {}
        # What the library computes once from this build's data (a build never changes: never to be
        # changed once made); a server gives every database it opens on one build the same (kb.web.handling)
        self.memo: dict[str, Any] = {}
        self._term_pairs: list[Pair] | None = None

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
        return self.build_dir / INDEX_DIR

    def info(self) -> dict:
        return {k: json.loads(v) for k, v in self.db.execute("SELECT key, value FROM info")}

    def _info_value(self, key: str) -> Any:
        row = self.db.execute("SELECT value FROM info WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def counts(self) -> dict[str, int]:
        return {table: self.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                for table in ("documents", "rules", "terms", "rulings", "cards", "alignments")}

    def _by_documents(self, sql: str, doc_ids: Iterable[str], convert: Callable[[tuple], T],
                      params: tuple = ()) -> list[T]:
        """Rows of ``sql`` (a query whose first column is ``doc_id`` and which holds ``{marks}`` for
        ``doc_id IN (...)``), converted, in the order of ``doc_ids`` and then of ``seq``."""
        ids = list(dict.fromkeys(doc_ids))
        if not ids:
            return []
        found: dict[str, list[T]] = defaultdict(list)
        marks = ",".join("?" * len(ids))
        for row in self.db.execute(sql.format(marks=marks) + " ORDER BY doc_id, seq", [*ids, *params]):
            found[row[0]].append(convert(row))
        return [record for doc_id in ids for record in found.get(doc_id, ())]

    # -- documents -----------------------------------------------------------------------

    def documents(self) -> dict[str, DocumentInfo]:
        """Every document held, by id (ordered by language, effective date and id)."""
        if self._docs is None:
            rows = self.db.execute("SELECT id, lang, format, path, title, effective_date, release, provenance,"
                                   " active, sha256 FROM documents ORDER BY lang, effective_date, id")
            self._docs = {r[0]: DocumentInfo(*r[:8], bool(r[8]), r[9] or "") for r in rows}
        return self._docs

    def releases(self) -> list[DocumentInfo]:
        """Official rules releases held, oldest first."""
        return sorted((d for d in self.documents().values() if d.format == "cr-text"),
                      key=lambda d: (d.lang, d.effective_date or ""))

    def document_pages(self, doc_ids: Iterable[str] | None = None) -> list[DocumentPage]:
        """The introduction and metadata of ``doc_ids`` (default: the active documents), by id."""
        from .term_records import DocumentPage

        docs = self.documents()
        ids = [i for i in (self.active_ids() if doc_ids is None else doc_ids) if i in docs]
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        rows = self.db.execute(f"SELECT id, introduction, meta FROM documents WHERE id IN ({marks}) ORDER BY id", ids)
        return [DocumentPage(docs[i], intro or "", json.loads(meta or "{}")) for i, intro, meta in rows]

    def document_meta(self, doc_id: str) -> dict:
        """The metadata of ``doc_id`` ({} when it has none or is not held)."""
        pages = self.document_pages([doc_id])
        return pages[0].meta if pages else {}

    def import_records(self, doc_id: str) -> dict[str, ImportRecord]:
        """Unit id -> who imported it and when, for a translator's import (``{}`` for other documents)."""
        from .export_records import ImportRecord

        units = self.document_meta(doc_id).get("units")
        if not isinstance(units, dict):
            return {}
        return {unit_id: ImportRecord(unit_id, record.get("translator"), record.get("imported"),
                                      record.get("file"), record.get("source_release"))
                for unit_id, record in units.items() if isinstance(record, dict)}

    def document(self, doc_id: str) -> Document:
        """The whole document ``doc_id``, rebuilt from the database."""
        from ..model import Document, LineAccount, Unparsed

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
            rules=tuple(v.rule for v in self.rule_versions([doc_id])),
            terms=tuple(t.term for t in self.terms([doc_id])),
            rulings=tuple(r.ruling for r in self.rulings([doc_id])),
            cards=tuple(c.card for c in self.cards([doc_id])),
        )

    # -- rules ---------------------------------------------------------------------------

    def active_ids(self, release: str | None = None) -> list[str]:
        """The documents lookups read: the newest release per language (or ``release``) and all others."""
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

    def numbers(self, release: str | None = None, under: Iterable[RuleNumber] | None = None) -> list[RuleNumber]:
        """Every aligned rule number held by the active documents (in ``release``'s numbering), in rules order;
        with ``under``, only those numbers and the numbers below them (their sort keys start alike)."""
        keys = [n.sort_key for n in under] if under is not None else []
        within = f" AND ({' OR '.join(['aligned_key GLOB ?'] * len(keys)) or '0'})" if under is not None else ""
        # with ``under``, +doc_id: SQLite reads the few keys under a number by their index, not every rule
        documents = "doc_id" if under is None else "+doc_id"
        found: dict[str, str] = {}
        for table, params, ids, marks in self._numbering(self.active_ids(release), release):
            found.update(self.db.execute(f"SELECT DISTINCT aligned_number, aligned_key FROM {table} WHERE {documents} IN"
                                         f" ({marks}) AND align_method != 'unaligned'{within}",
                                         [*params, *ids, *(f"{key}*" for key in keys)]))
        return [RuleNumber.parse(n) for n in sorted(found, key=found.__getitem__)]

    def versions(self, numbers: Iterable[RuleNumber], release: str | None = None) -> Iterator[tuple[str, list[RuleVersion]]]:
        """For each number (of ``release``'s numbering), the texts aligned to it in every active document."""
        sources = self._numbering(self.active_ids(release), release)
        for number in numbers:
            rows = [row for table, params, ids, marks in sources for row in self.db.execute(
                f"SELECT {_VERSION_COLUMNS} FROM {table} WHERE aligned_key = ? AND doc_id IN ({marks})"
                " AND align_method != 'unaligned'", [*params, number.sort_key, *ids])]
            versions = [self._version(row) for row in rows]
            # a translator's import (mtgkb import) comes first in its language: it supersedes older texts;
            # among imports, the one made from this release's numbering, then the closest match by content
            versions.sort(key=lambda v: (_LANG_ORDER.get(v.doc.lang, 9), v.doc.provenance != "translator",
                                         *v.import_rank, v.doc.effective_date or "", v.doc.id))
            yield str(number), versions

    def displaced(self, numbers: Iterable[str], release: str | None = None) -> list[RuleVersion]:
        """Texts of the active documents that their own source numbers as one of ``numbers`` but that
        sit at another number of ``release``'s numbering, or at none (method ``unaligned``)."""
        wanted = list(dict.fromkeys(numbers))
        if not wanted:
            return []
        out = []
        for table, params, ids, marks in self._numbering(self.active_ids(release), release):
            out += [self._version(row) for row in self.db.execute(
                f"SELECT {_VERSION_COLUMNS} FROM {table} WHERE doc_id IN ({marks}) AND number IN"
                f" ({','.join('?' * len(wanted))}) AND (aligned_number != number OR align_method = 'unaligned')"
                " ORDER BY doc_id, seq", [*params, *ids, *wanted])]
        return out

    def _numbering(self, doc_ids: Iterable[str], release: str | None) -> list[tuple[str, list[str], list[str], str]]:
        """Where the rules of ``doc_ids`` are read with their numbers in ``release``'s numbering:
        ``(table, its parameters, document ids, their ? marks)`` for the rules table (the reference's
        numbering, and documents not aligned) and for the foreign documents placed in another release."""
        ids = list(dict.fromkeys(doc_ids))
        placement = self._placement(release)
        placed = self._placed_docs(placement) if placement else set()
        parts = [("rules", [], [i for i in ids if i not in placed]),
                 (_PLACED_RULES, [placement], [i for i in ids if i in placed])]
        return [(table, params, chosen, ",".join("?" * len(chosen))) for table, params, chosen in parts if chosen]

    def _placement(self, release: str | None) -> str | None:
        """The English release (document id) whose placements number the foreign texts when
        ``release`` (a date) is asked; None for the reference, whose numbers the rules table holds."""
        if release is None:
            return None
        doc = (self._info_value("alignment_releases") or {}).get(release)
        return doc if doc is not None and doc != self._info_value("alignment_reference") else None

    def _placed_docs(self, placement: str) -> set[str]:
        if placement not in self._placed:
            self._placed[placement] = {row[0] for row in self.db.execute(
                "SELECT DISTINCT doc_id FROM placements WHERE release = ?", (placement,))}
        return self._placed[placement]

    def reference_number(self, number: str, release: str | None = None) -> str | None:
        """The reference's number of rule ``number`` of ``release`` (matched by content when the
        release was aligned; None when the reference does not hold that rule)."""
        placement = self._placement(release)
        if placement is None:
            return number
        row = self.db.execute("SELECT reference FROM release_numbers WHERE release = ? AND number = ?",
                              (placement, number)).fetchone()
        return row[0] if row else None

    def _version(self, row: tuple) -> RuleVersion:
        return RuleVersion(self.documents()[row[0]], rule_from_row(row[1:10]), row[10], row[11], row[12])

    def rule_versions(self, doc_ids: Iterable[str]) -> list[RuleVersion]:
        """Every rule of ``doc_ids`` (aligned or not) with its alignment."""
        return self._by_documents(f"SELECT {_VERSION_COLUMNS}, seq FROM rules WHERE doc_id IN ({{marks}})",
                                  doc_ids, self._version)

    def headings(self, doc_id: str) -> dict[str, str]:
        """Section and chapter number -> title in document ``doc_id``."""
        rows = self.db.execute("SELECT number, title FROM rules WHERE doc_id = ? AND kind IN ('chapter', 'section')",
                               (doc_id,))
        return {number: title for number, title in rows if title}

    def aligned_numbers(self, doc_ids: Iterable[str], release: str | None = None) -> list[AlignedNumber]:
        """Each rule of ``doc_ids`` with the number it is aligned to in ``release``'s numbering (the
        reference's by default), in aligned-number order; unaligned rules are left out."""
        from .export_records import AlignedNumber

        rows = []
        for table, params, ids, marks in self._numbering(doc_ids, release):
            rows += self.db.execute(f"SELECT doc_id, number, aligned_number, aligned_key FROM {table} WHERE doc_id"
                                    f" IN ({marks}) AND align_method != 'unaligned'", [*params, *ids]).fetchall()
        rows.sort(key=lambda row: (row[3], row[0]))
        return [AlignedNumber(*row[:3]) for row in rows]

    # -- alignments ----------------------------------------------------------------------

    def rule_rulings(self, number: str, release: str | None = None) -> list[dict]:
        """Rulings linked to rule ``number`` of ``release`` (the reference by default; links are to the
        reference's numbers, read through :meth:`reference_number`), English first, then by text.

        Identical texts are one ruling (:meth:`ruling_groups`): ``cards``, ``dates`` and ``sources``
        list every copy's, ``rulings`` the ids (``doc#seq``) of the copies; ``ruling``, ``date`` and
        ``source`` are the first copy's; ``link`` is the strongest link of any copy to the rule.
        """
        reference = self.reference_number(number, release)
        if reference is None:
            return []
        rows = self.db.execute(
            "SELECT a.method, a.confidence, r.lang, r.text_key FROM alignments a"
            " JOIN rulings r ON r.doc_id = a.a_doc AND r.seq = CAST(a.a_id AS INTEGER)"
            " WHERE a.kind = 'ruling-rule' AND a.b_id = ?", (reference,))
        links: dict[tuple[str, str], tuple[float, str]] = {}
        for method, confidence, lang, key in rows:
            links[(lang, key)] = max(links.get((lang, key), (-1.0, "")), (confidence, method))
        groups = self.ruling_groups(links)
        groups.sort(key=lambda g: (g.lang != "en", g.lang, g.text))
        return [linked_ruling(group, links[(group.lang, ruling_key(group.text))]) for group in groups]

    def ruling_groups(self, keys: Iterable[tuple[str, str]]) -> list[RulingGroup]:
        """The rulings whose ``(lang, key)`` (:func:`~kb.store.records.ruling_key` of the text) are
        in ``keys``, each with every copy held, in the order of ``keys``."""
        wanted = list(dict.fromkeys(keys))
        copies: dict[tuple[str, str], list[tuple]] = defaultdict(list)
        for start in range(0, len(wanted), 500):
            chunk = wanted[start:start + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.db.execute(f"SELECT lang, text_key, doc_id, seq, card, date, source, provenance, text"
                                       f" FROM rulings WHERE text_key IN ({marks}) ORDER BY doc_id, seq",
                                       [key for _, key in chunk]):
                copies[(row[0], row[1])].append(row[2:])
        return [ruling_group_from_copies(lang, copies[(lang, key)]) for lang, key in wanted if copies.get((lang, key))]

    def ruling_group(self, doc_id: str, seq: int) -> RulingGroup | None:
        """The ruling ``doc_id#seq`` with every other copy of its text (None if not held)."""
        row = self.db.execute("SELECT lang, text_key FROM rulings WHERE doc_id = ? AND seq = ?",
                              (doc_id, seq)).fetchone()
        groups = self.ruling_groups([row]) if row else []
        return groups[0] if groups else None

    def alignments(self) -> list[Pair]:
        """Every pair and unaligned item the alignment step recorded, by kind and item."""
        from .link_records import alignment_from_row

        rows = self.db.execute(f"SELECT {_ALIGNMENT_COLUMNS} FROM alignments ORDER BY kind, a_doc, a_id")
        return [alignment_from_row(row) for row in rows]

    def term_pairs(self) -> list[Pair]:
        """The glossary term pairs (``a_id``/``b_id`` are term names), in the order they were found (read once:
        ``mtgkb define`` asks twice)."""
        from .link_records import alignment_from_row

        if self._term_pairs is None:
            rows = self.db.execute(f"SELECT {_ALIGNMENT_COLUMNS} FROM alignments WHERE kind = 'term' ORDER BY rowid")
            self._term_pairs = [alignment_from_row(row) for row in rows]
        return list(self._term_pairs)

    # -- glossary terms, rulings, cards --------------------------------------------------

    def terms(self, doc_ids: Iterable[str], named: Callable[[list[str]], bool] | None = None) -> list[TermRecord]:
        """The glossary entries of ``doc_ids`` (with ``named``, those whose list of names it accepts)."""
        from .term_records import TERM_COLUMNS, TermRecord, term_from_row

        rows = self._by_documents(f"SELECT doc_id, seq, {TERM_COLUMNS} FROM terms WHERE doc_id IN ({{marks}})",
                                  doc_ids, tuple)
        return [TermRecord(r[0], r[1], term_from_row(r[2:])) for r in rows if named is None or named(json.loads(r[2]))]

    def term_definition(self, doc_id: str, name: str) -> str | None:
        """The definition of the term of ``doc_id`` that has ``name`` among its names (None if none)."""
        row = self.db.execute("SELECT definition FROM terms WHERE doc_id = ? AND names LIKE ?",
                              (doc_id, f'%{json.dumps(name, ensure_ascii=False)}%')).fetchone()
        return row[0] if row else None

    def rulings(self, doc_ids: Iterable[str], lang: str | None = None) -> list[RulingRecord]:
        """The rulings of ``doc_ids`` (only those written in ``lang`` when given)."""
        where = "" if lang is None else " AND lang = ?"
        return self._by_documents(f"SELECT doc_id, seq, {RULING_COLUMNS} FROM rulings WHERE doc_id IN ({{marks}})"
                                  + where, doc_ids, ruling_record_from_row, () if lang is None else (lang,))

    def card_rulings(self, card: str) -> list[RulingRecord]:
        """Every ruling on the card named ``card`` (English name), by date."""
        rows = self.db.execute(f"SELECT doc_id, seq, {RULING_COLUMNS} FROM rulings WHERE card = ? ORDER BY date, seq",
                               (card,))
        return [ruling_record_from_row(row) for row in rows]

    def card_ruling_rules(self, card: str) -> dict[str, int]:
        """Reference rule number -> how many of the card's rulings (one per text, any copy's link
        counted) are linked to it, most linked first; read from the card's rulings (CROSS JOIN keeps the order)."""
        rows = self.db.execute(
            "SELECT a.b_id, COUNT(DISTINCT r.text_key) FROM rulings r CROSS JOIN rulings c ON c.lang = r.lang"
            " AND c.text_key = r.text_key CROSS JOIN alignments a ON a.a_doc = c.doc_id"
            " AND a.a_id = CAST(c.seq AS TEXT) AND a.kind = 'ruling-rule'"
            " WHERE r.card = ? GROUP BY a.b_id ORDER BY 2 DESC, a.b_id", (card,))
        return {number: count for number, count in rows}

    def cards(self, doc_ids: Iterable[str]) -> list[CardRecord]:
        """The card records of ``doc_ids``."""
        from .card_records import CARD_COLUMNS, card_record_from_row

        return self._by_documents(f"SELECT doc_id, seq, {CARD_COLUMNS} FROM cards WHERE doc_id IN ({{marks}})",
                                  doc_ids, card_record_from_row)

    def cards_named(self, name: str, *, any_case: bool = False) -> list[CardRecord]:
        """The records of the card with English name ``name`` in every document, by document
        (with ``any_case``, the name's letter case is ignored and the order is the index's)."""
        from .card_records import CARD_COLUMNS, card_record_from_row

        # the index on names ignores case: a comparison by case alone would read every card (22 ms on
        # the archive), so the exact name is looked for through the index, then compared exactly
        if any_case:
            sql, params = f"SELECT doc_id, seq, {CARD_COLUMNS} FROM cards WHERE name = ? COLLATE NOCASE", (name,)
        else:
            sql = (f"SELECT doc_id, seq, {CARD_COLUMNS} FROM cards WHERE name = ? COLLATE NOCASE AND name = ?"
                   " ORDER BY doc_id")
            params = (name, name)
        return [card_record_from_row(row) for row in self.db.execute(sql, params)]

    def cards_with_foreign(self, fragment: str) -> Iterator[CardRecord]:
        """Cards whose names or texts in other languages contain ``fragment`` (ASCII case ignored)."""
        from .card_records import CARD_COLUMNS, card_record_from_row

        rows = self.db.execute(f"SELECT doc_id, seq, {CARD_COLUMNS} FROM cards WHERE foreign_data LIKE ?",
                               (f"%{fragment}%",))
        return (card_record_from_row(row) for row in rows)

    def card_names_starting(self, prefix: str, count: int) -> list[str]:
        """Up to ``count`` English card names starting with ``prefix`` (ASCII case ignored), sorted."""
        pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self.db.execute("SELECT DISTINCT name FROM cards WHERE name LIKE ? ESCAPE '\\' ORDER BY name LIMIT ?",
                               (pattern, count))
        return [row[0] for row in rows]

    def named_rules(self, release: str | None = None, max_chars: int = 60) -> list[tuple[str, str, str]]:
        """``(aligned number, name, lang)`` of the rules (not sections or chapters) that are only a
        name, such as ``702.20. Vigilance`` (the keyword rules), or that carry a title, in the active
        documents, in rules order."""
        rows = []
        for table, params, ids, marks in self._numbering(self.active_ids(release), release):
            rows += self.db.execute(f"SELECT r.aligned_number, COALESCE(r.title, r.text), d.lang, r.aligned_key"
                                    f" FROM {table} r JOIN documents d ON d.id = r.doc_id WHERE r.doc_id IN ({marks})"
                                    " AND r.kind = 'rule' AND r.align_method != 'unaligned' AND (r.title IS NOT NULL"
                                    " OR length(r.text) <= ?)", [*params, *ids, max_chars]).fetchall()
        rows.sort(key=lambda row: row[3])
        return [(number, name, lang) for number, name, lang, _ in rows if name and "." not in name]

    def card_names(self) -> list[tuple[str, str, str]]:
        """Every card's names: ``(English name, lang, name in lang)``, English ones included (for near spellings)."""
        rows = self.db.execute("SELECT DISTINCT name, 'en', name FROM cards UNION SELECT DISTINCT c.name,"
                               " json_extract(f.value, '$[0]'), json_extract(f.value, '$[1]')"
                               " FROM cards c, json_each(c.foreign_data) f")
        return [(en, lang, name) for en, lang, name in rows if name]

    def ruling_translations(self) -> list[tuple[str, RulingRecord, str, float]]:
        """Rulings in other languages the alignment paired with English rulings:
        ``(English text, translated ruling, method, confidence)``."""
        rows = self.db.execute(
            f"SELECT e.text, a.method, a.confidence, t.doc_id, t.seq, {', '.join('t.' + c for c in _RULING_FIELDS)}"
            " FROM alignments a JOIN rulings t ON t.doc_id = a.a_doc AND t.seq = CAST(a.a_id AS INTEGER)"
            " JOIN rulings e ON e.doc_id = a.b_doc AND e.seq = CAST(a.b_id AS INTEGER)"
            " WHERE a.kind = 'ruling' ORDER BY t.lang, t.doc_id, t.seq")
        return [(row[0], ruling_record_from_row(row[3:]), row[1], row[2]) for row in rows]


_RULING_FIELDS = [c.strip() for c in RULING_COLUMNS.split(",")]
