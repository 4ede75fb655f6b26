"""Coordinate search of the ranking's numbers on the development half, and only there.

Every number a search reads from :class:`indexer.params.Params` (``group.param``; the ``enabled``
switches are left to :mod:`eval.ablate`, the ``index`` group's numbers take a rebuild) is tried, one
at a time, at a few multiples of its value; a change is kept when it raises the development half's
MRR@10 by at least ``--min-gain``, and the rounds go on until none does (or ``--rounds``). Each step
is printed, and at the end the values to write into ``indexer/params.py``, with the note of the set
and commit they were tuned on that goes beside them::

    .venv/bin/python eval/tune.py [--kb DIR] [--only NAME ...] [--rounds N]

The test half is never read: :func:`eval.qrels.load_questions` is asked for ``dev`` only.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eval.engines import mtgkb  # noqa: E402
from eval.qrels import QUESTION_SETS, Figures, checkout_commit, load_questions, ranks  # noqa: E402

FACTORS = (0.0, 0.5, 0.75, 1.25, 1.5, 2.0)  # the multiples of a value tried
BUILD_TIME = ("index",)  # groups a search does not read (written into the index at build)
MIN_GAIN = 0.002  # a change must raise dev MRR@10 by this much to be kept


def numbers(params) -> dict[str, float]:
    """``group.param`` -> value of every number of ``params`` (booleans left out)."""
    found = {}
    for group in fields(params):
        value = getattr(params, group.name)
        if not is_dataclass(value) or group.name in BUILD_TIME:
            continue
        for field in fields(value):
            number = getattr(value, field.name)
            if isinstance(number, (int, float)) and not isinstance(number, bool):
                found[f"{group.name}.{field.name}"] = number
    return found


def candidates(value: float) -> list[float]:
    """The values tried for a number: multiples of it (integers stay integers, at least 1 apart)."""
    if isinstance(value, int):
        return sorted({max(0, round(value * f)) for f in FACTORS} - {value})
    return sorted({round(value * f, 4) for f in FACTORS} - {value})


def coordinate_search(score: Callable[[object], float], params, names: list[str], rounds: int = 3,
                      min_gain: float = MIN_GAIN, say: Callable[[str], None] = print):
    """The parameters reached by changing one number at a time while ``score`` rises by ``min_gain``."""
    best = score(params)
    say(f"start: dev MRR@10 {best:.4f}")
    for turn in range(1, rounds + 1):
        changed = False
        for name in names:
            current = numbers(params)[name]
            for value in candidates(current):
                trial = params.replace(**{name: value})
                figure = score(trial)
                say(f"  round {turn} {name} {current} -> {value}: {figure:.4f}")
                if figure >= best + min_gain:
                    params, best, changed = trial, figure, True
                    current = value
                    say(f"  kept {name} = {value} (dev MRR@10 {best:.4f})")
        if not changed:
            break
    return params, best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, help="a knowledge base of the embedded corpus")
    parser.add_argument("--set", dest="sets", action="append", choices=sorted(QUESTION_SETS),
                        help="the question set(s) whose development half is used (repeatable) [default: first]")
    parser.add_argument("--only", nargs="*", help="tune only these numbers (group.param)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--min-gain", type=float, default=MIN_GAIN)
    args = parser.parse_args(argv)
    from indexer import params as module
    from kb import pipeline
    from kb.store import KnowledgeBase

    questions = [q for name in args.sets or ["first"] for q in load_questions(QUESTION_SETS[name], split="dev")]
    names = args.only or sorted(numbers(module.DEFAULT))
    unknown = sorted(set(names) - set(numbers(module.DEFAULT)))
    if unknown:
        parser.error(f"no such number in indexer.params: {', '.join(unknown)}")
    with tempfile.TemporaryDirectory() as tmp:
        directory = args.kb or Path(tmp) / "kb"
        if not args.kb:
            pipeline.build_kb(directory, [])
        kb = KnowledgeBase.open(directory)
        tuned, best = coordinate_search(lambda p: Figures.of(ranks(mtgkb(kb, p), questions)).mrr,
                                        module.DEFAULT, names, args.rounds, args.min_gain)
    changes = {n: v for n, v in numbers(tuned).items() if numbers(module.DEFAULT)[n] != v}
    print(f"tuned: dev MRR@10 {best:.4f}; changed: {changes or 'nothing'}")
    if changes:
        print(f"write these into indexer/params.py, noting beside each: tuned on the development half of "
              f"{' + '.join(QUESTION_SETS[n].name for n in args.sets or ['first'])} ({len(questions)} questions) by eval/tune.py at {checkout_commit()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
