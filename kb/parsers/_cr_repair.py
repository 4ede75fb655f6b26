"""Reading the typos WotC shipped in official rules files (used by :mod:`kb.parsers.cr_text`).

Real releases from 2009 on carry a few numbering slips; each is read as what its
neighbours make clear, and the parser reports it as a warning:

- a subrule letter repeated (``702.30d`` twice; the second is ``702.30e``);
- a character typed after the number (``505.54.`` between ``505.4`` and ``505.5a`` is ``505.5``);
- a letter the rules skip (``100.1l`` after ``100.1k`` is ``100.1m``);
- an effective date missing a space (``June18, 2021``).

A line starting with a number no rule can have (``99999.9zz``) is not read as text of the
rule above: :func:`impossible_number` names it for the warning and the report.

A number is *natural* after the previous one when it is its immediate successor
(next letter, next rule, first subrule, next chapter). Only a number that is not is
checked against the next numbered line, and it is replaced by the successor of the
previous number when it does not fit between the two, the successor does, and the slip
is one of the kinds above; otherwise the line goes to the report of unparsed lines.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..dates import find_date
from ..numbering import NumberError, RuleNumber, next_letter

LOOKAHEAD = 80  # lines searched for the next numbered line


def parse_number(text: str) -> RuleNumber | None:
    try:
        return RuleNumber.parse(text)
    except NumberError:
        return None


def is_natural(last: RuleNumber | None, this: RuleNumber) -> bool:
    """True when ``this`` is the number expected right after ``last``."""
    if last is None:
        return True
    return this in successors(last, this.kind)


def successors(last: RuleNumber, kind: str) -> list[RuleNumber]:
    """The numbers of ``kind`` that can come right after ``last``."""
    section, chapter, rule = last.section, last.chapter, last.rule
    if kind == "subrule" and rule is not None:
        if last.letter is None:
            return [RuleNumber(section, chapter, rule, "a")]
        letter = next_letter(last.letter)
        return [RuleNumber(section, chapter, rule, letter)] if letter else []
    if kind == "rule" and chapter is not None:
        return [RuleNumber(section, chapter, (rule or 0) + 1)]
    if kind == "chapter" and chapter is None:
        return [RuleNumber(section, section * 100)]
    if kind == "chapter":
        following = [RuleNumber(section + 1, (section + 1) * 100)] if section < 9 else []
        return ([RuleNumber(section, chapter + 1)] if chapter is not None and chapter % 100 < 99 else []) + following
    return []


def repair(number_text: str, last: RuleNumber | None, this: RuleNumber | None, kind: str,
           following: RuleNumber | None) -> RuleNumber | None:
    """The number a misnumbered line stands for, or None when its neighbours do not tell.

    ``this`` is None when the text is not a valid number (a skipped letter, too long);
    ``following`` is the next numbered line's number. The successor of ``last`` is taken
    only when it fits before ``following`` and the slip is one of the known kinds: the
    previous number repeated, a character typed after the right number, or a bad letter.
    """
    if last is None:
        return None
    for candidate_kind in dict.fromkeys((kind, "subrule" if kind == "rule" else "rule")):
        for candidate in successors(last, candidate_kind):
            if candidate > last and (following is None or candidate < following) and candidate != this \
                    and _known_slip(number_text, this, last, str(candidate)):
                return candidate
    return None


def _known_slip(number_text: str, this: RuleNumber | None, last: RuleNumber, candidate: str) -> bool:
    text = number_text.rstrip(".")
    if this is not None and this == last:
        return True  # 702.30d twice: the second is 702.30e
    if text.startswith(candidate) and text != candidate:
        return True  # 505.54 for 505.5: a digit typed for a letter or a period
    return this is None and text[:-1] == candidate[:-1] and text[-1:].isalpha()  # 100.1l for 100.1m


def describe(number_text: str, number: RuleNumber | None, last: RuleNumber | None) -> str:
    """``rule number 702.30d repeated``, ``rule number 100.1l (subrule letters skip 'l' and 'o')``."""
    found = f"rule number {number_text[:20]}" + ("…" if len(number_text) > 20 else "")
    if number is None:
        try:
            RuleNumber.parse(number_text)
        except NumberError as exc:
            return f"{found} ({'too long' if len(number_text) > 20 else str(exc).split(':')[0]})"
    return f"{found} repeated" if number is not None and number == last else found


def fits(last: RuleNumber | None, this: RuleNumber, following: RuleNumber | None) -> bool:
    """True unless ``this`` breaks the order its neighbours agree on."""
    if last is not None and this <= last:
        return False
    if following is None or this < following:
        return True
    return last is not None and not last < following  # the next line is the odd one, not this


# A rule or subrule line, a chapter heading, a section heading: the number is the group that matched.
_NUMBERED_LINE = re.compile(r"^(?:(\d{3}\.\d+[a-z]?)\.?\s|(\d{3})\.\s|(\d)\.\s)")


def next_number(lines: Iterable[str], stop: set[str]) -> RuleNumber | None:
    """The number of the first numbered line among ``lines`` (rule, subrule, chapter or section)."""
    for raw in lines:
        line = raw.strip()
        if line in stop:
            return None
        match = _NUMBERED_LINE.match(line)
        if match:
            number = parse_number(next(group for group in match.groups() if group))
            if number is not None:
                return number
    return None


# What only a rule number starts with (``99999.9zz A rule``); checked on lines no reading of a number fits.
_NUMBER_LIKE = re.compile(r"(\d+\.[\da-z]+)\.?(?:\s|$)")


def impossible_number(line: str) -> str | None:
    """``impossible rule number 99999.9zz`` for a line starting with a rule number no rule can have, else None."""
    match = _NUMBER_LIKE.match(line) if line[:1].isdigit() else None
    if match is None:
        return None
    number = match.group(1)
    return f"impossible rule number {number[:20]}" + ("…" if len(number) > 20 else "")


_GLUED = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")


def read_glued_date(text: str) -> tuple[str, object] | None:
    """``June18, 2021`` -> (``June 18, 2021``, the date); None when spacing does not help."""
    spaced = _GLUED.sub(" ", text)
    if spaced == text:
        return None
    date = find_date(spaced)
    return (spaced, date) if date is not None else None
