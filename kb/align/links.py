"""Rulings linked to the rules they clarify.

A ruling citing a rule number links to it; an English ruling using a keyword
action or ability named by a rule title of chapters 701 and 702 (not generic
actions such as *cast* or *destroy*) links to that rule, for a card's ruling only
when the card's text uses it too; a translated ruling inherits its English
ruling's links and its keyword page's rule.
"""

from __future__ import annotations

from collections import defaultdict

from ..model import Document
from ..refs import find_refs
from ..text import fold
from .lexicon import content_stems
from .result import Alignment, Pair
from .rules import rule_name

GENERIC_ACTIONS = {"cast", "play", "activate", "attach", "counter", "create", "destroy", "discard", "draw",
                   "exile", "reveal", "sacrifice", "search", "shuffle", "tap", "untap", "double", "exchange",
                   "fight", "transform", "turn", "copy"}


def link_rulings_to_rules(docs: list[Document], ref: Document, result: Alignment) -> None:
    """Rulings to the rules they clarify: cited numbers, keyword titles, and through translations."""
    numbers = {r.number for r in ref.rules}
    keywords = _keyword_titles(ref)
    card_text = {c.name: set(content_stems(c.text, "en")) for d in docs for c in d.cards if c.text}
    links: dict[tuple[str, str], list[tuple[str, str, float]]] = defaultdict(list)
    for doc in docs:
        for seq, ruling in enumerate(doc.rulings):
            if ruling.lang != "en":
                continue
            key = (doc.id, str(seq))
            for number in find_refs(ruling.text, "en"):
                if number in numbers:
                    links[key].append((number, "cites", 1.0))
            stems = content_stems(ruling.text, "en")
            present = set(stems)
            for title_stems, number in keywords.get_all(present):
                if _contains(stems, title_stems):
                    if ruling.card and not set(title_stems) <= card_text.get(ruling.card, set(title_stems)):
                        continue
                    if all(number != n for n, _, _ in links[key]):
                        links[key].append((number, "keyword", 0.9))
    for doc in docs:  # foreign rulings: through their English counterparts, and their page's keyword
        keyword = doc.meta.get("keyword") if isinstance(doc.meta.get("keyword"), dict) else None
        page_rules = [result.rule_link(doc.id, r.number) for r in doc.rules if r.kind == "rule"
                      and keyword and rule_name(r) and fold(rule_name(r) or "") == fold(keyword.get("en", ""))]
        for seq, ruling in enumerate(doc.rulings):
            if ruling.lang == "en":
                continue
            key = (doc.id, str(seq))
            for link in page_rules:
                if link and link.method != "unaligned":
                    links[key].append((link.aligned_number, "keyword-page", round(link.confidence, 3)))
            for pair in result.pairs:
                if pair.kind == "ruling" and (pair.a_doc, pair.a_id) == key:
                    for number, _, conf in links.get((pair.b_doc, pair.b_id), []):
                        if all(number != n for n, _, _ in links[key]):
                            links[key].append((number, "via-ruling", round(conf * pair.confidence, 3)))
    for (doc_id, seq), targets in links.items():
        for number, method, confidence in targets:
            result.pairs.append(Pair("ruling-rule", doc_id, seq, ref.id, number, method, confidence, {}))


class _TitleIndex(dict):
    """Keyword titles by their first stem, so a ruling is only checked against titles it may contain."""

    def get_all(self, stems: set[str]) -> list[tuple[list[str], str]]:
        return [item for s in stems for item in self.get(s, ())]


def _keyword_titles(ref: Document) -> _TitleIndex:
    """Titled rules of the keyword action and ability chapters (701, 702), as stem sequences."""
    out = _TitleIndex()
    for rule in ref.rules:
        name = rule_name(rule)
        if rule.kind == "rule" and name and rule.number.split(".")[0] in ("701", "702"):
            if fold(name) in GENERIC_ACTIONS:
                continue
            stems = content_stems(name, "en")
            if stems:
                out.setdefault(stems[0], []).append((stems, rule.number))
    return out


def _contains(stems: list[str], phrase: list[str]) -> bool:
    n = len(phrase)
    return any(stems[i:i + n] == phrase for i in range(len(stems) - n + 1))
