"""The words of the rules (:mod:`kb.vocabulary.rules_words`, ``corpus/rules-words.tsv``)."""

from __future__ import annotations

from collections import Counter
import re

from kb import tsv
from kb.corpus import embedded_corpus, embedded_files
from kb.sources import read_source
from kb.vocabulary.rules_words import MIN_COUNT, MIN_KEYNESS, rules_words, rules_zipf


def release_counts() -> tuple[Counter, int]:
    text = read_source(embedded_files("release")[-1]).text
    counts = Counter(w.lower() for w in re.findall(r"[A-Za-z]+", text))
    return counts, sum(counts.values())


def test_the_committed_table_holds_words_the_embedded_release_uses_with_their_figures() -> None:
    counts, total = release_counts()
    rows = [cells for _, cells in tsv.rows(embedded_corpus() / "rules-words.tsv", ("word", "count", "rules", "everyday"))]
    assert len(rows) > 500
    for word, count, ours, everyday in rows:
        assert counts[word] == int(count) >= MIN_COUNT, word
        assert abs(rules_zipf(counts[word], total) - float(ours)) < 0.01, word
        assert float(ours) - float(everyday) >= MIN_KEYNESS, word


def test_a_word_is_kept_by_how_much_more_the_rules_use_it_than_everyday_english() -> None:
    text = "nonland damage damage damage first first first nonland nonland the " * 50
    everyday = {"nonland": 0.0, "damage": 4.9, "first": 8.9, "the": 7.7}
    found = [row[0] for row in rules_words(text, everyday.__getitem__)]
    assert found == ["nonland", "damage"]  # most key first; "first" and "the" are everyday words
