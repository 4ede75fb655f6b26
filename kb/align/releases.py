"""The English releases held: each one a numbering the foreign texts are placed in.

* :func:`english_releases`: one official English rules release per effective date, oldest
  first; the newest is the *reference* (the numbering lookups use unless asked for another).
* :func:`reference_numbers`: each rule of another release to the reference's number of the
  same rule, matched by content (:mod:`kb.matching`). Rulings are linked to reference
  numbers; a lookup in another release reads them through this map.
* :func:`vouched_numbers`: that map turned round for one foreign document: where its texts'
  reference rules are in another release, the evidence that lets weak content keep a text at
  its number there (:func:`kb.align.rules.align_rules`).
* :func:`align_declared`: a translator's import names the rule each text translates in the
  release it was made from; in any other release the text goes where the English text it
  was translated from is found, by content, and nowhere when it is not found.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..model import Document, Example, Rule
from ..numbering import RuleNumber
from ..matching import Side, match_rules
from .result import Alignment, Pair, Placement, RuleLink, Unaligned
from .rules import Target

REFERENCE_LANG = "en"
EXAMPLE_MARK = "#example-"


class Sides:
    """Each English release indexed for matching once (:class:`kb.matching.Side`)."""

    def __init__(self) -> None:
        self._sides: dict[str, Side] = {}

    def __call__(self, doc: Document) -> Side:
        if doc.id not in self._sides:
            self._sides[doc.id] = Side(doc)
        return self._sides[doc.id]


def english_releases(docs: Iterable[Document]) -> list[Document]:
    """The official English rules releases (format ``cr-text``), one per effective date (the
    greatest id among copies), oldest first."""
    by_date: dict[str, Document] = {}
    for doc in docs:
        if doc.format == "cr-text" and doc.lang == REFERENCE_LANG and doc.rules:
            key = doc.effective_date or ""
            if key not in by_date or doc.id > by_date[key].id:
                by_date[key] = doc
    return [by_date[key] for key in sorted(by_date)]


def reference_numbers(release: Document, reference: Document, sides: Sides) -> dict[str, str]:
    """Each rule number of ``release`` -> the number of the same rule in ``reference``, matched by
    content; rules the reference no longer holds are left out."""
    return dict(match_rules(sides(release), sides(reference)).pairs)


def vouched_numbers(result: Alignment, doc: Document, release: Document) -> dict[str, str] | None:
    """Rule number of ``doc`` -> the number of ``release`` whose rule the English releases' matching
    says is the one ``doc``'s text sits at in the reference (None for the reference itself)."""
    numbers = result.release_numbers.get(release.id)
    if numbers is None:
        return None
    in_release = {reference: number for number, reference in numbers.items()}
    return {number: in_release[link.aligned_number] for (doc_id, number), link in result.rules.items()
            if doc_id == doc.id and link.method != "unaligned" and link.aligned_number in in_release}


def align_declared(doc: Document, target: Target, out: Placement, sides: Sides, reference_date: str | None) -> None:
    """Place a translator's import (:mod:`kb.parsers.translation`) in ``target``'s numbering.

    A unit made from ``target``'s release (its recorded ``source_release``; the reference when it
    records none) keeps its number (method ``declared``). Any other goes where the English text it
    was made from (``source_text``, with its examples') is found in ``target`` by content (method
    ``content``, the similarity as confidence), or stays unaligned.
    """
    units: dict[str, Any] = doc.meta.get("units") or {}
    date = target.doc.effective_date
    made_from = _made_from(units)
    elsewhere = [rule for rule in doc.rules if made_from.get(rule.number, reference_date) != date]
    found = _find_sources(doc, elsewhere, units, target, sides) if elsewhere else {}
    moved = {rule.number for rule in elsewhere}
    for rule in doc.rules:
        if rule.number in moved:
            number, confidence = found.get(rule.number, (None, 0.0))
            method = "content"
        else:
            number, confidence = (rule.number if rule.number in target.rule_map else None), 1.0
            method = "declared"
        if number is None:
            out.links[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "unaligned", 0.0)
            out.unaligned.append(Unaligned("rule", doc.id, rule.number, doc.lang,
                                           f"the English text it translates is not in {target.doc.id}",
                                           (rule.text or rule.title or "")[:160]))
            continue
        out.links[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, number, method, round(confidence, 3))
        note = {"lang": doc.lang, **({"source_number": rule.number, "aligned_number": number}
                                     if number != rule.number else {})}
        out.pairs.append(Pair("rule", doc.id, rule.number, target.doc.id, number, method, round(confidence, 3), note))


def _made_from(units: dict[str, Any]) -> dict[str, str]:
    """Rule number -> the effective date of the release its unit was translated from (an example's
    when the rule has no unit of its own that says)."""
    out: dict[str, str] = {}
    for unit_id, record in sorted(units.items(), key=lambda item: EXAMPLE_MARK in item[0]):
        number = unit_id.partition(EXAMPLE_MARK)[0]
        if isinstance(record, dict) and record.get("source_release") and number not in out:
            out[number] = str(record["source_release"])
    return out


def _find_sources(doc: Document, rules: list[Rule], units: dict[str, Any], target: Target,
                  sides: Sides) -> dict[str, tuple[str, float]]:
    """Rule number -> (number in ``target``, similarity) of the English source texts of ``rules``."""
    sources = [_source_rule(rule, units) for rule in rules]
    known = [r for r in sources if r is not None]
    if not known:
        return {}
    recorded = Document(id=f"{doc.id}-sources", lang=REFERENCE_LANG, format="sources", rules=tuple(known))
    matching = match_rules(Side(recorded), sides(target.doc))
    return {number: (found, matching.score.get(number, 0.0)) for number, found in matching.pairs.items()}


def _source_rule(rule: Rule, units: dict[str, Any]) -> Rule | None:
    """The English rule a translated one was made from, as its units recorded it (None if they did not)."""
    def source(unit_id: str) -> str | None:
        record = units.get(unit_id)
        return record.get("source_text") if isinstance(record, dict) else None

    text = source(rule.number)
    examples = tuple(Example(t) for i in range(1, len(rule.examples) + 1)
                     if (t := source(f"{rule.number}{EXAMPLE_MARK}{i}")) is not None)
    if text is None and not examples:
        return None
    kind = RuleNumber.parse(rule.number).kind
    if kind in ("section", "chapter"):
        return Rule(rule.number, kind, "", title=text, examples=examples)
    return Rule(rule.number, kind, text or "", examples=examples)
