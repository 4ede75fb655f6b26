"""Drop the phrasings that share a run of words with a question of the measured set (leakage).

The phrasings (``corpus/rule-phrases.tsv``) are indexed with the rules; a phrase that repeats five
words in a row of a question the search is measured on (either half) lets the figure measure the
phrase, not the engine. This drops those lines, mechanically: words are lower-cased and
accent-folded (:func:`kb.text.fold`), and a run made only of stop words (of any of the three
languages) does not count. Nothing is written or edited from the questions::

    python benchmarks/decontaminate_phrasings.py [--questions QUESTIONS.tsv ...] [--dry-run]

It prints the lines dropped per language.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb import tsv  # noqa: E402
from kb.curated import CURATED  # noqa: E402
from kb.text import STOPWORDS, fold  # noqa: E402

RUN = 5
TRIAL_COLUMNS = ("set", "id", "lang", "style", "question", "gold", "reason")  # benchmarks/trial_questions.py's
WORD = re.compile(r"\w+")
ALL_STOPWORDS = frozenset().union(*STOPWORDS.values())
# the question sets the search is measured on: the gold files of the curated files' registry (the first set,
# eval/questions.tsv, and the table set, eval/table-questions.tsv)
QUESTION_SETS = tuple(ROOT / c.path for c in CURATED if c.kind == "gold" and c.path.endswith("questions.tsv"))
QUESTIONS = QUESTION_SETS[0]


def words(text: str) -> list[str]:
    """The folded words of ``text``."""
    return WORD.findall(fold(text))


def runs(text: str, size: int = RUN) -> set[tuple[str, ...]]:
    """The runs of ``size`` consecutive words of ``text`` holding at least one word that is not a stop word."""
    found = words(text)
    return {run for run in (tuple(found[i:i + size]) for i in range(len(found) - size + 1))
            if not all(word in ALL_STOPWORDS for word in run)}


def question_runs(path: Path) -> set[tuple[str, ...]]:
    """Every run of the questions of a question set: its first column, or the fifth of a file of the trials' seven
    columns (``eval/trial-questions.tsv``, ``eval/table2-questions.tsv`` ...: set, id, lang, style, question ...)."""
    found: set[tuple[str, ...]] = set()
    for _line, cells in tsv.rows(path):
        found |= runs(cells[4] if len(cells) == len(TRIAL_COLUMNS) else cells[0])
    return found


def decontaminate(table: Path, questions: Path | tuple[Path, ...], write: bool = True) -> Counter[str]:
    """Drop from ``table`` the phrase lines sharing a run with a question of ``questions`` (one set or
    several); the count dropped per language."""
    taken = set().union(*(question_runs(path) for path in (questions if isinstance(questions, tuple) else (questions,))))
    kept, dropped = [], Counter()
    for line in table.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if not line.startswith("#") and len(cells) >= 3 and runs(cells[2]) & taken:
            dropped[cells[1]] += 1
            continue
        kept.append(line)
    if write and dropped:
        temporary = table.with_name(table.name + ".tmp")
        temporary.write_text("\n".join(kept) + "\n", encoding="utf-8")
        temporary.replace(table)
    return dropped


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("::")[0])
    parser.add_argument("--table", type=Path, default=ROOT / "corpus" / "rule-phrases.tsv")
    parser.add_argument("--questions", type=Path, action="append",
                        help="a question set, again for several (default: every set of the registry, kb.curated.CURATED)")
    parser.add_argument("--dry-run", action="store_true", help="count, write nothing")
    args = parser.parse_args(argv)
    dropped = decontaminate(args.table, tuple(args.questions or QUESTION_SETS), write=not args.dry_run)
    per_lang = ", ".join(f"{lang} {count}" for lang, count in sorted(dropped.items())) or "none"
    print(f"{sum(dropped.values())} phrase lines share a {RUN}-word run with a question: {per_lang}"
          + (" (dry run: nothing written)" if args.dry_run else " (dropped)"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
