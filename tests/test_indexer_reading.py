"""How a query is read as a question (indexer.reading): language, function words, translations."""

from __future__ import annotations

import pytest

from indexer.reading import detect_language, is_real_word, read, read_query, translated


@pytest.mark.parametrize("query, lang", [
    ("una creatura tappata può bloccare?", "it"),
    ("quanti segnalini fedeltà perde un planeswalker se subisce danno", "it"),
    ("que se passe-t-il si je pioche dans une bibliothèque vide ?", "fr"),
    ("est-ce qu'un jeton peut revenir sur le champ de bataille", "fr"),
    ("does an aura stay attached when the creature changes controller", "en"),
    ("can I respond to a mana ability?", "en"),
])
def test_the_language_of_a_question_is_identified(query: str, lang: str) -> None:
    assert detect_language(query)[0] == lang


def test_question_and_function_words_are_left_out_never_matched_as_another_language() -> None:
    reading = read_query("posso lanciare un istantaneo durante il combattimento del mio avversario")
    assert reading.lang == "it" and reading.question
    assert {"posso", "un", "il", "del", "mio", "durante"} <= set(reading.dropped)
    searched = {a.shown.lower() for g in reading.groups for a in g.alternatives}
    assert "un" not in searched  # Italian un is not the Un-sets (100.7)
    french = read_query("que se passe-t-il si je pioche dans une bibliothèque vide ?")
    assert {"que", "se", "passe", "t", "il"} <= set(french.dropped)  # not English "pass"


def test_italian_and_french_words_reach_the_rules_english() -> None:
    reading = read_query("quanti segnalini fedeltà perde un planeswalker se subisce danno")
    english = {name.lower() for g in reading.groups for name in g.english}
    assert {"counter", "loyalty", "planeswalker", "damage", "lose"} <= english
    toughness = read("la costituzione di una creatura", "it")
    assert "toughness" in {n.lower() for g in toughness.groups for n in g.english}
    tapped = read("une créature engagée peut-elle bloquer", "fr")
    assert {"tap", "tapped"} & {n.lower() for g in tapped.groups for n in g.english}


def test_a_translation_carries_its_weight_from_its_evidence() -> None:
    strong = dict((e, w) for e, w, _ in translated("costituzione", "it"))
    assert strong["toughness"] > 0.8
    weak = translated("contare", "it")  # six line pairs only: a weak guess
    assert weak and all(w < 0.5 for _, w, _ in weak)


def test_everyday_words_the_cards_never_print_are_translated_by_the_near_words_table() -> None:
    assert "together" in {e for e, _, _ in translated("insieme", "it")}
    assert "chapter" in {e for e, _, _ in translated("chapitre", "fr")}
    # reviewed: vuoto is an empty library or stack, not the card texts' rare Void
    assert [e for e, _, _ in translated("vuoto", "it")] == ["empty"]


@pytest.mark.parametrize("query, number", [("dieci segnalini veleno", "ten"), ("dix marqueurs poison", "ten"),
                                           ("ten poison counters", None)])
def test_numbers_written_as_words_are_read_as_numbers(query: str, number: str | None) -> None:
    reading = read_query(query)
    numbers = [a.shown for g in reading.groups for a in g.alternatives if a.source == "number"]
    assert numbers == ([number] if number else [])


@pytest.mark.parametrize("word, lang", [("vuoto", "it"), ("combien", "fr"), ("comment", "fr"),
                                        ("répondre", "fr"), ("couches", "fr")])
def test_real_words_are_known_so_they_are_never_corrected(word: str, lang: str) -> None:
    assert is_real_word(word, lang)


@pytest.mark.parametrize("word, lang", [("travolgre", "it"), ("piétinemnt", "fr")])
def test_typos_are_not_real_words(word: str, lang: str) -> None:
    assert not is_real_word(word, lang)


@pytest.mark.parametrize("query, question", [
    ("una creatura tappata può bloccare?", True),
    ("la pila è vuota", True),
    ("can I respond to a mana ability?", True),
    ("vote tied", False),
    ("trample", False),
])
def test_a_question_is_told_from_a_few_keywords(query: str, question: bool) -> None:
    assert read_query(query).question is question


def test_read_as_names_each_word_by_its_english() -> None:
    reading = read_query("quanti segnalini fedeltà perde un planeswalker se subisce danno")
    assert reading.read_as().split(" · ")[:2] == ["counter", "loyalty"]
    assert reading.to_dict()["lang"] == "it"
