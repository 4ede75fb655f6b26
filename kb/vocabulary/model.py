"""The vocabulary's records: a :class:`Concept` of the game and its :class:`Name` in each language.

A concept is one thing of the game a judge may name: a keyword ability (702.x), a keyword
action (701.x), an ability word (207.2c), a zone, phase or step, a card type or supertype,
a kind of counter, or another glossary term. Its names are ordered per language, the
preferred name first; ``variant`` names are other printed forms (plural, inflected,
elided), ``obsolete`` names are old wordings kept so that a search still finds the concept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from ..text import fold

KINDS = ("keyword-ability", "keyword-action", "ability-word", "zone", "phase", "step",
         "card-type", "supertype", "counter", "term")
FORMS = ("preferred", "variant", "obsolete")
VOCABULARY_LANGUAGES = ("en", "it", "fr")
_SLUG_SPLIT = re.compile(r"[^\w+/!∞-]+")


@dataclass(frozen=True, slots=True)
class Name:
    """One name of a concept in one language, with the evidence behind it.

    ``cards`` counts distinct cards showing the name where the concept is present (for an
    English name: cards carrying the concept); ``score`` is the share of the cards showing
    the name that carry the concept (1.0 for curated names); ``source`` says where it came
    from (``keywords``, ``ability-word``, ``type-line``, ``text``, ``counters``, ``glossary``,
    ``release``, ``core``, ``curated``) and ``note`` any manual review. ``rules``, when set,
    are the only ones of the concept's rules the name stands for (Italian *pescare* is drawing a
    card, 121, never the drawn game of 104.4 that English *draw* also names).
    """

    text: str
    lang: str
    form: str = "preferred"
    cards: int = 0
    score: float = 1.0
    source: str = ""
    note: str = ""
    rules: tuple[str, ...] = ()  # the concept's rules this name names, when not all (pescare: 121, not 104.4)


@dataclass(frozen=True, slots=True)
class Concept:
    """A game concept: its kind, its rule numbers in the reference release, its names."""

    id: str
    kind: str
    rules: tuple[str, ...] = ()
    names: tuple[Name, ...] = ()

    @property
    def en(self) -> str:
        """The English name (the reference release's spelling)."""
        return self.name("en") or ""

    @property
    def rule(self) -> str | None:
        """The concept's first rule number (its own rule or chapter), if it has one."""
        return self.rules[0] if self.rules else None

    def names_in(self, lang: str, obsolete: bool = False) -> tuple[Name, ...]:
        """The names in ``lang``, preferred first; obsolete ones only when asked for."""
        return tuple(n for n in self.names if n.lang == lang and (obsolete or n.form != "obsolete"))

    def name(self, lang: str) -> str | None:
        """The preferred name in ``lang``, or ``None`` when the vocabulary has none."""
        names = self.names_in(lang)
        return names[0].text if names else None


def concept_id(kind: str, english: str) -> str:
    """The stable id of a concept: its kind and its English name as a slug
    (``keyword-ability:first-strike``, ``zone:graveyard``, ``counter:+1/+1``)."""
    slug = "-".join(part for part in _SLUG_SPLIT.split(fold(english)) if part)
    return f"{kind}:{slug}"


def concept_rules(concepts: Iterable[Concept], heads: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The concepts' rules (from ``heads``: number -> ``{number, title, text}``, as :func:`kb.lookup.rule_heads`
    gives) whose title or text names one of the concepts: a vocabulary number made for another release
    never names an unrelated rule."""
    concepts = list(concepts)
    names = [fold(n.text) for c in concepts for n in c.names if n.form != "obsolete" and n.text]
    found: list[dict[str, Any]] = []
    for number in dict.fromkeys(n for c in concepts for n in c.rules):
        head = heads.get(number)
        about = f" {fold((head['title'] or '') + ' ' + head['text'])}" if head else ""
        if head and head not in found and any(f" {name}" in about for name in names):
            found.append(head)
    return found
