"""Every card an MTGJSON archive names and what it is, for a knowledge base that holds fewer cards.

A knowledge base of a few set files (the embedded corpus holds five) meets questions about cards it does not
hold: *Lightning Bolt*, *Clone*, *Rest in Peace*. Without knowing those are cards, the question's card finder
reads a word of them as a part of a card it holds (*Bolt* as Twin Bolt, *Peace* as Peace Strider) and brings
that card's rules and rulings: a confident wrong answer; and a question about *Clone* misses what a Clone is.
This module lists, as derived data committed as ``corpus/card-names.tsv``, every tournament card of an archive
(cards printed only in side sets, :data:`indexer.card_finder.SIDE_SET_TYPES`, are left out): its English name,
how many of its set files print it, its Italian and French printed names, and the rules it brings to a question
(:func:`indexer.card_evidence.card_evidence` on its Oracle text, numbered as the vocabulary's release). A build
gives the card finder the cards of the list it does not hold (:func:`indexer.card_finder.card_table`): such a
card is found as a card held is and brings what it is, never its text or rulings, which the knowledge base does
not hold. The set files are read with the knowledge base's own MTGJSON reader, so names are spelled as a build
spells them. Made again whenever the card evidence changes (a test compares it with the evidence of today's code)::

    python -m indexer.known_cards ../shared/corpus/mtgjson-sets-20220425.tar.xz -o corpus/card-names.tsv
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from kb import tsv
from kb.corpus import embedded_corpus
from kb.errors import ParseError
from kb.vocabulary.card_names import FOREIGN_LANGS
from kb.vocabulary.cards import set_files
from kb.vocabulary.learn import file_sha256

COLUMNS = ("english", "printings", "it", "fr", "brings")  # it, fr: names joined by NAME_SEPARATOR; brings: JSON
NAME_SEPARATOR = " | "
KNOWN_CARDS = "card-names.tsv"  # the list, in the embedded corpus


@dataclass
class KnownCard:
    """A card of the list: its English name, how many set files print it, its Italian and French names."""

    english: str
    printings: int = 0
    printed: dict[str, list[str]] = field(default_factory=dict)  # lang -> its distinct names, newest first
    evidence: list[list[str]] = field(default_factory=list)  # [rule, reason] it brings (indexer.card_evidence)

    def names(self) -> list[tuple[str, str]]:
        """``(lang, printed name)`` of each Italian and French name."""
        return [(lang, name) for lang in FOREIGN_LANGS for name in self.printed.get(lang, [])]


def known_cards(sources: Iterable[tuple[str, bytes]]) -> tuple[list[KnownCard], int]:
    """The tournament cards of the MTGJSON set files ``sources`` (``(path, bytes)``; :func:`kb.vocabulary.card_names.
    archive_cards`), each with what it brings (:func:`evidence_of`), and how many set files were read."""
    from kb.vocabulary.card_names import archive_cards

    from .card_finder import SIDE_SET_TYPES

    cards, read = archive_cards(sources, SIDE_SET_TYPES)
    return [KnownCard(each.card.name, each.printings, each.printed, evidence_of(each.card)) for each in cards], read


def embedded_known_cards(path: Path | None = None) -> list[KnownCard]:
    """The cards of ``path`` (default: the embedded ``corpus/card-names.tsv``; none when absent); a bad line is a
    :class:`~kb.errors.ParseError` naming the file and line."""
    path = embedded_corpus() / KNOWN_CARDS if path is None else Path(path)
    key = known_cards_key(path)
    if key is None:
        return []
    if key not in _READ:  # read once per process: every build reads it
        _READ.clear()
        _READ[key] = read_known_cards(path)
    return _READ[key]


_READ: dict[tuple[str, int, int], list[KnownCard]] = {}


def known_cards_key(path: Path | None = None) -> tuple[str, int, int] | None:
    """What tells :func:`embedded_known_cards` of ``path`` apart from another reading: its path, time and size
    (None: absent)."""
    path = embedded_corpus() / KNOWN_CARDS if path is None else Path(path)
    if not path.is_file():
        return None
    stat = path.stat()
    return (str(path), stat.st_mtime_ns, stat.st_size)


def evidence_of(card) -> list[list[str]]:
    """What ``card`` (:class:`kb.model.Card`) brings to a question, numbered as the vocabulary's release, as a build
    of that release gives it (:func:`indexer.build.cards_of`)."""
    from indexer.card_evidence import card_evidence

    keywords, tokens = _release_rules()
    return card_evidence(card.type, card.text, card.keywords, card.mana_cost, keywords, card.name, tokens)


@lru_cache(maxsize=1)
def _release_rules() -> tuple[dict, dict]:
    """The keyword and token rules of the vocabulary's release, read once."""
    from indexer.card_evidence import keyword_rules, token_rules, with_cited_chapters
    from kb.curated import vocabulary_release_rules
    from kb.vocabulary import default_vocabulary

    rules = [(rule.number, rule.text) for rule in vocabulary_release_rules()]
    return with_cited_chapters(keyword_rules(default_vocabulary().concepts), rules), token_rules(rules)


def write_known_cards(cards: list[KnownCard], path: Path, header: list[str]) -> None:
    lines = [f"# {line}" for line in header] + ["# " + "\t".join(COLUMNS)]
    lines += ["\t".join([card.english, str(card.printings)] + [NAME_SEPARATOR.join(card.printed.get(lang, []))
                                                                for lang in FOREIGN_LANGS]
                         + [json.dumps(card.evidence, ensure_ascii=False, separators=(",", ":"))]) for card in cards]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_known_cards(path: Path) -> list[KnownCard]:
    """The cards of a list :func:`write_known_cards` wrote (a bad line is a :class:`~kb.errors.ParseError`
    naming the file and line)."""
    cards = []
    for line, cells in tsv.rows(path, COLUMNS, optional=3):
        english, printings, italian, french, brings = cells
        if not english or not printings.isdigit():
            raise ParseError(str(path), "a card needs its English name and a number of printings", line)
        printed = {lang: [n.strip() for n in names.split(NAME_SEPARATOR.strip()) if n.strip()]
                   for lang, names in zip(FOREIGN_LANGS, (italian, french))}
        cards.append(KnownCard(english, int(printings), {lang: names for lang, names in printed.items() if names},
                               _evidence(brings, path, line)))
    return cards


def _evidence(cell: str, path: Path, line: int) -> list[list[str]]:
    """The ``[[rule, reason], ...]`` of a ``brings`` cell (empty: none)."""
    try:
        evidence = json.loads(cell) if cell.strip() else []
    except ValueError:
        evidence = None
    if type(evidence) is not list or any(type(pair) is not list or len(pair) != 2 or type(pair[0]) is not str
                                           or type(pair[1]) is not str for pair in evidence):
        raise ParseError(str(path), "'brings' is a JSON list of [rule, reason] pairs", line)
    return evidence


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m indexer.known_cards", description=__doc__.split("\n")[0])
    parser.add_argument("archive", type=Path, help="MTGJSON set files: a .tar.xz archive, a folder or one file")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the TSV to write")
    args = parser.parse_args(argv)
    started = time.monotonic()
    cards, read = known_cards(set_files(args.archive))
    header = [
        "mtgkb card names: every tournament card of an MTGJSON archive, with how many of its set files print it,",
        "its Italian and French printed names and the rules it brings to a question (derived data; see",
        "indexer/known_cards.py; read by indexer/build.py, so that the card finder reads a card the knowledge",
        "base does not hold as what it is, never as another card).",
        f"archive: {args.archive.name} (sha256 {file_sha256(args.archive)[:16]}…): {read} set files, {len(cards)} "
        "cards; cards printed only in side sets (tokens, art cards, playtest, un-sets, vanguard) left out",
        "command: python -m indexer.known_cards ../shared/corpus/mtgjson-sets-20220425.tar.xz -o "
        "corpus/card-names.tsv",
    ]
    write_known_cards(cards, args.output, header)
    print(f"wrote {len(cards)} cards of {read} set files to {args.output} in {time.monotonic() - started:.0f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
