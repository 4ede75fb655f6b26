"""The keyword actions (701.x) and keyword abilities (702.x) a ruling can be linked to, and the
words that name them.

A :class:`KeywordTable` is read from the game vocabulary (:mod:`kb.vocabulary`: every English
name of a keyword concept, variants and former names included) and from the reference
release's rule titles, which give the rule numbers (a vocabulary name whose rule the reference
titles otherwise takes the number of its titled sibling: ``Islandwalk`` → ``Landwalk``). Each
name is matched as whole words, in its own inflections only (:func:`english_forms`:
``vote``/``votes``/``voted``/``voting``): never inside a longer word (``planeswalker`` is not
``planeswalk``, ``bloodthirsty`` not ``bloodthirst``, ``explorer`` not ``explore``).

Generic actions (*cast*, *destroy*, *counter*, ...) are left out: nearly every ruling uses them,
and their rules define the word rather than a mechanic a ruling clarifies. Keywords that are
also ordinary English words (*reach*, *support*, *learn*, *shadow*, ...) are :attr:`Keyword.ordinary`:
the word alone is not evidence for them (see :mod:`kb.align.links`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from ..model import Document
from ..text import fold
from ..vocabulary import Vocabulary, default_vocabulary, name_key
from .rules import rule_name

KEYWORD_CHAPTERS = ("701", "702")
KEYWORD_KINDS = ("keyword-action", "keyword-ability")

GENERIC_ACTIONS = frozenset({
    "activate", "attach", "cast", "counter", "create", "destroy", "discard", "double", "triple", "exchange",
    "exile", "fight", "play", "reveal", "sacrifice", "search", "shuffle", "tap", "untap", "tap and untap",
    "transform", "draw", "copy", "turn"})

# Keywords whose words are also everyday English in rulings ("within reach", "if you learn that",
# "the shadow of", "support"): a ruling's word is evidence only with the card's keyword or in a
# keyword phrase (kb.align.links.keyword_phrase).
ORDINARY_WORDS = frozenset({
    "abandon", "absorb", "adapt", "affinity", "assist", "backup", "behold", "boast", "champion", "cloak",
    "companion", "convert", "craft", "decayed", "devour", "discover", "echo", "endure", "epic", "escape",
    "exhaust", "fear", "flash", "forage", "forecast", "frenzy", "gift", "harness", "haunt", "learn", "mentor",
    "miracle", "offering", "partner", "plot", "protection", "reach", "recover", "riot", "ripple", "shadow",
    "solved", "spectacle", "station", "storm", "support", "surge", "suspect", "training", "tribute", "visit",
    "ward", "warp", "defender", "enlist", "emerge", "manifest", "squad", "tiered", "enchant", "splice"})

# Forms that name something else: an "enchanted creature" or an "equipped creature" is about the
# attached permanent (rules 301.5, 303.4), not the Enchant or Equip ability; "converted mana cost"
# is not Convert; "the main phase in a turn" is not a permanent that phases in.
FALSE_FORMS = frozenset({"enchanted", "enchanting", "equipped", "equipping", "fortified", "fortifying", "converted",
                         "phase in"})

# Words the rules themselves use for a keyword beside its name (inflected like it): 701.19 speaks
# of regeneration, 702.26 of permanents that phase in and out, 702.29 of cards being cycled,
# 702.33 of spells being kicked.
RULES_WORDS = {"regenerate": ("regeneration",), "phasing": ("phase in", "phase out"), "cycling": ("cycle",),
               "kicker": ("kick",)}

# English irregular forms the endings cannot make.
IRREGULAR = {"foretell": ("foretold",)}

_VOWELS = "aeiou"
_WORD = re.compile(r"[a-z0-9!∞]+")


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword rule: its reference number and English name, and the word sequences naming it."""

    number: str
    name: str
    forms: frozenset[tuple[str, ...]]
    ordinary: bool = False

    @property
    def capitalised(self) -> frozenset[str]:
        """The words the reference spells with a capital inside the name (``ring`` in *The Ring Tempts You*)."""
        return frozenset(fold(w) for w in self.name.split()[1:] if w[:1].isupper())


class KeywordTable:
    """Keywords by the first word of each of their forms, and by the names MTGJSON gives cards."""

    def __init__(self, keywords: Iterable[Keyword], names: dict[str, str]) -> None:
        self.keywords = {k.number: k for k in keywords}
        self.by_first: dict[str, list[tuple[tuple[str, ...], Keyword]]] = {}
        for keyword in self.keywords.values():
            for form in keyword.forms:
                self.by_first.setdefault(form[0], []).append((form, keyword))
        for entries in self.by_first.values():
            entries.sort(key=lambda item: (-len(item[0]), item[1].number))
        self.by_card_keyword = {key: self.keywords[number] for key, number in names.items()}

    def spots(self, words: list[str]) -> list[tuple[int, int, Keyword]]:
        """``(start, end, keyword)`` of every form among ``words`` (folded), the longest at each place."""
        found = []
        for i, word in enumerate(words):
            for form, keyword in self.by_first.get(word, ()):
                if tuple(words[i:i + len(form)]) == form:
                    found.append((i, i + len(form), keyword))
                    break
        return found

    def of_card(self, card_keywords: Iterable[str]) -> set[str]:
        """Rule numbers of the keywords an MTGJSON ``keywords`` list names (``Islandwalk`` → 702.14)."""
        return {k.number for name in card_keywords if (k := self.by_card_keyword.get(name_key(name, "en")))}


def keyword_table(ref: Document, vocabulary: Vocabulary | None = None) -> KeywordTable:
    """The linkable keywords of the reference release ``ref``, named as the vocabulary names them."""
    vocabulary = vocabulary or default_vocabulary()
    titles = _reference_titles(ref)
    names: dict[str, list[str]] = {number: [title] for number, title in titles.values()}
    for concept in vocabulary.concepts:
        if concept.kind in KEYWORD_KINDS:
            english = [n.text for n in concept.names if n.lang == "en"]
            number = _reference_number(english, concept.rules, vocabulary, titles)
            if number is not None:
                names[number] += english
    for number, found in names.items():
        found += RULES_WORDS.get(fold(found[0]), ())
    keywords = [Keyword(number, found[0], frozenset(f for name in found for f in english_forms(name)),
                        fold(found[0]) in ORDINARY_WORDS) for number, found in names.items()]
    return KeywordTable(keywords, {name_key(n, "en"): number for number, found in names.items() for n in found})


def _reference_titles(ref: Document) -> dict[str, tuple[str, str]]:
    """``name_key`` of a title -> (number, title) for the titled rules of 701 and 702, generic ones left out."""
    out = {}
    for rule in ref.rules:
        name = rule_name(rule)
        if rule.kind == "rule" and name and rule.number.split(".")[0] in KEYWORD_CHAPTERS:
            if fold(name) not in GENERIC_ACTIONS:
                out[name_key(name, "en")] = (rule.number, name)
    return out


def _reference_number(names: list[str], rules: tuple[str, ...], vocabulary: Vocabulary,
                      titles: dict[str, tuple[str, str]]) -> str | None:
    """The reference number of a concept: by its own name among the titles, else by the name of a
    concept sharing its vocabulary rule (``Islandwalk`` shares 702.14 with ``Landwalk``)."""
    siblings = [n.text for number in rules[:1] for c in vocabulary.by_rule(number) for n in c.names if n.lang == "en"]
    for name in [*names, *siblings]:
        if name_key(name, "en") in titles:
            return titles[name_key(name, "en")][0]
    return None


def _words(text: str) -> list[str]:
    return _WORD.findall(name_key(text, "en"))


def english_forms(name: str) -> set[tuple[str, ...]]:
    """The word sequences naming keyword ``name``: the name, and its first word inflected
    (``-s``, ``-ed``, ``-ing``, with the usual spelling changes): ``Vote`` → vote, votes, voted, voting;
    ``Venture into the dungeon`` → ventures into the dungeon, ...; never a longer derived word."""
    words = _words(name)
    if not words:
        return set()
    head, rest = words[0], tuple(words[1:])
    forms = {(form, *rest) for form in inflections(head)}
    return {form for form in forms if " ".join(form) not in FALSE_FORMS}


def inflections(word: str) -> set[str]:
    """``word`` with its regular English verb and plural endings (``plot`` → plots, plotted, plotting)."""
    forms = {word, *IRREGULAR.get(word, ())}
    if not word.isalpha() or len(word) < 3:
        return forms
    stem = word[:-1] if word.endswith("e") and not word.endswith(("ee", "ye")) else word
    if _doubles(word):
        stem = word + word[-1]
    if word.endswith(("s", "x", "z", "ch", "sh")):
        forms.add(word + "es")
    elif word.endswith("y") and word[-2] not in _VOWELS:
        forms.update({word[:-1] + "ies", word[:-1] + "ied"})
    else:
        forms.add(word + "s")
    if not (word.endswith("y") and word[-2] not in _VOWELS):
        forms.add(word + "d" if word.endswith("e") else stem + "ed")
    forms.add(stem + "ing")
    return forms


def _doubles(word: str) -> bool:
    """One syllable ending in one vowel and one consonant doubles it: plot → plotted."""
    groups = re.findall(r"[aeiouy]+", word)
    return (len(groups) == 1 and len(word) >= 3 and word[-1] not in _VOWELS + "wxy"
            and word[-2] in _VOWELS and word[-3] not in _VOWELS)
