"""Questions that mix languages (issue 31, the fourth cold judge trial): a game term of another language
than the question's is read when players mean it, and chat shortenings are no words to correct."""

from __future__ import annotations

import pytest

from indexer.reading import read_query


@pytest.mark.parametrize("question, read_as", [
    # a name of two words or more of another language (before: zona · di · comando, in no rule)
    ("my commander went to the zona di comando, can I recast it?", "zona di comando / command"),
    # one long word that is no word of the question's language (before: persistere, in no rule)
    ("does persistere work with a -1/-1 counter already on it?", "persistere / persist"),
    # a reviewed Italian phrase of three words (corpus/wordtable-review.tsv), in an English question too
    ("can my creature with mal di evocazione block?", "mal di evocazione / summoning sickness"),
])
def test_a_game_term_of_another_language_is_read(question: str, read_as: str) -> None:
    assert read_as in read_query(question).read_as()


def test_a_short_word_of_another_language_is_not_read_as_its_term() -> None:
    reading = read_query("I cast a sort on my creature")  # one short word of French: not its Spell
    assert reading.lang == "en"
    assert "spell" not in reading.read_as()


@pytest.mark.parametrize("question, left_out", [
    ("si jpeux bloquer avec deux creatures", "jpeux"),  # before: "corrected" to jeux, game
    ("cn la creatura tappata posso bloccare?", "cn"),  # before: in no rule
])
def test_a_chat_shortening_of_a_function_word_is_left_out(question: str, left_out: str) -> None:
    reading = read_query(question)
    assert left_out not in [group.text for group in reading.groups]


@pytest.mark.parametrize("question, lang, kept", [
    # an English function word in an Italian or French question is left out (before: with → com / met)
    ("il mio avversario ha un creature with flying, posso bloccare?", "it", "flying"),
    ("gli do 3 danni, muore?", "it", "give"),  # Italian do (I give) stays a word
    ("come back into play, does it trigger?", "en", "come"),  # Italian come (how) stays English come
])
def test_an_english_function_word_in_an_italian_or_french_question_is_left_out(question, lang, kept) -> None:
    reading = read_query(question)
    assert reading.lang == lang
    assert kept in reading.read_as() and "com /" not in reading.read_as() and "met" not in reading.read_as()


@pytest.mark.parametrize("question, absent, present", [
    # the fifth cold judge trial: French contre (against) and équipé (equipped) were read as Counter and Team
    ("il bloque contre un dragon", "counter", "block"),
    ("Colosse de sombracier contre Colère de Dieu: il reste?", "counter", "remain"),
    # "ai équipé" (have equipped) is a locution since the twenty-second session: equipped, no team (before: equip / team)
    ("j ai équipé mon épée sur ma créature pendant le combat", "team", "equipped"),
    ("mon sort est contré, il va où ?", "protection", "counter"),  # contré, past participle: countered
    ("mon équipe a 30 points de vie", "equip", "team"),  # équipe typed with its accents: the team
])
def test_french_look_alikes_are_read_by_their_accents_and_phrases(question, absent, present) -> None:
    read_as = read_query(question).read_as()
    assert absent not in read_as and present in read_as, read_as



def test_a_function_word_of_the_language_mixed_in_is_never_corrected(search_kb) -> None:
    # the twenty-second cold trial: "miei" was corrected to "mini"; one Italian function word fewer, the question
    # was no longer read as mixed with Italian, and con, se, il were searched as English words
    from indexer.searcher import search

    hits = search(search_kb, "con Rest in Peace on the battlefield, se i miei Crumiri della Cucina vengono uccisi il "
                             "persist triggera? they go to exile instead")
    assert not any("miei" in str(change) for change in hits.reading.get("corrections") or [])
    assert not {"con", "se", "il", "miei"} & {word["text"] for word in hits.reading["words"]}


@pytest.mark.parametrize("question, concept", [
    # table19's B-12 (a development question): Italian "state" (been) was left out as a function word, and the
    # glossary's plural "State-Based Actions" did not meet the singular; the vocabulary's English singulars do
    ("Can I just choose not to apply the state-based action, con Liliana a 0?", "term:state-based-actions"),
    ("posso scegliere di non applicare la state-based action?", "term:state-based-actions"),
    ("une split card avec fusion, je paie les deux moitiés ?", "term:split-cards"),
])
def test_the_singular_of_a_plural_english_term_is_that_term_in_any_question(question: str, concept: str) -> None:
    assert concept in [group.concept for group in read_query(question).groups]
