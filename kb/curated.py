"""The curated files that name rules by number, and how each names them: one registry.

Hand-made data names rules of one release: the players' phrasings (each line with the digest of the
English text it was written for), the vocabulary's rules of each concept, and the gold answers of the
question sets. A new release renumbers and rewords rules; ``mtgkb refresh`` (:mod:`kb.releases.refresh`)
carries every file listed here across, by content. Paths are relative to the project folder; change
them here only.

:class:`Carrier` tells the fate of each rule of one release in another (same text, moved, reworded,
gone) with :mod:`kb.matching`; :func:`vocabulary_in_release` uses it to tell a build where the
vocabulary's first rules are in an older or newer release than the vocabulary's. (Here, not in
:mod:`kb.releases`, which the build pipeline may not import.)
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .model import Document, Rule

if TYPE_CHECKING:
    from .matching import Matching


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
    CuratedFile("eval/questions.tsv", "gold", 3),
    CuratedFile("eval/table-questions.tsv", "gold", 3),
    CuratedFile("eval/queries.tsv", "gold", 3),
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


# -- one release's rules carried to another's, by content ---------------------------------------

REWORDED_MIN = 0.9
STATUSES = ("unchanged", "moved", "reworded", "unplaced")


class Carrier:
    """Old-release rules to new-release rules, with the fate of each."""

    def __init__(self, old: Document, new: Document) -> None:
        from .matching import Side, match_rules  # here: the search imports this module, never difflib

        self.matching: Matching = match_rules(Side(old), Side(new))
        self.old_date = old.effective_date or ""
        self.old_rules = {rule.number: rule for rule in old.rules}
        self.new_rules = {rule.number: rule for rule in new.rules}
        self.old_digest = {number: rule_digest(rule) for number, rule in self.old_rules.items()}
        self.new_digest = {number: rule_digest(rule) for number, rule in self.new_rules.items()}
        self.by_old_digest: dict[str, list[str]] = {}
        for number, digest in self.old_digest.items():
            self.by_old_digest.setdefault(digest, []).append(number)

    def old_rule_of_phrase(self, number: str, digest: str) -> str | None:
        """The old release's rule holding the text a phrasing was written for: at its number, else the
        one rule holding it (None: no rule, or several, hold it)."""
        if self.old_digest.get(number) == digest:
            return number
        holders = self.by_old_digest.get(digest, [])
        return holders[0] if len(holders) == 1 else None

    def carry(self, number: str | None) -> tuple[str, str | None, float]:
        """(status, new number, similarity) of old rule ``number``."""
        if number is None or number not in self.old_rules:
            return "unplaced", None, 0.0
        new = self.matching.pairs.get(number)
        if new is None:
            return "unplaced", None, 0.0
        if self.matching.same_text(number, new):
            return ("unchanged" if new == number else "moved"), new, 1.0
        similarity = self.matching.score.get(number, 0.0)
        if similarity >= REWORDED_MIN:
            return "reworded", new, similarity
        return "unplaced", new, similarity


# -- the vocabulary's rules in the release being built -------------------------------------------

_VOCABULARY_RELEASE = re.compile(r"^# release: (?P<name>MagicCompRules (?P<date>\d{8})\.txt)", re.M)


def vocabulary_release(table: Path) -> tuple[str, str] | None:
    """(file name, ISO date) of the release the vocabulary table names in its header."""
    head = table.read_text(encoding="utf-8")[:4000] if table.is_file() else ""
    found = _VOCABULARY_RELEASE.search(head)
    if found is None:
        return None
    date = found["date"]
    return found["name"], f"{date[:4]}-{date[4:6]}-{date[6:]}"


def vocabulary_release_rules() -> list[Rule]:
    """The rules of the release the vocabulary names its rules for (and so the card evidence of
    :mod:`indexer.card_evidence`), read from the embedded corpus; [] when that file is not at hand."""
    from .corpus import embedded_corpus
    from .parsers import parse_source
    from .sources import read_source
    from .vocabulary.table import default_table_path

    named = vocabulary_release(default_table_path())
    source = embedded_corpus() / "cr-en" / named[0] if named else None
    return list(parse_source(read_source(source)).rules) if source is not None and source.is_file() else []


def vocabulary_in_release(built: Document, table: Path | None = None, releases: Path | None = None
                          ) -> dict[str, Any]:
    """Where the vocabulary's first rules (each concept's first number, made for the release its header
    names) are in ``built``: at the same text, at another number, reworded, or in no rule. Checked only
    when ``built`` is another release (the embedded corpus holds the vocabulary's in ``cr-en/``)."""
    return carried_vocabulary(built, table, releases)[1]


def carried_vocabulary(built: Document, table: Path | None = None, releases: Path | None = None
                       ) -> tuple[Any, dict[str, Any]]:
    """The embedded vocabulary with its rule numbers carried by content into ``built`` (a rule moved keeps
    its concept at its new number, one reworded at least :data:`REWORDED_MIN` alike too, one in no rule
    of ``built`` is left out), and the report of :func:`vocabulary_in_release`. The vocabulary is None
    when ``built`` is the vocabulary's own release, or that release's file is not at hand."""
    from .corpus import embedded_corpus
    from .vocabulary import default_vocabulary
    from .vocabulary.table import default_table_path

    table = table or default_table_path()
    named = vocabulary_release(table)
    report: dict[str, Any] = {"release": named[1] if named else None, "built": built.effective_date,
                              "checked": False}
    source = (releases or embedded_corpus() / "cr-en") / named[0] if named else None
    if named is None or named[1] == built.effective_date or source is None or not source.is_file():
        return None, report
    from .parsers import parse_source
    from .sources import read_source

    carrier = Carrier(parse_source(read_source(source)), built)
    vocabulary = default_vocabulary()
    firsts = sorted({concept.rules[0] for concept in vocabulary.concepts if concept.rules})
    numbers = sorted({n for c in vocabulary.concepts for n in (*c.rules, *(r for m in c.names for r in m.rules))})
    fates = {number: carrier.carry(number) for number in numbers}
    counts = Counter(fates[number][0] for number in firsts)
    report.update(checked=True, first_rules=len(firsts), **{s: counts.get(s, 0) for s in STATUSES},
                  elsewhere=sorted(n for n in firsts if (fate := fates[n])[1] and fate[1] != n
                                   and fate[0] != "unplaced"),
                  carried=True,
                  hint="run 'mtgkb refresh' on corpus/vocabulary.tsv (docs/releases.md)"
                  if counts.get("moved") or counts.get("unplaced") or counts.get("reworded") else "")
    new = {number: fate[1] for number, fate in fates.items() if fate[0] != "unplaced"}
    return _renumbered(vocabulary, new), report


def _renumbered(vocabulary: Any, new: dict[str, str]) -> Any:
    """``vocabulary`` with every rule number of its concepts and names replaced by ``new``'s (left out where
    ``new`` has none)."""
    from dataclasses import replace

    from .vocabulary import Vocabulary

    def carried(rules: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(new[r] for r in rules if r in new))

    return Vocabulary(replace(c, rules=carried(c.rules),
                              names=tuple(replace(n, rules=carried(n.rules)) if n.rules else n for n in c.names))
                      for c in vocabulary.concepts)
