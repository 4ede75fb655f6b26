"""When is a translation stale?

A target text is stale when the source text changed since the source release the
translation was made from. Three checks find it, each a function in
:data:`CHECKS` returning a reason or None (the first reason wins):

- ``alignment``: the text carries another number than the source rule it was
  aligned to by content (:mod:`kb.align` found it renumbered): it was made from
  a release numbered differently, so a human must look at it. A low alignment
  confidence alone is not staleness (a faithful translation shares few words
  with its source); ``mtgkb align`` lists those.
- ``recorded source``: an imported translation recorded the source text it was
  made from (``Document.meta["units"][id]["source_text"]``); it differs from the
  current source text.
- ``source release``: the target document names the source release it was made
  from (``Document.meta["source_release"]``, an effective date); the knowledge
  base holds that release and the text of the rule the translation sits at in it
  (its placement in that release's numbering) differs from the current one.

The numbers come from the alignment to the release exported (``RuleVersion``), and
to the source release for the last check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..store import ImportRecord, KnowledgeBase, RuleVersion


def same_text(a: str, b: str) -> bool:
    """Equal up to runs of white space (CAT tools re-wrap lines)."""
    return " ".join(a.split()) == " ".join(b.split())


@dataclass
class StaleContext:
    """Read-through caches for the checks (document meta, old releases' texts)."""

    kb: KnowledgeBase
    source_lang: str
    _meta: dict[str, dict] = field(default_factory=dict)
    _release_texts: dict[str, dict[str, tuple[str, list[str]]]] = field(default_factory=dict)
    _imports: dict[str, dict[str, ImportRecord]] = field(default_factory=dict)
    _placed: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)

    def meta(self, doc_id: str) -> dict:
        if doc_id not in self._meta:
            self._meta[doc_id] = self.kb.document_meta(doc_id)
        return self._meta[doc_id]

    def imported(self, doc_id: str, unit_id: str) -> ImportRecord | None:
        """Who imported ``unit_id`` of ``doc_id`` and when (None unless it is a translator's import)."""
        if doc_id not in self._imports:
            self._imports[doc_id] = self.kb.import_records(doc_id)
        return self._imports[doc_id].get(unit_id)

    def placed(self, doc_id: str, date: str) -> dict[str, str]:
        """Rule number in document ``doc_id`` -> the number it is aligned to in the release of ``date``."""
        if (doc_id, date) not in self._placed:
            self._placed[(doc_id, date)] = {a.number: a.aligned_number for a in self.kb.aligned_numbers([doc_id], date)}
        return self._placed[(doc_id, date)]

    def release_texts(self, date: str) -> dict[str, tuple[str, list[str]]]:
        """number -> (text or title, examples) in the source-language release of ``date`` ({} if not held)."""
        if date not in self._release_texts:
            release = [d.id for d in self.kb.releases() if d.lang == self.source_lang and d.effective_date == date]
            texts: dict[str, tuple[str, list[str]]] = {}
            for version in self.kb.rule_versions(release[:1]):
                rule = version.rule
                main = (rule.title or rule.text or "") if rule.kind in ("section", "chapter") else (rule.text or "")
                texts[rule.number] = (main, [e.text for e in rule.examples])
            self._release_texts[date] = texts
        return self._release_texts[date]


def by_alignment(unit_id: str, source_text: str, version: RuleVersion, context: StaleContext) -> str | None:
    """A text made for another number is stale when the English it was translated from is not known; when
    it is, renumbering alone is no reason (renumbered, English unchanged: current), and a changed English
    is what :func:`by_recorded_source` and :func:`by_source_release` report."""
    if version.rule.number == version.aligned_number:
        return None
    for known in (recorded_source(unit_id, version, context), old_release_text(unit_id, version, context)):
        if known is not None and known[0]:
            return None  # renumbered with the same English: current; with another: the checks below say so
    return (f"numbered {version.rule.number} in its source, aligned to {version.aligned_number} by "
            f"{version.align_method} (confidence {version.align_confidence:.2f}); check it")


def own_unit_id(unit_id: str, version: RuleVersion) -> str:
    """The id ``version``'s document gives the unit exported as ``unit_id`` (its own rule number)."""
    _, mark, example = unit_id.partition("#example-")
    return version.rule.number + mark + example


def recorded_source(unit_id: str, version: RuleVersion, context: StaleContext) -> tuple[str, str | None] | None:
    """The English text an imported unit was translated from and that text's release, as recorded."""
    record = context.meta(version.doc.id).get("units", {}).get(own_unit_id(unit_id, version))
    if not isinstance(record, dict) or not isinstance(record.get("source_text"), str):
        return None
    moved = record.get("moved_from") if isinstance(record.get("moved_from"), dict) else {}
    return record["source_text"], moved.get("source_release") or record.get("source_release")


def by_recorded_source(unit_id: str, source_text: str, version: RuleVersion, context: StaleContext) -> str | None:
    recorded = recorded_source(unit_id, version, context)
    if recorded is None or same_text(recorded[0], source_text):
        return None
    return f"translated from another English text{f' (the release {recorded[1]})' if recorded[1] else ''}"


def old_release_text(unit_id: str, version: RuleVersion, context: StaleContext) -> tuple[str, str] | None:
    """The source text, in the release the target document says it was made from, of the rule the
    target text sits at there, with that release's date (None when not known)."""
    date = context.meta(version.doc.id).get("source_release")
    if not date:
        return None
    old = context.release_texts(date)
    _, _, example = unit_id.partition("#example-")
    number = context.placed(version.doc.id, date).get(version.rule.number) if old else None
    if number not in old:
        return None
    text, examples = old[number]
    if example:
        index = int(example) - 1
        text = examples[index] if index < len(examples) else ""
    return text, date


def by_source_release(unit_id: str, source_text: str, version: RuleVersion, context: StaleContext) -> str | None:
    old = old_release_text(unit_id, version, context)
    return None if old is None or same_text(old[0], source_text) else f"translated from another English text (the release {old[1]})"


def previous_source(unit_id: str, source_text: str, version: RuleVersion, context: StaleContext) -> str | None:
    """The source text a stale translation was made from, when known and not the current one: what a
    translator compares with the new source (PO ``#| msgid``, XLIFF ``alt-trans``)."""
    for found in (recorded_source(unit_id, version, context), old_release_text(unit_id, version, context)):
        if found is not None and found[0] and not same_text(found[0], source_text):
            return found[0]
    return None


Check = Callable[[str, str, RuleVersion, StaleContext], "str | None"]
CHECKS: tuple[Check, ...] = (by_alignment, by_recorded_source, by_source_release)


def stale_reason(unit_id: str, source_text: str, version: RuleVersion, context: StaleContext) -> str | None:
    """Why the target text of ``unit_id`` is stale, or None if it is current."""
    for check in CHECKS:
        reason = check(unit_id, source_text, version, context)
        if reason:
            return reason
    return None
