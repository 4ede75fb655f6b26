"""How far a translation is: per chapter, rules translated, missing, stale and orphaned.

- translated: the target holds a current text of the rule or subrule;
- missing: it holds none;
- stale: it holds one, but the source changed since (see :mod:`kb.export.staleness`);
- orphaned: the target holds a rule the source release no longer has.

A chapter whose target text is only a pointer (``Vedi Grimorio.``) says so.
``units`` counts every unit of the default export (sections, chapters, rules, subrules and
examples) as ``translated``, ``stale`` and ``new``: the counts a CAT tool or translate-toolkit
reads from that export (translated, fuzzy / needs review, untranslated). ``translators`` says
who imported the texts held and when (the newest import of each). Rule selectors (as for
``mtgkb export``) narrow the report to those rules, and ``glossary`` adds the glossary's units,
so the counts match an export of the same part. Each stale unit carries the source text it was
translated from beside the current one (``previous_source``, ``source``), shown as a word diff.
Chapter status: ``translated`` (nothing missing or stale), ``pointer``, ``missing``
(nothing translated), ``stale`` (nothing missing, something stale) or ``partial``.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Any, Sequence

from ..numbering import RuleNumber
from ..store import KnowledgeBase
from ..text import counted
from .selection import pick_numbers, select
from .units import TargetText, Unit, compact

RULE_KINDS = ("rule", "subrule")


def status(kb: KnowledgeBase, source: str = "en", target: str = "it", release: str | None = None,
           rules: Sequence[str] = (), glossary: bool = False) -> dict[str, Any]:
    """How far ``target`` is, for the rules ``rules`` select (all by default) and, with ``glossary``,
    the glossary: the counts an export of the same selection shows."""
    selection = select(kb, rules, source, (target,), ("examples", "glossary") if glossary else ("examples",), release)
    chapters: dict[str, dict[str, Any]] = {}
    units = {state: 0 for state in ("translated", "stale", "new")}
    translators: dict[str, dict[str, Any]] = {}
    terms: dict[str, Any] = {"units": 0, "translated": [], "missing": [], "stale": []}
    for unit in selection.units:
        units[unit.state(target)] += 1
        found = unit.targets.get(target)
        _count_translator(found, translators)
        if unit.kind == "chapter":
            chapters[unit.id] = _chapter(unit.id, unit.source, found)
        elif unit.kind in RULE_KINDS and unit.chapter:
            entry = chapters.setdefault(unit.chapter, _chapter(unit.chapter, unit.chapter_title or "", None))
            entry["rules"] += 1
            _file(entry, unit, target)
        elif unit.kind == "term":
            terms["units"] += 1
            _file(terms, unit, target)
    loose = []
    known = {u.id for u in selection.units}
    picked = {str(n) for n in pick_numbers(rules, kb.numbers(release))} if rules else None
    for number in orphans(kb, source, target, release, known, picked):
        chapter = str(RuleNumber(number.section, number.chapter)) if number.chapter else None
        (chapters[chapter]["orphaned"] if chapter in chapters else loose).append(str(number))
    for entry in chapters.values():
        entry["status"] = chapter_status(entry)
    totals = {key: sum(len(c[key]) for c in chapters.values()) for key in ("translated", "missing", "stale", "orphaned")}
    totals["orphaned"] += len(loose)
    totals["rules"] = sum(c["rules"] for c in chapters.values())
    return {"source": {"lang": source, "release": selection.source_release, "document": selection.source_doc,
                       "date": selection.source_date, "description": selection.source_description()},
            "target": target, "totals": totals, "units": {**units, "total": sum(units.values())},
            "translators": sorted(translators.values(), key=lambda t: t["last_imported"], reverse=True),
            "chapters": list(chapters.values()), "orphaned_elsewhere": loose,
            "selection": list(rules), **({"glossary": terms} if glossary else {})}


def _chapter(number: str, title: str, found: TargetText | None) -> dict[str, Any]:
    return {"chapter": number, "title": title, "target_title": found.text if found else None,
            "pointer": found.pointer if found else None,
            "rules": 0, "translated": [], "missing": [], "stale": [], "orphaned": []}


def _file(entry: dict[str, Any], unit: Unit, target: str) -> None:
    """Put ``unit`` in the translated, missing or stale list of ``entry``; a stale one with the source
    text it was translated from and the current one."""
    state = unit.state(target)
    if state == "new":
        entry["missing"].append(unit.id)
    elif state == "stale":
        found = unit.targets[target]
        entry["stale"].append({"number": unit.id, "reason": found.reason, "previous_source": found.previous_source,
                               "source": unit.source})
    else:
        entry["translated"].append(unit.id)


def word_diff(old: str, new: str) -> str:
    """The words of ``new`` against ``old``: removed ones as ``[-…-]``, added ones as ``{+…+}``."""
    a, b = old.split(), new.split()
    out = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(" ".join(a[i1:i2]))
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def _count_translator(found: TargetText | None, translators: dict[str, dict[str, Any]]) -> None:
    if found is None or not found.imported:
        return
    name = found.translator or ""
    entry = translators.setdefault(name, {"translator": found.translator, "texts": 0, "last_imported": ""})
    entry["texts"] += 1
    entry["last_imported"] = max(entry["last_imported"], found.imported)


def chapter_status(entry: dict[str, Any]) -> str:
    translated, missing, stale = len(entry["translated"]), len(entry["missing"]), len(entry["stale"])
    if entry["rules"] and not missing and not stale:
        return "translated"
    if not translated and not stale:
        return "pointer" if entry["pointer"] else "missing"
    if not missing:
        return "stale"
    return "partial"


def orphans(kb: KnowledgeBase, source: str, target: str, release: str | None, known: set[str],
            picked: set[str] | None = None) -> list[RuleNumber]:
    """Aligned numbers (of ``picked``, when given) with a target text but no source text in the release."""
    out = []
    candidates = [n for n in kb.numbers(release) if str(n) not in known and (picked is None or str(n) in picked)]
    for number, versions in kb.versions(candidates, release):
        langs = {v.doc.lang for v in versions}
        if target in langs and source not in langs:
            out.append(RuleNumber.parse(number))
    return out


def _stale_lines(stale: list[dict[str, Any]]) -> list[str]:
    """Each stale unit with why, and the word diff of the source it was translated from to the current one."""
    lines = []
    for item in stale:
        lines.append(f"    stale: {item['number']} ({item['reason']})")
        if item.get("previous_source"):
            lines.append(f"      source changed: {word_diff(item['previous_source'], item['source'])}")
    return lines


def render_status(report: dict[str, Any]) -> str:
    """A line per chapter, then the rules in each group."""
    src = report["source"]
    lines = [f"{report['target']} against {src['description']}"]
    totals, units = report["totals"], report["units"]
    lines.append(f"{totals['rules']} rules: {totals['translated']} translated, {totals['missing']} missing, "
                 f"{totals['stale']} stale, {totals['orphaned']} orphaned")
    lines.append(f"{units['total']} units as exported (with titles and examples): {units['translated']} translated, "
                 f"{units['stale']} needing review (fuzzy), {units['new']} new (untranslated)")
    for who in report["translators"]:
        texts = counted(who["texts"], "text")
        lines.append(f"imported by {who['translator'] or 'an unnamed translator'}: {texts} held, "
                     f"last {who['last_imported']}")
    for entry in report["chapters"]:
        order = [*entry["translated"], *entry["missing"], *(s["number"] for s in entry["stale"])]
        order.sort(key=RuleNumber.parse)
        head = f"{entry['chapter']}. {entry['title']}"
        if entry["target_title"]:
            head += f" / {entry['target_title']}"
        lines.append(f"{head}: {entry['status']} ({len(entry['translated'])}/{entry['rules']} translated, "
                     f"{len(entry['missing'])} missing, {len(entry['stale'])} stale, {len(entry['orphaned'])} orphaned)"
                     + (f" - pointer: {entry['pointer']}" if entry["pointer"] else ""))
        for key in ("translated", "missing"):
            if entry[key]:
                lines.append(f"    {key}: {compact(entry[key], order)}")
        lines += _stale_lines(entry["stale"])
        if entry["orphaned"]:
            lines.append(f"    orphaned: {', '.join(entry['orphaned'])}")
    terms = report.get("glossary")
    if terms is not None:
        lines.append(f"glossary: {terms['units']} units (names and definitions): {len(terms['translated'])} translated, "
                     f"{len(terms['missing'])} missing, {len(terms['stale'])} stale")
        lines += _stale_lines(terms["stale"])
    if report["orphaned_elsewhere"]:
        lines.append(f"orphaned outside any source chapter: {', '.join(report['orphaned_elsewhere'])}")
    return "\n".join(lines)
