"""Each reranker's contribution on the development half, with a paired-bootstrap interval.

For each reranker of :data:`indexer.params.RERANKERS`, in cascade order, the development half is
searched with that reranker disabled (every other parameter as tuned), and the per-question
reciprocal ranks are compared with the full engine's: the difference of MRR@10 and its 95 %
paired-bootstrap interval. A reranker whose interval lies above zero helps; one whose interval
holds zero is not shown to help and is a candidate for removal. The table is markdown, for
``docs/search.md``::

    .venv/bin/python eval/ablate.py [--kb DIR]       # a knowledge base of the embedded corpus (built when absent)

It never reads the test half.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eval.engines import mtgkb  # noqa: E402
from eval.qrels import QUESTION_SETS, Question, load_questions, paired_bootstrap, ranks  # noqa: E402


@dataclass(frozen=True)
class Contribution:
    reranker: str
    without: float  # dev MRR@10 with the reranker disabled
    gain: float  # the full engine's MRR@10 minus ``without``
    low: float
    high: float

    @property
    def verdict(self) -> str:
        if self.low > 0:
            return "helps"
        if self.high < 0:
            return "hurts"
        return "not shown to help"


def reciprocal(found: list[int | None]) -> list[float]:
    return [1 / r if r else 0.0 for r in found]


def contributions(kb, questions: list[Question], params=None) -> tuple[float, list[Contribution]]:
    """The full engine's dev MRR@10 and each reranker's contribution to it."""
    from indexer.params import DEFAULT, RERANKERS

    params = params or DEFAULT
    full = reciprocal(ranks(mtgkb(kb, params), questions))
    found = []
    for name in RERANKERS:
        without = reciprocal(ranks(mtgkb(kb, params.replace(**{f"{name}.enabled": False})), questions))
        gain, low, high = paired_bootstrap(full, without)
        found.append(Contribution(name, sum(without) / len(without), gain, low, high))
    return sum(full) / len(full), found


def table(full: float, found: list[Contribution], n: int) -> str:
    lines = [f"Development half ({n} questions), MRR@10 of the full engine {full:.3f}.", "",
             "| reranker | MRR@10 without it | its gain | 95 % interval | |", "|---|---|---|---|---|"]
    lines += [f"| `{c.reranker}` | {c.without:.3f} | {c.gain:+.3f} | [{c.low:+.3f}, {c.high:+.3f}] | {c.verdict} |"
              for c in found]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, help="a knowledge base of the embedded corpus")
    parser.add_argument("--set", dest="sets", action="append", choices=sorted(QUESTION_SETS),
                        help="the question set(s) whose development half is used (repeatable) [default: first]")
    args = parser.parse_args(argv)
    from kb import pipeline
    from kb.store import KnowledgeBase

    questions = [q for name in args.sets or ["first"] for q in load_questions(QUESTION_SETS[name], split="dev")]
    with tempfile.TemporaryDirectory() as tmp:
        directory = args.kb or Path(tmp) / "kb"
        if not args.kb:
            pipeline.build_kb(directory, [])
        full, found = contributions(KnowledgeBase.open(directory), questions)
    print(table(full, found, len(questions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
