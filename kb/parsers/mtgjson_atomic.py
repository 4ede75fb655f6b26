"""MTGJSON v5 ``AtomicCards.json``: every card once, by name, with its current Oracle text.

The file is ``{"meta": {"date", "version"}, "data": {NAME: [face, ...]}}``: ``data`` maps each
card name (``Front // Back`` for a multi-face card) to the list of its faces. A face carries what
does not change from printing to printing: ``name``, ``faceName``, ``side``, ``type`` (and its parts
``supertypes``, ``types``, ``subtypes``), ``text`` (English Oracle text), ``manaCost``, ``power``,
``toughness``, ``loyalty``, ``defense``, ``keywords``, ``foreignData`` (``[{language, name,
faceName, type, text}]``; Italian and French are kept), ``rulings`` (``[{date, text}]``, English,
from Wizards of the Coast), ``legalities`` (``{format: "Legal" | "Banned" | "Restricted"}``),
``printings`` (set codes), ``identifiers`` and market data (not read).

What the parser yields is what the set-file parser (:mod:`kb.parsers.mtgjson`) yields, read by its
:class:`~kb.parsers.mtgjson.SetReader`: one :class:`~kb.model.Card` per name, its faces joined in side
order, ``sets`` its ``printings`` in the file's order (the atomic file dates none), ``foreign`` one
Italian and one French wording; one :class:`~kb.model.Ruling` per distinct (card, date, text). The
card model holds no legalities: the document's ``meta["legalities"]`` keeps, per format, the cards
``Banned`` and ``Restricted`` there, and how many entries of each status were read.

Accounting: the unit is the face entry. ``total`` counts the entries of every name's list; a face
of a card lands; an entry that is not an object, or a name whose value is not a list, is unparsed
with its reason and a warning naming its JSON path (``data["Magister of Worth"][0]``). MTGJSON lists
under one name the variants of a few playtest and Un-cards (several cards without ``side``, or a
side repeated): the first card is read, the others are named boilerplate (``variant named alike``),
each name with a warning.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..dates import iso_date
from ..errors import ParseError
from ..model import Document
from ..sources import Source
from .base import Format
from .json_source import json_head, json_kind, load_json
from .mtgjson import CARD_STRINGS, Accumulator, SetReader, one_card_of_a_reversible_printing, summary_meta

WHAT = "MTGJSON AtomicCards"
KEPT_STATUSES = ("Banned", "Restricted")  # the legalities kept by name; "Legal" entries are counted

# "data": { "<a name>": [ {  -- a map of names to lists of objects, then a key only card faces have
_NAME_TO_FACES = re.compile(r'"data"\s*:\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[\s*\{')
_FACE_KEY = re.compile(r'"(?:colorIdentity|convertedManaCost|manaValue|legalities|layout|printings)"\s*:')
_META = re.compile(r'"meta"\s*:\s*\{[^{}]*"version"\s*:\s*"\d')


def detect(source: Source) -> float:
    """AtomicCards when ``data`` maps a name to a list of card faces."""
    head = json_head(source)
    if not head.startswith("{") or not _NAME_TO_FACES.search(head) or not _FACE_KEY.search(head):
        return 0.0
    return 1.0 if _META.search(head) else 0.9


class AtomicReader(SetReader):
    """Reads the names of an AtomicCards ``data`` map into an accumulator, keeping the ledger."""

    def __init__(self, path: str, acc: Accumulator) -> None:
        super().__init__(path, acc)
        self.legalities: dict[str, dict[str, list[str]]] = {status: {} for status in KEPT_STATUSES}
        self.statuses: dict[str, int] = {}
        self.faces_read = 0

    def read_name(self, name: str, entries: Any) -> None:
        where = f"data[{json.dumps(name, ensure_ascii=False)}]"
        if not isinstance(entries, list):
            self.ledger.total += 1
            self.ledger.reject(self.ledger.total, f"{name}: {json_kind(entries)}"[:80], "not a list of card faces")
            self.json.warn(where, f"{json_kind(entries)}, not a list of card faces: card left out (in the report "
                                  "of unparsed entries)")
            return
        faces: list[dict[str, Any]] = []
        for index, entry in enumerate(entries):
            self.ledger.total += 1
            here = f"{where}[{index}]"
            if not isinstance(entry, dict):
                self.ledger.reject(self.ledger.total, repr(entry)[:80], f"{name}: card face is not an object")
                self.json.warn(here, f"{json_kind(entry)}, not a card face object: left out (in the report of "
                                     "unparsed entries)")
                continue
            self.json.strings(entry, here, CARD_STRINGS, "read as empty")
            self.paths[id(entry)] = here
            faces.append(entry)
        if not name.strip():
            for _ in faces:
                self.ledger.reject(self.ledger.total, where, "card without a name")
            self.json.warn(where, "an empty name: card left out (in the report of unparsed entries)")
            return
        cards = _cards(faces)
        if not cards:
            if not entries:
                self.json.warn(where, "an empty list: no card face to read")
            return
        first, variants = cards[0], cards[1:]
        if variants:
            for face in (face for card in variants for face in card):
                self.ledger.skip("variant named alike")
            self.json.warn(where, f"{len(variants) + 1} cards named alike (MTGJSON's variants of one name): only "
                                  "the first is read")
        self._card(name, sorted(first, key=lambda face: str(face.get("side") or "")))

    def _card(self, name: str, faces: list[dict[str, Any]]) -> None:
        self.ledger.land(len(faces))
        self.faces_read += len(faces)
        name, faces = one_card_of_a_reversible_printing(name, faces)
        card = self.acc.card(name)
        card.sets.update(dict.fromkeys(self._printings(faces[0])))
        self.faces(card, "", name, faces, "")
        self._legalities(name, faces[0])

    def _printings(self, face: dict[str, Any]) -> list[str]:
        printings = face.get("printings")
        if printings is None:
            return []
        if not isinstance(printings, list) or not all(isinstance(code, str) for code in printings):
            self.json.warn(f"{self.paths[id(face)]}.printings", f"{json_kind(printings)}, not a list of set codes: "
                                                                "only its strings read")
            printings = printings if isinstance(printings, list) else []
        return [code for code in printings if isinstance(code, str) and code]

    def _legalities(self, name: str, face: dict[str, Any]) -> None:
        legalities = face.get("legalities")
        if legalities is None:
            return
        if not isinstance(legalities, dict):
            self.json.warn(f"{self.paths[id(face)]}.legalities", f"{json_kind(legalities)}, not an object: "
                                                                 "no legality read")
            return
        for fmt, status in legalities.items():
            if not isinstance(status, str):
                self.json.warn(f"{self.paths[id(face)]}.legalities.{fmt}", f"{json_kind(status)}, not a string: "
                                                                           "left out")
                continue
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if status in self.legalities:
                self.legalities[status].setdefault(fmt, []).append(name)


def _cards(faces: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The faces of one name grouped into cards: faces with distinct sides go together; a face without
    a side, or repeating a side, starts another card."""
    cards: list[list[dict[str, Any]]] = []
    sides: set[str] = set()
    for face in faces:
        side = face.get("side")
        side = side if isinstance(side, str) and side else None
        if cards and side is not None and sides and side not in sides:
            cards[-1].append(face)
            sides.add(side)
        else:
            cards.append([face])
            sides = {side} if side is not None else set()
    return cards


def parse(source: Source) -> Document:
    payload = load_json(source, WHAT, repeated := [])  # repeated: the warnings of keys repeated
    data = payload.get("data") if isinstance(payload, dict) else None
    if not isinstance(data, dict):
        raise ParseError(source.path, f'not an {WHAT} file: no "data" object of card names at the top level', 1)
    meta = payload.get("meta") if isinstance(payload.get("meta"), dict) else {}
    acc = Accumulator()
    reader = AtomicReader(source.path, acc)
    for name, entries in data.items():
        reader.read_name(name, entries)
    cards = acc.build_cards()
    rulings = tuple(acc.rulings.values())
    summary = summary_meta(meta.get("version"), [], cards, rulings, reader.ruling_entries, reader.foreign_entries,
                           acc.ignored_rows())
    summary.pop("sets")
    summary.pop("printings")
    summary["faces"] = reader.faces_read
    summary["legalities"] = {**{status.lower(): formats for status, formats in reader.legalities.items()},
                             "entries": reader.statuses}
    return Document(
        id=source.id, lang="en", format=FORMAT.name, path=source.path, sha256=source.sha256, title=WHAT,
        effective_date=iso_date(meta.get("date")), provenance="official", rulings=rulings, cards=cards,
        meta=summary, accounting=reader.ledger.account(), warnings=(*repeated, *reader.ledger.warnings))


FORMAT = Format("mtgjson-atomic", "MTGJSON v5 AtomicCards: every card once, by name (Oracle text, it/fr texts, "
                "rulings)", detect, parse)
