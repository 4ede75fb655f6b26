"""Glossary units of a translator export, and what a glossary translation is held as.

Each entry of the source release's glossary gives two units:

- ``glossary/Vote``: the entry's name (several names joined with `` / ``);
- ``glossary/Vote#definition``: its definition.

A target text is the glossary entry a document of that language holds and the alignment
paired with the English entry: a translator's import (``mtgkb import``, pair method
``declared``) first, then any other document. With none, the name unit offers the
vocabulary's preferred name (:mod:`kb.vocabulary`, provenance ``vocabulary``) and the
definition unit is new. An imported text is stale when the English text it was
translated from (recorded at import) has changed since.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..model import Term
from ..numbering import RuleNumber
from ..parsers.translation import DEFINITION_MARK, GLOSSARY_PREFIX, NAME_SEPARATOR, split_glossary_id
from ..store import DocumentInfo, KnowledgeBase
from ..text import fold
from ..vocabulary import default_vocabulary
from .staleness import StaleContext, same_text
from .terms import entry_keys, heading_case
from .units import TargetText, Unit

VOCABULARY = "vocabulary"
__all__ = ["ForeignEntry", "entry_keys", "foreign_entries", "glossary_id", "glossary_units", "split_glossary_id", "vocabulary_name"]


def glossary_id(english: str, definition: bool = False) -> str:
    """``glossary/Vote`` (the name) or ``glossary/Vote#definition``."""
    return f"{GLOSSARY_PREFIX}{english}{DEFINITION_MARK if definition else ''}"


@dataclass(frozen=True)
class ForeignEntry:
    """A glossary entry in another language aligned to an English one."""

    term: Term
    doc: DocumentInfo
    declared: bool


def foreign_entries(kb: KnowledgeBase, english_doc: str | None) -> dict[tuple[str, str], ForeignEntry]:
    """(folded English name, language) -> the foreign glossary entry aligned to it (imports first); an
    entry aligned only to another release's glossary is carried by its English name, as rules are carried
    by their English text (a definition whose English changed is then shown stale)."""
    docs = kb.documents()
    held: dict[str, dict[str, Term]] = {}
    found: dict[tuple[str, str], ForeignEntry] = {}
    elsewhere: dict[tuple[str, str], ForeignEntry] = {}  # aligned to another release's glossary
    for pair in kb.term_pairs():
        doc = docs.get(pair.a_doc)
        if doc is None or not doc.active:
            continue
        if pair.a_doc not in held:
            held[pair.a_doc] = {name: r.term for r in kb.terms([pair.a_doc]) for name in r.term.names}
        term = held[pair.a_doc].get(pair.a_id)
        if term is None:
            continue  # a name only (a keyword page, a chapter title): no glossary text
        key = (fold(pair.b_id), doc.lang)
        declared = pair.method == "declared"
        chosen = found if english_doc is None or pair.b_doc == english_doc else elsewhere
        if key not in chosen or (declared and not chosen[key].declared):
            chosen[key] = ForeignEntry(term, doc, declared)
    return {**elsewhere, **found}


def vocabulary_name(english: str, lang: str) -> str | None:
    """The vocabulary's preferred ``lang`` name of the concept named ``english``; none when the
    English name stands for concepts named differently there (*Counter*: neutralizzare, the
    action, and segnalino, the marker): one name would be wrong for the other sense."""
    names = {concept.name(lang) for concept in default_vocabulary().lookup(english, "en")
             if fold(concept.en) == fold(english) and concept.name(lang)}
    return heading_case(names.pop(), english) if len(names) == 1 else None


def glossary_units(kb: KnowledgeBase, english_doc: str | None, targets: Iterable[str],
                   picked: list[RuleNumber] | None, context: StaleContext) -> list[Unit]:
    """Two units per glossary entry of ``english_doc`` (those citing ``picked`` rules, when given)."""
    if english_doc is None:
        return []
    wanted = {str(n) for n in picked} if picked is not None else None
    foreign = foreign_entries(kb, english_doc)
    units: list[Unit] = []
    records = kb.terms([english_doc])
    for record, english in zip(records, entry_keys(record.term for record in records)):
        term = record.term
        if not term.names or (wanted is not None and not wanted.intersection(term.refs)):
            continue
        names: dict[str, TargetText] = {}
        definitions: dict[str, TargetText] = {}
        for lang in targets:
            entry = foreign.get((fold(english), lang))
            if entry is not None:
                names[lang] = _target(NAME_SEPARATOR.join(entry.term.names), english, False,
                                      NAME_SEPARATOR.join(term.names), entry.doc, context)
                if entry.term.definition:
                    definitions[lang] = _target(entry.term.definition, english, True, term.definition or "",
                                                entry.doc, context)
            elif vocabulary_name(english, lang):
                names[lang] = TargetText(vocabulary_name(english, lang) or "", VOCABULARY, VOCABULARY)
        source_doc = record.doc_id
        units.append(Unit(glossary_id(english), "term", NAME_SEPARATOR.join(term.names), None, None, english,
                          source_doc, names))
        units.append(Unit(glossary_id(english, True), "term", term.definition or "", None, None, english,
                          source_doc, definitions))
    return units


def _target(text: str, english: str, definition: bool, source_text: str, doc: DocumentInfo,
            context: StaleContext) -> TargetText:
    unit_id = glossary_id(english, definition)
    who = context.imported(doc.id, unit_id)
    recorded = context.meta(doc.id).get("units", {}).get(unit_id) or {}
    before = recorded.get("source_text")
    reason = None
    if before is not None and not same_text(before, source_text):
        since = recorded.get("source_release")
        reason = f"translated from another English text{f' (the release {since})' if since else ''}"
    return TargetText(text, doc.id, doc.provenance, doc.effective_date, "stale" if reason else "translated",
                      reason, translator=who.translator if who else None, imported=who.imported if who else None,
                      previous_source=before if reason else None)
