"""``mtgkb align``: what the knowledge base aligned across languages, and how sure it is."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import click

from .cli import echo_json, json_option, kb_option, open_kb

CARD_PAIRS_SHOWN = 20


@click.command("align")
@click.option("--lang", "langs", multiple=True, type=click.Choice(("it", "fr")),
              help="Only this language (repeatable) [default: all].")
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
    from .align_report import report

    data = report(open_kb(kb_dir), langs)
    if as_json:
        echo_json(data)
    else:
        click.echo("\n".join(render_report(data)))


def summary_lines(summary: dict[str, Any]) -> list[str]:
    """The alignment summary ``mtgkb build`` prints."""
    if not summary.get("reference"):
        return ["Alignment: no English rules release held, rules keep their own numbers."]
    lines = [f"Alignment against {summary['reference']}:"]
    lines += _count_lines(summary.get("counts", {}))
    lines.append(f"  rulings linked to rules: {summary.get('rule_rulings', 0)}; lexicon: "
                 + ", ".join(f"{k} {v}" for k, v in sorted(summary.get("lexicon", {}).items())))
    return lines


def _count_lines(counts: dict[str, dict[str, dict[str, int]]]) -> list[str]:
    out = []
    for lang in sorted(counts):
        parts = []
        for kind in ("rule", "example", "ruling", "term", "card"):
            c = counts[lang].get(kind)
            if c:
                parts.append(f"{kind} {c['aligned']} aligned" + (f", {c['renumbered']} renumbered" if c["renumbered"]
                                                                 else "") + f", {c['unaligned']} unaligned")
        out.append(f"  [{lang}] " + "; ".join(parts))
    return out


def render_report(data: dict[str, Any]) -> list[str]:
    out = [f"Reference: {data['reference'] or '(no English rules release held)'}", "Counts:"]
    out += _count_lines(data["counts"]) or ["  (nothing to align)"]
    if data["numbering"]:
        out.append("Numbering disagreements (source number -> reference number):")
        for n in data["numbering"]:
            out.append(f"  [{n['lang']}] {n['doc']} {n['source_number']} -> {n['aligned_number']}"
                       f"  ({n['method']}, {n['confidence']:.2f})")
    out.append("Pairs:")
    rulings: dict[tuple, list[str]] = defaultdict(list)
    cards = 0
    for p in data["pairs"]:
        if p["kind"] == "ruling":
            rulings[(p["lang"], p["a_doc"], p["a_id"], p["note"].get("english", ""), p["method"],
                     p["confidence"])].append(f"{p['b_doc']}#{p['b_id']}")
            continue
        if p["kind"] == "card":
            cards += 1
            if cards > CARD_PAIRS_SHOWN:
                continue
        out.append(f"  {p['kind']:7} [{p['lang']}] {p['a_doc']}:{p['a_id']} = {p['b_doc']}:{p['b_id']}"
                   f"  ({p['method']}, {p['confidence']:.2f})")
    if cards > CARD_PAIRS_SHOWN:
        out.append(f"  ... and {cards - CARD_PAIRS_SHOWN} more card names (see --json)")
    for (lang, doc, seq, english, method, conf), targets in rulings.items():
        out.append(f"  ruling  [{lang}] {doc}#{seq} = \"{english[:70]}\" in {len(targets)} place(s)"
                   f"  ({method}, {conf:.2f})")
    if data["unaligned"]:
        out.append("Unaligned:")
        for u in data["unaligned"]:
            out.append(f"  {u['kind']:7} [{u['lang']}] {u['doc']}:{u['id']}: {u['reason']}")
    return out
