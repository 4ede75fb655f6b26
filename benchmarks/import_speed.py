"""How long a translator waits for an import, beside a full build of the same knowledge base.

Builds a knowledge base of the embedded corpus in a temporary folder, then, ``--rounds`` times:
exports ten rules of section 4 as PO (12 units: two of them have an example), fills every message with a new Italian text (its revision
kept, as Poedit keeps it) and imports it with ``mtgkb import`` in a fresh process (it reads and
aligns only the imported translations and updates the index: :mod:`kb.incremental`). Prints the
median and each round's wall time, the median of ``--rounds`` full ``mtgkb build`` runs of the
same sources (the baseline: what an import cost when it rebuilt everything) and their ratio,
against the issue's target of 5 s for ten units, with the load average before and after.

    .venv/bin/python benchmarks/import_speed.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ["400.1", "400.2", "400.3", "400.4.", "400.5", "400.6.", "400.8", "400.9", "400.10.", "400.11."]
TARGET = 5.0


def mtgkb(*args: str) -> float:
    """Run ``mtgkb ARGS`` in a fresh process; its wall time (an error stops the benchmark)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "kb.cli", *args], cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0,):
        sys.exit(f"mtgkb {' '.join(args)} failed ({done.returncode}): {done.stderr.strip() or done.stdout[-400:]}")
    return elapsed


def translated_po(path: Path, round_no: int) -> int:
    """Give every message of the PO at ``path`` a new text; the number of messages."""
    text = path.read_text(encoding="utf-8")
    head, *messages = text.split("\n\n")
    out = [head]
    for i, message in enumerate(messages):
        message = message.replace("#, fuzzy\n", "")
        out.append(re.sub(r'\nmsgstr ".*"', f'\nmsgstr "Traduzione {round_no}.{i} di prova."', message, count=1))
    path.write_text("\n\n".join(out), encoding="utf-8")
    return len(messages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        kb = str(Path(tmp) / "kb")
        builds = [mtgkb("build", "--kb", kb) for _ in range(args.rounds)]
        imports = []
        units = 0
        for round_no in range(1, args.rounds + 1):
            po = Path(tmp) / f"round{round_no}.po"
            mtgkb("export", *RULES, "-f", "po", "--target", "it", "-o", str(po), "--kb", kb)
            units = translated_po(po, round_no)
            imports.append(mtgkb("import", str(po), "--translator", "bench", "--kb", kb))
    build, imported = statistics.median(builds), statistics.median(imports)
    print(f"knowledge base of the embedded corpus; {units} units per import, {args.rounds} rounds")
    print(f"{'':28}{'median':>10}  rounds")
    print(f"{f'mtgkb import ({units} units)':28}{imported:>9.2f}s  " + " ".join(f"{t:.2f}" for t in imports))
    print(f"{'mtgkb build (baseline)':28}{build:>9.2f}s  " + " ".join(f"{t:.2f}" for t in builds))
    print(f"import / build: {imported / build:.2f}; target: import <= {TARGET:g} s -> "
          f"{'met' if imported <= TARGET else 'NOT met'}")
    print("load average before: %.2f %.2f %.2f; after: %.2f %.2f %.2f" % (*load_before, *os.getloadavg()))


if __name__ == "__main__":
    main()
