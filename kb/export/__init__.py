"""Translator exports: one module per output format behind one registry.

Each module defines ``EXPORTER`` (:class:`~kb.export.base.Exporter`): a name, the names
users may type for it, a file extension, a help line, ``write(Selection) -> bytes``, a
validator and, for the formats translators send back, ``read(bytes, path) -> ImportedFile``.
The ``--format`` help, the unknown-format error, import detection and the conformance
tests all read :data:`EXPORTERS`: a new format is one module and one line below.
:mod:`kb.export.selection` picks the units,
:mod:`kb.export.importer` stores translations read back, :mod:`kb.export.status`
counts what is translated, missing, stale or orphaned.
"""

from __future__ import annotations

from ..errors import KBError, UnknownFormatError
from . import csv_format, json_format, po, tbx, tbx3, tmx, xliff12, xliff21
from .base import Exporter, ImportedFile, ImportedUnit, ValidatorUnavailable, refuse_declarations
from .selection import Selection, Unit, select

EXPORTERS: dict[str, Exporter] = {exp.name: exp for exp in (
    xliff12.EXPORTER,
    xliff21.EXPORTER,
    tmx.EXPORTER,
    po.EXPORTER,
    tbx.EXPORTER,
    tbx3.EXPORTER,
    csv_format.EXPORTER,
    json_format.EXPORTER,
)}

# Other names users may type for a format.
ALIASES: dict[str, str] = {alias: exp.name for exp in EXPORTERS.values() for alias in exp.aliases}


def format_help() -> str:
    """The ``--format`` help: each format with its aliases and help line."""
    def named(exp: Exporter) -> str:
        return f"{exp.name} (or {', '.join(exp.aliases)})" if exp.aliases else exp.name
    return "; ".join(f"{named(exp)}: {exp.help}" for exp in EXPORTERS.values()) + "."


def exporter(name: str) -> Exporter:
    key = ALIASES.get(name.lower(), name.lower())
    if key not in EXPORTERS:
        raise KBError(f"unknown export format {name!r} (choose from {', '.join(EXPORTERS)})")
    return EXPORTERS[key]


def export(selection: Selection, format_name: str) -> bytes:
    """The bytes of ``selection`` written in ``format_name``."""
    return exporter(format_name).write(selection)


def read_translations(data: bytes, path: str) -> ImportedFile:
    """Read a translator's file in whichever importable format its content shows.

    A termbase (TBX) is recognised but refused: it holds glossary terms for translators' tools,
    not translations of rules, so it is an export-only format. XML declaring a DTD or entities
    is refused before anything else (a long DTD would hide what the file is).
    """
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        refuse_declarations(data, path)
    best, score = None, 0.0
    for exp in EXPORTERS.values():
        if exp.read is None:
            continue
        confidence = exp.sniff(data)
        if confidence > score:
            best, score = exp, confidence
    readable = ", ".join(exp.label for exp in EXPORTERS.values() if exp.read is not None and exp.carries == "units")
    if best is None:
        raise UnknownFormatError(path, f"not a translation file mtgkb reads ({readable})", 1)
    if best.carries == "terms":
        raise KBError(f"{path}: a {best.label} termbase is an export-only format (terms for translators' tools); "
                      f"import a translation file instead ({readable})")
    return best.read(data, path)


__all__ = ["ALIASES", "EXPORTERS", "Exporter", "ImportedFile", "ImportedUnit", "Selection", "Unit",
           "ValidatorUnavailable", "export", "exporter", "format_help", "read_translations", "select"]
