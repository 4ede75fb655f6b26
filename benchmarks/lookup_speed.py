"""Cold start of the table commands: ``mtgkb define`` and ``mtgkb card`` beside ``mtgkb rule``.

Builds the embedded corpus (the README's first command; its build time is printed too),
then runs each command as a fresh process, the commands interleaved run after run so that
they share the machine's load alike, and prints the median wall time of each and its ratio
to ``mtgkb rule 400.7``. Target: ``define`` and ``card`` within 1.5× ``rule``.

    .venv/bin/python benchmarks/lookup_speed.py [--runs 9] [--kb DIR]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MTGKB = Path(sys.executable).with_name("mtgkb")
TARGET = 1.5
COMMANDS = {
    "rule 400.7": ["rule", "400.7"],
    "define voto": ["define", "voto"],
    'define "zone publique"': ["define", "zone publique"],
    "define deathtuch": ["define", "deathtuch"],
    'card "Titano Solare"': ["card", "Titano Solare"],
    'card "Custodi Squire"': ["card", "Custodi Squire"],
    'card "Titano Solre"': ["card", "Titano Solre"],
}


def cold(kb_dir: Path, args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([str(MTGKB), *args, "--kb", str(kb_dir)], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(kb_dir: Path, runs: int) -> dict[str, float]:
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for name, args in COMMANDS.items():  # one warm-up each: the files are in the page cache for all alike
        cold(kb_dir, args)
    for _ in range(runs):
        for name, args in COMMANDS.items():
            times[name].append(cold(kb_dir, args))
    return {name: statistics.median(found) for name, found in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--kb", type=Path, help="an existing knowledge base of the embedded corpus")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        kb_dir = args.kb
        if kb_dir is None:
            kb_dir = Path(tmp) / "kb"
            start = time.perf_counter()
            subprocess.run([str(MTGKB), "build", "--kb", str(kb_dir)], check=True, capture_output=True)
            print(f"mtgkb build (embedded corpus): {time.perf_counter() - start:.1f} s")
        medians = measure(kb_dir, args.runs)
    base = medians["rule 400.7"]
    print(f"{'command':<26}{'median s':>10}{'x rule':>9}")
    worst = 0.0
    for name, median in medians.items():
        ratio = median / base
        if name != "rule 400.7":
            worst = max(worst, ratio)
        print(f"{name:<26}{median:>10.3f}{ratio:>9.2f}")
    verdict = "within" if worst <= TARGET else "over"
    print(f"slowest define/card: {worst:.2f}x rule ({verdict} the {TARGET}x target); {args.runs} runs each, interleaved")


if __name__ == "__main__":
    main()
