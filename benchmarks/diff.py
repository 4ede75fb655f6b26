"""Benchmark: diff of two releases and a rule's history, beside the time to parse the files.

Run from the project root: ``python benchmarks/diff.py [--runs N]``. Needs ../shared/corpus.
Prints medians of N runs; the target is a diff within 3x the time to parse both files.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.parsers import parse_source  # noqa: E402
from kb.releases.diff import diff_documents  # noqa: E402
from kb.releases.history import history  # noqa: E402
from kb.sources import read_source  # noqa: E402

RELEASES = ROOT.parent / "shared" / "corpus" / "cr-en"


def median_time(action, runs: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def parse(path: Path):
    return parse_source(read_source(path))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if not RELEASES.exists():
        sys.exit(f"shared releases not found at {RELEASES}")
    old_path, new_path = RELEASES / "MagicCompRules 20250404.txt", RELEASES / "MagicCompRules 20250606.txt"
    all_paths = sorted(RELEASES.glob("MagicCompRules *.txt"))

    parse_both, (old, new) = median_time(lambda: (parse(old_path), parse(new_path)), args.runs)
    diff_time, diff = median_time(lambda: diff_documents(old, new), args.runs)
    parse_all, docs = median_time(lambda: [parse(p) for p in all_paths], max(3, args.runs // 2))
    history_time, vote = median_time(lambda: history("vote", docs), args.runs)

    summary = diff.summary()
    print(f"medians of {args.runs} runs (parse of all releases: {max(3, args.runs // 2)} runs)")
    print(f"{'task':<52}{'seconds':>9}")
    print(f"{'baseline: parse 2025-04-04 + 2025-06-06':<52}{parse_both:>9.3f}")
    print(f"{'diff 2025-04-04 -> 2025-06-06':<52}{diff_time:>9.3f}"
          f"   = {diff_time / parse_both:.2f}x the parse (target <= 3x)")
    print(f"{'baseline: parse the ' + str(len(all_paths)) + ' releases':<52}{parse_all:>9.3f}")
    print(f"{'history of Vote over ' + str(len(docs)) + ' releases':<52}{history_time:>9.3f}"
          f"   = {history_time / parse_all:.2f}x their parse")
    print(f"diff: {summary['moved']} moved, {summary['changed']} changed, {summary['added']} added, "
          f"{summary['removed']} removed, {summary['renumbered_refs']} references renumbered only")
    print("Vote: " + ", ".join(f"{s.release.effective_date} {s.number or '-'}" for s in vote.steps))


if __name__ == "__main__":
    main()
