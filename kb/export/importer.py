"""Bring a translator's file back: check every unit, store the good ones as a corpus document.

:func:`import_file` reads the file (any format :func:`kb.export.read_translations`
recognises), checks each unit against the knowledge base, and merges the applicable
ones into ``KB_DIR/imports/<lang>.json`` (the ``mtgkb-translation`` format, parsed by
:mod:`kb.parsers.translation`). The caller rebuilds the knowledge base afterwards.

Every unit of the file ends in exactly one list of the :class:`ImportReport`:
``applied``, ``unchanged`` (the knowledge base already holds that text), ``untranslated``
(no target text), or ``rejected`` with the reason (not a rule number, no such rule in
the source release, the source text no longer matches that release, marked
fuzzy / needs review, another language, an example without its rule).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import KBError
from ..model import LANGUAGES
from ..numbering import RuleNumber
from ..parsers.translation import dumps
from ..store import KnowledgeBase
from . import read_translations
from .base import ImportedFile, ImportedUnit
from .selection import example_id, select, source_release_doc, split_unit_id
from .staleness import same_text

IMPORTS = "imports"


@dataclass(frozen=True)
class Verdict:
    id: str
    line: int | None
    reason: str


@dataclass
class ImportReport:
    path: str
    format: str
    lang: str
    source_release: str | None
    stored: str = ""
    applied: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    untranslated: list[str] = field(default_factory=list)
    rejected: list[Verdict] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.path, "format": self.format, "lang": self.lang, "source_release": self.source_release,
                "stored": self.stored, "applied": self.applied, "unchanged": self.unchanged,
                "untranslated": self.untranslated,
                "rejected": [{"id": v.id, "line": v.line, "reason": v.reason} for v in self.rejected],
                "ignored": self.ignored}


def short_lang(lang: str | None) -> str | None:
    return lang.replace("_", "-").split("-")[0].lower() if lang else None


def imports_dir(kb_dir: Path) -> Path:
    return Path(kb_dir) / IMPORTS


def import_file(kb: KnowledgeBase, kb_dir: Path, path: Path, lang: str | None = None,
                translator: str | None = None, when: str | None = None) -> ImportReport:
    """Check ``path``'s units and store the applicable ones; returns what became of each."""
    from datetime import date

    data = Path(path).read_bytes() if Path(path).is_file() else None
    if data is None:
        raise KBError(f"{path}: no such file")
    imported = read_translations(data, str(path))
    target = short_lang(lang) or _only_target(imported, str(path))
    source = short_lang(imported.source_lang) or "en"
    if target not in LANGUAGES or target == source:
        raise KBError(f"{path}: cannot import {target!r} translations of {source!r} texts "
                      f"(targets: {', '.join(l for l in LANGUAGES if l != source)})")
    checker = UnitChecker(kb, source, target, imported)
    report = ImportReport(str(path), imported.format, target, checker.release, ignored=list(imported.ignored))
    accepted: dict[str, str] = {}
    for unit in imported.units:
        checker.judge(unit, report, accepted)
    _fill_examples(checker, accepted, report)
    if accepted:
        record = {"file": Path(path).name, "file_format": imported.format, "imported": when or date.today().isoformat(),
                  "translator": translator, "source_release": checker.release}
        report.stored = str(store_units(kb_dir, target, source, accepted, checker, record))
    return report


def _only_target(imported: ImportedFile, path: str) -> str:
    langs = [short_lang(t) for t in imported.target_langs] or ([short_lang(imported.target_lang)]
                                                              if imported.target_lang else [])
    langs = list(dict.fromkeys(langs))
    if len(langs) != 1:
        raise KBError(f"{path}: the file holds {'no target language' if not langs else 'several languages: ' + ', '.join(langs)}"
                      "; say which with --lang")
    return langs[0]


class UnitChecker:
    """Checks units against the source release the file was made from (or the newest held)."""

    def __init__(self, kb: KnowledgeBase, source: str, target: str, imported: ImportedFile) -> None:
        held = {d.effective_date for d in kb.releases() if d.lang == source}
        self.release = imported.source_release if imported.source_release in held else None
        doc = source_release_doc(kb, source, self.release)
        if doc is None:
            raise KBError(f"the knowledge base holds no {source} rules release to check the translations against")
        self.release = kb.documents()[doc].effective_date
        self.source, self.target = source, target
        selection = select(kb, (), source, (target,), ("examples",), self.release)
        self.units = {u.id: u for u in selection.units}

    def judge(self, unit: ImportedUnit, report: ImportReport, accepted: dict[str, str]) -> None:
        where = f" (line {unit.line})" if unit.line else ""
        number, _example = split_unit_id(unit.id)
        if short_lang(unit.lang) not in (None, self.target) and unit.lang:
            report.rejected.append(Verdict(unit.id, unit.line, f"language {unit.lang}, not {self.target}"))
        elif number is None:
            report.rejected.append(Verdict(unit.id, unit.line, "not a rule number"))
        elif not unit.target or not unit.target.strip():
            report.untranslated.append(unit.id)
        elif unit.id not in self.units:
            report.rejected.append(Verdict(unit.id, unit.line, f"no {unit.id} in the {self.source} release {self.release}"))
        elif unit.source is None:
            report.rejected.append(Verdict(unit.id, unit.line, "no source text in the file to check against the release"))
        elif not same_text(unit.source, self.units[unit.id].source):
            report.rejected.append(Verdict(unit.id, unit.line,
                                           f"source text no longer matches the {self.source} release {self.release}"))
        elif unit.state == "stale":
            report.rejected.append(Verdict(unit.id, unit.line, "marked fuzzy / needs review in the file"))
        elif unit.id in accepted and accepted[unit.id] != unit.target:
            report.rejected.append(Verdict(unit.id, unit.line, f"a second, different translation of {unit.id}{where}"))
        else:
            current = self.units[unit.id].targets.get(self.target)
            if current is not None and current.text == unit.target and current.state == "translated":
                report.unchanged.append(unit.id)
            else:
                accepted[unit.id] = unit.target
                if unit.id not in report.applied:
                    report.applied.append(unit.id)


def _fill_examples(checker: UnitChecker, accepted: dict[str, str], report: ImportReport) -> None:
    """An example needs its rule's text and the examples before it in the target language:
    taken from the file, else carried over from the knowledge base; otherwise it is rejected."""
    for unit_id in [u for u in accepted if "#example-" in u]:
        number, index = split_unit_id(unit_id)
        rule_id = str(number)
        needed = [rule_id, *(example_id(rule_id, i) for i in range(1, index))]
        missing = [n for n in needed if n not in accepted and checker.units.get(n) is not None
                   and checker.target not in checker.units[n].targets]
        if missing:
            del accepted[unit_id]
            report.applied.remove(unit_id)
            report.rejected.append(Verdict(unit_id, None, f"{missing[0]} has no {checker.target} text"
                                                          " in the file or the knowledge base"))


def store_units(kb_dir: Path, lang: str, source: str, accepted: dict[str, str], checker: UnitChecker,
                record: dict[str, Any]) -> Path:
    """Merge ``accepted`` into ``KB_DIR/imports/<lang>.json`` (written atomically)."""
    folder = imports_dir(kb_dir)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{lang}.json"
    units: dict[str, dict[str, Any]] = {}
    if path.exists():
        try:
            for unit in json.loads(path.read_text(encoding="utf-8")).get("units", []):
                units[unit["id"]] = unit
        except (ValueError, AttributeError, KeyError, TypeError):
            raise KBError(f"{path}: the stored translations are damaged; move the file away and import again") \
                from None
    for unit_id, text in accepted.items():
        units[unit_id] = {"id": unit_id, "text": text, "source_text": checker.units[unit_id].source, **record}
    _carry_over(units, checker, record)
    ordered = sorted(units.values(), key=lambda u: _order(u["id"]))
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(dumps({"lang": lang, "source_lang": source}, ordered), encoding="utf-8")
    os.replace(tmp, path)
    return path


def _carry_over(units: dict[str, dict[str, Any]], checker: UnitChecker, record: dict[str, Any]) -> None:
    """A rule whose example was imported needs its text (and earlier examples) in the same document:
    copy them from the knowledge base, saying where from."""
    for unit_id in list(units):
        number, index = split_unit_id(unit_id)
        if index is None:
            continue
        rule_id = str(number)
        for needed in [rule_id, *(example_id(rule_id, i) for i in range(1, index))]:
            held = checker.units.get(needed)
            if needed in units or held is None or checker.target not in held.targets:
                continue
            found = held.targets[checker.target]
            units[needed] = {"id": needed, "text": found.text, "source_text": held.source, **record,
                             "carried_from": found.doc_id}


def _order(unit_id: str) -> tuple:
    number, index = split_unit_id(unit_id)
    return (number or RuleNumber(0), index or 0, unit_id)


def build_sources(kb: KnowledgeBase, kb_dir: Path) -> list[Path]:
    """The sources of the current build, without the imports folder (the build adds it back)."""
    folder = imports_dir(kb_dir).resolve()
    sources = [Path(p) for p in kb.info().get("sources", [])]
    missing = [str(p) for p in sources if not p.exists()]
    if missing:
        raise KBError(f"cannot rebuild: source {missing[0]} of the current build is gone")
    return [p for p in sources if p.resolve() != folder]


__all__ = ["ImportReport", "Verdict", "build_sources", "import_file", "imports_dir"]
