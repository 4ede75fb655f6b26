"""The English rulings on the cards a question names that meet its words, scored one by one
(:class:`CardRulings`), for :meth:`indexer.retrieve.Retriever.card_evidence`.

A card holds a handful of rulings. A whoosh query ``name AND kind:ruling AND (alternative OR …)``
reached them by walking the posting lists of every English alternative of the question, each as
long as the index's English texts, to the few documents of the named cards (about a third of a
question's time on the 580-set archive). Here the named cards' documents come from the short
posting lists of their name keys, and each English ruling among them is scored from its own terms
(its stored text analysed as the index analysed it, kept per document): the same documents, scores
and matched terms as that query, at the cost of a few short texts.

The score is the query's: per name key the ruling holds, that key's weight in ``name_key``; 1 for
``kind:ruling``; per alternative all of whose terms the ruling holds, each term's BM25 in ``text_en``
(:mod:`indexer.bm25`, the searcher's weighting: the index's statistics, the stored field length).
Only the order of the additions differs from whoosh's matcher tree.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from .analysis import terms
from .schema import text_field

FIELD = text_field("en")
KIND_WEIGHT = 1.0  # an ID field's posting weighs 1
CACHED = 2_000  # documents whose terms are kept (an English ruling's, or None for any other document): some 70 cards' worth, a few MB


class CardRulings:
    """The rulings of named cards over one open whoosh ``searcher`` (see the module docstring)."""

    def __init__(self, searcher) -> None:
        self.searcher = searcher
        self._terms: dict[int, Counter | None] = {}

    def meeting(self, keys: Iterable[str], alternatives: list[tuple[str, ...]], allow=None, limit: int = 60
                ) -> list[tuple[float, int, set[tuple[str, str]]]]:
        """``(score, docnum, matched terms)`` of the English rulings holding one of the name ``keys``
        and all the terms of one of the ``alternatives`` at least (each an English alternative's
        terms; one listed twice counts twice, as in an OR of them), ``allow``'s documents only (a
        set of docnums, or None), the best ``limit`` first, ties by docnum, as
        ``searcher.search(query, filter=allow, limit=limit, terms=True)`` gives them."""
        names: dict[int, float] = {}
        keys_of: dict[int, list[str]] = {}
        reader = self.searcher.reader()
        for key in keys:
            if ("name_key", key) not in reader:
                continue
            for docnum, weight in self.searcher.postings("name_key", key).items_as("weight"):
                if allow is None or docnum in allow:
                    names[docnum] = names.get(docnum, 0.0) + weight
                    keys_of.setdefault(docnum, []).append(key)
        found = []
        scorers: dict[str, object] = {}
        for docnum, name_weight in names.items():
            held = self.ruling_terms(docnum)
            if held is None:
                continue
            met = [alt for alt in alternatives if all(t in held for t in alt)]
            if not met:
                continue
            length = self.searcher.doc_field_length(docnum, FIELD, 1)
            score = 0.0
            for alt in met:
                for term in alt:
                    scorer = scorers.get(term)
                    if scorer is None:
                        scorer = scorers[term] = self.searcher.weighting.scorer(self.searcher, FIELD, term)
                    score += scorer._score(held[term], length)
            matched = {(FIELD, t) for alt in met for t in alt} | {("name_key", k) for k in keys_of[docnum]}
            matched.add(("kind", "ruling"))
            found.append((score + KIND_WEIGHT + name_weight, docnum, matched))
        found.sort(key=lambda entry: (-entry[0], entry[1]))
        return found[:limit]

    def ruling_terms(self, docnum: int) -> Counter | None:
        """The terms of document ``docnum``'s English text with their frequencies, if it is an English
        ruling (None otherwise), read once per document."""
        if docnum in self._terms:
            return self._terms[docnum]
        stored = self.searcher.stored_fields(docnum)
        held = (Counter(terms(stored.get("content", "") or "", "en"))
                if stored.get("kind") == "ruling" and stored.get("lang") == "en" else None)
        if len(self._terms) >= CACHED:
            self._terms.clear()
        self._terms[docnum] = held
        return held
