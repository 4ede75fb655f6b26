"""Alignment quality and cost.

Prints precision and recall per kind (rules, rulings, terms) against
tests/data/alignment_gold.json on a knowledge base of the seeds, the five MTGJSON set
files and the English CR of 2024-11-08, with the targets; then the time of ingest alone
(baseline) and of the alignment on top, medians of --runs runs. With --archive, the same
timing on the 580-set MTGJSON archive (unpacked to a temporary folder first), which is
what the lexicon budget (under 60 s more than ingest) is about.

    .venv/bin/python benchmarks/alignment.py [--runs 3] [--archive]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tarfile
import tempfile
import time
from pathlib import Path

from kb.align import align
from kb.align.eval import evaluate
from kb.corpus import embedded_files
from kb.ingest import ingest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "corpus"
TARGETS = {"rules": (0.98, 0.90), "terms": (0.98, 0.90), "rulings": (1.0, 0.80)}


def timed(func, *args):
    start = time.perf_counter()
    value = func(*args)
    return value, time.perf_counter() - start


def ingest_and_align(paths: list[Path], runs: int):
    """The last ingest report and alignment, and the times of each run of both."""
    ingest_times, align_times = [], []
    for _ in range(runs):
        report, t_ingest = timed(ingest, paths)
        alignment, t_align = timed(align, report.documents)
        ingest_times.append(t_ingest)
        align_times.append(t_align)
    return report, alignment, ingest_times, align_times


def quality(runs: int) -> None:
    paths = [*embedded_files("seed"), SHARED / "mtgjson", SHARED / "cr-en" / "MagicCompRules 20241108.txt"]
    gold = json.loads((ROOT / "tests" / "data" / "alignment_gold.json").read_text(encoding="utf-8"))
    report, alignment, ingest_times, align_times = ingest_and_align(paths, runs)
    scores = evaluate(alignment, report.documents, gold)
    print("Alignment quality (seeds + 5 MTGJSON sets + CR 2024-11-08) against tests/data/alignment_gold.json")
    print(f"{'kind':8} {'predicted':>9} {'gold':>5} {'correct':>7} {'precision':>9} {'recall':>7}   target P/R   met")
    for kind, s in scores.items():
        p_min, r_min = TARGETS[kind]
        met = s["precision"] >= p_min and s["recall"] >= r_min and not s["forbidden_made"]
        print(f"{kind:8} {s['predicted']:9} {s['gold']:5} {s['correct']:7} {s['precision']:9.3f} {s['recall']:7.3f}"
              f"   {p_min:.2f}/{r_min:.2f}   {'yes' if met else 'NO'}")
        for label in ("wrong", "missed", "forbidden_made"):
            if s[label]:
                print(f"    {label}: {s[label]}")
    print(f"\nTime, median of {runs}: ingest (baseline) {statistics.median(ingest_times):.2f} s, "
          f"align on top {statistics.median(align_times):.2f} s")


def archive(runs: int) -> None:
    tar = SHARED / "mtgjson-sets-20220425.tar.xz"
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(tar) as archive_file:
            archive_file.extractall(tmp, filter="data")
        # allSets.json in the archive is empty (one byte, see the corpus MANIFEST): the set files only.
        sets = sorted(p for p in Path(tmp).rglob("*.json") if p.stat().st_size > 1)
        paths = [*embedded_files("seed"), *sets, SHARED / "cr-en" / "MagicCompRules 20241108.txt"]
        report, alignment, ingest_times, align_times = ingest_and_align(paths, runs)
        cards = sum(len(d.cards) for d in report.documents)
        summary = alignment.summary()
        print(f"\n580-set archive ({len(sets)} set files, {len(report.documents)} documents, {cards} card records):")
        print(f"  ingest (baseline) {statistics.median(ingest_times):.1f} s, align incl. lexicon "
              f"{statistics.median(align_times):.1f} s (budget: under 60 s more than ingest)")
        print(f"  lexicon entries: {summary['lexicon']}; core check: {summary['core_check']}")
        print(f"  it rulings: {summary['counts'].get('it', {}).get('ruling')}")
        gold = json.loads((ROOT / "tests" / "data" / "alignment_gold.json").read_text(encoding="utf-8"))
        for kind, s in evaluate(alignment, report.documents, gold).items():
            print(f"  {kind}: precision {s['precision']:.3f} recall {s['recall']:.3f} (predicted {s['predicted']},"
                  f" gold {s['gold']}); not in the gold (wordings the five-set gold could not list): {s['wrong']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--archive", action="store_true", help="also time the 580-set archive")
    args = parser.parse_args()
    quality(args.runs)
    if args.archive:
        archive(max(1, args.runs // 3))


if __name__ == "__main__":
    main()
