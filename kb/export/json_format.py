"""JSON: the selection as a nested tree with every language (schema in docs/translators.md).

Sections hold chapters, chapters rules, rules subrules (``children``); a node's
examples are listed under it; glossary terms and rulings are flat lists. Keys are
written in a fixed order with two-space indentation and a final newline, so the same
knowledge base gives the same bytes.
"""

from __future__ import annotations

import bisect
import json
import re
from pathlib import Path
from typing import Any, Iterator

from ..errors import ParseError
from ..numbering import RuleNumber
from ..parsers.json_source import json_kind, refuse_lone_surrogates
from .base import Exporter, ImportedFile, ImportedUnit
from .selection import Selection, Unit

FORMAT_NAME = "mtgkb-export"
VERSION = 1


def texts(unit: Unit, selection: Selection) -> dict[str, Any]:
    out: dict[str, Any] = {selection.source_lang: {"text": unit.source, "source": unit.source_doc}}
    for lang in selection.target_langs:
        found = unit.targets.get(lang)
        item: dict[str, Any] = {"text": found.text if found else None, "state": unit.state(lang),
                                "revision": unit.revision(lang)}
        if found is not None:
            item.update({"source": found.doc_id, "provenance": found.provenance,
                         "effective_date": found.effective_date})
            for key in ("reason", "previous_source", "source_number", "pointer", "translator", "imported"):
                if getattr(found, key):
                    item[key] = getattr(found, key)
        out[lang] = item
    return out


def node(unit: Unit, selection: Selection) -> dict[str, Any]:
    return {"id": unit.id, "number": unit.number, "kind": unit.kind, "texts": texts(unit, selection),
            "examples": [], "children": []}


def tree(selection: Selection) -> list[dict[str, Any]]:
    """Rule units nested under their nearest selected ancestor; examples under their rule."""
    roots: list[dict[str, Any]] = []
    by_number: dict[str, dict[str, Any]] = {}
    for unit in selection.units:
        if unit.kind in ("term", "ruling"):
            continue
        if unit.kind == "example":
            owner = by_number.get(unit.number or "")
            entry = {"id": unit.id, "texts": texts(unit, selection)}
            (owner["examples"] if owner else roots).append(entry)
            continue
        item = node(unit, selection)
        by_number[unit.id] = item
        parent = RuleNumber.parse(unit.id).parent
        while parent is not None and str(parent) not in by_number:
            parent = parent.parent
        (by_number[str(parent)]["children"] if parent is not None else roots).append(item)
    return roots


def write(selection: Selection) -> bytes:
    data = {
        "format": FORMAT_NAME, "version": VERSION,
        "source": {"lang": selection.source_lang, "release": selection.source_release,
                   "document": selection.source_doc, "date": selection.source_date,
                   "documents": list(selection.source_docs)},
        "left_out": [{"reason": item.reason, "ids": list(item.ids)} for item in selection.left_out],
        "targets": list(selection.target_langs),
        "rules": tree(selection),
        "glossary": [{"id": u.id, "names": u.chapter_title, "texts": texts(u, selection)}
                     for u in selection.units if u.kind == "term"],
        "rulings": [{"id": u.id, "card": u.chapter_title, "texts": texts(u, selection)}
                    for u in selection.units if u.kind == "ruling"],
    }
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _walk(nodes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for item in nodes:
        yield item
        if not isinstance(item, dict):
            continue  # reported by the reader
        yield from item.get("examples", ())
        yield from _walk(item.get("children", ()))


# A JSON string, or one of the brackets that open and close objects and arrays (outside strings).
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]')
_WHITESPACE = re.compile(r"\s*")


def object_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of every JSON object in ``text``, in the order the objects close:
    the order in which ``json`` calls ``object_pairs_hook``. A light scan: strings are skipped whole."""
    opened: list[int] = []
    spans: list[tuple[int, int]] = []
    for token in _TOKEN.finditer(text):
        if token.group() == "{":
            opened.append(token.start())
        elif token.group() == "}" and opened:
            spans.append((opened.pop(), token.end()))
    return spans


def second_key_at(text: str, span: tuple[int, int], key: str) -> int:
    """The offset of the second time ``key`` is a key of the object at ``span`` (its own keys only)."""
    start, end = span
    depth, seen = 0, 0
    for token in _TOKEN.finditer(text, start, end):
        mark = token.group()
        if mark in ("{", "["):
            depth += 1
        elif mark in ("}", "]"):
            depth -= 1
        elif depth == 1 and text.startswith(":", _WHITESPACE.match(text, token.end()).end()) \
                and json.loads(mark) == key:
            seen += 1
            if seen == 2:
                return token.start()
    return start


class _Lines:
    """Parses JSON noting the line each object starts on (its first key's), by the object's ``id()``;
    an object that gives one key two different values is a :class:`ParseError` naming the line of the
    key's second use (``json`` would keep the last value silently).

    ``json`` hands each object to ``object_pairs_hook`` as it closes; :func:`object_spans` lists the
    objects of the text in that same order, so the n-th call is the n-th span."""

    def __init__(self, text: str, path: str) -> None:
        self.text, self.path = text, path
        self.at: dict[int, int] = {}  # id() of an object -> the line it starts on
        self.newlines = [m.start() for m in re.finditer("\n", text)]
        self.spans = object_spans(text)
        self.closed = 0
        self.doc = json.loads(text, object_pairs_hook=self._object)

    def line(self, position: int) -> int:
        return bisect.bisect_right(self.newlines, position - 1) + 1

    def _span(self) -> tuple[int, int] | None:
        """The span of the object ``json`` has just closed (None if the scan and ``json`` disagree)."""
        self.closed += 1
        return self.spans[self.closed - 1] if self.closed <= len(self.spans) else None

    def _object(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        span = self._span()
        found: dict[str, Any] = {}
        for key, value in pairs:
            if key in found and found[key] != value:
                line = self.line(second_key_at(self.text, span, key)) if span else None
                raise ParseError(self.path, f"the key \"{key}\" twice in one object, with different values", line)
            found[key] = value
        if span is not None:
            self.at[id(found)] = self.line(_WHITESPACE.match(self.text, span[0] + 1).end())
        return found


def read(data: bytes, path: str) -> ImportedFile:
    try:
        parsed = _Lines(data.decode("utf-8-sig"), path)
    except json.JSONDecodeError as exc:
        raise ParseError(path, f"not a JSON export: {exc.msg[:1].lower()}{exc.msg[1:]} (column {exc.colno})",
                         exc.lineno) from None
    except UnicodeDecodeError as exc:
        raise ParseError(path, f"byte 0x{data[exc.start]:02x} is not UTF-8; save the file as UTF-8",
                         data[:exc.start].count(b"\n") + 1) from None
    except RecursionError:
        raise ParseError(path, "not a JSON export: nested too deeply to read", 1) from None
    except ValueError as exc:  # an integer of thousands of digits (Python's int() limit)
        raise ParseError(path, f"not a JSON export: {str(exc).split(':')[0]}", 1) from None
    refuse_lone_surrogates(parsed.text, path, "JSON export")
    doc = parsed.doc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT_NAME:
        raise ParseError(path, f"not an mtgkb JSON export (no \"format\": \"{FORMAT_NAME}\")", 1)
    header, targets = doc.get("source"), doc.get("targets", [])
    if not isinstance(header, dict) or not isinstance(targets, list):
        raise ParseError(path, "malformed mtgkb JSON export: \"source\" must be an object and \"targets\" a list", 1)
    source = header.get("lang")
    units = []
    items = [*_walk(doc.get("rules", [])), *doc.get("glossary", []), *doc.get("rulings", [])]
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("texts", {}), dict):
            raise ParseError(path, f"malformed mtgkb JSON export: an item is not an object with \"texts\": "
                                   f"{str(item)[:60]}", None)
        if not isinstance(item.get("id", ""), str):
            raise ParseError(path, f"malformed mtgkb JSON export: an item's \"id\" is {json_kind(item['id'])}, not a "
                                   "string", parsed.at.get(id(item)))
        item_texts = item.get("texts", {})
        for lang in [source, *targets]:
            text = (item_texts.get(lang) or {}).get("text") if isinstance(item_texts.get(lang) or {}, dict) else {}
            if text is not None and not isinstance(text, str):
                raise ParseError(path, f"malformed mtgkb JSON export: the {lang} text of {str(item.get('id'))[:40]!r} "
                                       f"is {json_kind(text)}, not a string or null", parsed.at.get(id(item)))
        for lang in targets:
            found = item_texts.get(lang) or {}
            units.append(ImportedUnit(item.get("id", ""), (item_texts.get(source) or {}).get("text"),
                                      found.get("text"), lang, found.get("state"), parsed.at.get(id(item)),
                                      found.get("revision")))
    return ImportedFile("json", source, targets[0] if len(targets) == 1 else None,
                        header.get("release"), tuple(units))


def sniff(data: bytes) -> float:
    return 1.0 if f'"format": "{FORMAT_NAME}"'.encode() in data[:200] else 0.0


def validate(data: bytes, schemas: Path) -> list[str]:
    """A JSON object that names the mtgkb export format (no schema file)."""
    try:
        doc = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        return [f"not JSON: {exc}"]
    if not isinstance(doc, dict) or doc.get("format") != FORMAT_NAME:
        return [f"not an object with \"format\": \"{FORMAT_NAME}\""]
    return []


EXPORTER = Exporter(name="json", label="JSON", extension="json", help="the nested rule tree with every language",
                    write=write, read=read, sniff=sniff, validate=validate, multi_target=True)
