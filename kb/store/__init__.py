"""The built knowledge base: one directory, replaced atomically on every build.

The only code that speaks SQL. :mod:`~kb.store.schema` holds the tables,
:mod:`~kb.store.layout` the folder layout (``CURRENT``, ``builds/<name>/``),
:mod:`~kb.store.write` stages, fills and publishes a build, and
:mod:`~kb.store.read` reads a published one (:class:`KnowledgeBase`), handing
out the typed records of :mod:`~kb.store.records` (rules, rulings), :mod:`~kb.store.term_records`
(terms, pages, links), :mod:`~kb.store.card_records` and :mod:`~kb.store.export_records` (imported
units, aligned numbers). Rule lookup reads only
``kb.sqlite``; the search index beside it belongs to the indexer package.
"""

import importlib
from sqlite3 import DatabaseError
from typing import TYPE_CHECKING, Any

# Each name is loaded from its module when first used, so a reader (``mtgkb rule``) never loads the
# write side, nor the build lock's filelock.
_MODULES = {
    "layout": ("INDEX_DIR", "LOCK_WAIT", "PUBLISHED", "build_lock", "current_build", "default_kb_dir"),
    "read": ("KnowledgeBase",),
    "records": ("DocumentInfo", "RuleVersion", "RulingGroup", "RulingRecord", "ruling_key"),
    "term_records": ("DocumentPage", "TermRecord"),
    "card_records": ("CardRecord",),
    "export_records": ("AlignedNumber", "ImportRecord"),
    "schema": ("DB_NAME", "SCHEMA_VERSION"),
    "write": ("active_document_ids", "discard", "publish", "remove_leftovers", "replace_documents", "stage",
              "storage_error", "write_documents"),
}
_HOME = {name: module for module, names in _MODULES.items() for name in names}

if TYPE_CHECKING:
    from .card_records import CardRecord
    from .export_records import AlignedNumber, ImportRecord
    from .layout import INDEX_DIR, LOCK_WAIT, PUBLISHED, build_lock, current_build, default_kb_dir
    from .read import KnowledgeBase
    from .records import DocumentInfo, RuleVersion, RulingGroup, RulingRecord, ruling_key
    from .schema import DB_NAME, SCHEMA_VERSION
    from .term_records import DocumentPage, TermRecord
    from .write import (active_document_ids, discard, publish, remove_leftovers, replace_documents, stage,
                        storage_error, write_documents)


def __getattr__(name: str) -> Any:
    """A name of the store, imported from its module on first use (PEP 562)."""
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DB_NAME", "INDEX_DIR", "LOCK_WAIT", "PUBLISHED", "SCHEMA_VERSION", "AlignedNumber",
    "CardRecord", "DatabaseError", "DocumentInfo", "DocumentPage", "ImportRecord", "KnowledgeBase", "RuleVersion",
    "RulingGroup", "RulingRecord", "TermRecord", "active_document_ids", "build_lock", "current_build",
    "default_kb_dir", "discard", "publish", "remove_leftovers", "replace_documents", "ruling_key", "stage",
    "storage_error",
    "write_documents",
]
