"""What export, import and the release diffs read beside the rules: a translator's imported units
(:class:`ImportRecord`) and aligned numbers (:class:`AlignedNumber`); imported by the
:class:`~kb.store.KnowledgeBase` methods that read them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ImportRecord:
    """Who brought one unit of a translator's import in, and when (``mtgkb import``)."""

    unit_id: str
    translator: str | None
    imported: str | None  # UTC, ISO 8601
    file: str | None = None
    source_release: str | None = None


@dataclass(frozen=True)
class AlignedNumber:
    """A rule of a document and the reference number it was aligned to."""

    doc_id: str
    number: str
    aligned_number: str
