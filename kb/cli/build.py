"""``mtgkb build``: parse sources and (re)build the knowledge base (thin layer over :mod:`kb.pipeline`)."""

from __future__ import annotations

from pathlib import Path

import click

from ..alignment_report import summary_lines
from ..corpus import embedded_corpus
from ..store import LOCK_WAIT, default_kb_dir
from .options import echo_json, info, json_option, kb_option


@click.command()
@click.option("--corpus", "corpus", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A source file or folder (repeatable) [default: the embedded corpus].")
@click.option("--add", "added", multiple=True, type=click.Path(exists=True, path_type=Path), metavar="FILE",
              help="A source file or folder to add to the current build's sources, which are all kept "
                   "(repeatable): a new release, a translation, card files.")
@click.option("--replace", is_flag=True,
              help="Build from the given sources only, even when that drops sources the current build holds "
                   "(a build that would is refused without it, naming them).")
@click.option("--force", is_flag=True, help="Publish even when the sanity checks find the build looks wrong.")
@click.option("--strict", is_flag=True, help="Refuse the build when a parser warns (odd lines read as "
                                              "their neighbours tell, typos in numbers or dates).")
@click.option("--wait", type=click.FloatRange(0, 3600), default=LOCK_WAIT, show_default=True, metavar="SECONDS",
              help="How long to wait for another build of the same knowledge base to finish.")
@click.option("--reindex", is_flag=True,
              help="Rebuild only the search index, from the current build's database (a damaged index; "
                   "no source is read again).")
@kb_option
@json_option
def build(corpus: tuple[Path, ...], added: tuple[Path, ...], replace: bool, force: bool, strict: bool, wait: float,
          reindex: bool, kb_dir: Path | None, as_json: bool) -> None:
    """Parse sources and (re)build the knowledge base.

    Every file's format and language are recognised from its content. The new build
    is checked first (a file cut short, reversed, repeated, shuffled, without cards or
    with control characters is refused with the reason, unless --force), then replaces
    the old one atomically: a reader never sees half a build, and a refused or failed
    build leaves the knowledge base as it was. A build that would drop a source
    document the current build holds (an older release, a translation, cards) is
    refused, naming them: --add keeps every current source and adds files, --replace
    builds from the given sources only. Imported translations are always kept.

    \b
    Examples:
      mtgkb build
      mtgkb build --corpus corpus/ --corpus "MagicCompRules 20241108.txt"
      mtgkb build --add "MagicCompRules 20260101.txt"     (a new release beside the current sources)
      mtgkb build --replace --corpus "MagicCompRules 20260101.txt"
      mtgkb build --strict --corpus "MagicCompRules 20210618.txt"
      mtgkb build --reindex
    """
    from ..pipeline import build_kb, current_sources, reindex_kb

    directory = kb_dir or default_kb_dir()
    if reindex:
        if corpus or added:
            raise click.UsageError("--reindex reads the current build's database: give no --corpus or --add")
        done = reindex_kb(directory, progress=None if as_json else info, wait=wait)
        if as_json:
            echo_json(done)
            return
        click.echo(phrasings_line(done["phrasings"]))
        click.echo(f"Search index rebuilt from {done['database']}; knowledge base written to {directory}")
        return
    if added and (corpus or replace):
        raise click.UsageError("--add keeps the current build's sources: give it without --corpus and --replace")
    from ..export.imports import recover_interrupted
    from ..store import build_lock

    with build_lock(directory, wait):  # an import or undo killed is settled first, never built half-done
        recover_interrupted(directory)
        sources = _with_added(current_sources(directory) or [embedded_corpus()], added) if added else list(corpus)
        summary = build_kb(directory, sources, progress=None if as_json else info, force=force, strict=strict,
                           wait=wait, replace=replace)
    if as_json:
        echo_json(summary)
        return
    for doc in summary["documents"]:
        counts = ", ".join(f"{v} {k}" for k, v in doc["counts"].items()) or "nothing read"
        date = f" {doc['effective_date']}" if doc["effective_date"] else ""
        entries = doc.get("card_entries")
        click.echo(f"{doc['path']}: {doc['format']} [{doc['lang']}{date}, {doc['provenance']}]: {counts}"
                   + (f"; {entries['read']} of {entries['in_files']} card entries read" if entries else "")
                   + (f"; {doc['unparsed']} UNPARSED lines" if doc["unparsed"] and not entries else ""))
        for note in doc.get("notes", ()):
            click.echo(f"  note: {note}")
        for warning in doc["warnings"]:
            info(f"warning: {warning}")
    for skipped in summary["skipped"]:
        click.echo(f"{skipped['path']}: skipped ({skipped['reason']})")
    for line in summary_lines(summary["alignment"]):
        click.echo(line)
    click.echo(phrasings_line(summary["phrasings"]))
    if (vocabulary := summary.get("vocabulary")) and vocabulary["checked"]:
        click.echo(vocabulary_line(vocabulary))
    click.echo(f"Knowledge base written to {directory}")


def _with_added(current: list[Path], added: tuple[Path, ...]) -> list[Path]:
    """The current build's sources, then each added file or folder that is not one of them already."""
    held = {path.resolve() for path in current}
    return [*current, *(path for path in added if path.resolve() not in held)]


def phrasings_line(report: dict) -> str:
    """How many players' phrasings the index applied, and where to look for those it could not."""
    line = f"Players' phrasings: {report['applied']} applied, {report['not_applied']} not applied"
    if report["not_applied"]:
        rules = report["not_applied_rules"]
        shown = ", ".join(rules[:8]) + (f" and {len(rules) - 8} more" if len(rules) > 8 else "")
        line += f" (rules {shown} of {report['table']}: {report['hint']})"
    return line


def vocabulary_line(report: dict) -> str:
    """Where the vocabulary's first rules (made for another release) are in the release built."""
    line = (f"Vocabulary (made for {report['release']}): of {report['first_rules']} first rules, "
            f"{report['moved']} are at another number in {report['built']}, {report['reworded']} reworded, "
            f"{report['unplaced']} in no rule of it; the index uses them where they are in {report['built']}")
    return line + (f": {report['hint']}" if report["hint"] else "")
