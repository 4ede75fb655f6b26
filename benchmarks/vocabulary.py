"""Learn the vocabulary from the 580-set archive, beside a baseline measured in the same run,
and check that the committed table is what the learner produces today.

Baseline: stream the archive and decode every set file's JSON (the least any learner must
do). Prints the time of each learner stage, the keyword coverage against the release, the
concepts per kind, and how many rows differ from ``corpus/vocabulary.tsv``.

    python benchmarks/vocabulary.py [ARCHIVE] [--release CRFILE]
"""

from __future__ import annotations

import argparse
import json
import tarfile
import time
from collections import Counter
from pathlib import Path

from kb.vocabulary.learn import learn
from kb.vocabulary.table import format_table

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "corpus"
ARCHIVE = SHARED / "mtgjson-sets-20220425.tar.xz"
RELEASE = SHARED / "cr-en" / "MagicCompRules 20251114.txt"


def baseline(archive: Path) -> int:
    """Set files decoded, streamed one member at a time."""
    decoded = 0
    with tarfile.open(archive, "r:*") as tar:
        for member in tar:
            handle = tar.extractfile(member) if member.isfile() else None
            raw = handle.read() if handle else b""
            if raw.strip():
                json.loads(raw)
                decoded += 1
    return decoded


def rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", nargs="?", type=Path, default=ARCHIVE)
    parser.add_argument("--release", type=Path, default=RELEASE)
    args = parser.parse_args()
    corpus = ROOT / "corpus"

    start = time.perf_counter()
    sets = baseline(args.archive)
    base = time.perf_counter() - start
    start = time.perf_counter()
    result = learn(args.archive, args.release, corpus / "lexicon-core.tsv", corpus / "vocabulary-review.tsv")
    total = time.perf_counter() - start

    print(f"archive: {args.archive.name}, {sets} set files; release: {args.release.name}")
    print(f"{'baseline (stream + decode JSON)':36} {base:7.1f} s")
    for stage, seconds in result.timings.items():
        print(f"  {stage:34} {seconds:7.1f} s")
    print(f"{'learner, total':36} {total:7.1f} s   ({total / base:.1f} x the baseline)")
    print("\n".join(result.coverage.lines()[:1]))
    kinds = Counter(c.kind for c in result.concepts)
    print("concepts: " + ", ".join(f"{kind} {n}" for kind, n in kinds.items()))
    learned = rows(format_table(result.concepts))
    committed = rows((corpus / "vocabulary.tsv").read_text(encoding="utf-8"))
    changed = len(set(learned) ^ set(committed))
    print(f"rows differing from corpus/vocabulary.tsv: {changed} (0: the committed table is up to date)")


if __name__ == "__main__":
    main()
