"""kb.text: the one fold, quote normaliser, elision list, stop words and rule-number pattern."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.text import (DISTINCT_STOPWORDS, ELISIONS, counted, edit_distance, fold, fold_quotes, is_stopword, match_key,
                     rule_numbers_in, strip_elision, typo_allowance, words)


@pytest.mark.parametrize("raw, folded", [
    ("œuvre", "oeuvre"), ("Œuvre", "oeuvre"), ("ex æquo", "ex aequo"), ("Straße", "strasse"),
    ("Égalité", "egalite"), ("abilità", "abilita"), ("l’exil", "l'exil"), ("TRAMPLE", "trample"),
    ("piétinement", "pietinement"), ("cimetière", "cimetiere"),
])
def test_fold_handles_case_accents_ligatures_and_apostrophes(raw, folded):
    assert fold(raw) == folded


def test_quotes_are_straightened_only_for_matching():
    assert fold_quotes("“Vote” ‘x’ «vote» „y“") == '"Vote" \'x\' "vote" "y"'
    assert match_key("  “Vote”\n  l’Égalité ") == '"vote" l\'egalite'


@pytest.mark.parametrize("word, lang, expected", [
    ("dell'abilità", "it", "abilità"), ("dell’abilità", "it", "abilità"), ("l’exil", "fr", "exil"),
    ("qu'il", "fr", "il"), ("jusqu’à", "fr", "à"), ("l'exil", "en", "l'exil"), ("aujourd'hui", "fr", "aujourd'hui"),
])
def test_elisions_are_cut_per_language(word, lang, expected):
    assert strip_elision(word, ELISIONS[lang])[0] == expected


def test_words_cut_elisions_and_english_possessives():
    assert words("L'astensione dell’abilità", "it") == ["astensione", "abilità"]
    assert words("the player's turn", "en") == ["the", "player", "turn"]


def test_stop_words_compare_folded_and_keep_game_terms():
    assert is_stopword("È", "it") and is_stopword("the", "en") and is_stopword("été", "fr")
    assert not is_stopword("faccia", "it")  # "a faccia in giù" is face down, a game term
    assert not is_stopword("vote", "en") and not is_stopword("voto", "it")


def test_until_is_a_game_word_not_a_stop_word():
    # The alignment pairs "Nessun giocatore deve votare finché …" with its English ruling through it.
    assert not is_stopword("until", "en")


def test_words_of_obligation_and_choice_are_searchable():
    # "you may", "another player" are what a judge searches for; "must" stays a stop word (the
    # ruling alignment of the Vote seed depends on it, see benchmarks/alignment.py).
    assert not any(is_stopword(w, "en") for w in ("may", "might", "another"))


def test_distinct_stop_words_are_no_other_languages_stop_words():
    assert {"the", "with"} <= DISTINCT_STOPWORDS["en"] and {"della", "perche"} <= DISTINCT_STOPWORDS["it"]
    assert {"avec", "etre", "qui"} <= DISTINCT_STOPWORDS["fr"]
    shared = {"a", "la", "le", "on", "se", "ne"}  # a: en/it/fr; la, le, se, ne: it/fr; on: en/fr
    assert not shared & (DISTINCT_STOPWORDS["en"] | DISTINCT_STOPWORDS["it"] | DISTINCT_STOPWORDS["fr"])


def test_rule_numbers_in_text():
    text = "See rule 701.32a. Also 1701.3, 702.19b–d, 4.5, 702.19ab and chapter 403."
    assert rule_numbers_in(text) == ["701.32a", "702.19b"]
    assert rule_numbers_in(text, chapters=True) == ["701.32a", "702.19b", "403"]


@pytest.mark.parametrize("a, b, distance", [
    ("deathtuch", "deathtouch", 1), ("deahttouch", "deathtouch", 1), ("trample", "trample", 0),
    ("titano solre", "titano solare", 1), ("vote", "veto", 2), ("lifelink", "deathtouch", 3),
    ("", "abc", 3), ("abc", "", 3),
])
def test_edit_distance_counts_edits_and_stops_past_the_limit(a, b, distance):
    assert edit_distance(a, b, limit=2) == min(distance, 3)


def _osa(a: str, b: str) -> int:
    """Optimal string alignment distance, by the textbook table (the reference edit_distance must match)."""
    d = [[i + j if i == 0 or j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcèé ", max_size=9), st.text(alphabet="abcèé ", max_size=9), st.integers(0, 3))
def test_edit_distance_is_the_optimal_string_alignment_capped_past_the_limit(a, b, limit):
    assert edit_distance(a, b, limit) == min(_osa(a, b), limit + 1)


def test_typo_allowance_grows_with_length():
    assert [typo_allowance(w) for w in ("vote", "votes", "trample", "legame vitale")] == [0, 1, 2, 2]


def test_number_cues_are_the_words_typed_before_a_rule_number():
    from kb.text import is_number_cue, without_number_cue

    for typed in ("CR 400.7", "CR400.7", "cr 400.7", "rule 400.7", "regola 400.7", "Règle 400.7", "règle: 400.7",
                  "Regola  400.7"):
        assert without_number_cue(typed) == "400.7", typed
    assert without_number_cue("400.7") == "400.7" and without_number_cue("CR") == "CR"  # a cue alone stays
    assert without_number_cue("crack 400.7") == "crack 400.7"  # a word that only starts like a cue
    assert is_number_cue("Règle") and is_number_cue("CR") and not is_number_cue("400.7")


def test_counted_puts_the_noun_in_the_number_its_count_asks_for() -> None:
    assert [counted(n, "release") for n in (0, 1, 2)] == ["0 releases", "1 release", "2 releases"]
    assert counted(1, "entry", "entries") == "1 entry" and counted(3, "entry", "entries") == "3 entries"
