"""Search speed and size on the scale corpus, side by side with SQLite FTS5 on the same items.

Scale corpus: the 2025-11-14 English release, the embedded seeds and the 580 MTGJSON set
files of ``../shared/corpus/mtgjson-sets-20220425.tar.xz`` (unpacked to a temporary folder).
Prints: full ``mtgkb build`` time and peak memory, index-only build time, index size,
warm latency p50/p95 over the 208 queries of the quality set (game terms in three languages,
typos, names, numbers) and over those plus 80 card names and 40 rule numbers, cold
``mtgkb search`` and ``mtgkb rule`` wall time (fresh processes, median of 5) — and for FTS5:
build time, size, p50/p95 — with the machine's load average before and after. Questions: warm
p50/p95 over the questions of each set, ``eval/questions.tsv`` and ``eval/table-questions.tsv`` (long
stories naming cards, phone-typed jargon; FTS5: their words ORed), again with CPython's default
garbage collector (``kb.collector``'s baseline), and a cold ``mtgkb search`` of a short question and of a
story naming cards.

    .venv/bin/python benchmarks/search_speed.py [--sets N] [--keep DIR]
    .venv/bin/python benchmarks/search_speed.py --kb DIR   # an archive KB already built: no build timed

With ``--kb`` the knowledge base given (built, say, by ``mtgkb build --kb DIR --corpus corpus/ --corpus
<the 580 set files>``) is measured as it is: the build's lines are left out, the rest is the same.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from eval.engines import FTS5  # noqa: E402
from eval.qrels import QUESTION_SETS, load_questions, load_queries  # noqa: E402

from indexer import windows  # noqa: E402
from indexer.build import build_index, collect_items  # noqa: E402
from indexer.search import QueryError, Searcher  # noqa: E402
from kb.collector import tune_collector  # noqa: E402
from kb.corpus import embedded_files  # noqa: E402
from kb.store import KnowledgeBase, current_build  # noqa: E402

SHARED = ROOT.parent / "shared" / "corpus"
ARCHIVE = SHARED / "mtgjson-sets-20220425.tar.xz"
RELEASE = SHARED / "cr-en" / "MagicCompRules 20251114.txt"
MTGKB = Path(sys.executable).with_name("mtgkb")


def unpack_sets(target: Path, limit: int | None) -> int:
    count = 0
    with tarfile.open(ARCHIVE) as archive:
        for member in archive:
            if not member.isfile() or not member.name.endswith(".json") or member.name.endswith("allSets.json"):
                continue
            member.name = Path(member.name).name
            archive.extract(member, target, filter="data")
            count += 1
            if limit and count >= limit:
                break
    return count


def timed_build(kb_dir: Path, sources: list[Path]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of ``mtgkb build`` in a fresh process (no ``--force``: the archive's
    30 set files of tokens or art cards only are notes of the build's report, not problems)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    args = [str(MTGKB), "build", "--kb", str(kb_dir)] + [a for s in sources for a in ("--corpus", str(s))]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    return wall, peak


def size_mb(path: Path) -> float:
    if path.is_file():
        return path.stat().st_size / 1e6
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


def mixed_queries(build_dir: Path) -> tuple[list[str], list[str]]:
    """The quality set's queries, and 80 card names and 40 rule numbers from the knowledge base."""
    queries = [q.query for q in load_queries()]
    db = sqlite3.connect(f"file:{build_dir / 'kb.sqlite'}?mode=ro", uri=True)
    names = [r[0] for r in db.execute("SELECT DISTINCT name FROM cards ORDER BY name")]
    numbers = [r[0] for r in db.execute("SELECT number FROM rules WHERE kind = 'subrule' ORDER BY sort_key")]
    db.close()
    step_n, step_r = max(1, len(names) // 80), max(1, len(numbers) // 40)
    return queries, names[::step_n][:80] + [f"rule {n}" for n in numbers[::step_r][:40]]


# Queries outside the measured sets that load what a searcher loads once (the vocabulary, the
# index's words for typos, the filters; for questions the language identifier, the question
# documents, the word tables and the lemmatiser's dictionaries): the measured queries then run warm,
# each seen once.
WARM_UP = ["graveyrad", "sacrifier", "sacrificare", "rule 100.1", "Llanowar Elves", "flying lang:it",
           "se il mio avversario rigenera la creatura sacrificata, torna indietro?",
           "si mon adversaire régénère la créature sacrifiée, revient-elle ?",
           "if my opponent regenerates the sacrificed creature, does it come back?"]


def latencies(run, queries: list[str]) -> list[float]:
    """Milliseconds per query, each query run once, after the warm-up queries."""
    for q in WARM_UP:
        run(q)
    times = []
    for q in queries:
        start = time.perf_counter()
        run(q)
        times.append((time.perf_counter() - start) * 1000)
    return times


def bounded_agreement(searcher, queries: list[str]) -> tuple[int, int]:
    """For how many queries the first 10 hits equal (in order; as a set) those of an unbounded read."""
    def first_ten(q: str) -> list[str]:
        try:
            return [h.id for h in searcher.search(q, limit=10)]
        except QueryError:
            return []

    bounded = [first_ten(q) for q in queries]
    saved = windows.READ_BOUND, windows.READ_PER_HIT
    windows.READ_BOUND, windows.READ_PER_HIT = 10 ** 9, 10 ** 9
    try:
        exact = [first_ten(q) for q in queries]
    finally:
        windows.READ_BOUND, windows.READ_PER_HIT = saved
    same = sum(a == b for a, b in zip(bounded, exact))
    return same, sum(a != b and set(a) == set(b) for a, b in zip(bounded, exact))


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def cold(args: list[str], env: dict, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# a long question naming cards, written for this benchmark (not one of the evaluation's)
STORY = ("Yesterday at my local store my opponent had Pithing Needle naming Jace, the Mind Sculptor and I "
         "still wanted to use its +2 on my turn. The judge said no. Can I activate loyalty abilities at all?")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=None, help="only the first N set files (default: all)")
    parser.add_argument("--keep", type=Path, help="keep the knowledge base in this folder")
    parser.add_argument("--kb", type=Path, help="measure this knowledge base as it is (no build, no unpacking)")
    args = parser.parse_args()
    tune_collector()  # as the mtgkb command and each web worker do
    work = Path(tempfile.mkdtemp(prefix="mtgkb-speed-"))
    try:
        print(f"load average before the build: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
        count = wall = peak = index_seconds = None
        if args.kb:
            kb_dir = args.kb
            build_dir = current_build(kb_dir)
        else:
            sets_dir = work / "sets"
            sets_dir.mkdir()
            count = unpack_sets(sets_dir, args.sets)
            kb_dir = args.keep or work / "kb"
            wall, peak = timed_build(kb_dir, [*embedded_files("seed"), RELEASE, sets_dir])
            build_dir = current_build(kb_dir)
            # index alone, again, from the same database
            again = work / "reindex"
            again.mkdir()
            shutil.copy(build_dir / "kb.sqlite", again / "kb.sqlite")
            start = time.perf_counter()
            build_index(again)
            index_seconds = time.perf_counter() - start
        index_dir = build_dir / "index"

        with KnowledgeBase(build_dir) as kb:
            items = len(collect_items(kb))
        start = time.perf_counter()
        fts = FTS5(build_dir, honest=False, all_words=True)
        fts_seconds = time.perf_counter() - start
        fts_file = work / "fts.sqlite"
        fts.db.execute(f"VACUUM INTO '{fts_file}'")

        quality, extra = mixed_queries(build_dir)
        searcher = Searcher(index_dir)

        def ours(q: str) -> None:
            try:
                searcher.search(q, limit=10)
            except QueryError:
                pass

        ours_ms = latencies(ours, quality + extra)
        fts_ms = latencies(lambda q: fts.search(q, 10), quality + extra)
        ours_q, fts_q = ours_ms[:len(quality)], fts_ms[:len(quality)]

        same, same_set = bounded_agreement(searcher, quality)

        fts_questions = FTS5(build_dir, honest=False)
        question_sets = {name: [q.query for q in load_questions(path, split=None)]
                         for name, path in QUESTION_SETS.items() if path.is_file()}
        question_ms = {name: (latencies(ours, questions), latencies(lambda q: fts_questions.search(q, 10), questions))
                       for name, questions in question_sets.items()}
        default_collector = gc.get_threshold()
        gc.set_threshold(700, 10, 10)  # CPython's own thresholds, the baseline of kb.collector
        untuned_ms = {name: latencies(ours, questions) for name, questions in question_sets.items()}
        gc.set_threshold(*default_collector)

        # as a user's install: the modules' bytecode written once, not compiled again at every cold start
        env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "MTGKB_HOME": str(kb_dir)}
        cold_search = cold([str(MTGKB), "search", "zone publique"], env)
        cold_rule = cold([str(MTGKB), "rule", "400.7"], env)
        cold_question = cold([str(MTGKB), "search", "una creatura tappata può bloccare?"], env)
        cold_story = cold([str(MTGKB), "search", STORY], env)
        # misspelt words go through the corrections (a word's languages, the players' words one edit away)
        cold_typos = cold([str(MTGKB), "search", "can i targt my own creatur with hexprof?"], env)

        if args.kb:
            print(f"knowledge base {kb_dir} (not built here) -> {items} indexed items")
        else:
            print(f"scale corpus: 2025-11-14 release + seeds + {count} MTGJSON set files -> {items} indexed items")
        print(f"{'':<34}{'mtgkb (whoosh)':>16}{'SQLite FTS5':>14}")
        if not args.kb:
            print(f"{'full mtgkb build (parse+store+index)':<34}{wall:>15.1f}s{'':>14}")
            print(f"{'peak memory of the build':<34}{peak:>14.0f}MB{'':>14}")
            print(f"{'index build from kb.sqlite':<34}{index_seconds:>15.1f}s{fts_seconds:>13.1f}s")
        else:
            print(f"{'FTS5 index build from kb.sqlite':<34}{'':>16}{fts_seconds:>13.1f}s")
        print(f"{'index size':<34}{size_mb(index_dir):>14.1f}MB{size_mb(fts_file):>12.1f}MB")
        print(f"{f'warm p50, {len(quality)} quality queries':<34}{pct(ours_q, 50):>14.1f}ms{pct(fts_q, 50):>12.2f}ms")
        print(f"{'warm p95, the same':<34}{pct(ours_q, 95):>14.1f}ms{pct(fts_q, 95):>12.2f}ms")
        print(f"{'warm p99 and max, the same':<34}{pct(ours_q, 99):>9.1f}/{max(ours_q):.0f}ms"
              f"{pct(fts_q, 99):>7.2f}/{max(fts_q):.1f}ms")
        print(f"{f'warm p50, + {len(extra)} names and numbers':<34}{pct(ours_ms, 50):>14.1f}ms{pct(fts_ms, 50):>12.2f}ms")
        print(f"{'warm p95, the same':<34}{pct(ours_ms, 95):>14.1f}ms{pct(fts_ms, 95):>12.2f}ms")
        print(f"{'cold mtgkb search (median of 5)':<34}{cold_search:>15.2f}s")
        print(f"{'cold mtgkb rule 400.7 (median of 5)':<34}{cold_rule:>15.2f}s")
        for name, (values, fts_values) in question_ms.items():
            print(f"{f'warm p50 / p95, {len(values)} questions, {name} set':<50}{pct(values, 50):>7.1f} / "
                  f"{pct(values, 95):.1f}ms   FTS5 (words ORed) {pct(fts_values, 50):.2f} / "
                  f"{pct(fts_values, 95):.2f}ms")
            print(f"{'  the same, CPython default collector':<50}{pct(untuned_ms[name], 50):>7.1f} / "
                  f"{pct(untuned_ms[name], 95):.1f}ms")
        print(f"{'cold mtgkb search of a question (median of 5)':<50}{cold_question:>7.2f}s")
        print(f"{'cold mtgkb search of a story naming cards (median of 5)':<50}{cold_story:>7.2f}s")
        print(f"{'cold mtgkb search of a question with typos (median of 5)':<50}{cold_typos:>7.2f}s")
        print(f"bounded reading of rulings and cards: the first 10 hits equal an unbounded read's for "
              f"{same} of {len(quality)} quality queries (the same 10 in another order: {same_set})")
        load = os.getloadavg()
        print("targets: build <= 120 s, warm p95 <= 25 ms, cold search <= 0.4 s, cold rule < 0.25 s; "
              "questions: warm p95 <= 150 ms, cold <= 0.6 s")
        print(f"load average at the end (1, 5, 15 min): {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
