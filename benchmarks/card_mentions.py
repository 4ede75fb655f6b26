"""Card recognition: the cards mtgkb finds in players' sentences (:mod:`indexer.card_finder`) beside a
plain whole-name scan, on the card-mention set (:mod:`eval.card_mentions`), per language and per way
of naming a card. Each cell is *sentences read exactly right / recall / precision* of the cards found.

    .venv/bin/python benchmarks/card_mentions.py --kb DIR [--show-misses]
    .venv/bin/python benchmarks/card_mentions.py --kb DIR --final --note "why"   # the test half: logged

``DIR`` is a knowledge base built with the 580-set archive (its cards must be held to be found), e.g.
``mtgkb build --kb DIR --corpus corpus/ --corpus <the archive's set files>``. The development half only,
unless ``--final``: then the test half too, each look appended to ``eval/final-log.tsv`` (commit it).

The baseline is the best plain scan: every printed name (English, Italian, French), case, accents and
punctuation folded, found as whole words, longest first and without overlap; a name of one word only
when typed with a capital inside a sentence (a lower-case *fog* or *shock* is a word).
"""

from __future__ import annotations

import argparse
import re
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.card_finder import finder_of  # noqa: E402
from eval.card_mentions import KINDS, Figures, Finding, findings, load_mentions  # noqa: E402
from eval.qrels import FINAL_LOG, LANGS, checkout_commit  # noqa: E402
from indexer.card_finder import CardFinder, distinct, tokens  # noqa: E402

Find = Callable[[str], list[str]]


def mtgkb(finder: CardFinder) -> Find:
    return lambda text: [card.name for card in distinct(finder.find(text))]


def whole_names(finder: CardFinder) -> Find:
    """The baseline of the module docstring, over the same table of names."""
    by_key: dict[str, str] = {}
    for at, key in enumerate(finder.name_keys):
        by_key.setdefault(key, finder.card_names[finder.name_cards[at]])
    longest = finder.longest

    def find(text: str) -> list[str]:
        words, found, at = tokens(text), [], 0
        while at < len(words):
            for size in range(min(longest, len(words) - at), 0, -1):
                card = by_key.get(" ".join(w.key for w in words[at:at + size]))
                if card and (size > 1 or (words[at].capital and not words[at].first)):
                    found.append(card)
                    at += size
                    break
            else:
                at += 1
        return found

    return find


def table(results: dict[str, list[Finding]]) -> dict[str, dict[str, Figures]]:
    """Per engine, the figures per language, per kind and for all."""
    figures: dict[str, dict[str, Figures]] = {}
    for engine, found in results.items():
        groups = {lang: [f for f in found if f.mention.lang == lang] for lang in LANGS}
        groups |= {kind: [f for f in found if f.mention.kind == kind] for kind in KINDS}
        groups["all"] = found
        figures[engine] = {name: Figures.of(group) for name, group in groups.items() if group}
    return figures


def show(title: str, figures: dict[str, dict[str, Figures]]) -> None:
    engines = list(figures)
    print(f"\n{title}: sentences right / recall / precision")
    print(f"{'':<20}{'n':>4}" + "".join(f"{e:>24}" for e in engines))
    for group, first in figures[engines[0]].items():
        print(f"{group:<20}{first.n:>4}" + "".join(f"{figures[e][group].cell():>24}" for e in engines))


def misses(found: list[Finding]) -> None:
    for f in found:
        if not f.right:
            m = f.mention
            print(f"  {m.lang} {m.kind:<18} wanted {list(m.cards)} found {list(f.found)}: {m.sentence}")


def log_final(figures: dict[str, dict[str, Figures]], note: str) -> None:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    with FINAL_LOG.open("a", encoding="utf-8") as log:
        for engine, groups in figures.items():
            cells = "\t".join(f"{name} {f.right:.2f}/{f.recall:.2f}/{f.precision:.2f}" for name, f in groups.items())
            log.write(f"{stamp}\t{checkout_commit()}\tcard mentions\t{engine}\t{cells}\t{note}\n")
    print(f"logged this look at the test half in {FINAL_LOG.relative_to(ROOT)} (commit it)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, required=True, help="a knowledge base built with the 580-set archive")
    parser.add_argument("--show-misses", action="store_true")
    parser.add_argument("--final", action="store_true", help="also the test half, logged")
    parser.add_argument("--note", default="", help="with --final: why this look (kept in the log)")
    args = parser.parse_args()
    if args.final and not args.note:
        parser.error("--final needs --note: say why you look at the test half")
    finder, _load = finder_of(args.kb)
    engines = {"mtgkb": mtgkb(finder), "whole names": whole_names(finder)}
    for half in ("dev", "test") if args.final else ("dev",):
        results = {name: findings(find, load_mentions(split=half)) for name, find in engines.items()}
        figures = table(results)
        show(f"{half} half", figures)
        if args.show_misses and half == "dev":
            misses(results["mtgkb"])
        if half == "test":
            log_final(figures, args.note)


if __name__ == "__main__":
    main()
