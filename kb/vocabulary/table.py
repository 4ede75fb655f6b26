"""The vocabulary table on disk: ``corpus/vocabulary.tsv``, UTF-8, tab-separated.

``#`` lines on top are its provenance; then a header row and one row per name::

    id  kind  rules  lang  name  form  cards  score  source  note

Rows of one concept follow each other, English first, each language's preferred name
before its variants. ``rules`` is a space-separated list of rule numbers in the
reference release (empty for concepts without one); a name standing for only some of them
(Italian *pescare*: 121, not the drawn game of 104.4) lists those. Reading needs nothing beyond the
standard library and :mod:`kb.text`, so the lookup path stays light.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Iterable

from .. import tsv
from ..errors import ParseError
from .model import FORMS, KINDS, VOCABULARY_LANGUAGES, Concept, Name

COLUMNS = ("id", "kind", "rules", "lang", "name", "form", "cards", "score", "source", "note")
DEFAULT_TABLE = "vocabulary.tsv"


def default_table_path() -> Path:
    """``vocabulary.tsv`` of the embedded corpus (installed or in the source tree)."""
    import importlib.util

    spec = importlib.util.find_spec("mtgkb_corpus")
    for location in (spec.submodule_search_locations or []) if spec else []:
        if (Path(location) / DEFAULT_TABLE).exists():
            return Path(location) / DEFAULT_TABLE
    return Path(__file__).resolve().parent.parent.parent / "corpus" / DEFAULT_TABLE


def read_table(path: Path) -> tuple[Concept, ...]:
    """The concepts of a vocabulary table, in file order; a malformed row is a one-line error."""
    path = Path(path)
    order: list[str] = []
    heads: dict[str, tuple[str, tuple[str, ...]]] = {}
    names: dict[str, list[Name]] = {}
    header_seen = False
    for number, cells in tsv.rows(path):
        if not header_seen:
            if tuple(cells) != COLUMNS:
                raise ParseError(str(path), f"header must be {' '.join(COLUMNS)}", number)
            header_seen = True
            continue
        concept, kind, rules, name = _parse_row(cells, str(path), number)
        if concept not in heads:
            heads[concept] = (kind, rules)
            order.append(concept)
            names[concept] = []
        elif heads[concept][0] != kind or not set(rules) <= set(heads[concept][1]):
            raise ParseError(str(path), f"{concept}: kind differs from its first row, or rules not among its", number)
        elif rules != heads[concept][1]:
            name = replace(name, rules=rules)  # a name standing for some of the concept's rules
        names[concept].append(name)
    return tuple(Concept(c, heads[c][0], heads[c][1], tuple(names[c])) for c in order)


def _parse_row(cells: list[str], path: str, number: int) -> tuple[str, str, tuple[str, ...], Name]:
    if len(cells) != len(COLUMNS):
        raise ParseError(path, f"expected {len(COLUMNS)} tab-separated cells, got {len(cells)}", number)
    row = dict(zip(COLUMNS, (c.strip() for c in cells)))
    if row["kind"] not in KINDS:
        raise ParseError(path, f"unknown kind {row['kind']!r} (known: {', '.join(KINDS)})", number)
    if row["lang"] not in VOCABULARY_LANGUAGES or row["form"] not in FORMS or not row["name"] or not row["id"]:
        raise ParseError(path, f"bad row: id, name, lang ({'/'.join(VOCABULARY_LANGUAGES)}) "
                               f"and form ({'/'.join(FORMS)}) are required", number)
    try:
        cards, score = int(row["cards"] or 0), float(row["score"] or 1.0)
    except ValueError:
        raise ParseError(path, "cards must be a whole number and score a decimal", number) from None
    name = Name(row["name"], row["lang"], row["form"], cards, score, row["source"], row["note"])
    return row["id"], row["kind"], tuple(row["rules"].split()), name


def format_table(concepts: Iterable[Concept], provenance: Iterable[str] = ()) -> str:
    """The text of a vocabulary table: provenance comment lines, header, rows."""
    lines = [f"# {line}".rstrip() for line in provenance]
    lines.append("\t".join(COLUMNS))
    for concept in concepts:
        for name in _ordered(concept.names):
            cells = (concept.id, concept.kind, " ".join(name.rules or concept.rules), name.lang, name.text, name.form,
                     str(name.cards), f"{name.score:.3f}".rstrip("0").rstrip("."), name.source, name.note)
            lines.append("\t".join(_clean(c) for c in cells))
    return "\n".join(lines) + "\n"


def write_table(path: Path, concepts: Iterable[Concept], provenance: Iterable[str] = ()) -> None:
    Path(path).write_text(format_table(concepts, provenance), encoding="utf-8")


def _ordered(names: Iterable[Name]) -> list[Name]:
    """English first, then Italian, French; in each language preferred, variants, obsolete."""
    return sorted(names, key=lambda n: (VOCABULARY_LANGUAGES.index(n.lang), FORMS.index(n.form)))


def _clean(cell: str) -> str:
    return " ".join(cell.replace("\t", " ").split())
