"""The built knowledge base: one directory, replaced atomically on every build.

The only code that speaks SQL. :mod:`~kb.store.schema` holds the tables,
:mod:`~kb.store.layout` the folder layout (``CURRENT``, ``builds/<name>/``),
:mod:`~kb.store.write` stages, fills and publishes a build, and
:mod:`~kb.store.read` reads a published one (:class:`KnowledgeBase`), handing
out the typed records of :mod:`~kb.store.records` (rules, rulings), :mod:`~kb.store.term_records`
(terms, pages), :mod:`~kb.store.link_records` (links), :mod:`~kb.store.card_records` and
:mod:`~kb.store.export_records` (imported units, aligned numbers). Rule lookup reads only
``kb.sqlite``; the search index beside it belongs to the indexer package.
"""

from sqlite3 import DatabaseError
from typing import TYPE_CHECKING

from ..lazy import lazy_names

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


__getattr__ = lazy_names(__name__, _MODULES, globals())


__all__ = [
    "DB_NAME", "INDEX_DIR", "LOCK_WAIT", "PUBLISHED", "SCHEMA_VERSION", "AlignedNumber",
    "CardRecord", "DatabaseError", "DocumentInfo", "DocumentPage", "ImportRecord", "KnowledgeBase", "RuleVersion",
    "RulingGroup", "RulingRecord", "TermRecord", "active_document_ids", "build_lock", "current_build",
    "default_kb_dir", "discard", "publish", "remove_leftovers", "replace_documents", "ruling_key", "stage",
    "storage_error",
    "write_documents",
]
