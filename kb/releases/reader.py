"""The one release reader: rules releases from files, folders or the knowledge base.

``mtgkb diff`` names two releases by file or by effective date (:func:`load_release`);
``mtgkb history`` reads every release of a language from files and folders
(:func:`releases_from_paths`) or from the knowledge base (:func:`releases_in_kb`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ..errors import NotFoundError
from ..model import Document

if TYPE_CHECKING:
    from ..store import KnowledgeBase

_DATE = re.compile(r"^(\d{4})-?(\d{2})-?(\d{2})$")


def load_release(spec: str, kb: "KnowledgeBase | None" = None, lang: str = "en") -> Document:
    """A rules file (path), or the release of ``kb`` with that effective date (``2025-06-06``/``20250606``)."""
    from ..parsers import parse_source  # here, not at import: `mtgkb rule` must start fast
    from ..sources import read_source

    if Path(spec).is_file():
        return parse_source(read_source(spec))
    match = _DATE.match(spec.strip())
    if match is None:
        raise NotFoundError(f"{spec}: no such file, and not a release date (YYYY-MM-DD)")
    date = "-".join(match.groups())
    if kb is None:
        raise NotFoundError(f"{spec}: no such file, and no knowledge base to find release {date} in")
    return release_in_kb(kb, date, lang)


def release_in_kb(kb: "KnowledgeBase", date: str, lang: str = "en") -> Document:
    """The official release of ``kb`` with effective date ``date`` (``lang`` first); never a file path."""
    releases = kb.releases()
    chosen = sorted((d for d in releases if d.effective_date == date), key=lambda d: d.lang != lang)
    if not chosen:
        held = ", ".join(d.effective_date or d.id for d in releases if d.lang == lang) or "none"
        raise NotFoundError(f"no release {date} in the knowledge base (held: {held})")
    return kb.document(chosen[0].id)


def releases_from_paths(paths: Iterable[Path], lang: str = "en") -> list[Document]:
    """The official rules releases of ``lang`` among files and folders (one per effective date)."""
    from ..ingest import ingest

    return _one_per_date(d for d in ingest(paths).documents if d.format == "cr-text" and d.lang == lang)


def releases_in_kb(kb: "KnowledgeBase", lang: str = "en") -> list[Document]:
    """The official rules releases of ``lang`` held by ``kb`` (one per effective date)."""
    return _one_per_date(kb.document(d.id) for d in kb.releases() if d.lang == lang)


def _one_per_date(documents: Iterable[Document]) -> list[Document]:
    by_date: dict[str, Document] = {}
    for doc in documents:
        by_date.setdefault(doc.effective_date or doc.id, doc)
    return [by_date[k] for k in sorted(by_date)]
