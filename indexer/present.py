"""The last step of a search, **present**: the fused page as :class:`~indexer.hits.Hits`, with what a
reader needs beside the hits (:func:`present`). It changes no order.

* each rule hit carries its text in every language (:mod:`indexer.versions`) and each hit a snippet
  with the matched words marked (:mod:`indexer.snippets`);
* did-you-mean suggestions, unless the question was already searched with its words corrected;
* the game concepts the query was read as, and how a question was read, with the cards it names
  (``cards`` in the reading; its ``read_as`` ends ``Cards: Pithing Needle``);
* texts that a source numbers as asked while they are another rule of the reference release;
* when nothing was found, why, and what to try (:mod:`indexer.empty`);
* a close call: the first two rules of a question's page scoring within :data:`CLOSE_CALL` of each other
  (``close`` in the reading), so that a reader reads both.
"""

from __future__ import annotations

import json
import re

from whoosh import query as Q

from kb.numbering import RuleNumber

from .card_finder import CardFinder
from .concepts import described
from .empty import RulesHeld, cards_named_not_held, cards_not_held, empty_reason
from .hits import Hit, Hits
from .plan import Plan
from .query import Parsed
from .reading import read
from .retrieve import Retrieved
from .snippets import WHOLE_FIRST, with_snippets
from .versions import with_texts


def present(page: list[Hit], plan: Plan, retrieved: Retrieved, searcher, held: "HeldRules") -> Hits:
    """``page`` as hits over the whoosh ``searcher`` (see the module docstring); ``held`` gives the
    rule numbers the index holds when a reason for an empty page needs them."""
    parsed, reading = plan.parsed, retrieved.reading
    # a question searched with its words corrected says so itself: no "did you mean" again
    spelled = reading is not None and reading.spelled
    texts = plan.texts
    # a question naming cards is read without their names: no "did you mean" for them
    suggestions = texts.suggest(parsed) if not spelled and not plan.cards and not plan.strays and not plan.not_held and (
        len(page) < 3 or texts.corrections) else []
    # the first rules answering a question are read whole: their deciding words are often their last
    whole = WHOLE_FIRST if reading is not None and retrieved.shown_reading else 0
    hits = Hits(with_snippets(with_texts(searcher, page, parsed), whole), suggestions, described(retrieved.concepts),
                elsewhere(searcher, parsed))
    hits.reading = reading.to_dict() if reading is not None and retrieved.shown_reading else None
    if hits.reading is not None and plan.cards:
        hits.reading["cards"] = [card.to_dict() for card in plan.cards]
        named = cards_said(hits.reading["cards"])
        hits.reading["read_as"] = f"{hits.reading['read_as']}; {named}" if hits.reading["read_as"] else named
    if hits.reading is not None and plan.strays:  # Orcish Bowmasters: a card the knowledge base lacks
        unknown = not_held_said(named_once(plan.strays), plan.strays_like)
        hits.reading["read_as"] = f"{hits.reading['read_as']}; {unknown}" if hits.reading["read_as"] else unknown
        hits.reading["not_cards"] = named_once(plan.strays)
        if like := {name: plan.strays_like[name] for name in named_once(plan.strays) if plan.strays_like.get(name)}:
            hits.reading["not_cards_like"] = like
    if hits.reading is not None and plan.cards_unread:
        hits.reading["notice"] = CardFinder.OUTDATED
    if hits.reading is not None and (close := close_call(page)):
        hits.reading["close"] = close
    if hits and plan.not_held:
        hits.not_held = cards_named_not_held(plan.not_held)
    if not hits and plan.not_held:
        hits.empty_reason = cards_not_held(plan.not_held)
    elif not hits:
        hits.empty_reason = empty_reason(parsed, texts, held(searcher),
                                         lambda: reading or read(parsed.plain_text(), *plan.language(),
                                                                 weights=plan.params.reading))
    return hits


# said of the cards found that the knowledge base does not hold (corpus/card-names.tsv): what each is is known
NOT_HELD = "not held: read by what the card is, without its text or rulings"


# between the cards the reading names: a legendary name holds a comma (Thalia, Guardian of Thraben · Blood Moon)
CARD_SEPARATOR = " · "
# how a card was found from words that are not its name (indexer.card_finder.FoundCard.how): said beside it
GUESSED = ("near", "remembered")


def cards_said(cards: list[dict]) -> str:
    """The reading's ``Cards:`` part of the cards found (:meth:`~indexer.card_finder.FoundCard.to_dict`): each card's
    name, apart by :data:`CARD_SEPARATOR`; one read from words one or two letters off its name says what was typed (``Fleshformer (typed
    "Fleshgorger")``: a card the knowledge base lacks may be read as a look-alike); those the knowledge base does
    not hold marked (``Clone*``) and said so once (:data:`NOT_HELD`)."""
    def said(card: dict) -> str:
        typed = f' (typed "{typed}")' if (typed := typed_guess(card)) else ""
        return str(card["name"]) + typed + ("*" if card.get("held") is False else "")

    return "Cards: " + CARD_SEPARATOR.join(said(card) for card in cards) + (
        f" (*{NOT_HELD})" if any(card.get("held") is False for card in cards) else "")


def typed_guess(card: dict) -> str | None:
    """What was typed for a card found from words that are not its name (:data:`GUESSED`), else None."""
    return str(card["typed"]) if card.get("how") in GUESSED and card.get("typed") else None


def not_held_said(names: list[str], like: dict[str, list[str]] | None = None) -> str:
    """The reading's part naming the names typed that are no card the knowledge base holds, each with the cards
    ``like`` it, offered (``pescatore di gurmag (did you mean Gurmag Angler?)``)."""
    def said(name: str) -> str:
        offered = (like or {}).get(name)
        return f"{name} (did you mean {' or '.join(offered)}?)" if offered else name

    return "No card held: " + CARD_SEPARATOR.join(said(name) for name in names)


def named_once(names: list[str]) -> list[str]:
    """``names`` without those typed inside an earlier one (*Disa the Restless … Disa*: the first)."""
    kept: list[str] = []
    for name in names:
        if not any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", other, re.IGNORECASE) for other in kept):
            kept.append(name)
    return kept


# The first rule of a question's page is a close call when the second scores this share of it or more.
# Measured on 2026-12-05 on the development halves and the cold trials' questions (665, archive KB, code of
# 5ff99b7): the first two rules within 5 % on 98 of them (15 %), whose first was wrong for 52 % (32 % of all)
# and whose top three for 27 %; the "Weak match" share of words said nothing (on 593 of them: wrong first for
# 3 of the 9 it fired on, the base rate).
CLOSE_CALL = 0.95


def close_call(page: list[Hit]) -> list[str]:
    """The first two rules of ``page`` when the second scores :data:`CLOSE_CALL` of the first or more; else []."""
    rules = [hit for hit in page if hit.kind == "rule"][:2]
    if len(rules) == 2 and rules[0].score > 0 and rules[1].score >= CLOSE_CALL * rules[0].score:
        return [hit.number or hit.id for hit in rules]
    return []


class HeldRules:
    """The rule numbers an open index holds, read once, when a search first finds nothing."""

    def __init__(self) -> None:
        self._held: RulesHeld | None = None

    def __call__(self, searcher) -> RulesHeld:
        self._held = self._held or RulesHeld.of(searcher)
        return self._held


def elsewhere(searcher, parsed: Parsed) -> list[dict]:
    """Rule texts whose source numbers them as a number asked for, while they are another rule
    of the reference release (``701.31``: the Italian Voto's Vote, here 701.38)."""
    found = []
    for selector in (n for n in parsed.numbers if isinstance(n, RuleNumber)):
        query = Q.And([Q.Term("srckey", selector.sort_key), Q.Term("kind", "rule")])
        for hit in searcher.search(query, limit=5):
            stored = hit.fields()
            extra = json.loads(stored.get("extra") or "{}")
            if stored.get("number") and stored["number"] != str(selector):
                found.append({"asked": str(selector), "lang": stored.get("lang", ""),
                              "source": extra.get("source", ""), "number": stored["number"]})
    return found
