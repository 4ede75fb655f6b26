"""The embedded corpus (``corpus/``, installed as ``mtgkb_corpus``) and how sources are named to people.

``corpus/MANIFEST.json`` lists every embedded file with its role (``seed``, ``release``,
``cards``, ``vocabulary``), title, version date, sha256 and origin. :func:`source_label`
names a stored document the way a judge reads it (``Magic: The Gathering Comprehensive
Rules, 2025-11-14``), never by its file hash; for an embedded file without a title of its
own the manifest's title is used, found by the file's sha256.
"""

from __future__ import annotations

import importlib.util
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

MANIFEST = "MANIFEST.json"


class DocumentInfo(Protocol):
    """What naming a source needs of a stored document (:class:`kb.store.DocumentInfo`; the
    embedded corpus sits below the store, so it is not imported here)."""

    id: str
    lang: str
    format: str
    title: str | None
    effective_date: str | None
    provenance: str
    sha256: str


def embedded_corpus() -> Path:
    """The folder of the embedded default corpus (installed as ``mtgkb_corpus``)."""
    spec = importlib.util.find_spec("mtgkb_corpus")
    for location in (spec.submodule_search_locations or []) if spec else []:
        if (Path(location) / MANIFEST).exists():
            return Path(location)
    return Path(__file__).resolve().parent.parent / "corpus"


@lru_cache(maxsize=1)
def manifest() -> tuple[dict[str, Any], ...]:
    """The documents listed by the embedded corpus's manifest (empty if it cannot be read)."""
    try:
        data = json.loads((embedded_corpus() / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ()
    return tuple(d for d in data.get("documents", []) if isinstance(d, dict))


def embedded_files(role: str) -> list[Path]:
    """The embedded files of one ``role`` (``seed``, ``release``, ``cards``, ``vocabulary``), in manifest order."""
    folder = embedded_corpus()
    return [folder / d["file"] for d in manifest() if d.get("role") == role and d.get("file")]


@lru_cache(maxsize=1)
def _titles_by_digest() -> dict[str, str]:
    return {d["sha256"]: d["title"] for d in manifest() if d.get("sha256") and d.get("title")}


def source_title(doc: DocumentInfo) -> str:
    """A document's title: its own, else the manifest's (embedded files), else what it is."""
    return doc.title or _titles_by_digest().get(doc.sha256) or _FORMAT_NAMES.get(doc.format, doc.format)


def source_label(doc: DocumentInfo) -> str:
    """``title, date``: how pages and the terminal name a source."""
    return source_title(doc) + (f", {doc.effective_date}" if doc.effective_date else "")


def source_info(doc: DocumentInfo) -> dict[str, Any]:
    """A source in JSON output: id (stable, for scripts), title, date, language and provenance."""
    return {"id": doc.id, "title": source_title(doc), "effective_date": doc.effective_date, "lang": doc.lang,
            "provenance": doc.provenance}


_FORMAT_NAMES = {"cr-text": "Comprehensive Rules", "wiki-cr-text": "Comprehensive Rules (wiki text)",
                 "wiki-html": "wiki page", "wiki-keyword-text": "wiki keyword page", "rulings-page": "rulings page",
                 "mtgjson": "MTGJSON card data", "mtgjson-atomic": "MTGJSON AtomicCards", "scryfall-rulings": "Scryfall rulings",
                 "mtgkb-translation": "translations imported with mtgkb import"}
