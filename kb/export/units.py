"""The records an export is made of: a :class:`Selection` of translation :class:`Unit` s,
each with its :class:`TargetText` per language, and the :class:`TermEntry` concepts of a termbase.

:mod:`kb.export.selection` makes them, :mod:`kb.export.terms` adds the term entries,
and every format module writes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
    """A concept with its names per language (for TBX): chapter title, glossary term, keyword, card."""

    id: str
    subject: str
    names: dict[str, str]
    note: str | None = None


@dataclass(frozen=True)
class Selection:
    source_lang: str
    target_langs: tuple[str, ...]
    source_release: str | None = None  # effective date of the source release
    source_doc: str | None = None
    units: tuple[Unit, ...] = ()
    terms: tuple[TermEntry, ...] = ()

    @property
    def target_lang(self) -> str:
        """The first target language (the one a single-target format holds)."""
        return self.target_langs[0] if self.target_langs else self.source_lang

    def chapter_titles(self) -> dict[str, str]:
        return {u.number: u.source for u in self.units if u.kind in ("chapter", "section") and u.number}
