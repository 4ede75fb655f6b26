"""Search quality: mtgkb beside two SQLite FTS5 baselines over the same items (:mod:`eval.engines`).

Terms, names and rule numbers (``eval/queries.tsv``): a knowledge base of the seeds,
``../shared/corpus/mtgjson/``, the English release of 2025-11-14 and the hand-made French excerpt of
the tests (or ``--kb DIR``); MRR@10 and recall@5 per language and query type::

    .venv/bin/python benchmarks/search_quality.py [--kb DIR] [--show-misses]

Questions (``--questions``): both question sets, ``first`` (``eval/questions.tsv``) and ``table``
(``eval/table-questions.tsv``: phone-typed, long stories naming cards, mixed languages), or one
(``--set``), on a knowledge base of the embedded corpus (or ``--kb DIR``: evaluate the table set on a
knowledge base of the 580-set archive too, since a card must be known to be found); MRR@10 / top-3
/ top-10 per language, and per style for the table set, of the DEVELOPMENT half only. The test half
is scored only with ``--final``, and each such look is appended to ``eval/final-log.tsv`` with the
time, the commit, the set and the figures (commit the log). ``--record`` writes each language's
development MRR@10 of the first set to ``eval/question_figures.json``, which
``tests/test_indexer_questions.py`` holds the engine to::

    .venv/bin/python benchmarks/search_quality.py --questions [--set table] [--kb DIR] [--record] [--show-misses]
    .venv/bin/python benchmarks/search_quality.py --questions --final --note "why"   # the test halves: logged
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eval.engines import FTS5, mtgkb  # noqa: E402
from eval.qrels import (FIGURES, FINAL_LOG, LANGS, QUESTION_SETS, Figures, by_language,  # noqa: E402
                        by_style, checkout_commit, load_questions, load_queries, rank_of)
from kb import pipeline  # noqa: E402
from kb.corpus import embedded_files  # noqa: E402
from kb.store import KnowledgeBase  # noqa: E402

SHARED = ROOT.parent / "shared" / "corpus"


def terms_kb(directory: Path) -> KnowledgeBase:
    """The knowledge base the term set's header names."""
    sources = [*embedded_files("seed"), SHARED / "mtgjson", SHARED / "cr-en" / "MagicCompRules 20251114.txt",
               ROOT / "tests" / "fixtures" / "search_fr_zones.txt"]
    pipeline.build_kb(directory, sources)
    return KnowledgeBase.open(directory)


def recall_at(ranked: list[str], gold: tuple[str, ...], depth: int = 5) -> float:
    return sum(1 for g in gold if rank_of(ranked, (g,), depth)) / len(gold)


def run_terms(kb: KnowledgeBase, show_misses: bool) -> None:
    engines = {"mtgkb": mtgkb(kb), "FTS5": FTS5(kb.build_dir, honest=True, all_words=True).search,
               "FTS5 raw": FTS5(kb.build_dir, honest=False, all_words=True).search}
    scores: dict[str, dict[str, list[tuple[float, float]]]] = defaultdict(lambda: defaultdict(list))
    queries = load_queries()
    for q in queries:
        for name, run in engines.items():
            ranked = run(q.query)
            rank = rank_of(ranked, q.gold)
            row = (1 / rank if rank else 0.0, recall_at(ranked, q.gold))
            for group in ("overall", f"lang:{q.lang}", f"type:{q.kind}"):
                scores[group][name].append(row)
            if show_misses and name == "mtgkb" and row[0] < 1.0:
                print(f"  miss ({row[0]:.2f}) {q.query!r}: {ranked[:5]}")
    print(f"{len(queries)} queries; MRR@10 / recall@5 per engine")
    print(f"{'group':<16}{'n':>4}" + "".join(f"{name:>18}" for name in engines))
    for group in sorted(scores, key=lambda g: (g != "overall", g)):
        n = len(scores[group]["mtgkb"])
        cells = [f"{sum(r[0] for r in rows) / n:.3f} / {sum(r[1] for r in rows) / n:.3f}"
                 for rows in scores[group].values()]
        print(f"{group:<16}{n:>4}" + "".join(f"{c:>18}" for c in cells))


def question_engines(kb: KnowledgeBase) -> dict:
    return {"mtgkb": mtgkb(kb), "FTS5": FTS5(kb.build_dir, honest=True, kinds=frozenset({"rule"})).search,
            "FTS5 raw": FTS5(kb.build_dir, honest=False).search}


def score_half(engines: dict, name: str, half: str, show_misses: bool) -> dict[str, dict[str, Figures]]:
    """engine -> language (and style) -> figures on one half of question set ``name``, printed as a table."""
    questions = load_questions(QUESTION_SETS[name], split=half)
    result = {}
    for engine, run in engines.items():
        ranks = []
        for q in questions:
            ranked = run(q.query)
            ranks.append(rank_of(ranked, q.gold))
            if show_misses and engine == "mtgkb" and (ranks[-1] is None or ranks[-1] > 3):
                print(f"  [{half} {q.lang} {q.style}] rank {ranks[-1]}: {q.query!r} expected {list(q.gold)} got {ranked[:5]}")
        result[engine] = {**by_language(questions, ranks), **by_style(questions, ranks)}
    print(f"{name} set, {half} half, {len(questions)} questions; MRR@10 / top-3 / top-10")
    print(f"{'':<7}{'n':>4}" + "".join(f"{engine:>22}" for engine in engines))
    for group in result["mtgkb"]:
        cells = [result[engine][group].cell() for engine in engines]
        print(f"{group:<7}{result['mtgkb'][group].n:>4}" + "".join(f"{c:>22}" for c in cells))
    return result


def log_final(name: str, figures: dict[str, dict[str, Figures]], note: str) -> None:
    """Append one line per engine of set ``name``'s test-half figures to the committed log (``name``
    holds the knowledge base it was scored on)."""
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    lines = []
    for engine, by_group in figures.items():
        cells = "\t".join(f"{group} {f.mrr:.3f}/{f.top3:.2f}/{f.top10:.2f}" for group, f in by_group.items())
        lines.append(f"{stamp}\t{checkout_commit()}\t{name}\t{engine}\t{cells}\t{note}")
    with FINAL_LOG.open("a", encoding="utf-8") as log:
        log.write("\n".join(lines) + "\n")
    print(f"logged this look at the test half in {FINAL_LOG.relative_to(ROOT)} (commit it)")


def record(figures: dict[str, Figures]) -> None:
    data = {"about": "MRR@10 of the development half of eval/questions.tsv per language, on a knowledge base of "
                     "the embedded corpus, as benchmarks/search_quality.py --questions --record printed it; "
                     "tests/test_indexer_questions.py fails when a language drops more than 0.02 below it.",
            "dev": {lang: round(f.mrr, 3) for lang, f in figures.items() if lang in (*LANGS, "all")}}
    FIGURES.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"recorded the development half's MRR@10 in {FIGURES.relative_to(ROOT)}")


def run_questions(kb: KnowledgeBase, args: argparse.Namespace) -> None:
    engines = question_engines(kb)
    names = [args.set] if args.set else [n for n, path in QUESTION_SETS.items() if path.is_file()]
    for name in names:
        dev = score_half(engines, name, "dev", args.show_misses)
        if args.record and name == "first":
            record(dev["mtgkb"])
        print()
    if args.final:
        on = f"{kb.counts()['cards']} cards"  # the knowledge base: embedded corpus or the archive
        for name in names:
            log_final(f"{name} ({on})", score_half(engines, name, "test", show_misses=False), args.note)
            print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, help="an existing knowledge base built from the set's sources")
    parser.add_argument("--show-misses", action="store_true")
    parser.add_argument("--questions", action="store_true", help="the question set (development half)")
    parser.add_argument("--set", choices=sorted(QUESTION_SETS), help="with --questions: one set [default: both]")
    parser.add_argument("--final", action="store_true", help="with --questions: also the test half, logged")
    parser.add_argument("--note", default="", help="with --final: why this look (kept in the log)")
    parser.add_argument("--record", action="store_true", help="with --questions: record the dev half per language")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.kb:
            kb = KnowledgeBase.open(args.kb)
        elif args.questions:
            pipeline.build_kb(Path(tmp) / "kb", [])
            kb = KnowledgeBase.open(Path(tmp) / "kb")
        else:
            kb = terms_kb(Path(tmp) / "kb")
        if args.questions:
            run_questions(kb, args)
        else:
            run_terms(kb, args.show_misses)


if __name__ == "__main__":
    main()
