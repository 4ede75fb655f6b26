"""Small helpers for the pages: anchors, escaped text with rule numbers as links."""

from __future__ import annotations

import re
from typing import Callable, Container, Iterator

from markupsafe import Markup, escape

from ..numbering import RuleNumber
from ..text import RULE_NUMBER_IN_TEXT

_ANCHOR = re.compile(r"^R(\d)(\d\d)?(\d+)?([a-z])?$")


def anchor(number: str) -> str:
    """The fragment people share for a rule: ``701.38a`` -> ``R70138a``."""
    return "R" + number.replace(".", "")


def date(value: str) -> Markup:
    """A date as ``<time>``, which the stylesheet never breaks at its hyphens (2022-04-25)."""
    return Markup('<time datetime="{0}">{0}</time>').format(value)


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


# A chapter number is a reference when a word that names one stands before it ("See rule 510",
# "regola 510", "règle 510", "chapter 701"); a bare three-digit number may be anything else.
_CHAPTER_CUE = re.compile(r"(?:\brules?|\bregol[ae]|\br[èe]gles?|\bchapters?|\bcapitol[oi]|\bchapitres?)\s+$",
                          re.IGNORECASE)


def _references(text: str, known: Container[RuleNumber]) -> Iterator[tuple[re.Match[str], RuleNumber]]:
    """The rule references of ``text`` the knowledge base holds: every rule number, and a chapter
    number after a word that names one (:data:`_CHAPTER_CUE`)."""
    for match in RULE_NUMBER_IN_TEXT.finditer(text):
        written = match.group("rule") or match.group("chapter")
        if match.group("chapter") and not _CHAPTER_CUE.search(text, max(0, match.start() - 12), match.start()):
            continue
        number = RuleNumber.try_parse(written)
        if number is not None and number in known:
            yield match, number


def linked_numbers(text: str, known: Container[RuleNumber]) -> set[str]:
    """The numbers :func:`link_rules` makes links in ``text``."""
    return {str(number) for _match, number in _references(text, known)}


def link_rules(text: str, known: Container[RuleNumber], href: Callable[[str], str],
               gettext: "Gettext | None" = None) -> Markup:
    """``text`` escaped, with every rule number the knowledge base holds made a link, and a chapter
    number too where a word names it (``See rule 510``; a bare ``701`` stays text); with
    ``gettext``, mana and tap symbols (``{2}``, ``{T}``) drawn as on card pages, named through it."""
    out: list[str] = []
    last = 0
    for match, number in _references(text, known):
        out.append(_text_with_symbols(text[last:match.start()], gettext))
        out.append(f'<a class="ref" href="{escape(href(str(number)))}">{escape(match.group(0))}</a>')
        last = match.end()
    out.append(_text_with_symbols(text[last:], gettext))
    return Markup("".join(out))


def _text_with_symbols(text: str, gettext: "Gettext | None") -> str:
    if gettext is None:
        return str(escape(text))
    out: list[str] = []
    last = 0
    for match in MANA_SYMBOL.finditer(text):
        out.append(str(escape(text[last:match.start()])))
        out.append(symbol(match.group(1), gettext))
        last = match.end()
    out.append(str(escape(text[last:])))
    return "".join(out)


def highlight(marked: str, start: str = "\ue000", end: str = "\ue001") -> Markup:
    """A snippet whose matches are wrapped in ``start``/``end`` as escaped HTML with ``<mark>``."""
    return Markup(str(escape(marked)).replace(start, "<mark>").replace(end, "</mark>"))


# -- card text: mana symbols, line breaks, keywords linked to their rules ---------------------

MANA_SYMBOL = re.compile(r"\{([^{}\s]{1,5})\}")
Gettext = Callable[[str], str]


def N_(message: str) -> str:
    """Marks an interface string for extraction (kb/web/babel.cfg); it is translated where shown."""
    return message


_SYMBOL_NAMES = {"W": N_("white"), "U": N_("blue"), "B": N_("black"), "R": N_("red"), "G": N_("green"),
                 "C": N_("colorless"), "S": N_("snow"), "X": "X", "T": N_("tap"), "Q": N_("untap"),
                 "E": N_("energy"), "P": N_("Phyrexian")}
_GENERIC = N_("%(count)s generic")


def symbol(code: str, gettext: Gettext = str) -> str:
    """One mana or game symbol as an inline element styled by the stylesheet (nothing is fetched):
    ``{U}`` → a blue circle with U, ``{2/W}`` → a hybrid one, ``{T}`` → the tap symbol; its name
    (the tooltip) in the interface language of ``gettext``."""
    code = code.upper()
    parts = code.split("/")
    colours = [p for p in parts if p in "WUBRGC" and p]
    css = "ms-" + ("-".join(c.lower() for c in colours) if colours else "n" if code.isdigit() or code == "X" else "o")
    name = " / ".join(gettext(_SYMBOL_NAMES[p]) if p in _SYMBOL_NAMES else
                      gettext(_GENERIC) % {"count": p} if p.isdigit() else p for p in parts)
    label = "↷" if code == "T" else "↶" if code == "Q" else code
    return f'<abbr class="ms {css}" title="{escape(name)}">{escape(label)}</abbr>'


def card_text(text: str, keywords: dict[str, str] | None = None, href: Callable[[str], str] | None = None,
              gettext: Gettext = str) -> Markup:
    """Card or ruling text escaped, its line breaks kept, its symbols drawn (named through
    ``gettext``), and the words of ``keywords`` (name → rule number) made links to their rules (``href``)."""
    names = sorted((keywords or {}), key=len, reverse=True)
    pattern = MANA_SYMBOL.pattern + ("|" + r"\b(" + "|".join(re.escape(n) for n in names) + r")\b" if names else "")
    lowered = {n.lower(): number for n, number in (keywords or {}).items()}
    out: list[str] = []
    last = 0
    for match in re.finditer(pattern, text, flags=re.IGNORECASE):
        out.append(str(escape(text[last:match.start()])))
        if match.group(1) is not None:
            out.append(symbol(match.group(1), gettext))
        else:
            number = lowered[match.group(2).lower()]
            link = escape(href(number)) if href else "#"
            out.append(f'<a class="kw" href="{link}" title="{escape(number)}">{escape(match.group(2))}</a>')
        last = match.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out).replace("\n", "<br>\n"))
