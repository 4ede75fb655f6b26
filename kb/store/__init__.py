"""The built knowledge base: one directory, replaced atomically on every build.

The only code that speaks SQL. :mod:`~kb.store.schema` holds the tables,
:mod:`~kb.store.layout` the folder layout (``CURRENT``, ``builds/<name>/``),
:mod:`~kb.store.write` stages, fills and publishes a build, and
:mod:`~kb.store.read` reads a published one (:class:`KnowledgeBase`), handing
out the typed records of :mod:`~kb.store.records`. Rule lookup reads only
``kb.sqlite``; the search index beside it belongs to the indexer package.
"""

from sqlite3 import DatabaseError

from .layout import INDEX_DIR, LOCK_WAIT, PUBLISHED, build_lock, current_build, default_kb_dir
from .read import KnowledgeBase
from .records import (AlignedNumber, AlignmentRecord, CardRecord, DocumentInfo, DocumentPage, ImportRecord,
                      RuleVersion, RulingGroup, RulingRecord, TermRecord, ruling_key)
from .schema import DB_NAME, SCHEMA_VERSION
from .write import (active_document_ids, discard, publish, remove_leftovers, replace_documents, stage, storage_error,
                    write_documents)

__all__ = [
    "DB_NAME", "INDEX_DIR", "LOCK_WAIT", "PUBLISHED", "SCHEMA_VERSION", "AlignedNumber", "AlignmentRecord",
    "CardRecord", "DatabaseError", "DocumentInfo", "DocumentPage", "ImportRecord", "KnowledgeBase", "RuleVersion",
    "RulingGroup", "RulingRecord", "TermRecord", "active_document_ids", "build_lock", "current_build",
    "default_kb_dir", "discard", "publish", "remove_leftovers", "replace_documents", "ruling_key", "stage",
    "storage_error",
    "write_documents",
]
