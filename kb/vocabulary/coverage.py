"""How much of a release's keyword list the vocabulary names in Italian and French."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..model import Document
from .model import Concept
from .release import KEYWORD_CHAPTERS


@dataclass(frozen=True)
class Coverage:
    """Keyword rules (701.x, 702.x) of a release, and those without an Italian or French name."""

    total: int
    missing: tuple[tuple[str, str, tuple[str, ...]], ...]  # (rule, English name, languages lacking)

    @property
    def covered(self) -> int:
        return self.total - len(self.missing)

    @property
    def share(self) -> float:
        return self.covered / self.total if self.total else 0.0

    def lines(self) -> list[str]:
        """The figure and the missing list, for people."""
        out = [f"keywords of 701/702 with an Italian and a French name: {self.covered}/{self.total} "
               f"({100 * self.share:.1f} %)"]
        out += [f"  missing {rule} {name} ({'/'.join(langs)})" for rule, name, langs in self.missing]
        return out


def keyword_rules(doc: Document) -> list[tuple[str, str]]:
    """``(rule number, title)`` of every keyword action and ability of a release."""
    return [(r.number, r.text.strip()) for r in doc.rules
            if r.kind == "rule" and r.number.split(".")[0] in KEYWORD_CHAPTERS and r.number.split(".")[1] != "1"]


def coverage(concepts: Iterable[Concept], doc: Document, langs: tuple[str, ...] = ("it", "fr")) -> Coverage:
    """Which keyword rules of ``doc`` have a current (not obsolete) name in every language of ``langs``."""
    by_rule = {(c.rule, c.en): c for c in concepts if c.kind.startswith("keyword")}
    rules = keyword_rules(doc)
    missing = []
    for number, title in rules:
        found = by_rule.get((number, title))
        lacking = tuple(lang for lang in langs if found is None or not found.names_in(lang))
        if lacking:
            missing.append((number, title, lacking))
    return Coverage(len(rules), tuple(missing))
