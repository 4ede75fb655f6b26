"""Ingest benchmark: every MTGJSON set file of the shared 580-set archive.

Unpacks ``../shared/corpus/mtgjson-sets-20220425.tar.xz`` into a temporary
folder, then measures, each in its own subprocess so that memory peaks are
separate, and ``--runs`` times (median reported):

* baseline: ``json.load`` of every file, nothing kept;
* ingest: every file recognised by content (every registered format's detector
  runs, as in ``mtgkb build``), parsed with :mod:`kb.parsers.mtgjson` and merged
  into one document (one card per name, each ruling once), one file at a time.

Prints the figures side by side with their ratio, then the totals of the
ingest next to the ones the corpus MANIFEST states. Progress goes to stderr.

    python benchmarks/ingest.py [--archive PATH] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ARCHIVE = ROOT.parent / "shared" / "corpus" / "mtgjson-sets-20220425.tar.xz"
TARGET_SECONDS, TARGET_MB = 60.0, 1536.0
# What ../shared/corpus/MANIFEST.md states about the archive.
MANIFEST = {"printings": 59_634, "ruling pairs": 45_080, "it texts": 33_940, "fr texts": 34_626}


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: kilobytes


def set_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.json"))


# -- the two measurements (run in a child process) ----------------------------------------


def measure_baseline(folder: Path) -> dict:
    loaded, skipped = 0, []
    start = time.perf_counter()
    for path in set_files(folder):
        with path.open("rb") as handle:
            try:
                json.load(handle)
                loaded += 1
            except json.JSONDecodeError as exc:
                skipped.append(f"{path.name}: {exc.msg}")
    return {"seconds": time.perf_counter() - start, "peak_mb": peak_mb(), "files": loaded, "skipped": skipped}


def measure_ingest(folder: Path) -> dict:
    sys.path.insert(0, str(ROOT))
    from kb.errors import SourceError
    from kb.parsers import detect_format
    from kb.parsers.mtgjson import CardMerger
    from kb.sources import read_source

    merger, parsed, skipped = CardMerger(), 0, []
    files = set_files(folder)
    start = time.perf_counter()
    for index, path in enumerate(files, 1):
        try:
            source = read_source(path)
            merger.add(detect_format(source).parse(source))  # the document is released after merging
            parsed += 1
        except SourceError as exc:
            skipped.append(str(exc).replace(str(folder) + "/", ""))
        if index % 100 == 0:
            progress(f"    ingest: {index}/{len(files)} files")
    doc = merger.document()
    seconds = time.perf_counter() - start
    meta = doc.meta
    totals = {
        "sets": len(meta["sets"]), "printings": meta["printings"], "cards": meta["cards"],
        "ruling entries": meta["ruling_entries"], "rulings kept": meta["rulings"],
        "rulings ignored": len(meta["rulings_ignored"]),
        "ruling pairs": meta["rulings"] + len(meta["rulings_ignored"]),
        "it texts": meta["foreign_entries"]["it"], "fr texts": meta["foreign_entries"]["fr"],
        "it wordings": meta["foreign_variants"]["it"], "fr wordings": meta["foreign_variants"]["fr"],
        "tokens": doc.accounting.boilerplate.get("token", 0), "unparsed": len(doc.accounting.unparsed),
        "warnings": len(doc.warnings),
    }
    return {"seconds": seconds, "peak_mb": peak_mb(), "files": parsed, "skipped": skipped, "totals": totals,
            "ignored": meta["rulings_ignored"]}


# -- the driver ------------------------------------------------------------------------------


def run_child(kind: str, folder: Path) -> dict:
    done = subprocess.run([sys.executable, __file__, "--measure", kind, str(folder)],
                          check=True, stdout=subprocess.PIPE, text=True)
    return json.loads(done.stdout)


def unpack(archive: Path, into: Path) -> float:
    start = time.perf_counter()
    with tarfile.open(archive, "r:xz") as tar:
        tar.extractall(into, filter="data")
    return time.perf_counter() - start


def report(runs: dict[str, list[dict]], unpack_seconds: float, file_count: int) -> None:
    base, ingest = runs["baseline"], runs["ingest"]
    b_sec = statistics.median(r["seconds"] for r in base)
    i_sec = statistics.median(r["seconds"] for r in ingest)
    b_mb = statistics.median(r["peak_mb"] for r in base)
    i_mb = statistics.median(r["peak_mb"] for r in ingest)
    print(f"MTGJSON ingest benchmark: {file_count} files unpacked in {unpack_seconds:.1f} s; "
          f"median of {len(base)} runs each, each run in its own process")
    print(f"{'':24}{'baseline json.load':>20}{'mtgjson ingest':>18}{'ratio':>8}{'target':>10}")
    print(f"{'time (s)':24}{b_sec:>20.2f}{i_sec:>18.2f}{i_sec / b_sec:>8.2f}{'< 60':>10}")
    print(f"{'peak memory (MB, RSS)':24}{b_mb:>20.0f}{i_mb:>18.0f}{i_mb / b_mb:>8.2f}{'< 1536':>10}")
    print(f"{'files read':24}{base[0]['files']:>20}{ingest[0]['files']:>18}")
    for skipped in sorted(set(ingest[0]["skipped"])):
        print(f"  skipped: {skipped}")
    verdict = "met" if i_sec < TARGET_SECONDS and i_mb < TARGET_MB else "MISSED"
    print(f"targets {verdict}")
    totals = ingest[0]["totals"]
    print("\ntotals of the ingest (MANIFEST figure where it states one)")
    for name, value in totals.items():
        stated = MANIFEST.get(name)
        note = "" if stated is None else f"   MANIFEST {stated:,} {'ok' if stated == value else 'DIFFERS'}"
        print(f"  {name:18}{value:>10,}{note}")
    for row in ingest[0]["ignored"]:
        print(f"  ruling ignored (no text, counted in 'ruling pairs'): {row['card']} {row['date']}")
    print("  (it/fr texts: Italian/French foreignData entries over all printings, as the MANIFEST counts them;\n"
          "   wordings: distinct (name, type, text) per card kept in Card.foreign)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", type=Path, default=DEFAULT_ARCHIVE)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--measure", choices=("baseline", "ingest"), help=argparse.SUPPRESS)
    parser.add_argument("folder", nargs="?", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure = measure_baseline if args.measure == "baseline" else measure_ingest
        print(json.dumps(measure(args.folder)))
        return
    if not args.archive.exists():
        sys.exit(f"{args.archive}: archive not found (the benchmark needs ../shared/corpus)")
    with tempfile.TemporaryDirectory(prefix="mtgkb-ingest-") as tmp:
        progress(f"unpacking {args.archive.name} ...")
        unpack_seconds = unpack(args.archive, Path(tmp))
        file_count = len(set_files(Path(tmp)))
        runs: dict[str, list[dict]] = {"baseline": [], "ingest": []}
        for run in range(1, args.runs + 1):
            for kind in runs:
                progress(f"run {run}/{args.runs}: {kind} ...")
                result = run_child(kind, Path(tmp))
                progress(f"    {result['seconds']:.2f} s, peak {result['peak_mb']:.0f} MB")
                runs[kind].append(result)
    report(runs, unpack_seconds, file_count)


if __name__ == "__main__":
    main()
