"""Learn the vocabulary table from parallel card texts and an English release.

    python -m kb.vocabulary.learn ARCHIVE --release CRFILE -o corpus/vocabulary.tsv

``ARCHIVE`` is an MTGJSON v5 archive of set files (``.tar.xz``), a folder of set files or
one set file; ``CRFILE`` an English Comprehensive Rules text. The curated core lexicon and
the manual review (``corpus/lexicon-core.tsv``, ``corpus/vocabulary-review.tsv`` by
default) are read beside the output. Nothing is read from the network. The learner prints
the keyword coverage, the disagreements with the core lexicon and the time each stage took.
"""

from __future__ import annotations

import argparse
import hashlib
import shlex
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import KBError
from .core_terms import load_core
from .assemble import Evidence, concept
from .cards import CardReport, read_cards
from .coverage import Coverage, coverage
from .model import KINDS, Concept
from .release import Seed, attach_keywords, map_core, release_seeds
from .review import apply_review, read_review
from .table import write_table

MIN_COUNTER_CARDS = 5  # an English counter kind on fewer cards is not a concept of its own


@dataclass
class Learned:
    """The learner's result and what to say about it."""

    concepts: list[Concept]
    coverage: Coverage
    cards: CardReport
    faces: int
    unknown_keywords: list[str]
    disagreements: list[str]  # learned best name against the core name, before the review
    corrections: int
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def core_overridden(self) -> list[str]:
        """Core names that are not the preferred name in the reviewed table, with what is."""
        return [f"{c.en} [{n.lang}]: core {n.text!r}, preferred {c.name(n.lang)!r} ({_reason(c, n.lang)})"
                for c in self.concepts for n in c.names if n.source.startswith("core") and n.form != "preferred"
                and not c.names_in(n.lang)[0].source.startswith("core")]


def learn(archive: Path, release: Path, core: Path | None = None, review: Path | None = None,
          progress=None) -> Learned:
    """Read, learn, merge the core lexicon, apply the review, measure coverage."""
    from ..parsers import parse_source
    from ..sources import read_source

    timings: dict[str, float] = {}
    clock = _Clock(timings, progress)
    report = CardReport()
    cards = read_cards(archive, report)
    clock.lap("read cards")
    doc = parse_source(read_source(release))
    seeds = release_seeds(doc)
    unknown = attach_keywords(seeds, {k for card in cards for k in card.keywords})
    clock.lap("read release")
    evidence = Evidence.gather(cards)
    clock.lap("gather evidence")
    seeds += counter_seeds(seeds, evidence)
    core_rows = map_core(seeds, load_core(core)) if core else {}
    concepts = [concept(seed, evidence, core_rows.get(i, ())) for i, seed in enumerate(seeds)]
    corrections = read_review(review) if review and review.exists() else []
    concepts = sorted(apply_review(concepts, corrections, str(review)), key=_order)
    clock.lap("name concepts")
    return Learned(concepts, coverage(concepts, doc), report, len(cards), unknown,
                   evidence.disagreements, len(corrections), timings)


def _reason(concept: Concept, lang: str) -> str:
    preferred = concept.names_in(lang)[0]
    return preferred.note or f"{preferred.source}, {preferred.cards} cards"


def counter_seeds(seeds: list[Seed], evidence: Evidence) -> list[Seed]:
    """A concept for every kind of counter English texts name on enough cards (``charge counter``)."""
    known = {s.key for s in seeds}
    carrying = evidence.counters["it"].carrying
    kinds = sorted(k for k, cards in carrying.items() if len(cards) >= MIN_COUNTER_CARDS)
    return [Seed("counter", f"{k} counter", ["122"]) for k in kinds if f"{k} counter" not in known]


def _order(c: Concept) -> tuple:
    numbers = [tuple(int(p) for p in r.rstrip("abcdefghijkmnpqrstuvwxyz").split(".") if p.isdigit())
               for r in c.rules[:1]]
    return KINDS.index(c.kind), not numbers, numbers, c.en.casefold()


class _Clock:
    def __init__(self, timings: dict[str, float], progress) -> None:
        self.timings, self.progress, self.start = timings, progress, time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.timings[stage] = now - self.start
        self.start = now
        if self.progress:
            self.progress(f"{stage}: {self.timings[stage]:.1f} s")


def provenance(result: Learned, archive: Path, release: Path, command: str) -> list[str]:
    """The comment lines on top of the table: sources, command, counts, coverage."""
    kinds = Counter(c.kind for c in result.concepts)
    sources = Counter(n.source.split("+")[0].split(":")[0] for c in result.concepts for n in c.names if n.lang != "en")
    named = {lang: sum(1 for c in result.concepts if c.names_in(lang)) for lang in ("it", "fr")}
    lines = [
        "mtgkb game vocabulary: the game's concepts with their English, Italian and French names.",
        "Learned from parallel card texts, merged with the curated core lexicon, reviewed by hand",
        "(corrections: corpus/vocabulary-review.tsv, each with its reason in the note column).",
        f"archive: {archive.name} (sha256 {file_sha256(archive)[:16]}…), MTGJSON {result.cards.version}, "
        f"snapshot {result.cards.date}: {result.cards.sets} set files, {result.cards.entries} card entries, "
        f"{result.faces} card faces, {result.cards.foreign.get('it', 0)} Italian and "
        f"{result.cards.foreign.get('fr', 0)} French distinct printed texts",
        f"release: {release.name} (sha256 {file_sha256(release)[:16]}…)",
        f"command: {command}",
        f"review: {result.corrections} corrections",
        "concepts: " + ", ".join(f"{k} {kinds[k]}" for k in KINDS if kinds[k]) + f"; total {len(result.concepts)}",
        f"concepts named in Italian {named['it']}, in French {named['fr']}",
        "it/fr names by source: " + ", ".join(f"{s} {n}" for s, n in sorted(sources.items())),
        *result.coverage.lines(),
        f"core lexicon names not preferred after the review: {len(result.core_overridden)}",
        *(f"  {line}" for line in result.core_overridden),
        "columns: id kind rules lang name form cards score source note. cards: distinct cards showing the name",
        "where the concept is present (English: cards carrying it); score: share of the cards showing the name",
        "that carry the concept; source: keywords/ability-word (:line heads, :text phrases), text, type-line,",
        "counters, core (corpus/lexicon-core.tsv), glossary/release (English), curated (added in review);",
        "+reviewed marks a learned name the review changed.",
    ]
    return lines


def file_sha256(path: Path) -> str:
    """A file's sha256 in hex (``folder`` for a folder of set files)."""
    if path.is_dir():
        return "folder"
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _portable(argv: list[str]) -> list[str]:
    """The command's arguments with the shared data written as the project sees it
    (``../shared/corpus/…``), wherever the learner was run from."""
    out = []
    for arg in argv:
        parts = Path(arg).parts
        if "shared" in parts and parts.index("shared") + 1 < len(parts) and parts[parts.index("shared") + 1] == "corpus":
            arg = str(Path("..", *parts[parts.index("shared"):]))
        out.append(arg)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.vocabulary.learn", description=__doc__.split("\n\n")[0])
    parser.add_argument("archive", type=Path, help="MTGJSON set files: .tar.xz archive, folder or one file")
    parser.add_argument("--release", type=Path, required=True, help="English Comprehensive Rules text file")
    parser.add_argument("-o", "--output", type=Path, required=True, help="table to write (TSV)")
    parser.add_argument("--core", type=Path, help="curated core lexicon (default: lexicon-core.tsv beside the output)")
    parser.add_argument("--review", type=Path, help="manual corrections (default: vocabulary-review.tsv beside it)")
    parser.add_argument("--no-review", action="store_true", help="write the table as learned, without the review")
    args = parser.parse_args(argv)
    core = args.core or args.output.parent / "lexicon-core.tsv"
    review = None if args.no_review else (args.review or args.output.parent / "vocabulary-review.tsv")
    start = time.perf_counter()
    try:
        result = learn(args.archive, args.release, core if core.exists() else None, review,
                       progress=lambda line: print(line, file=sys.stderr))
    except (KBError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    command = "python -m kb.vocabulary.learn " + shlex.join(_portable(argv if argv is not None else sys.argv[1:]))
    write_table(args.output, result.concepts, provenance(result, args.archive, args.release, command))
    print("\n".join(result.coverage.lines()))
    print(f"unknown keywords (not in the release): {', '.join(result.unknown_keywords) or 'none'}")
    print(f"learned names differing from the core lexicon (before the review): {len(result.disagreements)}")
    print("\n".join(f"  {line}" for line in result.disagreements))
    print(f"core lexicon names not preferred after the review: {len(result.core_overridden)}")
    print("\n".join(f"  {line}" for line in result.core_overridden))
    print(f"wrote {args.output}: {len(result.concepts)} concepts in {time.perf_counter() - start:.1f} s")
    return 0

if __name__ == "__main__":
    sys.exit(main())
