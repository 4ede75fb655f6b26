"""Scryfall rulings: the bulk ``rulings`` file and a card's ``/cards/{id}/rulings`` answer.

The bulk file is a JSON array of ruling objects; the API answer is a list object
``{"object": "list", "has_more": false, "data": [...]}``. A ruling object is
``{"object": "ruling", "oracle_id", "source": "wotc" | "scryfall",
"published_at": "YYYY-MM-DD", "comment"}``.

Each ruling becomes a :class:`~kb.model.Ruling` (English). Scryfall rulings
name no card, so ``card`` is ``oracle:<oracle_id>`` unless the object carries a
``name`` (some tools add it); :func:`with_card_names` puts names in later from
an oracle id -> name table (MTGJSON's ``identifiers.scryfallOracleId``).
Rulings from ``wotc`` are official, those from ``scryfall`` (notes by the
Scryfall team) community.

Accounting: the unit is the ruling object. ``total`` is the number of objects
in the array; a ruling lands, a repeat of a ruling already read is named
boilerplate (``duplicate ruling``), and anything else (not a ruling object, no
comment, unknown source) is unparsed with its reason. ``Unparsed.line`` is the
object's 1-based position in the array, not a file line; JSON decoding errors
name the file line.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Mapping

from ..dates import iso_date
from ..errors import ParseError
from ..model import Document, Ruling
from ..sources import Source
from .base import Format, LineLedger
from .json_source import json_head, load_json

PROVENANCE_BY_SOURCE = {"wotc": "official", "scryfall": "community"}
ORACLE_PREFIX = "oracle:"

_RULING_OBJECT = re.compile(r'"object"\s*:\s*"ruling"')
_LIST_OBJECT = re.compile(r'"object"\s*:\s*"list"')
_EMPTY_LIST = re.compile(r'"data"\s*:\s*\[\s*\]')


def detect(source: Source) -> float:
    """Scryfall rulings when the JSON holds ruling objects (an empty rulings list is a guess)."""
    head = json_head(source)
    if not head:
        return 0.0
    if _RULING_OBJECT.search(head) and '"oracle_id"' in head:
        return 1.0
    if head.startswith("{") and _LIST_OBJECT.search(head) and _EMPTY_LIST.search(head):
        return 0.3  # a card with no rulings: the answer names no object type
    return 0.0


def rulings_array(payload: Any, path: str) -> list[Any]:
    """The ruling objects of a bulk array or of a list answer."""
    if isinstance(payload, list):
        return payload
    if isinstance(payload, dict) and payload.get("object") == "list" and isinstance(payload.get("data"), list):
        return payload["data"]
    if isinstance(payload, dict) and payload.get("object") == "error":
        raise ParseError(path, f"a Scryfall error answer, not rulings: {payload.get('details', '')}"[:200], 1)
    raise ParseError(path, 'not Scryfall rulings: expected an array or {"object": "list", "data": [...]}', 1)


def parse(source: Source) -> Document:
    payload = load_json(source, "Scryfall rulings")
    objects = rulings_array(payload, source.path)
    ledger = LineLedger(len(objects))
    if isinstance(payload, dict) and payload.get("has_more"):
        ledger.warn(source.path, 1, "has_more is true: only this page of rulings was read")
    rulings: dict[tuple[str, str | None, str, str], Ruling] = {}
    by_source: dict[str, int] = {}
    for position, obj in enumerate(objects, 1):
        ruling, problem = ruling_from_object(obj)
        if ruling is None:
            ledger.reject(position, str(obj)[:120], problem)
            continue
        key = (ruling.card or "", ruling.date, ruling.text, ruling.source or "")
        if key in rulings:
            ledger.skip("duplicate ruling")
            continue
        rulings[key] = ruling
        by_source[ruling.source or ""] = by_source.get(ruling.source or "", 0) + 1
        ledger.land()
    found = tuple(rulings.values())
    dates = [r.date for r in found if r.date]
    return Document(
        id=source.id, lang="en", format=FORMAT.name, path=source.path, sha256=source.sha256,
        title="Scryfall rulings", effective_date=max(dates) if dates else None, provenance="official",
        rulings=found,
        meta={"objects": len(objects), "rulings": len(found), "by_source": by_source,
              "cards": len({r.card for r in found}), "has_more": bool(isinstance(payload, dict) and payload.get("has_more"))},
        accounting=ledger.account(), warnings=tuple(ledger.warnings))


def ruling_from_object(obj: Any) -> tuple[Ruling | None, str]:
    """A :class:`Ruling` from one Scryfall ruling object, or None and the reason it is not one."""
    if not isinstance(obj, dict) or obj.get("object", "ruling") != "ruling":
        kind = obj.get("object") if isinstance(obj, dict) else type(obj).__name__
        return None, f"not a ruling object ({kind})"
    comment = obj.get("comment")
    if not isinstance(comment, str) or not comment.strip():
        return None, "ruling without a comment"
    source = obj.get("source")
    provenance = PROVENANCE_BY_SOURCE.get(source) if isinstance(source, str) else None
    if provenance is None:
        return None, f"unknown ruling source {source!r} (expected wotc or scryfall)"
    name, oracle_id = obj.get("name"), obj.get("oracle_id")
    if isinstance(name, str) and name.strip():
        card = name.strip()
    elif isinstance(oracle_id, str) and oracle_id.strip():
        card = ORACLE_PREFIX + oracle_id.strip()
    else:
        return None, "ruling without oracle_id or card name"
    published = obj.get("published_at")
    date = iso_date(published)
    if published and date is None:
        return None, f"published_at {published!r} is not a date"
    return Ruling(text=comment, lang="en", date=date, source=source, provenance=provenance, card=card), ""


def with_card_names(doc: Document, names: Mapping[str, str]) -> Document:
    """``doc`` with ``oracle:<id>`` card fields replaced by names from ``names`` (oracle id -> name)."""
    def named(ruling: Ruling) -> Ruling:
        card = ruling.card or ""
        if card.startswith(ORACLE_PREFIX) and card[len(ORACLE_PREFIX):] in names:
            return dataclasses.replace(ruling, card=names[card[len(ORACLE_PREFIX):]])
        return ruling

    return dataclasses.replace(doc, rulings=tuple(named(r) for r in doc.rulings))



FORMAT = Format("scryfall-rulings", "Scryfall rulings: bulk rulings file or a card's rulings list",
                detect, parse)
