"""From evidence to records: the names of each concept, learned and curated.

:class:`Evidence` holds every learner's statistics over one card collection; :func:`concept`
turns a :class:`~kb.vocabulary.release.Seed` into a :class:`~kb.vocabulary.model.Concept`:

* English: the release's name (``cards``: how many cards carry the concept), its other
  glossary names as variants, its former names as obsolete;
* Italian and French: the core lexicon's name first when it has one (with the cards that
  show it), then the learned name, its variants, and the name newer printings use when it
  differs from the older printings' (the older one is then ``obsolete``).

Where the core and the learned best name differ, :attr:`Evidence.disagreements` records it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from .core_terms import CoreTerm
from ..text import fold
from .cards import ParallelCard
from .evidence import Candidate, same_stem
from .heads import HeadLearner
from .lookup import name_key
from .model import Concept, Name, concept_id
from .phrases import PhraseIndex, cards_with_term
from .release import Seed
from .types import Association, counter_associations, type_associations

LANGS = ("it", "fr")
RECENT_SINCE = "2021-04-23"  # Strixhaven: "mana value" replaces "converted mana cost" on printed cards
MIN_TERM_CARDS = 5  # a glossary term is learned only from at least this many English cards
MIN_TERM_DICE = 0.5
CONJUNCTIONS = {"it": "e", "fr": "et"}


@dataclass
class Evidence:
    """Every learner's statistics over one collection of parallel cards."""

    cards: Sequence[ParallelCard]
    heads: HeadLearner
    phrases: dict[str, PhraseIndex]
    recent: dict[str, PhraseIndex]
    types: dict[str, Association]
    counters: dict[str, Association]
    keyword_cards: dict[str, set[int]]  # folded MTGJSON keyword -> cards carrying it
    keyword_spelling: dict[str, str]  # folded MTGJSON keyword -> as MTGJSON spells it
    disagreements: list[str] = field(default_factory=list)

    @classmethod
    def gather(cls, cards: Sequence[ParallelCard]) -> "Evidence":
        heads = HeadLearner(LANGS)
        keyword_cards: dict[str, set[int]] = {}
        spelling: dict[str, str] = {}
        for index, card in enumerate(cards):
            heads.add(card)
            for keyword in card.keywords:
                keyword_cards.setdefault(fold(keyword), set()).add(index)
                spelling.setdefault(fold(keyword), keyword)
        return cls(cards, heads, {lang: PhraseIndex(cards, lang) for lang in ("en", *LANGS)},
                   {lang: PhraseIndex(cards, lang, since=RECENT_SINCE) for lang in LANGS},
                   type_associations(list(cards), LANGS), counter_associations(list(cards), LANGS),
                   keyword_cards, spelling)

    def concept_cards(self, seed: Seed) -> set[int]:
        """The cards carrying a concept: by MTGJSON keyword, type, or English wording."""
        if seed.keywords:
            return set().union(*(self.keyword_cards.get(k, set()) for k in seed.keywords))
        if seed.kind in ("card-type", "supertype"):
            return self.types[LANGS[0]].carrying.get(seed.key, set())
        if seed.kind == "counter" and seed.key.endswith(" counter"):
            return self.counters[LANGS[0]].carrying.get(seed.key[: -len(" counter")], set())
        return self.term_cards(seed)

    def showing(self, seed: Seed, lang: str, name: str) -> set[int]:
        """The cards whose printed text (type line, for types) shows ``name``."""
        if seed.kind in ("card-type", "supertype"):
            return self.types[lang].showing.get(name_key(name, lang), set())
        return self.phrases[lang].showing(name_key(name, lang))

    def term_cards(self, seed: Seed) -> set[int]:
        english = self.phrases["en"]
        cards = set().union(*(cards_with_term(english, n) for n in [seed.en, *seed.aliases]))
        if len(cards) < 20 and seed.key.endswith(" step"):  # "upkeep", "end of combat"
            cards |= cards_with_term(english, seed.en[: -len(" step")])
        return cards


def concept(seed: Seed, evidence: Evidence, core: Sequence[CoreTerm] = ()) -> Concept:
    """The record of one concept from its evidence and the core rows that name it."""
    names = english_names(seed, len(evidence.concept_cards(seed)))
    for lang in LANGS:
        names += foreign_names(seed, lang, evidence, core)
    return Concept(concept_id(seed.kind, seed.en), seed.kind, tuple(seed.rules), tuple(names))


def english_names(seed: Seed, cards: int) -> list[Name]:
    source = "glossary" if seed.glossary else ("keywords" if seed.keywords else "release")
    names = [Name(seed.en, "en", "preferred", cards, 1.0, source, seed.note)]
    names += [Name(a, "en", "variant", 0, 1.0, "glossary") for a in _unique(seed.aliases, seed.en)]
    names += [Name(o, "en", "obsolete", 0, 1.0, "glossary") for o in _unique(seed.obsolete, seed.en)]
    return names


def foreign_names(seed: Seed, lang: str, evidence: Evidence, core: Sequence[CoreTerm]) -> list[Name]:
    """Curated core names first, then the learned best, variants and obsolete wordings."""
    learned = _learned(seed, lang, evidence)
    names = _core_names(seed, lang, evidence, core)
    for form, candidate, source in learned:
        if candidate.surface and all(name_key(n.text, lang) != candidate.key for n in names):
            form = "variant" if form == "preferred" and names else form
            names.append(Name(candidate.surface, lang, form, candidate.cards, round(candidate.precision, 3), source))
    if names and learned and names[0].source == "core" and learned[0][0] == "preferred":
        best = learned[0][1]
        if not _agrees(names[0].text, best.surface, lang):
            evidence.disagreements.append(f"{seed.en} [{lang}]: core {names[0].text!r}, learned {best.surface!r} "
                                          f"({best.cards} of {best.total} cards)")
    return names


def _learned(seed: Seed, lang: str, evidence: Evidence) -> list[tuple[str, Candidate, str]]:
    """``(form, candidate, source)`` of what the cards say, best first."""
    if seed.kind in ("card-type", "supertype"):
        best, variants, _ = evidence.types[lang].learn(seed.key)
        obsolete = [evidence.types[lang].learn(fold(o))[0] for o in seed.obsolete]
        found = [("preferred", best, "type-line")] if best else []
        found += [("variant", v, "type-line") for v in variants]
        return found + [("obsolete", o, "type-line") for o in obsolete if o]
    if seed.kind == "counter" and seed.key.endswith(" counter"):
        best, variants, _ = evidence.counters[lang].learn(seed.key[: -len(" counter")], min_cards=3)
        return ([("preferred", best, "counters")] if best else []) + [("variant", v, "counters") for v in variants]
    if seed.keywords:
        return _from_keywords(seed, lang, evidence, seed.keywords)
    if seed.old_keywords:  # only printed under a former English name: its names are former ones too
        return [("obsolete", c, s) for _, c, s in _from_keywords(seed, lang, evidence, seed.old_keywords)]
    return _from_text(seed, lang, evidence)


def _from_keywords(seed: Seed, lang: str, evidence: Evidence, keywords: set[str]) -> list[tuple[str, Candidate, str]]:
    """A keyword's name from line heads or, when printed inside sentences, from phrases."""
    keyword = max(sorted(keywords), key=lambda k: len(evidence.keyword_cards.get(k, ())))
    head = evidence.heads.result(evidence.keyword_spelling.get(keyword, keyword), lang)
    cards = set().union(*(evidence.keyword_cards.get(k, set()) for k in keywords))
    best, variants, _ = evidence.phrases[lang].learn(cards)
    source = "ability-word" if seed.kind == "ability-word" else "keywords"
    if head.best and (best is None or head.best.dice >= best.dice or head.best.recall >= 0.5):
        best, variants, source = head.best, list(head.variants), source + ":line"
    elif best:
        source += ":text"
    if best is None or best.cards < 2 and best.precision < 1.0:
        return []
    return [("preferred", best, source)] + [("variant", v, source) for v in variants]


def _from_text(seed: Seed, lang: str, evidence: Evidence) -> list[tuple[str, Candidate, str]]:
    """A term's name from the phrases of the cards whose English text uses it; when newer
    printings say it otherwise, theirs first and the older wording obsolete."""
    cards = evidence.term_cards(seed)
    if len(cards) < MIN_TERM_CARDS:
        return []
    best, variants, _ = evidence.phrases[lang].learn(cards)
    if best is None or best.dice < MIN_TERM_DICE or best.cards < 3:
        return []
    found = [("preferred", best, "text")] + [("variant", v, "text") for v in variants]
    recent, _, _ = evidence.recent[lang].learn(cards)
    if recent and recent.key != best.key and recent.cards >= 3 and recent.precision >= 0.8 \
            and recent.recall >= 0.5 and not recent.key.startswith(best.key) \
            and _precision(evidence.phrases[lang], recent.key, cards) >= 0.8:
        found = [("preferred", recent, "text:recent"), ("obsolete", best, "text")] + found[1:]
    return found


def _precision(index: PhraseIndex, key: str, cards: set[int]) -> float:
    """Share of all the cards showing a phrase (any printing) that carry the concept."""
    showing = index.showing(key)
    return len(showing & cards) / len(showing) if showing else 0.0


def _core_names(seed: Seed, lang: str, evidence: Evidence, core: Sequence[CoreTerm]) -> list[Name]:
    """The core lexicon's names for a concept, with the cards that show them; the two halves
    of ``Tap and Untap`` composed into one preferred name."""
    rows = list(core)
    cards = evidence.concept_cards(seed)
    names = []
    for row in rows:
        text = getattr(row, lang)
        showing = evidence.showing(seed, lang, text)
        shown = len(showing & cards)
        score = shown / len(showing) if showing else 1.0
        names.append(Name(text, lang, "preferred" if not names else "variant", shown, round(score, 3), "core"))
    if len(rows) == 2 and " and " in seed.en:
        joined = f" {CONJUNCTIONS[lang]} ".join(n.text for n in names)
        names = [Name(joined, lang, "preferred", 0, 1.0, "core", "two core names joined")] + \
                [Name(n.text, lang, "variant", n.cards, n.score, "core") for n in names]
    return names


def _agrees(core: str, learned: str, lang: str) -> bool:
    """True if a learned name is the core name or a form of it (``distruggi`` of ``distruggere``)."""
    a, b = name_key(core, lang).split(), name_key(learned, lang).split()
    return a == b or (len(a) == len(b) and a[1:] == b[1:] and same_stem(a[0], b[0]))


def _unique(names: Sequence[str], english: str) -> list[str]:
    seen = {fold(english)}
    out = []
    for name in names:
        if fold(name) not in seen:
            seen.add(fold(name))
            out.append(name)
    return out
