"""What one source file yields (:class:`Document`) and what became of its lines (:class:`LineAccount`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .cards import Card
from .rules import Rule
from .rulings import Ruling
from .terms import Term


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


def to_dict(obj: Any) -> Any:
    """A JSON-ready form of any model object (tuples become lists)."""
    return asdict(obj)
