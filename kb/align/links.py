"""Rulings linked to the rules they clarify, only on evidence.

An English ruling links to:

* a rule it cites by number (``see rule 702.19c``): method ``cites``;
* a keyword action or ability (701.x, 702.x; :mod:`kb.align.keywords`) whose name, or an
  inflection of it, is a word of the ruling outside every card name it mentions
  (:mod:`kb.align.names`): method ``keyword``, or ``keyword+card`` when the ruling's card also
  carries that keyword in MTGJSON's ``keywords``. A card's name never counts (*Silumgar
  Scavenger* is not Scavenge), nor does a longer word (*planeswalker* is not Planeswalk). A
  keyword that is also an everyday word (*reach*, *support*) needs the card's keyword, or the
  word in a keyword phrase (``with reach``, ``support 2``): method ``keyword-phrase``.

A translated ruling inherits its English ruling's links (``via-ruling``) and its keyword page's
rule (``keyword-page``).

Confidence estimates the chance that a link of that method is right: the share of its links a
judge accepted in the hand-labelled sample ``tests/data/ruling_links_gold.tsv``, smoothed for the
sample's size as ``(correct + 1) / (linked + 2)`` (``benchmarks/ruling_links.py`` prints the
estimate beside the value used here): ``keyword`` 0.98 (54 of 54), ``keyword+card`` 0.97 (29 of
29), ``keyword-phrase`` 0.9 (8 of 8); ``cites`` is 1.0, the number being written in the ruling.
A translated ruling's links multiply its English ruling's confidence by its pair's.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from ..model import Document, Ruling
from ..refs import find_refs
from ..text import fold
from ..vocabulary import Vocabulary
from .keywords import Keyword, KeywordTable, keyword_table
from .names import CardNames, Token, capitalised_inside, tokens, words
from .result import Alignment, Pair
from .rules import rule_name

CONFIDENCE = {"cites": 1.0, "keyword+card": 0.97, "keyword": 0.98, "keyword-phrase": 0.9}

# Words before or after an everyday-English keyword that make it the keyword: "with reach",
# "has flash", "protection from", "echo cost", "support 2".
_PHRASE_BEFORE = frozenset({"with", "without", "has", "have", "had", "having", "gain", "gains", "gained",
                            "lose", "loses", "lost"})
_PHRASE_AFTER = frozenset({"ability", "abilities", "cost", "costs", "trigger", "triggers", "triggered", "from",
                           "onto", "x", "n"})
# A keyword's word before "counter" names a kind of counter: "fuse counters" are not Fuse.
_COUNTER = frozenset({"counter", "counters"})
_NUMBERS = frozenset("one two three four five six seven eight nine ten".split())

Link = tuple[str, str, float]  # rule number, method, confidence


class RulingLinker:
    """Links English rulings to rules: what it knows of the reference, the keywords and the cards."""

    def __init__(self, docs: list[Document], ref: Document, vocabulary: Vocabulary | None = None) -> None:
        self.numbers = {r.number for r in ref.rules}
        self.keywords: KeywordTable = keyword_table(ref, vocabulary)
        self.names = CardNames([c.name for d in docs for c in d.cards]
                               + [r.card for d in docs for r in d.rulings if r.card])
        self._seen: dict[tuple[str, str | None], list[Link]] = {}
        self.card_keywords: dict[str, set[str]] = defaultdict(set)
        for doc in docs:
            for card in doc.cards:
                self.card_keywords[card.name] |= self.keywords.of_card(card.keywords)

    def links(self, ruling: Ruling) -> list[Link]:
        """The rules ``ruling`` (English) clarifies, each with its method and confidence."""
        key = (ruling.text, ruling.card)
        if key not in self._seen:  # a card's rulings are printed again in every set that reprints it
            self._seen[key] = self._links(ruling)
        return self._seen[key]

    def _links(self, ruling: Ruling) -> list[Link]:
        out: dict[str, Link] = {}
        for number in find_refs(ruling.text, "en"):
            if number in self.numbers:
                out.setdefault(number, (number, "cites", CONFIDENCE["cites"]))
        carried = self.card_keywords.get(ruling.card or "", set())
        for keyword, method in self.keyword_evidence(ruling.text, ruling.card, carried):
            out.setdefault(keyword.number, (keyword.number, method, CONFIDENCE[method]))
        return list(out.values())

    def keyword_evidence(self, text: str, card: str | None, carried: set[str]) -> list[tuple[Keyword, str]]:
        """The keywords named by ``text`` outside card names, with the method that accepts each."""
        if not self.keywords.spots(words(text)):  # a first look: most rulings name no keyword
            return []
        toks = tokens(text)
        spots = self.keywords.spots([t.word for t in toks])
        in_names = self.names.spans(toks, card)
        capitalised = capitalised_inside(toks)
        found: dict[str, tuple[Keyword, str]] = {}
        for start, end, keyword in spots:
            if in_names.intersection(range(start, end)) or any(
                    i in capitalised and toks[i].word not in keyword.capitalised for i in range(start, end)):
                continue
            if end < len(toks) and toks[end].word in _COUNTER:
                continue
            method = _method(keyword, keyword.number in carried, toks, start, end)
            if method and (keyword.number not in found or _rank(method) < _rank(found[keyword.number][1])):
                found[keyword.number] = (keyword, method)
        return list(found.values())


def _method(keyword: Keyword, carried: bool, toks: list[Token], start: int, end: int) -> str | None:
    if carried:
        return "keyword+card"
    if not keyword.ordinary:
        return "keyword"
    ability = keyword.number.startswith("702.")  # "has converted" is a tense, "has reach" the ability
    return "keyword-phrase" if keyword_phrase(toks, start, end, ability) else None


def _rank(method: str) -> int:
    return list(CONFIDENCE).index(method)


def keyword_phrase(toks: list[Token], start: int, end: int, ability: bool = True) -> bool:
    """True if the words ``[start, end)`` stand in a keyword phrase: an ability's ``with reach``, ``has
    flash``; any keyword's ``echo cost``, ``protection from``, ``support 2``."""
    before = toks[start - 1].word if start > 0 else ""
    after = toks[end].word if end < len(toks) else ""
    return (ability and before in _PHRASE_BEFORE) or after in _PHRASE_AFTER or after.isdigit() or after in _NUMBERS


def english_links(docs: list[Document], ref: Document, vocabulary: Vocabulary | None = None
                  ) -> dict[tuple[str, str], list[Link]]:
    """The links of every English ruling of ``docs``, by ``(document id, ruling's place)``."""
    linker = RulingLinker(docs, ref, vocabulary)
    return {(doc.id, str(seq)): linker.links(ruling)
            for doc in docs for seq, ruling in enumerate(doc.rulings) if ruling.lang == "en"}


def link_rulings_to_rules(docs: list[Document], ref: Document, result: Alignment,
                          vocabulary: Vocabulary | None = None,
                          english: dict[tuple[str, str], list[Link]] | None = None) -> None:
    """Rulings to the rules they clarify: cited numbers, keywords on evidence, and through translations
    (``english``: the English rulings' links when :func:`english_links` made them already)."""
    links: dict[tuple[str, str], list[Link]] = defaultdict(list)
    links.update(english if english is not None else english_links(docs, ref, vocabulary))
    for doc in docs:
        _link_translations(doc, result, links)
    for (doc_id, seq), targets in links.items():
        for number, method, confidence in targets:
            result.pairs.append(Pair("ruling-rule", doc_id, seq, ref.id, number, method, confidence, {}))


def _link_translations(doc: Document, result: Alignment, links: dict[tuple[str, str], list[Link]]) -> None:
    """A foreign ruling: its page's keyword rule, and its English counterparts' links."""
    keyword = doc.meta.get("keyword") if isinstance(doc.meta.get("keyword"), dict) else None
    page_rules = [result.rule_link(doc.id, r.number) for r in doc.rules if r.kind == "rule"
                  and keyword and rule_name(r) and fold(rule_name(r) or "") == fold(keyword.get("en", ""))]
    for seq, ruling in enumerate(doc.rulings):
        if ruling.lang == "en":
            continue
        key = (doc.id, str(seq))
        for link in page_rules:
            if link and link.method != "unaligned":
                _add(links[key], (link.aligned_number, "keyword-page", round(link.confidence, 3)))
        for pair in result.pairs:
            if pair.kind == "ruling" and (pair.a_doc, pair.a_id) == key:
                for number, _, conf in links.get((pair.b_doc, pair.b_id), []):
                    _add(links[key], (number, "via-ruling", round(conf * pair.confidence, 3)))


def _add(targets: list[Link], link: Link) -> None:
    if all(link[0] != number for number, _, _ in targets):
        targets.append(link)


def english_rulings(docs: Iterable[Document]) -> Iterable[tuple[str, int, Ruling]]:
    """``(doc id, seq, ruling)`` of every English ruling of ``docs``."""
    for doc in docs:
        for seq, ruling in enumerate(doc.rulings):
            if ruling.lang == "en":
                yield doc.id, seq, ruling
