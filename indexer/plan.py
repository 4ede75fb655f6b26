"""The first stage of a search, **read**: a query becomes a :class:`Plan` (:func:`read_plan`).

The plan holds everything the later stages (:mod:`indexer.retrieve`, :mod:`indexer.rerankers`,
:mod:`indexer.fuse`, :mod:`indexer.present`) need of the query, and they never read the query again:

* the parsed query (:mod:`indexer.query`): words, phrases, prefixes, rule numbers, filters;
* its language, identified only when a question is read or a word might be corrected;
* the query generator (:class:`~indexer.text_queries.TextQueries`) that turns its words into whoosh
  queries in each language, with their translations and typo corrections; the retrieve stage asks it
  for a tier's queries only when the tier runs;
* the game concepts its words name (:mod:`indexer.vocab`: ``travolgere`` → Trample), each with the rules
  the names used stand for, and whether one concept is the whole query;
* for a query of plain words, its reading as a question (:mod:`indexer.reading`), its misspelt words
  corrected (``can i targt my own creatur``);
* the cards the question names (:mod:`indexer.card_finder`: ``Pithing Needle nomina il mio
  planeswalker``): their names are cut out of the words the question is read, corrected and
  translated by, and a question naming a card is read as a question.

Reading consults the index's words (to correct a typo towards a word the index holds) but runs no search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Callable

from .analysis import name_key, terms
from .budget import Budget
from .card_evidence import PLANESWALKER, evidence_said
from .card_finder import CardFinder, FoundCard, distinct
from .language import query_language
from .params import Params
from .query import Parsed, Word, add_filter, parse_query
from .reading import Alternative, Group, Reading, read
from .scoring import in_languages
from .spelling import Spelling
from .text_queries import TextQueries, words_per_prefix
from .vocab import spot, words_of
from .word_counts import IndexedWords

MAX_LIMIT = 200  # hits one search returns at most

Concepts = dict[str, "tuple[str, ...] | None"]  # concept id -> the rules its name stands for (None: all)


@dataclass
class Plan:
    """A query as the read stage understood it (see the module docstring)."""

    parsed: Parsed
    limit: int  # hits wanted, 1 to MAX_LIMIT
    params: Params  # every number that changes the order (indexer.params)
    budget: Budget  # the search's CPU budget and deadline
    texts: TextQueries  # the words as whoosh queries, with translations and corrections
    language: Callable[[], tuple[str | None, float]]  # the query's language and how sure, when asked
    concepts: Concepts  # the game concepts the words name
    whole: bool  # one concept is the whole query
    matches: list  # the vocabulary's matches (their homonyms are kept out of text hits)
    reading: Reading | None  # how plain words read as a question (None: a phrase, prefix, filter...)
    cards: list[FoundCard] = field(default_factory=list)  # the cards a question names, each once
    strays: list[str] = field(default_factory=list)  # names typed that are no card held (Orcish Bowmasters)
    strays_like: dict[str, list[str]] = field(default_factory=dict)  # each one's cards like it (CardFinder.cards_like)
    cards_unread: bool = False  # the index's card table is an older mtgkb's: no card could be read
    # a query that is only the name of a card the knowledge base does not hold, known from corpus/card-names.tsv
    not_held: list[str] = field(default_factory=list)


def read_plan(query: str, words: IndexedWords, spelling: Spelling, reader, params: Params, *,
              lang: str | None = None, kind: str | None = None, limit: int = 10,
              query_lang: str | None = None, budget: Budget | None = None,
              cards: CardFinder | None = None) -> Plan:
    """The plan of ``query`` over an index whose ``reader``, ``words`` and ``spelling`` are given;
    ``lang`` and ``kind`` filter the hits, ``query_lang`` says the language it is written in; ``cards``
    finds the cards a question names."""
    budget = budget or Budget()
    budget.check()  # a query that waited past its deadline does not start
    parsed = parse_query(query)
    # a question is read from the text as typed (+1/+1 is one word there), unless the text
    # holds filters or rule numbers of its own
    as_typed = None if parsed.kinds or parsed.langs or parsed.sections or parsed.numbers else query
    if lang:
        add_filter(parsed, "lang", lang)
    if kind:
        add_filter(parsed, "kind", kind)
    strays: list[str] = []
    named = cards.find(as_typed, strays) if cards and as_typed and _question_words(parsed) else []
    named = [replace(card, evidence=evidence_said(card.evidence, as_typed)) for card in named]
    read_text = cards.without_cards(as_typed, named, strays) if named or strays else as_typed
    read_text = loyalty_costs(read_text, named)
    if strays and not named and not words_of(read_text):
        read_text, strays = as_typed, []  # a name alone is looked up as it is
    # the words a question is read by, without its cards and the names of cards not held
    worded = parse_query(read_text) if named or strays else parsed
    language = cache(lambda: query_language(parsed.langs, _unquoted_text(worded), query_lang))
    texts = TextQueries(reader, words, in_languages(parsed.langs), spelling=spelling,
                        prefix_words=words_per_prefix(parsed), language=language,
                        boosts=params.expansion, partial=params.partial,
                        name_word=cards.a_name_word_only if cards else lambda _word: False)
    concepts, whole, matches = named_concepts(parsed, texts)
    # an item's exact name is not read as a question; under a filter the retrieve stage decides
    unfiltered_name = not (parsed.langs or parsed.kinds or parsed.sections) and held_name(parsed, reader)
    reading = card_question(worded, language, params, read_text, named) if named and not unfiltered_name else None
    alone: list[str] = []  # the query is only names of cards not held (a name alone of a card held is its item)
    if reading is None:  # no card, or only a card's name (tuktuk): the query as it is
        alone = [card.name for card in distinct(named) if not card.held]
        named, worded = [], worded if strays else parsed
        reading = None if unfiltered_name else question_reading(worded, whole, language, params, read_text)
    if reading is not None and reading.question:
        reading = spelled(worded, texts, reading, params, read_text)
    return Plan(parsed, max(1, min(int(limit), MAX_LIMIT)), params, budget, texts, language,
                concepts, whole, matches, reading, distinct(named) if reading is not None else [],
                strays if reading is not None else [], {stray: cards.cards_like(stray) for stray in strays}
                if cards is not None and reading is not None else {},
                bool(cards is not None and cards.outdated and as_typed), not_held=alone)


# A loyalty ability's cost as players type it (+2, -3, −X, +0), no power/toughness (+2/+2) nor a sum (2+2)
_LOYALTY_COST = re.compile(r"(?<![\w/+\-−])[+\-−](?:\d{1,2}|x)(?![\w/])", re.IGNORECASE)


def loyalty_costs(text: str, named: list[FoundCard]) -> str:
    """``text`` with each loyalty cost typed (*jace +2*, *liliana -2*, *ugin -X*) read as a loyalty
    ability, when a card or character named is a planeswalker: a number alone would meet every 2/2."""
    if not any(rule == PLANESWALKER for card in named for rule, _ in card.evidence):
        return text
    return _LOYALTY_COST.sub(" loyalty ability ", text)


def _question_words(parsed: Parsed) -> bool:
    """Whether a query is words as a question is: plain words, maybe with phrases quoted (players quote
    card text: ``the "enters with" counters``), and no prefix, alternative or exclusion."""
    return (len(parsed.groups) == 1 and not parsed.negated and any(isinstance(i, Word) for i in parsed.items)
            and all(not (isinstance(i, Word) and i.prefix) for i in parsed.items))


def _unquoted_text(parsed: Parsed) -> str:
    """The words a query's language is told by: those outside its quoted phrases (a card's text quoted
    in English inside an Italian question), or all of them when it holds no other."""
    words = [i.text for i in parsed.items if isinstance(i, Word)]
    return " ".join(words) if words else parsed.plain_text()


def card_question(worded: Parsed, language: Callable[[], tuple[str | None, float]], params: Params,
                  text: str, named: list[FoundCard] = ()) -> Reading | None:
    """The reading of a question naming cards (``named``), from its ``text`` without their names: a
    question whenever words are left, it ends with a question mark (``Humility e Opalescence?``) or it
    names two cards or one twice over (``Thalia e un'altra Thalia``); None for the name of one card
    alone (``tuktuk``: searched as it is, the card first)."""
    reading = question_reading(worded, False, language, params, text) if worded.items else None
    if reading is None or not reading.groups:
        several = len({card.card for card in named}) > 1 or len(named) > 1 or any(card.copies > 1 for card in named)
        if not text.rstrip().endswith("?") and not several:
            return None
        reading = reading or Reading(*language(), question=True)
    reading.question = True
    add_card_types(reading, named, params.reading.card_type)
    return reading


# the types a card's evidence names (indexer.card_evidence) that a question asks about as words: a bolt on a
# planeswalker is damage to a planeswalker, a Damnation in response a sorcery cast at the wrong time
CARD_TYPE_WORDS = frozenset({"planeswalker", "instant", "sorcery", "battle", "aura", "equipment", "vehicle", "saga"})


def add_card_types(reading: Reading, named: list[FoundCard], weight: float) -> None:
    """The types the cards ``named`` are, as words of ``reading`` weighed ``weight``, those the question
    does not say itself (*Fulmine on Liliana of the Veil*: planeswalker)."""
    if weight <= 0:
        return
    said = {alt.terms for group in reading.groups for alt in group.alternatives if alt.lang == "en"}
    for card in named:
        for _rule, why in card.evidence:
            if why in CARD_TYPE_WORDS and (found := tuple(terms(why, "en"))) and found not in said:
                said.add(found)
                reading.groups.append(Group(f"{why} ({card.typed})", [Alternative("en", found, weight, "card", why)]))


def named_concepts(parsed: Parsed, texts: TextQueries) -> tuple[Concepts, bool, list]:
    """The concepts the query's words name (typos corrected towards the vocabulary when the
    words name none), each with the rules the names used stand for (Italian *pescare*: 121 of
    *Draw*'s 121 and 104.4), whether one concept is the whole query, and the vocabulary matches
    (whose homonyms, :func:`~indexer.vocab.homonyms`, are kept out of its text hits)."""
    if len(parsed.groups) != 1 or not parsed.items:
        return {}, False, []
    text = parsed.plain_text()
    lang = next(iter(parsed.langs)) if len(parsed.langs) == 1 else None  # its names first
    found = spot(text, lang)
    if not found and all(isinstance(i, Word) and not i.prefix for i in parsed.items):
        corrected = texts.vocabulary_spelling(text)
        fixed = spot(corrected, lang)
        # a correction names a concept only when it reads the whole query as one ("travolgre"),
        # never a word of a longer one ("porteur de l'Anneau" is not Reach)
        if len(fixed) == 1 and fixed[0].end - fixed[0].start == len(words_of(corrected)):
            text, found = corrected, fixed
    named: Concepts = {}
    for match in (m for s in found for m in s.matches):
        known = named.get(match.concept.id, ())
        named[match.concept.id] = None if known is None or not match.name.rules else known + match.name.rules
    whole = len(found) == 1 and found[0].end - found[0].start == len(words_of(text))
    if not whole and any(not isinstance(i, Word) or i.prefix for i in parsed.items):
        return {}, False, []  # a phrase or a prefix is taken as typed unless it names a concept whole
    return named, whole, [m for s in found for m in s.matches]


def held_name(parsed: Parsed, reader) -> str | None:
    """The name key of a query that is an item's exact name the index holds (``lightning bolt``), else None."""
    if len(parsed.groups) != 1 or not parsed.items or parsed.negated:
        return None
    key = name_key(parsed.plain_text())
    return key if key and reader.doc_frequency("name_key", key) else None


def question_reading(parsed: Parsed, whole: bool, language: Callable[[], tuple[str | None, float]],
                     params: Params, as_typed: str | None = None) -> Reading | None:
    """How a query of plain words is read as a question (:mod:`indexer.reading`), in its ``language()``;
    None for a phrase alone, prefixes, alternatives or exclusions, a term named whole, or kinds
    other than rules and glossary entries asked for."""
    items = [i for i in parsed.items if isinstance(i, Word)]
    if whole or len(parsed.groups) != 1 or parsed.negated or not items or any(i.prefix for i in items):
        return None  # a phrase is read as part of a question, not alone ("the vote is tied")
    if parsed.kinds and not parsed.kinds & {"rule", "term"}:
        return None
    return read(as_typed or parsed.plain_text(), *language(), weights=params.reading)


def spelled(parsed: Parsed, texts: TextQueries, reading: Reading, params: Params, text: str | None = None) -> Reading:
    """``reading`` of the question with its misspelt words corrected, when any was (``can i
    targt my own creatur with hexprof``: target, creature, hexproof); words the index or a
    language knows are never corrected (:meth:`~indexer.text_queries.TextQueries.suggest`). The question
    read again is its whole ``text`` with those words changed, sentences and all: the words parsed stop at
    :data:`~indexer.query.MAX_CLAUSES`, and a long story's question comes last."""
    suggested = texts.suggest(parsed)
    if not suggested:
        return reading
    source = _with_corrections(text, texts.changes) if text else suggested[0]
    corrected = read(source, reading.lang, reading.confidence, weights=params.reading)
    if not corrected.groups:
        return reading
    corrected.question, corrected.spelled, corrected.corrections = True, suggested[0], texts.changes
    return corrected


def _with_corrections(text: str, changes: list[tuple[str, str]]) -> str:
    """``text`` with each word typed of ``changes`` (typed, corrected) replaced by its correction, as a whole word."""
    for typed, fixed in changes:
        whole_word = re.compile(rf"(?<![^\W_]){re.escape(typed)}(?![^\W_])", re.IGNORECASE)
        text = whole_word.sub(lambda _match, fixed=fixed: fixed, text)
    return text
