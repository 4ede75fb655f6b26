"""Glossary terms, cards with their rulings, and a summary of a knowledge base.

The plain-dict shapes returned here are the JSON shapes of the web API
(``/api/terms``, ``/api/cards/{name}``, ``/api/health``). Every function reads
only the active documents of a :class:`~kb.store.KnowledgeBase`.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import NotFoundError
from .store import CardRecord, KnowledgeBase
from .text import fold


def _active(kb: KnowledgeBase) -> dict[str, Any]:
    return {doc_id: doc for doc_id, doc in kb.documents().items() if doc.active}


# -- glossary -------------------------------------------------------------------

def load_terms(kb: KnowledgeBase) -> list[dict[str, Any]]:
    """Every glossary entry of the active documents, in order, with folded names for matching."""
    docs = _active(kb)
    terms = []
    for record in kb.terms(sorted(docs)):
        doc, term = docs[record.doc_id], record.term
        names = list(term.names)
        terms.append({"names": names, "definition": term.definition or "", "obsolete": term.obsolete,
                      "refs": list(term.refs), "lang": doc.lang, "source": record.doc_id,
                      "effective_date": doc.effective_date, "provenance": doc.provenance,
                      "_folded": ([fold(n) for n in names], fold(term.definition or ""))})
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


_ASCII_RUN = re.compile(r"[A-Za-z0-9]{3,}")


def _card_row(kb: KnowledgeBase, name: str, wanted: str, active: dict) -> CardRecord | None:
    rows = [r for r in kb.cards_named(name, any_case=True) if r.doc_id in active and fold(r.card.name) == wanted]
    if rows:
        return rows[0]
    # A name in another language: narrow the cards by the longest ASCII run of the name (the store
    # matches ASCII case-insensitively), then compare folded names exactly. A run may hold a folded
    # accent ("ecuyere" for "Écuyère"): try the runs longest first.
    for run in sorted(set(_ASCII_RUN.findall(name)), key=len, reverse=True)[:4]:
        for record in kb.cards_with_foreign(run):
            if record.doc_id in active and any(fold(f[1]) == wanted for f in record.card.foreign):
                return record
    return None


def _card_dict(kb: KnowledgeBase, row: CardRecord, active: dict) -> dict[str, Any]:
    """The card of ``row`` merged over every active document holding it (sets differ in languages)."""
    name = row.card.name
    foreign: dict[str, dict[str, str]] = {}
    sets: list[str] = []
    type_, text, sources = row.card.type, row.card.text, []
    for record in kb.cards_named(name):
        if record.doc_id not in active:
            continue
        card = record.card
        sources.append(record.doc_id)
        type_, text = type_ or card.type, text or card.text
        for lang, n, t, x in card.foreign:
            foreign.setdefault(lang, {"name": n, "type": t, "text": x})
        sets += [s for s in card.sets if s not in sets]
    rulings = []
    seen: set[tuple[str | None, str]] = set()
    for record in kb.card_rulings(name):
        ruling = record.ruling
        if record.doc_id not in active or (ruling.date, ruling.text) in seen:
            continue
        seen.add((ruling.date, ruling.text))
        rulings.append({"date": ruling.date, "text": ruling.text, "lang": ruling.lang, "source": ruling.source,
                        "provenance": ruling.provenance, "document": record.doc_id,
                        "translations": [{"lang": t[0], "text": t[1], "provenance": t[2]}
                                         for t in ruling.translations]})
    return {"name": name, "type": type_ or "", "text": text or "",
            "names": {"en": name, **{lang: f["name"] for lang, f in sorted(foreign.items()) if f["name"]}},
            "foreign": dict(sorted(foreign.items())), "sets": sets, "sources": sources, "rulings": rulings}


def similar_card_names(kb: KnowledgeBase, name: str, count: int = 5) -> list[str]:
    """English card names starting with the first word of ``name`` (a cheap hint, not a search)."""
    first = name.strip().split(" ")[0] if name.strip() else ""
    if len(first) < 3:
        return []
    return kb.card_names_starting(first, count)


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
