"""The words of the rules: English words a Comprehensive Rules release uses far more than everyday English.

A long question tells a story around its question; :mod:`indexer.reading` weighs low the words of its
other sentences that are no game words. The vocabulary's one-word terms are game words, but so are many
words the rules use that name no concept of their own: *nonland*, *halves*, *toughness*, *attacking*.
A word is one here when the release uses it at least :data:`MIN_COUNT` times and its frequency there
(per billion words, as a Zipf value) exceeds its everyday frequency (wordfreq's Zipf value) by at least
:data:`MIN_KEYNESS`: *damage* (rules 6.6, English 4.9) is one, *first* (6.5, 6.1) and *back* are not.
The list is derived data, committed as ``corpus/rules-words.tsv`` with the figures of each word::

    python -m kb.vocabulary.rules_words 'corpus/cr-en/MagicCompRules 20251114.txt' -o corpus/rules-words.tsv
"""

from __future__ import annotations

import argparse
import math
import re
from collections import Counter
from pathlib import Path
from typing import Callable

MIN_COUNT = 3  # a word the release uses fewer times is chance
MIN_KEYNESS = 1.0  # its Zipf value in the rules minus its everyday one: ten times as frequent in the rules


def rules_zipf(count: int, total: int) -> float:
    """A count out of ``total`` words as a Zipf value (log10 of the frequency per billion words)."""
    return math.log10(count / total * 1e9)


def rules_words(text: str, everyday_zipf: Callable[[str], float]) -> list[tuple[str, int, float, float]]:
    """(word, count, its Zipf value in ``text``, its everyday one) of the words of the rules, most key first."""
    counts = Counter(w.lower() for w in re.findall(r"[A-Za-z]+", text))
    total = sum(counts.values())
    found = []
    for word, count in counts.items():
        if count < MIN_COUNT or len(word) < 3:
            continue
        ours, theirs = rules_zipf(count, total), everyday_zipf(word)
        if ours - theirs >= MIN_KEYNESS:
            found.append((word, count, round(ours, 2), round(theirs, 2)))
    return sorted(found, key=lambda row: (row[3] - row[2], row[0]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.vocabulary.rules_words", description=__doc__.split("\n")[0])
    parser.add_argument("release", type=Path, help="an English Comprehensive Rules text file")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the TSV to write")
    args = parser.parse_args(argv)
    from importlib.metadata import version

    import wordfreq

    from ..sources import read_source

    found = rules_words(read_source(args.release).text, lambda w: wordfreq.zipf_frequency(w, "en"))
    header = [
        "mtgkb words of the rules: English words the rules use far more than everyday English",
        "(derived data; see kb/vocabulary/rules_words.py; read by indexer/reading.py: game words of a story).",
        f"words of {args.release.name} used {MIN_COUNT}+ times whose Zipf value there exceeds wordfreq "
        f"{version('wordfreq')}'s by {MIN_KEYNESS}+",
        "command: python -m kb.vocabulary.rules_words 'corpus/cr-en/MagicCompRules 20251114.txt' "
        "-o corpus/rules-words.tsv",
        "word\tcount\trules zipf\teveryday zipf",
    ]
    lines = [f"# {h}" for h in header] + ["\t".join(map(str, row)) for row in found]
    args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(found)} words to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
