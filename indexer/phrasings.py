"""Players' phrasings of the rules: ``corpus/rule-phrases.tsv``, indexed with each rule's question document.

The rules are written in words players seldom use: a question about a token bounced to its owner's
hand shares only *token* with 111.7 (*a token that's in a zone other than the battlefield ceases to
exist*).
The table holds, per rule of the 2025-11-14 release, a few short phrases in the words players and
judges use for the situation the rule settles (*bounce*, *flicker*, *fizzle*), mostly English, some
Italian and French. They were written by the team from the rule texts alone, without the question
sets the search is measured on (document expansion).

Keyed by content: each line carries the digest of the English text it was written for
(:func:`kb.curated.text_digest`), and a build applies it to the rule holding that text: at its own
number when the text is there, else at the one rule holding it (a rule moved by a renumbering). A line
whose text no rule of the release holds is not applied, and counted (:func:`placement`). Carry the
table to a new release with ``mtgkb refresh OLD NEW`` (:mod:`kb.releases.refresh`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from kb import tsv
from kb.corpus import embedded_corpus
from kb.curated import text_digest

from .analysis import terms

PHRASES = "rule-phrases.tsv"  # in the embedded corpus
COLUMNS = ("number", "lang", "phrase", "text")


# How players name what the rules spell out: a rule holding the phrase also holds the word, once
# ("a library with no cards in it" is an empty library: 121.4, 704.5b).
PARAPHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bwith no cards in (?:it|them)\b|\bhas no cards in\b", re.I), "empty"),
)


def add_paraphrases(counts: dict, text: str) -> None:
    """Add the word of each :data:`PARAPHRASES` phrase ``text`` holds to its English term counts."""
    for pattern, word in PARAPHRASES:
        if pattern.search(text or ""):
            for term in terms(word, "en"):
                counts.setdefault(term, 1)


@lru_cache(maxsize=4)
def rule_phrases(path: Path | None = None) -> dict[str, list[tuple[str, str, str]]]:
    """rule number → [(lang, phrase, text digest)] of the table (empty when the corpus holds none)."""
    path = path or embedded_corpus() / PHRASES
    found: dict[str, list[tuple[str, str, str]]] = {}
    if not path.is_file():
        return found
    for _line, (number, lang, phrase, digest) in tsv.rows(path, COLUMNS):
        found.setdefault(number, []).append((lang, phrase, digest))
    return found


@dataclass
class Placement:
    """The table's lines placed on the rules of one release (rule number → [(lang, phrase)]), and the
    lines it could not place (their text is in no rule of the release, or in several)."""

    placed: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    applied: int = 0
    not_applied: list[tuple[str, str, str]] = field(default_factory=list)  # (number, lang, phrase)

    def phrases(self, number: str) -> list[tuple[str, str]]:
        return self.placed.get(number, [])

    def report(self) -> dict:
        """Counts for the build summary, with where to look when some were not applied."""
        numbers = sorted({number for number, _lang, _phrase in self.not_applied})
        return {"applied": self.applied, "not_applied": len(self.not_applied), "not_applied_rules": numbers,
                "table": f"corpus/{PHRASES}",
                "hint": "their rule's text changed: run 'mtgkb refresh OLD NEW' on the table (docs/releases.md)"
                if self.not_applied else ""}


def placement(english_texts: Mapping[str, str], table: Mapping[str, list[tuple[str, str, str]]] | None = None
              ) -> Placement:
    """Place each line of the table (default: :func:`rule_phrases`) on the rule of ``english_texts``
    (rule number → English text) holding the text it was written for: its own number when that rule
    holds it, else the one rule holding it; never a rule that only took its old number. The table's own placement
    is made once per process for the same English texts (a translator's import places it again): never change it."""
    if table is None:
        return _placement_of_the_table(tuple(english_texts.items()))
    holders: dict[str, list[str]] = {}
    digest_of = {number: text_digest(text) for number, text in english_texts.items()}
    for number, digest in digest_of.items():
        holders.setdefault(digest, []).append(number)
    result = Placement()
    for number, lines in table.items():
        for lang, phrase, digest in lines:
            found = holders.get(digest, [])
            target = number if digest_of.get(number) == digest else (found[0] if len(found) == 1 else None)
            if target is None:
                result.not_applied.append((number, lang, phrase))
                continue
            result.placed.setdefault(target, []).append((lang, phrase))
            result.applied += 1
    return result


@lru_cache(maxsize=4)
def _placement_of_the_table(english_texts: tuple[tuple[str, str], ...]) -> Placement:
    """:func:`placement` of :func:`rule_phrases` on the rules ``(number, English text)``."""
    return placement(dict(english_texts), rule_phrases())


def english_rule_texts(items) -> dict[str, str]:
    """Rule number → English text of the index's items (:class:`indexer.build.Item`)."""
    return {item.number: item.content for item in items if item.kind == "rule" and item.lang == "en" and item.number}


def phrases_for(number: str, english_text: str, placed: Placement | None = None) -> list[tuple[str, str]]:
    """(lang, phrase) of rule ``number`` whose English text is ``english_text``: from ``placed`` (a whole
    release's :func:`placement`) when given, else the lines at ``number`` written for that text."""
    if placed is not None:
        return placed.phrases(number)
    digest = text_digest(english_text)
    return [(lang, phrase) for lang, phrase, wanted in rule_phrases().get(number, ()) if wanted == digest]


def lines_of(number: str) -> list[list[str]]:
    """The (lang, phrase, digest) cells of rule ``number``'s lines (a search shows the phrasings of a few
    hits; parsing the whole table costs some 20 ms: its lines are only grouped by number, once per
    process, :func:`kb.tsv.lines_keyed`)."""
    return [cells for cells in tsv.lines_keyed(PHRASES, number) if len(cells) == len(COLUMNS) - 1]


def lines_written_for(number: str, english_text: str | None) -> list[list[str]]:
    """The (lang, phrase, digest) cells of the lines written for rule ``number``'s ``english_text``: those
    at ``number`` for that text, else those for that text at another number (the rule moved); all of
    ``number``'s lines when the text is not given."""
    lines = lines_of(number)
    if english_text is None:
        return lines
    digest = text_digest(english_text)
    here = [cells for cells in lines if cells[-1] == digest]
    if here or not english_text:
        return here
    return [[lang, phrase, wanted] for lines in rule_phrases().values() for lang, phrase, wanted in lines
            if wanted == digest]


def matching_phrases(number: str, own: set[str], matched: dict[str, set[str]], lang: str | None = None,
                     most: int = 2, english_text: str | None = None) -> list[str]:
    """The phrases of rule ``number`` that hold a word of the question its own text does not
    (``own``: the analysed words of its text; ``matched``: lang → the question's words it matched),
    in the question's ``lang`` or English, those of its language and holding the most first: why a
    rule that does not say the question's words answers it. Given the rule's ``english_text``, only
    the phrases written for that text (:func:`lines_written_for`)."""
    found = []
    for phrase_lang, phrase, *_digest in lines_written_for(number, english_text):
        if lang and phrase_lang not in (lang, "en"):
            continue
        words = set(terms(phrase, phrase_lang)) & matched.get(phrase_lang, set())
        if words - own:
            found.append((phrase_lang != lang, -len(words), phrase))
    return [phrase for *_, phrase in sorted(found, key=lambda f: f[:2])[:most]]
