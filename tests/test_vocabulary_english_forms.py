"""kb.vocabulary.english_forms: the English forms the stemmer parts from their lemma, and the committed table."""

from __future__ import annotations

from whoosh.lang import stemmer_for_language

from indexer.analysis import english_forms as committed
from kb.vocabulary.english_forms import english_forms

LEMMAS = {"sacrificed": "sacrifice", "lost": "lose", "walked": "walk", "least": "less", "ca": "can"}


def test_a_form_is_kept_only_when_the_stemmer_parts_it_from_a_rules_lemma() -> None:
    found = english_forms(LEMMAS, {"sacrifice", "lose", "walk", "less", "can"}, stemmer_for_language("en"),
                          lambda word: LEMMAS.get(word, word))
    # walked stems with walk already; least is a word of its own; ca is too short to trust
    assert found == {"sacrificed": "sacrifice", "lost": "lose"}


def test_a_form_whose_lemma_the_rules_never_use_is_left_alone() -> None:
    assert english_forms(["lost"], {"walk"}, stemmer_for_language("en"), lambda word: "lose") == {}


def test_the_committed_table_joins_the_forms_questions_use() -> None:
    table = committed()
    assert {table.get(w) for w in ("sacrificed", "lost", "dealt", "paid", "chosen")} == {
        "sacrifice", "lose", "deal", "pay", "choose"}
    assert "dies" not in table  # a creature dies; a die is rolled: kept apart by the analysis
