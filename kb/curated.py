"""The curated files that name rules by number, and how each names them: one registry.

Hand-made data names rules of one release: the players' phrasings (each line with the digest of the
English text it was written for), the vocabulary's rules of each concept, and the gold answers of the
question sets. A new release renumbers and rewords rules; ``mtgkb refresh`` (:mod:`kb.releases.refresh`)
carries every file listed here across, by content. Paths are relative to the project folder; change
them here only.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .model import Rule


@dataclass(frozen=True)
class CuratedFile:
    """A tab-separated file and the column naming rules: ``phrases`` (a rule number, its text digest in
    ``digest_column``), ``rules`` (rule numbers separated by spaces) or ``gold`` (``rule/N`` ids
    separated by `` | ``, other ids left alone); ``header_row``: its first line that is not a comment
    names the columns."""

    path: str
    kind: str
    column: int
    digest_column: int | None = None
    header_row: bool = False


CURATED: tuple[CuratedFile, ...] = (
    CuratedFile("corpus/rule-phrases.tsv", "phrases", 0, digest_column=3),
    CuratedFile("corpus/vocabulary.tsv", "rules", 2, header_row=True),
    CuratedFile("tests/data/questions.tsv", "gold", 3),
    CuratedFile("tests/data/queries.tsv", "gold", 3),
)


def text_digest(text: str) -> str:
    """The digest a phrasing keeps of the English rule text it was written for (spaces folded)."""
    return hashlib.sha1(" ".join((text or "").split()).encode("utf-8")).hexdigest()[:10]


def rule_text(rule: Rule) -> str:
    """A rule's text as the search indexes it: its text and pointer, else its title."""
    return "\n".join(part for part in (rule.text, rule.pointer) if part) or (rule.title or "")


def rule_digest(rule: Rule) -> str:
    """:func:`text_digest` of :func:`rule_text`."""
    return text_digest(rule_text(rule))
