"""Bring a translator's file back: check every unit, then store the good ones and rebuild, all or nothing.

:func:`import_translations` reads the file (any format :func:`kb.export.read_translations`
recognises), checks each unit against the knowledge base (:class:`UnitChecker`), and hands
the applicable ones to :mod:`kb.export.imports`, which stores them by the release they were
translated from (``KB_DIR/imports/<lang>-<release>.json``), records the import in its history
(``mtgkb import --undo``) and rebuilds; a failure anywhere leaves the knowledge base as it was.

Every unit of the file ends in exactly one list of the :class:`ImportReport`:

- ``applied``: stored (with ``--force``, conflicts too; they are also listed in ``forced``);
- ``unchanged``: the knowledge base already holds that text;
- ``kept``: the file holds the very text it was exported with (its revision), and the knowledge
  base a newer one: the translator did not touch it, so the newer text stays;
- ``conflicts``: the translator changed the unit and so did the knowledge base since the file
  was exported (the revision the unit carries is not the current text's), or the unit carries
  no revision at all (a CAT tool dropped ``mtgkb:rev``) while the knowledge base holds another
  imported text: both texts are reported and nothing is applied, unless ``--force``;
- ``untranslated``: no target text;
- ``rejected``, with the reason: not a rule number or glossary entry, no such unit in the
  source release, the source text no longer matches that release, an example without its rule,
  a glossary definition without a name;
- ``fuzzy``: a new text still marked fuzzy / needs review: work in progress, not applied, and
  no reason for the import to be incomplete.

The report is ``complete`` when every translation the file holds is in the knowledge base
afterwards (applied or unchanged): nothing rejected, no conflict left. ``mtgkb import`` exits
1 when it is not, after applying the rest. A file that gives one unit two different texts is
malformed: a :class:`~kb.errors.ParseError` naming the second one's line, nothing applied.
Units of another target language than the one imported (a file with several) are not
judged: the report's ``ignored`` counts them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from ..errors import KBError
from ..model import LANGUAGES
from ..numbering import RuleNumber
from ..render import LANGUAGE_NAMES
from ..store import KnowledgeBase
from ..text import counted
from . import read_translations
from .base import ImportedFile, ImportedUnit, short_lang
from .checks import (control_character, differences, hidden_characters, invisible_only, is_copy_of_source,
                     lost_characters, normal_target, other_language, read_as_other, untranslated_sentences)
from .file_units import numbers_now, of_target, only_target, refuse_second_translations, relabelled
from .glossary import entry_keys, glossary_id, split_glossary_id
from .imports import Stored, build_sources, commit, imports_dir, recover, stored_path
from .unit_changes import unit_order
from .report import NO_REVISION_GIVEN, Conflict, ImportReport, Verdict, outcome, render_report
from .selection import example_id, rule_text, select, source_release_doc, split_unit_id
from .staleness import same_text
from .units import NO_REVISION, revision


def now_utc() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


RULING_PREFIX = "ruling/"  # the units of --include rulings (kb.export.selection.ruling_units)
Rebuild = Callable[[Path, list[Path]], Any]
MAX_SIZE_MB = 50  # a whole-CR export with every language and the glossary is about 5 MB
MAX_GROWTH, MAX_EXTRA = 10, 1000  # a translation longer than 10 x its source + 1,000 characters is refused


def import_translations(kb: KnowledgeBase, kb_dir: Path, path: Path, rebuild: Rebuild, lang: str | None = None,
                        translator: str | None = None, *, force: bool = False, accept_identical: bool = False,
                        when: str | None = None, max_size_mb: float = MAX_SIZE_MB) -> ImportReport:
    """Check ``path``'s units, store the applicable ones and ``rebuild(kb_dir, sources)``: one language
    (:func:`import_languages` with one)."""
    return import_languages(kb, kb_dir, path, rebuild, [lang], translator, force=force,
                            accept_identical=accept_identical, when=when, max_size_mb=max_size_mb)[0]


def import_languages(kb: KnowledgeBase, kb_dir: Path, path: Path, rebuild: Rebuild, langs: list[str | None],
                     translator: str | None = None, *, force: bool = False, accept_identical: bool = False,
                     when: str | None = None, max_size_mb: float = MAX_SIZE_MB) -> list[ImportReport]:
    """Check ``path``'s units of each of ``langs`` (None: the file's one target language), store the
    applicable ones of all of them and ``rebuild(kb_dir, sources)`` once: one import, one history
    entry, one report per language.

    All or nothing: when storing or the rebuild fails, the stored translations are put back
    as they were and the error is raised. ``kb`` is closed before the rebuild.
    """
    recover(kb, kb_dir)
    when = when or now_utc()
    sources = build_sources(kb, kb_dir)
    reports: list[ImportReport] = []
    changes: dict[Path, bytes | None] = {}
    releases: dict[str, str | None] = {}
    for lang in langs:
        report, checker, accepted = check_file(kb, path, lang, force=force, accept_identical=accept_identical,
                                               max_size_mb=max_size_mb, kb_dir=kb_dir)
        report.translator, report.imported = translator, when
        reports.append(report)
        if accepted:
            changes.update(stored_units(kb, kb_dir, path, report, checker, accepted).changes())
            releases[checker.target] = checker.release
    kb.close()
    if not changes:
        return reports
    applied = {report.lang: report.applied for report in reports if report.lang in releases}
    history_record = {"file": str(Path(path).resolve()), "format": reports[0].format, "lang": ",".join(applied),
                      "translator": translator, "imported": when, "source_release": next(iter(releases.values())),
                      "applied": list(dict.fromkeys(u for units in applied.values() for u in units)),
                      **({"applied_by_lang": applied} if len(applied) > 1 else {})}
    import_id = commit(kb_dir, changes, rebuild, sources, history_record)
    for report in reports:
        if report.lang in releases:
            report.import_id = import_id
            report.stored = str(stored_path(kb_dir, report.lang, releases[report.lang]))
            report.renumbered = numbers_now(kb_dir, report.lang, releases[report.lang], report.applied)
            report.with_langs = [lang for lang in applied if lang != report.lang]
    return reports


def stored_units(kb: KnowledgeBase, kb_dir: Path, path: Path, report: ImportReport, checker: "UnitChecker",
                 accepted: dict[str, str]) -> Stored:
    """The stored units of the checker's language with ``accepted`` put in (and what they need)."""
    record = {"file": Path(path).name, "file_format": report.format, "imported": report.imported,
              "translator": report.translator, "source_release": checker.release}
    units = {unit_id: {"id": unit_id, "text": text, "source_text": checker.units[unit_id].source, **record,
                       **checker.extra(unit_id)}
             for unit_id, text in accepted.items()}
    stored = Stored.load(kb_dir, checker.target, checker.source)
    supersede(kb, stored, checker.release, checker.target, {uid: unit["source_text"] for uid, unit in units.items()})
    for unit_id, unit in units.items():
        stored.put(checker.release, unit)
    for unit in checker.carried(units, record).values():
        stored.put(checker.release, unit, replace=False)
    return stored


def supersede(kb: KnowledgeBase, stored: Stored, release: str | None, lang: str, english: dict[str, str]) -> None:
    """Make room for new units of ``release`` (``english``: each unit id's English text there): a stored unit
    of another release that the knowledge base shows at the number being imported, translated from the
    same English text, is the same rule renumbered; it moves to ``release``'s numbering with its rule's
    other units (examples), saying where from, and the new text replaces it there. One translated from
    another English text is the translation of that release's text: it stays with its release, as do
    stored units shown at other numbers. A glossary unit replaces the same entry's unit of any release."""
    unit_ids = list(english)
    numbers = sorted({number for number, _ in map(split_unit_id, unit_ids) if number is not None})
    for number, versions in kb.versions(numbers, release) if numbers else ():
        for version in versions:
            if version.doc.lang != lang or version.doc.provenance != "translator" or not version.doc.path:
                continue
            held = stored.unit_of(version.doc.path, version.rule.number)
            if held is not None and held.get("source_text") and english.get(number) \
                    and not same_source(held["source_text"], english[number]):
                continue
            stored.renumber(version.doc.path, version.rule.number, number, release)
    for unit_id in unit_ids:
        if split_glossary_id(unit_id)[0] is not None:
            for key in [k for k in stored.units if k[1] == unit_id and k[0] != release]:
                stored.remove(key)


def same_source(a: str, b: str) -> bool:
    """Two English texts are the same, spaces aside."""
    return " ".join(a.split()) == " ".join(b.split())


def check_file(kb: KnowledgeBase, path: Path, lang: str | None = None, *, force: bool = False,
               accept_identical: bool = False, max_size_mb: float = MAX_SIZE_MB,
               kb_dir: Path | None = None) -> tuple[ImportReport, "UnitChecker", dict[str, str]]:
    """What would become of each unit of ``path``: the report, the checker, and the texts to apply.
    A file over ``max_size_mb`` is refused before it is read. With ``kb_dir``, a text the knowledge base
    shows from an imported file that ``imports/`` no longer holds as the build read it is not taken
    as held: the unit is stored again."""
    if not Path(path).is_file():
        raise KBError(f"{path}: no such file")
    size = Path(path).stat().st_size
    if size > max_size_mb * 1_000_000:
        raise KBError(f"{path}: {size / 1_000_000:.1f} MB is over the import limit of {max_size_mb:g} MB (a whole-CR "
                      "export with every language is about 5 MB); --max-size raises the limit")
    data = Path(path).read_bytes()
    imported = read_translations(data, str(path))
    refuse_second_translations(imported, str(path))
    target = short_lang(lang) or only_target(imported, str(path))
    source = short_lang(imported.source_lang) or "en"
    if target not in LANGUAGES or target == source:
        raise KBError(f"{path}: cannot import {target!r} translations of {source!r} texts "
                      f"(targets: {', '.join(l for l in LANGUAGES if l != source)})")
    units, others = of_target(relabelled(imported, short_lang(lang)), target, str(path))
    units, rulings = [u for u in units if not u.id.startswith(RULING_PREFIX)], \
        [u for u in units if u.id.startswith(RULING_PREFIX)]
    if rulings:
        others.append(f"{counted(len(rulings), 'ruling unit')} ({rulings[0].id} …): rulings are not imported "
                      "(mtgkb holds the rulings Wizards of the Coast publishes and the card data's translations; "
                      "export without --include rulings for translation work)")
    misread = other_language([u.target for u in units if u.has_text and u.target != u.source], target)
    if misread and lang is None:
        other, count, judged = misread
        raise KBError(f"{path}: the file says its translations are {target}, but {count} of {judged} read as "
                      f"{other}: refused, nothing imported (if they are {other}, import with --lang {other}; "
                      f"--lang {target} imports them as {target})")
    checker = UnitChecker(kb, source, target, imported, force, accept_identical)
    matching = release_matching(kb, checker, units, imported, source)
    if matching is not None:
        checker = UnitChecker(kb, source, target, imported, force, accept_identical, release=matching)
    if kb_dir is not None:
        checker.lacking = unstored_texts(kb, kb_dir, target, checker.release)
    report = ImportReport(str(path), imported.format, target, checker.release,
                          ignored=[*imported.ignored, *imported.repeats(), *others],
                          note=checker.note)
    accepted: dict[str, str] = {}
    for unit in units:
        checker.judge(unit, report, accepted)
    checker.drop_orphans(accepted, report)
    # a unit the file holds in another language only (a TMX tu without this language's tuv) is untranslated
    # here, not missing from the file
    mine = {unit.id for unit in units}
    report.untranslated += sorted({u.id for u in imported.units if u.id and u.id in checker.units} - mine,
                                  key=unit_order)
    report.missing = checker.missing({u.id for u in imported.units if u.id})
    return report, checker, accepted


def unstored_texts(kb: KnowledgeBase, kb_dir: Path, lang: str, release: str | None) -> "Lacking":
    """The imported files the current build read that ``imports/`` no longer holds as it read them (a
    file removed or changed outside mtgkb, an undo an older mtgkb left half done), and the texts the
    file of ``release`` holds now."""
    folder = imports_dir(kb_dir)
    changed = set()
    for doc_id, doc in kb.documents().items():
        if doc.format != "mtgkb-translation" or not doc.path or Path(doc.path).parent.name != folder.name:
            continue  # a translation file given as a source is no import
        now = folder / Path(doc.path).name
        if not now.is_file() or hashlib.sha256(now.read_bytes()).hexdigest() != doc.sha256:
            changed.add(doc_id)
    held = Stored.load(kb_dir, lang).units if changed else {}
    return Lacking(changed, {unit_id: unit.get("text") for (rel, unit_id), unit in held.items() if rel == release})


@dataclass
class Lacking:
    """Translation documents of the build that ``imports/`` lacks, and what it holds of one release."""

    docs: set[str] = field(default_factory=set)
    stored: dict[str, Any] = field(default_factory=dict)  # unit id -> its stored text

    def lacks(self, unit_id: str, doc_id: str, text: str) -> bool:
        """The knowledge base shows ``text`` for ``unit_id`` from ``doc_id``, which ``imports/`` lacks."""
        return doc_id in self.docs and not same_text(self.stored.get(unit_id) or "", text)


def mismatched(checker: "UnitChecker", units: list[ImportedUnit]) -> tuple[int, int]:
    """(matching, not matching): the units whose source text is, and is not, that of the checker's release."""
    known = [u for u in units if u.source is not None and u.id in checker.units]
    bad = sum(1 for u in known if not same_text(u.source or "", checker.units[u.id].source))
    return len(known) - bad, bad


def release_matching(kb: KnowledgeBase, checker: "UnitChecker", units: list[ImportedUnit], imported: ImportedFile,
                     source: str) -> str | None:
    """Another release held whose texts match more of the file's sources than the one it names, when
    some do not match that one (``msgmerge`` updates the msgids to a new export and keeps the old
    header); None when the named one is the best."""
    matched, bad = mismatched(checker, units)
    if not bad:
        return None
    best, best_matched = None, matched
    for doc in kb.releases():
        if doc.lang != source or doc.effective_date in (checker.release, None):
            continue
        other = UnitChecker(kb, source, checker.target, imported, release=doc.effective_date)
        count = mismatched(other, units)[0]
        if count > best_matched:
            best, best_matched = doc.effective_date, count
    return best


class UnitChecker:
    """Checks units against the source release the file was made from (or the newest held)."""

    def __init__(self, kb: KnowledgeBase, source: str, target: str, imported: ImportedFile,
                 force: bool = False, accept_identical: bool = False, release: str | None = None) -> None:
        held = {d.effective_date for d in kb.releases() if d.lang == source}
        self.release = release or (imported.source_release if imported.source_release in held else None)
        doc = source_release_doc(kb, source, self.release)
        if doc is None:
            raise KBError(f"the knowledge base holds no {source} rules release to check the translations against")
        self.release = kb.documents()[doc].effective_date
        named = imported.source_release
        # a file made from a release the knowledge base no longer holds is checked against the newest
        self.note = (f"the file was made from the {source} release {named}, which this knowledge base does not hold "
                     f"(build with it to import the file as it was made)") if named and named not in held else None
        if release is not None and release != named:
            self.note = (f"the file names the {source} release {named or '(none)'}, but its source texts are those of "
                         f"{release} (msgmerge keeps the old header): checked against {release}")
        self.source, self.target, self.force, self.accept_identical = source, target, force, accept_identical
        self.kb, self._by_source = kb, None
        self.lacking = Lacking()  # what imports/ lacks of the build (check_file with kb_dir fills it)
        glossary = any(split_glossary_id(u.id)[0] is not None for u in imported.units)
        rules = [] if glossary else self._rules_named(kb, imported)  # glossary units: every entry is read
        selection = select(kb, rules, source, (target,), ("examples", "glossary") if glossary else ("examples",),
                           self.release, termbase=False)
        self.units = {u.id: u for u in selection.units}
        records = kb.terms([doc])
        self.refs = {key: list(record.term.refs) for record, key in zip(records, entry_keys(r.term for r in records))
                     if record.term.names}

    def _rules_named(self, kb: KnowledgeBase, imported: ImportedFile) -> list[str]:
        """The rules of the release the file's units name (their subrules come along), the only ones
        read; [] (every rule read) when it names none the release holds."""
        held = {str(n) for n in kb.numbers(self.release)}
        named = {str(number) for number, _ in (split_unit_id(u.id) for u in imported.units) if number is not None}
        return sorted(named & held, key=RuleNumber.parse)

    def judge(self, unit: ImportedUnit, report: ImportReport, accepted: dict[str, str]) -> None:
        """Put ``unit`` (of the target language, once in the file) in one list of ``report``."""
        unit = self.matched_by_source(unit, report)
        number, _example = split_unit_id(unit.id)
        english, _definition = split_glossary_id(unit.id)
        if unit.target and unit.source is not None:
            unit = replace(unit, target=normal_target(unit.target, unit.source))
        if number is None and english is None:
            report.rejected.append(Verdict(unit.id, unit.line, "not a rule number or glossary entry"))
        elif not unit.target or not unit.target.strip():
            report.untranslated.append(unit.id)
            # held, and not empty already when the file was exported (a file older than the translation)
            if self.held(unit.id) is not None and self.held_state(unit.id) != "new" and not unit.partial \
                    and unit.revision != NO_REVISION:
                report.emptied.append(unit.id)
        elif invisible_only(unit.target):
            report.rejected.append(Verdict(unit.id, unit.line, "the translation holds no visible character"))
        elif control_character(unit.target):
            report.rejected.append(Verdict(unit.id, unit.line, f"the translation holds the control character "
                                                               f"{control_character(unit.target)}"))
        elif unit.id not in self.units:
            what = f"glossary entry {english!r}" if english else unit.id
            report.rejected.append(Verdict(unit.id, unit.line, f"no {what} in the {self.source} release {self.release}"))
        elif unit.source is None:
            report.rejected.append(Verdict(unit.id, unit.line, "no source text in the file to check against the release"))
        elif not same_text(unit.source, self.units[unit.id].source):
            report.rejected.append(Verdict(unit.id, unit.line, self.mismatch(unit)))
        elif len(unit.target) > MAX_GROWTH * len(unit.source) + MAX_EXTRA:
            report.rejected.append(Verdict(unit.id, unit.line, f"the translation has {len(unit.target):,} characters, "
                                           f"over {MAX_GROWTH} x its source's {len(unit.source):,} + {MAX_EXTRA:,}"))
        elif unit.partial:
            report.rejected.append(Verdict(unit.id, unit.line, f"only part of the unit is translated ({unit.partial}); "
                                                               "finish it, or empty it to leave it untranslated"))
        elif same_text(unit.target, unit.source) and unit.state in ("new", "stale"):
            report.untranslated.append(unit.id)  # the source copied into the target, marked as not translated
        elif is_copy_of_source(unit.target, unit.source, self.target) and not self.accept_identical:
            report.identical.append(unit.id)
        elif unit.state == "stale" and same_text(self.held(unit.id) or "", unit.target) and not self._lacks(unit.id):
            report.unchanged.append(unit.id)  # left as it was exported: still to review
        elif unit.state == "stale" and unit.revision is not None and unit.revision == revision(unit.target):
            report.kept.append(unit.id)  # left as it was exported; the knowledge base has a newer text since
        elif unit.state == "stale":
            report.fuzzy.append(unit.id)  # still marked fuzzy / needs review: work in progress, not applied
        else:
            self._judge_text(unit, report, accepted)

    def _judge_text(self, unit: ImportedUnit, report: ImportReport, accepted: dict[str, str]) -> None:
        current = self.units[unit.id].targets.get(self.target)
        held = current.text if current is not None else None
        if held is not None and self.lacking.lacks(unit.id, current.doc_id, held) and same_text(held, unit.target or ""):
            accepted[unit.id] = unit.target or ""  # shown by the build, gone from imports/: stored again
            report.applied.append(unit.id)
            report.warnings.append(Verdict(unit.id, unit.line, "the knowledge base showed this text, but imports/ "
                                                               "no longer held it: stored again"))
            return
        if held is not None and same_text(held, unit.target or "") and current.state == "translated":
            report.unchanged.append(unit.id)
            return
        if held is not None and same_text(held, unit.target or ""):
            accepted[unit.id] = unit.target or ""  # a stale text confirmed as it is: equal texts are no conflict
            report.applied.append(unit.id)
            return
        if unit.revision is not None and unit.revision != revision(held) and unit.revision == revision(unit.target):
            report.kept.append(unit.id)  # the file holds the text it was exported with: nothing to apply
            return
        # a stale held text translates another English text (another release's): the file's text translates
        # this release's, and is stored beside it (supersede), so the two are no conflict
        other_english = current is not None and current.state == "stale"
        unknown = unit.revision is None and held is not None and current.provenance == "translator"
        if not other_english and (unknown or (unit.revision is not None and unit.revision != revision(held))):
            if not self.force:
                where = None
                if current is not None:
                    where = current.doc_id + (f", {current.translator}" if current.translator else "") + \
                        (f", {current.imported}" if current.imported else "")
                report.conflicts.append(Conflict(unit.id, unit.line, unit.target or "", held,
                                                 unit.revision or NO_REVISION_GIVEN, revision(held), where))
                return
            report.forced.append(unit.id)
        accepted[unit.id] = unit.target or ""
        report.applied.append(unit.id)
        for difference in differences(unit.target or "", unit.source or ""):
            report.warnings.append(Verdict(unit.id, unit.line, difference))
        # (English left in a translation is said by the sentence check below)
        if (other := read_as_other(unit.target or "", self.target)) not in (None, self.source):
            report.warnings.append(Verdict(unit.id, unit.line, f"the translation reads as {LANGUAGE_NAMES[other]}, not "
                                                               f"{LANGUAGE_NAMES[self.target]}: check it"))
        if hidden := hidden_characters(unit.target or ""):
            report.warnings.append(Verdict(unit.id, unit.line, f"the translation holds invisible characters "
                                                               f"({', '.join(hidden)}): remove them"))
        left = untranslated_sentences(unit.target or "", unit.source or "")
        if left and not is_copy_of_source(unit.target or "", unit.source or ""):
            report.warnings.append(Verdict(unit.id, unit.line, f"{counted(len(left), 'sentence')} of the translation "
                                                               f"{'is' if len(left) == 1 else 'are'} the English "
                                                               f"text: {left[0][:80]}"))

    def drop_orphans(self, accepted: dict[str, str], report: ImportReport) -> None:
        """An example needs its rule's text and the examples before it in the target language, and a
        glossary definition the entry's name: taken from the file, else from the knowledge base;
        otherwise the unit is rejected."""
        for unit_id in list(accepted):
            missing = [n for n in self.needed(unit_id) if n not in accepted and self.held(n) is None]
            if missing:
                del accepted[unit_id]
                report.applied.remove(unit_id)
                if unit_id in report.forced:
                    report.forced.remove(unit_id)
                report.rejected.append(Verdict(unit_id, None, f"{missing[0]} has no {self.target} text"
                                                              " in the file or the knowledge base"))

    def needed(self, unit_id: str) -> list[str]:
        """The units ``unit_id`` cannot be stored without (in the same language)."""
        english, definition = split_glossary_id(unit_id)
        if english is not None:
            return [glossary_id(english)] if definition else []
        number, index = split_unit_id(unit_id)
        if index is None:
            return []
        return [str(number), *(example_id(str(number), i) for i in range(1, index))]

    def mismatch(self, unit: ImportedUnit) -> str:
        """Why ``unit``'s source text is not its rule's in the release: characters its encoding could not
        hold, a number a spreadsheet changed or an id edited (the text is another unit's), or the text
        changed since."""
        expected = self.units[unit.id].source
        lost = lost_characters(unit.source or "", expected)
        if lost:
            return (f"the file lost characters its encoding cannot hold ({lost} became ?): save it as UTF-8 and "
                    "export again")
        other = self.unit_of_source(unit.source or "")
        if other is not None and other.rstrip("0") == unit.id:
            return f"the rule number looks changed by a spreadsheet ({other} read as {unit.id}): its source text is {other}'s"
        if other is not None:
            return f"the unit id looks edited: its source text is that of {other}, not {unit.id}"
        return f"source text no longer matches the {self.source} release {self.release}"

    def unit_of_source(self, text: str, only: bool = False) -> str | None:
        """The unit of the release whose source text is ``text`` (the first; with ``only``, the one, None
        when several units have it), None if none; the release is read once."""
        if self._by_source is None:
            self._by_source = {}
            doc = source_release_doc(self.kb, self.source, self.release)
            for version in self.kb.rule_versions([doc] if doc else []):
                number = version.rule.number
                texts = [(number, rule_text(RuleNumber.parse(number).kind, version) or ""),
                         *((example_id(number, at), e.text) for at, e in enumerate(version.rule.examples, 1))]
                for unit_id, source in texts:
                    self._by_source.setdefault(" ".join(source.split()), []).append(unit_id)
        found = self._by_source.get(" ".join(text.split())) or []
        return found[0] if found and (len(found) == 1 or not only) else None

    def matched_by_source(self, unit: ImportedUnit, report: ImportReport) -> ImportedUnit:
        """A unit whose id is not one of the release's (a tool dropped or changed it: OmegaT's own TMX,
        a converted file) but whose source text is exactly one unit's English is that unit, with a warning."""
        known = unit.id in self.units or split_glossary_id(unit.id)[0] is not None
        if known or not unit.source or not unit.source.strip() or not unit.target:
            return unit
        found = self.unit_of_source(unit.source, only=True)
        if found is None or found in report.applied:
            return unit
        if found not in self.units:
            rule = str(split_unit_id(found)[0])
            picked = select(self.kb, [rule + "."], self.source, (self.target,), ("examples",), self.release,
                            termbase=False)
            self.units.update({u.id: u for u in picked.units if u.id not in self.units})
        report.warnings.append(Verdict(found, unit.line, f"the file's id {unit.id!r} is no unit of the release: "
                                                         f"matched to {found} by its source text"))
        return replace(unit, id=found)

    def _lacks(self, unit_id: str) -> bool:
        unit = self.units.get(unit_id)
        found = unit.targets.get(self.target) if unit is not None else None
        return found is not None and self.lacking.lacks(unit_id, found.doc_id, found.text)

    def held_state(self, unit_id: str) -> str | None:
        """The state of the knowledge base's target text of ``unit_id`` (new, translated, stale)."""
        unit = self.units.get(unit_id)
        return unit.state(self.target) if unit is not None else None

    def missing(self, ids: set[str]) -> list[str]:
        """The rule units of the source release below the rules the file names (``ids``: its units' ids, in
        every language; the selection it was exported from: a rule brings its subrules and examples) that
        the file does not hold."""
        named = {str(number) for number, _ in (split_unit_id(i) for i in ids) if number is not None}
        found = []
        for unit_id in self.units:
            number, example = split_unit_id(unit_id)
            if number is None or unit_id in ids:
                continue
            up: RuleNumber | None = number if example is not None else number.parent
            while up is not None and str(up) not in named:
                up = up.parent
            if up is not None:
                found.append(unit_id)
        return found

    def held(self, unit_id: str) -> str | None:
        """The knowledge base's target text of ``unit_id`` (None if none)."""
        unit = self.units.get(unit_id)
        found = unit.targets.get(self.target) if unit is not None else None
        return found.text if found is not None else None

    def extra(self, unit_id: str) -> dict[str, Any]:
        """What a stored unit keeps besides its text: the rules a glossary definition cites."""
        english, definition = split_glossary_id(unit_id)
        return {"refs": self.refs.get(english, [])} if english and definition else {}

    def carried(self, units: dict[str, dict[str, Any]], record: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The units an imported one needs, copied from the knowledge base, saying where from."""
        out: dict[str, dict[str, Any]] = {}
        for unit_id in list(units):
            for needed in self.needed(unit_id):
                if needed in units or needed in out or self.held(needed) is None:
                    continue
                found = self.units[needed].targets[self.target]
                # the text is not this translator's: it keeps its own author (none for the game's vocabulary)
                out[needed] = {"id": needed, "text": found.text, "source_text": self.units[needed].source, **record,
                               "translator": found.translator, "carried_from": found.doc_id, **self.extra(needed)}
        return out


__all__ = ["Conflict", "ImportReport", "NO_REVISION", "Verdict", "check_file", "import_languages", "import_translations",
           "outcome",
           "render_report"]
