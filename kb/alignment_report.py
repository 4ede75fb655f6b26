"""What a built knowledge base aligned, and how sure it is: the reading side of :mod:`kb.align`.

:func:`report` reads the alignment records of a build (``mtgkb align``, JSON shape);
:func:`render_report` and :func:`summary_lines` turn a report or the summary a
build returns (``mtgkb build``) into text lines.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable

from .corpus import source_info
from .numbering import RuleNumber
from .store import KnowledgeBase

CARD_PAIRS_SHOWN = 20


def report(kb: KnowledgeBase, langs: Iterable[str] = ()) -> dict[str, Any]:
    """Counts per language and kind (aligned, renumbered, unaligned), every pair with method and
    confidence, the unaligned items, and the rules whose numbers disagree with the reference."""
    wanted = set(langs)
    docs = kb.documents()
    info = kb.info()
    counts: dict[str, dict[str, dict[str, int]]] = {}
    pairs, unaligned, numbering, links = [], [], [], 0
    counted: set[tuple[str, str, str]] = set()
    for row in kb.alignments():
        kind, a_doc, a_id, method, note = row.kind, row.a_doc, row.a_id, row.method, row.note
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
        pairs.append({"kind": kind, "lang": lang, "a_doc": a_doc, "a_id": a_id, "b_doc": row.b_doc,
                      "b_id": row.b_id, "method": method, "confidence": row.confidence, "note": note})
        if kind == "rule" and a_id != row.b_id:
            numbering.append({"doc": a_doc, "lang": lang, "source_number": a_id, "aligned_number": row.b_id,
                              "method": method, "confidence": row.confidence})
    pairs.sort(key=lambda p: (p["kind"], p["lang"], p["a_doc"], item_key(p["a_id"])))
    numbering.sort(key=lambda n: (n["lang"], n["doc"], item_key(n["source_number"])))
    unaligned.sort(key=lambda u: (u["kind"], u["lang"], u["doc"], item_key(u["id"])))
    summary = info.get("alignment") or {}
    named = {info.get("alignment_reference")} | {p["a_doc"] for p in pairs} | {p["b_doc"] for p in pairs} | \
        {u["doc"] for u in unaligned}
    releases = [{**r, "rules": {lang: c for lang, c in r["rules"].items() if not wanted or lang in wanted}}
                for r in summary.get("releases", [])]
    return {"reference": info.get("alignment_reference"), "counts": counts, "releases": releases,
            "numbering": numbering,
            "pairs": pairs, "unaligned": unaligned, "rule_rulings": links,
            "documents": {doc_id: source_info(docs[doc_id]) for doc_id in sorted(named - {None}) if doc_id in docs},
            "lexicon": summary.get("lexicon", {}), "core_check": summary.get("core_check", {})}


def item_key(item: str) -> tuple:
    """Aligned items in reading order: rule numbers as rules (``400.2`` before ``400.10``), an
    example after its rule by place (``400.6#2`` before ``400.6#10``), ruling numbers as numbers,
    names as text."""
    head, _, place = item.partition("#")
    number = RuleNumber.try_parse(head)
    if number is not None:
        return (0, number.sort_key, int(place) if place.isdigit() else 0, place)
    return (1, int(item), "") if item.isdigit() else (2, 0, item)


def summary_lines(summary: dict[str, Any]) -> list[str]:
    """The alignment summary ``mtgkb build`` prints."""
    if not summary.get("reference"):
        return ["Alignment: no English rules release held, rules keep their own numbers."]
    lines = [f"Alignment against {summary['reference']}:"]
    lines += _count_lines(summary.get("counts", {}))
    lines.append(f"  rulings linked to rules: {summary.get('rule_rulings', 0)}; lexicon: "
                 + ", ".join(f"{k} {v}" for k, v in sorted(summary.get("lexicon", {}).items())))
    return lines + release_lines(summary.get("releases", []))


def release_lines(releases: list[dict[str, Any]]) -> list[str]:
    """Rules placed in each English release's numbering, when there are several."""
    if len(releases) < 2:
        return []
    lines = ["Rules placed in each English release (at their number, renumbered, in none of its rules):"]
    for release in releases:
        counts = "; ".join(f"[{lang}] {c['aligned']}, {c['renumbered']}, {c['unaligned']}"
                           for lang, c in sorted(release["rules"].items()))
        lines.append(f"  {release['date'] or release['release']}: {counts or 'no rules to place'}")
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
    """The text of ``mtgkb align``: counts, numbering disagreements, pairs, unaligned items; documents
    named by title and date (``--json`` keeps their ids, and names them under ``documents``)."""
    documents = data.get("documents", {})

    def name(doc_id: str) -> str:
        doc = documents.get(doc_id)
        return f"{doc['title']}, {doc['effective_date']}" if doc and doc.get("effective_date") else \
            doc["title"] if doc else doc_id

    reference = data["reference"]
    out = [f"Reference: {name(reference)} ({reference})" if reference else
           "Reference: (no English rules release held)", "Counts:"]
    out += _count_lines(data["counts"]) or ["  (nothing to align)"]
    out += release_lines(data.get("releases", []))
    if data["numbering"]:
        out.append("Numbering disagreements (source number -> reference number):")
        for n in data["numbering"]:
            out.append(f"  [{n['lang']}] {name(n['doc'])} · {n['source_number']} -> {n['aligned_number']}"
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
        other = p["b_id"] if p["b_doc"] in (reference, p["a_doc"]) else f"{name(p['b_doc'])} · {p['b_id']}"
        out.append(f"  {p['kind']:7} [{p['lang']}] {name(p['a_doc'])} · {p['a_id']} = {other}"
                   f"  ({p['method']}, {p['confidence']:.2f})")
    if cards > CARD_PAIRS_SHOWN:
        out.append(f"  ... and {cards - CARD_PAIRS_SHOWN} more card names (see --json)")
    for (lang, doc, seq, english, method, conf), targets in rulings.items():
        out.append(f"  ruling  [{lang}] {name(doc)} · #{seq} = \"{english[:70]}\" in {len(targets)} place(s)"
                   f"  ({method}, {conf:.2f})")
    if data["unaligned"]:
        out.append("Unaligned:")
        for u in data["unaligned"]:
            out.append(f"  {u['kind']:7} [{u['lang']}] {name(u['doc'])} · {u['id']}: {u['reason']}")
    return out
