"""What the glossary reads from the store: glossary terms (:class:`TermRecord`) and documents' pages
(:class:`DocumentPage`: a keyword page's description, an import's metadata), and how rows become them
(the alignment's links: :mod:`~kb.store.link_records`).

Apart from :mod:`~kb.store.records` so that ``mtgkb rule`` makes none of their classes:
:class:`~kb.store.KnowledgeBase` imports this module in the methods that read them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..model import Term
from .records import DocumentInfo


@dataclass(frozen=True)
class DocumentPage:
    """A document's introduction and metadata (keyword, infobox, source release, imported units)."""

    doc: DocumentInfo
    introduction: str
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TermRecord:
    doc_id: str
    seq: int
    term: Term


TERM_COLUMNS = "names, definition, obsolete, refs, line"


def term_from_row(row: tuple) -> Term:
    names, definition, obsolete, refs, line = row
    return Term(tuple(json.loads(names)), definition, bool(obsolete), tuple(json.loads(refs or "[]")), line)
