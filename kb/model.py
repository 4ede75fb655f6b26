"""The rule tree: immutable records that every parser produces and every consumer reads.

A :class:`Document` is what one source file yields. Its ``rules`` hold sections,
chapters, rules and subrules alike (``kind`` says which), in source order, each
with its examples and cross-references; ``terms`` are glossary entries,
``rulings`` card or keyword rulings, ``cards`` card records. ``accounting``
says what became of every line of the source (see :class:`LineAccount`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

LANGUAGES = ("en", "it", "fr")



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


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary entry: one or more names sharing a definition."""

    names: tuple[str, ...]
    definition: str
    obsolete: bool = False
    refs: tuple[str, ...] = ()
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling on a card or a game concept."""

    text: str
    lang: str = "en"
    date: str | None = None  # ISO date
    source: str | None = None  # wotc, scryfall, community ...
    provenance: str = "official"
    card: str | None = None
    translations: tuple[tuple[str, str, str], ...] = ()  # (lang, text, provenance)
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """A card: English name, type and text, its names and texts in other languages, the keywords
    its printings carry (MTGJSON's ``keywords``: ``Flying``, ``Will of the council``), its mana cost
    and characteristics.

    The faces of a multi-face card are joined with `` // `` in ``type``, ``mana_cost`` and the
    characteristics (``power`` ``"3 // 5"``: a face without one leaves its place empty, so the
    faces can be paired again).
    """

    name: str
    type: str = ""
    text: str = ""
    foreign: tuple[tuple[str, str, str, str], ...] = ()  # (lang, name, type, text)
    sets: tuple[str, ...] = ()
    line: int | None = None
    keywords: tuple[str, ...] = ()
    mana_cost: str = ""
    power: str = ""
    toughness: str = ""
    loyalty: str = ""
    defense: str = ""


@dataclass(frozen=True, slots=True)
class Unparsed:
    line: int
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class LineAccount:
    """What became of a source's lines: each one landed, was named boilerplate, or is unparsed."""

    total: int = 0
    landed: int = 0
    blank: int = 0
    boilerplate: dict[str, int] = field(default_factory=dict)
    unparsed: tuple[Unparsed, ...] = ()

    @property
    def accounted(self) -> int:
        return self.landed + self.blank + sum(self.boilerplate.values()) + len(self.unparsed)


@dataclass(frozen=True, slots=True)
class Pair:
    """One link: item ``a`` (foreign, or a ruling for ``ruling-rule``) to item ``b`` (English).

    What the alignment finds (:mod:`kb.align`) and the store keeps and hands back
    (:meth:`kb.store.KnowledgeBase.alignments`), where an item left unaligned is a pair with
    ``method`` ``unaligned``."""

    kind: str  # rule, example, ruling, term, card, ruling-rule
    a_doc: str
    a_id: str
    b_doc: str
    b_id: str
    method: str
    confidence: float
    note: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Document:
    """Everything one source yielded, with its provenance."""

    id: str
    lang: str
    format: str
    path: str = ""
    sha256: str = ""
    title: str | None = None
    effective_date: str | None = None  # ISO date the text claims or was published
    release: str | None = None  # release name the text claims, when it gives one
    # How the text came to be: official (Wizards of the Coast), community (translated by a
    # community), machine (machine-translated), translator (supplied through `mtgkb import`).
    provenance: str = "official"
    introduction: str = ""
    credits: str = ""
    rules: tuple[Rule, ...] = ()
    terms: tuple[Term, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    cards: tuple[Card, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)
    accounting: LineAccount = field(default_factory=LineAccount)
    warnings: tuple[str, ...] = ()

    def rule_map(self) -> dict[str, Rule]:
        return {rule.number: rule for rule in self.rules}

    def counts(self) -> dict[str, int]:
        by_kind: dict[str, int] = {}
        for rule in self.rules:
            by_kind[rule.kind] = by_kind.get(rule.kind, 0) + 1
        by_kind["examples"] = sum(len(r.examples) for r in self.rules)
        by_kind["terms"] = len(self.terms)
        by_kind["rulings"] = len(self.rulings)
        by_kind["cards"] = len(self.cards)
        return {k: v for k, v in by_kind.items() if v}


def to_dict(obj: Any) -> Any:
    """A JSON-ready form of any model object (tuples become lists)."""
    return asdict(obj)
