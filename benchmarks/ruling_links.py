"""Ruling -> rule links: precision and recall against a hand-labelled sample, new method beside the old.

The sample, ``tests/data/ruling_links_gold.tsv``, was drawn by ``--draw`` with a fixed seed from a
knowledge base of the seeds, the five MTGJSON set files and ``MagicCompRules 20251114.txt``: the
candidate links are every keyword link the old method (word stems, before issue 12) or the new one
(:mod:`kb.align.links`) makes, and every keyword an English ruling's card carries in MTGJSON that
neither links; one row per distinct ruling text and rule, drawn per stratum (made by both, only by
the new method, only by the old one, card keyword only), then labelled by hand: would a judge
reading the rule want this ruling under it? Rows marked ``listed`` are the wrong links issue 12
names, added to the random draw.

    .venv/bin/python benchmarks/ruling_links.py            # scores, new and old method
    .venv/bin/python benchmarks/ruling_links.py --draw     # the unlabelled candidate rows (seed 12)
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

from kb.align import reference_document
from kb.align.eval import GoldLink, link_scores, read_link_gold
from kb.align.keywords import GENERIC_ACTIONS
from kb.align.lexicon import content_stems
from kb.align.links import CONFIDENCE, RulingLinker, english_rulings
from kb.align.rules import rule_name
from kb.ingest import ingest
from kb.model import Document, Ruling
from kb.text import fold, match_key, normalise_space

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "corpus"
SOURCES = [ROOT / "corpus", SHARED / "mtgjson", SHARED / "cr-en" / "MagicCompRules 20251114.txt"]
GOLD = ROOT / "tests" / "data" / "ruling_links_gold.tsv"
SEED = 12
PER_STRATUM = {"both": 50, "new": 40, "old": 40, "card": 45}
# The wrong links issue 12 lists, by rule title and a word of the card's name.
LISTED = [("Planeswalk", "Gideon"), ("Conspire", "Conspiracy"), ("Conspire", ""), ("Bloodthirst", "Bloodthirsty"),
          ("Poisonous", ""), ("Explore", "Explorer"), ("Incubate", "Incubation"), ("Assemble", "Mishra"),
          ("Scavenge", "Scavenger"), ("Infect", "Infectious")]


# -- the old method (word stems; kb/align/links.py before issue 12), kept as the baseline -------------

OLD_GENERIC = {"cast", "play", "activate", "attach", "counter", "create", "destroy", "discard", "draw", "exile",
               "reveal", "sacrifice", "search", "shuffle", "tap", "untap", "double", "exchange", "fight",
               "transform", "turn", "copy"}


def old_links(docs: list[Document], ref: Document) -> dict[tuple[str, str | None], set[str]]:
    """(ruling key, card) -> rule numbers the stem method linked by keyword title."""
    titles = []
    for rule in ref.rules:
        name = rule_name(rule)
        if rule.kind == "rule" and name and rule.number.split(".")[0] in ("701", "702") and fold(name) not in OLD_GENERIC:
            stems = content_stems(name, "en")
            if stems:
                titles.append((stems, rule.number))
    card_text = {c.name: set(content_stems(c.text, "en")) for d in docs for c in d.cards if c.text}
    out: dict[tuple[str, str | None], set[str]] = defaultdict(set)
    for _, _, ruling in english_rulings(docs):
        stems = content_stems(ruling.text, "en")
        for title, number in titles:
            n = len(title)
            if not any(stems[i:i + n] == title for i in range(len(stems) - n + 1)):
                continue
            if ruling.card and not set(title) <= card_text.get(ruling.card, set(title)):
                continue
            out[(match_key(ruling.text), ruling.card)].add(number)
    return out


# -- candidates and the draw -------------------------------------------------------------------


def new_links(linker: RulingLinker, ruling: Ruling) -> dict[str, str]:
    """rule number -> method of the new method's keyword links for ``ruling``."""
    return {number: method for number, method, _ in linker.links(ruling) if method != "cites"}


def candidates(docs: list[Document], ref: Document, linker: RulingLinker) -> dict[str, list[dict]]:
    """Candidate rows by stratum, one per distinct ruling text and rule (first card in source order)."""
    old = old_links(docs, ref)
    titles = {r.number: rule_name(r) or "" for r in ref.rules}
    seen: set[tuple[str, str]] = set()
    strata: dict[str, list[dict]] = defaultdict(list)
    for _, _, ruling in english_rulings(docs):
        key = match_key(ruling.text)
        new = new_links(linker, ruling)
        olds = old.get((key, ruling.card), set())
        carried = linker.card_keywords.get(ruling.card or "", set())
        for number in sorted(set(new) | olds | carried):
            if (key, number) in seen or fold(titles.get(number, "")) in GENERIC_ACTIONS:
                continue
            seen.add((key, number))
            stratum = ("both" if number in new and number in olds else "new" if number in new
                       else "old" if number in olds else "card")
            strata[stratum].append({"rule": number, "title": titles.get(number, ""), "card": ruling.card or "-",
                                    "ruling": normalise_space(ruling.text), "stratum": stratum})
    return strata


def draw(docs: list[Document], ref: Document, linker: RulingLinker) -> list[dict]:
    strata = candidates(docs, ref, linker)
    rng = random.Random(SEED)
    rows = []
    for stratum, count in PER_STRATUM.items():
        pool = strata.get(stratum, [])
        rows += rng.sample(pool, min(count, len(pool)))
    drawn = {(r["ruling"], r["rule"]) for r in rows}
    for title, word in LISTED:
        for row in sorted((r for s in strata.values() for r in s), key=lambda r: r["ruling"]):
            if row["title"] == title and word in row["card"] + " " + row["ruling"] and (row["ruling"], row["rule"]) not in drawn:
                rows.append({**row, "stratum": "listed"})
                drawn.add((row["ruling"], row["rule"]))
                break
    return rows


# -- scoring -----------------------------------------------------------------------------------


def predictions(gold: list[GoldLink], docs: list[Document], ref: Document, linker: RulingLinker) -> dict[str, set[int]]:
    """For each method, the indexes of the gold rows it links."""
    old = old_links(docs, ref)
    out: dict[str, set[int]] = {"new": set(), "old": set()}
    by_method: dict[str, set[int]] = defaultdict(set)
    for i, row in enumerate(gold):
        card = None if row.card == "-" else row.card
        new = new_links(linker, Ruling(row.ruling, card=card))
        if row.rule in new:
            out["new"].add(i)
            by_method[new[row.rule]].add(i)
        if row.rule in old.get((match_key(row.ruling), card), set()):
            out["old"].add(i)
    return {**out, **{f"new:{m}": s for m, s in by_method.items()}}


def report(gold: list[GoldLink], predicted: dict[str, set[int]]) -> None:
    yes = sum(1 for g in gold if g.correct)
    print(f"Ruling -> rule links against {GOLD.relative_to(ROOT)}: {len(gold)} labelled candidates, {yes} correct")
    print(f"{'method':22} {'linked':>6} {'correct':>7} {'precision':>9} {'recall':>7}   confidence: used / estimated")
    for name, found in predicted.items():
        s = link_scores(gold, found)
        method = name.partition(":")[2]
        estimate = (f"   {CONFIDENCE[method]:.2f} / {(s['correct'] + 1) / (s['linked'] + 2):.2f}" if method else "")
        print(f"{name:22} {s['linked']:6} {s['correct']:7} {s['precision']:9.3f} {s['recall']:7.3f}{estimate}")
    print("target: precision 1.0 for the new method")
    for name in ("new", "old"):
        wrong = [g for i, g in enumerate(gold) if i in predicted[name] and not g.correct]
        print(f"\n{name}: {len(wrong)} wrong links in the sample")
        for g in wrong[:12]:
            print(f"  {g.rule} {g.card}: {g.ruling[:90]} ({g.reason})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draw", action="store_true", help="print the unlabelled candidate rows (TSV)")
    args = parser.parse_args(argv)
    docs = ingest(SOURCES).documents
    ref = reference_document(docs)
    assert ref is not None
    linker = RulingLinker(docs, ref)
    if args.draw:
        for row in draw(docs, ref, linker):
            print("\t".join([row["stratum"], row["rule"], row["title"], row["card"], "", "", row["ruling"]]))
        return 0
    gold = read_link_gold(GOLD)
    report(gold, predictions(gold, docs, ref, linker))
    return 0


if __name__ == "__main__":
    sys.exit(main())
