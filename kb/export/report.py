"""What an import did with each unit of a file (:class:`ImportReport`), and the summary ``mtgkb import`` prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..text import counted


@dataclass(frozen=True)
class Verdict:
    id: str
    line: int | None
    reason: str


@dataclass(frozen=True)
class Conflict:
    """A unit whose target changed in the knowledge base since its file was exported."""

    id: str
    line: int | None
    file_text: str
    kb_text: str | None
    exported_revision: str
    kb_revision: str
    kb_source: str | None = None  # where the knowledge base's text comes from (document, translator, time)

    @property
    def why(self) -> str:
        if self.exported_revision == NO_REVISION_GIVEN:
            return ("the file carries no revision (mtgkb:rev; its tool may have dropped it) and the knowledge "
                    "base holds another imported text, which may be newer")
        return (f"changed in the knowledge base since this file was exported (revision {self.exported_revision}"
                f" -> {self.kb_revision})")


NO_REVISION_GIVEN = "(none in the file)"


@dataclass
class ImportReport:
    path: str
    format: str
    lang: str
    source_release: str | None
    translator: str | None = None
    imported: str | None = None
    stored: str = ""
    applied: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # not changed in the file; the knowledge base's newer text kept
    conflicts: list[Conflict] = field(default_factory=list)
    forced: list[str] = field(default_factory=list)
    untranslated: list[str] = field(default_factory=list)
    rejected: list[Verdict] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)  # a new text still marked fuzzy / needs review: not applied
    identical: list[str] = field(default_factory=list)  # targets that are the source text: not applied
    emptied: list[str] = field(default_factory=list)  # untranslated in the file, translated in the knowledge base
    missing: list[str] = field(default_factory=list)  # units of the exported selection not in the file
    warnings: list[Verdict] = field(default_factory=list)  # applied, but with a sign of unfinished work
    renumbered: dict[str, str] = field(default_factory=dict)  # applied unit -> its number in the newest release
    ignored: list[str] = field(default_factory=list)
    import_id: int | None = None  # its entry in the import history (mtgkb imports, mtgkb import --undo)
    with_langs: list[str] = field(default_factory=list)  # the other languages the same import stored
    note: str | None = None  # why the file is checked against another release than the one it names

    @property
    def complete(self) -> bool:
        """Every translation of the file is in the knowledge base: none rejected, no conflict left, no
        copy of the source held back."""
        return not self.rejected and not self.conflicts and not self.identical

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.path, "format": self.format, "lang": self.lang, "source_release": self.source_release,
                "complete": self.complete,
                "translator": self.translator, "imported": self.imported if self.applied else None,
                "stored": self.stored, "import_id": self.import_id, "with_langs": self.with_langs,
                "applied": self.applied,
                "unchanged": self.unchanged, "kept": self.kept,
                "conflicts": [{"id": c.id, "line": c.line, "file_text": c.file_text, "kb_text": c.kb_text,
                               "exported_revision": c.exported_revision, "kb_revision": c.kb_revision,
                               "kb_source": c.kb_source, "why": c.why} for c in self.conflicts],
                "forced": self.forced, "untranslated": self.untranslated,
                "rejected": [{"id": v.id, "line": v.line, "reason": v.reason} for v in self.rejected],
                "fuzzy": self.fuzzy, "renumbered": self.renumbered, "identical": self.identical, "emptied": self.emptied, "missing": self.missing,
                "warnings": [{"id": v.id, "line": v.line, "warning": v.reason} for v in self.warnings],
                "ignored": self.ignored, "note": self.note}


def render_report(report: ImportReport, verbose: bool = False, shown: int = 5) -> str:
    """The import summary: counts, then the first few of each list (all of them with ``verbose``)."""
    lines = [f"{report.path}: {report.format}, {report.lang}, checked against the release {report.source_release}"
             + (f"\n  note: {report.note}" if report.note else ""),
             f"  applied {len(report.applied)}, unchanged {len(report.unchanged)}, kept {len(report.kept)},"
             f" conflicts {len(report.conflicts)},"
             f" untranslated {len(report.untranslated)}, rejected {len(report.rejected)}"]

    def listed(label: str, items: list[str]) -> None:
        if not items:
            return
        cut = items if verbose else items[:shown]
        more = "" if len(cut) == len(items) else f" … and {len(items) - len(cut)} more (--verbose lists them)"
        lines.append(f"  {label}: {', '.join(cut)}{more}")

    newest = " in the newest release"
    listed("applied", [f"{unit} (now {report.renumbered[unit]}{newest})" if unit in report.renumbered else unit
                       for unit in report.applied])
    listed("forced over newer texts (--force)", report.forced)
    listed("unchanged", report.unchanged)
    listed("not changed in the file, the knowledge base's newer text kept", report.kept)
    for conflict in report.conflicts if verbose else report.conflicts[:shown]:
        where = f" (line {conflict.line})" if conflict.line else ""
        lines.append(f"  conflict: {conflict.id}{where}: {conflict.why}; not applied")
        lines.append(f"    file: {conflict.file_text}")
        held = conflict.kb_text if conflict.kb_text is not None else "(none)"
        source = f" ({conflict.kb_source})" if conflict.kb_source else ""
        lines.append(f"    knowledge base{source}: {held}")
    if len(report.conflicts) > shown and not verbose:
        lines.append(f"  … and {len(report.conflicts) - shown} more conflicts (--verbose lists them)")
    listed("untranslated", report.untranslated)
    listed("still marked fuzzy / needs review (work in progress, not applied)", report.fuzzy)
    if report.identical:
        listed(f"{counted(len(report.identical), 'target')} {'is' if len(report.identical) == 1 else 'are'} the "
               f"English text, not applied (--accept-identical stores them)", report.identical)
    if report.emptied:
        listed(f"{counted(len(report.emptied), 'unit')} the knowledge base holds a translation for "
               f"{'is' if len(report.emptied) == 1 else 'are'} empty in the file (the knowledge base keeps its text)",
               report.emptied)
    if report.missing:
        listed(f"{counted(len(report.missing), 'unit')} of the exported selection "
               f"{'is' if len(report.missing) == 1 else 'are'} missing from the file", report.missing)
    for verdict in report.warnings if verbose else report.warnings[:shown]:
        where = f" (line {verdict.line})" if verdict.line else ""
        lines.append(f"  warning: {verdict.id}{where}: {verdict.reason}")
    if len(report.warnings) > shown and not verbose:
        lines.append(f"  … and {len(report.warnings) - shown} more warnings (--verbose lists them)")
    for verdict in report.rejected if verbose else report.rejected[:shown]:
        where = f" (line {verdict.line})" if verdict.line else ""
        lines.append(f"  rejected: {verdict.id}{where}: {verdict.reason}")
    if len(report.rejected) > shown and not verbose:
        lines.append(f"  … and {len(report.rejected) - shown} more rejected (--verbose lists them)")
    for note in report.ignored:
        lines.append(f"  ignored: {note}")
    if report.conflicts:
        lines.append("  conflicts keep the knowledge base's text; export again to see it, or import with --force "
                     "to replace it")
    if report.applied:
        by = f" by {report.translator}" if report.translator else ""
        lines.append(f"  stored in {report.stored}{by} at {report.imported}; knowledge base rebuilt"
                     + (f" ({taken_back(report)})" if report.import_id else ""))
    lines.append(f"  {outcome(report)}")
    return "\n".join(lines)


def taken_back(report: ImportReport) -> str:
    """How to take the import back: the whole of it, and one language of an import of several."""
    if not report.with_langs:
        return f"import {report.import_id}: mtgkb import --undo takes it back"
    others = " and ".join(report.with_langs)
    return (f"import {report.import_id}, one import with the {others} units of this file: mtgkb import --undo "
            f"takes back all of it, mtgkb import --revert {report.import_id} --lang {report.lang} the {report.lang} units")


def outcome(report: ImportReport) -> str:
    """The summary's last line: complete, or what was not applied and the exit status it gives."""
    if report.complete:
        hidden = [counted(len(report.emptied), "unit") + " emptied" if report.emptied else "",
                  counted(len(report.missing), "unit") + " missing" if report.missing else "",
                  counted(len(report.warnings), "warning") if report.warnings else ""]
        but = f" (but {', '.join(h for h in hidden if h)}: see above)" if any(hidden) else ""
        return f"complete: every translation in the file is in the knowledge base{but}"
    missing = [counted(len(report.rejected), "rejected unit"), counted(len(report.conflicts), "conflict"),
               counted(len(report.identical), "target") + " that " + ("is" if len(report.identical) == 1 else "are")
               + " the English text"]
    applied = "the other units are applied" if report.applied else "nothing applied"
    return f"incomplete (exit status 1): {' and '.join(m for m in missing if not m.startswith('0 '))} " \
           f"not applied; {applied}"


__all__ = ["Conflict", "ImportReport", "NO_REVISION_GIVEN", "Verdict", "outcome", "render_report"]
