"""What a built knowledge base aligned, for ``mtgkb align`` (the reading side of :mod:`kb.align`).

Transitional home of ``report`` while :mod:`kb.align` becomes a package of pure
functions (issue 11): the store/reading-side work moves it to its final module.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from .store import KnowledgeBase


def report(kb: "KnowledgeBase", langs: Iterable[str] = ()) -> dict[str, Any]:
    """What a built knowledge base aligned, for ``mtgkb align``: counts per language and kind
    (aligned, renumbered, unaligned), every pair with method and confidence, the unaligned
    items, and the rules whose numbers disagree with the reference."""
    wanted = set(langs)
    docs = kb.documents()
    info = kb.info()
    counts: dict[str, dict[str, dict[str, int]]] = {}
    pairs, unaligned, numbering, links = [], [], [], 0
    counted: set[tuple[str, str, str]] = set()
    for kind, a_doc, a_id, b_doc, b_id, method, confidence, note_text in kb.alignment_rows():
        note = json.loads(note_text or "{}")
        if kind == "ruling-rule":
            links += 1
            continue
        lang = note.get("lang") or (docs[a_doc].lang if a_doc in docs else "?")
        if wanted and lang not in wanted:
            continue
        what = "unaligned" if method == "unaligned" else (
            "renumbered" if kind == "rule" and method == "content" else "aligned")
        slot = counts.setdefault(lang, {}).setdefault(kind, {"aligned": 0, "renumbered": 0, "unaligned": 0})
        if (kind, a_doc, a_id) not in counted:  # an item paired with several wordings counts once
            counted.add((kind, a_doc, a_id))
            slot[what] += 1
        if method == "unaligned":
            unaligned.append({"kind": kind, "lang": lang, "doc": a_doc, "id": a_id, "reason": note.get("reason"),
                              "text": note.get("text")})
            continue
        pairs.append({"kind": kind, "lang": lang, "a_doc": a_doc, "a_id": a_id, "b_doc": b_doc, "b_id": b_id,
                      "method": method, "confidence": confidence, "note": note})
        if kind == "rule" and a_id != b_id:
            numbering.append({"doc": a_doc, "lang": lang, "source_number": a_id, "aligned_number": b_id,
                              "method": method, "confidence": confidence})
    summary = info.get("alignment") or {}
    return {"reference": info.get("alignment_reference"), "counts": counts, "numbering": numbering,
            "pairs": pairs, "unaligned": unaligned, "rule_rulings": links,
            "lexicon": summary.get("lexicon", {}), "core_check": summary.get("core_check", {})}
