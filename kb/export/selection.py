"""What a translator export holds: translation units picked from the knowledge base.

:func:`select` turns the ``--rules`` selectors (the same numbers and ranges as
``mtgkb rule``), a source language and target languages into a
:class:`Selection`: one :class:`Unit` per rule, subrule, chapter or section
title, example (``400.6#example-1``), and optionally glossary entry
(``glossary/Abandon``, ``glossary/Abandon#definition``) and ruling (``ruling/<card>/<n>``), in rules order.

Glossary units come in pairs: ``glossary/Vote`` (the entry's name) and
``glossary/Vote#definition`` (see :mod:`kb.export.glossary`).

Each unit carries its source text and, per target language, the target text
held by the knowledge base with its provenance and state: ``new`` (no target),
``translated``, or ``stale`` (see :mod:`kb.export.staleness`). Texts are found
by *aligned* number (``rules.aligned_number``), so a renumbered translation that
the alignment step matched to the source rule lands on the right unit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Sequence

from ..errors import KBError, NotFoundError
from ..lookup import select_numbers
from ..numbering import RuleNumber
from ..store import KnowledgeBase, RuleVersion
from .glossary import glossary_units
from .staleness import StaleContext, own_unit_id, previous_source, stale_reason
from .terms import term_entries
from .units import LeftOut, Selection, TargetText, Unit, compact

INCLUDES = ("examples", "glossary", "rulings", "cards")
DEFAULT_INCLUDE = ("examples",)
EXAMPLE_MARK = "#example-"


def example_id(number: str, index: int) -> str:
    """``400.6#example-1`` for the first example of rule 400.6."""
    return f"{number}{EXAMPLE_MARK}{index}"


def split_unit_id(unit_id: str) -> tuple[RuleNumber | None, int | None]:
    """``400.6#example-1`` -> (400.6, 1); ``400.7a`` -> (400.7a, None); anything else -> (None, None)."""
    head, mark, tail = unit_id.strip().partition(EXAMPLE_MARK)
    number = RuleNumber.try_parse(head) if head and not head.endswith(".") else None
    if number is None:
        return None, None
    if not mark:
        return number, None
    return (number, int(tail)) if tail.isdigit() and int(tail) >= 1 else (None, None)


def select(kb: KnowledgeBase, rules: Sequence[str] = (), source: str = "en", targets: Sequence[str] = ("it",),
           include: Iterable[str] = DEFAULT_INCLUDE, release: str | None = None, *,
           termbase: bool = True) -> Selection:
    """The units for ``rules`` (default: every rule held) from ``source`` to ``targets``, and (unless not
    ``termbase``: an import checks units only) the termbase entries of their concepts."""
    include = set(include)
    unknown = include - set(INCLUDES)
    if unknown:
        raise NotFoundError(f"--include: unknown part {sorted(unknown)[0]!r} (choose from {', '.join(INCLUDES)})")
    source_doc = source_release_doc(kb, source, release)
    numbers = kb.numbers(release)
    picked = pick_numbers(rules, numbers)
    if source in targets:
        raise KBError(f"source and target are both {source}: a translation needs two languages (choose another target)")
    context = StaleContext(kb, source)
    targets = tuple(dict.fromkeys(targets))
    units: list[Unit] = []
    sourceless: list[str] = []
    chapter_titles = source_titles(kb, source_doc)
    for number, versions in kb.versions(picked, release):
        src = source_version(versions, source, source_doc)
        if src is None:
            sourceless.append(number)  # held in other languages only (orphaned: see kb.export.status)
            continue
        units.extend(rule_units(number, src, versions, targets, chapter_titles, context))
    if "examples" not in include:
        units = [u for u in units if u.kind != "example"]
    if "glossary" in include:
        units.extend(glossary_units(kb, source_doc, targets, picked if rules else None, context))
    if "rulings" in include:
        units.extend(ruling_units(kb, source, targets))
    docs = tuple(dict.fromkeys(u.source_doc for u in units if u.source_doc))
    release_date = source_doc_date(kb, source_doc)
    left_out = (LeftOut(f"no {source} source text (held in other languages only)", tuple(sourceless),
                        compact(sourceless, [str(n) for n in picked])),) if sourceless else ()
    selection = Selection(source, targets, release_date, source_doc, tuple(units),
                          source_date=release_date or newest_date(kb, docs), source_docs=docs, left_out=left_out)
    if not termbase:
        return selection
    terms = term_entries(kb, selection, picked if rules else None, cards="cards" in include)
    return replace(selection, terms=tuple(terms))


def pick_numbers(selectors: Sequence[str], numbers: list[RuleNumber]) -> list[RuleNumber]:
    if not selectors:
        return list(numbers)
    picked: dict[RuleNumber, None] = {}
    for selector in selectors:
        for number in select_numbers(selector, numbers):
            picked[number] = None
    if any(not s.strip().endswith(".") for s in selectors):
        # a rule, chapter or section brings everything below it (the whole chapter, not only its rules)
        for number in numbers:
            if number not in picked and any(_brings(s, number) for s in selectors):
                picked[number] = None
    return sorted(picked)


def _brings(selector: str, number: RuleNumber) -> bool:
    parsed = RuleNumber.try_parse(selector.strip())
    return parsed is not None and parsed.kind in ("section", "chapter") and parsed.contains(number)


def source_release_doc(kb: KnowledgeBase, lang: str, release: str | None) -> str | None:
    """The id of the official release the source texts come from (newest, or ``release``)."""
    releases = [d for d in kb.releases() if d.lang == lang]
    if release is not None:
        chosen = [d for d in releases if d.effective_date == release]
        return chosen[0].id if chosen else None
    active = [d for d in releases if d.active]
    return active[-1].id if active else None


def source_titles(kb: KnowledgeBase, doc_id: str | None) -> dict[str, str]:
    """Chapter and section number -> title in the source release (for notes on every unit)."""
    return kb.headings(doc_id) if doc_id is not None else {}


def source_doc_date(kb: KnowledgeBase, doc_id: str | None) -> str | None:
    return kb.documents()[doc_id].effective_date if doc_id else None


def newest_date(kb: KnowledgeBase, doc_ids: Iterable[str]) -> str | None:
    """The newest effective date of the documents ``doc_ids`` (None when none has one)."""
    docs = kb.documents()
    dates = [docs[d].effective_date for d in doc_ids if d in docs and docs[d].effective_date]
    return max(dates) if dates else None


def source_version(versions: list[RuleVersion], lang: str, release_doc: str | None) -> RuleVersion | None:
    """The source-language text: the official release first, then any other source-language document."""
    mine = [v for v in versions if v.doc.lang == lang and v.doc.provenance != "translator"]
    for v in mine:
        if v.doc.id == release_doc:
            return v
    return mine[0] if mine else None


def target_version(versions: list[RuleVersion], lang: str) -> RuleVersion | None:
    """A target language's text: a translator's import first, then an official release, then others."""
    mine = [v for v in versions if v.doc.lang == lang]
    rank = {"translator": 0, "official": 1}
    mine.sort(key=lambda v: rank.get(v.doc.provenance, 2))
    return mine[0] if mine else None


def rule_text(rule_kind: str, version: RuleVersion) -> str:
    """What is translated for a rule: its text, or the title of a section or chapter."""
    if rule_kind in ("section", "chapter"):
        return version.rule.title or version.rule.text
    return version.rule.text


def rule_units(number: str, src: RuleVersion, versions: list[RuleVersion], targets: tuple[str, ...],
               chapter_titles: dict[str, str], context: StaleContext) -> list[Unit]:
    parsed = RuleNumber.parse(number)
    kind = parsed.kind
    chapter = _chapter_of(parsed)
    if kind == "chapter" and number not in chapter_titles:
        chapter_titles[number] = rule_text(kind, src)
    chapter_title = chapter_titles.get(chapter) if chapter else None
    source_text = rule_text(kind, src)
    found = {lang: target_version(versions, lang) for lang in targets}
    main_targets: dict[str, TargetText] = {}
    for lang, version in found.items():
        if version is None:
            continue
        text = rule_text(kind, version)
        if not text and not version.rule.pointer:
            continue
        main_targets[lang] = target_text(number, text, source_text, version, context)
    units = [Unit(number, kind, source_text, number, chapter, chapter_title, src.doc.id, main_targets)]
    for index, example in enumerate(src.rule.examples, 1):
        uid = example_id(number, index)
        ex_targets = {}
        for lang, version in found.items():
            if version is not None and len(version.rule.examples) >= index:
                ex_targets[lang] = target_text(uid, version.rule.examples[index - 1].text, example.text,
                                               version, context)
        units.append(Unit(uid, "example", example.text, number, chapter, chapter_title, src.doc.id, ex_targets))
    return units


def _chapter_of(number: RuleNumber) -> str | None:
    if number.chapter is None:
        return None
    return str(RuleNumber(number.section, number.chapter))


def target_text(unit_id: str, text: str, source_text: str, version: RuleVersion, context: StaleContext) -> TargetText:
    reason = stale_reason(unit_id, source_text, version, context)
    who = context.imported(version.doc.id, own_unit_id(unit_id, version))
    return TargetText(
        text=text, doc_id=version.doc.id, provenance=version.doc.provenance,
        effective_date=version.doc.effective_date, state="stale" if reason else "translated", reason=reason,
        source_number=version.rule.number if version.rule.number != version.aligned_number else None,
        pointer=version.rule.pointer, translator=who.translator if who else None,
        imported=who.imported if who else None,
        previous_source=previous_source(unit_id, source_text, version, context) if reason else None)


def ruling_units(kb: KnowledgeBase, source: str, targets: tuple[str, ...]) -> list[Unit]:
    """Rulings written in the source language, with their translations held in the target languages."""
    docs = kb.documents()
    records = kb.rulings(sorted(kb.active_ids()), lang=source)
    records.sort(key=lambda r: (r.ruling.card is not None, r.ruling.card or ""))  # by card, general ones first
    units = []
    counter: dict[str, int] = {}
    for record in records:
        doc_id, card, text = record.doc_id, record.ruling.card, record.ruling.text
        key = card or "general"
        counter[key] = counter.get(key, 0) + 1
        found = {}
        for lang, t_text, provenance in record.ruling.translations:
            if lang in targets and lang not in found:
                found[lang] = TargetText(t_text, doc_id, provenance, docs[doc_id].effective_date)
        units.append(Unit(f"ruling/{key}/{counter[key]}", "ruling", text, None, None, card, doc_id, found))
    return units
