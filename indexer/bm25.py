"""The one BM25 of the search, written once: :func:`idf` and :func:`saturation`, read by the whoosh
index's text fields (:class:`PerLanguageBM25`) and by the question documents
(:class:`~indexer.questions.QuestionIndex`), with k1 and b from :class:`~indexer.params.BM25`.

A term's weight in a document is ``idf(N, df) × saturation(tf, length, average length, k1, b)``,
where N counts the documents of the term's language (and kind: cards apart) only, so an Italian
word is as rare among Italian texts as an English one among English texts.
"""

from __future__ import annotations

import math

from whoosh.scoring import WeightingModel, WeightLengthScorer, WeightScorer

from .analysis import LANGS
from .params import BM25
from .schema import population


def idf(docs: int, df: int) -> float:
    """How rare a term held by ``df`` of ``docs`` documents is (never negative; 0 for a term held nowhere)."""
    return math.log(1 + (docs - df + 0.5) / (df + 0.5)) if df else 0.0


def saturation(tf: float, length: float, average: float, k1: float, b: float) -> float:
    """A term's frequency in a document, saturated by ``k1`` and normalised by its length (``b``)."""
    return tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / (average or 1.0)))


class PerLanguageBM25(WeightingModel):
    """The whoosh weighting of the text fields: :func:`idf` and :func:`saturation`, whose statistics
    for a language's field count only that language's documents.

    whoosh's own statistics are over every document: a field only Italian items fill would look tiny
    on average and its words rare. Here ``text_it``'s document count and average length are those of
    the Italian items that are not cards, ``ctext_it``'s those of the Italian cards
    (:func:`~indexer.schema.population`); a field of no language uses the whole index's.
    """

    def __init__(self, k1: float, b: float) -> None:
        self.k1, self.b = k1, b
        self._stats: dict[str, tuple[int, float]] = {}  # field -> (documents, average length)

    def supports_block_quality(self) -> bool:
        return True

    def scorer(self, searcher, fieldname: str, text, qf: int = 1):
        if not searcher.schema[fieldname].scorable:
            return WeightScorer.for_(searcher, fieldname, text)
        parent = searcher.get_parent()  # the statistics are the whole index's, not a segment's
        docs, average = self._statistics(parent, fieldname)
        return _Scorer(searcher, fieldname, text, idf(docs, parent.doc_frequency(fieldname, text)), average,
                       self.k1, self.b)

    def _statistics(self, parent, fieldname: str) -> tuple[int, float]:
        if fieldname not in self._stats:
            lang = fieldname.rpartition("_")[2]
            docs = (max(parent.doc_frequency("population", population(fieldname)), 1) if lang in LANGS
                    else max(parent.doc_count(), 1))
            self._stats[fieldname] = (docs, (parent.field_length(fieldname) / docs) or 1.0)
        return self._stats[fieldname]


class _Scorer(WeightLengthScorer):
    def __init__(self, searcher, fieldname: str, text, term_idf: float, average: float, k1: float, b: float) -> None:
        self.idf, self.average, self.k1, self.b = term_idf, average, k1, b
        self.setup(searcher, fieldname, text)

    def _score(self, weight: float, length: float) -> float:
        return self.idf * saturation(weight, length, self.average, self.k1, self.b)


def weighting(params: BM25) -> PerLanguageBM25:
    """The text fields' weighting with ``params``' k1 and b; it keeps the statistics of the index it
    first scores, so each open index has its own (:meth:`~indexer.searcher.Searcher.search`)."""
    return PerLanguageBM25(params.k1, params.b)


def scores(postings: list[int], lengths: list[int], average: float, term_idf: float, k1: float, b: float
           ) -> dict[int, float]:
    """A term's BM25 in each document of its ``postings`` (``[doc, tf, doc, tf, …]``)."""
    return {doc: term_idf * saturation(tf, lengths[doc], average, k1, b)
            for doc, tf in zip(postings[::2], postings[1::2])}
