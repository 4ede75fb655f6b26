"""Cold start of the commands: ``mtgkb rule``, ``define``, ``card``, a term search and a question, beside a
bare ``python -c pass``.

Builds the embedded corpus (the README's first command; its build time is printed too),
then runs each command as a fresh process, the commands interleaved run after run so that
they share the machine's load alike, and prints the median wall time of each, its ratio
to ``mtgkb rule 400.7`` and what it adds to a bare Python start. Targets (quiet machine):
``rule`` ≤ 0.12 s, the term search ≤ 0.30 s, the question ≤ 0.6 s, ``define`` and ``card`` within 1.5× ``rule``.

    .venv/bin/python benchmarks/lookup_speed.py [--runs 9] [--kb DIR]

The commands run as on a user's machine, with Python's bytecode caches: ``PYTHONDONTWRITEBYTECODE``
is dropped for them, so the warm-up run writes the caches of an editable install. CPU time (user +
system) is printed beside the wall time: it varies less on a shared machine.
``python -X importtime -m kb.cli rule 400.7`` shows what a command imports.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MTGKB = Path(sys.executable).with_name("mtgkb")
TARGET = 1.5  # define and card: within this many times rule
QUESTION = "una creatura tappata può bloccare?"
SECONDS = {"rule 400.7": 0.12, "search travolgere": 0.30, "search question": 0.6}  # cold, on a quiet machine
BARE = "python -c pass"
COMMANDS = {
    "rule 400.7": ["rule", "400.7"],
    "define voto": ["define", "voto"],
    'define "zone publique"': ["define", "zone publique"],
    "define deathtuch": ["define", "deathtuch"],
    'card "Titano Solare"': ["card", "Titano Solare"],
    'card "Custodi Squire"': ["card", "Custodi Squire"],
    'card "Titano Solre"': ["card", "Titano Solre"],
    "search travolgere": ["search", "travolgere"],
    "search question": ["search", QUESTION],
}


def command_line(name: str, kb_dir: Path) -> list[str]:
    if name == BARE:
        return [sys.executable, "-c", "pass"]
    return [str(MTGKB), *COMMANDS[name], "--kb", str(kb_dir)]


def cold(line: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one fresh run of ``line``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(line, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def measure(kb_dir: Path, runs: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds of each command (and of a bare Python start)."""
    lines = {name: command_line(name, kb_dir) for name in [BARE, *COMMANDS]}
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in lines}
    for line in lines.values():  # one warm-up each: the files are in the page cache for all alike
        cold(line, env)
    for _ in range(runs):
        for name, line in lines.items():
            times[name].append(cold(line, env))
    return {name: (statistics.median(w for w, _ in found), statistics.median(c for _, c in found))
            for name, found in times.items()}


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
        load = os.getloadavg()[0]
        medians = measure(kb_dir, args.runs)
    report(medians, args.runs)
    print(f"load average (1 min) {load:.2f} before the runs, {os.getloadavg()[0]:.2f} after")


def report(measured: dict[str, tuple[float, float]], runs: int) -> None:
    """The table (wall and CPU medians; CPU time varies less on a shared machine) and the targets."""
    medians = {name: wall for name, (wall, _) in measured.items()}
    base, bare = medians["rule 400.7"], medians[BARE]
    print(f"{'command':<26}{'median s':>10}{'x rule':>9}{'+ python s':>12}{'cpu s':>8}")
    for name, median in medians.items():
        print(f"{name:<26}{median:>10.3f}{median / base:>9.2f}{median - bare:>12.3f}{measured[name][1]:>8.3f}")
    worst = max(medians[name] / base for name in COMMANDS if name.startswith(("define", "card")))
    verdict = "within" if worst <= TARGET else "over"
    print(f"slowest define/card: {worst:.2f}x rule ({verdict} the {TARGET}x target); {runs} runs each, interleaved")
    for name, target in SECONDS.items():
        print(f"{name}: {medians[name]:.3f} s ({'within' if medians[name] <= target else 'over'} the {target} s "
              f"target for a quiet machine), {medians[name] / bare:.1f}x a bare Python start")


if __name__ == "__main__":
    main()
