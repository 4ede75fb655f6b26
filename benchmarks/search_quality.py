"""Search quality: MRR@10 and recall@5 of ``mtgkb search`` against a plain SQLite FTS5 baseline.

Builds a knowledge base from the seeds, ``../shared/corpus/mtgjson/``, the English release
of 2024-11-08 and the hand-made French excerpt of the tests (or uses ``--kb DIR``), runs
every query of ``tests/data/queries.tsv`` through both, and prints the figures per query
language and per query type. The baseline indexes the very same items (title and text) in an
FTS5 table with its default tokenizer (unicode61) and ranks with bm25(); a query is its words,
all required (FTS5's implicit AND).

    .venv/bin/python benchmarks/search_quality.py [--kb DIR] [--show-misses]
"""

from __future__ import annotations

import argparse
import fnmatch
import re
import sqlite3
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from indexer.build import collect_items  # noqa: E402
from indexer.search import QueryError, search  # noqa: E402
from kb import pipeline  # noqa: E402
from kb.corpus import embedded_files  # noqa: E402
from kb.store import KnowledgeBase  # noqa: E402

SHARED = ROOT.parent / "shared" / "corpus"
QUERIES = ROOT / "tests" / "data" / "queries.tsv"


def load_queries(path: Path = QUERIES) -> list[dict]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        query, lang, kind, expected = line.split("\t")
        rows.append({"query": query, "lang": lang, "type": kind,
                     "relevant": [e.strip() for e in expected.split(" | ") if e.strip()]})
    return rows


def is_relevant(hit_id: str, relevant: list[str]) -> bool:
    return any(fnmatch.fnmatchcase(hit_id, pattern) for pattern in relevant)


def reciprocal_rank(ranked: list[str], relevant: list[str], depth: int = 10) -> float:
    for rank, hit_id in enumerate(ranked[:depth], 1):
        if is_relevant(hit_id, relevant):
            return 1.0 / rank
    return 0.0


def recall_at(ranked: list[str], relevant: list[str], depth: int = 5) -> float:
    found = sum(1 for pattern in relevant if any(fnmatch.fnmatchcase(h, pattern) for h in ranked[:depth]))
    return found / len(relevant)


class FTS5Baseline:
    """The same items in an FTS5 table, default tokenizer, bm25 ranking."""

    def __init__(self, build_dir: Path) -> None:
        with KnowledgeBase(build_dir) as kb:
            items = collect_items(kb)
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE items USING fts5(uid UNINDEXED, title, content)")
        self.db.executemany("INSERT INTO items VALUES (?, ?, ?)", [(i.uid, i.title, i.content) for i in items])
        self.db.commit()

    def search(self, query: str, limit: int = 10) -> list[str]:
        tokens = re.findall(r"\w+", query)
        if not tokens:
            return []
        match = " ".join('"' + t.replace('"', '""') + '"' for t in tokens)
        rows = self.db.execute("SELECT uid FROM items WHERE items MATCH ? ORDER BY bm25(items) LIMIT ?",
                               (match, limit))
        return [r[0] for r in rows]


def build_kb(directory: Path) -> KnowledgeBase:
    sources = [*embedded_files("seed"), SHARED / "mtgjson", SHARED / "cr-en" / "MagicCompRules 20241108.txt",
               ROOT / "tests" / "fixtures" / "search_fr_zones.txt"]
    pipeline.build_kb(directory, sources)
    return KnowledgeBase.open(directory)


def evaluate(kb: KnowledgeBase, queries: list[dict], show_misses: bool) -> None:
    baseline = FTS5Baseline(kb.build_dir)
    scores: dict[tuple[str, str], list[tuple[float, float, float, float]]] = defaultdict(list)
    for q in queries:
        try:
            ours = [h.id for h in search(kb, q["query"], limit=10)]
        except QueryError:
            ours = []
        theirs = baseline.search(q["query"])
        row = (reciprocal_rank(ours, q["relevant"]), recall_at(ours, q["relevant"]),
               reciprocal_rank(theirs, q["relevant"]), recall_at(theirs, q["relevant"]))
        for key in (("all", "all"), ("lang", q["lang"]), ("type", q["type"])):
            scores[key].append(row)
        if show_misses and row[0] < 1.0:
            print(f"  miss ({row[0]:.2f}) {q['query']!r}: {ours[:5]}")
    print(f"{len(queries)} queries; MRR@10 and recall@5, mtgkb search vs SQLite FTS5 (default tokenizer)")
    print(f"{'group':<16}{'n':>4}{'MRR@10':>10}{'FTS5':>8}{'R@5':>8}{'FTS5':>8}")
    for group in ("all", "lang", "type"):
        for key in sorted(k for k in scores if k[0] == group):
            rows = scores[key]
            n = len(rows)
            means = [sum(r[i] for r in rows) / n for i in range(4)]
            label = key[1] if group != "all" else "overall"
            print(f"{(group + ':' + label) if group != 'all' else label:<16}{n:>4}"
                  f"{means[0]:>10.3f}{means[2]:>8.3f}{means[1]:>8.3f}{means[3]:>8.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, help="an existing knowledge base built from the same sources")
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    queries = load_queries()
    if args.kb:
        evaluate(KnowledgeBase.open(args.kb), queries, args.show_misses)
        return
    with tempfile.TemporaryDirectory() as tmp:
        evaluate(build_kb(Path(tmp)), queries, args.show_misses)


if __name__ == "__main__":
    main()
