"""Every card an MTGJSON archive names, for a knowledge base that holds fewer cards.

A knowledge base of a few set files (the embedded corpus holds five) meets questions about cards it does not
hold: *Lightning Bolt*, *Clone*, *Rest in Peace*. Without knowing those are cards, the question's card finder
reads a word of them as a part of a card it holds (*Bolt* as Twin Bolt, *Peace* as Peace Strider) and brings
that card's rules and rulings: a confident wrong answer. This module lists, as derived data committed as
``corpus/card-names.tsv``, the English name of every tournament card of an archive (cards printed only in
side sets, :data:`indexer.card_finder.SIDE_SET_TYPES`, are left out), how many of its set files print it, and
its Italian and French printed names. A build gives the card finder the cards of the list it does not hold
(:func:`indexer.card_finder.card_table`), so that such a name is read as a card not held, never as another.
It reads the set files with the knowledge base's own MTGJSON reader, so names are spelled as a build spells
them::

    python -m kb.vocabulary.card_names ../shared/corpus/mtgjson-sets-20220425.tar.xz -o corpus/card-names.tsv
"""

from __future__ import annotations

import argparse
import sys
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from .. import tsv
from ..errors import ParseError, SourceError
from .learn import file_sha256

COLUMNS = ("english", "printings", "it", "fr")  # the it and fr names each joined by NAME_SEPARATOR
NAME_SEPARATOR = " | "
FOREIGN_LANGS = ("it", "fr")


@dataclass
class KnownCard:
    """A card of the list: its English name, how many set files print it, its Italian and French names."""

    english: str
    printings: int = 0
    printed: dict[str, list[str]] = field(default_factory=dict)  # lang -> its distinct names, newest first

    def names(self) -> list[tuple[str, str]]:
        """``(lang, printed name)`` of each Italian and French name."""
        return [(lang, name) for lang in FOREIGN_LANGS for name in self.printed.get(lang, [])]


def known_cards(sources: Iterable[tuple[str, bytes]]) -> tuple[list[KnownCard], int]:
    """The tournament cards of the MTGJSON set files ``sources`` (``(path, bytes)``), sorted by English name,
    and how many set files were read (an empty member, like the archive's ``allSets.json``, is skipped)."""
    from indexer.card_finder import SIDE_SET_TYPES

    from ..parsers import parse_source
    from ..sources import source_from_bytes

    cards: dict[str, KnownCard] = {}
    side_only: set[str] = set()
    read = 0
    for path, data in sources:
        if not data.strip():
            continue
        doc = parse_source(source_from_bytes(data, path), "mtgjson")
        read += 1
        side = {row.get("code") for row in doc.meta.get("sets", []) if row.get("type") in SIDE_SET_TYPES}
        for card in doc.cards:
            if card.sets and all(code in side for code in card.sets):
                side_only.add(card.name)
                continue
            known = cards.setdefault(card.name, KnownCard(card.name))
            known.printings += 1
            for lang, name, *_ in card.foreign:
                if lang in FOREIGN_LANGS and name and name not in known.printed.setdefault(lang, []):
                    known.printed[lang].append(name)
    return sorted(cards.values(), key=lambda card: card.english), read


def set_files(path: Path) -> Iterator[tuple[str, bytes]]:
    """``(path, bytes)`` of each ``*.json`` set file of a folder, a ``.tar.xz`` archive of them, or one file."""
    if path.is_dir():
        for child in sorted(path.glob("*.json")):
            yield str(child), child.read_bytes()
    elif path.suffix == ".json":
        yield str(path), path.read_bytes()
    elif path.exists() and tarfile.is_tarfile(path):
        with tarfile.open(path, "r:*") as archive:
            for member in sorted(archive.getmembers(), key=lambda m: m.name):
                handle = archive.extractfile(member) if member.isfile() and member.name.endswith(".json") else None
                if handle is not None:
                    yield f"{path}:{member.name}", handle.read()
    else:
        raise SourceError(str(path), "not an MTGJSON set file, folder of set files or tar archive of them")


def write_known_cards(cards: list[KnownCard], path: Path, header: list[str]) -> None:
    lines = [f"# {line}" for line in header] + ["# " + "\t".join(COLUMNS)]
    lines += ["\t".join([card.english, str(card.printings)] + [NAME_SEPARATOR.join(card.printed.get(lang, []))
                                                                for lang in FOREIGN_LANGS]) for card in cards]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_known_cards(path: Path) -> list[KnownCard]:
    """The cards of a list :func:`write_known_cards` wrote (a bad line is a :class:`~kb.errors.ParseError`
    naming the file and line)."""
    cards = []
    for line, cells in tsv.rows(path, COLUMNS, optional=2):
        english, printings, *foreign = cells + [""] * (len(COLUMNS) - len(cells))
        if not english or not printings.isdigit():
            raise ParseError(str(path), "a card needs its English name and a number of printings", line)
        printed = {lang: [n.strip() for n in names.split(NAME_SEPARATOR.strip()) if n.strip()]
                   for lang, names in zip(FOREIGN_LANGS, foreign)}
        cards.append(KnownCard(english, int(printings), {lang: names for lang, names in printed.items() if names}))
    return cards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.vocabulary.card_names", description=__doc__.split("\n")[0])
    parser.add_argument("archive", type=Path, help="MTGJSON set files: a .tar.xz archive, a folder or one file")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the TSV to write")
    args = parser.parse_args(argv)
    started = time.monotonic()
    cards, read = known_cards(set_files(args.archive))
    header = [
        "mtgkb card names: every tournament card of an MTGJSON archive, with how many of its set files print it",
        "and its Italian and French printed names (derived data; see kb/vocabulary/card_names.py; read by",
        "indexer/build.py, so that the card finder reads a card the knowledge base does not hold as no card held).",
        f"archive: {args.archive.name} (sha256 {file_sha256(args.archive)[:16]}…): {read} set files, {len(cards)} "
        "cards; cards printed only in side sets (tokens, art cards, playtest, un-sets, vanguard) left out",
        "command: python -m kb.vocabulary.card_names ../shared/corpus/mtgjson-sets-20220425.tar.xz -o "
        "corpus/card-names.tsv",
    ]
    write_known_cards(cards, args.output, header)
    print(f"wrote {len(cards)} cards of {read} set files to {args.output} in {time.monotonic() - started:.0f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
