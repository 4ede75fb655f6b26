"""kb.vocabulary.english_forms and lemma_forms: word forms and lemmas the search reads without simplemma."""

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


def test_italian_and_french_forms_keep_their_lemma_or_say_they_are_one() -> None:
    from kb.vocabulary.lemma_forms import lemma_forms

    lemmas = {"pesco": "pescare", "mazzo": "mazzo", "l'ho": "lo"}
    assert lemma_forms(lemmas, lambda w: lemmas[w]) == {"pesco": "pescare", "mazzo": ""}  # not a word: left out


def test_a_question_word_is_lemmatised_from_the_committed_list_without_simplemma() -> None:
    from indexer.translation import lemma, listed_lemma

    assert listed_lemma("it", "pesco") == "pescare" and lemma("pesco", "it") == "pescare"
    assert listed_lemma("it", "mazzo") == "" and lemma("mazzo", "it") == "mazzo"


def test_reading_a_question_of_frequent_words_never_loads_simplemma() -> None:
    import subprocess
    import sys

    code = ("import sys; from indexer.reading import read; "
            "read('che succede se pesco da un mazzo vuoto?', 'it'); read('qui pioche en premier ?', 'fr'); "
            "read('what happens if I sacrificed it', 'en'); print('simplemma' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_a_question_typed_without_accents_is_lemmatised_by_the_folded_table() -> None:
    from indexer.translation import lemma

    # simplemma reads only the accented form (abbandonerà); the table is folded
    assert lemma("abbandonera", "it") == "abbandonare" and lemma("accadra", "it") == "accadere"


def test_a_rarer_form_the_table_does_not_list_is_lemmatised_by_simplemma() -> None:
    """Players write participles and clitics the frequency list lacks: *rilanciata* is a form of
    rilanciare (cast again), *rigiocarla* of rigiocare."""
    from indexer.translation import lemma, listed_lemma

    assert listed_lemma("it", "rilanciata") is None and lemma("rilanciata", "it") == "rilanciare"
    assert lemma("rigiocarla", "it") == "rigiocare"


def test_frequent_everyday_words_of_each_language_are_real_words_not_typos() -> None:
    from indexer.language import is_real_word

    assert is_real_word("friend", "en") and is_real_word("yesterday", "en")
    assert is_real_word("ieri", "it") and is_real_word("hier", "fr")
    # (trampler is now a players' word of corpus/jargon.tsv, French players' verb for trample: tramplr is a typo)
    assert not is_real_word("tramplr", "en") and not is_real_word("travolgre", "it")
