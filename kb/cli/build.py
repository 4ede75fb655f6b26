"""``mtgkb build``: parse sources and (re)build the knowledge base (thin layer over :mod:`kb.pipeline`)."""

from __future__ import annotations

from pathlib import Path

import click

from ..alignment_report import summary_lines
from ..store import LOCK_WAIT, default_kb_dir
from .options import echo_json, info, json_option, kb_option


@click.command()
@click.option("--corpus", "corpus", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A source file or folder (repeatable) [default: the embedded corpus].")
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
def build(corpus: tuple[Path, ...], force: bool, strict: bool, wait: float,
          reindex: bool, kb_dir: Path | None, as_json: bool) -> None:
    """Parse sources and (re)build the knowledge base.

    Every file's format and language are recognised from its content. The new build
    is checked first (a file cut short, reversed, repeated, shuffled, without cards or
    with control characters is refused with the reason, unless --force), then replaces
    the old one atomically: a reader never sees half a build, and a refused or failed
    build leaves the knowledge base as it was.

    \b
    Examples:
      mtgkb build
      mtgkb build --corpus corpus/ --corpus "MagicCompRules 20241108.txt"
      mtgkb build --strict --corpus "MagicCompRules 20210618.txt"
      mtgkb build --reindex
    """
    from ..pipeline import build_kb, reindex_kb

    directory = kb_dir or default_kb_dir()
    if reindex:
        if corpus:
            raise click.UsageError("--reindex reads the current build's database: give no --corpus")
        done = reindex_kb(directory, progress=None if as_json else info, wait=wait)
        echo_json(done) if as_json else click.echo(f"Search index rebuilt from {done['database']}; "
                                                   f"knowledge base written to {directory}")
        return
    summary = build_kb(directory, list(corpus), progress=None if as_json else info, force=force, strict=strict,
                       wait=wait)
    if as_json:
        echo_json(summary)
        return
    for doc in summary["documents"]:
        counts = ", ".join(f"{v} {k}" for k, v in doc["counts"].items())
        date = f" {doc['effective_date']}" if doc["effective_date"] else ""
        entries = doc.get("card_entries")
        click.echo(f"{doc['path']}: {doc['format']} [{doc['lang']}{date}, {doc['provenance']}]: {counts}"
                   + (f"; {entries['read']} of {entries['in_files']} card entries read" if entries else "")
                   + (f"; {doc['unparsed']} UNPARSED lines" if doc["unparsed"] and not entries else ""))
        for warning in doc["warnings"]:
            info(f"warning: {warning}")
    for skipped in summary["skipped"]:
        click.echo(f"{skipped['path']}: skipped ({skipped['reason']})")
    for line in summary_lines(summary["alignment"]):
        click.echo(line)
    click.echo(f"Knowledge base written to {directory}")
