"""``mtgkb export``, ``mtgkb import`` and ``mtgkb status``: the translator's commands (thin)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from ..export import format_help
from ..model import LANGUAGES
from ..store import default_kb_dir
from ..text import counted
from .options import echo_json, info, json_option, kb_option, lang_option, language_list, open_kb, release_option


def _include(value: str | None) -> tuple[str, ...]:
    from ..export.selection import DEFAULT_INCLUDE

    if value is None:
        return DEFAULT_INCLUDE
    return tuple(part.strip() for part in value.split(",") if part.strip())


@click.command()
@click.argument("selectors", nargs=-1, metavar="[RULES]...")
@click.option("--format", "-f", "format_name", default="xliff12", show_default=True,
              help=format_help())
@click.option("--rules", "rules", multiple=True, metavar="NUMBERS",
              help="Rules as for `mtgkb rule`, like the arguments (repeatable; 4, 400, 400.7, 702.19b-d) "
                   "[default: all].")
@click.option("--source", default="en", show_default=True, type=click.Choice(LANGUAGES), help="Source language.")
@click.option("--target", "targets", multiple=True, metavar="LANG[,LANG]", callback=language_list(LANGUAGES),
              help="Target language (several, repeated or comma-separated, for tmx, csv, json, tbx) [default: it "
                   "(en from an Italian source); for tmx, csv, json and tbx every other language].")
@click.option("--include", "include", default=None, metavar="PARTS",
              help="Comma-separated: examples, glossary, rulings, cards (card names, for tbx) "
                   "[default: examples].")
@click.option("--glossary", "glossary_only", is_flag=True,
              help="Export the glossary alone: every entry's name and definition, no rules.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file [default: standard output].")
@release_option
@kb_option
def export(selectors: tuple[str, ...], format_name: str, rules: tuple[str, ...], source: str,
           targets: tuple[str, ...], include: str | None, glossary_only: bool, output: Path | None,
           release: str | None, kb_dir: Path | None) -> None:
    """Export RULES (as for `mtgkb rule`; default: all) for translators: XLIFF, TMX, PO, TBX, CSV or JSON.

    \b
    Examples:
      mtgkb export 4 --format xliff --source en --target it -o zones.it.xlf
      mtgkb export 701.38 401.1 --format po --target fr
      mtgkb export --format po --target it --rules 400.7 --include examples,glossary
      mtgkb export --format tmx 701.38                 (every language in one file)
      mtgkb export --format tbx -o mtg.tbx             (the termbase: glossary and game terms)
      mtgkb export --glossary --format po --target it  (the glossary alone)
    """
    from ..export import exporter, select

    chosen = exporter(format_name)
    kb = open_kb(kb_dir)
    if not targets:
        targets = tuple(lang for lang in LANGUAGES if lang != source) if chosen.multi_target \
            else (other_language(source),)
    elif len(targets) > 1 and not chosen.multi_target:
        raise click.UsageError(f"{chosen.name} holds one target language; got {', '.join(targets)}")
    if glossary_only and (selectors or rules or include):
        raise click.UsageError("--glossary exports the whole glossary alone: give no rules and no --include")
    selection = select(kb, (*selectors, *rules), source, targets, ("glossary",) if glossary_only else _include(include),
                       release)
    if glossary_only:
        selection = replace(selection, units=tuple(u for u in selection.units if u.kind == "term"), left_out=())
    data = chosen.write(selection)
    for item in chosen.left_out(selection):
        info(f"Not exported: {item.describe()}")
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        output.write_bytes(data)
        count = counted(len(selection.terms), "term") if chosen.carries == "terms" else \
            counted(len(selection.units), "unit")
        info(f"{count} written to {output} ({chosen.name})")


@click.command(name="import")
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@lang_option(choices=LANGUAGES, help="The target languages to import (several: one import, a summary each)",
             default="the file's")
@click.option("--translator", default=None, help="Who made the translation (kept with each text it brings).")
@click.option("--force", is_flag=True,
              help="Apply units whose text changed in the knowledge base since the file was exported.")
@click.option("--accept-identical", is_flag=True,
              help="Store targets that are the English text itself (a copy of the source is otherwise not "
                   "taken for a translation; short names the same in both languages always are).")
@click.option("--verbose", "-v", is_flag=True, help="List every unit of each kind, not the first few.")
@click.option("--max-size", "max_size", type=click.FloatRange(min=0, min_open=True), default=50, show_default=True,
              metavar="MB", help="Refuse a file larger than this many megabytes before reading it.")
@click.option("--undo", is_flag=True, help="Take back the last import (no FILE): the units it stored are put "
                                          "back as they were before it (its files byte for byte when no later "
                                          "import touched them) and the knowledge base rebuilt.")
@click.option("--revert", "revert_id", type=int, metavar="ID", default=None,
              help="Take back import ID (see mtgkb imports); a unit a later import changed again is never "
                   "overwritten (the undo is refused, naming that import).")
@click.option("--redo", "redo_id", type=int, metavar="ID", default=None,
              help="Bring back what an undo took of import ID (with --unit, those units only).")
@click.option("--unit", "units", multiple=True, metavar="UNIT",
              help="With --undo, --revert or --redo: only this unit (repeatable; a rule brings its examples, a "
                   "glossary name its definition; --lang narrows to one language). --undo --unit U takes back "
                   "the last import that changed U.")
@kb_option
@json_option
def import_(file: Path | None, langs: tuple[str, ...], translator: str | None, force: bool,
            accept_identical: bool, verbose: bool, max_size: float, undo: bool, revert_id: int | None,
            redo_id: int | None, units: tuple[str, ...], kb_dir: Path | None, as_json: bool) -> None:
    """Import translations from an XLIFF 1.2/2.1, TMX, PO, CSV or JSON file and rebuild.

    Every unit is checked: its id must be a rule number or glossary entry of the source
    release and its source text must still match that release; a unit marked fuzzy / needs
    review is not applied (work in progress, not an error); a target that is the English text
    itself is not applied unless --accept-identical. Units the knowledge base holds a
    translation for that the file leaves empty, units of the exported selection missing from
    the file, and changed symbols or rule references are reported. A unit whose text changed in the knowledge base since the file
    was exported is a conflict: both texts are shown and it is not applied (--force applies
    it). Nothing is stored if the rebuild fails.

    \b
    Exit status:
      0  complete: every translation in the file is in the knowledge base
         (applied or unchanged); untranslated units hold none.
      1  incomplete: the units that pass are applied, the rejected ones, the
         conflicts and the targets that are the English text are not (the summary
         lists them and ends "incomplete");
         or the file is malformed (a row with the wrong number of fields, two
         different texts for one unit...): one line, and nothing is applied.

    Several --lang (a file with several target columns) import every language as
    one import (one history entry, one rebuild): one summary each (a JSON list; its
    "complete" is per language).

    Every import is recorded: `mtgkb imports` lists them, `mtgkb import --undo`
    takes back the last one and `mtgkb import --revert ID` a named one, whole or
    --unit by unit; `mtgkb import --redo ID` brings back what an undo took.

    \b
    Examples:
      mtgkb import zones.done.xlf --lang it --translator "Giulia Rossi" --verbose
      mtgkb import glossary.it.po --json
      mtgkb import names.fr.po --accept-identical      (names the same in both languages)
      mtgkb import --revert 3 --unit 702.19b            (take back one unit of import 3)
      mtgkb import --redo 3                             (bring it back)
    """
    from ..export.importer import import_languages, render_report
    from ..pipeline import update_kb
    from ..store import build_lock

    directory = kb_dir or default_kb_dir()
    if undo or revert_id is not None or redo_id is not None:
        _take_back(directory, kb_dir, file, undo, revert_id, redo_id, units, langs, as_json)
        return
    if units:
        raise click.UsageError("--unit goes with --undo, --revert ID or --redo ID")
    if file is None:
        raise click.UsageError("give the FILE to import (or --undo, --revert ID, --redo ID)")
    open_kb(kb_dir).close()  # a folder named that holds no knowledge base is an error, before any lock
    with build_lock(directory):  # no other build or import in between: the import's journal stays its own
        reports = import_languages(open_kb(directory), directory, file, update_kb, list(langs) or [None], translator,
                                   force=force, accept_identical=accept_identical, max_size_mb=max_size)
    for report in reports:  # a language this run imports too is not left aside
        report.ignored = [note for note in report.ignored
                          if not any(note.endswith(f"(--lang {lang} imports them)") for lang in langs)]
    if as_json:
        echo_json(reports[0].to_dict() if len(reports) == 1 else [report.to_dict() for report in reports])
    else:
        click.echo("\n".join(render_report(report, verbose) for report in reports))
    if not all(report.complete for report in reports):
        sys.exit(1)


def _take_back(directory: Path, kb_dir: Path | None, file: Path | None, undo: bool, revert_id: int | None,
               redo_id: int | None, units: tuple[str, ...], langs: tuple[str, ...], as_json: bool) -> None:
    """``import --undo`` / ``--revert ID`` / ``--redo ID`` [``--unit U``]: put an import's stored
    translations back (or bring them back again) and rebuild."""
    from ..export import undo as steps
    from ..errors import KBError
    from ..export.imports import build_sources, history, recover
    from ..pipeline import update_kb
    from ..store import build_lock

    if file is not None:
        raise click.UsageError("--undo, --revert and --redo take no FILE")
    if sum((undo, revert_id is not None, redo_id is not None)) > 1:
        raise click.UsageError("give one of --undo, --revert ID, --redo ID")
    if len(langs) > 1:
        raise click.UsageError("--lang narrows an undo or redo to one language: give it once")
    named = revert_id if revert_id is not None else redo_id
    if named is not None and named not in {entry.get("id") for entry in history(directory)}:
        raise KBError(f"no import {named} in the history of {directory} (mtgkb imports lists them)")
    kb = open_kb(kb_dir)
    with build_lock(directory):
        recover(kb, directory)
        sources = build_sources(kb, directory)
        kb.close()
        lang = langs[0] if langs else None
        if redo_id is not None:
            step = steps.redo(directory, redo_id, update_kb, sources, units, lang)
        else:
            step = steps.undo(directory, revert_id, update_kb, sources, units, lang)
    summary = step.to_dict()
    if as_json:
        echo_json(summary)
        return
    click.echo(_step_line(step))


def _step_line(step: Any) -> str:
    """One line saying what an undo or redo did."""
    from ..export.undo import undone_keys
    from ..export.unit_changes import lang_of

    entry = step.entry
    name = Path(entry.get("file") or "?").name
    by_lang: dict[str, list[str]] = {}
    for change in step.changes:
        ids = by_lang.setdefault(lang_of(change["file"]), [])
        if change["id"] not in ids:
            ids.append(change["id"])
    several = "," in (entry.get("lang") or "")
    units = "; ".join(f"{', '.join(ids)}" + (f" ({lang})" if several else "") for lang, ids in by_lang.items())
    if step.kind == "redo":
        return (f"import {entry['id']} brought back ({name}): {units} stored again as the import stored them "
                f"(translator and time kept); knowledge base rebuilt")
    if step.whole:
        return (f"import {entry['id']} taken back ({name}, {counted(len(entry.get('applied', [])), 'unit')}, imported "
                f"{entry.get('imported')}): {', '.join(step.files)} put back as before, byte for byte; knowledge base "
                f"rebuilt (mtgkb import --redo {entry['id']} brings it back)")
    left = len(entry.get("units", [])) - len(undone_keys(entry, entry.get("units", [])))
    rest = "it is now taken back whole" if entry.get("undone") else f"{counted(left, 'unit')} of it stay"
    return (f"import {entry['id']} ({name}, imported {entry.get('imported')}): {units} taken back, as before the "
            f"import, the other units of {', '.join(step.files)} as they are; {rest}; knowledge base rebuilt "
            f"(mtgkb import --redo {entry['id']} brings them back)")


@click.command(name="imports")
@kb_option
@json_option
def imports_(kb_dir: Path | None, as_json: bool) -> None:
    """List the imports made into the knowledge base, newest last (the last 50 are kept).

    \b
    Examples:
      mtgkb imports
      mtgkb import --undo          (take back the last one)
      mtgkb import --revert 3      (take back import 3)
    """
    from ..export.imports import history, pending

    directory = kb_dir or default_kb_dir()
    open_kb(kb_dir).close()
    entries = [{k: v for k, v in e.items() if k not in ("before", "after", "units")} for e in history(directory)]
    step = pending(directory)
    for e in entries:
        if step and e["id"] == step[1]:  # its journal is left: running now, or killed and not (yet) settled
            e["pending"] = step[0]
    if as_json:
        echo_json(entries)
        return
    if not entries:
        click.echo("no imports yet")
    for e in entries:
        units = e.get("applied", [])
        shown = ", ".join(units[:5]) + (f" … and {len(units) - 5} more" if len(units) > 5 else "")
        release = f" (numbered as the release {e['source_release']})" if e.get("source_release") else ""
        by_lang = e.get("applied_by_lang") or {}
        count = ", ".join(f"{counted(len(ids), 'unit')} in {lang}" for lang, ids in by_lang.items()) \
            if by_lang else counted(len(units), "unit")
        click.echo(f"{e['id']:>4}  {e.get('imported')}  {e.get('lang')}  {Path(e.get('file') or '?').name}"
                   f"  by {e.get('translator') or 'an unnamed translator'}  {count}{release}: {shown}"
                   + ("  (undone)" if e.get("undone") else "")
                   + (f"  (undone in part: {_undone_units(e)}; mtgkb import --redo {e['id']} brings them back)"
                      if e.get("undone_units") and not e.get("undone") else "")
                   + (f"  ({e['pending']} in progress or interrupted: settled by the next import, undo or build)"
                      if e.get("pending") else ""))


def _undone_units(entry: dict) -> str:
    """The units an undo took back of a history entry, with their language when it has several."""
    from ..export.unit_changes import lang_of

    several = "," in (entry.get("lang") or "")
    return ", ".join(dict.fromkeys(f"{unit} ({lang_of(name)})" if several else unit
                                   for name, unit in entry["undone_units"]))


def other_language(source: str) -> str:
    """The default target language: Italian, or English from an Italian source."""
    return "it" if source != "it" else "en"


@click.command()
@click.argument("selectors", nargs=-1, metavar="[RULES]...")
@click.option("--rules", "rules", multiple=True, metavar="NUMBERS",
              help="Rules as for `mtgkb export` (repeatable; 4, 702, 400.7, 702.19b-d) [default: all].")
@click.option("--glossary", is_flag=True,
              help="Count the glossary's units too (as --include examples,glossary exports them).")
@click.option("--source", default="en", show_default=True, type=click.Choice(LANGUAGES))
@click.option("--target", default=None, type=click.Choice(LANGUAGES),
              help="[default: it (en from an Italian source)]")
@release_option
@kb_option
@json_option
def status(selectors: tuple[str, ...], rules: tuple[str, ...], glossary: bool, source: str, target: str | None,
           release: str | None, kb_dir: Path | None, as_json: bool) -> None:
    """Per chapter: rules translated, missing, stale and orphaned in TARGET against SOURCE.

    Each stale unit is listed with why, and with a word diff of the source text it
    was translated from against the current one ([-removed-] {+added+}). RULES and
    --glossary narrow the counts to the part an export of the same selection holds.

    \b
    Examples:
      mtgkb status --source en --target it --release 2024-11-08
      mtgkb status 702 --target fr
      mtgkb status --rules 4 --glossary --json
    """
    from ..export.status import render_status, status as compute

    report = compute(open_kb(kb_dir), source, target or other_language(source), release,
                     rules=(*selectors, *rules), glossary=glossary)
    if as_json:
        echo_json(report)
    else:
        click.echo(render_status(report))
