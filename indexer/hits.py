"""What a search returns: :class:`Hit` (one item and why it matched) and :class:`Hits`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .schema import fields_of


# What the terminal and the search page show together, in this order, and the kinds in each.
# A ruling on a card the question names, met by its words, is shown apart ("Card rulings", reason "card").
GROUPS = {"Rules": ("rule", "example"), "Glossary": ("term", "page"), "Rulings": ("ruling",), "Card rulings": (),
          "Cards": ("card",)}
GROUP_OF = {kind: group for group, kinds in GROUPS.items() for kind in kinds}
EXTRA_KEYS = ("subkind", "date", "provenance", "card", "type", "source_number", "source", "fallback", "phrases",
              "rules")


@dataclass
class Hit:
    """One result: what it is, where it comes from, and why it matched."""

    kind: str
    id: str
    lang: str
    title: str
    snippet: str
    score: float
    number: str | None = None
    highlights: list[tuple[int, int]] = field(default_factory=list)
    aligned: dict[str, str] = field(default_factory=dict)
    doc: str = ""
    reason: str = "text"  # number | concept | name | question | card | text | expanded | partial
    extra: dict[str, Any] = field(default_factory=dict)
    # rules: language -> {text, title, source, source_number?}, the matched language first
    texts: dict[str, dict[str, Any]] = field(default_factory=dict)

    def marked(self, start: str = "[", end: str = "]") -> str:
        """The snippet with each highlighted span wrapped in ``start`` … ``end``."""
        out, last = [], 0
        for a, b in self.highlights:
            out += [self.snippet[last:a], start, self.snippet[a:b], end]
            last = b
        out.append(self.snippet[last:])
        return "".join(out)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "number": self.number, "lang": self.lang,
                "title": self.title, "snippet": self.snippet,
                "highlights": [list(h) for h in self.highlights], "score": round(self.score, 4),
                "reason": self.reason, "aligned": self.aligned, "doc": self.doc,
                **({"texts": self.texts} if self.kind == "rule" else {}),
                **{k: v for k, v in self.extra.items() if k in EXTRA_KEYS}}

    @property
    def group(self) -> str:
        """The group a terminal or page shows the hit in (:data:`GROUPS`)."""
        if self.reason == "card":
            return "Card rulings"
        return GROUP_OF.get(self.kind, "Rules")



class Hits(list):
    """A list of :class:`Hit` with did-you-mean ``suggestions`` (corrected queries), the game
    ``concepts`` the query was read as (``{id, rules, names: {lang: name}}``, ``travolgere`` → Trample)
    and the texts ``elsewhere`` that a source numbers as asked; when it is empty, ``empty_reason`` says
    why (:mod:`indexer.empty`)."""

    def __init__(self, hits: list[Hit] = (), suggestions: list[str] | None = None,
                 concepts: list[dict[str, Any]] | None = None, elsewhere: list[dict[str, Any]] | None = None) -> None:
        super().__init__(hits)
        self.suggestions = suggestions or []
        self.concepts = concepts or []
        # texts whose source gives them a number asked for, though they are another rule here:
        # {number asked, lang, source, reference number} (the Italian Voto's 701.31 is 701.38)
        self.elsewhere = elsewhere or []
        self.reading: dict[str, Any] | None = None  # how a question was read (indexer.reading)
        self.empty_reason: str | None = None  # why nothing was found, when nothing was (indexer.empty)
        # a query that is only the name of cards not held, when other items share its words (indexer.empty)
        self.not_held: str | None = None


def shown_in(hit: Hit, stored: dict) -> None:
    """Show ``hit`` as its version ``stored`` (another language's text of the same rule)."""
    hit.lang = stored.get("lang", hit.lang)
    hit.extra["_content"] = stored.get("content", "") or ""
    fields = fields_of(hit.lang)
    hit.extra["_marks"] = {t for f, t in hit.extra.get("_matched", ()) if f in fields}


def held_first(stored: dict) -> int:
    """A translator's import before an official text before the others, as ``mtgkb rule`` orders them."""
    extra = json.loads(stored["extra"]) if stored.get("extra") else {}
    return {"translator": 0, "official": 1}.get(extra.get("provenance"), 2)


def text_of(stored: dict) -> dict:
    """One language's text of a rule hit: text, title, source, and its own number if it differs."""
    extra = json.loads(stored["extra"]) if stored.get("extra") else {}
    text = {"text": stored.get("content", ""), "title": stored.get("title") or None,
            "source": extra.get("source") or stored.get("doc", "")}
    if extra.get("source_number"):
        text["source_number"] = extra["source_number"]
    return text
