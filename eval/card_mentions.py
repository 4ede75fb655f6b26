"""The card-mention set: sentences as players type them, each with the cards it names (issue 31, point 1).

``eval/card-mentions.tsv`` holds 237 sentences, 80 per language but three (see its header), written by a
helper session that had seen neither the code nor the other sets, from the printed names of the 580-set
archive. Each names its cards in one way (``kind``): the printed name of its language (``exact``), typed
loosely (``loose``: no accents, apostrophes or capitals), an English name in an Italian or French sentence
(``english-in-foreign``), a part players use (``part``: Thalia, Goyf), a name misremembered
(``misremembered``: a word wrong, dropped or added), one or two letters off (``typo``), or no card at all
among words that are card names too (``none``: Fog as a word, Bob as a person). Its ``half`` splits it by
card (:func:`deal`): sentences sharing a card are on one side; ``test`` is read only by
``benchmarks/card_mentions.py --final``, each look logged in ``eval/final-log.tsv``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from eval.split import groups_sharing
from kb import tsv

MENTIONS = Path(__file__).resolve().parent / "card-mentions.tsv"
COLUMNS = ("lang", "sentence", "cards", "kind", "half")
KINDS = ("exact", "loose", "english-in-foreign", "part", "misremembered", "typo", "none")
SEED = 20261205  # the day of the split


@dataclass(frozen=True)
class Mention:
    lang: str
    sentence: str
    cards: tuple[str, ...]  # the English names of the cards it names (none: empty)
    kind: str
    half: str
    line: int


def load_mentions(path: Path = MENTIONS, split: str | None = "dev") -> list[Mention]:
    """The set's sentences of half ``split`` (None: both)."""
    found = []
    for line, (lang, sentence, cards, kind, half) in tsv.rows(path, COLUMNS):
        if split is None or half == split:
            found.append(Mention(lang, sentence, tuple(c.strip() for c in cards.split(" | ") if c.strip()),
                                 kind, half, line))
    return found


def deal(rows: Sequence[tuple[str, tuple[str, ...]]], seed: int = SEED) -> list[str]:
    """``dev`` or ``test`` for each ``(lang, cards)`` row: rows sharing a card form one group (connected
    components), whole groups go in a seeded order to the half with fewer rows of their languages."""
    order = groups_sharing([cards for _lang, cards in rows])
    random.Random(seed).shuffle(order)
    counts = {"dev": Counter(), "test": Counter()}
    half = [""] * len(rows)
    for group in order:
        langs = Counter(rows[i][0] for i in group)
        side = min(("dev", "test"), key=lambda h: (sum(counts[h][lang] for lang in langs), h != "dev"))
        for i in group:
            half[i] = side
        counts[side].update(langs)
    return half


@dataclass(frozen=True)
class Finding:
    """How one sentence was read: the cards found, and whether that is exactly the cards it names."""

    mention: Mention
    found: tuple[str, ...]

    @property
    def right(self) -> bool:
        return set(self.found) == set(self.mention.cards)


def findings(find: Callable[[str], Iterable[str]], mentions: Sequence[Mention]) -> list[Finding]:
    """Each sentence as ``find`` (a sentence -> the English names of the cards found) reads it."""
    return [Finding(m, tuple(dict.fromkeys(find(m.sentence)))) for m in mentions]


@dataclass(frozen=True)
class Figures:
    """Sentences read exactly right; recall and precision of the cards found."""

    n: int
    right: float
    recall: float
    precision: float

    @classmethod
    def of(cls, found: Sequence[Finding]) -> "Figures":
        wanted = sum(len(f.mention.cards) for f in found)
        got = sum(len(f.found) for f in found)
        hit = sum(len(set(f.found) & set(f.mention.cards)) for f in found)
        return cls(len(found), sum(f.right for f in found) / len(found) if found else 0.0,
                   hit / wanted if wanted else 1.0, hit / got if got else 1.0)

    def cell(self) -> str:
        return f"{self.right:.2f} / {self.recall:.2f} / {self.precision:.2f}"
