"""A bilingual word table, Italian or French to English, learned from parallel card texts.

Every card face printed in Italian or French beside its English Oracle text gives line pairs
(the same number of lines on both sides: each ability is one line). Each line becomes the
lemmas of its content words (:mod:`simplemma`, function words dropped, card names masked),
and IBM Model 1 (expectation–maximisation over word alignments, with an empty word on the
foreign side) learns ``t(english | foreign)``. The table keeps, for each foreign lemma seen at
least :data:`MIN_COUNT` times, the English lemmas it most likely translates, each with its
probability and the number of line pairs holding both words (its evidence), so a translation
is as strong as its evidence.

Run it on the archive and commit the table as derived data (``corpus/wordtable.tsv``)::

    python -m kb.vocabulary.wordtable ../shared/corpus/mtgjson-sets-20220425.tar.xz -o corpus/wordtable.tsv
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from .. import tsv
from ..text import STOPWORDS, fold
from .cards import CardReport, ParallelCard, read_cards
from .evidence import mask_names
from .learn import file_sha256

LANGS = ("it", "fr")
ITERATIONS = 8
MIN_COUNT = 2  # a foreign lemma seen in fewer line pairs is not kept
MIN_PROBABILITY = 0.08  # translations below this probability are not kept
TOP = 4  # at most this many translations per foreign lemma
NULL = 0
WORDTABLE_COLUMNS = ("lang", "foreign", "english", "probability", "evidence")  # of the file written

_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_REMINDER = re.compile(r"[()]")
_SYMBOL = re.compile(r"\{[^}]*\}")


@dataclass
class Translation:
    english: str
    probability: float
    evidence: int


@dataclass
class WordTable:
    """Foreign lemma (folded) → its English translations, most probable first; ``forms``: a
    written form (folded) → its lemma, so a search need not lemmatise the words it finds here."""

    lang: str
    entries: dict[str, list[Translation]] = field(default_factory=dict)
    forms: dict[str, str] = field(default_factory=dict)

    def add_forms(self, counted: dict[str, Counter]) -> None:
        """Each written form seen twice or more of a lemma held, unless it is a lemma held itself."""
        for lemma, surfaces in counted.items():
            if lemma in self.entries:
                for form, count in surfaces.items():
                    if count >= MIN_COUNT and form not in self.entries:
                        self.forms.setdefault(form, lemma)

    def __len__(self) -> int:
        return len(self.entries)


def lemmas(line: str, lang: str, forms: dict[str, Counter] | None = None) -> list[str]:
    """The folded lemmas of the content words of ``line`` in ``lang`` (function words dropped);
    each lemma's folded written forms are counted in ``forms`` when given."""
    import simplemma

    stop = STOPWORDS.get(lang, frozenset())
    out = []
    for token in _TOKEN.findall(_SYMBOL.sub(" ", line)):
        token = token.lower()
        if "'" in token or "’" in token:
            token = re.split(r"['’]", token)[-1] if lang != "en" else re.split(r"['’]", token)[0]
        folded = fold(token)
        if len(folded) < 2 or folded in stop:
            continue
        lemma = fold(simplemma.lemmatize(token, lang=lang))
        if lemma and lemma not in stop:
            out.append(lemma)
            if forms is not None and folded != lemma:
                forms.setdefault(lemma, Counter())[folded] += 1
    return out


def line_pairs(cards: Iterable[ParallelCard], lang: str,
               forms: dict[str, Counter] | None = None) -> list[tuple[list[str], list[str]]]:
    """(foreign lemmas, English lemmas) of every line of every distinct printed text whose line
    count matches the English text's; card names are masked on both sides. The foreign lemmas'
    written forms are counted in ``forms`` when given."""
    pairs: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for card in cards:
        english_lines = _lines(mask_names(card.text, [card.name]))
        for printed in card.printed(lang):
            foreign_lines = _lines(mask_names(printed.text, [printed.name, card.name]))
            if len(foreign_lines) != len(english_lines):
                continue
            for foreign, english in zip(foreign_lines, english_lines):
                f, e = tuple(lemmas(foreign, lang, forms)), tuple(lemmas(english, "en"))
                if f and e and len(f) <= 60 and len(e) <= 60:
                    pairs.add((f, e))
    return [(list(f), list(e)) for f, e in sorted(pairs)]


def _lines(text: str) -> list[str]:
    return [line.strip() for line in _REMINDER.sub(" ", text).splitlines() if line.strip()]


def train(pairs: Sequence[tuple[list[str], list[str]]], iterations: int = ITERATIONS,
          progress=None) -> tuple[dict[tuple[int, int], float], list[str], list[str], Counter]:
    """IBM Model 1: ``t[(f, e)]`` = probability that foreign word ``f`` (0 = empty word) gives
    English word ``e``, after ``iterations`` rounds of expectation–maximisation."""
    f_ids: dict[str, int] = {"": NULL}
    e_ids: dict[str, int] = {}
    corpus = []
    for f_words, e_words in pairs:
        f = [NULL] + [f_ids.setdefault(w, len(f_ids)) for w in f_words]
        e = [e_ids.setdefault(w, len(e_ids)) for w in e_words]
        corpus.append((f, e))
    cooc: Counter = Counter()
    t: dict[tuple[int, int], float] = {}
    for f, e in corpus:
        for fi in set(f):
            for ei in set(e):
                if (fi, ei) not in t:
                    t[(fi, ei)] = 1.0
                if fi != NULL:
                    cooc[(fi, ei)] += 1
    for round_ in range(iterations):
        counts: defaultdict[tuple[int, int], float] = defaultdict(float)
        totals: defaultdict[int, float] = defaultdict(float)
        for f, e in corpus:
            for ei in e:
                row = [t[(fi, ei)] for fi in f]
                norm = sum(row)
                for fi, p in zip(f, row):
                    share = p / norm
                    counts[(fi, ei)] += share
                    totals[fi] += share
        t = {key: value / totals[key[0]] for key, value in counts.items()}
        if progress:
            progress(round_ + 1, iterations)
    return t, list(f_ids), list(e_ids), cooc


def learn(cards: Sequence[ParallelCard], lang: str, progress=None) -> WordTable:
    """The word table of ``lang`` learned from ``cards`` (see the module docstring)."""
    return learn_pairs(line_pairs(cards, lang), lang, progress)


def learn_pairs(pairs: Sequence[tuple[list[str], list[str]]], lang: str, progress=None) -> WordTable:
    """The word table of ``lang`` learned from (foreign lemmas, English lemmas) line pairs."""
    t, f_words, e_words, cooc = train(pairs, progress=progress)
    seen = Counter(w for f, _ in pairs for w in set(f))
    by_foreign: defaultdict[int, list[tuple[float, int]]] = defaultdict(list)
    for (fi, ei), p in t.items():
        if fi != NULL and p >= MIN_PROBABILITY:
            by_foreign[fi].append((p, ei))
    table = WordTable(lang)
    for fi, found in by_foreign.items():
        word = f_words[fi]
        if seen[word] < MIN_COUNT:
            continue
        kept = [Translation(e_words[ei], round(p, 3), cooc[(fi, ei)])
                for p, ei in sorted(found, key=lambda x: (-x[0], e_words[x[1]]))[:TOP] if cooc[(fi, ei)] >= MIN_COUNT]
        if kept:
            table.entries[word] = kept
    return table


def write(tables: Sequence[WordTable], path: Path, header: Sequence[str]) -> None:
    """Write ``tables`` as TSV: lang, foreign lemma, English lemma, probability, evidence."""
    lines = [f"# {line}" for line in header]
    lines.append("# lang\tforeign\tenglish\tprobability\tevidence (a row of evidence 'form' names a written form's lemma)")
    for table in tables:
        for word in sorted(table.entries):
            for tr in table.entries[word]:
                lines.append(f"{table.lang}\t{word}\t{tr.english}\t{tr.probability:.3f}\t{tr.evidence}")
        for form in sorted(table.forms):
            lines.append(f"{table.lang}\t{form}\t{table.forms[form]}\t\tform")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def read(path: Path) -> dict[str, WordTable]:
    """The tables of a file written by :func:`write`, by language."""
    tables: dict[str, WordTable] = {}
    for _number, (lang, foreign, english, probability, evidence) in tsv.rows(path, WORDTABLE_COLUMNS):
        table = tables.setdefault(lang, WordTable(lang))
        if evidence == "form":
            table.forms[foreign] = english
            continue
        table.entries.setdefault(foreign, []).append(Translation(english, float(probability), int(evidence)))
    return tables


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.vocabulary.wordtable", description=__doc__.split("\n")[0])
    parser.add_argument("archive", type=Path, help="MTGJSON set files: a .tar.xz archive, a folder or one file")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the TSV to write")
    args = parser.parse_args(argv)
    started = time.monotonic()
    report = CardReport()
    cards = read_cards(args.archive, report)
    print(f"read {len(cards)} card faces from {report.sets} set files", file=sys.stderr)
    tables = []
    counts = []
    for lang in LANGS:
        forms: dict[str, Counter] = {}
        pairs = line_pairs(cards, lang, forms)
        counts.append(f"{lang} {len(pairs)} distinct line pairs")

        def progress(done: int, total: int, lang: str = lang) -> None:
            print(f"  {lang}: EM round {done}/{total} ({time.monotonic() - started:.0f} s)", file=sys.stderr)

        tables.append(learn_pairs(pairs, lang, progress))
        tables[-1].add_forms(forms)
    header = [
        "mtgkb bilingual word table: Italian and French lemmas to English lemmas, learned with IBM Model 1",
        "from the parallel card texts of an MTGJSON archive (derived data; see kb/vocabulary/wordtable.py).",
        f"archive: {args.archive.name} (sha256 {file_sha256(args.archive)[:16]}…), MTGJSON {report.version}, "
        f"snapshot {report.date}: {report.sets} set files, {len(cards)} card faces",
        "line pairs: " + ", ".join(counts),
        f"EM rounds {ITERATIONS}; kept: probability >= {MIN_PROBABILITY}, evidence >= {MIN_COUNT} line pairs, "
        f"top {TOP} per lemma; lemmas by simplemma",
        "entries: " + ", ".join(f"{t.lang} {len(t)} lemmas, {len(t.forms)} written forms" for t in tables),
        "command: python -m kb.vocabulary.wordtable ../shared/corpus/mtgjson-sets-20220425.tar.xz -o corpus/wordtable.tsv",
    ]
    write(tables, args.output, header)
    print(f"wrote {args.output} in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
