"""One BM25 (indexer.bm25): the whoosh text fields and the question documents score a term with the
same idf and saturation, each over its own language's documents."""

from __future__ import annotations

import math

import pytest
from whoosh import query as Q

from indexer import bm25
from indexer.analysis import terms
from indexer.params import DEFAULT
from indexer.questions import QuestionIndex
from indexer.schema import population
from indexer.searcher import Searcher
from kb.store import KnowledgeBase


def test_idf_is_never_negative_and_falls_with_the_documents_holding_the_term() -> None:
    values = [bm25.idf(1000, df) for df in (1, 10, 100, 999, 1000)]
    assert values == sorted(values, reverse=True) and values[-1] > 0
    assert bm25.idf(1000, 0) == 0.0
    assert bm25.idf(1000, 1) == pytest.approx(math.log(1 + 999.5 / 1.5))


def test_saturation_grows_with_the_frequency_towards_k1_plus_one_and_falls_with_length() -> None:
    assert bm25.saturation(1, 10, 10, 1.2, 0.75) == pytest.approx(1.0)
    assert bm25.saturation(1000, 10, 10, 1.2, 0.75) == pytest.approx(2.2, abs=0.01)
    assert bm25.saturation(2, 40, 10, 1.2, 0.75) < bm25.saturation(2, 10, 10, 1.2, 0.75)
    assert bm25.saturation(2, 40, 10, 1.2, 0.0) == bm25.saturation(2, 10, 10, 1.2, 0.0)


@pytest.mark.parametrize("lang, word", [("en", "trample"), ("it", "cimitero")])
def test_the_text_fields_score_with_the_one_bm25_over_their_language(product_kb, lang, word) -> None:
    searcher = Searcher(KnowledgeBase.open(product_kb).index_dir).searcher
    field, term = f"text_{lang}", terms(word, lang)[0]
    found = searcher.search(Q.Term(field, term), limit=1)
    assert found, f"{word!r} is in the rules' {lang} text"
    docnum = found.docnum(0)
    docs = searcher.doc_frequency("population", population(field))
    average = searcher.field_length(field) / docs
    postings = searcher.postings(field, term)
    postings.skip_to(docnum)
    weight = postings.weight()
    expected = bm25.idf(docs, searcher.doc_frequency(field, term)) * bm25.saturation(
        weight, searcher.doc_field_length(docnum, field), average, DEFAULT.bm25.k1, DEFAULT.bm25.b)
    assert found.score(0) == pytest.approx(expected)


def test_the_question_documents_use_the_same_idf(product_kb) -> None:
    index = QuestionIndex(KnowledgeBase.open(product_kb).index_dir)
    term = terms("trample", "en")[0]
    df = len(index.postings["en"][term]) // 2
    assert df and index.idf("en", term) == bm25.idf(index.count["en"], df)


def test_each_open_index_scores_with_its_own_statistics(search_kb, product_kb) -> None:
    """Two indexes open in one process: the second's scores are not computed with the first's
    document counts and lengths (a weighting shared between them did)."""
    first = Searcher(search_kb.index_dir).searcher
    assert first.search(Q.Term("text_en", terms("trample", "en")[0]), limit=1)  # its statistics read first
    test_the_text_fields_score_with_the_one_bm25_over_their_language(product_kb, "en", "trample")
