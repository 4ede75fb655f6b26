"""Where a rule sits in the Comprehensive Rules, read from its number: the rules above it, whether it
is a heading or a keyword's title rule (:mod:`indexer.questions` ranks by these)."""

from __future__ import annotations

import re

_HEADING = re.compile(r"rule/\d{1,3}")
_KEYWORD_RULE = re.compile(r"rule/70[12]\.\d+")  # a keyword ability's or action's rule (702.19)


def lineage(key: str) -> set[str]:
    """A rule document's number, the rules above it and its section (``rule/303.4c`` → 303.4c,
    303.4, 303, 3)."""
    number = key.removeprefix("rule/")
    return {number, number[:1], *ancestors(number)}


def ancestors(number: str) -> list[str]:
    """The rules above a rule number, nearest first (``303.4c`` → ``303.4``, ``303``)."""
    found = []
    match = re.fullmatch(r"(\d{3})(?:\.(\d+)([a-z]*))?", number)
    if match and match.group(2):
        if match.group(3):
            found.append(f"{match.group(1)}.{match.group(2)}")
        found.append(match.group(1))
    return found


def is_heading(key: str) -> bool:
    """Whether a question document is a section or chapter heading (``rule/9``, ``rule/903``)."""
    return bool(_HEADING.fullmatch(key))


def is_heading_or_keyword(key: str) -> bool:
    """A heading, or a keyword's title rule (``rule/702.12`` Indestructible): it names a subject."""
    return is_heading(key) or bool(_KEYWORD_RULE.fullmatch(key))
