"""Terms and names: chapter titles, keyword pages, card names, ability words, the glossary.

* chapter and section titles paired by number (``401 Grimorio`` = ``Library``);
* a keyword page's own naming (``Voto`` = ``Vote``), checked against a rule title;
* card names from MTGJSON's foreign data, or from names in brackets in Italian text;
* ability words read from the same line of a card's English and foreign text
  (``Volontà del concilio`` = ``Will of the council``);
* English glossary entries whose foreign name the core lexicon or a title pair gives.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any

from ..model import Document
from ..text import fold
from ..vocabulary.core_terms import CoreTerm
from .result import Alignment, Pair
from .rules import rule_name

_DASH_PREFIX = re.compile(r"^([^—{}:•\d()]{2,40}?)\s*—\s*(\S.*)$")


def _term(result: Alignment, lang: str, a_doc: str, foreign: str, b_doc: str, english: str, method: str,
          confidence: float, **note: Any) -> None:
    result.pairs.append(Pair("term", a_doc, foreign, b_doc, english, method, round(confidence, 3),
                             {"lang": lang, **note}))


def align_chapter_titles(docs: list[Document], ref: Document, result: Alignment) -> None:
    """Section and chapter titles paired by number (``401 Grimorio`` ↔ ``401. Library``)."""
    ref_map = ref.rule_map()
    for doc in docs:
        if doc.lang == ref.lang:
            continue
        for rule in doc.rules:
            target = ref_map.get(rule.number)
            if rule.kind not in ("section", "chapter") or not rule.title or target is None or not target.title:
                continue
            link = result.rule_link(doc.id, rule.number)
            if link is None or link.method == "unaligned":
                continue
            _term(result, doc.lang, doc.id, rule.title, ref.id, target.title, "title-by-number",
                  link.confidence, number=rule.number)


def align_keyword_pages(docs: list[Document], ref: Document, result: Alignment) -> None:
    """A keyword page's own naming (``Voto`` = ``Vote``), checked against a reference rule title."""
    titles = {fold(rule_name(r) or ""): r.number for r in ref.rules if r.kind == "rule" and rule_name(r)}
    for doc in docs:
        keyword = doc.meta.get("keyword") if isinstance(doc.meta, dict) else None
        if not isinstance(keyword, dict) or not keyword.get("en"):
            continue
        for lang, name in keyword.items():
            if lang == "en" or not name:
                continue
            rule = titles.get(fold(keyword["en"]))
            _term(result, lang, doc.id, name, ref.id, keyword["en"], "keyword-page",
                  0.97 if rule else 0.8, rule=rule)


def align_card_names(docs: list[Document], result: Alignment) -> None:
    """Card names from card records: MTGJSON's foreign data, or names quoted in brackets in text."""
    known = {card.name for doc in docs if doc.format != "wiki-cr-text" for card in doc.cards if card.text}
    seen: set[tuple[str, str, str]] = set()
    for doc in docs:
        for card in doc.cards:
            for lang, name, _type, _text in card.foreign:
                if not name or (lang, name, card.name) in seen:
                    continue
                seen.add((lang, name, card.name))
                from_cards = bool(card.text or card.type)
                method = "card-data" if from_cards else "parenthesis"
                confidence = 1.0 if from_cards else (0.95 if card.name in known else 0.85)
                result.pairs.append(Pair("card", doc.id, f"{lang}:{name}", doc.id, card.name, method, confidence,
                                         {"lang": lang, "known_card": card.name in known}))


def align_ability_words(docs: list[Document], result: Alignment) -> None:
    """``X — …`` line heads at the same line of a card's English and foreign text (ability words)."""
    votes: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for doc in docs:
        for card in doc.cards:
            done: set[str] = set()
            for lang, _name, _type, text in card.foreign:
                if lang in done or not text or not card.text:
                    continue
                done.add(lang)
                e_lines = [x for x in card.text.splitlines() if x.strip()]
                f_lines = [x for x in text.splitlines() if x.strip()]
                if len(e_lines) != len(f_lines):
                    continue
                for e_line, f_line in zip(e_lines, f_lines):
                    em, fm = _DASH_PREFIX.match(e_line.strip()), _DASH_PREFIX.match(f_line.strip())
                    if em and fm and not em.group(2).startswith("•") and len(em.group(1).split()) <= 4:
                        votes[(lang, em.group(1).strip())][fm.group(1).strip()] += 1
    for (lang, english), counter in sorted(votes.items()):
        foreign, count = counter.most_common(1)[0]
        share = count / sum(counter.values())
        if share < 0.6:
            continue
        _term(result, lang, "cards", foreign, "cards", english, "card-text",
              min(0.99, 0.7 + 0.1 * count) * share, cards=count)


Known = dict[tuple[str, str], tuple[str, str, float]]  # (lang, folded English name) -> (foreign, method, confidence)


def align_glossary(ref: Document, core: list[CoreTerm], result: Alignment) -> None:
    """English glossary entries whose foreign name is known from the core lexicon or a title pair."""
    _glossary_pairs(ref, glossary_known(core, result.pairs), result)


def glossary_known(core: list[CoreTerm], pairs: list[Pair]) -> Known:
    """The foreign names known for English names: the core lexicon's, then the title pairs' among ``pairs``."""
    known: Known = {}
    for term in core:
        for lang, foreign in (("it", term.it), ("fr", term.fr)):
            known[(lang, fold(term.en))] = (foreign, "glossary+core", 0.9)
    _add_titles(known, pairs)
    return known


def _add_titles(known: Known, pairs: list[Pair]) -> None:
    for pair in pairs:
        if pair.kind == "term" and pair.method in ("title-by-number", "keyword-page"):
            known.setdefault((pair.note["lang"], fold(pair.b_id)), (pair.a_id, "glossary+" + pair.method,
                                                                    min(0.95, pair.confidence)))


def align_glossary_titles(ref: Document, known: Known, titles: list[Pair], result: Alignment) -> None:
    """English glossary entries whose foreign name only the title pairs ``titles`` (a translator's
    import) give, beyond those ``known`` already (and paired by :func:`align_glossary`)."""
    more = dict(known)
    _add_titles(more, titles)
    _glossary_pairs(ref, {key: hit for key, hit in more.items() if key not in known}, result)


def _glossary_pairs(ref: Document, known: Known, result: Alignment) -> None:
    for entry in ref.terms:
        for name in entry.names:
            for lang in ("it", "fr"):
                hit = known.get((lang, fold(name)))
                if hit:
                    _term(result, lang, "lexicon-core" if hit[1] == "glossary+core" else "titles", hit[0],
                          ref.id, name, hit[1], hit[2], glossary=True)


def align_declared_terms(docs: list[Document], ref: Document, result: Alignment) -> None:
    """A translator's imported glossary entry names the English entry it translates
    (``Document.meta["terms"]``, foreign name -> English name): keep that pairing."""
    english = {fold(name): name for entry in ref.terms for name in entry.names}
    # an entry known by its whole heading (its first name is another entry's: Active Player, Nonactive Player Order)
    english.update({fold(", ".join(entry.names)): ", ".join(entry.names) for entry in ref.terms if len(entry.names) > 1})
    for doc in docs:
        declared = doc.meta.get("terms") if doc.provenance == "translator" and isinstance(doc.meta, dict) else None
        for foreign, name in (declared or {}).items():
            hit = english.get(fold(name))
            if hit:
                _term(result, doc.lang, doc.id, foreign, ref.id, hit, "declared", 1.0, glossary=True)
