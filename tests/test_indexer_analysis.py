"""The per-language analysis chain: tokens, elisions, folding before stemming, stop words."""

from __future__ import annotations

import pytest

from indexer.analysis import analyzer_for, name_key, terms, words, words_analyzer


@pytest.mark.parametrize("lang", ["it", "en", "fr"])
def test_rule_numbers_are_one_token(lang: str) -> None:
    assert "702.19b" in terms("see rule 702.19b and 400.7.", lang)
    assert "400.7" in terms("see rule 702.19b and 400.7.", lang)


@pytest.mark.parametrize("text, expected", [
    ("dell'abilità", ["abil"]), ("dell’abilità", ["abil"]), ("l'esilio", ["esil"]), ("un’altra", ["altra"]),
])
def test_italian_elisions_with_both_apostrophes(text: str, expected: list[str]) -> None:
    assert terms(text, "it") == expected


@pytest.mark.parametrize("text", ["l'exil", "l’exil", "L’EXIL", "exil"])
def test_french_elisions_with_both_apostrophes(text: str) -> None:
    assert terms(text, "fr") == ["exil"]


def test_french_qu_and_jusqu_elisions() -> None:
    assert terms("qu’une créature", "fr") == terms("une créature", "fr") == ["creatur"]
    assert terms("jusqu'au tour", "fr") == terms("au tour", "fr")


def test_accents_are_folded_before_stemming() -> None:
    # Folding after stemming would stem "bloquée" to "bloqu" and "bloquee" to "bloque".
    assert terms("bloquée", "fr") == terms("bloquee", "fr") == terms("BLOQUÉE", "fr")
    assert terms("abilità", "it") == terms("abilita", "it")
    assert terms("Cimetière œuvre", "fr") == terms("cimetiere oeuvre", "fr")


def test_each_language_uses_its_own_stop_words() -> None:
    assert terms("campo di battaglia", "it") == ["camp", "battagl"]
    assert "di" in terms("campo di battaglia", "en")  # English stop words are not applied to Italian
    assert terms("the vote is tied", "en") == ["vote", "tie"]
    assert "the" in terms("the vote", "it")
    assert terms("le champ de bataille", "fr") == ["champ", "bataill"]


def test_snowball_stemmers_per_language() -> None:
    assert terms("votes voting voted", "en") == ["vote", "vote", "vote"]
    assert terms("votare votazione", "it")[0] == terms("voto", "it")[0]
    assert terms("zones publiques", "fr") == terms("zone publique", "fr")


def test_english_possessive_is_dropped() -> None:
    assert terms("Galadriel's ability", "en") == terms("Galadriel ability", "en")


def test_character_offsets_skip_the_elided_article() -> None:
    text = "Usa dell'abilità."
    spans = {t.text: (t.startchar, t.endchar) for t in analyzer_for("it")(text, chars=True)}
    start, end = spans["abil"]
    assert text[start:end] == "abilità"


def test_words_are_unstemmed_and_folded() -> None:
    assert words("L’exil dell'Abilità votes") == ["exil", "abilita", "votes"]
    assert name_key("Council's Judgment") == "council judgment"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        analyzer_for("de")


def test_game_terms_that_share_a_stem_are_kept_apart() -> None:
    assert terms("mana", "it") != terms("mano", "it")
    assert terms("planeswalker", "en") != terms("planeswalk", "en")
    assert terms("compagno", "it") != terms("compagnia", "it")


def test_terms_of_one_family_still_share_their_stem() -> None:
    assert terms("esilio", "it") == terms("esiliata", "it")
    assert terms("exiled", "en") == terms("exile", "en")
    assert terms("voti", "it") == terms("voto", "it")


@pytest.mark.parametrize("plural, singular, lang", [
    ("Enchantments", "enchantment", "en"), ("planeswalkers", "planeswalker", "en"),
    ("mani", "mano", "it"), ("enchantements", "enchantement", "fr"),
])
def test_a_protected_game_terms_plural_is_protected_with_it(plural: str, singular: str, lang: str) -> None:
    # "Enchantments" (the heading of 303) must meet "enchantment", not the keyword "enchant"
    assert terms(plural, lang) == terms(singular, lang)
    assert terms("Enchantments", "en") != terms("enchant", "en") and terms("mani", "it") != terms("mana", "it")


def test_terms_and_words_are_what_the_whole_chain_gives() -> None:
    """terms() and words() put each distinct word through the filters once: on the embedded corpus's
    rules, in every language, and on elisions, possessives, numbers and protected game terms, they give
    what the analyzers give run over the whole text."""
    from .conftest import CORPUS

    lines = [*(CORPUS / "cr-en" / "MagicCompRules 20251114.txt").read_text(encoding="utf-8-sig").splitlines()[::7],
             *(CORPUS / "004_033ca0c87611b1e4.txt").read_text(encoding="utf-8").splitlines(),
             "dell'abilità l’exil qu'il jusqu'au player's cards’ it's 702.19b 400.7. 3/3 L’EXIL",
             "mana mano mani enchantments Enchantment l'incantesimo gli incantesimi THE The the"]
    for line in lines:
        for lang in ("en", "it", "fr"):
            assert terms(line, lang) == [t.text for t in analyzer_for(lang)(line)], (line, lang)
        assert words(line) == [t.text for t in words_analyzer()(line)], line


@pytest.mark.parametrize("form, lemma", [("sacrificed", "sacrifice"), ("lost", "lose"), ("dealt", "deal"),
                                         ("paid", "pay"), ("chosen", "choose"), ("added", "add")])
def test_an_english_form_the_stemmer_parts_from_its_lemma_meets_it(form, lemma):
    assert terms(form, "en") == terms(lemma, "en")


def test_irregular_forms_do_not_merge_game_terms_kept_apart():
    assert terms("dies", "en") != terms("die", "en")  # a creature dies; a die is rolled (706)


def test_an_index_update_sees_a_change_of_analysis(monkeypatch):
    from indexer import build

    item = build.Item(uid="rule/en/100.1", kind="rule", lang="en", doc="cr", title="", content="Sacrificed.")
    before = build.fingerprint(item)
    monkeypatch.setattr(build, "ANALYSIS_VERSION", build.ANALYSIS_VERSION + 1)
    assert build.fingerprint(item) != before


def test_a_commander_is_not_the_command_zone() -> None:
    assert terms("commander", "en") != terms("command", "en")
    assert terms("commanders", "en") == terms("commander", "en")


def test_indexing_gives_the_terms_and_positions_of_the_whole_chain() -> None:
    """The analyzers index a text a word at a time (WordCachedAnalyzer): the same terms, positions and
    boosts as the whole chain of filters run over the text, on the embedded corpus's rules and on
    card texts, in every language."""
    from whoosh.analysis import CompositeAnalyzer

    from .conftest import CORPUS

    lines = [*(CORPUS / "cr-en" / "MagicCompRules 20251114.txt").read_text(encoding="utf-8-sig").splitlines()[::5],
             *(CORPUS / "004_033ca0c87611b1e4.txt").read_text(encoding="utf-8").splitlines(),
             "dell'abilità l’exil qu'il jusqu'au player's cards’ it's 702.19b 400.7. 3/3 L’EXIL the of",
             "mana mano mani enchantments Enchantment l'incantesimo gli incantesimi THE The the"]
    for analyzer in (*(analyzer_for(lang) for lang in ("en", "it", "fr")), words_analyzer()):
        for line in lines:
            options = {"mode": "index", "positions": True, "boosts": True}
            assert analyzer(line, **options).gi_code.co_name == "_indexed"  # the word-at-a-time path
            fast = [(t.text, t.pos, t.boost) for t in analyzer(line, **options)]
            chain = [(t.text, t.pos, t.boost) for t in CompositeAnalyzer.__call__(analyzer, line, **options)]
            assert fast == chain, (line, analyzer)


def test_the_positions_format_indexes_what_whoosh_s_own_does() -> None:
    """schema.TermPositions (a text's terms as one list): the same terms, frequencies, weights and
    encoded positions as whoosh's Positions format run over the analyzer's tokens."""
    from whoosh.formats import Positions

    from indexer.schema import TermPositions

    from .conftest import CORPUS

    lines = [*(CORPUS / "cr-en" / "MagicCompRules 20251114.txt").read_text(encoding="utf-8-sig").splitlines()[::5],
             *(CORPUS / "004_033ca0c87611b1e4.txt").read_text(encoding="utf-8").splitlines(),
             "the the of Sacrifice sacrifice sacrificed 702.19b l'exil L’EXIL", ""]
    for boost in (1.0, 3.0):
        ours, theirs = TermPositions(field_boost=boost), Positions(field_boost=boost)
        for lang in ("en", "it", "fr"):
            for line in lines:
                assert list(ours.word_values(line, analyzer_for(lang), mode="index")) == \
                       list(theirs.word_values(line, analyzer_for(lang), mode="index")), (line, lang)


DECOMPOSED = "le\u0301gendaire"  # légendaire typed as e + combining acute (NFD: macOS file names, some keyboards)
INVISIBLE = ["l\u00e9gen\u00addaire", "l\u00e9gen\u200bdaire", "l\u00e9gen\u2060daire", "\ufeffl\u00e9gendaire"]


@pytest.mark.parametrize("text", [DECOMPOSED, *INVISIBLE], ids=["NFD", "soft hyphen", "zero-width space",
                                                                 "word joiner", "BOM"])
def test_decomposed_accents_and_format_characters_give_the_word(text: str) -> None:
    assert terms(f"Un permanent {text}.", "fr") == terms("Un permanent l\u00e9gendaire.", "fr")
    assert words(text) == ["legendaire"]
    indexed = [t.text for t in analyzer_for("fr")(text, mode="index")]
    queried = [t.text for t in analyzer_for("fr")(text, mode="query")]
    assert indexed == queried == terms("l\u00e9gendaire", "fr")


@pytest.mark.parametrize("text", [DECOMPOSED, *INVISIBLE])
def test_a_query_reads_decomposed_accents_and_format_characters_as_the_index_does(text: str) -> None:
    from indexer.query import parse_query

    assert parse_query(text) == parse_query("l\u00e9gendaire")
