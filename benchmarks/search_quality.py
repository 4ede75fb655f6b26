"""Search quality: MRR@10 and recall@5 of ``mtgkb search`` against a plain SQLite FTS5 baseline.

Builds a knowledge base from the seeds, ``../shared/corpus/mtgjson/``, the English release
of 2025-11-14 and the hand-made French excerpt of the tests (or uses ``--kb DIR``), runs
every query of ``tests/data/queries.tsv`` through both, and prints the figures per query
language and per query type. The baseline indexes the very same items (title and text) in an
FTS5 table with its default tokenizer (unicode61) and ranks with bm25(); a query is its words,
all required (FTS5's implicit AND). Its rule items are counted under the same hit ids as
mtgkb's (``rule/702.19`` for every language's version, the first one ranked counting).

    .venv/bin/python benchmarks/search_quality.py [--kb DIR] [--show-misses]

With ``--questions`` it measures the question set instead (``tests/data/questions.tsv``: 300
questions, 100 per language, split into a development and a test half): MRR@10, top-3 and
top-10 per language and per half, for SQLite FTS5 over the same items (the question's words
ORed, bm25), mtgkb with its question reading turned off (keywords, as before issue 18) and mtgkb,
over a knowledge base built from the embedded corpus (or ``--kb DIR``, one built so). Only the
development half is printed: the test half is for a final measure (``--final``), never for tuning.
``--record`` writes the development half's MRR@10 to ``tests/data/question_figures.json``, which a
test holds the engine to.

    .venv/bin/python benchmarks/search_quality.py --questions [--kb DIR] [--record] [--show-misses] [--final]
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
from kb import pipeline, tsv  # noqa: E402
from kb.corpus import embedded_files  # noqa: E402
from kb.store import KnowledgeBase  # noqa: E402

SHARED = ROOT.parent / "shared" / "corpus"
QUERIES = ROOT / "tests" / "data" / "queries.tsv"
QUESTIONS = ROOT / "tests" / "data" / "questions.tsv"
FIGURES = ROOT / "tests" / "data" / "question_figures.json"


def load_queries(path: Path = QUERIES) -> list[dict]:
    rows = []
    for _number, (query, lang, kind, expected) in tsv.rows(path, ("query", "lang", "type", "expected")):
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
    """The same items in an FTS5 table, default tokenizer, bm25 ranking; a query's words all required."""

    joiner = " "  # FTS5's implicit AND

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
        match = self.joiner.join('"' + t.replace('"', '""') + '"' for t in tokens)
        rows = self.db.execute("SELECT uid FROM items WHERE items MATCH ? ORDER BY bm25(items) LIMIT ?",
                               (match, limit * 3))
        return list(dict.fromkeys(hit_id(r[0]) for r in rows))[:limit]


def hit_id(uid: str) -> str:
    """An index item's id as a hit id: every language's version of a rule is ``rule/<number>``."""
    return re.sub(r"^rule/(?:en|it|fr)/(?=\d)", "rule/", uid).split("@")[0]


def build_kb(directory: Path) -> KnowledgeBase:
    sources = [*embedded_files("seed"), SHARED / "mtgjson", SHARED / "cr-en" / "MagicCompRules 20251114.txt",
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


def load_questions(path: Path = QUESTIONS) -> list[dict]:
    rows = []
    for _number, (query, lang, half, expected, _note) in tsv.rows(path, ("query", "lang", "half", "expected", "note")):
        rows.append({"query": query, "lang": lang, "half": half,
                     "relevant": [e.strip() for e in expected.split(" | ") if e.strip()]})
    return rows


class FTS5Questions(FTS5Baseline):
    """FTS5 with a question's words ORed (all of them required would find almost nothing)."""

    joiner = " OR "


def question_engines(plain: KnowledgeBase) -> dict:
    """name -> function(query) -> ranked hit ids, for the engines compared."""
    from indexer.searcher import Searcher

    keywords = Searcher(plain.index_dir)
    keywords._reading = lambda *args: None  # the question reading turned off: the engine before issue 18
    baseline = FTS5Questions(plain.build_dir)
    return {"FTS5": baseline.search,
            "keywords": lambda q: [h.id for h in keywords.search(q, limit=10)],
            "mtgkb": lambda q: [h.id for h in search(plain, q, limit=10)]}


def evaluate_questions(engines: dict, questions: list[dict], show_misses: bool, halves: tuple[str, ...] = ("dev",)) -> dict:
    """Print MRR@10, top-3 and top-10 per language of ``halves`` for each engine; return the figures."""
    questions = [q for q in questions if q["half"] in halves]
    rows: dict[tuple[str, str], dict[str, list[tuple[float, float, float]]]] = defaultdict(lambda: defaultdict(list))
    for q in questions:
        for name, run in engines.items():
            ranked = run(q["query"])
            rr = reciprocal_rank(ranked, q["relevant"])
            rank = round(1 / rr) if rr else None
            figures = (rr, float(rank is not None and rank <= 3), float(rank is not None))
            for key in ((q["half"], q["lang"]), (q["half"], "all")):
                rows[key][name].append(figures)
            if show_misses and name == "mtgkb" and (rank is None or rank > 3):
                print(f"  [{q['half']} {q['lang']}] rank {rank}: {q['query']!r} expected {q['relevant']} got {ranked[:5]}")
    names = list(engines)
    print(f"{len(questions)} questions; MRR@10 / top-3 / top-10 per engine")
    print(f"{'half':<6}{'lang':<6}{'n':>4}" + "".join(f"{name:>22}" for name in names))
    result: dict = {}
    for half in halves:
        for lang in ("it", "fr", "en", "all"):
            by_engine = rows.get((half, lang))
            if not by_engine:
                continue
            n = len(by_engine[names[0]])
            cells = []
            for name in names:
                figures = by_engine[name]
                mrr, top3, top10 = (sum(f[i] for f in figures) / n for i in range(3))
                cells.append(f"{mrr:.3f} / {top3:.2f} / {top10:.2f}")
                result.setdefault(half, {}).setdefault(lang, {})[name] = {"mrr@10": round(mrr, 3), "top3": round(top3, 3),
                                                                          "top10": round(top10, 3)}
            print(f"{half:<6}{lang:<6}{n:>4}" + "".join(f"{c:>22}" for c in cells))
    return result


def run_questions(record: bool, show_misses: bool, kb_dir: Path | None = None, final: bool = False) -> None:
    import json

    halves = ("dev", "test") if final else ("dev",)
    with tempfile.TemporaryDirectory() as tmp:
        plain_dir = kb_dir or Path(tmp) / "plain"
        if kb_dir is None:
            pipeline.build_kb(plain_dir, [])
        with KnowledgeBase.open(plain_dir) as plain:
            result = evaluate_questions(question_engines(plain), load_questions(), show_misses, halves)
    if record:
        data = json.loads(FIGURES.read_text(encoding="utf-8"))
        data["embedded"] = {"dev": {"mrr@10": result["dev"]["all"]["mtgkb"]["mrr@10"]}}
        FIGURES.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"recorded dev MRR@10 {data['embedded']['dev']['mrr@10']} in {FIGURES.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, help="an existing knowledge base built from the same sources")
    parser.add_argument("--show-misses", action="store_true")
    parser.add_argument("--questions", action="store_true", help="measure the question set (see above)")
    parser.add_argument("--record", action="store_true", help="with --questions: record the dev half's MRR@10")
    parser.add_argument("--final", action="store_true", help="with --questions: print the test half too (a final measure)")
    args = parser.parse_args()
    if args.questions:
        run_questions(args.record, args.show_misses, args.kb, args.final)
        return
    queries = load_queries()
    if args.kb:
        evaluate(KnowledgeBase.open(args.kb), queries, args.show_misses)
        return
    with tempfile.TemporaryDirectory() as tmp:
        evaluate(build_kb(Path(tmp)), queries, args.show_misses)


if __name__ == "__main__":
    main()
