"""Translator exports: one module per output format behind one registry.

Each module defines ``EXPORTER`` (:class:`~kb.export.base.Exporter`): a name, a file
extension, ``write(Selection) -> bytes`` and, for the formats translators send back,
``read(bytes, path) -> ImportedFile``. :mod:`kb.export.selection` picks the units,
:mod:`kb.export.importer` stores translations read back, :mod:`kb.export.status`
counts what is translated, missing, stale or orphaned.
"""

from __future__ import annotations

from ..errors import KBError, UnknownFormatError
from . import csv_format, json_format, po, tbx, tmx, xliff12, xliff21
from .base import Exporter, ImportedFile, ImportedUnit
from .selection import Selection, Unit, select

EXPORTERS: dict[str, Exporter] = {exp.name: exp for exp in (
    xliff12.EXPORTER,
    xliff21.EXPORTER,
    tmx.EXPORTER,
    po.EXPORTER,
    tbx.EXPORTER,
    csv_format.EXPORTER,
    json_format.EXPORTER,
)}

# Names users may type for a format.
ALIASES = {"xliff": "xliff12", "xlf": "xliff12", "xliff2": "xliff21", "gettext": "po"}


def exporter(name: str) -> Exporter:
    key = ALIASES.get(name.lower(), name.lower())
    if key not in EXPORTERS:
        raise KBError(f"unknown export format {name!r} (choose from {', '.join(EXPORTERS)})")
    return EXPORTERS[key]


def export(selection: Selection, format_name: str) -> bytes:
    """The bytes of ``selection`` written in ``format_name``."""
    return exporter(format_name).write(selection)


def read_translations(data: bytes, path: str) -> ImportedFile:
    """Read a translator's file in whichever importable format its content shows."""
    best, score = None, 0.0
    for exp in EXPORTERS.values():
        if exp.read is None:
            continue
        confidence = exp.sniff(data)
        if confidence > score:
            best, score = exp, confidence
    if best is None:
        raise UnknownFormatError(path, "not a translation file mtgkb reads (XLIFF 1.2/2.1, TMX, PO, CSV, JSON, TBX)", 1)
    return best.read(data, path)


__all__ = ["EXPORTERS", "Exporter", "ImportedFile", "ImportedUnit", "Selection", "Unit", "export", "exporter",
           "read_translations", "select"]
