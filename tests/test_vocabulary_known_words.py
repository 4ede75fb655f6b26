"""kb.vocabulary.known_words: the words the lemmatiser knows, read by a cold search without loading it."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from kb.corpus import embedded_corpus
from kb.errors import ParseError
from kb.vocabulary.known_words import FALSE_POSITIVES, LANGS, WordFilter


def test_a_filter_knows_what_was_added_in_any_case_and_survives_its_bytes() -> None:
    made = WordFilter.sized_for(1000, about="test")
    words = [f"parola{i}" for i in range(1000)]
    for word in words:
        made.add("it", word)
    read = WordFilter.from_bytes(made.to_bytes())
    assert all(read.knows("it", word) for word in words)
    assert read.knows("it", "PAROLA7") and read.about.endswith("test")
    assert sum(read.knows("it", f"mot{i}") for i in range(20000)) < 20000 * 5 / FALSE_POSITIVES
    assert sum(read.knows("fr", word) for word in words) < 5  # a word is added for one language


@pytest.mark.parametrize("raw", [b"", b"PK\x03\x04 a zip", b"mtgkb-words-bloom 1\nbits=x hashes=3\n\x00",
                                 b"mtgkb-words-bloom 1\nbits=64 hashes=3\n\x00"])
def test_anything_but_a_whole_filter_is_refused(raw: bytes) -> None:
    with pytest.raises(ValueError):
        WordFilter.from_bytes(raw)


def test_the_committed_filter_holds_every_word_of_the_installed_lemmatiser() -> None:
    """Made again when simplemma changes: the header names its version and counts, and no word it knows is
    missing (a sample of each language, with the rare words players write)."""
    from importlib.metadata import version

    from kb.vocabulary.known_words import dictionary_words

    committed = WordFilter.from_bytes((embedded_corpus() / "lemmatiser-words.bloom").read_bytes())
    assert f"simplemma={version('simplemma')}" in committed.about.split()
    rng = random.Random(20261206)
    for lang in LANGS:
        words = dictionary_words(lang)
        assert f"{lang}={len(words)}" in committed.about.split(), "python -m kb.vocabulary.known_words -o corpus/lemmatiser-words.bloom"
        assert all(committed.knows(lang, word) for word in rng.sample(sorted(words), 5000))


def test_rare_words_are_real_and_typos_are_not_as_the_lemmatiser_says() -> None:
    from indexer.language import is_real_word, lemmatiser_knows
    from indexer.translation import listed_lemma

    for word, lang in [("rilanciata", "it"), ("obfuscated", "en")]:  # not among the 50,000 most frequent
        assert listed_lemma(lang, word) is None and lemmatiser_knows(word, lang) and is_real_word(word, lang)
    for word, lang in [("creatur", "en"), ("travolgre", "it"), ("piochr", "fr"), ("tramplr", "en")]:
        assert not lemmatiser_knows(word, lang) and not is_real_word(word, lang)


def test_a_cold_question_with_a_typo_never_loads_simplemma() -> None:
    code = ("import sys; from indexer.language import is_real_word; "
            "print(is_real_word('targt', 'en'), is_real_word('obfuscated', 'en'), 'simplemma' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "True", "False"]


def test_a_damaged_filter_is_an_error_naming_the_file(tmp_path, monkeypatch) -> None:
    import indexer.language as language

    (tmp_path / "lemmatiser-words.bloom").write_bytes(b"not a filter")
    monkeypatch.setattr(language, "embedded_corpus", lambda: tmp_path)
    language._lemmatiser_words.cache_clear()
    try:
        with pytest.raises(ParseError, match="lemmatiser-words.bloom: not a word filter"):
            language.lemmatiser_knows("obfuscated", "en")
    finally:
        language._lemmatiser_words.cache_clear()
