"""Aligned term pairs for a termbase (TBX): concepts named in more than one language.

Four kinds, in this order:

- chapter and section titles of the selection, paired by number (``chapter-400``);
- glossary terms of the selection that the alignment step paired with a target term
  (``alignments`` rows of kind ``term``; ``a_id``/``b_id`` are the term names);
- keyword names recorded by keyword pages (``Document.meta["keyword"]``, lang -> name);
- card names with their foreign names (:attr:`kb.model.Card.foreign`).

Only concepts with a name in the source and in at least one target language are kept.
"""

from __future__ import annotations

from typing import Iterator

from ..store import KnowledgeBase
from .units import Selection, TermEntry


def term_entries(kb: KnowledgeBase, selection: Selection) -> list[TermEntry]:
    langs = (selection.source_lang, *selection.target_langs)
    entries = [*title_entries(selection), *glossary_entries(kb, selection), *keyword_entries(kb, langs),
               *card_entries(kb, langs)]
    return [e for e in entries if selection.source_lang in e.names and len(e.names) > 1]


def title_entries(selection: Selection) -> Iterator[TermEntry]:
    for unit in selection.units:
        if unit.kind in ("section", "chapter"):
            names = {selection.source_lang: unit.source}
            names.update({lang: t.text for lang, t in unit.targets.items() if t.text})
            yield TermEntry(f"{unit.kind}-{unit.number}", f"{unit.kind} title", names, f"rule {unit.number}")


def glossary_entries(kb: KnowledgeBase, selection: Selection) -> Iterator[TermEntry]:
    wanted = {u.id.split("/", 1)[1] for u in selection.units if u.kind == "term"}
    if not wanted:
        return
    docs = kb.documents()
    pairs: dict[str, dict[str, str]] = {}
    for pair in kb.term_pairs():
        a_doc, a_id, b_doc, b_id = pair.a_doc, pair.a_id, pair.b_doc, pair.b_id
        if a_id in wanted and a_doc in docs and b_doc in docs and docs[a_doc].lang == selection.source_lang:
            pairs.setdefault(a_id, {selection.source_lang: a_id}).setdefault(docs[b_doc].lang, b_id)
    for name in sorted(pairs):
        yield TermEntry(f"glossary-{_slug(name)}", "glossary term", pairs[name])


def keyword_entries(kb: KnowledgeBase, langs: tuple[str, ...]) -> Iterator[TermEntry]:
    seen: dict[str, dict[str, str]] = {}
    for page in kb.document_pages():
        keyword = page.meta.get("keyword") or {}
        english = keyword.get("en")
        if not english:
            continue
        names = seen.setdefault(english, {})
        for lang, name in keyword.items():
            if lang in langs and name:
                names.setdefault(lang, name)
    for english in sorted(seen):
        yield TermEntry(f"keyword-{_slug(english)}", "keyword", seen[english])


def card_entries(kb: KnowledgeBase, langs: tuple[str, ...]) -> Iterator[TermEntry]:
    seen: dict[str, dict[str, str]] = {}
    records = kb.cards(sorted(kb.active_ids()))
    records.sort(key=lambda r: r.card.name)
    for record in records:
        name = record.card.name
        names = seen.setdefault(name, {"en": name} if "en" in langs else {})
        for lang, f_name, _type, _text in record.card.foreign:
            if lang in langs and f_name:
                names.setdefault(lang, f_name)
    for name in sorted(seen):
        yield TermEntry(f"card-{_slug(name)}", "card name", seen[name])


def _slug(text: str) -> str:
    """An XML-id-safe form of a name (letters, digits, '-' and '.')."""
    out = "".join(c if c.isalnum() else "-" for c in text)
    return "-".join(part for part in out.split("-") if part) or "x"
