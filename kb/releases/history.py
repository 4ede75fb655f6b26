"""The life of one rule across releases: when it appeared, how it was renumbered and reworded.

A rule is found in one release (by number, or by words such as ``vote``, or by a game term
in any language, ``voto``, through :mod:`kb.vocabulary`), then
followed release by release, backwards and forwards, by content: at each step
the rule with its subrules is looked for at the same number first, then among
the rules of the same kind whose words are most alike (701.32 in 2025-04-04 is
701.38 in 2025-06-06). Each step says what changed since the release before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..errors import NotFoundError
from ..model import Document
from ..numbering import NumberError, RuleNumber, parse_selector
from ..text import one_line
from ..vocabulary import default_vocabulary
from .diff import Release, RuleChange, classify
from ..matching import FUZZY_MIN, Matching, Side, chapter_similarity, match_rules, normalise, similarity

SAME_PLACE = 0.8  # a rule at the same number this similar is the same rule


@dataclass(frozen=True)
class Step:
    """The rule in one release: its number (None when absent) and what changed since the previous one."""

    release: Release
    number: str | None
    status: tuple[str, ...]  # absent | added | removed | first held | renumbered | reworded | ...
    previous_number: str | None = None
    similarity: float | None = None
    changes: tuple[RuleChange, ...] = ()


@dataclass(frozen=True)
class History:
    query: str
    number: str
    release: Release  # where the query was found
    name: str  # the rule's text or title there, shortened
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query, "number": self.number, "found_in": self.release.effective_date,
            "name": self.name,
            "steps": [{"effective_date": s.release.effective_date, "document": s.release.id,
                       "number": s.number, "status": list(s.status), "previous_number": s.previous_number,
                       "similarity": None if s.similarity is None else round(s.similarity, 3),
                       "changes": [c.to_dict() for c in s.changes]} for s in self.steps],
        }


# -- finding the rule asked for -------------------------------------------------

def locate(query: str, sides: list[Side], release: str | None = None) -> tuple[int, str]:
    """The release (index into ``sides``, oldest first) and number of the rule ``query`` names.

    A number is looked for in ``release``, else in the newest release holding it;
    words in the newest release that has a rule they name.
    """
    order = [i for i in reversed(range(len(sides)))
             if release is None or sides[i].doc.effective_date == release]
    if not order:
        held = ", ".join(s.doc.effective_date or s.doc.id for s in sides)
        raise NotFoundError(f"no release {release} among the releases given ({held})")
    number = rule_number(query)
    aliases = english_names(query) if number is None else ()
    if len(aliases) > 1 and not any(_named(sides[i], normalise(query).casefold()) for i in order):
        raise NotFoundError(f"{query!r} names several game terms: {', '.join(aliases)}; ask for one of them")
    hints = concept_rules(query) if number is None else ()
    hints = hints if len(hints) == 1 else ()  # a word naming two terms goes by their names
    for index in order:
        found = str(number) if number is not None and str(number) in sides[index].rules \
            else (_by_hint(sides[index], hints) or find_by_words(sides[index], query, aliases)
                  if number is None else None)
        if found:
            return index, found
    dates = ", ".join(sides[i].doc.effective_date or sides[i].doc.id for i in order)
    what = f"no rule {number}" if number is not None else f"no rule matching {query!r}"
    raise NotFoundError(f"{what} in the releases given ({dates})")


def rule_number(query: str) -> RuleNumber | None:
    """The rule number ``query`` is, typed as people type it (``701.38``, ``CR 701.38``, ``701,38``)."""
    try:
        parsed = parse_selector(query)
    except NumberError:
        return None
    return parsed if isinstance(parsed, RuleNumber) else None


def english_names(words: str) -> tuple[str, ...]:
    """The English name of each game term ``words`` names in any language (``voto`` → Vote,
    ``travolgere`` → Trample; ``pila`` → Pile and Stack), from :mod:`kb.vocabulary`: the rules
    releases are English."""
    concepts = default_vocabulary().lookup(words)
    return tuple(dict.fromkeys(names[0].text for concept in concepts if (names := concept.names_in("en"))))


def concept_rules(words: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The defining rule of each game term ``words`` names, with the term's English names
    (``segnalino`` → 122 Counter, not the 701.6 that English *Counter* also titles), as the
    vocabulary numbers it."""
    return tuple((c.rules[0], tuple(n.text for n in c.names_in("en", obsolete=True)))
                 for c in default_vocabulary().lookup(words) if c.rules)


def _by_hint(side: Side, hints: Iterable[tuple[str, tuple[str, ...]]]) -> str | None:
    """The first hinted rule this release holds under its term's English name (``The Initiative``
    for Initiative); a release numbering the term elsewhere falls back to :func:`find_by_words`."""
    for hint, english in hints:
        rule = side.rules.get(hint)
        title = normalise(rule.title or rule.text).casefold().removeprefix("the ") if rule is not None else ""
        if any(title.startswith(normalise(name).casefold()[:4]) for name in english if name):
            return hint
    return None


def find_by_words(side: Side, words: str, aliases: Iterable[str] = ()) -> str | None:
    """The rule ``words`` names: a rule or chapter so named, a glossary entry's rule (``words`` first,
    then its English ``aliases``), or the most specific rule containing the phrase (then all the words)."""
    query = normalise(words).casefold()
    if not query:
        return None
    for name in (query, *(normalise(alias).casefold() for alias in aliases)):
        named = _named(side, name)
        if named is not None:
            return named
    wanted = query.split()
    containing = [n for n in side.rules if query in side.content(n).casefold()] or \
                 [n for n in side.rules if all(w in side.content(n).casefold() for w in wanted)]
    return min(containing, key=lambda n: len(side.content(n))) if containing else None


def _named(side: Side, name: str) -> str | None:
    """The rule or chapter titled ``name`` (folded), else the first rule its glossary entry cites."""
    for number, rule in side.rules.items():
        if normalise(rule.title or rule.text).casefold().rstrip(".") == name:
            return number
    term = side.terms.get(name)
    for ref in term.refs if term is not None else ():
        if ref in side.rules:
            return ref
    return None


# -- following it ----------------------------------------------------------------

def family_words(side: Side, number: str) -> tuple[str, ...]:
    return side.family_words(number)


def _raw_words(side: Side, number: str) -> frozenset[str]:
    """The words of a rule and its subrules as written: cheap, to pick candidates before comparing."""
    return frozenset(word for n in side.family(number) for word in side.raw[n].split())


def _word_sets(side: Side, kind: str) -> list[tuple[str, frozenset[str]]]:
    cache = side.__dict__.setdefault("_history_sets", {})
    if kind not in cache:
        cache[kind] = [(n, _raw_words(side, n)) for n, r in side.rules.items() if r.kind == kind]
    return cache[kind]


def _texts(side: Side, kind: str) -> frozenset[str]:
    """The texts (titles, for headings) of a release's rules of ``kind``, as compared."""
    cache = side.__dict__.setdefault("_history_texts", {})
    if kind not in cache:
        cache[kind] = frozenset(side.content(n) for n, r in side.rules.items() if r.kind == kind)
    return cache[kind]


def follow(source: Side, number: str, target: Side) -> tuple[str, float] | None:
    """The number of ``source``'s rule ``number`` in ``target``, with the similarity, or None."""
    kind = source.rules[number].kind
    words = family_words(source, number)
    if number in target.rules and target.rules[number].kind == kind:
        sim = similarity(words, family_words(target, number))
        if sim >= SAME_PLACE:
            return number, sim
    mine = _raw_words(source, number)
    overlap = []
    for candidate, theirs in _word_sets(target, kind):
        shared = len(mine & theirs)
        if shared:
            overlap.append((2 * shared / (len(mine) + len(theirs)), candidate))
    overlap.sort(reverse=True)
    heading = kind in ("section", "chapter")  # The Monarch is not The Initiative
    for _dice, candidate in overlap[:6]:
        sim = chapter_similarity(source, number, target, candidate) if heading else \
            similarity(words, family_words(target, candidate), FUZZY_MIN)
        if sim < FUZZY_MIN:
            continue
        # the candidate may simply be the source's own rule of that number, unchanged, or another
        # rule the source holds word for word (2018's "The Monarch" is 2022's, not "The Initiative")
        if candidate != number and candidate in source.rules and source.rules[candidate].kind == kind and \
                similarity(family_words(source, candidate), family_words(target, candidate)) > sim:
            continue
        if target.content(candidate) != source.content(number) and target.content(candidate) in _texts(source, kind):
            continue
        return candidate, sim
    return None


def trace(sides: list[Side], start: int, number: str) -> list[str | None]:
    """The rule's number in every release (None where it is not found)."""
    numbers: list[str | None] = [None] * len(sides)
    numbers[start] = number
    for step in (-1, 1):
        index = start
        while 0 <= index + step < len(sides) and numbers[index] is not None:
            found = follow(sides[index], numbers[index], sides[index + step])
            numbers[index + step] = found[0] if found else None
            index += step
    return numbers


def history(query: str, documents: Iterable[Document], release: str | None = None) -> History:
    """The history of the rule ``query`` (a number or words) across ``documents`` (any order)."""
    docs = sorted(documents, key=lambda d: d.effective_date or "")
    if not docs:
        raise NotFoundError("no rules releases to trace the rule through")
    sides = [Side(doc) for doc in docs]
    start, number = locate(query, sides, release)
    numbers = trace(sides, start, number)
    steps = [_step(sides, numbers, i) for i in range(len(sides))]
    rule = sides[start].rules[number]
    name = one_line(rule.title or rule.text, 80)
    return History(query, number, Release.of(docs[start]), name, tuple(steps))


def _step(sides: list[Side], numbers: list[str | None], i: int) -> Step:
    release, number = Release.of(sides[i].doc), numbers[i]
    before = numbers[i - 1] if i else None
    if number is None:
        return Step(release, None, ("removed",) if before is not None else ("absent",))
    if before is None:
        return Step(release, number, ("added",) if i else ("first held",))
    changes = family_changes(sides[i - 1], before, sides[i], number)
    status: list[str] = []
    if before != number:
        status.append("renumbered")
    if any(c.reworded or c.kind in ("added", "removed") for c in changes):
        status.append("reworded")
    elif any(c.kind == "renumbered_refs" or c.refs_renumbered for c in changes):
        status.append("references renumbered")
    sim = similarity(family_words(sides[i - 1], before), family_words(sides[i], number))
    return Step(release, number, tuple(status) or ("unchanged",), before, sim, tuple(changes))


def family_changes(old: Side, old_number: str, new: Side, new_number: str) -> list[RuleChange]:
    """What changed in a rule and its subrules between two releases (moves with the rule left out)."""
    olds, news = old.family(old_number), new.family(new_number)
    matching: Matching = match_rules(old, new, olds, news, seed={old_number: new_number})
    changes, _ = classify(matching, olds, news)
    return [c for c in changes if not _moved_with_rule(c, old_number, new_number)]


def _moved_with_rule(change: RuleChange, old_number: str, new_number: str) -> bool:
    """A renumbering that only follows the rule's own (701.32a -> 701.38a, or 701.32 -> 701.38 itself)."""
    if change.kind != "moved" or change.similarity < 1.0 or change.refs_renumbered:
        return False
    if (change.old_number, change.new_number) == (old_number, new_number):
        return True
    old, new = RuleNumber.parse(change.old_number), RuleNumber.parse(change.new_number)
    return old.letter == new.letter and str(old.parent) == old_number and str(new.parent) == new_number
