"""``mtgkb build``: parse sources and (re)build the knowledge base (thin layer over :mod:`kb.pipeline`)."""

from __future__ import annotations

from pathlib import Path

import click

from ..alignment_report import summary_lines
from ..store import default_kb_dir
from .options import echo_json, info, json_option, kb_option


@click.command()
@click.option("--corpus", "corpus", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A source file or folder (repeatable) [default: the embedded corpus].")
@kb_option
@json_option
def build(corpus: tuple[Path, ...], kb_dir: Path | None, as_json: bool) -> None:
    """Parse sources and (re)build the knowledge base.

    Every file's format and language are recognised from its content. The new
    knowledge base replaces the old one atomically: a reader never sees half a build.

    \b
    Examples:
      mtgkb build
      mtgkb build --corpus corpus/ --corpus "MagicCompRules 20241108.txt"
    """
    from ..pipeline import build_kb

    directory = kb_dir or default_kb_dir()
    summary = build_kb(directory, list(corpus), progress=None if as_json else info)
    if as_json:
        echo_json(summary)
        return
    for doc in summary["documents"]:
        counts = ", ".join(f"{v} {k}" for k, v in doc["counts"].items())
        date = f" {doc['effective_date']}" if doc["effective_date"] else ""
        click.echo(f"{doc['path']}: {doc['format']} [{doc['lang']}{date}, {doc['provenance']}]: {counts}"
                   + (f"; {doc['unparsed']} UNPARSED lines" if doc["unparsed"] else ""))
        for warning in doc["warnings"]:
            info(f"warning: {warning}")
    for skipped in summary["skipped"]:
        click.echo(f"{skipped['path']}: skipped ({skipped['reason']})")
    for line in summary_lines(summary["alignment"]):
        click.echo(line)
    click.echo(f"Knowledge base written to {directory}")
