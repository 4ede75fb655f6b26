"""kb.lexicon: stems, cognates, the Dice learner and the curated core."""

from __future__ import annotations

import pytest

from kb.errors import ParseError
from kb.lexicon import (Lexicon, LexiconLearner, check_core, cognate, content_stems, core_entries, load_core, overlap,
                        stem)
from .conftest import CORPUS


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


def test_learner_finds_the_pair_that_always_co_occurs():
    learner = LexiconLearner("it")
    # Hand-made parallel segments: "library" always faces "grimorio", "hand" faces "mano".
    for en, it in [("Search your library", "Passa in rassegna il tuo grimorio"),
                   ("Shuffle your library", "Rimescola il tuo grimorio"),
                   ("Return it to your hand", "Fallo ritornare in mano"),
                   ("Discard your hand", "Scarta la tua mano"),
                   ("Put it into your library", "Mettila nel tuo grimorio")]:
        learner.add(en, it)
    lexicon = Lexicon(learner.entries())
    assert stem("grimorio", "it") in lexicon.translations(stem("library", "en"), "it")
    assert stem("grimorio", "it") not in lexicon.translations(stem("hand", "en"), "it")
    assert overlap(content_stems("il tuo grimorio", "it"), content_stems("your library", "en"), "it", lexicon) == 1.0


def test_core_file_loads_and_has_every_zone_in_three_languages():
    terms = load_core(CORPUS / "lexicon-core.tsv")
    zones = {t.en: (t.it, t.fr) for t in terms if t.category == "zone"}
    assert zones["library"] == ("grimorio", "bibliothèque")
    assert {"hand", "battlefield", "graveyard", "stack", "exile", "command"} <= set(zones)
    entries = core_entries(terms)
    assert any(e.lang == "fr" and e.en == stem("graveyard", "en") and e.foreign == stem("cimetière", "fr")
               for e in entries)


def test_core_file_error_names_file_and_line(tmp_path):
    bad = tmp_path / "core.tsv"
    bad.write_text("# comment\nzone\tlibrary\tgrimorio\n", encoding="utf-8")
    with pytest.raises(ParseError) as err:
        load_core(bad)
    assert err.value.line == 2 and "4 tab-separated cells" in str(err.value)


def test_check_core_reports_agreement_and_disagreement():
    terms = load_core(CORPUS / "lexicon-core.tsv")
    library = [t for t in terms if t.en in ("library", "hand")]
    learned = Lexicon()
    from kb.lexicon import LexiconEntry
    learned.add(LexiconEntry("it", stem("library", "en"), stem("grimorio", "it"), 0.9, 5, "learned"))
    learned.add(LexiconEntry("it", stem("hand", "en"), stem("cimitero", "it"), 0.9, 5, "learned"))
    verdicts = {(c["en"], c["lang"]): c["verdict"] for c in check_core(library, learned)}
    assert verdicts[("library", "it")] == "agree"
    assert verdicts[("hand", "it")] == "disagree"
    assert verdicts[("library", "fr")] == "unknown"
