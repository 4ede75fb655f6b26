"""MTGJSON v5 card files: one set (``SET.json``) or every set (``AllPrintings.json``).

A set file is ``{"meta": {"date", "version"}, "data": {"code", "name",
"releaseDate", "cards": [...], "tokens": [...]}}``; ``AllPrintings.json`` is
``{"meta": ..., "data": {"SET": {set}, ...}}``. Each card entry is one face of one
printing: ``name`` (``Front // Back`` on every face of a multi-face card),
``faceName``, ``side``, ``type``, ``text`` (English Oracle text), ``manaCost``, ``power``,
``toughness``, ``loyalty``, ``defense``, ``keywords``, ``rulings``
(``[{date, text}]``, English, from Wizards of the Coast) and ``foreignData``
(``[{language, name, type, text}]``; Italian and French are kept).

What the parser yields:

* one :class:`~kb.model.Card` per card name, however many sets and printings
  carry it; ``sets`` lists its set codes (newest release first). The faces of a
  multi-face card are joined in side order: types, mana costs and characteristics
  with `` // `` (a face without one keeps its empty place), texts with a ``//``
  line. ``foreign`` holds every distinct Italian and French
  ``(lang, name, type, text)`` wording, newest printing first, so the first
  entry of a language is its current wording. ``keywords`` joins the ``keywords``
  of every face and printing, in the order first seen.
* one :class:`~kb.model.Ruling` per distinct (card, date, text): faces and
  reprints repeat the same rulings, which are kept once.

Accounting: JSON has no lines in the rules-text sense, so the unit is the card
entry. The ledger ``total`` is the number of entries in ``cards`` plus those in
``tokens``; a card entry with a name lands (also when it only adds a set code
to a card seen before), tokens are named boilerplate (``token``: they carry no
rulings), and an entry that is not an object or has no name is unparsed with
its reason and a warning naming the file and the JSON path (``data.cards[17].name``);
a field of the wrong JSON type (``text: 42``) reads as empty, with such a warning. For
JSON units ``Unparsed.line`` is the entry's 1-based position in its set's ``cards``
array (the set code is in the reason), not a file line; decoding errors do name the
file line. A malformed ruling or foreign entry does
not stop its card from landing; it is reported in ``warnings``.

:func:`merge_documents` (or :class:`CardMerger`, one document at a time) joins
the documents of many set files with the same de-duplication, so a folder of
set files can be ingested without holding them all in memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from ..dates import iso_date
from ..errors import ParseError
from ..model import Card, Document, LineAccount, Ruling, Unparsed
from ..sources import Source
from .base import Format, LineLedger
from .json_source import JsonWarnings, json_head, json_kind, load_json

FOREIGN_LANGUAGES = {"Italian": "it", "French": "fr"}
MAX_RULINGS_PER_CARD, MAX_TRANSLATIONS_PER_FACE = 1000, 200  # read per card (the archive's most: 27, 10)
FACE_TYPE_SEPARATOR = " // "
FACE_TEXT_SEPARATOR = "\n//\n"
# The card fields read as text; another JSON type is a warning (naming its JSON path) and reads as empty.
CARD_STRINGS = ("faceName", "type", "text", "manaCost", "power", "toughness", "loyalty", "defense")

_SET_KEY = re.compile(r'"(?:baseSetSize|totalSetSize|keyruneCode|isFoilOnly|isOnlineOnly)"\s*:')
_META = re.compile(r'"meta"\s*:\s*\{[^{}]*"version"\s*:\s*"\d')


def detect(source: Source) -> float:
    """MTGJSON when a JSON object has a ``data`` member holding MTGJSON set keys."""
    head = json_head(source)
    if not head.startswith("{") or '"data"' not in head or not _SET_KEY.search(head):
        return 0.0
    return 1.0 if _META.search(head) else 0.9


# -- accumulating cards and rulings ---------------------------------------------------


def _wording(faces: list[dict[str, Any]]) -> Card:
    """A printing's English characteristics, its faces joined (the name is set when the card is built)."""
    def joined(key: str) -> str:
        return _join([_str(f.get(key)) for f in faces], FACE_TYPE_SEPARATOR)

    return Card("", joined("type"), _join([_str(f.get("text")) for f in faces], FACE_TEXT_SEPARATOR),
                mana_cost=_join([c for c in (_str(f.get("manaCost")) for f in faces) if c], FACE_TYPE_SEPARATOR),
                power=joined("power"), toughness=joined("toughness"), loyalty=joined("loyalty"),
                defense=joined("defense"))


@dataclass
class _CardAcc:
    """A card being gathered from printings: the newest English wording wins."""

    name: str
    rank: tuple[str, int] = ("", 0)  # (release date, number of faces) of the wording kept
    current: Card = Card("")  # the wording kept: type, text, cost, characteristics
    sets: dict[str, None] = field(default_factory=dict)
    foreign: dict[tuple[str, str, str, str], str] = field(default_factory=dict)  # variant -> newest date
    keywords: dict[str, None] = field(default_factory=dict)

    def wording(self, rank: tuple[str, int], wording: Card) -> None:
        if rank > self.rank:
            self.rank, self.current = rank, wording

    def add_foreign(self, variant: tuple[str, str, str, str], date: str) -> None:
        if variant not in self.foreign or self.foreign[variant] < date:
            self.foreign[variant] = date


class Accumulator:
    """Cards by name and rulings by (card, date, text), shared by parsing and merging."""

    def __init__(self) -> None:
        self.cards: dict[str, _CardAcc] = {}
        self.rulings: dict[tuple[str, str | None, str], Ruling] = {}
        # Rulings read but not kept (no text), once per (card, date, text), for the record.
        self.ignored: dict[tuple[str, str | None, str], None] = {}
        self.set_dates: dict[str, str] = {}

    def card(self, name: str) -> _CardAcc:
        acc = self.cards.get(name)
        if acc is None:
            acc = self.cards[name] = _CardAcc(name)
        return acc

    def ruling(self, ruling: Ruling) -> None:
        key = (ruling.card or "", ruling.date, ruling.text)
        if key not in self.rulings:
            self.rulings[key] = ruling

    def ignore(self, card: str, date: str | None, text: str) -> bool:
        """Record a ruling that cannot be kept; True the first time it is seen."""
        key = (card, date, text)
        if key in self.ignored:
            return False
        self.ignored[key] = None
        return True

    def ignored_rows(self) -> list[dict[str, Any]]:
        return [{"card": card, "date": date, "text": text} for card, date, text in self.ignored]

    def build_cards(self) -> tuple[Card, ...]:
        dates = self.set_dates
        cards = []
        for acc in self.cards.values():
            # Sorting is stable, also in reverse: newest first, first-seen (or code) order among equals.
            foreign = sorted(acc.foreign, key=acc.foreign.__getitem__, reverse=True)
            sets = sorted(sorted(acc.sets), key=lambda code: dates.get(code, ""), reverse=True)
            cards.append(replace(acc.current, name=acc.name, foreign=tuple(foreign), sets=tuple(sets), line=None,
                                 keywords=tuple(acc.keywords)))
        return tuple(cards)


# -- parsing one source --------------------------------------------------------------


def sets_of(payload: Any, path: str) -> list[tuple[str, dict[str, Any]]]:
    """The set objects of a decoded MTGJSON file (one for a set file, all for AllPrintings), each with
    its JSON path (``data``, ``data.C21``)."""
    data = payload.get("data") if isinstance(payload, dict) else None
    if not isinstance(data, dict):
        raise ParseError(path, 'not an MTGJSON file: no "data" object at the top level', 1)
    if "cards" in data:
        return [("data", data)]
    sets = [(f"data.{key}", value) for key, value in data.items() if isinstance(value, dict) and "cards" in value]
    if not sets:
        raise ParseError(path, 'not an MTGJSON file: "data" holds neither a set nor sets with "cards"', 1)
    return sets


class SetReader:
    """Reads the sets of one source into an accumulator, keeping the ledger."""

    def __init__(self, path: str, acc: Accumulator) -> None:
        self.path = path
        self.acc = acc
        self.ledger = LineLedger(0)
        self.foreign_entries = {lang: 0 for lang in FOREIGN_LANGUAGES.values()}
        self.ruling_entries = 0
        self.set_rows: list[dict[str, Any]] = []
        self.paths: dict[int, str] = {}  # id(card entry) -> its JSON path (data.cards[17])
        self.json = JsonWarnings(path, self.ledger.warnings)

    def read(self, where: str, set_obj: dict[str, Any]) -> None:
        self.json.strings(set_obj, where, ("code", "name", "releaseDate"), "read as empty")
        code = _str(set_obj.get("code")) or "?"
        date = iso_date(set_obj.get("releaseDate")) or ""
        self.acc.set_dates[code] = date
        cards = set_obj.get("cards")
        tokens = set_obj.get("tokens")
        if not isinstance(cards, list):
            raise ParseError(self.path, f'set {code}: "cards" is not a list', 1)
        if tokens is not None and not isinstance(tokens, list):
            self.json.warn(f"{where}.tokens", f"{json_kind(tokens)}, not a list: no token read")
        token_count = len(tokens) if isinstance(tokens, list) else 0
        self.ledger.total += len(cards) + token_count
        for _ in range(token_count):
            self.ledger.skip("token")
        printings = self._printings(code, f"{where}.cards", cards)
        for name, faces in printings.values():
            self._printing(code, date, name, faces)
        kind = set_obj.get("type")
        self.set_rows.append({"code": code, "name": set_obj.get("name"), "release_date": date or None,
                              "type": kind if isinstance(kind, str) else None,
                              "printings": len(cards), "tokens": token_count})

    def _printings(self, code: str, where: str, cards: list[Any]) -> dict[Any, tuple[str, list[dict[str, Any]]]]:
        """Card entries grouped into printings: the faces of one printed card go together."""
        groups: dict[Any, tuple[str, list[dict[str, Any]]]] = {}
        for position, entry in enumerate(cards, 1):
            here = f"{where}[{position - 1}]"
            if not isinstance(entry, dict):
                self.ledger.reject(position, repr(entry)[:80], f"set {code}: card entry is not an object")
                self.json.warn(here, f"{json_kind(entry)}, not a card object: left out (in the report of unparsed entries)")
                continue
            name = entry.get("name")
            if not isinstance(name, str) or not name.strip():
                self.ledger.reject(position, _summary(entry), f"set {code}: card has no name")
                found = "no name" if name is None or isinstance(name, str) else f"{json_kind(name)}, not a string"
                self.json.warn(f"{here}.name", f"{found}: card left out (in the report of unparsed entries)")
                continue
            self.json.strings(entry, here, CARD_STRINGS, "read as empty")
            self.paths[id(entry)] = here
            self.ledger.land()
            if entry.get("side"):
                ids = entry.get("otherFaceIds") if isinstance(entry.get("otherFaceIds"), list) else []
                key: Any = (name, frozenset([str(entry.get("uuid") or position), *map(str, ids)]))
            else:
                key = (name, position)
            groups.setdefault(key, (name, []))[1].append(entry)
        return groups

    def _printing(self, code: str, date: str, name: str, faces: list[dict[str, Any]]) -> None:
        faces.sort(key=lambda face: str(face.get("side") or ""))
        name, faces = one_card_of_a_reversible_printing(name, faces)
        card = self.acc.card(name)
        card.sets[code] = None
        self.faces(card, date, name, faces, f"set {code}: ")

    def faces(self, card: _CardAcc, date: str, name: str, faces: list[dict[str, Any]], label: str) -> None:
        """One printing's ``faces`` (in side order, each with its JSON path in :attr:`paths`) into ``card``:
        its wording, Italian and French texts, keywords and rulings; ``label`` starts the warnings (``set C21: ``)."""
        card.wording((date, len(faces)), _wording(faces))
        for variant in self._foreign(label, name, faces):
            card.add_foreign(variant, date)
        for face in faces:
            keywords = face.get("keywords")
            if keywords is not None and not (isinstance(keywords, list) and all(isinstance(k, str) for k in keywords)):
                self.json.warn(f"{self.paths[id(face)]}.keywords", f"{json_kind(keywords)}, not a list of strings: "
                                                         "only its strings read")
            card.keywords.update(dict.fromkeys(k for k in keywords if isinstance(k, str))
                                 if isinstance(keywords, list) else ())
            self._rulings(label, name, face.get("rulings"), f"{self.paths[id(face)]}.rulings")

    def _foreign(self, label: str, name: str, faces: list[dict[str, Any]]) -> list[tuple[str, str, str, str]]:
        by_lang: dict[str, list[dict[str, Any]]] = {}
        for face in faces:
            entries = face.get("foreignData") or []
            where = f"{self.paths[id(face)]}.foreignData"
            if not isinstance(entries, list):
                self.json.warn(where, f"{json_kind(entries)}, not a list: no translation read")
                entries = []
            entries = self._capped(entries, MAX_TRANSLATIONS_PER_FACE, where, f"translations of {name}")
            seen: set[str] = set()
            for index, entry in enumerate(entries):
                if not isinstance(entry, dict):
                    self.json.warn(f"{where}[{index}]", f"{json_kind(entry)}, not an object: left out")
                    continue
                self.json.strings(entry, f"{where}[{index}]", ("language",), "translation left out")
                self.json.strings(entry, f"{where}[{index}]", ("name", "faceName", "type", "text"), "read as empty")
                language = entry.get("language")
                lang = FOREIGN_LANGUAGES.get(language) if isinstance(language, str) else None
                if lang is None:
                    continue
                self.foreign_entries[lang] += 1
                if lang in seen:
                    continue
                seen.add(lang)
                if not _str(entry.get("name")):
                    self.ledger.warn(self.path, 1, f"{label}{name}: {language} entry without a name, kept without it")
                by_lang.setdefault(lang, []).append(entry)
        variants = []
        for lang, entries in by_lang.items():
            foreign_name = _str(entries[0].get("name"))
            if len(entries) > 1 and FACE_TYPE_SEPARATOR.strip() not in foreign_name:
                foreign_name = _join([_str(e.get("faceName") or e.get("name")) for e in entries], FACE_TYPE_SEPARATOR)
            variants.append((lang, foreign_name,
                             _join([_str(e.get("type")) for e in entries], FACE_TYPE_SEPARATOR),
                             _join([_str(e.get("text")) for e in entries], FACE_TEXT_SEPARATOR)))
        return variants

    def _capped(self, entries: list, most: int, where: str, what: str) -> list:
        if len(entries) > most:  # then the first ``most``, with a warning saying how many were left out
            self.json.warn(where, f"{len(entries):,} {what}: only the first {most:,} read, {len(entries) - most:,} left out")
        return entries[:most]

    def _rulings(self, label: str, name: str, rulings: Any, where: str) -> None:
        if not rulings:
            return
        if not isinstance(rulings, list):
            self.json.warn(where, f"{json_kind(rulings)}, not a list: no ruling of {name} read")
            return
        rulings = self._capped(rulings, MAX_RULINGS_PER_CARD, where, f"rulings of {name}")
        for index, entry in enumerate(rulings):
            self.ruling_entries += 1
            if not isinstance(entry, dict) or (entry.get("text") is not None and not isinstance(entry["text"], str)):
                found = f"{json_kind(entry)}, not an object" if not isinstance(entry, dict) else \
                    f"text is {json_kind(entry['text'])}, not a string"
                if self.acc.ignore(name, None, repr(entry)[:80]):
                    self.json.warn(f"{where}[{index}]", f"{found}: ruling of {name} left out")
                continue
            text = entry.get("text") if isinstance(entry, dict) else None
            date = iso_date(entry.get("date")) if isinstance(entry, dict) else None
            if not isinstance(text, str) or not text.strip():
                if self.acc.ignore(name, date, text if isinstance(text, str) else repr(entry)[:80]):
                    self.ledger.warn(self.path, 1, f"{label}{name}: ruling without text, ignored: {str(entry)[:60]}")
                continue
            if date is None and entry.get("date"):
                self.ledger.warn(self.path, 1, f"{label}{name}: ruling date {entry.get('date')!r} is not ISO, kept undated")
            self.acc.ruling(Ruling(text=text, lang="en", date=date, source="wotc", provenance="official", card=name))


def parse(source: Source) -> Document:
    payload = load_json(source, "MTGJSON", repeated := [])  # repeated: the warnings of keys repeated
    sets = sets_of(payload, source.path)
    meta = payload.get("meta") if isinstance(payload.get("meta"), dict) else {}
    acc = Accumulator()
    reader = SetReader(source.path, acc)
    # Newest set first, so the first wording kept is the current one.
    for where, set_obj in sorted(sets, key=lambda pair: iso_date(pair[1].get("releaseDate")) or "", reverse=True):
        reader.read(where, set_obj)
    cards = acc.build_cards()
    rulings = tuple(acc.rulings.values())
    title = (f"MTGJSON {reader.set_rows[0]['code']}: {reader.set_rows[0]['name']}" if len(sets) == 1
             else f"MTGJSON, {len(sets)} sets")
    return Document(
        id=source.id, lang="en", format=FORMAT.name, path=source.path, sha256=source.sha256, title=title,
        effective_date=iso_date(meta.get("date")), provenance="official", rulings=rulings, cards=cards,
        meta=summary_meta(meta.get("version"), reader.set_rows, cards, rulings, reader.ruling_entries,
                   reader.foreign_entries, acc.ignored_rows()),
        accounting=reader.ledger.account(), warnings=(*repeated, *reader.ledger.warnings))


def summary_meta(version: Any, set_rows: list[dict[str, Any]], cards: tuple[Card, ...], rulings: tuple[Ruling, ...],
          ruling_entries: int, foreign_entries: dict[str, int], ignored: list[dict[str, Any]]) -> dict[str, Any]:
    variants = {lang: 0 for lang in FOREIGN_LANGUAGES.values()}
    for card in cards:
        for lang, *_ in card.foreign:
            variants[lang] += 1
    return {
        "mtgjson_version": version, "sets": set_rows,
        "printings": sum(row["printings"] for row in set_rows), "cards": len(cards),
        "rulings": len(rulings), "ruling_entries": ruling_entries, "rulings_ignored": ignored,
        "foreign_entries": dict(foreign_entries), "foreign_variants": variants,
    }


# -- merging many documents -------------------------------------------------------------


class CardMerger:
    """Joins MTGJSON documents one at a time, de-duplicating cards and rulings across them."""

    def __init__(self) -> None:
        self.acc = Accumulator()
        self.set_rows: list[dict[str, Any]] = []
        self.ruling_entries = 0
        self.foreign_entries = {lang: 0 for lang in FOREIGN_LANGUAGES.values()}
        self.versions: dict[str, None] = {}
        self.dates: list[str] = []
        self.total = self.landed = 0
        self.boilerplate: dict[str, int] = {}
        self.unparsed: list[Unparsed] = []
        self.warnings: list[str] = []
        self.sources: list[str] = []

    def add(self, doc: Document) -> None:
        if doc.format != FORMAT.name:
            raise ValueError(f"{doc.path}: a {doc.format} document, not {FORMAT.name}")
        self.sources.append(doc.path)
        rows = doc.meta.get("sets", [])
        self.set_rows.extend(rows)
        for row in rows:
            self.acc.set_dates[row["code"]] = row.get("release_date") or ""
        for card in doc.cards:
            self._card(card)
        for ruling in doc.rulings:
            self.acc.ruling(ruling)
        for row in doc.meta.get("rulings_ignored", []):
            self.acc.ignore(row["card"], row["date"], row["text"])
        self.ruling_entries += doc.meta.get("ruling_entries", 0)
        for lang, count in doc.meta.get("foreign_entries", {}).items():
            self.foreign_entries[lang] = self.foreign_entries.get(lang, 0) + count
        if doc.meta.get("mtgjson_version"):
            self.versions[doc.meta["mtgjson_version"]] = None
        if doc.effective_date:
            self.dates.append(doc.effective_date)
        account = doc.accounting
        self.total += account.total
        self.landed += account.landed
        for what, count in account.boilerplate.items():
            self.boilerplate[what] = self.boilerplate.get(what, 0) + count
        self.unparsed.extend(account.unparsed)
        self.warnings.extend(doc.warnings)

    def _card(self, card: Card) -> None:
        date = max((self.acc.set_dates.get(code, "") for code in card.sets), default="")
        acc = self.acc.card(card.name)
        acc.sets.update(dict.fromkeys(card.sets))
        acc.keywords.update(dict.fromkeys(card.keywords))
        acc.wording((date, card.type.count(FACE_TYPE_SEPARATOR) + 1), card)
        for variant in card.foreign:
            acc.add_foreign(variant, date)

    def document(self, doc_id: str = "mtgjson-merged") -> Document:
        cards = self.acc.build_cards()
        rulings = tuple(self.acc.rulings.values())
        versions = list(self.versions)
        meta = summary_meta(versions[0] if len(versions) == 1 else versions, self.set_rows, cards, rulings,
                     self.ruling_entries, self.foreign_entries, self.acc.ignored_rows())
        meta["sources"] = list(self.sources)
        return Document(
            id=doc_id, lang="en", format=FORMAT.name, title=f"MTGJSON, {len(self.set_rows)} sets",
            effective_date=max(self.dates) if self.dates else None, provenance="official",
            rulings=rulings, cards=cards, meta=meta,
            accounting=LineAccount(total=self.total, landed=self.landed, boilerplate=dict(self.boilerplate),
                                   unparsed=tuple(self.unparsed)),
            warnings=tuple(self.warnings))


def merge_documents(docs: Iterable[Document], doc_id: str = "mtgjson-merged") -> Document:
    """One document for many MTGJSON documents: one card per name, each ruling once.

    ``docs`` may be a generator: each document is released once added.
    """
    merger = CardMerger()
    for doc in docs:
        merger.add(doc)
    return merger.document(doc_id)


# -- small helpers -------------------------------------------------------------------------


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def one_card_of_a_reversible_printing(name: str, faces: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """A printing whose faces are all the same card (a Secret Lair "reversible card": ``Propaganda //
    Propaganda``) is that card, read once by its first face; any other printing is as it is."""
    parts = name.split(FACE_TYPE_SEPARATOR)
    if len(parts) > 1 and len(set(parts)) == 1:
        return parts[0], faces[:1]
    return name, faces


def _join(parts: list[str], separator: str) -> str:
    return separator.join(parts) if any(parts) else ""



def _summary(entry: dict[str, Any]) -> str:
    keys = ("uuid", "number", "faceName", "type")
    return ", ".join(f"{k}={entry[k]}" for k in keys if entry.get(k)) or str(entry)[:80]


FORMAT = Format("mtgjson", "MTGJSON v5 card data: a set file or AllPrintings (cards, rulings, it/fr texts)",
                detect, parse)
