"""The records an export is made of: a :class:`Selection` of translation :class:`Unit` s,
each with its :class:`TargetText` per language, and the :class:`TermEntry` concepts of a termbase.

:mod:`kb.export.selection` makes them, :mod:`kb.export.terms` adds the term entries,
and every format module writes them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ..text import counted

NO_REVISION = "none"  # the revision of a unit that had no target text when it was exported


def revision(text: str | None) -> str:
    """The short hash that names a target text's revision (white space runs count as one space:
    CAT tools re-wrap lines); :data:`NO_REVISION` when there is no text."""
    if text is None:
        return NO_REVISION
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:10]


@dataclass(frozen=True)
class TargetText:
    """One target language's text of a unit, with where it comes from and its state."""

    text: str
    doc_id: str
    provenance: str
    effective_date: str | None = None
    state: str = "translated"  # translated | stale
    reason: str | None = None  # why it is stale
    source_number: str | None = None  # the number the target source gives it, when different
    pointer: str | None = None  # a chapter whose rules live elsewhere ("Vedi Grimorio.")
    translator: str | None = None  # who imported it (``mtgkb import --translator``)
    imported: str | None = None  # when it was imported (UTC, ISO 8601)
    previous_source: str | None = None  # a stale text: the source text it was translated from

    @property
    def revision(self) -> str:
        return revision(self.text)


@dataclass(frozen=True)
class Unit:
    """A translation unit: one id, one source text, zero or more target texts."""

    id: str
    kind: str
    source: str
    number: str | None = None
    chapter: str | None = None
    chapter_title: str | None = None
    source_doc: str | None = None
    targets: dict[str, TargetText] = field(default_factory=dict)

    def state(self, lang: str) -> str:
        target = self.targets.get(lang)
        return "new" if target is None else target.state

    def target(self, lang: str) -> str | None:
        target = self.targets.get(lang)
        return None if target is None else target.text

    def revision(self, lang: str) -> str:
        """The revision of the ``lang`` target text this unit is exported with."""
        return revision(self.target(lang))

    @property
    def group(self) -> str:
        """The group the unit is filed under: ``chapter-400``, ``section-4``, ``glossary``, ``rulings``."""
        if self.kind == "term":
            return "glossary"
        if self.kind == "ruling":
            return "rulings"
        if self.chapter:
            return f"chapter-{self.chapter}"
        return f"section-{self.number}"


@dataclass(frozen=True)
class TermEntry:
    """A concept of a termbase: its names per language (preferred first), its definitions per
    language, the rules it cites; a glossary term, a vocabulary concept, a chapter title or a card."""

    id: str
    subject: str
    names: dict[str, tuple[str, ...]]
    definitions: dict[str, str] = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    note: str | None = None

    def name(self, lang: str) -> str | None:
        """The preferred name in ``lang``."""
        names = self.names.get(lang)
        return names[0] if names else None


def compact(numbers: list[str], order: list[str]) -> str:
    """``400.1, 400.2, 400.3, 400.5`` -> ``400.1-400.3, 400.5`` (runs in ``order``)."""
    position = {n: i for i, n in enumerate(order)}
    runs: list[list[str]] = []
    for number in numbers:
        if runs and number in position and runs[-1][-1] in position and \
                position[number] == position[runs[-1][-1]] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(r[0] if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


@dataclass(frozen=True)
class LeftOut:
    """Units an export does not hold, and why (``no it source text``): every file says so."""

    reason: str
    ids: tuple[str, ...]
    runs: str  # the ids as runs of the release (``401.1-401.7, 402.1-402.3``)

    def describe(self) -> str:
        return f"{counted(len(self.ids), 'unit')} with {self.reason}: {self.runs}"


@dataclass(frozen=True)
class Selection:
    source_lang: str
    target_langs: tuple[str, ...]
    source_release: str | None = None  # effective date of the source release
    source_doc: str | None = None
    units: tuple[Unit, ...] = ()
    terms: tuple[TermEntry, ...] = ()
    source_date: str | None = None  # the source texts' date: the release's, else the newest of their documents
    source_docs: tuple[str, ...] = ()  # the documents the source texts come from
    left_out: tuple[LeftOut, ...] = ()  # units of the rules asked for that the selection cannot hold

    def source_description(self) -> str:
        """Where the source texts come from: ``en release 2025-11-14 (cr-en-2025-11-14)``, or the
        documents and their date when the source language has no official release."""
        if self.source_release:
            return f"{self.source_lang} release {self.source_release} ({self.source_doc or '-'})"
        if self.source_docs:
            dated = f"dated {self.source_date}" if self.source_date else "undated"
            return (f"{self.source_lang} texts of {', '.join(self.source_docs)} ({dated}; "
                    f"no official {self.source_lang} release)")
        return f"no {self.source_lang} texts"

    @property
    def target_lang(self) -> str:
        """The first target language (the one a single-target format holds)."""
        return self.target_langs[0] if self.target_langs else self.source_lang

    def chapter_titles(self) -> dict[str, str]:
        return {u.number: u.source for u in self.units if u.kind in ("chapter", "section") and u.number}
