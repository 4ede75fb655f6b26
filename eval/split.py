"""Split the question set into a development and a test half by situation, once.

A situation is asked in up to three languages, and two questions about one situation share a gold
rule or say the same in their last column (what the question checks: ``priority in cleanup step``
has 514.3 in one language and 514.3a in another). So questions are grouped: two questions sharing
a gold rule id or that description are in one group, and so are their groups (connected components). Whole groups are dealt to the halves in
a seeded random order, each to the half that has fewer questions of the group's languages so far,
so each language is split about evenly and no situation, nor any of its translations, is on both
sides. The ``split`` column of ``eval/questions.tsv`` is rewritten; everything else is kept byte
for byte::

    python eval/split.py            # prints the groups' sizes and the halves' counts; --write rewrites
    python eval/split.py --set table --write     # the second set (eval/table-questions.tsv), once

The second set also names each question's situation (its translations share the id), which groups
them too.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Iterable, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eval.qrels import QUESTION_SETS, Question, load_questions  # noqa: E402

SEED = 20261204  # the day of the split: fixed, so the split is reproducible


def situations(questions: list[Question]) -> list[list[int]]:
    """The indexes of ``questions`` grouped so no two groups share a gold rule id or a description."""
    return groups_sharing([(*q.gold, "note:" + q.note.strip().lower(), *(("situation:" + q.situation,) if q.situation else ()))
                           for q in questions])


def groups_sharing(keys: Sequence[Iterable[str]]) -> list[list[int]]:
    """The indexes of ``keys`` grouped so no two groups share a key (connected components), sorted."""
    parent = list(range(len(keys)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first_with: dict[str, int] = {}
    for i, held in enumerate(keys):
        for key in held:
            parent[root(i)] = root(first_with.setdefault(key, i))
    groups: dict[int, list[int]] = {}
    for i in range(len(keys)):
        groups.setdefault(root(i), []).append(i)
    return sorted(groups.values())


def deal(questions: list[Question], groups: list[list[int]], seed: int = SEED) -> dict[int, str]:
    """Question index -> "dev" or "test": whole groups, in a seeded order, each to the half with fewer
    questions of its languages so far (ties: dev, then test, alternately)."""
    order = groups[:]
    random.Random(seed).shuffle(order)
    counts = {"dev": Counter(), "test": Counter()}
    half_of: dict[int, str] = {}
    for turn, group in enumerate(order):
        langs = Counter(questions[i].lang for i in group)
        load = {half: sum(counts[half][lang] * n for lang, n in langs.items()) for half in counts}
        if load["dev"] == load["test"]:
            half = ("dev", "test")[turn % 2]
        else:
            half = min(load, key=load.get)
        counts[half].update(langs)
        for i in group:
            half_of[i] = half
    return half_of


def rewrite(path: Path, half_of_line: dict[int, str]) -> None:
    """Rewrite the split column (the third) of the data lines of ``path`` named by line number."""
    lines = path.read_text(encoding="utf-8").split("\n")
    for number, half in half_of_line.items():
        cells = lines[number - 1].split("\t")
        cells[2] = half
        lines[number - 1] = "\t".join(cells)
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", dest="name", choices=sorted(QUESTION_SETS), default="first",
                        help="the question set: first (eval/questions.tsv) or table (eval/table-questions.tsv)")
    parser.add_argument("--write", action="store_true", help="rewrite the split column of the set's file")
    args = parser.parse_args(argv)
    path = QUESTION_SETS[args.name]
    questions = load_questions(path, split=None)
    groups = situations(questions)
    half_of = deal(questions, groups)
    sizes = Counter(len(g) for g in groups)
    print(f"{len(questions)} questions in {len(groups)} situations; sizes: "
          + ", ".join(f"{n} of {size}" for size, n in sorted(sizes.items())))
    for half in ("dev", "test"):
        langs = Counter(questions[i].lang for i, h in half_of.items() if h == half)
        print(f"  {half}: {sum(langs.values())} ({', '.join(f'{l} {langs[l]}' for l in ('it', 'fr', 'en'))})")
    if args.write:
        rewrite(path, {questions[i].line: half for i, half in half_of.items()})
        print(f"wrote the split column of {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
