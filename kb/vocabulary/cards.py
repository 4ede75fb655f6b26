"""Parallel card texts for the learner: English Oracle text beside Italian and French printings.

:func:`read_cards` streams MTGJSON v5 set files from a ``.tar.xz``/``.tar.gz``/``.tar``
archive (one member at a time, never unpacked), a folder of ``*.json`` set files, or one
set file, and joins every printing of a card face into one :class:`ParallelCard`: keyed by
the English face name, with each distinct Italian and French ``(name, type, text)``
printed wording once. Reading needs no network and no other part of the project.
"""

from __future__ import annotations

import json
import tarfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, NamedTuple

from ..errors import SourceError

LANGUAGE_CODES = {"Italian": "it", "French": "fr"}


class Printed(NamedTuple):
    """A card face as printed in one language."""

    lang: str
    name: str
    type: str
    text: str
    date: str = ""  # release date of the newest set printing this wording (ISO)


@dataclass(slots=True)
class ParallelCard:
    """One card face: English name, Oracle text, type line, keywords, and its foreign printings."""

    name: str
    text: str
    type: str
    keywords: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    foreign: list[Printed] = field(default_factory=list)

    def printed(self, lang: str, since: str = "") -> list[Printed]:
        """The distinct printed wordings in ``lang`` (only those printed on or after ``since``)."""
        return [p for p in self.foreign if p.lang == lang and p.date >= since]


@dataclass
class CardReport:
    """What :func:`read_cards` read: set files, card entries, faces, foreign texts per language."""

    sets: int = 0
    entries: int = 0
    foreign: dict[str, int] = field(default_factory=dict)
    version: str = ""  # MTGJSON build of the files (meta.version)
    date: str = ""  # their snapshot date (meta.date)


def read_cards(path: Path, report: CardReport | None = None) -> list[ParallelCard]:
    """Every card face of the set files under ``path``, printings joined, in first-seen order."""
    report = report if report is not None else CardReport()
    cards: dict[str, ParallelCard] = {}
    for name, data in (parsed for file in set_files(Path(path)) for parsed in _parsed(*file)):
        report.sets += 1
        meta = data.get("meta") if isinstance(data, dict) else None
        if isinstance(meta, dict):
            report.version = report.version or str(meta.get("version") or "")
            report.date = report.date or str(meta.get("date") or "")
        date, entries = _card_entries(data, name)
        for entry in entries:
            report.entries += 1
            _add_entry(cards, entry, date, report)
    return list(cards.values())


def set_files(path: Path) -> Iterator[tuple[str, bytes]]:
    """``(name, bytes)`` of each ``*.json`` set file of a folder (sorted), a tar archive of them (in the archive's
    order, read once), or one file."""
    if path.is_dir():
        for child in sorted(path.glob("*.json")):
            yield str(child), child.read_bytes()
    elif path.suffix == ".json":
        yield str(path), path.read_bytes()
    elif path.exists() and tarfile.is_tarfile(path):
        with tarfile.open(path, "r:*") as archive:
            for member in archive:
                if member.isfile() and member.name.endswith(".json"):
                    handle = archive.extractfile(member)
                    if handle is not None:
                        yield f"{path}:{member.name}", handle.read()
    else:
        raise SourceError(str(path), "not an MTGJSON set file, folder of set files or tar archive of them")


def _parsed(name: str, raw: bytes) -> Iterator[tuple[str, Any]]:
    if not raw.strip():
        return  # the archive's allSets.json is empty
    try:
        yield name, json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise SourceError(name, f"not JSON: {exc}") from None


def _card_entries(data: Any, name: str) -> tuple[str, Iterable[dict[str, Any]]]:
    """A set file's release date and its card entries."""
    body = data.get("data") if isinstance(data, dict) else None
    if not isinstance(body, dict) or not isinstance(body.get("cards", []), list):
        raise SourceError(name, "not an MTGJSON v5 set file (no data.cards list)")
    entries = (entry for entry in body.get("cards", []) if isinstance(entry, dict) and entry.get("name"))
    return str(body.get("releaseDate") or ""), entries


def _add_entry(cards: dict[str, ParallelCard], entry: dict[str, Any], date: str, report: CardReport) -> None:
    face = str(entry.get("faceName") or entry["name"])
    card = cards.get(face)
    if card is None:
        card = cards[face] = ParallelCard(
            name=face, text=str(entry.get("text") or ""), type=str(entry.get("type") or ""),
            keywords=tuple(entry.get("keywords") or ()), types=tuple(entry.get("types") or ()),
            supertypes=tuple(entry.get("supertypes") or ()))
    for foreign in entry.get("foreignData") or ():
        lang = LANGUAGE_CODES.get(foreign.get("language")) if isinstance(foreign, dict) else None
        if lang and foreign.get("text"):
            printed = Printed(lang, str(foreign.get("faceName") or foreign.get("name") or ""),
                              str(foreign.get("type") or ""), str(foreign["text"]), date)
            same = next((i for i, p in enumerate(card.foreign) if p[:4] == printed[:4]), None)
            if same is None:
                card.foreign.append(printed)
                report.foreign[lang] = report.foreign.get(lang, 0) + 1
            elif date > card.foreign[same].date:
                card.foreign[same] = printed
