"""The indexed words kept beside the index (indexer.word_counts): what the whoosh ``words`` field held."""

from __future__ import annotations

from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.fields import ID, TEXT, Schema

from indexer.analysis import words_analyzer
from indexer.word_counts import WORDS_FILE, IndexedWords, count_words, write_word_counts

from .conftest import CORPUS


def corpus_texts() -> list[str]:
    """Rules of the English release and of the Italian seed, a line each, and elisions, numbers, case."""
    english = (CORPUS / "cr-en" / "MagicCompRules 20251114.txt").read_text(encoding="utf-8-sig").splitlines()
    italian = (CORPUS / "004_033ca0c87611b1e4.txt").read_text(encoding="utf-8").splitlines()
    return [*english[::3], *italian[::2], "dell'abilità l’exil qu'il player's 702.19b 3/3 L’EXIL\nThe the", ""]


def words_field_index(folder: Path, texts: list[str]):
    """A whoosh index of ``texts`` in the ``words`` field the search index had before."""
    ix = whoosh_index.create_in(str(folder), Schema(uid=ID(stored=True),
                                                    words=TEXT(analyzer=words_analyzer(), phrase=False)))
    with ix.writer() as writer:
        for number, text in enumerate(texts):
            writer.add_document(uid=str(number), words=text)
    return ix


def test_the_counts_are_the_words_and_document_frequencies_of_the_whoosh_field(tmp_path) -> None:
    texts = corpus_texts()
    reader = words_field_index(tmp_path, texts).reader()
    theirs = {term.decode("utf-8"): reader.doc_frequency("words", term) for term in reader.lexicon("words")}
    assert count_words(texts) == theirs
    write_word_counts(tmp_path, texts)
    kept = IndexedWords(tmp_path, reader=None)
    assert all(kept.frequency(word) == count for word, count in theirs.items()) and kept.frequency("zzzz") == 0
    for prefix in ("", "a", "abil", "sacrif", "702", "é", "zzz"):
        expanded = [t.decode("utf-8") for t in reader.expand_prefix("words", prefix)]
        assert kept.starting(prefix) == expanded, prefix


def test_an_index_written_before_is_read_from_its_words_field(tmp_path) -> None:
    reader = words_field_index(tmp_path, ["Sacrifice a creature", "sacrifice two creatures"]).reader()
    assert not (tmp_path / WORDS_FILE).exists()
    old = IndexedWords(tmp_path, reader)
    assert old.frequency("sacrifice") == 2 and old.frequency("two") == 1
    assert old.starting("creature") == ["creature", "creatures"]


def test_the_search_index_keeps_its_words_beside_it(search_kb) -> None:
    from indexer.searcher import open_searcher

    searcher = open_searcher(search_kb)
    assert (search_kb.index_dir / WORDS_FILE).is_file() and "words" not in searcher.ix.schema
    assert searcher.words.frequency("battlefield") > 100 and "battlefield" in searcher.words.starting("battl")

