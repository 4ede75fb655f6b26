"""Search hits ready for the search page: documents named by title, matches marked, a card
found in several languages listed once, and whether the first hit is the card a query names."""

from __future__ import annotations

import unicodedata
from typing import Any

from ..corpus import source_label
from ..store import DocumentInfo
from . import html as H


def hit_view(hit: Any, documents: dict[str, DocumentInfo]) -> dict[str, Any]:
    """A hit ready to show; ``doc_title`` names its document by title and date (never by a file hash)."""
    data = hit.to_dict()
    doc = documents.get(data.get("doc") or "")
    data["doc_title"] = source_label(doc) if doc else data.get("doc")
    marked = hit.marked("\ue000", "\ue001") if hasattr(hit, "marked") else data.get("snippet", "")
    texts = data.get("texts") or {}
    data["extra"] = dict(getattr(hit, "extra", {}) or {})
    if data.get("kind") == "card":
        data.update(card_name=card_name_of(data), other_names=[])
    return {**data, "html_snippet": H.highlight(marked),
            # a rule hit: its other languages' texts, and the texts its source numbers otherwise
            "other_texts": [(lang, t) for lang, t in texts.items() if lang != data.get("lang")],
            "renumbered": [(lang, t) for lang, t in texts.items() if t.get("source_number")]}


def card_name_of(data: dict[str, Any]) -> str:
    """The English name of a card hit (its page's address): ``extra.english``, else its id's last part
    (``card/it/Sun Titan``), else its title."""
    extra = data.get("extra") or {}
    if extra.get("english"):
        return str(extra["english"])
    parts = str(data.get("id") or "").split("/", 2)
    return parts[2] if len(parts) == 3 and parts[0] == "card" else str(data.get("title") or "")


def same_name(query: str, name: str) -> bool:
    """Whether ``query`` is ``name`` as typed: case, spacing and the apostrophe's form aside."""
    def plain(text: str) -> str:
        return " ".join(unicodedata.normalize("NFC", text).replace("’", "'").casefold().split())
    return bool(name) and plain(query) == plain(name)


def one_hit_per_card(hits: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The hits with a card found in several languages listed once, where it ranks first, with its
    other languages' names beside it (``other_names``)."""
    first: dict[str, dict[str, Any]] = {}
    kept = []
    for hit in hits:
        if hit["kind"] != "card":
            kept.append(hit)
        elif hit["card_name"] in first:
            first[hit["card_name"]]["other_names"].append((hit["lang"], hit["title"]))
        else:
            first[hit["card_name"]] = hit
            kept.append(hit)
    return kept
