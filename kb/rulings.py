"""Rulings as a judge reads them under a rule: near-duplicates folded, translations beside
their English ruling, the most general first, a handful shown and the rest counted.

The same ruling is often printed for many cards in slightly different words
(``Because the votes are cast in turn order…`` / ``…are made in turn order…``, curly or
straight quotes, the card's own name): :func:`group_rulings` folds rulings whose words
(card names masked) are at least :data:`FOLD_SIMILARITY` alike into one group that names
every card. Input and output are the plain dicts of ``mtgkb rule --json``'s ``rulings``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from .corpus import source_info
from .store import KnowledgeBase
from .text import WORD, fold, fold_quotes, match_key

FOLD_SIMILARITY = 0.85  # 0.8 folds "In the case of non-secret voting, votes are cast…" into the general one
HANDFUL = 5
CARD_MARK = "§card"


@dataclass
class RulingGroup:
    """One ruling (its first wording) with the near-identical wordings folded into it."""

    first: dict[str, Any]
    words: list[str]
    members: list[dict[str, Any]] = field(default_factory=list)
    translations: list[dict[str, Any]] = field(default_factory=list)

    @property
    def cards(self) -> list[str]:
        return list(dict.fromkeys(c for m in self.members for c in m.get("cards", [])))

    @property
    def wordings(self) -> int:
        return len({match_key(m["text"]) for m in self.members})

    def to_dict(self) -> dict[str, Any]:
        first = self.first
        return {"text": first["text"], "lang": first["lang"], "date": first.get("date"), "source": first.get("source"),
                "provenance": first.get("provenance"), "cards": self.cards, "wordings": self.wordings,
                "translations": self.translations}


def ruling_words(ruling: dict[str, Any]) -> list[str]:
    """The ruling's folded words, its own cards' names (and their short names) masked."""
    text = fold(fold_quotes(ruling["text"]))
    for card in sorted(ruling.get("cards", []), key=len, reverse=True):
        for name in dict.fromkeys([fold(card), fold(card).split(",")[0]]):
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", CARD_MARK, text)
    return WORD.findall(text.replace(CARD_MARK, " cardname "))


def similar(a: list[str], b: list[str]) -> bool:
    from difflib import SequenceMatcher  # here: a rule without rulings never compares any

    matcher = SequenceMatcher(None, a, b, autojunk=False)
    return (matcher.real_quick_ratio() >= FOLD_SIMILARITY and matcher.quick_ratio() >= FOLD_SIMILARITY
            and matcher.ratio() >= FOLD_SIMILARITY)


def group_rulings(rulings: Iterable[dict[str, Any]],
                  translations: dict[str, list[dict[str, Any]]] | None = None) -> list[RulingGroup]:
    """``rulings`` folded into groups, most general first: rulings about no card in particular,
    then those shared by the most cards. A ruling in another language that translates one of
    the English rulings (``translations``: English :func:`~kb.text.match_key` -> translations)
    is shown with it rather than apart."""
    rulings = list(rulings)
    translations = translations or {}
    english = {match_key(r["text"]) for r in rulings if r["lang"] == "en"}
    translated = {(t["lang"], match_key(t["text"])): key for key in english for t in translations.get(key, [])}
    groups: list[RulingGroup] = []
    for ruling in rulings:
        if (ruling["lang"], match_key(ruling["text"])) in translated:
            continue
        words = ruling_words(ruling)
        group = next((g for g in groups if g.first["lang"] == ruling["lang"] and similar(g.words, words)), None)
        if group is None:
            group = RulingGroup(ruling, words)
            groups.append(group)
        group.members.append(ruling)
        for t in translations.get(match_key(ruling["text"]), []) if ruling["lang"] == "en" else []:
            if all(t["text"] != held["text"] for held in group.translations):
                group.translations.append(t)
    order = {id(g): i for i, g in enumerate(groups)}
    return sorted(groups, key=lambda g: (g.first["lang"] != "en", bool(g.cards), -len(g.cards), -g.wordings,
                                         order[id(g)]))


def handful(groups: list[RulingGroup], count: int | None = HANDFUL) -> tuple[list[RulingGroup], int]:
    """The first ``count`` groups (all when ``count`` is None) and how many are left out."""
    if count is None:
        return groups, 0
    return groups[:count], max(0, len(groups) - count)


def ruling_translations(kb: KnowledgeBase) -> dict[str, list[dict[str, Any]]]:
    """Translated rulings by the :func:`~kb.text.match_key` of the English ruling they translate."""
    docs = kb.documents()
    out: dict[str, list[dict[str, Any]]] = {}
    for english, record, method, confidence in kb.ruling_translations():
        ruling = record.ruling
        held = out.setdefault(match_key(english), [])
        if any(t["lang"] == ruling.lang and t["text"] == ruling.text for t in held):
            continue  # one translation paired with several printings of the English ruling
        held.append({
            "lang": ruling.lang, "text": ruling.text, "provenance": ruling.provenance,
            "document": source_info(docs[record.doc_id]),
            "alignment": {"method": method, "confidence": round(confidence, 3)}})
    return out


def rulings_of(kb: KnowledgeBase, entries: Iterable[dict[str, Any]]) -> list[RulingGroup]:
    """The rulings linked to the rule entries (each once), grouped by :func:`group_rulings`."""
    seen: dict[str, dict[str, Any]] = {}
    for entry in entries:
        for ruling in entry.get("rulings", []):
            seen.setdefault(ruling.get("ruling") or f"{ruling['lang']}:{match_key(ruling['text'])}", ruling)
    return group_rulings(seen.values(), ruling_translations(kb)) if seen else []
