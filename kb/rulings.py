"""Rulings as a judge reads them under a rule: near-duplicates folded, translations beside
their English ruling, the most general first, a handful shown and the rest counted.

The same ruling is often printed for many cards in slightly different words
(``Because the votes are cast in turn order…`` / ``…are made in turn order…``, curly or
straight quotes, the card's own name): :func:`group_rulings` folds rulings whose words
(card names masked) are at least :data:`FOLD_SIMILARITY` alike into one group that names
every card. Input and output are the plain dicts of ``mtgkb rule --json``'s ``rulings``.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field
from typing import Any, Iterable

from .corpus import source_info
from .errors import KBError
from .store import KnowledgeBase
from .text import WORD, fold, fold_quotes, match_key
from .work import check as check_stop

FOLD_SIMILARITY = 0.85  # 0.8 folds "In the case of non-secret voting, votes are cast…" into the general one
HANDFUL = 5
# Rulings folded on one page at most: a page holding more (a chapter: 702 has 3,121) names its rules
# with how many rulings each has, each rule's own page folding its rulings (ruling_counts).
MAX_FOLDED = 600
FOLD_BUDGET = 1.0  # CPU seconds of this thread a page's or command's folding may take, as a search's budget
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


_HEADING = re.compile(r"^\s*-{3,}\s*(.*?)\s*-{3,}\s*$", re.S)


def is_heading(text: str) -> bool:
    """A line MTGJSON lists among a card's rulings to head the next ones
    (``---------- The following rulings focus on the "protection from" keyword ----------``)."""
    return bool(_HEADING.match(text))


def heading_text(text: str) -> str:
    """The words of a heading line, without its dashes."""
    found = _HEADING.match(text)
    return found.group(1) if found else text.strip()


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


class FoldingStopped(KBError):
    """Folding the rulings took more than its CPU budget (:data:`FOLD_BUDGET`)."""


def group_rulings(rulings: Iterable[dict[str, Any]],
                  translations: dict[str, list[dict[str, Any]]] | None = None,
                  budget: float | None = None) -> list[RulingGroup]:
    """``rulings`` folded into groups, most general first: rulings about no card in particular,
    then those shared by the most cards. A ruling in another language that translates one of
    the English rulings (``translations``: English :func:`~kb.text.match_key` -> translations)
    is shown with it rather than apart.

    A ruling joins the first group (in the order met) whose first wording is :func:`similar`;
    only the groups sharing one of its rarest words (:class:`_FoldIndex`) are compared, so the
    work grows with the rulings, not with their pairs."""
    rulings = list(rulings)
    translations = translations or {}
    english = {match_key(r["text"]) for r in rulings if r["lang"] == "en"}
    translated = {(t["lang"], match_key(t["text"])): key for key in english for t in translations.get(key, [])}
    kept = [(r, ruling_words(r)) for r in rulings if (r["lang"], match_key(r["text"])) not in translated]
    index = _FoldIndex([words for _r, words in kept])
    groups: list[RulingGroup] = []
    stop = None if budget is None else time.thread_time() + budget
    for position, (ruling, words) in enumerate(kept):
        if position % 64 == 63:
            check_stop()  # a server request whose client left, or a stopping server (kb.work)
            if stop is not None and time.thread_time() > stop:
                raise FoldingStopped(f"folding {len(kept)} rulings took more than {budget:g} s of CPU")
        group = index.find(groups, ruling["lang"], words)
        if group is None:
            group = RulingGroup(ruling, words)
            index.add(len(groups), ruling["lang"], words)
            groups.append(group)
        group.members.append(ruling)
        for t in translations.get(match_key(ruling["text"]), []) if ruling["lang"] == "en" else []:
            if all(t["text"] != held["text"] for held in group.translations):
                group.translations.append(t)
    order = {id(g): i for i, g in enumerate(groups)}
    return sorted(groups, key=lambda g: (g.first["lang"] != "en", bool(g.cards), -len(g.cards), -g.wordings,
                                         order[id(g)]))


# Two word lists :func:`similar` folds share at least this share of the longer one's words (a
# ratio of 0.85 needs 0.85 * (a + b) / 2 common words, and the shorter at least 0.85 / 1.15 of
# the longer): so the rarest len - ceil(share * len) + 1 words of each hold one word in common.
_SHARED = FOLD_SIMILARITY / (2 - FOLD_SIMILARITY)


class _FoldIndex:
    """The groups by the rarest words of their first wording (prefix filtering): a wording
    :func:`similar` to a group's shares one of them, so only those groups are compared."""

    def __init__(self, wordings: list[list[str]]) -> None:
        counts: dict[str, int] = {}
        for words in wordings:
            for word in set(words):
                counts[word] = counts.get(word, 0) + 1
        self.counts = counts
        self.by_word: dict[tuple[str, str, int], list[int]] = {}
        self.empty: dict[str, int] = {}
        self.held: dict[int, frozenset[tuple[str, int]]] = {}

    def rarest(self, words: list[str]) -> list[tuple[str, int]]:
        """The words (each occurrence apart: ``(word, n)``) a similar wording must share one of."""
        seen: dict[str, int] = {}
        tokens = []
        for word in words:
            seen[word] = seen.get(word, 0) + 1
            tokens.append((word, seen[word]))
        tokens.sort(key=lambda t: (self.counts.get(t[0], 0), t))
        return tokens[:len(tokens) - math.ceil(_SHARED * len(tokens) - 1e-9) + 1]

    def add(self, position: int, lang: str, words: list[str]) -> None:
        if not words:
            self.empty.setdefault(lang, position)
        for word, n in self.rarest(words):
            self.by_word.setdefault((lang, word, n), []).append(position)

    def find(self, groups: list[RulingGroup], lang: str, words: list[str]) -> RulingGroup | None:
        """The first group ``words`` folds into (as :func:`similar` says), or None."""
        if not words:
            at = self.empty.get(lang)
            return groups[at] if at is not None else None
        candidates = sorted({at for word, n in self.rarest(words) for at in self.by_word.get((lang, word, n), ())})
        if not candidates:
            return None
        from difflib import SequenceMatcher

        matcher = SequenceMatcher(None, autojunk=False)
        matcher.set_seq2(words)  # indexed once for every candidate
        tokens = _tokens(words)
        for at in candidates:
            other = groups[at].words
            total = len(other) + len(words)
            # similar()'s three ratios in turn: lengths, words in common, then the matching blocks
            if 2 * min(len(other), len(words)) < FOLD_SIMILARITY * total:
                continue
            if 2 * len(tokens & self.tokens(at, other)) < FOLD_SIMILARITY * total:
                continue
            matcher.set_seq1(other)
            if matcher.ratio() >= FOLD_SIMILARITY:
                return groups[at]
        return None

    def tokens(self, at: int, words: list[str]) -> frozenset[tuple[str, int]]:
        if at not in self.held:
            self.held[at] = _tokens(words)
        return self.held[at]


def _tokens(words: list[str]) -> frozenset[tuple[str, int]]:
    """The words as a set, each occurrence apart (``(word, 1)``, ``(word, 2)``): the size of two
    such sets' intersection is the words the lists have in common."""
    seen: dict[str, int] = {}
    out = []
    for word in words:
        seen[word] = seen.get(word, 0) + 1
        out.append((word, seen[word]))
    return frozenset(out)


def handful(groups: list[RulingGroup], count: int | None = HANDFUL) -> tuple[list[RulingGroup], int]:
    """The first ``count`` groups (all when ``count`` is None) and how many are left out."""
    if count is None:
        return groups, 0
    return groups[:count], max(0, len(groups) - count)


def ruling_translations(kb: KnowledgeBase) -> dict[str, list[dict[str, Any]]]:
    """Translated rulings by the :func:`~kb.text.match_key` of the English ruling they translate, read
    once per build (``kb.memo``; every card and rule page asks): not to be changed."""
    if "ruling_translations" not in kb.memo:
        kb.memo.setdefault("ruling_translations", _read_translations(kb))
    return kb.memo["ruling_translations"]


def _read_translations(kb: KnowledgeBase) -> dict[str, list[dict[str, Any]]]:
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


def ruling_counts(entries: Iterable[dict[str, Any]]) -> list[tuple[str, str | None, int]]:
    """``(number, title, rulings)`` of the entries that have rulings (headings not counted)."""
    return [(e["number"], e.get("title") or _short_name(e), n) for e in entries
            if (n := sum(1 for r in e.get("rulings", []) if not is_heading(r["text"])))]


def _short_name(entry: dict[str, Any]) -> str | None:
    """A keyword rule's English text when it is only a name (``702.19. Trample``)."""
    text = (entry.get("texts", {}).get("en") or {}).get("text") or ""
    return text if text and len(text) <= 40 and "." not in text else None


def too_many_to_fold(entries: Iterable[dict[str, Any]]) -> bool:
    """Whether the entries hold more than :data:`MAX_FOLDED` rulings."""
    return sum(n for _number, _title, n in ruling_counts(entries)) > MAX_FOLDED


def rulings_of(kb: KnowledgeBase, entries: Iterable[dict[str, Any]],
               budget: float | None = None) -> list[RulingGroup]:
    """The rulings linked to the rule entries (each once), grouped by :func:`group_rulings`
    (:class:`FoldingStopped` past ``budget`` CPU seconds)."""
    seen: dict[str, dict[str, Any]] = {}
    for entry in entries:
        for ruling in entry.get("rulings", []):
            if is_heading(ruling["text"]):  # heads a card's list of rulings: under a rule it heads nothing
                continue
            seen.setdefault(ruling.get("ruling") or f"{ruling['lang']}:{match_key(ruling['text'])}", ruling)
    return group_rulings(seen.values(), ruling_translations(kb), budget) if seen else []
