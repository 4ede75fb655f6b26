"""Card names in ruling text: which words of a ruling belong to a name rather than to the rules.

A ruling's words are read as :class:`Token` (folded word, as written, whether it starts a
sentence). :class:`CardNames` finds the spans of card names in them: every English card name
the documents hold (each face of a multi-face card too), written with a capital; the ruling's
own card, and its short name (``Gideon`` for *Gideon, Champion of Justice*), also at the start
of a sentence. :func:`capitalised_inside` gives the capitalised words inside a sentence: parts
of names the documents may not hold (rulings write keywords in lower case: "a creature with
flying"; the few keywords spelt with capitals, *the Ring tempts you*, keep them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from ..text import WORD, fold, fold_quotes

FACE_SEPARATOR = " // "
_APOSTROPHE = re.compile(r"['’]")
_SENTENCE_END = frozenset('.!?:;"([—–')


@dataclass(frozen=True, slots=True)
class Token:
    word: str  # folded, possessive cut: "Scavenger's" -> "scavenger"
    written: str
    starts_sentence: bool

    @property
    def capitalised(self) -> bool:
        return self.written[:1].isupper()


def tokens(text: str) -> list[Token]:
    """The words of an English ``text``, each with its written form and whether it opens a sentence."""
    text = fold_quotes(text)
    out = []
    last = 0
    for match in WORD.finditer(text):
        written = _APOSTROPHE.split(match.group(0), 1)[0]
        gap = text[last:match.start()].rstrip()
        out.append(Token(fold(written), written, not out or gap[-1:] in _SENTENCE_END))
        last = match.end()
    return out


def words(text: str) -> list[str]:
    """The folded words of :func:`tokens`, without the rest (cheaper, for a first look)."""
    return [_APOSTROPHE.split(w, 1)[0] for w in WORD.findall(fold(fold_quotes(text)))]


@lru_cache(maxsize=100_000)
def name_words(name: str) -> tuple[str, ...]:
    return tuple(t.word for t in tokens(name))


def short_names(card: str) -> list[str]:
    """The names a ruling may call its card by: the name, each face, the part before a comma."""
    faces = [f.strip() for f in card.split(FACE_SEPARATOR) if f.strip()]
    return [card, *faces, *(f.split(",")[0] for f in faces if "," in f)]


class CardNames:
    """Every card name of the documents, by its first word, to find names in ruling text."""

    def __init__(self, names: Iterable[str]) -> None:
        self.by_first: dict[str, set[tuple[str, ...]]] = {}
        for name in names:
            for face in {name, *name.split(FACE_SEPARATOR)}:
                self._add(name_words(face))

    def _add(self, words: tuple[str, ...]) -> None:
        if words:
            self.by_first.setdefault(words[0], set()).add(words)

    def spans(self, toks: list[Token], own_card: str | None = None) -> set[int]:
        """Positions of the tokens that belong to a card name (see the module docstring)."""
        own: dict[str, set[tuple[str, ...]]] = {}
        for name in short_names(own_card) if own_card else ():
            words = name_words(name)
            if words:
                own.setdefault(words[0], set()).add(words)
        inside: set[int] = set()
        words = [t.word for t in toks]
        for i, token in enumerate(toks):
            if not token.capitalised:
                continue
            for candidates, anywhere in ((own.get(token.word, ()), True), (self.by_first.get(token.word, ()), False)):
                for name in candidates:
                    single_at_start = len(name) == 1 and token.starts_sentence and not anywhere
                    if tuple(words[i:i + len(name)]) == name and not single_at_start:
                        inside.update(range(i, i + len(name)))
        return inside


def capitalised_inside(toks: list[Token]) -> set[int]:
    """Positions of capitalised words inside a sentence: parts of names (rulings write keywords in
    lower case), whether the documents hold the name or not."""
    return {i for i, t in enumerate(toks) if t.capitalised and not t.starts_sentence}
