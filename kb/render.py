"""Text rendering of lookup results for a terminal (plain when piped)."""

from __future__ import annotations

from typing import Any

import click

_INDENT = " " * 6


def render_entries(entries: list[dict[str, Any]], *, color: bool = False) -> str:
    """Each rule with every language's text and examples; the sources once at the end."""
    out: list[str] = []
    sources: dict[str, str] = {}
    for entry in entries:
        head = entry["number"] + ("." if entry["kind"] in ("section", "chapter") else "")
        out.append(click.style(head, bold=True) if color else head)
        for lang, item in entry["texts"].items():
            label = f"  [{lang}]"
            text = item.get("text") or item.get("title") or ""
            if entry["kind"] in ("section", "chapter") and item.get("title"):
                text = item["title"] + (f" - {item['pointer']}" if item.get("pointer") else "")
            note = ""
            if "source_number" in item:
                conf = item.get("alignment", {}).get("confidence")
                note = f"  (numbered {item['source_number']} in its source" + \
                       (f", aligned by content, confidence {conf:.2f})" if conf is not None else ")")
            out.append(f"{label} {_indent(text)}" + (click.style(note, dim=True) if color else note))
            for example in entry["examples"].get(lang, []):
                out.append(f"{_INDENT}{_indent('• ' + example)}")
            sources[item["source"]] = _describe(lang, item)
        for ruling in entry.get("rulings", []):
            cards = f" ({', '.join(ruling['cards'][:3])}{', ...' if len(ruling['cards']) > 3 else ''})" \
                if ruling["cards"] else ""
            out.append(f"  ruling [{ruling['lang']}]{cards} {_indent(ruling['text'])}")
        if not entry["texts"]:
            out.append("  (no text in the languages asked for)")
    if sources:
        out.append("")
        out.append("Sources: " + "; ".join(sources[k] for k in sorted(sources, key=lambda k: sources[k])))
    return "\n".join(out)


def _indent(text: str) -> str:
    return text.replace("\n", "\n" + _INDENT)


def _describe(lang: str, item: dict[str, Any]) -> str:
    date = f", effective {item['effective_date']}" if item.get("effective_date") else ""
    if item.get("imported"):
        date += f", by {item.get('translator') or 'an unnamed translator'}, imported {item['imported']}"
    return f"{lang} = {item['source']} ({item['provenance']}{date})"
