"""What changed between two rules releases: rules added, removed, changed and moved.

A renumbered rule (found by :mod:`kb.matching`) is reported once as a move
(``701.32 -> 701.38``, with how similar the texts are) rather than as a removal,
an addition and a chain of changes at every number it passed. A text whose only
differences are references updated by the renumbering itself (``see rule 701.32``
becoming ``see rule 701.38`` because 701.32 moved to 701.38) is a ``renumbered_refs``
change, a consequence of the moves, not a change of wording.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import TYPE_CHECKING, Any, Iterable

from ..corpus import source_label
from ..errors import NotFoundError
from ..model import Document
from ..numbering import RuleNumber
from ..text import fold_quotes
from ..matching import Matching, Side, cited_numbers, mask_numbers, match_rules, normalise, similarity

if TYPE_CHECKING:
    from ..store import KnowledgeBase

_WORD = re.compile(r"\S+\s*")
CHANGE_KINDS = ("added", "removed", "changed", "moved", "renumbered_refs")


# -- words ---------------------------------------------------------------------

@dataclass(frozen=True)
class Segment:
    """A run of words kept (``equal``), taken out (``delete``) or put in (``insert``)."""

    op: str
    text: str


def word_diff(old: str, new: str) -> tuple[Segment, ...]:
    """The word-level difference from ``old`` to ``new`` as kept / deleted / inserted runs."""
    a, b = _WORD.findall(old), _WORD.findall(new)
    a_cmp, b_cmp = [fold_quotes(w).rstrip() for w in a], [fold_quotes(w).rstrip() for w in b]  # ’ is '
    segments: list[Segment] = []

    def add(op: str, words: list[str]) -> None:
        text = "".join(words)
        if not text:
            return
        if segments and segments[-1].op == op:
            segments[-1] = Segment(op, segments[-1].text + text)
        else:
            segments.append(Segment(op, text))

    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a_cmp, b_cmp, autojunk=False).get_opcodes():
        if tag == "equal":
            add("equal", b[j1:j2])
        else:
            add("delete", a[i1:i2])
            add("insert", b[j1:j2])
    return tuple(segments)


# -- the result ----------------------------------------------------------------

@dataclass(frozen=True)
class RuleChange:
    """One rule that was added, removed, changed, moved, or had only its references renumbered."""

    kind: str
    old_number: str | None = None
    new_number: str | None = None
    old_text: str | None = None
    new_text: str | None = None
    similarity: float = 1.0
    words: tuple[Segment, ...] = ()
    # cited numbers that changed only because the cited rule was renumbered: (old, new)
    refs_renumbered: tuple[tuple[str, str], ...] = ()

    @property
    def number(self) -> str:
        return self.new_number or self.old_number or ""

    @property
    def reworded(self) -> bool:
        """The wording changed (more than references updated by the renumbering)."""
        return self.kind == "changed" or (self.kind == "moved" and self.similarity < 1.0)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "old_number": self.old_number, "new_number": self.new_number,
                "similarity": round(self.similarity, 3), "old_text": self.old_text,
                "new_text": self.new_text, "words": words_dict(self.words),
                "refs_renumbered": [list(p) for p in self.refs_renumbered]}


@dataclass(frozen=True)
class TermChange:
    """A glossary entry added, removed, changed, or with only its references renumbered."""

    kind: str
    name: str
    old_definition: str | None = None
    new_definition: str | None = None
    words: tuple[Segment, ...] = ()
    refs_renumbered: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "old_definition": self.old_definition,
                "new_definition": self.new_definition, "words": words_dict(self.words),
                "refs_renumbered": [list(p) for p in self.refs_renumbered]}


@dataclass(frozen=True)
class Release:
    """Which release a diff or a history step speaks of."""

    id: str
    lang: str
    effective_date: str | None
    path: str

    @classmethod
    def of(cls, doc: Document) -> "Release":
        return cls(doc.id, doc.lang, doc.effective_date, doc.path)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "lang": self.lang, "effective_date": self.effective_date, "path": self.path}


@dataclass(frozen=True)
class Diff:
    old: Release
    new: Release
    rules: tuple[RuleChange, ...]
    terms: tuple[TermChange, ...]
    unchanged: int
    mapping: dict[str, str]  # every old number matched to its new number (moved or not)

    def summary(self) -> dict[str, int]:
        counts = {kind: 0 for kind in CHANGE_KINDS}
        for change in self.rules:
            counts[change.kind] += 1
        counts["unchanged"] = self.unchanged
        for kind in ("added", "removed", "changed", "renumbered_refs"):
            counts[f"terms_{kind}"] = sum(1 for t in self.terms if t.kind == kind)
        return counts

    def of_kind(self, kind: str) -> list[RuleChange]:
        return [c for c in self.rules if c.kind == kind]

    def to_dict(self) -> dict[str, Any]:
        return {"old": self.old.to_dict(), "new": self.new.to_dict(), "summary": self.summary(),
                "rules": [c.to_dict() for c in self.rules], "terms": [t.to_dict() for t in self.terms]}


def words_dict(words: tuple[Segment, ...]) -> list[dict[str, str]]:
    """Word-diff segments as JSON objects ``{op, text}``."""
    return [{"op": s.op, "text": s.text} for s in words]


# -- diffing -------------------------------------------------------------------

def diff_documents(old: Document, new: Document) -> Diff:
    """Every difference between two releases' rules and glossaries (see the module doc)."""
    old_side, new_side = Side(old), Side(new)
    matching = match_rules(old_side, new_side)
    changes, unchanged = classify(matching)
    return Diff(old=Release.of(old), new=Release.of(new), rules=tuple(changes),
                terms=tuple(diff_terms(old_side, new_side, matching.pairs)),
                unchanged=unchanged, mapping=dict(matching.pairs))


def classify(matching: Matching, olds: Iterable[str] | None = None,
             news: Iterable[str] | None = None) -> tuple[list[RuleChange], int]:
    """Changes among ``olds`` and ``news`` (default: all rules), and how many are unchanged."""
    old, new = matching.old, matching.new
    olds = list(olds if olds is not None else old.rules)
    news = list(news if news is not None else new.rules)
    changes: list[RuleChange] = []
    unchanged = 0
    for number in olds:
        target = matching.pairs.get(number)
        if target is None:
            changes.append(RuleChange("removed", old_number=number, old_text=old.shown(number),
                                      similarity=0.0))
            continue
        change = _compare_pair(matching, number, target)
        if change is None:
            unchanged += 1
        else:
            changes.append(change)
    for number in news:
        if number not in matching.taken:
            changes.append(RuleChange("added", new_number=number, new_text=new.shown(number), similarity=0.0))
    changes.sort(key=lambda c: (RuleNumber.parse(c.number), c.kind))
    return changes, unchanged


def _compare_pair(m: Matching, old_number: str, new_number: str) -> RuleChange | None:
    moved = old_number != new_number
    if not moved and m.old.raw[old_number] == m.new.raw[new_number]:
        return None
    old_text, new_text = m.old.content(old_number), m.new.content(new_number)
    if old_text == new_text:
        return RuleChange("moved", old_number, new_number, m.old.shown(old_number), m.new.shown(new_number)) \
            if moved else None
    refs: tuple[tuple[str, str], ...] = ()
    if m.old.key(old_number) == m.new.key(new_number):
        refs = _renumbered_refs(m, old_text, new_text)
        # the cited numbers differ in a way the renumbering does not explain: compare them too
        sim = 1.0 if refs else similarity(tuple(old_text.casefold().split()), tuple(new_text.casefold().split()))
    else:
        sim = similarity(m.old.words(old_number), m.new.words(new_number))
    kind = "moved" if moved else ("renumbered_refs" if refs else "changed")
    # shown as the releases print them (curly quotes kept), compared with the quotes folded
    shown_old, shown_new = m.old.shown(old_number), m.new.shown(new_number)
    return RuleChange(kind, old_number, new_number, shown_old, shown_new, sim, word_diff(shown_old, shown_new), refs)


def _renumbered_refs(m: Matching, old_text: str, new_text: str) -> tuple[tuple[str, str], ...]:
    """The (old, new) cited numbers if every difference is a reference to a renumbered rule, else ()."""
    pairs = [(a, b) for a, b in zip(cited_numbers(old_text), cited_numbers(new_text)) if a != b]
    if pairs and all(_same_rule(m, a, b) for a, b in pairs):
        return tuple(pairs)
    return ()


def _same_rule(m: Matching, old_number: str, new_number: str) -> bool:
    """``old_number`` in the old release is ``new_number`` in the new one."""
    if old_number in m.pairs:
        return m.pairs[old_number] == new_number
    # Outside the matched set (history compares one rule): the two cited rules read alike.
    if old_number in m.old.rules and new_number in m.new.rules:
        return similarity(m.old.words(old_number), m.new.words(new_number)) >= 0.8
    return False


def diff_terms(old: Side, new: Side, mapping: dict[str, str]) -> list[TermChange]:
    """Glossary entries added, removed and changed, matched by their first name."""
    changes: list[TermChange] = []
    matching = Matching(old, new, pairs=mapping)
    for key, term in old.terms.items():
        other = new.terms.get(key)
        if other is None:
            changes.append(TermChange("removed", term.names[0], old_definition=term.definition))
            continue
        a, b = normalise(term.definition), normalise(other.definition)
        if a == b and term.names == other.names:
            continue
        refs = _renumbered_refs(matching, a, b) if mask_numbers(a) == mask_numbers(b) and a != b else ()
        kind = "renumbered_refs" if refs and term.names == other.names else "changed"
        changes.append(TermChange(kind, other.names[0], term.definition, other.definition,
                                  word_diff(a, b) if a != b else (), refs))
    for key, term in new.terms.items():
        if key not in old.terms:
            changes.append(TermChange("added", term.names[0], new_definition=term.definition))
    return sorted(changes, key=lambda t: t.name.casefold())


# -- translations made stale ---------------------------------------------------

def stale_translations(diff: Diff, kb: "KnowledgeBase", lang: str) -> list[dict[str, Any]]:
    """Rules of ``lang`` documents in ``kb`` whose English source changed in ``diff``.

    Each text is read where the alignment placed it in the old release (the translation
    was made before the change), or in the new one when the knowledge base does not hold
    the old; a text that fits no rule of that release is not made stale by the change.
    """
    held = {d.effective_date for d in kb.releases() if d.lang == "en"}
    date = next((d for d in (diff.old.effective_date, diff.new.effective_date) if d in held), None)
    if date is None:
        raise NotFoundError(f"the {lang} texts are aligned only to the English releases the knowledge base holds "
                            f"({', '.join(sorted(d or '?' for d in held)) or 'none'}): name one of them")
    if date == diff.old.effective_date:
        changes = {c.old_number: c for c in diff.rules if c.old_number}
    else:
        changes = {c.new_number: c for c in diff.rules if c.new_number and c.kind != "added"}
    held = kb.documents()
    docs = [d.id for d in held.values() if d.lang == lang]
    stale = []
    for rule in kb.aligned_numbers(docs, date):
        change = changes.get(rule.aligned_number)
        if change is None:
            continue
        stale.append({"lang": lang, "document": rule.doc_id, "source": source_label(held[rule.doc_id]),
                      "number": rule.number,
                      "aligned_number": rule.aligned_number, "release": date,
                      "change": change.kind, "old_number": change.old_number, "new_number": change.new_number,
                      "similarity": round(change.similarity, 3), "words": words_dict(change.words)})
    return stale
