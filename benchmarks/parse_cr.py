"""Parse the 2025-11-14 English release, beside a baseline measured in the same run.

Baseline: decode the file, split it into lines and run one regex over every line
(the least any parser must do). Target: the full parse within 4x the baseline.

    python benchmarks/parse_cr.py [--runs N] [FILE]
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from pathlib import Path

from kb.parsers import parse_source
from kb.sources import decode, read_source, split_lines

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared/corpus/cr-en/MagicCompRules 20251114.txt"
_NUMBERED = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s")


def baseline(data: bytes) -> int:
    lines = split_lines(decode(data).text)
    return sum(1 for line in lines if _NUMBERED.match(line))


def full_parse(path: Path) -> int:
    return len(parse_source(read_source(path)).rules)


def median_seconds(func, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    data = args.file.read_bytes()
    base = median_seconds(lambda: baseline(data), args.runs)
    full = median_seconds(lambda: full_parse(args.file), args.runs)
    print(f"file: {args.file.name} ({len(data):,} bytes), median of {args.runs} runs")
    print(f"{'baseline (decode + split + 1 regex)':40} {base * 1000:8.1f} ms")
    print(f"{'full parse (tree, refs, glossary)':40} {full * 1000:8.1f} ms")
    print(f"{'ratio':40} {full / base:8.2f} x   (target <= 4.00 x)")


if __name__ == "__main__":
    main()
