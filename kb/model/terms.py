"""A glossary entry: one or more names sharing a definition."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary entry: one or more names sharing a definition."""

    names: tuple[str, ...]
    definition: str
    obsolete: bool = False
    refs: tuple[str, ...] = ()
    line: int | None = None
