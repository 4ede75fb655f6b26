"""kb.align.learn: the Dice learner finds word pairs in parallel segments."""

from __future__ import annotations

from kb.align.learn import LexiconLearner
from kb.align.lexicon import Lexicon, content_stems, overlap, stem


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
