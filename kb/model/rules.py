"""The rule tree's items: a section, chapter, rule or subrule (:class:`Rule`) and its examples.

What rule lookup (``mtgkb rule``) reads back from the store; the other records of a source are in
the package :mod:`kb.model`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Example:
    text: str
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Rule:
    """A section, chapter, rule or subrule, identified by its number in its source."""

    number: str
    kind: str
    text: str = ""
    title: str | None = None
    examples: tuple[Example, ...] = ()
    refs: tuple[str, ...] = ()
    line: int | None = None
    end_line: int | None = None
    # A chapter whose text lives elsewhere ("Vedi Grimorio."): the pointer text.
    pointer: str | None = None
