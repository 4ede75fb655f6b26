"""A summary of a knowledge base (``/api/health``) and the rulebook's table of contents.

The glossary is :mod:`kb.glossary`, cards are :mod:`kb.cards`.
"""

from __future__ import annotations

from typing import Any

from .corpus import source_info
from .numbering import RuleNumber
from .store import KnowledgeBase

LABEL_WORDS = 9


# -- summary --------------------------------------------------------------------

def health(kb: KnowledgeBase) -> dict[str, Any]:
    """What the knowledge base holds: build, releases (with dates), documents and counts."""
    info = kb.info()
    docs = kb.documents().values()
    return {
        "status": "ok",
        "build": kb.build_dir.name,
        "built_at": info.get("built_at"),
        "schema_version": info.get("schema_version"),
        "releases": [{"id": d.id, "lang": d.lang, "effective_date": d.effective_date, "active": d.active}
                     for d in kb.releases()],
        "documents": [{"id": d.id, "lang": d.lang, "format": d.format, "effective_date": d.effective_date,
                       "provenance": d.provenance, "active": d.active} for d in docs],
        "counts": kb.counts(),
        "search_index": kb.index_dir.is_dir() and any(kb.index_dir.iterdir()),
    }


# -- table of contents ----------------------------------------------------------

def contents(kb: KnowledgeBase) -> dict[str, Any]:
    """The rulebook's table of contents: sections, their chapters, their rules (not subrules), each
    with its English title or first words and the titles other languages give it; and the releases
    it is read from (the English reference first)."""
    ids = kb.active_ids()
    nodes: dict[str, dict[str, Any]] = {}
    holding: dict[str, None] = {}
    for version in kb.rule_versions(ids):
        number = RuleNumber.try_parse(version.aligned_number)
        if number is None or number.kind == "subrule" or version.align_method == "unaligned":
            continue
        node = nodes.setdefault(version.aligned_number, {"number": version.aligned_number, "kind": number.kind,
                                                         "key": number.sort_key, "label": "", "titles": {}})
        label = version.rule.title or _first_words(version.rule.text)
        holding[version.doc.id] = None
        if label:
            node["titles"].setdefault(version.doc.lang, label)
    sections: list[dict[str, Any]] = []
    chapters: dict[str, dict[str, Any]] = {}
    for node in sorted(nodes.values(), key=lambda n: n["key"]):
        node["label"] = node["titles"].get("en") or next(iter(node["titles"].values()), "")
        parent = str(RuleNumber.parse(node["number"]).parent or "")
        if node["kind"] == "section":
            sections.append({**node, "chapters": []})
        elif node["kind"] == "chapter":
            chapter = chapters[node["number"]] = {**node, "rules": []}
            section = next((s for s in sections if s["number"] == parent), None)
            if section is not None:
                section["chapters"].append(chapter)
        elif parent in chapters:
            chapters[parent]["rules"].append(node)
    docs = kb.documents()
    releases = sorted((docs[i] for i in holding), key=lambda d: (d.lang != "en", d.lang, d.id))
    return {"sections": sections, "releases": [source_info(d) for d in releases]}


def _first_words(text: str) -> str:
    words = text.split()
    if not words:
        return ""
    if len(text) <= 60 and "." not in text:
        return text
    return " ".join(words[:LABEL_WORDS]) + (" …" if len(words) > LABEL_WORDS else "")
