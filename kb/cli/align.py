"""``mtgkb align``: what the knowledge base aligned across languages, and how sure it is."""

from __future__ import annotations

from pathlib import Path

import click

from .options import echo_json, json_option, kb_option, lang_option, open_kb


@click.command("align")
@lang_option(choices=("it", "fr"))
@kb_option
@json_option
def align_command(langs: tuple[str, ...], kb_dir: Path | None, as_json: bool) -> None:
    """Show the cross-language alignment: counts per language and kind (aligned,
    renumbered, unaligned), each pair with its method and confidence, the unaligned
    items and the rules whose numbers disagree with the English reference release.

    \b
    Examples:
      mtgkb align
      mtgkb align --lang it --json
    """
    from ..alignment_report import render_report, report

    data = report(open_kb(kb_dir), langs)
    if as_json:
        echo_json(data)
    else:
        click.echo("\n".join(render_report(data)))
