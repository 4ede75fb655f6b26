"""Glossary terms, cards with their rulings, and a summary of a knowledge base.

The plain-dict shapes returned here are the JSON shapes of the web API
(``/api/terms``, ``/api/cards/{name}``, ``/api/health``). Every function reads
only the active documents of a :class:`~kb.store.KnowledgeBase`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from .errors import NotFoundError
from .store import KnowledgeBase


def fold(text: str) -> str:
    """Lower case without accents, for matching what people type (``Égalité`` = ``egalite``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("’", "'")


def _active(kb: KnowledgeBase) -> dict[str, Any]:
    return {doc_id: doc for doc_id, doc in kb.documents().items() if doc.active}


# -- glossary -------------------------------------------------------------------

def load_terms(kb: KnowledgeBase) -> list[dict[str, Any]]:
    """Every glossary entry of the active documents, in order, with folded names for matching."""
    docs = _active(kb)
    terms = []
    for doc_id, _seq, names_json, definition, obsolete, refs in kb.db.execute(
            "SELECT doc_id, seq, names, definition, obsolete, refs FROM terms ORDER BY doc_id, seq"):
        doc = docs.get(doc_id)
        if doc is None:
            continue
        names = json.loads(names_json)
        terms.append({"names": names, "definition": definition or "", "obsolete": bool(obsolete),
                      "refs": json.loads(refs), "lang": doc.lang, "source": doc_id,
                      "effective_date": doc.effective_date, "provenance": doc.provenance,
                      "_folded": ([fold(n) for n in names], fold(definition or ""))})
    return terms


def find_terms(kb: KnowledgeBase, query: str = "", langs: tuple[str, ...] = (), limit: int = 50,
               terms: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Glossary entries whose names (first) or definitions contain ``query``, accents and case ignored.

    An empty query lists the glossary in order. Names that equal the query come
    first, then names that start with it, then names containing it, then definitions.
    ``terms`` is :func:`load_terms`'s list when the caller keeps one (a server does).
    """
    wanted = fold(query.strip())
    ranked: list[tuple[int, int, dict[str, Any]]] = []
    for order, term in enumerate(load_terms(kb) if terms is None else terms):
        if langs and term["lang"] not in langs:
            continue
        rank = _term_rank(wanted, *term["_folded"])
        if rank is not None:
            ranked.append((rank, order, term))
    ranked.sort(key=lambda item: (item[0], item[1]))
    return [{k: v for k, v in term.items() if k != "_folded"} for _r, _o, term in ranked[:max(0, limit)]]


def _term_rank(wanted: str, names: list[str], definition: str) -> int | None:
    if not wanted:
        return 0
    if wanted in names:
        return 0
    if any(n.startswith(wanted) for n in names):
        return 1
    if any(wanted in n for n in names):
        return 2
    if wanted in definition:
        return 3
    return None


# -- cards ----------------------------------------------------------------------

def find_card(kb: KnowledgeBase, name: str) -> dict[str, Any]:
    """The card named ``name`` in any language (case and accents ignored), with its rulings.

    Raises :class:`NotFoundError` naming a few cards with similar names.
    """
    wanted = fold(name.strip())
    if not wanted:
        raise NotFoundError("no card name given")
    active = _active(kb)
    row = _card_row(kb, name.strip(), wanted, active)
    if row is None:
        close = similar_card_names(kb, name)
        hint = f"; similar: {', '.join(close)}" if close else ""
        raise NotFoundError(f"no card named {name.strip()!r} in the knowledge base{hint}")
    return _card_dict(kb, row, active)


_CARD_COLUMNS = "doc_id, name, type, text, foreign_data, sets"
_ASCII_RUN = re.compile(r"[A-Za-z0-9]{3,}")


def _card_row(kb: KnowledgeBase, name: str, wanted: str, active: dict) -> tuple | None:
    rows = kb.db.execute(f"SELECT {_CARD_COLUMNS} FROM cards WHERE name = ? COLLATE NOCASE", (name,)).fetchall()
    rows = [r for r in rows if r[0] in active and fold(r[1]) == wanted]
    if rows:
        return rows[0]
    # A name in another language: the foreign data is JSON, so narrow with LIKE on the longest
    # ASCII run of the name (LIKE ignores case for ASCII only), then compare folded names exactly.
    # A run may hold a folded accent ("ecuyere" for "Écuyère"): try the runs longest first.
    for run in sorted(set(_ASCII_RUN.findall(name)), key=len, reverse=True)[:4]:
        for row in kb.db.execute(f"SELECT {_CARD_COLUMNS} FROM cards WHERE foreign_data LIKE ?", (f"%{run}%",)):
            if row[0] in active and any(fold(f[1]) == wanted for f in json.loads(row[4])):
                return row
    return None


def _card_dict(kb: KnowledgeBase, row: tuple, active: dict) -> dict[str, Any]:
    """The card of ``row`` merged over every active document holding it (sets differ in languages)."""
    name = row[1]
    foreign: dict[str, dict[str, str]] = {}
    sets: list[str] = []
    type_, text, sources = row[2], row[3], []
    for doc_id, _name, r_type, r_text, foreign_json, sets_json in kb.db.execute(
            f"SELECT {_CARD_COLUMNS} FROM cards WHERE name = ? ORDER BY doc_id", (name,)):
        if doc_id not in active:
            continue
        sources.append(doc_id)
        type_, text = type_ or r_type, text or r_text
        for lang, n, t, x in json.loads(foreign_json):
            foreign.setdefault(lang, {"name": n, "type": t, "text": x})
        sets += [s for s in json.loads(sets_json) if s not in sets]
    rulings = []
    seen: set[tuple[str | None, str]] = set()
    for r_doc, date, source, provenance, lang, r_text, translations in kb.db.execute(
            "SELECT doc_id, date, source, provenance, lang, text, translations FROM rulings WHERE card = ?"
            " ORDER BY date, seq", (name,)):
        if r_doc not in active or (date, r_text) in seen:
            continue
        seen.add((date, r_text))
        rulings.append({"date": date, "text": r_text, "lang": lang, "source": source, "provenance": provenance,
                        "document": r_doc,
                        "translations": [{"lang": t[0], "text": t[1], "provenance": t[2]}
                                         for t in json.loads(translations)]})
    return {"name": name, "type": type_ or "", "text": text or "",
            "names": {"en": name, **{lang: f["name"] for lang, f in sorted(foreign.items()) if f["name"]}},
            "foreign": dict(sorted(foreign.items())), "sets": sets, "sources": sources, "rulings": rulings}


def similar_card_names(kb: KnowledgeBase, name: str, count: int = 5) -> list[str]:
    """English card names starting with the first word of ``name`` (a cheap hint, not a search)."""
    first = name.strip().split(" ")[0] if name.strip() else ""
    if len(first) < 3:
        return []
    pattern = first.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    rows = kb.db.execute("SELECT DISTINCT name FROM cards WHERE name LIKE ? ESCAPE '\\' ORDER BY name LIMIT ?",
                         (pattern, count))
    return [r[0] for r in rows]


# -- summary --------------------------------------------------------------------

def health(kb: KnowledgeBase) -> dict[str, Any]:
    """What the knowledge base holds: build, releases (with dates), documents and counts."""
    info = kb.info()
    docs = kb.documents().values()
    return {
        "status": "ok",
        "build": kb.build_dir.name,
        "built_at": info.get("built_at"),
        "schema_version": info.get("schema_version"),
        "releases": [{"id": d.id, "lang": d.lang, "effective_date": d.effective_date, "active": d.active}
                     for d in kb.releases()],
        "documents": [{"id": d.id, "lang": d.lang, "format": d.format, "effective_date": d.effective_date,
                       "provenance": d.provenance, "active": d.active} for d in docs],
        "counts": kb.counts(),
        "search_index": kb.index_dir.is_dir() and any(kb.index_dir.iterdir()),
    }
