"""The query language: words, phrases, ``OR``, ``NOT``, filters and rule numbers.

* plain words; ``"a phrase"``; ``OR`` between groups of words; ``NOT word`` or ``-word``;
* ``kind:rule|ruling|term|card|example|page``, ``lang:it|en|fr``, ``section:7``
  (with English, Italian and French aliases, accents optional);
* ``vot*``: a prefix of at least 3 letters;
* rule numbers anywhere (``400.7k``, ``rule 701.32``, ``CR 701.32``, ``702.19b-d``,
  ``400.1-400.3``, ``chapter 400``); a bare chapter number needs a cue word
  (``chapter``, ``rule``, ``capitolo`` …) unless it is the whole query.

:func:`parse_query` turns a query into a :class:`Parsed`; malformed input never
raises anything but :class:`QueryError` (a one-line message). Work is bounded: a query
has at most :data:`MAX_QUERY_CHARS` characters, :data:`MAX_CLAUSES` words and phrases and
:data:`MAX_NUMBERS` rule numbers or ranges (repeats count once).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from kb.errors import KBError
from kb.numbering import NumberError, RuleNumber, parse_range
from kb.text import RULE_NUMBER, fold, is_number_cue, without_number_cue

from .analysis import normalise, words

MAX_QUERY_CHARS = 1000  # longer queries are refused (one line), not cut
MAX_CLAUSES = 32
MAX_NUMBERS = 8  # rule numbers and ranges in one query
KIND_ALIASES = {
    "rule": "rule", "rules": "rule", "subrule": "rule", "regola": "rule", "regle": "rule",
    "ruling": "ruling", "rulings": "ruling", "term": "term", "terms": "term", "glossary": "term",
    "card": "card", "cards": "card", "carta": "card", "carte": "card", "example": "example",
    "examples": "example", "page": "page", "pages": "page", "keyword": "page",
}
LANG_ALIASES = {"en": "en", "it": "it", "fr": "fr", "english": "en", "italian": "it", "italiano": "it",
                "french": "fr", "francais": "fr"}
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2212"

_TOKEN = re.compile(r'"(?P<phrase>[^"]*)"?|(?P<word>[^\s"]+)')
# A chapter or rule number (a final full stop allowed), or a range starting with a rule number.
_NUMBER = re.compile(rf"^(?:{RULE_NUMBER}|\d{{3}})\.?$|^{RULE_NUMBER}\s*[{DASHES}]\s*[\d.]*[a-z]?$",
                     re.IGNORECASE)
_DECIMAL_COMMA = re.compile(r"(?<=^\d{3}),(?=\d)")
_FIELD = re.compile(r"^(?P<name>kind|lang|section):(?P<value>.*)$", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class QueryError(KBError):
    """A query that cannot be run (one line, shown to the user)."""


class SearchTimeout(QueryError):
    """A query that used up its time budget (see ``Searcher.search``)."""


class IndexMissing(QueryError):
    """A knowledge base without its search index (the message names the folder: not for the web)."""


@dataclass
class Word:
    text: str
    prefix: bool = False


@dataclass
class Phrase:
    text: str


@dataclass
class Parsed:
    groups: list[list[Word | Phrase]] = field(default_factory=lambda: [[]])
    negated: list[Word | Phrase] = field(default_factory=list)
    numbers: list[RuleNumber | Any] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)
    langs: set[str] = field(default_factory=set)
    sections: set[str] = field(default_factory=set)

    @property
    def items(self) -> list[Word | Phrase]:
        return [item for group in self.groups for item in group]

    def plain_text(self) -> str:
        return " ".join(i.text for i in self.items)


# A range typed with spaces: "702.19 b-d", "702.19b - 702.19d", "702.19b – d".
_SPACED_RANGE = re.compile(rf"(?<![\w.])(\d{{3}}\.\d+)(?:\s+([a-z])|([a-z]))\s*([{DASHES}])\s*((?:\d{{3}}\.\d+)?[a-z])(?!\w)",
                           re.IGNORECASE)


def clean(query: str) -> str:
    """Control characters become spaces, format characters go and accents are composed (NFC, as the
    index reads texts), a range typed with spaces is one word again; a query over
    :data:`MAX_QUERY_CHARS` is a :class:`QueryError`."""
    text = normalise(_CONTROL.sub(" ", query or ""))
    if len(text) > MAX_QUERY_CHARS:
        raise QueryError(f"query too long ({len(text)} characters; at most {MAX_QUERY_CHARS})")
    return _SPACED_RANGE.sub(lambda m: f"{m[1]}{m[2] or m[3]}-{m[5]}", text).strip()


def parse_query(query: str) -> Parsed:
    """Split a query into word groups, negations, rule numbers and filters."""
    parsed = Parsed()
    negate_next = False
    raw = [(m.group("phrase"), m.group("word")) for m in _TOKEN.finditer(clean(query))]
    for position, (phrase, word) in enumerate(raw):
        if phrase is not None:
            if phrase.strip():
                _add(parsed, Phrase(phrase.strip()), negate_next)
            negate_next = False
            continue
        if word == "OR":
            if parsed.groups[-1]:
                parsed.groups.append([])
            continue
        if word in ("NOT", "AND"):
            negate_next = word == "NOT"
            continue
        negated = negate_next or _an_exclusion(word)
        negate_next = False
        if word.startswith("-") and negated:
            word = word[1:]
        field_match = _FIELD.match(word)
        if field_match:
            add_filter(parsed, field_match.group("name").lower(), field_match.group("value"))
            continue
        number = _rule_number(word, previous=raw[position - 1][1] if position else None,
                              alone=len(raw) == 1)
        if number is not None:
            _add_number(parsed, number)
            continue
        if word.endswith("*") and _is_prefix(word):
            stem = word.rstrip("*")
            if len(words(stem)) == 1 and len(stem) >= 3:
                _add(parsed, Word(stem, prefix=True), negated)
                continue
            if stem:
                raise QueryError(f"prefix {word!r} is too short: give at least 3 letters before '*'")
            continue
        for token in words(word) if len(words(word)) > 1 else [word]:
            _add(parsed, Word(token), negated)
    if parsed.numbers:  # "rule 400.7k": the cue word is not something to search for
        for group in parsed.groups:
            group[:] = [i for i in group if not (isinstance(i, Word) and is_number_cue(i.text))]
    parsed.groups = [g for g in parsed.groups if g] or [[]]
    return parsed


def _an_exclusion(word: str) -> bool:
    """Whether ``word`` excludes the word after its hyphen (``-regeneration``): two letters at least follow it, so a
    loyalty cost or a variable typed so (*ashiok -X*, *-X/-X*) is a word of the question, not an exclusion."""
    return word.startswith("-") and word[1:3].isalpha() and len(word) > 2


def _add(parsed: Parsed, item: Word | Phrase, negated: bool) -> None:
    if negated:
        parsed.negated.append(item)
    elif len(parsed.items) < MAX_CLAUSES:
        parsed.groups[-1].append(item)


def _add_number(parsed: Parsed, number: Any) -> None:
    """A rule number or range, once; more than :data:`MAX_NUMBERS` is a :class:`QueryError`."""
    if number in parsed.numbers:
        return
    if len(parsed.numbers) >= MAX_NUMBERS:
        raise QueryError(f"too many rule numbers and ranges in one query (at most {MAX_NUMBERS})")
    parsed.numbers.append(number)


def add_filter(parsed: Parsed, name: str, value: str) -> None:
    """Add the values of a ``kind``, ``lang`` or ``section`` filter (comma or ``|`` separated)."""
    values = [v for v in re.split(r"[,|]", fold(value.strip())) if v]
    for v in values:
        if name == "kind":
            if v not in KIND_ALIASES:
                raise QueryError(f"unknown kind {v!r}: use one of rule, ruling, term, card, example, page")
            parsed.kinds.add(KIND_ALIASES[v])
        elif name == "lang":
            if v not in LANG_ALIASES:
                raise QueryError(f"unknown language {v!r}: use it, en or fr")
            parsed.langs.add(LANG_ALIASES[v])
        elif not re.fullmatch(r"[1-9]", v):
            raise QueryError(f"unknown section {v!r}: sections are numbered 1 to 9")
        else:
            parsed.sections.add(v)


def _is_prefix(word: str) -> bool:
    """``vigil*`` is a prefix; a power or toughness written with a star (``*/*``, ``1+*``, ``2/*``: Tarmogoyf's,
    a characteristic-defining ability's) is not: its words are read as any other's."""
    has_letter = re.search(r"[^\W\d_]", word)
    return bool(has_letter) or not re.search(r"[0-9/+]", word)


def _rule_number(word: str, previous: str | None, alone: bool):
    """A rule number or range in ``word`` (trailing punctuation ignored), else None."""
    text = without_number_cue(word.strip("()[],;:")).lower()  # CR400.7k, regola400.7k, §400.7k
    text = _DECIMAL_COMMA.sub(".", text)  # 903,8 as Italian and French write it
    if not _NUMBER.match(text):
        return None
    if re.fullmatch(r"\d{3}", text.rstrip(".")):
        cue = text != word.strip("()[],;:").lower() or (previous is not None and is_number_cue(previous.strip("(")))
        if not (cue or alone):
            return None
    try:
        if any(d in text for d in DASHES):
            return parse_range(text)
        return RuleNumber.parse(text)
    except NumberError as error:
        if any(d in text for d in DASHES) and re.fullmatch(r"\d{3}(?:\.\d+[a-z]?)?", re.split(f"[{DASHES}]", text)[0]):
            raise QueryError(str(error)) from None  # a range typed wrong is no words to search (702.19b-a)
        return None
