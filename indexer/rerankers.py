"""The third stage of a search, **rerank** (:func:`rerank`): a question's candidates
(:mod:`indexer.questions`) through a cascade of small named rerankers, then ordered.

Each reranker scales a document's score by its factor (:mod:`indexer.params`) where it concerns the
document, in the cascade order of :data:`~indexer.params.RERANKERS`; a candidate keeps the factors
applied, with their tags, for ``--explain``. The other retrievers' lists are ordered as retrieved."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping, Protocol, Sequence, TypeVar

from .params import RERANKERS, Params


@dataclass(frozen=True)
class Asked:
    """What the rerankers read of a question (:meth:`~indexer.questions.QuestionIndex.asked`)."""

    named: frozenset[str]  # the game terms and keywords it names
    named_rules: frozenset[str]  # for a query of game terms only, their rules (rule/503)
    homes: frozenset[str]  # the rule numbers of the game terms it names
    card_rules: tuple[frozenset[str], ...] = ()  # per card it names, the rules it points to (indexer.card_evidence)
    ruling_rules: frozenset[str] = frozenset()  # the rules their rulings meeting its words are linked to
    # per card of card_rules, how much each rule it brings alone tells of it (CardFinder.evidence_weights); a rule
    # not given (brought with another card, or by a card named twice) weighs 1
    card_weights: tuple[Mapping[str, float], ...] = ()


@dataclass(frozen=True)
class Traits:
    """What the rerankers read of a question document alone."""

    info: dict
    heading: bool  # a heading or a keyword's title rule
    family: frozenset[str]  # a rule's number and its ancestors'
    citations: int  # how many rules, examples and glossary entries cite it


# Whether each reranker concerns a document (its factor applies); cited scales every rule by its citations.
#  other_keyword: a keyword's rule (701.N, 702.N) the question does not name, nor a card it names has
#    (sofi: Sword of Fire and Ice, equip): its words are everyday words of the game (cast, creature, turn)
#    and would otherwise crowd out the general rules.
#  heading: a heading names a subject, a question is answered by a rule's text, unless the heading is
#    the rule of a game term named by a query of game terms only (étape d'entretien: 503 Upkeep Step).
#  home: a rule in the part of the rules of a game term named (111.x for tokens): where it is answered; not
#    when a card named brings rules, which say more narrowly where (2026-12-05: the development halves 0.8046 ->
#    0.8100 and the 504 trial questions 0.8145 -> 0.8185 on the archive, the embedded corpus level, 0.7372 -> 0.7364).
#  card: a rule (or under a rule) a card named points to by what it is (legendary: 704.5j; persist: 702.79);
#    its factor once per card pointing to it (Blood Moon and Urborg both change a land's type: 305.7 twice).
#  card_ruling: a rule (or under a rule) a ruling on a card named, meeting the question's words, is linked to.
#  phrasing: (no test: a share, not a yes or no) a rule whose one players' phrasing holds much of the question.
CONCERNS: dict[str, Callable[[Traits, Asked], bool]] = {
    "other_keyword": lambda d, q: (bool(d.info.get("keyword")) and not q.named & set(d.info["keyword"])
                                   and not any(d.family & rules for rules in q.card_rules)),
    "heading": lambda d, q: d.heading and d.info["key"] not in q.named_rules,
    "home": lambda d, q: bool(q.homes and not q.card_rules and d.family & q.homes),
    "card": lambda d, q: any(d.family & rules for rules in q.card_rules),
    "card_ruling": lambda d, q: bool(q.ruling_rules and d.family & q.ruling_rules),
}


class Reranked(Protocol):
    """A candidate the cascade scales (:class:`~indexer.questions.Candidate`)."""

    uid: str
    score: float
    traits: Traits
    changes: list[tuple[str, float]]
    phrasing: float  # the share of the question its best players' phrasing holds


class Listed(Protocol):
    """A retriever's list (:class:`~indexer.retrieve.Candidates`): a question's candidates are ``ranked``."""

    ranked: list[Reranked] | None
    asked: Asked | None


class Lists(Protocol):
    lists: Sequence[Listed]


Retrieved = TypeVar("Retrieved", bound=Lists)  # indexer.retrieve.Retrieved


def rerank(retrieved: Retrieved, params: Params) -> Retrieved:
    """The rerank stage: each question's candidates of ``retrieved`` through the :func:`cascade`."""
    for found in retrieved.lists:
        if found.ranked is not None:
            found.ranked = cascade(found.ranked, found.asked, params)
    return retrieved


def cascade(candidates: list[Reranked], asked: Asked, params: Params) -> list[Reranked]:
    """``candidates`` with each score scaled by the :func:`factors` that concern it, best first
    (equal scores by uid, so the order never depends on how many are asked for)."""
    enabled = [name for name in RERANKERS if params.on(name)]  # read once, not per candidate
    for candidate in candidates:
        candidate.changes = factors(candidate.traits, asked, params, enabled, candidate.phrasing)
        for _, factor in candidate.changes:
            candidate.score *= factor
    return sorted(candidates, key=lambda c: (-round(c.score, 6), c.uid))


def factors(doc: Traits, asked: Asked, params: Params, enabled: Sequence[str] | None = None,
            phrasing: float = 0.0) -> list[tuple[str, float]]:
    """The factors the enabled rerankers (``enabled``: those of ``params``) apply to a document's score, in
    cascade order (:data:`~indexer.params.RERANKERS`), each with its tag; those that leave it as it is are left out.
    ``phrasing``: the share of the question the document's best players' phrasing holds."""
    changes = []
    for name in enabled if enabled is not None else [n for n in RERANKERS if params.on(n)]:
        if name == "cited":
            factor = 1 + params.cited.weight * math.log1p(max(0, doc.citations - 1))
        elif name == "card":
            factor = params.card.factor ** card_power(doc, asked, params.cards.under_share)
        elif name == "phrasing":
            factor = 1 + params.phrasing.weight * phrasing
        else:
            factor = getattr(params, name).factor if CONCERNS[name](doc, asked) else 1.0
        if factor != 1.0:
            changes.append((name, factor))
    return changes


def card_power(doc: Traits, asked: Asked, under_share: float = 1.0) -> float:
    """The power of the card factor for ``doc``: per card named that points to it (or above it), how much the
    rule it points to tells (the most of those it points to: ``asked.card_weights``), ``under_share`` of it when the
    card points only above it (Fog's 615 for 615.4, where its 615.3 is its own)."""
    weights = asked.card_weights
    own = doc.info.get("key", "").removeprefix("rule/")
    return sum(max((weights[at].get(rule, 1.0) if at < len(weights) else 1.0) * (1.0 if rule == own else under_share)
                   for rule in shared)
               for at, rules in enumerate(asked.card_rules) if (shared := doc.family & rules))


def backed_by_a_card(changes: Sequence[tuple[str, float]], params: Params) -> bool:
    """Whether the factors a candidate got (``changes``) say a card the question names points to it with a rule
    that tells all of the card (the whole card factor or more): a triggered ability a third of the cards have
    (603, a factor of about 1.2) backs no answer."""
    return any(name == "card" and factor >= params.card.factor - 1e-9 for name, factor in changes)
