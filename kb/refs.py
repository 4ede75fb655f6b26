"""Cross-references inside rule text, resolved to rule numbers.

Handles ``see rule 611.3d``, ``(see rule 123.5)``, ``See rule 903, "Commander,"``,
``rules 702.19b–d``, ``rules 601.2 and 601.3``, ``rules 614.1a–c, 614.1e, and
614.12``, ``section 8``, and the same in Italian (``regola``, ``regole``,
``sezione``) and French (``règle``, ``règles``, ``section``).

Work is linear in the text: a range is expanded only up to :data:`MAX_RANGE_SPAN` numbers
(``See rule 100.2-9999999`` gives its two ends, not ten million numbers).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate

from .numbering import NumberError, RuleNumber, letters_between

_WORDS = {
    "en": (r"rules?", r"sections?", r"and|or|through"),
    "it": (r"regol[ae]", r"sezion[ei]", r"e|o|ed"),
    "fr": (r"r[èe]gles?", r"sections?", r"et|ou|à"),
}
MAX_RANGE_SPAN = 100  # a longer range of rules is kept as its two ends
_NUM = r"\d{3}\.\d+[a-z]?|\d{3}|\d"
_ITEM = rf"(?:{_NUM})(?:\s*[-–—]\s*(?:\d{{3}}\.\d+[a-z]?|[a-z]\b|\d+))?"


def _pattern(lang: str) -> re.Pattern[str]:
    rule_word, section_word, joiners = _WORDS[lang]
    sep = rf"(?:\s*,\s*(?:(?:{joiners})\s+)?|\s+(?:{joiners})\s+)"
    return re.compile(
        rf"(?P<word>{rule_word}|{section_word})\s+(?P<items>{_ITEM}(?:{sep}{_ITEM})*)",
        re.IGNORECASE,
    )


_PATTERNS = {lang: _pattern(lang) for lang in _WORDS}
# Where a citation can start, found with plain substring search: most texts cite
# nothing, and a regular expression is slow to scan a text that has no match.
_STARTS = {"en": ("rule", "Rule", "section", "Section"), "it": ("regol", "Regol", "sezion", "Sezion"),
           "fr": ("règle", "Règle", "regle", "section", "Section")}
_ITEM_RE = re.compile(rf"(?P<start>{_NUM})(?:\s*[-–—]\s*(?P<end>\d{{3}}\.\d+[a-z]?|[a-z]\b|\d+))?")


def find_refs(text: str, lang: str = "en") -> tuple[str, ...]:
    """Rule numbers cited in ``text``, in order of appearance, ranges expanded."""
    return find_refs_many([text], lang)[0]


def find_refs_many(texts: list[str], lang: str = "en") -> list[tuple[str, ...]]:
    """:func:`find_refs` of each text, in one scan over them all (a rules file has thousands)."""
    joined = _SEPARATOR.join(texts)
    starts = list(accumulate((len(t) + len(_SEPARATOR) for t in texts[:-1]), initial=0))
    found: list[dict[str, None]] = [{} for _ in texts]  # insertion-ordered sets
    pattern = _PATTERNS.get(lang, _PATTERNS["en"])
    reached = 0
    for position in _candidate_starts(joined, _STARTS.get(lang, _STARTS["en"])):
        if position < reached or (position and joined[position - 1].isalpha()):
            continue
        match = pattern.match(joined, position)
        if match is None:
            continue
        reached = match.end()
        refs = found[bisect_right(starts, position) - 1]
        refs.update(dict.fromkeys(_numbers_in(match)))
    return [tuple(refs) for refs in found]


# Texts are joined with a character no citation can run across.
_SEPARATOR = "\n\x00\n"


def _numbers_in(match: re.Match[str]) -> tuple[str, ...] | list[str]:
    is_section = match.group("word")[:3].lower() in ("sec", "sez")
    items = match.group("items")
    if " " in items or "," in items or "-" in items or "–" in items or "—" in items:
        return [n for item in _ITEM_RE.finditer(items)
                for n in _expand(item.group("start"), item.group("end"), is_section)]
    return _expand(items, None, is_section)  # the common case: one number


def _candidate_starts(text: str, words: tuple[str, ...]) -> list[int]:
    starts = []
    for word in words:
        at = text.find(word)
        while at != -1:
            starts.append(at)
            at = text.find(word, at + 1)
    return sorted(starts)


@lru_cache(maxsize=4096)
def _expand(start_text: str, end_text: str | None, is_section: bool) -> tuple[str, ...]:
    return tuple(_expand_list(start_text, end_text, is_section))


def _expand_list(start_text: str, end_text: str | None, is_section: bool) -> list[str]:
    start = RuleNumber.try_parse(start_text)
    if start is None or (len(start_text) == 1 and not is_section):
        return []
    if not end_text:
        return [str(start)]
    try:
        if re.fullmatch(r"[a-z]", end_text) and start.letter:
            return [str(RuleNumber(start.section, start.chapter, start.rule, c))
                    for c in letters_between(start.letter, end_text)]
        whole = "." in end_text or len(end_text) == 3 or start.chapter is None  # "sections 1-3": a section
        end = RuleNumber.parse(end_text if whole else f"{start.chapter:03d}.{end_text}")
    except (NumberError, KeyError):
        return [str(start)]
    if start.letter is None and end.letter is None and start.rule is not None and end.rule is not None \
            and start.chapter == end.chapter and start.rule < end.rule <= start.rule + MAX_RANGE_SPAN:
        return [str(RuleNumber(start.section, start.chapter, n)) for n in range(start.rule, end.rule + 1)]
    if start.letter and end.letter and start.parent == end.parent:
        return [str(RuleNumber(start.section, start.chapter, start.rule, c))
                for c in letters_between(start.letter, end.letter)]
    return [str(start), str(end)]
