"""CSV: one row per unit, for spreadsheets.

Columns: ``number`` (the unit id), ``chapter`` (``400. General``), one column per
language (source first, then each target), then ``status`` (one target) or
``status_<lang>`` (several): ``new``, ``translated`` or ``stale``, ``revision``
(or ``revision_<lang>``): the revision of the target text exported (``mtgkb import``
reports a unit whose text changed in the knowledge base since as a conflict; keep the
column), ``reason`` (or ``reason_<lang>``): why a stale text needs review, and
``previous_source`` (or ``previous_source_<lang>``): the source text a stale text was
translated from, to compare with the current one. A stale
text is imported once its status says ``translated``. RFC 4180 quoting, ``\\r\\n`` row
ends, UTF-8 without a BOM; texts keep their newlines inside quotes. A text starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return is written after an apostrophe (``'-1/-1``), so a spreadsheet
shows it as text instead of running it as a formula; the import takes that apostrophe off. So is a
unit number a spreadsheet would read as another number (``'400.10``, not 400.1).

Import reads files as spreadsheets save them: a UTF-8 BOM, UTF-16 or Windows-1252 text,
cells separated by commas, semicolons (Excel in Italian and French locales) or tabs,
read from the header line; the header names the columns, so reordered or extra columns
are fine, and a language column may be named ``it``, ``it-IT`` or ``Italiano``. The English
column is the source (the releases are English) wherever it stands; the others are targets.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ParseError, SourceError
from ..model import LANGUAGES
from ..sources import decode
from ..text import counted, fold
from .base import Exporter, ImportedFile, ImportedUnit
from .selection import Selection, Unit

DELIMITERS = (",", ";", "\t")
SOURCE_LANG = "en"
ID_COLUMNS = ("number", "id", "unit", "rule", "numero", "numéro")
LANGUAGE_NAMES = {fold(name): code for code, names in {
    "en": ("English", "Inglese", "Anglais"),
    "it": ("Italian", "Italiano", "Italien"),
    "fr": ("French", "Francese", "Français"),
}.items() for name in names}


def status_column(selection: Selection, lang: str) -> str:
    return "status" if len(selection.target_langs) == 1 else f"status_{lang}"


def write(selection: Selection) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    langs = (selection.source_lang, *selection.target_langs)
    targets = selection.target_langs
    writer.writerow(["number", "chapter", *langs, *(status_column(selection, t) for t in targets),
                     *(status_column(selection, t).replace("status", "revision") for t in targets),
                     *(status_column(selection, t).replace("status", "reason") for t in targets),
                     *(status_column(selection, t).replace("status", "previous_source") for t in targets)])
    for unit in selection.units:
        chapter = f"{unit.chapter}. {unit.chapter_title}" if unit.chapter and unit.chapter_title else ""
        writer.writerow([number_cell(unit.id), *map(inert, [chapter, unit.source, *(unit.target(t) or "" for t in targets)]),
                         *(unit.state(t) for t in targets), *(unit.revision(t) for t in targets),
                         *(inert(_reason(unit, t)) for t in targets), *(inert(_previous(unit, t)) for t in targets)])
    return buffer.getvalue().encode("utf-8")


# A cell starting with one of these is a formula to a spreadsheet (OWASP's CSV injection list); an
# apostrophe before it makes it text there, and the import takes the apostrophe off again.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert(text: str) -> str:
    """``text`` as a spreadsheet shows it without running it: an apostrophe before a formula start."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def number_cell(unit_id: str) -> str:
    """A unit id a spreadsheet would turn into another number (``400.10`` -> ``400.1``) after an apostrophe,
    which keeps it text; the others as they are."""
    return "'" + unit_id if _NUMBER.fullmatch(unit_id) and unit_id.endswith("0") and "." in unit_id else unit_id


_NUMBER = re.compile(r"\d+\.\d+")


def restored(text: str) -> str:
    """A cell written by :func:`inert` back to its text (an apostrophe before a formula start taken off)."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_STARTS) else text


def _reason(unit: Unit, lang: str) -> str:
    found = unit.targets.get(lang)
    return found.reason or "" if found is not None and found.state == "stale" else ""


def _previous(unit: Unit, lang: str) -> str:
    found = unit.targets.get(lang)
    return found.previous_source or "" if found is not None else ""


def read(data: bytes, path: str) -> ImportedFile:
    rows = _rows(data, path)
    if not rows:
        raise ParseError(path, "empty CSV file", 1)
    _line, header = rows[0]
    columns = read_header(header)
    if columns.id is None:
        raise ParseError(path, "no 'number' (or 'id') column in the header", 1)
    if len(columns.langs) < 2:
        raise ParseError(path, "the header needs a source and a target language column (en, it, fr, "
                               "or English, Italiano, Français...)", 1)
    (source, source_at), targets = source_column(columns.langs)
    single = len(targets) == 1
    units = []
    for line, cells in rows[1:]:
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) != len(header):  # a cell lost or split: the columns no longer say what each cell is
            raise ParseError(path, f"row has {counted(len(cells), 'field')}, the header has {len(header)}", line)
        for lang, at in targets:
            status = _cell(cells, columns.status.get(lang, columns.status.get("") if single else None))
            revision = _cell(cells, columns.revision.get(lang, columns.revision.get("") if single else None))
            units.append(ImportedUnit(cells[columns.id].strip().removeprefix("'"), restored(cells[source_at]),
                                      restored(cells[at]) or None, lang, status or None, line, revision or None))
    return ImportedFile("csv", source, targets[0][0] if single else None, None, tuple(units))


def source_column(langs: list[tuple[str, int]]) -> tuple[tuple[str, int], list[tuple[str, int]]]:
    """The source language column and the target ones, whatever their order: the source is English
    (the language of the rules releases) when the file has an English column, else the first."""
    source = next((column for column in langs if column[0] == SOURCE_LANG), langs[0])
    return source, [column for column in langs if column != source]


def _cell(cells: list[str], at: int | None) -> str:
    return cells[at].strip() if at is not None and at < len(cells) else ""


def _rows(data: bytes, path: str) -> list[tuple[int, list[str]]]:
    """The rows of a CSV file as a spreadsheet saved it, each with the line it starts on: any BOM and
    encoding kb.sources reads, a comma, semicolon or tab between cells (read from the header line),
    RFC 4180 quoting (a quoted cell may hold newlines)."""
    try:
        text = decode(data, path).text
    except SourceError as exc:
        raise ParseError(path, exc.message, exc.line) from None
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter(text))
    rows, ended = [], 0  # ended: the line the previous row ended on
    try:
        for row in reader:
            rows.append((ended + 1, row))
            ended = reader.line_num
    except csv.Error as exc:
        raise ParseError(path, f"malformed CSV: {exc}", ended + 1) from None
    return rows


def delimiter(text: str) -> str:
    """The cell separator of the header line: the one of ``,`` ``;`` and tab found most often
    outside quotes (Excel writes ``;`` where the decimal mark is a comma, as in Italy and France)."""
    head, quoted = [], False
    for char in text.lstrip("\ufeff"):
        if char == '"':
            quoted = not quoted
        elif char in "\r\n" and not quoted:
            break
        elif not quoted:
            head.append(char)
    counts = {sep: head.count(sep) for sep in DELIMITERS}
    return max(DELIMITERS, key=lambda sep: counts[sep]) if any(counts.values()) else ","


@dataclass
class Columns:
    """Where the header puts the unit id, each language's text, and each language's status and revision
    (key ``""`` for an unsuffixed ``status`` / ``revision``)."""

    id: int | None = None
    langs: list[tuple[str, int]] = field(default_factory=list)
    status: dict[str, int] = field(default_factory=dict)
    revision: dict[str, int] = field(default_factory=dict)


def read_header(header: list[str]) -> Columns:
    columns = Columns()
    for at, cell in enumerate(header):
        name = fold(cell.strip().strip("\ufeff").strip())
        head, _, suffix = name.replace(" ", "_").replace("-", "_").partition("_")
        if name in ID_COLUMNS and columns.id is None:
            columns.id = at
        elif head in ("status", "state", "revision") and (not suffix or language_of(suffix)):
            (columns.revision if head == "revision" else columns.status)[language_of(suffix) or ""] = at
        elif language_of(name) and language_of(name) not in dict(columns.langs):
            columns.langs.append((language_of(name) or "", at))
    return columns


def language_of(name: str) -> str | None:
    """``it``, ``it-IT``, ``it_it``, ``Italiano``, ``Italian``, ``italien`` -> ``it`` (None if not a language)."""
    folded = fold(name.strip())
    code = folded.replace("_", "-").split("-")[0]
    if code in LANGUAGES:
        return code
    return LANGUAGE_NAMES.get(folded)


def sniff(data: bytes) -> float:
    try:
        text = decode(data[:4000], "<head>", partial=True).text
    except SourceError:
        return 0.0
    first = text.lstrip("\ufeff").splitlines()[0] if text.strip() else ""
    try:
        header = next(csv.reader([first], delimiter=delimiter(first)))
    except (csv.Error, StopIteration):
        return 0.0
    columns = read_header(header)
    if columns.id is not None and len(columns.langs) >= 2:
        return 0.8
    # a spreadsheet missing a column: read it, to say which column is missing
    return 0.3 if len(header) >= 3 and (columns.id is not None or columns.langs) else 0.0


def validate(data: bytes, schemas: Path) -> list[str]:
    """UTF-8 rows of one length under a header that starts ``number, chapter`` (no schema file)."""
    try:
        rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    except (UnicodeDecodeError, csv.Error) as exc:
        return [f"not UTF-8 CSV: {exc}"]
    if not rows or rows[0][:2] != ["number", "chapter"]:
        return ["the header does not start with number, chapter"]
    return [f"row {index} has {counted(len(row), 'cell')}, the header {len(rows[0])}"
            for index, row in enumerate(rows, 1) if len(row) != len(rows[0])]


EXPORTER = Exporter(name="csv", label="CSV", extension="csv",
                    help="one row per unit: number, chapter, a column per language, status", write=write, read=read, sniff=sniff, validate=validate, multi_target=True)
