"""Bounded work: what the tests check for correctness, timed here beside a baseline.

* ``find_refs`` over 4,000 and 40,000 citations: the ratio should be about 10 (linear),
  not 100 (the quadratic de-duplication it replaced);
* a search of eight wide rule ranges (``100.1-999.9 …``) beside one narrow range
  (``400.1-400.3``): a range is read only as far as a page needs, so both cost about the same;
* the build of the embedded corpus (the README says under 30 s) beside parsing its release alone.

Medians of ``--runs`` runs (the machine is shared: the load average is printed).

    .venv/bin/python benchmarks/bounded_work.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from kb.corpus import embedded_corpus
from kb.parsers import parse_source
from kb.pipeline import build_kb
from kb.refs import find_refs
from kb.sources import read_source
from kb.store import KnowledgeBase
from parse_cr import median_seconds as median_time  # this folder's timing helper


def citations(count: int) -> str:
    return " ".join(f"See rule {100 + i % 800}.{i % 97}." for i in range(count))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")

    small, large = citations(4000), citations(40000)
    t_small = median_time(lambda: find_refs(small), args.runs)
    t_large = median_time(lambda: find_refs(large), args.runs)
    print(f"find_refs   4,000 citations {t_small * 1000:8.1f} ms   40,000 {t_large * 1000:8.1f} ms"
          f"   ratio {t_large / t_small:5.1f} (linear: ~10)")

    release = next(embedded_corpus().rglob("MagicCompRules *.txt"))
    with tempfile.TemporaryDirectory() as work:
        kb_dir = Path(work) / "kb"
        t_build = median_time(lambda: build_kb(kb_dir, [embedded_corpus()]), max(1, args.runs // 2))
        t_parse = median_time(lambda: parse_source(read_source(release)), args.runs)
        print(f"build of the embedded corpus {t_build:6.1f} s   (baseline: parsing its release alone"
              f" {t_parse:5.2f} s; README target under 30 s)")

        from indexer.search import search

        kb = KnowledgeBase.open(kb_dir)
        wide = " ".join(f"{100 + i}.1-{999 - i}.9" for i in range(8))
        search(kb, "400.1-400.3")  # open the index once
        t_narrow = median_time(lambda: search(kb, "400.1-400.3"), args.runs)
        t_wide = median_time(lambda: search(kb, wide), args.runs)
        print(f"search: one narrow range {t_narrow * 1000:7.1f} ms   eight wide ranges {t_wide * 1000:7.1f} ms"
              f"   ratio {t_wide / t_narrow:5.1f}")


if __name__ == "__main__":
    main()
