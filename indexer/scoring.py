"""Ranking: BM25F with per-language statistics, the fixed scores of number and name hits,
the boosts of translated and corrected words, and the tie-breaking orders.

Ties are broken by kind (:data:`~indexer.schema.KINDS` order), language (en, it, fr),
rule order and id, so the order of hits is deterministic.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from whoosh.scoring import BM25F, BM25FScorer

from .analysis import LANGS
from .hits import Hit
from .params import BM25
from .schema import KINDS, population

LANG_ORDER = {"en": 0, "it": 1, "fr": 2}
KIND_ORDER = {k: i for i, k in enumerate(KINDS)}

# Rule numbers in the query come first, then the game concept the query names, then exact
# names, then text matches (BM25F scores).
NUMBER_SCORE = 1000.0
CONCEPT_SCORE = 800.0
NAME_SCORE = 500.0
# The step between consecutive number hits, and between a hit and its aligned versions.
STEP = 0.001


class PerLanguageBM25F(BM25F):
    """BM25F whose statistics for a language's field count only that language's documents.

    whoosh averages field lengths and computes idf over every document, so a
    field that only Italian items fill would look tiny on average and Italian
    matches would score far below English ones. Here ``text_it``'s average
    length and idf use the number of Italian items that are not cards, and
    ``ctext_it``'s the number of Italian cards (:func:`~indexer.schema.population`).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._stats: dict[str, tuple[int, float]] = {}

    def scorer(self, searcher, fieldname, text, qf=1):
        lang = fieldname.rpartition("_")[2]
        if lang not in LANGS or not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf)
        parent = searcher.get_parent()
        if fieldname not in self._stats:
            docs = max(parent.doc_frequency("population", population(fieldname)), 1)
            self._stats[fieldname] = (docs, (parent.field_length(fieldname) / docs) or 1.0)
        docs, average = self._stats[fieldname]
        scorer = BM25FScorer(searcher, fieldname, text, self._field_B.get(fieldname, self.B), self.K1, qf=qf)
        scorer.idf = math.log(docs / (parent.doc_frequency(fieldname, text) + 1)) + 1.0
        scorer.avgfl = average
        return scorer


@lru_cache(maxsize=8)
def weighting(bm25: BM25) -> PerLanguageBM25F:
    """The text fields' BM25F with ``bm25``'s k1 and b (one per set of parameters: it keeps statistics)."""
    return PerLanguageBM25F(B=bm25.b, K1=bm25.k1)


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
