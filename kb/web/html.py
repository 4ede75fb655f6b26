"""Small helpers for the pages: anchors, escaped text with rule numbers as links."""

from __future__ import annotations

import re
from typing import Callable, Container

from markupsafe import Markup, escape

from ..numbering import RuleNumber
from ..text import RULE_NUMBER_IN_TEXT

_ANCHOR = re.compile(r"^R(\d)(\d\d)?(\d+)?([a-z])?$")


def anchor(number: str) -> str:
    """The fragment people share for a rule: ``701.38a`` -> ``R70138a``."""
    return "R" + number.replace(".", "")


def number_from_anchor(text: str) -> str | None:
    """``R70138a`` -> ``701.38a`` (``R7`` a section, ``R701`` a chapter); None if it is not one."""
    match = _ANCHOR.match(text)
    if not match:
        return None
    section, chapter, rule, letter = match.groups()
    if chapter is None:
        return section if rule is None and letter is None else None
    if rule is None:
        return None if letter else section + chapter
    return f"{section}{chapter}.{rule}{letter or ''}"


def link_rules(text: str, known: Container[RuleNumber], href: Callable[[str], str]) -> Markup:
    """``text`` escaped, with every rule number the knowledge base holds made a link
    (rule numbers only: a bare chapter number such as ``701`` stays text)."""
    out: list[str] = []
    last = 0
    for match in RULE_NUMBER_IN_TEXT.finditer(text):
        written = match.group("rule")
        number = RuleNumber.try_parse(written) if written else None
        if number is None or number not in known:
            continue
        out.append(str(escape(text[last:match.start()])))
        out.append(f'<a class="ref" href="{escape(href(str(number)))}">{escape(written)}</a>')
        last = match.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out))


def highlight(marked: str, start: str = "\ue000", end: str = "\ue001") -> Markup:
    """A snippet whose matches are wrapped in ``start``/``end`` as escaped HTML with ``<mark>``."""
    return Markup(str(escape(marked)).replace(start, "<mark>").replace(end, "</mark>"))
