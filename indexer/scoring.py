"""Ranking orders: the fixed scores of number, concept and name hits and the tie-breaking orders
(the text's BM25 is :mod:`indexer.bm25`).

Ties are broken by kind (:data:`~indexer.schema.KINDS` order), language (en, it, fr),
rule order and id, so the order of hits is deterministic.
"""

from __future__ import annotations

from .analysis import LANGS
from .hits import Hit
from .schema import KINDS

LANG_ORDER = {"en": 0, "it": 1, "fr": 2}
KIND_ORDER = {k: i for i, k in enumerate(KINDS)}

# The retrieval score of a hit matching exactly (a rule number, a concept named, a name); the
# order of hits is the precedence of indexer.fuse, not their scores.
EXACT_SCORE = 1.0


def in_languages(langs: set[str]) -> list[str]:
    """``langs`` in language order (every language when empty)."""
    return sorted(langs, key=LANG_ORDER.get) if langs else list(LANGS)


def rule_order(hit: Hit) -> tuple:
    """Rules by the number they are aligned to (a renumbered translation beside its source)."""
    return hit.extra.get("_numkey", ""), LANG_ORDER.get(hit.lang, 9), hit.id


def kind_order(hit: Hit) -> tuple:
    return KIND_ORDER.get(hit.kind, 9), LANG_ORDER.get(hit.lang, 9), hit.id


def stored_order(stored: dict) -> tuple:
    """The tie-breaking of equal scores for a document's stored fields: kind, language, rule order, id."""
    return (KIND_ORDER.get(stored.get("kind", ""), 9), LANG_ORDER.get(stored.get("lang", ""), 9),
            stored.get("numkey", "") or "", stored.get("uid", ""))
