"""Export the whole 2025-11-14 English release (with the Italian seed) to every format.

Prints the median time per format over --runs runs beside a baseline measured in the same
run: ``json.dumps`` of the same units as plain dicts. Also the time to select the units.

    .venv/bin/python benchmarks/export.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.corpus import embedded_files  # noqa: E402
from kb.pipeline import build_kb  # noqa: E402
from kb.export import EXPORTERS, select  # noqa: E402
from kb.store import KnowledgeBase  # noqa: E402

RELEASE = ROOT.parent / "shared" / "corpus" / "cr-en" / "MagicCompRules 20251114.txt"


def median_time(func, runs: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def baseline(selection) -> bytes:
    units = [{"id": u.id, "kind": u.kind, "source": u.source, "chapter": u.chapter,
              "targets": {lang: t.text for lang, t in u.targets.items()}} for u in selection.units]
    return json.dumps(units, ensure_ascii=False).encode("utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not RELEASE.exists():
        sys.exit(f"{RELEASE}: not found (the benchmark needs ../shared/corpus)")
    with tempfile.TemporaryDirectory() as tmp:
        build_kb(Path(tmp), [RELEASE, *embedded_files("seed")])
        kb = KnowledgeBase.open(Path(tmp))
        select_time, selection = median_time(
            lambda: select(kb, (), "en", ("it", "fr"), ("examples", "glossary", "rulings")), args.runs)
        print(f"{len(selection.units)} units, {len(selection.terms)} term entries; "
              f"selection median {select_time:.3f} s over {args.runs} runs")
        base_time, base_bytes = median_time(lambda: baseline(selection), args.runs)
        print(f"{'format':<10}{'median s':>10}{'bytes':>12}{'x baseline':>12}")
        print(f"{'baseline':<10}{base_time:>10.3f}{len(base_bytes):>12,}{1.0:>12.1f}")
        total = 0.0
        for name, exporter in EXPORTERS.items():
            one = selection if exporter.multi_target else select_single(selection)
            seconds, data = median_time(lambda: exporter.write(one), args.runs)
            total += seconds
            print(f"{name:<10}{seconds:>10.3f}{len(data):>12,}{seconds / base_time:>12.1f}")
        print(f"{'all':<10}{total:>10.3f}   (target: under 10 s for every format together)")
        kb.close()


def select_single(selection):
    """The one-target view of a selection (what single-target formats receive from the CLI)."""
    from kb.export import Selection

    return Selection(selection.source_lang, selection.target_langs[:1], selection.source_release,
                     selection.source_doc, selection.units, selection.terms)


if __name__ == "__main__":
    main()
