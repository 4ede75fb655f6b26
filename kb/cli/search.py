"""``mtgkb search``: full-text and rule-number search (thin layer over :mod:`indexer.search`).

whoosh is imported inside the command only, so ``mtgkb rule`` never pays for it.
"""

from __future__ import annotations

from pathlib import Path

import click

from .options import echo_json, info, json_option, kb_option, lang_option, open_kb, use_color

KIND_CHOICES = ("rule", "ruling", "term", "card", "example", "page")


@click.command(name="search")
@click.argument("query", nargs=-1, required=True)
@click.option("--limit", "-n", type=click.IntRange(1, 1000), default=10, show_default=True,
              help="At most this many hits.")
@click.option("--kind", "kinds", multiple=True, type=click.Choice(KIND_CHOICES),
              help="Only these kinds of hit (repeatable) [default: all].")
@lang_option
@kb_option
@json_option
def search_command(query: tuple[str, ...], limit: int, kinds: tuple[str, ...], langs: tuple[str, ...],
                   kb_dir: Path | None, as_json: bool) -> None:
    """Search rules, examples, glossary terms, rulings, keyword pages and cards.

    \b
    Query language:
      pareggio, vote tied           words, in any language (all must match first)
      "public zone"                 a phrase
      vote OR abstain, vote NOT tie alternatives; exclusion (also -tie)
      vot*                          a prefix (3 letters or more)
      701.32, rule 400.7k, 702.19b-d  rule numbers and ranges, shown first
      kind:card, lang:it, section:7 filters
    Accents, elisions (dell'abilità, l’exil) and small typos are forgiven.
    """
    from indexer.search import search

    kb = open_kb(kb_dir)
    text = " ".join(query)
    hits = search(kb, text, lang=",".join(langs) or None, kind=",".join(kinds) or None, limit=limit)
    if as_json:
        echo_json([hit.to_dict() for hit in hits])
        for suggestion in hits.suggestions:
            info(f"Did you mean: {suggestion}")
        return
    click.echo(render_hits(hits, text, color=use_color()))


def render_hits(hits, query: str, *, color: bool) -> str:
    """Numbered hits with kind, number or name, language and a marked snippet."""
    lines: list[str] = []
    if not hits:
        lines.append(f"No results for {query!r}.")
    for rank, hit in enumerate(hits, 1):
        label = hit.number if hit.kind in ("rule", "example") and hit.number else hit.title
        head = f"{rank:>2}. {hit.kind} {label} [{hit.lang}]"
        if hit.kind in ("rule", "example") and hit.title:
            head += f" {hit.title}"
        if hit.kind == "card" and hit.extra.get("english") and hit.extra["english"] != hit.title:
            head += f" ({hit.extra['english']})"
        lines.append(click.style(head, bold=True) if color else head)
        if color:
            snippet = hit.marked("\x00", "\x01")
            snippet = snippet.replace("\x00", click.style("", bold=True, fg="yellow", reset=False)).replace(
                "\x01", click.style("", reset=True))
        else:
            snippet = hit.marked("[", "]")
        lines.append(f"    {snippet}")
        if hit.aligned:
            also = ", ".join(f"{lang} {uid}" for lang, uid in sorted(hit.aligned.items()))
            tail = f" (mtgkb rule {hit.number})" if hit.kind == "rule" and hit.number else ""
            lines.append(f"    also: {also}{tail}")
    for suggestion in hits.suggestions:
        lines.append(f"Did you mean: {suggestion}")
    return "\n".join(lines)
