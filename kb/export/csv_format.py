"""CSV: one row per unit, for spreadsheets.

Columns: ``number`` (the unit id), ``chapter`` (``400. General``), one column per
language (source first, then each target), then ``status`` (one target) or
``status_<lang>`` (several): ``new``, ``translated`` or ``stale``. RFC 4180 quoting,
``\\r\\n`` row ends, UTF-8 without a BOM; texts keep their newlines inside quotes.
Import reads the header to find the language columns, so reordered or extra
columns are fine.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ..errors import ParseError
from ..model import LANGUAGES
from .base import Exporter, ImportedFile, ImportedUnit
from .selection import Selection


def status_column(selection: Selection, lang: str) -> str:
    return "status" if len(selection.target_langs) == 1 else f"status_{lang}"


def write(selection: Selection) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    langs = (selection.source_lang, *selection.target_langs)
    writer.writerow(["number", "chapter", *langs, *(status_column(selection, t) for t in selection.target_langs)])
    for unit in selection.units:
        chapter = f"{unit.chapter}. {unit.chapter_title}" if unit.chapter and unit.chapter_title else ""
        writer.writerow([unit.id, chapter, unit.source, *(unit.target(t) or "" for t in selection.target_langs),
                         *(unit.state(t) for t in selection.target_langs)])
    return buffer.getvalue().encode("utf-8")


def read(data: bytes, path: str) -> ImportedFile:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ParseError(path, f"not UTF-8 text (byte {exc.start})", None) from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise ParseError(path, "empty CSV file", 1) from None
    names = [h.strip().lower() for h in header]
    if "number" not in names:
        raise ParseError(path, "no 'number' column in the header", 1)
    langs = [n for n in names if n in LANGUAGES]
    if len(langs) < 2:
        raise ParseError(path, "the header needs a source and a target language column (en, it, fr)", 1)
    source, targets = langs[0], langs[1:]
    at = {n: i for i, n in enumerate(names)}
    units = []
    try:
        rows = [(reader.line_num, row) for row in reader]
    except csv.Error as exc:
        raise ParseError(path, f"malformed CSV: {exc}", reader.line_num) from None
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        cells = row + [""] * (len(names) - len(row))
        for lang in targets:
            status = cells[at["status"]] if "status" in at and len(targets) == 1 else \
                cells[at[f"status_{lang}"]] if f"status_{lang}" in at else ""
            target = cells[at[lang]]
            units.append(ImportedUnit(cells[at["number"]].strip(), cells[at[source]], target or None, lang,
                                      status.strip() or None, line))
    return ImportedFile("csv", source, targets[0] if len(targets) == 1 else None, None, tuple(units))


def sniff(data: bytes) -> float:
    first = data[:2000].decode("utf-8", "replace").lstrip("\ufeff").split("\n", 1)[0].lower()
    cells = [c.strip().strip('"') for c in first.split(",")]
    return 0.8 if "number" in cells and sum(c in LANGUAGES for c in cells) >= 2 else 0.0


def validate(data: bytes, schemas: Path) -> list[str]:
    """UTF-8 rows of one length under a header that starts ``number, chapter`` (no schema file)."""
    try:
        rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    except (UnicodeDecodeError, csv.Error) as exc:
        return [f"not UTF-8 CSV: {exc}"]
    if not rows or rows[0][:2] != ["number", "chapter"]:
        return ["the header does not start with number, chapter"]
    return [f"row {index} has {len(row)} cells, the header {len(rows[0])}"
            for index, row in enumerate(rows, 1) if len(row) != len(rows[0])]


EXPORTER = Exporter(name="csv", label="CSV", extension="csv",
                    help="one row per unit: number, chapter, a column per language, status", write=write, read=read, sniff=sniff, validate=validate, multi_target=True)
