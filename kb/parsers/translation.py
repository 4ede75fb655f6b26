"""Translations imported by ``mtgkb import`` (``KB_DIR/imports/<lang>.json``).

A JSON object written one unit per line, so every line can be accounted for::

    {"format": "mtgkb-translation", "version": 1, "lang": "it", "source_lang": "en", "source_release": "2024-11-08", "units": [
    {"id": "400.7a", "text": "…", "source_text": "…", "source_release": "2024-11-08", "file": "zones.it.xlf", …},
    {"id": "400.6#example-1", "text": "…", …}
    ]}

Each unit is a rule's text (a chapter's or section's title), one of its examples, or a
glossary entry's name (``glossary/Vote``: ``Voto``) or definition (``glossary/Vote#definition``),
with the provenance of the import (file, format, time, translator, the source text and
release it was translated from, the revision it replaced). The document's provenance is
``translator``; the per-unit records land in ``Document.meta["units"]`` (staleness checks,
who and when), and ``Document.meta["terms"]`` maps each glossary name to the English entry
it translates (the alignment pairs them, method ``declared``).
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import ParseError
from ..model import Document, Example, LANGUAGES, Rule, Term
from ..numbering import RuleNumber
from ..sources import Source
from .base import Format, LineLedger
from .json_source import refuse_lone_surrogates

FORMAT_NAME = "mtgkb-translation"
VERSION = 1
EXAMPLE_MARK = "#example-"
GLOSSARY_PREFIX = "glossary/"
DEFINITION_MARK = "#definition"
NAME_SEPARATOR = " / "


def split_glossary_id(unit_id: str) -> tuple[str | None, bool]:
    """``glossary/Vote#definition`` -> (``Vote``, True); not a glossary id -> (None, False)."""
    if not unit_id.startswith(GLOSSARY_PREFIX):
        return None, False
    name = unit_id[len(GLOSSARY_PREFIX):]
    definition = name.endswith(DEFINITION_MARK)
    name = name[: -len(DEFINITION_MARK)] if definition else name
    return (name.strip() or None), definition


def split_names(text: str) -> tuple[str, ...]:
    """A glossary name unit's text back to names: ``Voto / Votazione`` -> (``Voto``, ``Votazione``)."""
    return tuple(part.strip() for part in text.split(NAME_SEPARATOR) if part.strip())


def document_id(lang: str, release: str | None) -> str:
    """``translations-it-2025-11-14``: the document of the ``lang`` units translated from ``release``
    (``translations-it`` when they name none, as the files of older mtgkb versions)."""
    return f"translations-{lang}" + (f"-{release}" if release else "")


def detect(source: Source) -> float:
    head = source.head(300)
    return 1.0 if f'"format": "{FORMAT_NAME}"' in head else 0.0


def dumps(header: dict[str, Any], units: list[dict[str, Any]]) -> str:
    """The file text: the header on the first line, one unit per line, the closing line."""
    head = json.dumps({"format": FORMAT_NAME, "version": VERSION, **header}, ensure_ascii=False)
    lines = [head[:-1] + ', "units": [']
    lines += [json.dumps(u, ensure_ascii=False) + ("," if i < len(units) - 1 else "") for i, u in enumerate(units)]
    lines.append("]}")
    return "\n".join(lines) + "\n"


def parse(source: Source) -> Document:
    try:
        data = json.loads(source.text)
    except json.JSONDecodeError as exc:
        raise ParseError(source.path, f"not a translation file: {exc.msg}", exc.lineno) from None
    except RecursionError:
        raise ParseError(source.path, "not a translation file: JSON nested too deeply to read", 1) from None
    except ValueError as exc:  # an integer of thousands of digits (Python's int() limit)
        raise ParseError(source.path, f"not a translation file: {str(exc).split(':')[0]}", 1) from None
    refuse_lone_surrogates(source.text, source.path, "translation file")
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME or not isinstance(data.get("units"), list):
        raise ParseError(source.path, f"not an {FORMAT_NAME} file", 1)
    lang = data.get("lang")
    if lang not in LANGUAGES:
        raise ParseError(source.path, f"\"lang\" must be one of {', '.join(LANGUAGES)}, not {lang!r}", 1)
    ledger = LineLedger(len(source.lines))
    unit_lines = _unit_lines(source)
    unit_line_set = set(unit_lines)
    records: dict[str, dict[str, Any]] = {}
    texts: dict[str, str] = {}
    examples: dict[str, dict[int, str]] = {}
    glossary: dict[str, dict[str, Any]] = {}
    seen: dict[str, int | None] = {}
    for index, unit in enumerate(data["units"]):
        line = unit_lines[index] if index < len(unit_lines) else None
        if not isinstance(unit, dict):
            raise ParseError(source.path, f"unit {index + 1} is not an object", line)
        unit_id = str(unit.get("id", ""))
        english, definition = split_glossary_id(unit_id)
        if english is not None:
            _glossary_unit(source.path, unit, english, definition, line, glossary.setdefault(english, {}))
            records[unit_id] = {k: v for k, v in unit.items() if k not in ("id", "text")} | {"line": line}
            continue
        head, _, example = unit_id.partition(EXAMPLE_MARK)
        number = RuleNumber.try_parse(head)
        if number is None or not isinstance(unit.get("text"), str) or (example and not example.isdigit()):
            raise ParseError(source.path, f"unit {unit_id!r} is not a rule number with a text", line)
        canonical = str(number) + (EXAMPLE_MARK + example if example else "")
        if canonical in seen:
            raise ParseError(source.path, f"unit {unit_id!r} appears twice (first on line {seen[canonical]})", line)
        seen[canonical] = line
        if example:
            examples.setdefault(str(number), {})[int(example)] = unit["text"]
        else:
            texts[str(number)] = unit["text"]
        records[unit_id] = {k: v for k, v in unit.items() if k not in ("id", "text")} | {"line": line}
    ledger.land(len(unit_lines))
    for number, line in enumerate(source.lines, 1):
        if number in unit_line_set:
            continue
        if line.strip():
            ledger.skip("translation file header" if number == 1 else "translation file syntax")
        else:
            ledger.skip_blank()
    rules = []
    for number in sorted({*texts, *examples}, key=RuleNumber.parse):
        rules.append(_rule(number, texts.get(number), examples.get(number, {}), records))
    terms = [Term(entry["names"], entry.get("definition", ""), refs=tuple(entry.get("refs", ())), line=entry["line"])
             for entry in glossary.values() if entry.get("names")]
    release = data.get("source_release") if isinstance(data.get("source_release"), str) else None
    made_from = f", from the {data.get('source_lang') or 'en'} release {release}" if release else ""
    return Document(
        id=document_id(lang, release), lang=lang, format=FORMAT_NAME, path=source.path, sha256=source.sha256,
        title=f"Translations imported with mtgkb ({lang}{made_from})", provenance="translator", rules=tuple(rules),
        terms=tuple(terms), accounting=ledger.account(),
        meta={"source_lang": data.get("source_lang"), "units": records,
              "terms": {name: english for english, entry in glossary.items() for name in entry.get("names", ())}})


def _glossary_unit(path: str, unit: dict[str, Any], english: str, definition: bool, line: int | None,
                   entry: dict[str, Any]) -> None:
    """One glossary unit into its entry: the names, or the definition and the rules it cites."""
    text = unit.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ParseError(path, f"unit {unit.get('id')!r} has no text", line)
    key = "definition" if definition else "names"
    if key in entry:
        raise ParseError(path, f"unit {unit.get('id')!r} appears twice", line)
    if definition:
        entry["definition"] = text
        refs = unit.get("refs", [])
        entry["refs"] = [str(r) for r in refs] if isinstance(refs, list) else []
    else:
        entry["names"] = split_names(text)
        entry["line"] = line
    entry.setdefault("line", line)


def _rule(number: str, text: str | None, examples: dict[int, str], records: dict[str, dict]) -> Rule:
    parsed = RuleNumber.parse(number)
    kind = parsed.kind
    line = (records.get(number) or {}).get("line")
    ordered = tuple(Example(examples[i], (records.get(f"{number}{EXAMPLE_MARK}{i}") or {}).get("line"))
                    for i in sorted(examples))
    if kind in ("section", "chapter"):
        return Rule(number, kind, "", title=text, examples=ordered, line=line)
    return Rule(number, kind, text or "", examples=ordered, line=line)


def _unit_lines(source: Source) -> list[int]:
    """Line numbers (1-based) of the unit lines: every line that opens an object after the header."""
    return [i for i, line in enumerate(source.lines, 1) if i > 1 and line.lstrip().startswith('{"id"')]


FORMAT = Format(FORMAT_NAME, "translations imported by mtgkb import (one unit per line)", detect, parse)
