"""kb.align.lexicon: stems, stop words, number words and cognates."""

from __future__ import annotations

import pytest

from kb.align.lexicon import cognate, content_stems, stem


@pytest.mark.parametrize(("words", "lang"), [
    (("vote", "votes", "voting", "voted"), "en"),
    (("votare", "voto", "voti"), "it"),
    (("giocatore", "giocatori"), "it"),
    (("voter", "votent"), "fr"),
])
def test_inflections_share_a_stem(words, lang):
    assert len({stem(w, lang) for w in words}) == 1


def test_content_stems_drop_stop_words_cut_elisions_and_spell_numbers():
    assert content_stems("Non è consentita l'astensione", "it") == [stem("consentita", "it"), stem("astensione", "it")]
    assert content_stems("three different choices", "en")[0] == "3"


def test_cognates_and_non_cognates():
    assert cognate(stem("risolve", "it"), stem("resolves", "en"))
    assert cognate(stem("opzioni", "it"), stem("options", "en"))
    assert cognate(stem("votazione", "it"), stem("vote", "en"))  # a stem and its longer form
    assert not cognate(stem("grimorio", "it"), stem("library", "en"))
    assert not cognate("5", "5x")
