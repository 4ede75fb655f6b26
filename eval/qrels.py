"""The quality sets as qrels, and the measures taken on them.

* ``eval/questions.tsv``: questions as players and judges ask them, each with the hit ids that
  answer it (any one of them counts) and its half (``dev`` is tuned on; ``test`` is scored only by
  ``benchmarks/search_quality.py --final``, each look logged in ``eval/final-log.tsv``);
* ``eval/table-questions.tsv``: the second question set (issue 31), questions as typed at the table
  (``phone``), long stories naming real cards (``story``) and mixed languages (``mixed``), each with
  its ``style``, its ``situation`` (the same situation in three languages) and the ``cards`` it names;
  split and scored like the first;
* ``eval/queries.tsv``: game terms, names and rule numbers, each with its relevant ids.

Gold ids are hit ids (``rule/702.19``, ``term/en/Trample``), ``fnmatch`` wildcards allowed.
"""

from __future__ import annotations

import fnmatch
import random
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from kb import tsv

EVAL = Path(__file__).resolve().parent
QUESTIONS = EVAL / "questions.tsv"
TABLE_QUESTIONS = EVAL / "table-questions.tsv"
QUESTION_SETS = {"first": QUESTIONS, "table": TABLE_QUESTIONS}  # name -> file, as the log names them
QUERIES = EVAL / "queries.tsv"
FIGURES = EVAL / "question_figures.json"
FINAL_LOG = EVAL / "final-log.tsv"
DEPTH = 10  # MRR@10, top-10
LANGS = ("it", "fr", "en")
STYLES = ("phone", "story", "mixed")


@dataclass(frozen=True)
class Question:
    query: str
    lang: str
    half: str
    gold: tuple[str, ...]
    note: str
    line: int
    style: str = ""  # the table set's: phone, story or mixed
    situation: str = ""  # the table set's situation id (its translations share it)
    cards: tuple[str, ...] = ()  # the table set's cards named (English names)


def checkout_commit() -> str:
    """This checkout's commit, with ``+dirty`` when tracked files differ from it (a figure's provenance)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=EVAL.parent, capture_output=True, text=True).stdout.strip()

    head = git("rev-parse", "--short=10", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain", "--untracked-files=no") else "")


def _ids(cell: str) -> tuple[str, ...]:
    return tuple(e.strip() for e in cell.split(" | ") if e.strip())


TABLE_COLUMNS = ("query", "lang", "half", "gold", "style", "situation", "cards", "note")


def load_questions(path: Path = QUESTIONS, split: str | None = "dev") -> list[Question]:
    """The questions of ``path`` in half ``split`` (None: both halves); a file of the table set's
    columns (:data:`TABLE_COLUMNS`) gives each its style, situation and cards."""
    if path.name == TABLE_QUESTIONS.name:
        return [Question(query, lang, half, _ids(gold), note, number, style, situation, _ids(cards))
                for number, (query, lang, half, gold, style, situation, cards, note)
                in tsv.rows(path, TABLE_COLUMNS) if split is None or half == split]
    found = []
    for number, (query, lang, half, gold, note) in tsv.rows(path, ("query", "lang", "half", "gold", "note")):
        if split is None or half == split:
            found.append(Question(query, lang, half, _ids(gold), note, number))
    return found


@dataclass(frozen=True)
class Query:
    query: str
    lang: str
    kind: str
    gold: tuple[str, ...]


def load_queries(path: Path = QUERIES) -> list[Query]:
    return [Query(query, lang, kind, _ids(gold))
            for _n, (query, lang, kind, gold) in tsv.rows(path, ("query", "lang", "type", "gold"))]


def rank_of(ranked: Sequence[str], gold: Iterable[str], depth: int = DEPTH) -> int | None:
    """The rank (from 1) of the first relevant hit among the first ``depth``, or None."""
    patterns = tuple(gold)
    for rank, hit_id in enumerate(ranked[:depth], 1):
        if any(fnmatch.fnmatchcase(hit_id, p) for p in patterns):
            return rank
    return None


def reciprocal_rank(ranked: Sequence[str], gold: Iterable[str], depth: int = DEPTH) -> float:
    rank = rank_of(ranked, gold, depth)
    return 1.0 / rank if rank else 0.0


@dataclass(frozen=True)
class Figures:
    """MRR@10, top-3 and top-10 of a list of ranks (None: not in the top ten)."""

    n: int
    mrr: float
    top3: float
    top10: float

    @classmethod
    def of(cls, ranks: Sequence[int | None]) -> "Figures":
        n = len(ranks)
        if not n:
            return cls(0, 0.0, 0.0, 0.0)
        return cls(n, sum(1 / r for r in ranks if r) / n, sum(1 for r in ranks if r and r <= 3) / n,
                   sum(1 for r in ranks if r) / n)

    def cell(self) -> str:
        return f"{self.mrr:.3f} / {self.top3:.2f} / {self.top10:.2f}"


def ranks(run: Callable[[str], list[str]], questions: Sequence[Question]) -> list[int | None]:
    """The rank of each question's answer in ``run``'s hits."""
    return [rank_of(run(q.query), q.gold) for q in questions]


def by_language(questions: Sequence[Question], found: Sequence[int | None]) -> dict[str, Figures]:
    """Figures per language and for ``all``."""
    out = {lang: Figures.of([r for q, r in zip(questions, found) if q.lang == lang]) for lang in LANGS}
    out["all"] = Figures.of(list(found))
    return {k: v for k, v in out.items() if v.n}


def by_style(questions: Sequence[Question], found: Sequence[int | None]) -> dict[str, Figures]:
    """Figures per style (the table set's ``phone``, ``story``, ``mixed``), in that order."""
    held = {q.style for q in questions if q.style}
    styles = [s for s in STYLES if s in held] + sorted(held - set(STYLES))
    return {style: Figures.of([r for q, r in zip(questions, found) if q.style == style]) for style in styles}


def paired_bootstrap(a: Sequence[float], b: Sequence[float], samples: int = 2000,
                     seed: int = 7) -> tuple[float, float, float]:
    """The mean of ``a - b`` (paired per question) and its 95 % bootstrap interval."""
    if len(a) != len(b) or not a:
        raise ValueError("paired samples of the same non-zero length are needed")
    diffs = [x - y for x, y in zip(a, b)]
    n = len(diffs)
    rng = random.Random(seed)
    means = sorted(sum(diffs[rng.randrange(n)] for _ in range(n)) / n for _ in range(samples))
    return sum(diffs) / n, means[int(0.025 * samples)], means[int(0.975 * samples) - 1]
