"""The cold judge trials' questions (``eval/trial-questions.tsv``, a validation set): MRR@10 / top-3 /
top-10 per trial, language and style, with the ranking's numbers as ``indexer/params.py`` has them or as
given (``group.param=value``), to check a number the development halves favour before it is taken::

    .venv/bin/python benchmarks/trial_questions.py --kb DIR [card.factor=1.875 ...]

``DIR``: a knowledge base built with the 580-set archive (the trials ran on one). ``--questions FILE``: another
file of the same columns (``eval/table2-questions.tsv``, the second table-style development set).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eval.engines import mtgkb  # noqa: E402
from eval.qrels import LANGS, STYLES, Figures, rank_of  # noqa: E402
from indexer.params import DEFAULT  # noqa: E402
from kb import tsv  # noqa: E402
from kb.store import KnowledgeBase  # noqa: E402

TRIALS = ROOT / "eval" / "trial-questions.tsv"
COLUMNS = ("trial", "id", "lang", "style", "question", "gold", "reason")


def overrides(pairs: list[str]) -> dict[str, float | bool]:
    """``group.param=value`` pairs as numbers (ints stay ints) or true / false (``heading.enabled=false``)."""
    found: dict[str, float | bool] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if value.lower() in ("true", "false"):
            found[name] = value.lower() == "true"
        else:
            found[name] = int(value) if value.lstrip("-").isdigit() else float(value)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, required=True)
    parser.add_argument("--questions", type=Path, default=TRIALS, help="a file of the trials' columns")
    parser.add_argument("numbers", nargs="*", help="group.param=value, as in eval/tune.py")
    args = parser.parse_args()
    params = DEFAULT.replace(**overrides(args.numbers)) if args.numbers else None
    run = mtgkb(KnowledgeBase.open(args.kb), params)
    groups: dict[str, list[int | None]] = {}
    sets: dict[str, None] = {}  # the first column's groups (a trial), in the file's order
    for _line, (trial, _id, lang, style, question, gold, _reason) in tsv.rows(args.questions, COLUMNS):
        rank = rank_of(run(question), tuple(f"rule/{number}" for number in gold.split()))
        sets[trial] = None
        for key in (trial, lang, style, "all"):
            groups.setdefault(key, []).append(rank)
    print(f"{args.questions.name}{' with ' + ' '.join(args.numbers) if args.numbers else ''}: MRR@10 / top-3 / top-10")
    styles = [*STYLES, *sorted(k for k in groups if k not in STYLES and k not in LANGS and k != "all"
                                 and k not in sets)]  # the tenth trial's "reader" questions too
    order = [*sets, *LANGS, *styles, "all"]
    for key in (k for k in order if k in groups):
        print(f"{key:<10}{len(groups[key]):>4}   {Figures.of(groups[key]).cell()}")


if __name__ == "__main__":
    main()
