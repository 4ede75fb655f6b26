"""Finding concepts by name: :class:`Vocabulary` over the records of the table.

Names are compared as :func:`name_key`: folded with :func:`kb.text.fold` (case, accents,
ligatures, apostrophes), quotes and punctuation dropped, hyphens read as spaces, elided
articles cut from every word (``l'esilio`` → ``esilio``). Plurals and inflections match
where the table lists them as variants (``zone pubbliche``, ``profetizza``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from ..text import ALL_ELISIONS, ELISIONS, WORD, fold, fold_quotes, strip_elision
from .model import FORMS, Concept, Name
from .table import default_table_path, read_table

MAX_PHRASE_WORDS = 7
_DASHES = re.compile(r"(?<![\s/])[-‐‑–](?![\d/])|[‐‑–]")
# A power/toughness pair stays one word, signs kept: "+1/+1" and "-1/-1" are different counters.
_TOKEN = re.compile(r"[+-]?[\dx]+/[+-]?[\dx]+|" + WORD.pattern)
Outline = tuple[str, tuple[str, ...], Sequence[tuple[str, str]]]  # a concept's id, rules, (text, lang) of its names


def name_key(text: str, lang: str | None = None) -> str:
    """``text`` reduced for matching names: ``L’Esilio`` → ``esilio``, ``Anti-malocchio`` → ``anti malocchio``."""
    return " ".join(_key_words(text, lang))


def _key_words(text: str, lang: str | None) -> list[str]:
    elisions = ELISIONS.get(lang, ALL_ELISIONS) if lang else ALL_ELISIONS
    folded = _DASHES.sub(" ", fold(fold_quotes(text)))
    return [w for w in (strip_elision(token, elisions)[0] for token in _TOKEN.findall(folded)) if w]


@dataclass(frozen=True, slots=True)
class Match:
    """A concept found by one of its names."""

    concept: Concept
    name: Name


@dataclass(frozen=True, slots=True)
class Spot:
    """A phrase of a text naming concepts: word positions ``[start, end)`` and the matches."""

    start: int
    end: int
    phrase: str
    matches: tuple[Match, ...]


class Vocabulary:
    """The game's vocabulary in English, Italian and French, searchable by any name.

    Its indexes hold concept positions; a concept is made when first asked for (:meth:`outlined`), so
    finding a few names by their keys makes only their concepts, and :attr:`concepts` makes them all."""

    def __init__(self, concepts: Iterable[Concept], keys: Iterable[str] | None = None) -> None:
        """``keys``: the :func:`name_key` of every name in order, when saved (computed when None)."""
        made = tuple(concepts)
        self._index([(c.id, c.rules, [(n.text, n.lang) for n in c.names]) for c in made], made.__getitem__, keys)

    @classmethod
    def outlined(cls, outlines: Sequence[Outline], make: Callable[[int], Concept],
                 keys: Iterable[str] | None = None) -> "Vocabulary":
        """A vocabulary of ``outlines`` (each concept's id, rules and ``(text, lang)`` of its names, in
        order) whose concept at position ``i`` is ``make(i)``, made when first needed."""
        vocabulary = cls.__new__(cls)
        vocabulary._index(outlines, make, keys)
        return vocabulary

    def _index(self, outlines: Sequence[Outline], make: Callable[[int], Concept], keys: Iterable[str] | None) -> None:
        self._outlines = outlines
        self._make = make
        self._made: dict[int, Concept] = {}
        self._all: tuple[Concept, ...] | None = None
        self._by_id: dict[str, int] = {}
        self._by_key: dict[str, list[tuple[int, int]]] = {}  # key -> (concept, name) positions, a concept once
        self._by_rule: dict[str, list[int]] = {}
        self._name_keys = (list(keys) if keys is not None
                           else [name_key(*name) for _, _, names in outlines for name in names])  # in names' order
        self._keys: dict[tuple[str, str], str] | None = None  # (name, lang) -> its key, made when first asked
        given = iter(self._name_keys)
        for at, (concept_id, rules, names) in enumerate(outlines):
            self._by_id[concept_id] = at
            for position in range(len(names)):
                key = next(given)
                held = self._by_key.setdefault(key, []) if key else None
                if held is not None and (not held or held[-1][0] != at):  # a concept's names come together
                    held.append((at, position))
            for number in rules:
                self._by_rule.setdefault(number, []).append(at)

    def _concept(self, at: int) -> Concept:
        found = self._made.get(at)
        if found is None:
            found = self._made[at] = self._make(at)
        return found

    @property
    def concepts(self) -> tuple[Concept, ...]:
        """Every concept, in the table's order."""
        if self._all is None:
            self._all = tuple(self._concept(at) for at in range(len(self._outlines)))
        return self._all

    @classmethod
    def load(cls, path: Path | None = None) -> "Vocabulary":
        """The vocabulary of a table file (the embedded ``corpus/vocabulary.tsv`` by default)."""
        return cls(read_table(path or default_table_path()))

    def __len__(self) -> int:
        return len(self._outlines)

    def keys(self) -> Iterable[str]:
        """The :func:`name_key` of every name (each once)."""
        return self._by_key.keys()

    def key(self, text: str, lang: str) -> str:
        """:func:`name_key` of ``text`` in ``lang``, kept for the vocabulary's own names."""
        if self._keys is None:
            given = iter(self._name_keys)
            self._keys = {name: next(given) for _, _, names in self._outlines for name in names}
        found = self._keys.get((text, lang))
        return found if found is not None else name_key(text, lang)

    def get(self, concept_id: str) -> Concept | None:
        at = self._by_id.get(concept_id)
        return None if at is None else self._concept(at)

    def of_kind(self, kind: str) -> tuple[Concept, ...]:
        return tuple(c for c in self.concepts if c.kind == kind)

    def by_rule(self, number: str) -> tuple[Concept, ...]:
        """The concepts whose rules include ``number`` (``702.19`` → Trample)."""
        return tuple(self._concept(at) for at in self._by_rule.get(number, ()))

    def with_english_name(self, wanted: Callable[[str], bool]) -> Iterator[Concept]:
        """The concepts, in order, one of whose English names (any form) ``wanted`` accepts, asked
        concept by concept as they are taken: only those are made."""
        for at, (_id, _rules, names) in enumerate(self._outlines):
            if any(lang == "en" and wanted(text) for text, lang in names):
                yield self._concept(at)

    def matches(self, text: str, lang: str | None = None) -> tuple[Match, ...]:
        """Every concept one of whose names is ``text``: in ``lang`` first, preferred names first;
        without a language, an English name before a homonym in another language (the reference
        rules' *Initiative* before French *initiative*, first strike), then the most printed."""
        found = [Match(concept, concept.names[position]) for concept, position in
                 ((self._concept(at), position) for at, position in self._by_key.get(name_key(text, lang), []))]
        return tuple(sorted(found, key=lambda m: (lang is not None and m.name.lang != lang,
                                                  FORMS.index(m.name.form),
                                                  lang is None and m.name.lang != "en", -m.name.cards)))

    def lookup(self, text: str, lang: str | None = None) -> tuple[Concept, ...]:
        """The concepts named ``text`` in any language (``travolgere`` → Trample)."""
        return tuple(m.concept for m in self.matches(text, lang))

    def spot(self, text: str, lang: str | None = None) -> tuple[Spot, ...]:
        """The longest phrases of ``text`` that name concepts, left to right, not overlapping
        (``regole del legame vitale`` → ``legame vitale``). Positions count words of :func:`name_key`."""
        words = _key_words(text, lang)
        spots, start = [], 0
        while start < len(words):
            for end in range(min(len(words), start + MAX_PHRASE_WORDS), start, -1):
                phrase = " ".join(words[start:end])
                if phrase in self._by_key:
                    spots.append(Spot(start, end, phrase, self.matches(phrase, lang)))
                    start = end
                    break
            else:
                start += 1
        return tuple(spots)


_INSTEAD: dict[str, Callable[[], Vocabulary | None]] = {}  # table path -> a quicker reading (kb.vocabulary.saved)


@lru_cache(maxsize=4)
def _load_cached(path: str) -> Vocabulary:
    read = _INSTEAD.pop(path, None)
    found = read() if read is not None else None
    return found if found is not None else Vocabulary.load(Path(path))


def default_vocabulary() -> Vocabulary:
    """The embedded vocabulary, read once per process."""
    return _load_cached(str(default_table_path()))


def use_instead(read: Callable[[], Vocabulary | None]) -> None:
    """Read the embedded vocabulary with ``read()`` when it is first needed (from the table when that
    gives None); no change once it was read."""
    _INSTEAD.setdefault(str(default_table_path()), read)
