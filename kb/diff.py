"""What changed between two rules releases: rules added, removed, changed and moved.

Rules are matched by content, not only by number, so a renumbered rule is
reported once as a move (``701.32 -> 701.38``, with how similar the texts are)
rather than as a removal, an addition and a chain of changes at every number it
passed. Matching goes level by level (sections, chapters, rules, subrules) so a
subrule prefers the rule its parent moved to:

1. same number and same text;
2. same text at another number (a move);
3. similar text (word-level similarity), same number or not, best pairs first.

Texts are compared with the rule numbers they cite masked out: a text whose
only differences are references updated by the renumbering itself (``see rule
701.32`` becoming ``see rule 701.38`` because 701.32 moved to 701.38) is a
``renumbered_refs`` change, a consequence of the moves, not a change of wording.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterable

import click

from .errors import NotFoundError
from .model import Document, Rule, Term
from .numbering import KINDS, RuleNumber

if TYPE_CHECKING:
    from .store import KnowledgeBase

# A rule number inside a text: chapter ``701``, rule ``701.32``, subrule ``701.32a``.
_CITED = re.compile(r"(?<![\d.])\d{3}(?:\.\d+[a-z]?)?(?![\d])")
_DIGIT = re.compile(r"\d{3}")
_WORD = re.compile(r"\S+\s*")
MASK = "#"
# the quotes kb.sources.fold_quotes straightens, replaced one by one (faster than str.translate)
_QUOTE_PAIRS = (("\u2018", "'"), ("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"'),
                ("\u00ab", '"'), ("\u00bb", '"'), ("\u2032", "'"))

FUZZY_MIN = 0.5  # lowest word similarity of two texts matched as the same rule
SCORE_MIN = 0.6  # lowest similarity plus bonuses (same parent, same number)
CHANGE_KINDS = ("added", "removed", "changed", "moved", "renumbered_refs")


# -- texts ---------------------------------------------------------------------

def rule_content(rule: Rule) -> str:
    """What is compared: a section's or chapter's title, a rule's text and examples."""
    if rule.kind in ("section", "chapter"):
        return rule.title or rule.text
    parts = [rule.text, *(f"Example: {e.text}" for e in rule.examples)]
    return "\n".join(part for part in parts if part)


def normalise(text: str) -> str:
    """Straight quotes and single spaces, for comparing."""
    if not text.isascii():
        for curly, straight in _QUOTE_PAIRS:
            if curly in text:
                text = text.replace(curly, straight)
    return " ".join(text.split())


def mask_numbers(text: str) -> str:
    return _CITED.sub(MASK, text) if _DIGIT.search(text) else text


def cited_numbers(text: str) -> list[str]:
    return _CITED.findall(text)


def similarity(a: tuple[str, ...], b: tuple[str, ...], floor: float = 0.0) -> float:
    """Word-level similarity from 0 (nothing shared) to 1 (same words in the same order).

    Below ``floor`` the answer is 0 (cheap upper bounds are checked first).
    """
    if a == b:
        return 1.0
    if not a or not b:
        return 0.0
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    if floor and (matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor):
        return 0.0
    return matcher.ratio()


@dataclass(frozen=True)
class Segment:
    """A run of words kept (``equal``), taken out (``delete``) or put in (``insert``)."""

    op: str
    text: str


def word_diff(old: str, new: str) -> tuple[Segment, ...]:
    """The word-level difference from ``old`` to ``new`` as kept / deleted / inserted runs."""
    a, b = _WORD.findall(old), _WORD.findall(new)
    a_cmp, b_cmp = [w.rstrip() for w in a], [w.rstrip() for w in b]
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


# -- one release prepared for matching ------------------------------------------

class Side:
    """A document's rules indexed for matching: contents, masked keys, words, parents.

    Contents and keys are computed on first use: most rules of two nearby
    releases are byte-identical and never need them.
    """

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.rules: dict[str, Rule] = {}
        self.raw: dict[str, str] = {}
        self.parent: dict[str, str | None] = {}
        self.order: dict[str, int] = {}
        self.children: dict[str, list[str]] = defaultdict(list)
        for index, rule in enumerate(doc.rules):
            number = rule.number
            parent = _parent(number)
            self.rules[number] = rule
            self.raw[number] = rule_content(rule)
            self.parent[number] = parent
            self.order[number] = index
            if parent is not None:
                self.children[parent].append(number)
        self._content: dict[str, str] = {}
        self._key: dict[str, str] = {}
        self._words: dict[str, tuple[str, ...]] = {}
        self._family: dict[str, tuple[str, ...]] = {}

    def content(self, number: str) -> str:
        text = self._content.get(number)
        if text is None:
            text = self._content[number] = normalise(self.raw[number])
        return text

    def key(self, number: str) -> str:
        key = self._key.get(number)
        if key is None:
            key = self._key[number] = mask_numbers(self.content(number))
        return key

    def words(self, number: str) -> tuple[str, ...]:
        words = self._words.get(number)
        if words is None:
            words = self._words[number] = tuple(self.key(number).casefold().split())
        return words

    def family_words(self, number: str) -> tuple[str, ...]:
        """The words of a rule and its subrules (references masked): what history follows."""
        words = self._family.get(number)
        if words is None:
            words = self._family[number] = tuple(w for n in self.family(number) for w in self.words(n))
        return words

    def family(self, number: str) -> list[str]:
        """A rule and its subrules (a section or chapter alone)."""
        rule = self.rules[number]
        return [number, *self.children.get(number, [])] if rule.kind == "rule" else [number]

    @cached_property
    def terms(self) -> dict[str, Term]:
        return {term.names[0].casefold(): term for term in self.doc.terms if term.names}


# -- matching ------------------------------------------------------------------

@dataclass
class Matching:
    """Pairs of old and new numbers found to hold the same rule, with their similarity."""

    old: Side
    new: Side
    pairs: dict[str, str] = field(default_factory=dict)
    score: dict[str, float] = field(default_factory=dict)
    taken: set[str] = field(default_factory=set)

    def pair(self, old_number: str, new_number: str, sim: float) -> None:
        self.pairs[old_number] = new_number
        self.score[old_number] = sim
        self.taken.add(new_number)

    def same_text(self, old_number: str, new_number: str) -> bool:
        """Same text once cited numbers are masked (byte-identical texts need no masking)."""
        return self.old.raw[old_number] == self.new.raw[new_number] or \
            self.old.key(old_number) == self.new.key(new_number)

    def parent_agrees(self, old_number: str, new_number: str) -> bool:
        old_parent, new_parent = self.old.parent[old_number], self.new.parent[new_number]
        if old_parent is None or new_parent is None:
            return old_parent == new_parent
        return self.pairs.get(old_parent) == new_parent


def match_rules(old: Side, new: Side, olds: Iterable[str] | None = None,
                news: Iterable[str] | None = None, seed: dict[str, str] | None = None) -> Matching:
    """Match the rules of ``old`` to those of ``new`` (or of the given subsets), level by level."""
    matching = Matching(old, new)
    for old_number, new_number in (seed or {}).items():
        matching.pair(old_number, new_number, similarity(old.words(old_number), new.words(new_number)))
    old_pool = [n for n in (olds if olds is not None else old.rules) if n not in matching.pairs]
    new_pool = [n for n in (news if news is not None else new.rules) if n not in matching.taken]
    for kind in KINDS:
        level_old = [n for n in old_pool if old.rules[n].kind == kind]
        level_new = [n for n in new_pool if new.rules[n].kind == kind]
        _same_number_same_text(matching, level_old, level_new)
        _same_text_elsewhere(matching, level_old, level_new)
        _similar_text(matching, level_old, level_new)
    return matching


def _same_number_same_text(m: Matching, olds: list[str], news: list[str]) -> None:
    available = set(news) - m.taken
    for number in olds:
        if number in available and m.same_text(number, number) and m.parent_agrees(number, number):
            m.pair(number, number, 1.0)


def _same_text_elsewhere(m: Matching, olds: list[str], news: list[str]) -> None:
    by_key: dict[str, list[str]] = defaultdict(list)
    for number in news:
        if number not in m.taken:
            by_key[m.new.key(number)].append(number)
    for number in olds:
        if number in m.pairs:
            continue
        candidates = [c for c in by_key.get(m.old.key(number), ()) if c not in m.taken]
        if not candidates:
            continue
        position = m.old.order[number]
        best = max(candidates, key=lambda c: (m.parent_agrees(number, c), _same_tail(number, c),
                                              -abs(m.new.order[c] - position)))
        m.pair(number, best, 1.0)


def _parent(number: str) -> str | None:
    """``701.32a`` -> ``701.32`` -> ``701`` -> ``7`` -> None, by the shape of the text."""
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".")[0]
    return number[0] if len(number) == 3 else None


def _same_tail(a: str, b: str) -> bool:
    """``701.32a`` and ``701.38a`` end alike (same subrule letter)."""
    return a[-1].isalpha() and a[-1] == b[-1]


def _similar_text(m: Matching, olds: list[str], news: list[str]) -> None:
    olds = [n for n in olds if n not in m.pairs]
    news = [n for n in news if n not in m.taken]
    if not olds or not news:
        return
    index: dict[str, list[str]] = defaultdict(list)
    for number in news:
        for word in set(m.new.words(number)):
            index[word].append(number)
    rare = max(25, len(news) // 20)  # words shared by more texts than this do not suggest a match
    news_set = set(news)
    scored: list[tuple[float, float, str, str]] = []
    for number in olds:
        shared: Counter[str] = Counter()
        for word in set(m.old.words(number)):
            holders = index.get(word)
            if holders and len(holders) <= rare:
                shared.update(holders)
        candidates = [c for c, _ in shared.most_common(8)]
        if number in news_set and number not in candidates:
            candidates.append(number)
        for candidate in candidates:
            sim = similarity(m.old.words(number), m.new.words(candidate), FUZZY_MIN)
            if sim < FUZZY_MIN:
                continue
            score = sim + 0.1 * m.parent_agrees(number, candidate) + 0.05 * (candidate == number)
            if score >= SCORE_MIN:
                scored.append((score, sim, number, candidate))
    for _score, sim, number, candidate in sorted(scored, key=lambda s: (-s[0], s[2], s[3])):
        if number not in m.pairs and candidate not in m.taken:
            m.pair(number, candidate, sim)


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


@dataclass(frozen=True)
class TermChange:
    """A glossary entry added, removed, changed, or with only its references renumbered."""

    kind: str
    name: str
    old_definition: str | None = None
    new_definition: str | None = None
    words: tuple[Segment, ...] = ()
    refs_renumbered: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Release:
    id: str
    lang: str
    effective_date: str | None
    path: str


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
        return {
            "old": _release_dict(self.old), "new": _release_dict(self.new), "summary": self.summary(),
            "rules": [_change_dict(c) for c in self.rules],
            "terms": [{"kind": t.kind, "name": t.name, "old_definition": t.old_definition,
                       "new_definition": t.new_definition, "words": _words_dict(t.words),
                       "refs_renumbered": [list(p) for p in t.refs_renumbered]} for t in self.terms],
        }


def _release_dict(release: Release) -> dict[str, Any]:
    return {"id": release.id, "lang": release.lang, "effective_date": release.effective_date,
            "path": release.path}


def _words_dict(words: tuple[Segment, ...]) -> list[dict[str, str]]:
    return [{"op": s.op, "text": s.text} for s in words]


def _change_dict(change: RuleChange) -> dict[str, Any]:
    return {"kind": change.kind, "old_number": change.old_number, "new_number": change.new_number,
            "similarity": round(change.similarity, 3), "old_text": change.old_text,
            "new_text": change.new_text, "words": _words_dict(change.words),
            "refs_renumbered": [list(p) for p in change.refs_renumbered]}


# -- diffing -------------------------------------------------------------------

def diff_documents(old: Document, new: Document) -> Diff:
    """Every difference between two releases' rules and glossaries (see the module doc)."""
    old_side, new_side = Side(old), Side(new)
    matching = match_rules(old_side, new_side)
    changes, unchanged = classify(matching)
    return Diff(old=_release(old), new=_release(new), rules=tuple(changes),
                terms=tuple(diff_terms(old_side, new_side, matching.pairs)),
                unchanged=unchanged, mapping=dict(matching.pairs))


def _release(doc: Document) -> Release:
    return Release(doc.id, doc.lang, doc.effective_date, doc.path)


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
            changes.append(RuleChange("removed", old_number=number, old_text=old.content(number),
                                      similarity=0.0))
            continue
        change = _compare_pair(matching, number, target)
        if change is None:
            unchanged += 1
        else:
            changes.append(change)
    for number in news:
        if number not in matching.taken:
            changes.append(RuleChange("added", new_number=number, new_text=new.content(number), similarity=0.0))
    changes.sort(key=lambda c: (RuleNumber.parse(c.number), c.kind))
    return changes, unchanged


def _compare_pair(m: Matching, old_number: str, new_number: str) -> RuleChange | None:
    moved = old_number != new_number
    if not moved and m.old.raw[old_number] == m.new.raw[new_number]:
        return None
    old_text, new_text = m.old.content(old_number), m.new.content(new_number)
    if old_text == new_text:
        return RuleChange("moved", old_number, new_number, old_text, new_text) if moved else None
    refs: tuple[tuple[str, str], ...] = ()
    if m.old.key(old_number) == m.new.key(new_number):
        refs = _renumbered_refs(m, old_text, new_text)
        # the cited numbers differ in a way the renumbering does not explain: compare them too
        sim = 1.0 if refs else similarity(tuple(old_text.casefold().split()), tuple(new_text.casefold().split()))
    else:
        sim = similarity(m.old.words(old_number), m.new.words(new_number))
    kind = "moved" if moved else ("renumbered_refs" if refs else "changed")
    return RuleChange(kind, old_number, new_number, old_text, new_text, sim, word_diff(old_text, new_text), refs)


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


# -- text output ---------------------------------------------------------------

def render_words(words: Iterable[Segment], *, color: bool = False, context: int | None = None) -> str:
    """Words kept as they are, deleted as ``[-old-]``, inserted as ``{+new+}`` (colored on a terminal).

    With ``context``, long runs of kept words are cut to that many words on each side of a change.
    """
    segments = list(words)
    out = []
    for index, segment in enumerate(segments):
        text = segment.text
        if segment.op == "equal":
            out.append(_elide(text, context, index > 0, index < len(segments) - 1) if context else text)
            continue
        core, tail = text.rstrip(), text[len(text.rstrip()):]
        if segment.op == "delete":
            out.append((click.style(f"[-{core}-]", fg="red") if color else f"[-{core}-]") + tail)
        else:
            out.append((click.style(f"{{+{core}+}}", fg="green") if color else f"{{+{core}+}}") + tail)
    return "".join(out)


def _elide(text: str, context: int, after_change: bool, before_change: bool) -> str:
    words = text.split(" ")
    keep_head = context if after_change else 0
    keep_tail = context if before_change else 0
    if len(words) <= keep_head + keep_tail + 2:
        return text
    head = " ".join(words[:keep_head])
    tail = " ".join(words[len(words) - keep_tail:]) if keep_tail else ""
    return (head + " " if head else "") + "… " + tail


def render_diff(diff: Diff, *, color: bool = False) -> str:
    """The diff for a terminal: moves (subrules that followed their rule folded in), then changes."""
    out = [f"{_label(diff.old)} -> {_label(diff.new)}"]
    folded = _moves_following_parent(diff)
    sections = [
        ("Moved", [c for c in diff.of_kind("moved") if c.old_number not in folded]),
        ("Changed", diff.of_kind("changed")),
        ("Added", diff.of_kind("added")),
        ("Removed", diff.of_kind("removed")),
        ("References renumbered only", diff.of_kind("renumbered_refs")),
    ]
    for heading, changes in sections:
        if not changes:
            continue
        out += ["", f"{heading} ({len(changes)}):"]
        out += [_render_change(c, folded, color) for c in changes]
    if diff.terms:
        out += ["", f"Glossary ({len(diff.terms)}):"]
        for term in diff.terms:
            out.append(_render_term(term, color))
    counts = diff.summary()
    out += ["", "Summary: " + ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in counts.items())]
    return "\n".join(out)


def _render_term(term: TermChange, color: bool) -> str:
    if term.kind == "renumbered_refs":
        return f"  {term.name}: references " + ", ".join(f"{a} -> {b}" for a, b in term.refs_renumbered)
    if term.kind == "changed":
        return f"  ~ {term.name}: " + _one_line(render_words(term.words, color=color, context=8))
    sign = "+" if term.kind == "added" else "-"
    return f"  {sign} {term.name}: {_one_line(term.new_definition or term.old_definition or '')}"


def percent(similarity: float) -> str:
    """``0.998`` -> ``99.8%``; never shows 100% for texts that differ."""
    return "100%" if similarity >= 1.0 else f"{min(similarity * 100, 99.9):.1f}%"


def _label(release: Release) -> str:
    return f"{release.id} ({release.effective_date or 'no date'})"


def _moves_following_parent(diff: Diff) -> dict[str, str]:
    """Subrules moved unchanged with their rule (701.32a -> 701.38a when 701.32 -> 701.38): child -> parent."""
    folded: dict[str, str] = {}
    for change in diff.of_kind("moved"):
        old, new = RuleNumber.parse(change.old_number), RuleNumber.parse(change.new_number)
        if old.letter and old.letter == new.letter and change.similarity == 1.0 \
                and diff.mapping.get(str(old.parent)) == str(new.parent) and str(old.parent) != str(new.parent):
            folded[change.old_number] = str(old.parent)
    return folded


def _render_change(change: RuleChange, folded: dict[str, str], color: bool) -> str:
    if change.kind == "added":
        return f"  + {change.new_number} {_one_line(change.new_text or '')}"
    if change.kind == "removed":
        return f"  - {change.old_number} {_one_line(change.old_text or '')}"
    if change.kind == "moved":
        children = sum(1 for parent in folded.values() if parent == change.old_number)
        head = f"  {change.old_number} -> {change.new_number} ({percent(change.similarity)} similar)"
        if children:
            head += f", with its {children} subrule{'s' if children > 1 else ''}"
        body = render_words(change.words, color=color, context=8) if change.reworded else (change.new_text or "")
        return f"{head}: {_one_line(body)}"
    refs = ", ".join(f"{a} -> {b}" for a, b in change.refs_renumbered)
    if change.kind == "renumbered_refs":
        return f"  {change.new_number}: {refs}"
    return f"  {change.new_number} ({percent(change.similarity)} similar): " + \
        _one_line(render_words(change.words, color=color, context=8), limit=None)


def _one_line(text: str, limit: int | None = 400) -> str:
    text = " ".join(text.split())
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


# -- releases named on the command line, and translations made stale -----------

_DATE = re.compile(r"^(\d{4})-?(\d{2})-?(\d{2})$")


def load_release(spec: str, kb: "KnowledgeBase | None" = None, lang: str = "en") -> Document:
    """A rules file (path), or the release of ``kb`` with that effective date (``2025-06-06``/``20250606``)."""
    from pathlib import Path

    from .parsers import parse_source
    from .sources import read_source

    if Path(spec).is_file():
        return parse_source(read_source(spec))
    match = _DATE.match(spec.strip())
    if match is None:
        raise NotFoundError(f"{spec}: no such file, and not a release date (YYYY-MM-DD)")
    date = "-".join(match.groups())
    if kb is None:
        raise NotFoundError(f"{spec}: no such file, and no knowledge base to find release {date} in")
    return release_in_kb(kb, date, lang)


def release_in_kb(kb: "KnowledgeBase", date: str, lang: str = "en") -> Document:
    """The official release of ``kb`` with effective date ``date`` (``lang`` first); never a file path."""
    releases = kb.releases()
    chosen = sorted((d for d in releases if d.effective_date == date), key=lambda d: d.lang != lang)
    if not chosen:
        held = ", ".join(d.effective_date or d.id for d in releases if d.lang == lang) or "none"
        raise NotFoundError(f"no release {date} in the knowledge base (held: {held})")
    return kb.document(chosen[0].id)


def stale_translations(diff: Diff, kb: "KnowledgeBase", lang: str) -> list[dict[str, Any]]:
    """Rules of ``lang`` documents in ``kb`` whose English source (by aligned number) changed in ``diff``.

    The aligned number is read in the old release's numbering first (the translation
    was made before the change), then in the new one's.
    """
    by_old = {c.old_number: c for c in diff.rules if c.old_number}
    by_new = {c.new_number: c for c in diff.rules if c.new_number and c.kind != "added"}
    docs = [d.id for d in kb.documents().values() if d.lang == lang]
    stale = []
    for rule in kb.aligned_numbers(docs):
        change = by_old.get(rule.aligned_number) or by_new.get(rule.aligned_number)
        if change is None:
            continue
        stale.append({"lang": lang, "document": rule.doc_id, "number": rule.number,
                      "aligned_number": rule.aligned_number,
                      "change": change.kind, "old_number": change.old_number, "new_number": change.new_number,
                      "similarity": round(change.similarity, 3), "words": _words_dict(change.words)})
    return stale


def render_stale(stale: list[dict[str, Any]], diff: Diff, lang: str) -> str:
    head = f"{lang} rules whose English source changed from {diff.old.effective_date} to {diff.new.effective_date}"
    if not stale:
        return f"{head}: none"
    out = [f"{head} ({len(stale)}):"]
    for item in stale:
        if item["change"] == "removed":
            what = f"English {item['old_number']} removed"
        elif item["change"] == "moved":
            what = f"English {item['old_number']} moved to {item['new_number']}" + \
                   ("" if item["similarity"] == 1.0 else f" and reworded ({percent(item['similarity'])} similar)")
        elif item["change"] == "renumbered_refs":
            what = f"English {item['new_number']}: references renumbered"
        else:
            what = f"English {item['new_number']} reworded ({percent(item['similarity'])} similar)"
        out.append(f"  {item['number']} [{item['document']}]: {what}")
    return "\n".join(out)
