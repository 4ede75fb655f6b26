"""Rule numbers: parse, order, parent, and ranges.

The Comprehensive Rules number a section ``7``, a chapter ``701``, a rule
``701.32`` and a subrule ``701.32a``; subrule letters skip ``l`` and ``o``
(so ``400.7k`` is followed by ``400.7m``). ``702.6`` is not a prefix of
``702.60``: numbers are compared part by part, never as strings.

Every string :meth:`RuleNumber.parse` accepts round-trips: ``str()`` gives it back
without its final period (``012.1`` stays ``012.1``); a rule part has no leading
zero and at most :data:`MAX_RULE_DIGITS` digits, so no number is too long to read.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache, total_ordering
from typing import Iterable

from .text import without_number_cue

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"
_LETTER_INDEX = {c: i for i, c in enumerate(SUBRULE_LETTERS)}

MAX_RULE_DIGITS = 9  # the longest rule part read (real ones have at most 3 digits)
_NUMBER = re.compile(r"(?P<chapter>[0-9]{1,3})(?:\.(?P<rule>[0-9]+)(?P<letter>[a-z])?)?\.?")  # ASCII digits only
_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2212"
_RANGE = re.compile(rf"\s*(?P<start>[0-9.]+[a-z]?)\s*[{_DASHES}]\s*(?P<end>[0-9.]*[a-z]?)\s*")

KINDS = ("section", "chapter", "rule", "subrule")


class NumberError(ValueError):
    """Text that is not a rule number or range."""


@total_ordering
@dataclass(frozen=True, slots=True)
class RuleNumber:
    """A parsed rule number. ``str()`` gives the canonical form (``701.32a``)."""

    section: int
    chapter: int | None = None
    rule: int | None = None
    letter: str | None = None

    @classmethod
    def parse(cls, text: str) -> "RuleNumber":
        """Parse ``7``, ``701``, ``701.32``, ``701.32.`` or ``701.32a``."""
        return _parse_cached(text)

    @classmethod
    def _parse(cls, text: str) -> "RuleNumber":
        match = _NUMBER.fullmatch(text.strip()) if len(text) <= 64 else None
        if not match:
            raise NumberError(f"not a rule number: {_shown(text)}")
        head = match.group("chapter")
        if match.group("rule") is None:
            if len(head) == 1:
                return cls(int(head))
            if len(head) != 3:
                raise NumberError(f"not a rule number: {_shown(text)}")
            return cls(int(head[0]), int(head))
        if len(head) != 3:
            raise NumberError(f"not a rule number: {_shown(text)}")
        rule = match.group("rule")
        if len(rule) > MAX_RULE_DIGITS:
            raise NumberError(f"rule number too long: {_shown(text)} (at most {MAX_RULE_DIGITS} digits after the period)")
        if len(rule) > 1 and rule[0] == "0":
            raise NumberError(f"not a rule number (leading zero after the period): {_shown(text)}")
        letter = match.group("letter")
        if letter is not None and letter not in _LETTER_INDEX:
            raise NumberError(f"subrule letters skip 'l' and 'o': {_shown(text)}")
        return cls(int(head[0]), int(head), int(rule), letter)

    @classmethod
    def try_parse(cls, text: str) -> "RuleNumber | None":
        try:
            return cls.parse(text)
        except NumberError:
            return None

    @property
    def kind(self) -> str:
        if self.chapter is None:
            return "section"
        if self.rule is None:
            return "chapter"
        return "subrule" if self.letter else "rule"

    @property
    def parent(self) -> "RuleNumber | None":
        if self.letter is not None:
            return RuleNumber(self.section, self.chapter, self.rule)
        if self.rule is not None:
            return RuleNumber(self.section, self.chapter)
        if self.chapter is not None:
            return RuleNumber(self.section)
        return None

    def contains(self, other: "RuleNumber") -> bool:
        """True if ``other`` is this number or lies below it in the tree."""
        mine = self._parts()
        return other._parts()[: len(mine)] == mine

    def _parts(self) -> tuple:
        parts: tuple = (self.section,)
        if self.chapter is not None:
            parts += (self.chapter,)
        if self.rule is not None:
            parts += (self.rule,)
        if self.letter is not None:
            parts += (_LETTER_INDEX.get(self.letter, ord(self.letter)),)
        return parts

    @property
    def sort_key(self) -> str:
        """A string whose order is the rules' order (for a database index).

        A rule part of up to 4 digits is zero-padded (``100.2`` -> ``11000002``); a longer one
        is ``:`` (which sorts after the digits), its digit count, then its digits, so 10000 comes
        after 9999 and 100000 after 99999 while every key of a real rule stays as it was.
        """
        key = str(self.section)
        if self.chapter is not None:
            key += f"{self.chapter:03d}"
        if self.rule is not None:
            key += f"{self.rule:04d}" if self.rule < 10000 else f":{len(str(self.rule))}{self.rule}"
        if self.letter is not None:
            key += self.letter
        return key

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self._parts() < other._parts()

    def __str__(self) -> str:
        if self.chapter is None:
            return str(self.section)
        if self.rule is None:
            return f"{self.chapter:03d}"
        return f"{self.chapter:03d}.{self.rule}{self.letter or ''}"


_SORT_KEY = re.compile(r"(?P<section>\d)(?:(?P<chapter>\d{3})(?:(?:(?P<rule>\d{4})|:\d(?P<long>\d+))(?P<letter>[a-z])?)?)?")


def from_sort_key(key: str) -> RuleNumber | None:
    """The number whose :attr:`RuleNumber.sort_key` is ``key`` (``11000002`` → ``100.2``), None for
    a key of no number."""
    match = _SORT_KEY.fullmatch(key)
    if match is None:
        return None
    chapter, rule = match["chapter"], match["rule"] or match["long"]
    return RuleNumber(int(match["section"]), int(chapter) if chapter else None, int(rule) if rule else None,
                      match["letter"])


def nearest(number: RuleNumber, numbers: list[RuleNumber], count: int = 3) -> list[str]:
    """Existing numbers around ``number`` among ``numbers`` (sorted): the parent if held, then neighbours."""
    out: list[str] = []
    parent = number.parent
    while parent is not None and parent not in numbers:
        parent = parent.parent
    if parent is not None:
        out.append(str(parent))
    at = bisect.bisect_left(numbers, number)
    for n in numbers[max(0, at - 1): at + count]:
        if str(n) not in out:
            out.append(str(n))
    return out[: count + 1] or ["(the knowledge base holds no rules)"]


def _shown(text: str) -> str:
    """``text`` for an error message, shortened when it is long."""
    return repr(text) if len(text) <= 40 else repr(text[:30] + "…") + f" ({len(text)} characters)"


@lru_cache(maxsize=1 << 16)
def _parse_cached(text: str) -> RuleNumber:
    return RuleNumber._parse(text)


def next_letter(letter: str) -> str | None:
    index = _LETTER_INDEX[letter] + 1
    return SUBRULE_LETTERS[index] if index < len(SUBRULE_LETTERS) else None


def letters_between(first: str, last: str) -> list[str]:
    """Subrule letters from ``first`` to ``last`` inclusive, skipping l and o."""
    start, end = _LETTER_INDEX[first], _LETTER_INDEX[last]
    return list(SUBRULE_LETTERS[start : end + 1])


@dataclass(frozen=True, slots=True)
class RuleRange:
    """An inclusive range of numbers: ``702.19b-d``, ``702.19b–702.19d``, ``400.1-400.3``."""

    start: RuleNumber
    end: RuleNumber

    def __contains__(self, number: RuleNumber) -> bool:
        return self.start <= number <= self.end or self.end.contains(number)

    def expand_letters(self) -> list[RuleNumber]:
        """The subrules of a letter range (``702.19b-d``), without consulting a tree."""
        s, e = self.start, self.end
        if s.letter is None or e.letter is None or s.parent != e.parent:
            return [s, e]
        return [RuleNumber(s.section, s.chapter, s.rule, c) for c in letters_between(s.letter, e.letter)]

    def __str__(self) -> str:
        return f"{self.start}-{self.end}"


def parse_range(text: str) -> RuleRange:
    """Parse ``702.19b-d``, ``702.19b–702.19d``, ``400.1-400.3`` or ``400-402``."""
    match = _RANGE.fullmatch(text)
    if not match:
        raise NumberError(f"not a rule range: {_shown(text)}")
    start = RuleNumber.parse(match.group("start"))
    end_text = match.group("end")
    if not end_text:
        raise NumberError(f"a range needs an end after its dash: {_shown(text)}")
    if re.fullmatch(r"[a-z]", end_text):
        if start.letter is None:
            raise NumberError(f"a letter range needs a subrule to start from: {_shown(text)}")
        end = RuleNumber(start.section, start.chapter, start.rule, end_text)
        if end_text not in _LETTER_INDEX:
            raise NumberError(f"subrule letters skip 'l' and 'o': {_shown(text)}")
    elif re.fullmatch(r"[0-9]+[a-z]?", end_text) and start.rule is not None and "." not in end_text:
        end = RuleNumber.parse(f"{start.chapter:03d}.{end_text}")
    else:
        end = RuleNumber.parse(end_text)
    if end < start:
        raise NumberError(f"range ends before it starts: {_shown(text)}")
    return RuleRange(start, end)


_DECIMAL_COMMA = re.compile(r"(?<![\d.,])(\d{3}),(?=\d)")
_CAPITAL_LETTER = re.compile(rf"(?<=[0-9{_DASHES}])[A-Z](?![A-Za-z])")


# "702.19 b": a subrule letter typed apart from its rule's number.
_SPACED_LETTER = re.compile(r"(\d)\s+([a-z])(?=$|\s*[-\u2010-\u2015\u2212])", re.IGNORECASE)


def normalise_selector(text: str) -> str:
    """A rule number or range as people type it, in the form :func:`parse_selector` reads: the words
    that introduce it dropped (``CR 400.7``, ``regola 400.7``, ``règle 400.7``), a subrule letter in
    lower case (``702.19B``), a decimal comma as a period (``400,7``, as Italian and French write it), a letter typed apart (``702.19 b``)."""
    text = _CAPITAL_LETTER.sub(lambda letter: letter.group().lower(), without_number_cue(text.strip()))
    return _SPACED_LETTER.sub(lambda m: m.group(1) + m.group(2).lower(), _DECIMAL_COMMA.sub(r"\1.", text))


_ATTACHED = re.compile(r"[a-z](?:\s*[-\u2010-\u2015\u2212]\s*[a-z])?", re.IGNORECASE)


def joined_selectors(words: Iterable[str]) -> list[str]:
    """Command-line words as selectors, the pieces of one typed with spaces joined again:
    ``702.19 b-d`` → ``702.19 b-d``, ``702.19b - 702.19d`` → ``702.19b - 702.19d`` (one each)."""
    out: list[str] = []
    for word in words:
        dash_next = word[:1] in _DASHES or (bool(out) and out[-1][-1:] in _DASHES)
        if out and (dash_next or _ATTACHED.fullmatch(word)):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def parse_selector(text: str) -> RuleNumber | RuleRange:
    """A single number or a range, as typed on the command line (see :func:`normalise_selector`)."""
    stripped = normalise_selector(text)
    if any(d in stripped for d in _DASHES):
        return parse_range(stripped)
    return RuleNumber.parse(stripped)
