"""What a query was read as, on the search side: the game concepts it names, the rules each name
stands for, and the order of a concept's rules (:mod:`indexer.plan` and :mod:`indexer.retrieve` use them)."""

from __future__ import annotations

from whoosh import query as Q

from kb.numbering import RuleNumber

from .hits import Hit
from .vocab import LANGS, vocabulary


def described(concepts: dict[str, tuple[str, ...] | None]) -> list[dict]:
    """What the search tells of the concepts it read the query as: the rules its names stand for
    and the preferred names."""
    found = [(c, rules) for c, rules in ((vocabulary().get(i), r) for i, r in concepts.items()) if c is not None]
    return [{"id": c.id, "rules": list(rules or c.rules), "names": {l: c.name(l) for l in LANGS if c.name(l)}}
            for c, rules in found]


def primary_rules(rules: tuple[str, ...]):
    """A hit's place in its concept's rule list: the vocabulary lists a concept's defining rule
    first (*Draw*: 121 drawing a card, then 104.4 a drawn game), whatever their numbers."""
    def place(hit: Hit) -> int:
        number = hit.number or ""
        return next((i for i, rule in enumerate(rules) if related(number, rule)), len(rules))
    return place


def rules_of(concept_id: str) -> tuple[str, ...]:
    """The vocabulary's rules of a concept, its defining rule first."""
    concept = vocabulary().get(concept_id)
    return concept.rules if concept else ()


def named_by(hit: Hit, rules: tuple[str, ...] | None) -> bool:
    """A rule hit among (or above or below) the rules a concept's name stands for; any, when the
    name stands for the whole concept (``None``: the index may number it by another release)."""
    number = hit.number or ""
    return rules is None or any(related(number, rule) for rule in rules)


def related(a: str, b: str) -> bool:
    """One of two numbers is the other or under it (``122.1f`` and ``122``)."""
    return within(a, b) or within(b, a)


def within(number: str, rule: str) -> bool:
    """``number`` is ``rule`` or one of its subrules (``104.4a`` of ``104.4``, not ``104.45``), or
    of its chapters when ``rule`` is a section (``500.1`` of ``5``)."""
    if len(rule) == 1:
        return number[:1] == rule
    return bool(number) and number.startswith(rule) and (len(number) == len(rule) or not number[len(rule)].isdigit())


def kept_out(others: set[str], named: dict[str, tuple[str, ...] | None] | None) -> list[Q.Query]:
    """What a query's text hits leave out for concepts only its English translation names
    (:func:`~indexer.vocab.homonyms`): their entries and their rules with every subrule (``neutralizzare``
    leaves out 122 Counters and 122.1), except rules of the concepts the query names."""
    ours = [r for c, rules in (named or {}).items() for r in (rules or rules_of(c))]
    out: list[Q.Query] = [Q.Term("concepts", c) for c in sorted(others)]
    keys = {number.sort_key for concept in sorted(others) for rule in rules_of(concept)
            if (number := RuleNumber.try_parse(rule)) is not None and not any(related(rule, r) for r in ours)}
    # each prefix once, and none another already holds: a prefix query walks every number under it
    out += [Q.Prefix("numkey", key) for key in sorted(keys) if not any(key != k and key.startswith(k) for k in keys)]
    return out
