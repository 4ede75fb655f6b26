"""Precision and recall of an :class:`~kb.align.result.Alignment` against a hand-labelled gold set
(``tests/data/alignment_gold.json``: rule pairs, ruling pairs, term and card-name pairs,
pairs that must not be made); and of ruling -> rule links against a labelled sample
(``tests/data/ruling_links_gold.tsv``, :func:`read_link_gold`, :func:`link_scores`).

Scope, per kind: rules — every rule of the gold's foreign documents; rulings — every ruling
of those documents, compared as (foreign ruling, English wording) with quotes folded; terms —
term pairs made by the scoped methods plus card-name pairs whose English name the gold lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import tsv
from ..errors import ParseError
from ..model import Document
from ..text import match_key
from .result import Alignment


def _scores(predicted: set, gold: set) -> dict[str, Any]:
    correct = predicted & gold
    return {"predicted": len(predicted), "gold": len(gold), "correct": len(correct),
            "precision": round(len(correct) / len(predicted), 4) if predicted else 1.0,
            "recall": round(len(correct) / len(gold), 4) if gold else 1.0,
            "wrong": sorted(map(str, predicted - gold))[:10], "missed": sorted(map(str, gold - predicted))[:10]}


def evaluate(alignment: Alignment, documents: list[Document], gold: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per kind: predicted, gold, correct, precision, recall, and a few wrong / missed items."""
    return {"rules": _rules(alignment, gold["rules"]), "rulings": _rulings(alignment, documents, gold["rulings"]),
            "terms": _terms(alignment, gold["terms"])}


def _rules(alignment: Alignment, gold: dict[str, Any]) -> dict[str, Any]:
    docs = {p["doc"] for p in gold["pairs"]}
    predicted = {(p.a_doc, p.a_id, p.b_id) for p in alignment.pairs if p.kind == "rule" and p.a_doc in docs}
    result = _scores(predicted, {(p["doc"], p["number"], p["aligned"]) for p in gold["pairs"]})
    result["forbidden_made"] = sorted(str(x) for x in predicted & {(p["doc"], p["number"], p["aligned"])
                                                                   for p in gold["not_pairs"]})
    return result


def _rulings(alignment: Alignment, documents: list[Document], gold: dict[str, Any]) -> dict[str, Any]:
    texts = {(d.id, str(seq)): r.text for d in documents for seq, r in enumerate(d.rulings)}
    docs = {p["doc"] for p in gold["pairs"]}

    def key(doc: str, foreign_text: str) -> str:
        for p in gold["pairs"]:
            if p["doc"] == doc and foreign_text.startswith(p["foreign"]):
                return p["foreign"]
        return foreign_text[:40]

    predicted = {(key(p.a_doc, texts[(p.a_doc, p.a_id)]), match_key(texts[(p.b_doc, p.b_id)]))
                 for p in alignment.pairs if p.kind == "ruling" and p.a_doc in docs}
    wanted = {(p["foreign"], match_key(e)) for p in gold["pairs"] for e in p["english"]}
    result = _scores(predicted, wanted)
    result["forbidden_made"] = sorted(str(x) for x in predicted & {(p["foreign"], match_key(p["english"]))
                                                                   for p in gold["not_pairs"]})
    return result


def _terms(alignment: Alignment, gold: dict[str, Any]) -> dict[str, Any]:
    card_names = {match_key(c[2]) for c in gold["cards"]}
    predicted = set()
    for p in alignment.pairs:
        lang = p.note.get("lang", "")
        if p.kind == "term" and p.method in gold["scope_methods"]:
            predicted.add((lang, match_key(p.a_id), match_key(p.b_id)))
        elif p.kind == "card" and match_key(p.b_id) in card_names:
            predicted.add((lang, match_key(p.a_id.split(":", 1)[1]), match_key(p.b_id)))
    wanted = {(lang, match_key(f), match_key(e)) for lang, f, e in gold["pairs"] + gold["cards"]}
    result = _scores(predicted, wanted)
    result["forbidden_made"] = sorted(str(x) for x in predicted & {(l, match_key(f), match_key(e))
                                                                   for l, f, e in gold["not_pairs"]})
    return result


# -- ruling -> rule links (tests/data/ruling_links_gold.tsv) -----------------------------------

LINK_COLUMNS = ("stratum", "rule", "title", "card", "correct", "reason", "ruling")


@dataclass(frozen=True, slots=True)
class GoldLink:
    """A candidate link of the ruling sample, labelled by hand: would a judge want the ruling under the rule?"""

    stratum: str  # both, new, old, card (how it was drawn), listed (named by issue 12)
    rule: str
    title: str
    card: str  # "-" for a ruling without a card
    correct: bool
    reason: str
    ruling: str


def read_link_gold(path: Path) -> list[GoldLink]:
    """The labelled rows of a ruling-link sample (tab-separated, ``#`` comments, a header row)."""
    rows = []
    for number, cells in tsv.rows(path):
        if tuple(cells) == LINK_COLUMNS:
            continue
        if len(cells) != len(LINK_COLUMNS) or cells[4] not in ("yes", "no"):
            raise ParseError(str(path), f"expected {len(LINK_COLUMNS)} cells with correct yes/no", number)
        row = dict(zip(LINK_COLUMNS, cells))
        rows.append(GoldLink(row["stratum"], row["rule"], row["title"], row["card"], row["correct"] == "yes",
                             row["reason"], row["ruling"]))
    return rows


def link_scores(gold: list[GoldLink], linked: set[int]) -> dict[str, Any]:
    """Precision and recall of the gold rows (by index) a method links."""
    correct = sum(1 for i in linked if gold[i].correct)
    relevant = sum(1 for g in gold if g.correct)
    return {"linked": len(linked), "correct": correct,
            "precision": correct / len(linked) if linked else 1.0, "recall": correct / relevant if relevant else 1.0}
