"""Manual review of the learned table: ``corpus/vocabulary-review.tsv``, applied by the learner.

Each row is ``action  id  lang  name  note`` (tab-separated, ``#`` comments), and every row
must say why in its note, which lands in the ``note`` column of the name it touches:

* ``prefer``: ``name`` becomes the preferred name in ``lang`` (added as ``curated`` when
  nothing learned it); the former preferred name becomes a variant;
* ``add``: ``name`` is added as a variant (``curated``), or an existing name becomes one;
* ``obsolete``: ``name`` is kept for search but marked as an old wording (added if absent);
* ``drop``: the learned ``name`` is wrong and removed;
* ``drop-all``: every name of ``lang`` is removed (``name`` is ``*``): evidence too weak;
* ``only``: the names in ``lang`` stand for only these of the concept's rules (``name`` is the
  rule numbers, space-separated): the glossary's *Draw* is 121 and 104.4, Italian *pescare* only 121.

A row that no longer applies (unknown concept, dropping a name nobody learned) is an error,
so the review cannot silently drift from what the learner finds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable

from .. import tsv
from ..errors import ParseError
from .lookup import name_key
from .model import Concept, Name

ACTIONS = ("prefer", "add", "obsolete", "drop", "drop-all", "only")


@dataclass(frozen=True, slots=True)
class Correction:
    action: str
    concept: str
    lang: str
    name: str
    note: str
    line: int


def read_review(path: Path) -> list[Correction]:
    """The corrections of a review file, in order."""
    rows = []
    for number, raw_cells in tsv.rows(path):
        cells = [c.strip() for c in raw_cells]
        if len(cells) != 5 or cells[0] not in ACTIONS or not all(cells):
            raise ParseError(str(path), f"expected action ({'/'.join(ACTIONS)}), id, lang, name, note", number)
        rows.append(Correction(*cells, line=number))
    return rows


def apply_review(concepts: Iterable[Concept], corrections: Iterable[Correction], path: str = "review") -> list[Concept]:
    """The concepts with every correction applied."""
    by_id = {c.id: c for c in concepts}
    order = list(by_id)
    for fix in corrections:
        concept = by_id.get(fix.concept)
        if concept is None:
            raise ParseError(path, f"unknown concept {fix.concept!r}", fix.line)
        names = _restricted(concept, fix, path) if fix.action == "only" else _corrected(list(concept.names), fix, path)
        by_id[fix.concept] = replace(concept, names=tuple(names))
    return [by_id[i] for i in order]


def _restricted(concept: Concept, fix: Correction, path: str) -> list[Name]:
    """``only``: the names of ``fix.lang`` standing for the rules listed, among the concept's."""
    rules = tuple(fix.name.split())
    if not set(rules) <= set(concept.rules) or set(rules) == set(concept.rules):
        raise ParseError(path, f"{concept.id}: 'only' needs some, not all, of its rules {' '.join(concept.rules)}",
                         fix.line)
    return [replace(n, rules=rules, source=_reviewed(n.source), note="; ".join(filter(None, (n.note, fix.note))))
            if n.lang == fix.lang else n for n in concept.names]


def _corrected(names: list[Name], fix: Correction, path: str) -> list[Name]:
    key = name_key(fix.name, fix.lang)
    index = next((i for i, n in enumerate(names) if n.lang == fix.lang and name_key(n.text, n.lang) == key), None)
    if fix.action == "drop-all":
        return [n for n in names if n.lang != fix.lang]
    if fix.action == "drop":
        if index is None:
            raise ParseError(path, f"{fix.concept}: no {fix.lang} name {fix.name!r} to drop", fix.line)
        return names[:index] + names[index + 1:]
    if index is None:
        names.append(Name(fix.name, fix.lang, "variant", 0, 1.0, "curated", fix.note))
        index = len(names) - 1
    else:
        names[index] = replace(names[index], source=_reviewed(names[index].source), note=fix.note)
    if fix.action == "obsolete":
        names[index] = replace(names[index], form="obsolete")
    elif fix.action == "add" and names[index].form != "preferred":
        names[index] = replace(names[index], form="variant")
    elif fix.action == "prefer":
        names = [replace(n, form="variant") if n.lang == fix.lang and n.form == "preferred" else n for n in names]
        chosen = replace(names[index], form="preferred", text=fix.name)
        names = [chosen] + names[:index] + names[index + 1:]
    return names


def _reviewed(source: str) -> str:
    return source if source.endswith("+reviewed") or source == "curated" else f"{source}+reviewed"
