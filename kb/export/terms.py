"""The termbase of an export (TBX): one :class:`TermEntry` per concept of the game.

The concepts are every entry of the English glossary of the reference release and every
concept of the three-language vocabulary (:mod:`kb.vocabulary`: keywords, ability words,
zones, steps, types, counters, game terms), merged by English name. An English name of several
concepts (Counter: to counter a spell, 701.6, and a counter, 122; Exile: the action and the zone)
gives one entry per concept (``term-counter-keyword-action``, ``term-counter-counter``), each
with its own names, rules and glossary sense: a termbase never lists ``segnalino`` as a synonym
of ``neutralizzare``. Each has:

- its names in every language held, preferred first: a translator's imported glossary
  name, then the vocabulary's preferred name and variants, then the names the alignment
  paired with it (a keyword page's ``Voto``, a chapter title ``Grimorio``); a foreign name
  is capitalised as its English entry is (``Lifelink`` / ``Legame vitale``);
- its definitions: the English glossary's, and the Italian or French glossary text a
  document holds for it (an imported glossary translation); a concept with no glossary
  entry is defined by its rule (the ``a`` subrule when there is one);
- the rules it cites (the glossary's references and the vocabulary's rule numbers, read in
  the export's release: the vocabulary numbers rules as the newest release does, so a
  keyword rule is found by its name there, ``Vote`` at 701.32 in 2024 and 701.38 since 2025).

With rules selected (``--rules``), only the concepts citing one of them are kept; with
``--include cards``, card names with their printed Italian and French names follow.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable

from ..align.rules import rule_name
from ..numbering import RuleNumber
from ..store import KnowledgeBase
from ..glossary import glossary_senses, senses_by_rule
from ..model import Term
from ..text import fold, rule_numbers_in
from ..vocabulary import Concept, default_vocabulary, name_key
from .units import Selection, TermEntry

HEADING_SEPARATOR = ", "  # between the names of a glossary heading, as the Comprehensive Rules write them


def entry_keys(terms: Iterable[Term]) -> list[str]:
    """The English name that identifies each glossary entry of a release, in order: its first name, or
    its whole heading (``Active Player, Nonactive Player Order``) when another entry has the same first
    name (``Active Player``), so that no two entries share a unit id or a translation."""
    terms = list(terms)
    firsts = Counter(fold(term.names[0]) for term in terms if term.names)
    return ["" if not term.names else term.names[0] if firsts[fold(term.names[0])] == 1 or len(term.names) == 1
            else HEADING_SEPARATOR.join(term.names) for term in terms]


# priority of a name's origin within its language (lower first)
_TRANSLATOR, _GLOSSARY, _PREFERRED, _VARIANT, _PAIRED = range(5)


@dataclass
class _Concept:
    """A termbase entry being assembled."""

    english: str
    subject: str
    names: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    definitions: dict[str, str] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    note: str | None = None
    vocabulary: Concept | None = None  # set on the entries of an English name split per concept

    def add_name(self, lang: str, name: str, priority: int) -> None:
        if name and name.strip():
            self.names.setdefault(lang, []).append((priority, name.strip()))

    def add_rules(self, rules: Iterable[str]) -> None:
        self.rules.extend(r for r in rules if r not in self.rules)

    def entry(self, langs: tuple[str, ...]) -> TermEntry:
        names: dict[str, tuple[str, ...]] = {}
        for lang in langs:
            seen: dict[str, str] = {}
            for _priority, name in sorted(self.names.get(lang, ()), key=lambda item: item[0]):
                shown = name if lang == "en" else heading_case(name, self.english)
                seen.setdefault(fold(shown), shown)
            if seen:
                names[lang] = tuple(seen.values())
        ident = f"term-{slug(self.english)}" + (f"-{slug(self.vocabulary.kind)}" if self.vocabulary else "")
        return TermEntry(ident, self.subject, names,
                         {k: v for k, v in self.definitions.items() if k in langs}, tuple(self.rules), self.note)


def term_entries(kb: KnowledgeBase, selection: Selection, picked: Iterable[RuleNumber] | None = None,
                 cards: bool = False) -> list[TermEntry]:
    """The termbase of ``selection``'s languages (concepts citing ``picked`` rules, when given)."""
    langs = (selection.source_lang, *selection.target_langs)
    concepts: dict[str, _Concept] = {}
    english_doc = _english_release(kb, selection)
    release = _Release.read(kb, english_doc)
    _add_glossary(kb, english_doc, concepts)
    _add_vocabulary(default_vocabulary().concepts, concepts, release)
    _add_pairs(kb, concepts)
    _define_by_rules(release, concepts)
    wanted = None if picked is None else {str(n) for n in picked}
    entries = [c.entry(langs) for c in concepts.values() if wanted is None or wanted.intersection(c.rules)]
    entries = [e for e in entries if selection.source_lang in e.names]
    entries = one_entry_per_name(entries)
    if cards:
        entries.extend(card_entries(kb, langs))
    return entries


def one_entry_per_name(entries: list[TermEntry]) -> list[TermEntry]:
    """A name that is an entry of its own (its preferred English name) is not also admitted as a synonym
    of another entry: ``Tap`` is its own concept, not a second name of ``Tap and Untap``."""
    own = {fold(e.names["en"][0]) for e in entries if e.names.get("en")}
    out = []
    for entry in entries:
        english = entry.names.get("en", ())
        kept = english[:1] + tuple(n for n in english[1:] if fold(n) not in own)
        out.append(entry if kept == english else replace(entry, names={**entry.names, "en": kept}))
    return out


def _english_release(kb: KnowledgeBase, selection: Selection) -> str | None:
    if selection.source_lang == "en" and selection.source_doc:
        return selection.source_doc
    english = [d for d in kb.releases() if d.lang == "en" and d.active]
    return english[-1].id if english else None


def _add_glossary(kb: KnowledgeBase, doc_id: str | None, concepts: dict[str, _Concept]) -> None:
    records = kb.terms([doc_id] if doc_id else [])
    for record, key in zip(records, entry_keys(record.term for record in records)):
        term = record.term
        if term.obsolete or not term.names:
            continue
        concept = concepts.setdefault(fold(key), _Concept(key, "game term"))
        for name in term.names:
            concept.add_name("en", name, _GLOSSARY)
        if term.definition:
            concept.definitions["en"] = term.definition
        concept.add_rules(term.refs)


@dataclass
class _Release:
    """The English release's rule texts, and its keyword rules by name."""

    texts: dict[str, str] = field(default_factory=dict)
    named: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, kb: KnowledgeBase, doc_id: str | None) -> "_Release":
        release = cls()
        for version in kb.rule_versions([doc_id] if doc_id else []):
            rule = version.rule
            release.texts[rule.number] = rule.text or rule.title or ""
            if rule.kind == "rule" and rule_name(rule):
                release.named.setdefault(fold(rule_name(rule) or ""), rule.number)
        return release

    def numbers(self, concept: Concept) -> list[str]:
        """The concept's rules as this release numbers them (as the vocabulary has them when unknown)."""
        if not self.texts:
            return list(concept.rules)
        named = self.named.get(fold(concept.en))
        if named and (not concept.rules or any("." in n for n in concept.rules)):
            return [named]  # a keyword's rule, found by its name (a concept of a chapter, like the
            # counters of 122, is not the keyword action of the same name)
        return [n for n in concept.rules if n in self.texts]


def _add_vocabulary(vocabulary: Iterable[Concept], concepts: dict[str, _Concept], release: _Release) -> None:
    by_english: dict[str, list[Concept]] = {}
    for item in vocabulary:
        if item.en:
            by_english.setdefault(fold(item.en), []).append(item)
    for key, items in by_english.items():
        if len(items) > 1:  # Counter: to counter (701.6) and a counter (122): never synonyms
            _split(key, items, concepts, release)
            continue
        (item,) = items
        concept = concepts.get(key)
        subject = _subject(item)
        if concept is None:
            concept = concepts[key] = _Concept(item.en, subject)
        elif item.kind != "term":
            concept.subject = subject
        _add_concept_names(concept, item, release)


def _subject(item: Concept) -> str:
    return "game term" if item.kind == "term" else item.kind.replace("-", " ")


def _add_concept_names(concept: _Concept, item: Concept, release: _Release) -> None:
    for name in item.names:
        if name.form != "obsolete":
            concept.add_name(name.lang, name.text, _PREFERRED if name.form == "preferred" else _VARIANT)
    concept.add_rules(release.numbers(item))


def _split(key: str, items: list[Concept], concepts: dict[str, _Concept], release: _Release) -> None:
    """One entry per vocabulary concept of an English name, in place of the glossary entry that names
    them all: each with the glossary sense that cites its rule (the whole text, numbering its senses,
    when the senses cannot be told apart by their rules) and the glossary references of that sense."""
    glossary = concepts.get(key)
    english = glossary.english if glossary else items[0].en
    text = glossary.definitions.get("en") if glossary else None
    senses = glossary_senses(text) if text else []
    numbers = [release.numbers(item) for item in items]
    which = senses_by_rule(senses, numbers) if len(senses) > 1 else [None] * len(items)
    parts: dict[str, _Concept] = {}
    for item, at in zip(items, which):
        part = parts[f"{key}#{item.id}"] = _Concept(english, _subject(item), vocabulary=item)
        for priority, name in (glossary.names.get("en", []) if glossary else []):
            part.add_name("en", name, priority)
        if text:
            part.definitions["en"] = senses[at] if at is not None else text
        cited = rule_numbers_in(senses[at], chapters=True) if at is not None else []
        part.add_rules(r for r in (glossary.rules if glossary else []) if r in cited)
        _add_concept_names(part, item, release)
        part.note = f"one of {len(items)} concepts named {english!r}" + \
            ("" if at is not None or not text else "; the definition is the whole glossary entry's")
    placed = {k: v for k, v in concepts.items() if k != key}  # the parts take the glossary entry's place
    at_key = list(concepts).index(key) if key in concepts else len(concepts)
    concepts.clear()
    concepts.update({**dict(list(placed.items())[:at_key]), **parts, **dict(list(placed.items())[at_key:])})


def _add_pairs(kb: KnowledgeBase, concepts: dict[str, _Concept]) -> None:
    """Names the alignment paired with an English term, and the foreign glossary texts they carry."""
    docs = kb.documents()
    for pair in kb.term_pairs():
        concept = concepts.get(fold(pair.b_id)) or _part_named(concepts, pair.b_id, pair.a_id)
        lang = pair.note.get("lang") or (docs[pair.a_doc].lang if pair.a_doc in docs else None)
        if concept is None or lang is None:
            continue
        declared = pair.method == "declared"
        concept.add_name(lang, pair.a_id, _TRANSLATOR if declared else _PAIRED)
        if pair.a_doc in docs and docs[pair.a_doc].active and (declared or lang not in concept.definitions):
            definition = kb.term_definition(pair.a_doc, pair.a_id)
            if definition:
                concept.definitions[lang] = definition


def _part_named(concepts: dict[str, _Concept], english: str, name: str) -> _Concept | None:
    """The entry, of those an English name was split into, whose concept has ``name`` (None if none has:
    a name is never given to a sense it may not belong to)."""
    parts = [c for c in concepts.values() if c.vocabulary is not None and fold(c.english) == fold(english)]
    return next((c for c in parts if any(name_key(n.text, n.lang) == name_key(name, n.lang)
                                         for n in c.vocabulary.names)), None)


def _define_by_rules(release: _Release, concepts: dict[str, _Concept]) -> None:
    """A concept with no glossary definition but a rule of its own name (a keyword) is defined by
    that rule's first subrule."""
    for concept in concepts.values():
        number = release.named.get(fold(concept.english))
        if "en" in concept.definitions or number is None:
            continue
        if release.texts.get(f"{number}a"):
            concept.definitions["en"] = release.texts[f"{number}a"]
            concept.note = f"definition: rule {number}a"


def heading_case(name: str, english: str) -> str:
    """A foreign name capitalised as its English heading is (``legame vitale`` -> ``Legame vitale``)."""
    return name[:1].upper() + name[1:] if english[:1].isupper() and name[:1].islower() else name


def card_entries(kb: KnowledgeBase, langs: tuple[str, ...]) -> list[TermEntry]:
    """Card names with their printed names in the other languages (``--include cards``)."""
    seen: dict[str, dict[str, str]] = {}
    records = kb.cards(sorted(kb.active_ids()))
    for record in sorted(records, key=lambda r: r.card.name):
        names = seen.setdefault(record.card.name, {"en": record.card.name} if "en" in langs else {})
        for lang, f_name, _type, _text in record.card.foreign:
            if lang in langs and f_name:
                names.setdefault(lang, f_name)
    return [TermEntry(f"card-{slug(name)}", "card name", {lang: (n,) for lang, n in names.items()})
            for name, names in sorted(seen.items()) if len(names) > 1]


def slug(text: str) -> str:
    """An XML-id-safe form of a name (letters, digits, '-' and '.')."""
    out = "".join(c if c.isalnum() else "-" for c in fold(text))
    return "-".join(part for part in out.split("-") if part) or "x"
