"""Which items define a game concept of the vocabulary (:mod:`indexer.vocab`): the index's ``concepts``.

The concepts of the reference rules take reading every English rule; they depend on nothing an
import changes, so a build keeps them beside its index (:data:`CONCEPTS`) with what they were
found from, and the next build reads them back when that is unchanged (:func:`rule_concepts`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Protocol

from kb.digests import code_digest, data_digest

from .analysis import terms


class Item(Protocol):
    """What tagging reads and writes of an index item (:class:`indexer.build.Item`)."""

    kind: str
    lang: str
    number: str
    title: str
    content: str
    akey: str
    names: list[str]
    concepts: list[str]

CONCEPTS = "rule-concepts.json"  # beside the index: the reference rules' concepts, and their key


SUBRULES_PER_RULE = 2  # a counter's listed rule that does not use its name: its subrules that do, at most


def _using(number: str, stemmed: set[str], texts: dict[str, str], subrules: bool) -> list[str]:
    """``number`` if its text uses one of the ``stemmed`` names, or a word they begin (``509
    Declare Blockers Step`` for *Block*), else (with ``subrules``) its first subrules that use one."""
    def uses(n: str, word_start: bool = False) -> bool:
        return any((f" {k}" if word_start else f" {k} ") in texts[n] for k in stemmed)

    if uses(number, word_start=True):
        return [number]
    if not subrules:
        return []
    below = [n for n in texts if n.startswith(number) and n[len(number):len(number) + 1] in (".", *"abcdefghijkmnpqrstuvwxyz")]
    return [n for n in below if uses(n)][:SUBRULES_PER_RULE]


def _in_its_chapters(number: str, concept) -> bool:
    """Whether a rule headed with a concept's name may define it: any rule for a concept the
    vocabulary numbers nowhere, else one in a chapter of its numbers (a renumbered keyword stays
    in 701 or 702; the counter of 122 is not the action ``701.6 Counter``)."""
    return not concept.rules or number.split(".")[0] in {r.split(".")[0] for r in concept.rules}


def tag_concepts(items: list[Item], previous: Path | None = None) -> dict:
    """Mark the items that define a game concept of the vocabulary (:mod:`indexer.vocab`).

    A concept's rules are found in the reference (English) rules by heading (``702.19
    Trample``, ``404 Graveyard``), else its vocabulary rule numbers where that rule's
    text uses its name (``202.3`` for *mana value*); a kind of counter, listed under 122
    Counters, is defined by the first subrules using its name (*poison counter* → 122.1f).
    Numbers are checked against the release at hand, since the vocabulary was numbered by one
    release. Glossary entries are marked when one of their names is a concept's name in their
    language (the English entry Pile is not the stack, French *pile*), keyword pages when one
    of their names, in any language, is.
    Every language's version of a rule carries the mark. The rules' concepts are read back from the
    ``previous`` index folder when they were found there from the same rules; returns what to keep
    beside the new index (:func:`write_concepts`).
    """
    from .vocab import vocabulary

    vocab = vocabulary()
    kept = rule_concepts([i for i in items if i.kind == "rule" and i.lang == "en" and i.number], previous)
    by_rule = kept["rules"]
    for item in items:
        if item.kind == "rule" and item.number in by_rule:
            item.concepts = by_rule[item.number]
        elif item.kind == "term":
            item.concepts = list(dict.fromkeys(m.concept.id for n in item.names for m in vocab.matches(n, item.lang)
                                               if m.name.lang == item.lang))
        elif item.kind == "page":
            item.concepts = list(dict.fromkeys(m.concept.id for n in item.names for m in vocab.matches(n)))
    return kept


def write_concepts(target: Path, kept: dict) -> None:
    """Keep the rules' concepts :func:`tag_concepts` found beside the index in ``target``."""
    (Path(target) / CONCEPTS).write_text(json.dumps(kept, ensure_ascii=False), encoding="utf-8")


def rule_concepts(english: list[Item], previous: Path | None = None) -> dict:
    """:func:`concepts_of_rules` of ``english`` (``rules``) and what they were found from (``key``): read
    from the ``previous`` index folder when it found them from the same rules, code and vocabulary."""
    key = hashlib.sha256(repr([(i.number, i.title, i.content, i.akey) for i in english]).encode("utf-8")
                         + code_digest("kb", "indexer").encode() + data_digest().encode()).hexdigest()
    by_rule = _kept(previous, key) if previous is not None else None
    return {"key": key, "rules": by_rule if by_rule is not None else concepts_of_rules(english)}


def _kept(folder: Path, key: str) -> dict[str, list[str]] | None:
    try:
        kept = json.loads((Path(folder) / CONCEPTS).read_text(encoding="utf-8"))
        return kept["rules"] if kept.get("key") == key and isinstance(kept.get("rules"), dict) else None
    except (OSError, ValueError, AttributeError, KeyError):
        return None


def concepts_of_rules(english: list[Item]) -> dict[str, list[str]]:
    """The concepts each reference rule (``english``: the English rule items) defines, by number."""
    from kb.vocabulary import name_key as term_key

    from .vocab import vocabulary

    vocab = vocabulary()
    by_heading: dict[str, list[str]] = {}
    for item in english:
        if item.title:
            by_heading.setdefault(term_key(item.title, "en"), []).append(item.number)
    texts = {i.number: f" {' '.join(terms(i.content, 'en'))} " for i in sorted(english, key=lambda i: i.akey)}
    by_rule: dict[str, list[str]] = {}
    for concept in vocab.concepts:
        keys = {term_key(n.text, "en") for n in concept.names_in("en", obsolete=True)} - {""}
        found = [n for k in sorted(keys) for n in by_heading.get(k, []) if _in_its_chapters(n, concept)]
        if not found:
            stemmed = {" ".join(terms(k, "en")) for k in keys} - {""}
            found = [n for r in concept.rules if r in texts
                     for n in _using(r, stemmed, texts, subrules=concept.kind == "counter")]
        for number in dict.fromkeys(found):
            by_rule.setdefault(number, []).append(concept.id)
    return by_rule
