"""Text output of diffs and histories for a terminal: changed words as ``[-old-]{+new+}``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

import click

from ..numbering import RuleNumber
from ..text import counted, one_line
from .diff import Diff, Release, RuleChange, Segment, TermChange

if TYPE_CHECKING:
    from .history import History


# -- diffs -----------------------------------------------------------------------

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
        moved_with = len(diff.of_kind("moved")) - len(changes) if heading == "Moved" else 0
        out += ["", f"{heading} ({len(changes)}" + (f"; {len(changes) + moved_with} with the subrules that "
                                                     f"followed them" if moved_with else "") + "):"]
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
        return f"  ~ {term.name}: " + one_line(render_words(term.words, color=color, context=8))
    sign = "+" if term.kind == "added" else "-"
    return f"  {sign} {term.name}: {one_line(term.new_definition or term.old_definition or '')}"


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
        return f"  + {change.new_number} {one_line(change.new_text or '')}"
    if change.kind == "removed":
        return f"  - {change.old_number} {one_line(change.old_text or '')}"
    if change.kind == "moved":
        children = sum(1 for parent in folded.values() if parent == change.old_number)
        head = f"  {change.old_number} -> {change.new_number} ({percent(change.similarity)} similar)"
        if children:
            head += f", with its {children} subrule{'s' if children > 1 else ''}"
        body = render_words(change.words, color=color, context=8) if change.reworded else (change.new_text or "")
        return f"{head}: {one_line(body)}"
    refs = ", ".join(f"{a} -> {b}" for a, b in change.refs_renumbered)
    if change.kind == "renumbered_refs":
        return f"  {change.new_number}: {refs}"
    return f"  {change.new_number} ({percent(change.similarity)} similar): " + \
        one_line(render_words(change.words, color=color, context=8), limit=None)


# -- translations made stale ---------------------------------------------------

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
        out.append(f"  {item['number']} [{item.get('source') or item['document']}]: {what}")
    return "\n".join(out)


# -- histories ------------------------------------------------------------------

def render_history(result: History, *, color: bool = False) -> str:
    first, last = result.steps[0].release, result.steps[-1].release
    out = [f"{result.number} {result.name} (as numbered in {result.release.effective_date}), "
           f"{counted(len(result.steps), 'release')} from {first.effective_date} to {last.effective_date}:"]
    for step in result.steps:
        number = step.number or "-"
        status = ", ".join(step.status)
        if "renumbered" in step.status:
            status = status.replace("renumbered", f"renumbered {step.previous_number} -> {step.number}", 1)
        out.append(f"  {step.release.effective_date or step.release.id}  {number:<9} {status}")
        for change in step.changes:
            out.append("      " + _render_step_change(change, color))
    return "\n".join(out)


def _render_step_change(change: RuleChange, color: bool) -> str:
    if change.kind == "added":
        return f"+ {change.new_number} {one_line(change.new_text or '', 200)}"
    if change.kind == "removed":
        return f"- {change.old_number} {one_line(change.old_text or '', 200)}"
    where = change.new_number if change.old_number == change.new_number else \
        f"{change.old_number} -> {change.new_number}"
    if change.refs_renumbered and not change.reworded:
        return f"{where}: references " + ", ".join(f"{a} -> {b}" for a, b in change.refs_renumbered)
    return f"{where} ({percent(change.similarity)} similar): " + \
        one_line(render_words(change.words, color=color, context=6), None)
