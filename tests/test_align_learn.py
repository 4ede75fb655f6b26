"""kb.align.learn: the Dice learner finds word pairs in parallel segments."""

from __future__ import annotations

from kb.align.learn import LexiconLearner, card_segments, feed_card_texts
from kb.align.lexicon import Lexicon, content_stems, overlap, stem
from kb.model import Card, Document


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


SEGMENTS = [("Search your library", "Passa in rassegna il tuo grimorio"),
            ("Shuffle your library", "Rimescola il tuo grimorio"),
            ("Return it to your hand", "Fallo ritornare in mano"),
            ("Draw a card", "Pesca una carta"),
            ("Draw a card", "Pescate una carta")]


def test_a_segment_counted_n_times_is_the_segment_read_n_times():
    one_by_one, counted = LexiconLearner("it"), LexiconLearner("it")
    for times, (en, it) in zip([1, 3, 2, 4, 1], SEGMENTS):
        for _ in range(times):
            one_by_one.add(en, it)
        counted.add(en, it, times)
    assert counted.segments == one_by_one.segments == 11
    assert counted.entries() == one_by_one.entries()
    assert [e.foreign_word for e in counted.entries()] == [e.foreign_word for e in one_by_one.entries()]


def test_reprinted_card_texts_count_once_per_printing():
    """feed_card_texts reads each distinct segment once, counted as often as it is printed: the lexicon is
    the one fed every printing in turn."""
    def printing(name: str) -> Card:
        return Card(name=name, text="Flying\nDraw a card.", type="Creature — Bird",
                    foreign=(("it", f"{name} IT", "Creatura — Uccello", "Volare\nPesca una carta."),))

    doc = Document(id="set", lang="en", format="mtgjson", path="set.json",
                   cards=tuple(printing(n) for n in ("Owl", "Owl", "Crow", "Owl")))
    fed = {"it": LexiconLearner("it")}
    feed_card_texts([doc], fed)
    one_by_one = LexiconLearner("it")
    for _, en, it in card_segments([doc], ["it"]):
        one_by_one.add(en, it)
    assert fed["it"].segments == one_by_one.segments == 12
    assert fed["it"].entries() == one_by_one.entries()
