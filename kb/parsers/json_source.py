"""What the JSON source formats share: decoding bytes once, with a one-line error.

JSON sources are decoded with :func:`json.loads` straight from the bytes (no
text lines are built), so a multi-hundred-megabyte card file costs one decode.
Nesting deeper than Python's recursion limit, integers longer than Python reads
(4,300 digits) and a lone surrogate escape (``"\ud800"``, which :mod:`json` reads into a
string no file or database can hold) are one-line errors like any other invalid JSON.
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Any, Iterable

from ..errors import ParseError
from ..sources import Source


def load_json(source: Source, what: str, warnings: list[str] | None = None) -> Any:
    """The decoded JSON value of ``source``; invalid or truncated JSON is a :class:`ParseError`.

    The error names the line (and column) where decoding stopped; ``what`` names
    the expected format in the message. With ``warnings``, a key repeated in an object
    (whose last value is the one read) is a warning added there.
    """
    data = source.data
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    repeated: dict[str, int] = {}

    def object_of(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    repeated[key] = repeated.get(key, 0) + 1
                seen.add(key)
        return found

    try:
        value = json.loads(data) if warnings is None else json.loads(data, object_pairs_hook=object_of)
        refuse_lone_surrogates(data, source.path, what)
        if warnings is None:
            return value
        warnings.extend(f"{source.path}:1: {what}: key {key!r} repeated in {count} JSON object(s): only its last "
                        "value is read" for key, count in repeated.items())
        return value
    except json.JSONDecodeError as exc:
        # A string that never closes also runs to the end of the file.
        ends_early = exc.pos >= len(exc.doc.rstrip()) - 1 or exc.msg.startswith("Unterminated string")
        problem = "file ends in the middle of the JSON (truncated?)" if ends_early else exc.msg
        raise ParseError(source.path, f"{what}: invalid JSON: {problem} (column {exc.colno})",
                         exc.lineno) from None
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problem = ("file ends in the middle of a character (truncated?)" if exc.reason == "unexpected end of data"
                   else f"not UTF-8/16/32 text (byte {exc.start})")
        raise ParseError(source.path, f"{what}: invalid JSON: {problem}", line) from None
    except RecursionError:
        raise ParseError(source.path, f"{what}: JSON nested too deeply to read", 1) from None
    except ValueError as exc:  # an integer of thousands of digits (Python's int() limit)
        raise ParseError(source.path, f"{what}: unreadable JSON value: {str(exc).split(':')[0]}", 1) from None


_ESCAPES = {str: (re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}"), re.compile(r"\\u[dD][c-fC-F][0-9a-fA-F]{2}")),
            bytes: (re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}"), re.compile(rb"\\u[dD][c-fC-F][0-9a-fA-F]{2}"))}


def lone_surrogate(text: str | bytes) -> tuple[int, int, str] | None:
    """Where the JSON ``text`` (or UTF-8 bytes) escapes a lone surrogate: a ``\\ud800``-``\\udbff``
    not followed by a ``\\udc00``-``\\udfff``, or one of these alone; (line, column, escape), else None."""
    if isinstance(text, bytes) and json.detect_encoding(text) != "utf-8":
        text = text.decode(json.detect_encoding(text), "replace")
    any_surrogate, low = _ESCAPES[type(text)]
    backslash, newline = (b"\\", b"\n") if isinstance(text, bytes) else ("\\", "\n")
    paired_low = -1
    for found in any_surrogate.finditer(text):
        start = before = found.start()
        while before > 0 and text[before - 1:before] == backslash:
            before -= 1
        if (start - before) % 2 or start == paired_low:  # an escaped backslash before "u", or a pair's second half
            continue
        if int(found.group()[2:], 16) < 0xDC00 and low.match(text, found.end()):
            paired_low = found.end()
            continue
        line_start = text.rfind(newline, 0, start) + 1
        escape = found.group()
        return (text.count(newline, 0, start) + 1, start - line_start + 1,
                escape.decode() if isinstance(escape, bytes) else escape)
    return None


def refuse_lone_surrogates(text: str | bytes, path: str, what: str) -> None:
    """A :class:`ParseError` naming the line of the first lone surrogate escape of ``text`` (see :func:`lone_surrogate`)."""
    found = lone_surrogate(text)
    if found is not None:
        line, column, escape = found
        raise ParseError(path, f"{what}: invalid JSON: {escape} (column {column}) is a lone surrogate, not a "
                               "character (a damaged file, or one a faulty tool wrote)", line)


def json_head(source: Source, size: int = 4096) -> str:
    """The start of the text with leading blanks removed, or "" when it is not a JSON object/array."""
    head = source.head(size).lstrip("\ufeff \t\r\n")
    return head if head[:1] in ("{", "[") else ""


def json_kind(value: Any) -> str:
    """``a number (42)``, ``a list``: what a JSON value is, for a warning."""
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
             dict: "an object", type(None): "null"}
    kind = names.get(type(value), type(value).__name__)
    return f"{kind} ({value!r})" if isinstance(value, (bool, int, float)) else kind


class JsonWarnings:
    """Warnings that name a JSON file and the path inside it of what could not be read (``data.cards[17].name``)."""

    def __init__(self, path: str, warnings: list[str]) -> None:
        self.path = path
        self.warnings = warnings

    def warn(self, where: str, message: str) -> None:
        self.warnings.append(f"{self.path}: {where}: {message}")

    def strings(self, record: dict[str, Any], where: str, keys: Iterable[str], outcome: str) -> None:
        """Warn for each of ``keys`` that ``record`` holds as something other than a string (or null)."""
        for key in keys:
            value = record.get(key)
            if value is not None and not isinstance(value, str):
                self.warn(f"{where}.{key}", f"{json_kind(value)}, not a string: {outcome}")
