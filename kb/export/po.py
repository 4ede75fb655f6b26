"""GNU gettext PO, written and read with babel's catalog API; passes ``msgfmt --check``.

One message per unit::

    #. 400. General
    #. it from cr-it-…, official
    #. mtgkb:rev=3f2a9c0d1e                 (the revision of the target exported)
    #, fuzzy                                (stale)
    #| msgid "Effects from spells, …"        (stale: the source text it was translated from)
    msgctxt "400.7a"
    msgid "Effects from spells, …"
    msgstr "Gli effetti di magie, …"

The header names the target language and the source release
(``Project-Id-Version: mtgkb-cr-en 2024-11-08``; ``no-release`` for a source language with no
official release, whose texts the header comment names); ``POT-Creation-Date`` is the
source texts' date (the release's, else the newest of their documents; left out when they
have none) and ``PO-Revision-Date`` the newest target text's date, so the
same knowledge base gives the same bytes. The header itself is never fuzzy.
babel's ``Generated-By`` header line is dropped (output must not depend on its version);
babel's automatic ``python-format``/``python-brace-format`` flags are removed:
``{T}`` is a mana symbol, not a placeholder. A unit whose source text is empty
cannot be a PO message (``msgid ""`` is the header); the header comment names it, with
the rules that have no source text (each reason with its count).
``mtgkb:rev=`` is the revision of the target text the message was exported with (``none``
when it had none): ``mtgkb import`` reports a message whose text changed in the knowledge
base since as a conflict.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, PoFileParser, escape, write_po

from ..errors import ParseError
from ..model import LANGUAGES
from .base import Exporter, ImportedFile, ImportedUnit, ValidatorUnavailable, left_out_notes
from .selection import Selection
from .units import LeftOut, compact
from .xliff12 import unit_notes

_FORMAT_FLAGS = ("python-format", "python-brace-format")
REVISION_COMMENT = "mtgkb:rev="
NO_RELEASE = "no-release"  # the version of a catalog whose source language has no official release


def _date(iso: str | None) -> datetime:
    year, month, day = map(int, (iso or "1970-01-01").split("-"))
    return datetime(year, month, day, tzinfo=timezone.utc)


def omits(selection: Selection) -> tuple[LeftOut, ...]:
    """The units a PO file cannot hold: those with an empty source text (``msgid ""`` is the header)."""
    empty = [u.id for u in selection.units if not u.source]
    if not empty:
        return ()
    return (LeftOut(f"an empty {selection.source_lang} source text (a PO message needs one)", tuple(empty),
                    compact(empty, [u.id for u in selection.units])),)


def write(selection: Selection) -> bytes:
    lang = selection.target_lang if selection.target_langs else None
    comment = f"# Comprehensive Rules, {selection.source_description()} -> {lang or '-'}, exported by mtgkb."
    comment += "".join(f"\n# {note}" for note in left_out_notes((*selection.left_out, *omits(selection))))
    dates = [t.effective_date for u in selection.units for t in u.targets.values()
             if lang in u.targets and t.effective_date]
    catalog = Catalog(locale=lang, project=f"mtgkb-cr-{selection.source_lang}",
                      version=selection.source_release or NO_RELEASE, header_comment=comment,
                      creation_date=_date(selection.source_date),
                      revision_date=_date(max(dates) if dates else selection.source_date),
                      last_translator="mtgkb export", language_team=f"{lang or '-'} translators",
                      charset="utf-8", fuzzy=False)
    for unit in selection.units:
        if not unit.source:
            continue
        found = unit.targets.get(lang) if lang else None
        revision = [f"{REVISION_COMMENT}{unit.revision(lang)}"] if lang else []
        message = catalog.add(unit.source, found.text if found else "", context=unit.id,
                              auto_comments=unit_notes(unit, lang) + revision,
                              flags=("fuzzy",) if found is not None and found.state == "stale" else ())
        for flag in _FORMAT_FLAGS:
            message.flags.discard(flag)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, no_location=True)
    # babel names its own version in the header; drop it so output depends on the knowledge base only
    data = re.sub(rb'"Generated-By: [^"\n]*\\n"\n', b"", buffer.getvalue(), count=1)
    data = _with_previous_ids(data, selection, lang)
    if not selection.source_date:  # no source text has a date: say none rather than babel's or 1970's
        data = re.sub(rb'"POT-Creation-Date: [^"\n]*\\n"\n', b"", data, count=1)
    return data


def _with_previous_ids(data: bytes, selection: Selection, lang: str | None) -> bytes:
    """A stale message's previous source as ``#| msgid "…"`` on one line, just before its ``msgctxt``
    (babel wraps these comments at 76 columns into lines no PO reader accepts)."""
    for unit in selection.units:
        found = unit.targets.get(lang) if lang and unit.source else None
        if found is None or not found.previous_source:
            continue
        context = f"msgctxt {escape(unit.id)}\n".encode("utf-8")
        previous = f"#| msgid {escape(found.previous_source)}\n".encode("utf-8")
        data = data.replace(b"\n" + context, b"\n" + previous + context, 1)
    return data


class _EveryMessage(Catalog):
    """A catalog that also keeps every message in file order: babel merges a message into an earlier
    one with the same msgctxt and msgid, and a second translation of a unit must not vanish."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[Message] = []

    def __setitem__(self, id: Any, message: Message) -> None:
        if id:
            self.read.append(message)
        super().__setitem__(id, message)


_CHARSET = re.compile(rb'^"Content-Type:[^"\n]*charset=([\w.:-]+)', re.M | re.I)


_SINGLE_BYTE_LATIN = {"iso8859-1", "iso8859-15", "cp1252"}


def _declared_charset(data: bytes) -> str:
    declared = _CHARSET.search(data[:8000])
    return declared.group(1).decode("ascii") if declared else "utf-8"


def _check_encoding(data: bytes, path: str) -> None:
    """The file is in the charset its header declares (UTF-8 when it declares none), as babel reads it.
    A file declaring Latin-1 whose bytes are UTF-8 (an editor changed the bytes, not the header) is
    refused: read as Latin-1 it would store ``abilitÃ``."""
    declared = _CHARSET.search(data[:8000])
    charset = _declared_charset(data)
    header_line = data[:declared.start()].count(b"\n") + 1 if declared else None
    try:
        codec = codecs.lookup(charset).name
    except LookupError:
        raise ParseError(path, f"the header declares the charset {charset}, which mtgkb does not know",
                         header_line) from None
    name = "UTF-8" if codec == "utf-8" else charset
    if codec in _SINGLE_BYTE_LATIN and _is_utf8_beyond_ascii(data):
        raise ParseError(path, f"the header declares the charset {charset}, but the file's bytes are UTF-8 "
                               "(read as declared they would become mojibake); set the header to charset=UTF-8 "
                               "and import again", header_line)
    try:
        data.decode(charset)
    except UnicodeDecodeError as exc:
        which = ", the charset the header declares" if declared else " (the header declares no charset)"
        raise ParseError(path, f"byte 0x{data[exc.start]:02x} is not {name}{which}; save the file as UTF-8",
                         data[:exc.start].count(b"\n") + 1) from None


_KEYWORD_LINE = re.compile(r"^(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(?P<string>.*)$")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _check_strings(text: str, path: str) -> None:
    """Every quoted string ends on its own line, as ``msgfmt --check`` demands: babel would read a file
    cut inside a string (its last characters lost) as if it were whole."""
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        keyword = _KEYWORD_LINE.match(line)
        string = keyword.group("string") if keyword else (line if line.startswith('"') else None)
        if string is not None and not _STRING.fullmatch(string):
            raise ParseError(path, "not a readable PO file: a string does not end on its line (the file may be "
                                   f"cut short): {line[:60]!r}", number)


def _is_utf8_beyond_ascii(data: bytes) -> bool:
    """The bytes hold non-ASCII characters and all of them are valid UTF-8 (Latin-1 text almost never is)."""
    if data.isascii():
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _catalog(data: bytes, path: str) -> _EveryMessage:
    """The file read by babel; its errors as ``path:line: message``."""
    _check_encoding(data, path)
    _check_strings(data.decode(_declared_charset(data)), path)
    catalog = _EveryMessage()
    try:
        PoFileParser(catalog, abort_invalid=True).parse(io.BytesIO(data))
    except PoFileError as exc:  # babel counts lines from 0 and adds " on N" to its message
        text = str(exc).removesuffix(f" on {exc.lineno}")
        near = f": {exc.line.strip()[:60]!r}" if exc.line and exc.line.strip() else ""
        raise ParseError(path, f"not a readable PO file: {text[:1].lower()}{text[1:]}{near}", exc.lineno + 1) from None
    except Exception as exc:  # babel also raises ValueError (a bad header, locale or plural form)
        raise ParseError(path, f"not a readable PO file: {exc}") from None
    return catalog


def read(data: bytes, path: str) -> ImportedFile:
    catalog = _catalog(data, path)
    lang = str(catalog.locale) if catalog.locale else None
    lang = lang.split("_")[0] if lang else None
    source_lang = catalog.project.rsplit("-", 1)[-1] if catalog.project and catalog.project.startswith("mtgkb-cr-") else None
    units = []
    ignored = []
    for message in catalog.read:
        if isinstance(message.id, tuple):
            ignored.append(f"{path}:{message.lineno}: plural message {message.id[0]!r} is not a rule")
            continue
        state = "stale" if message.fuzzy else ("translated" if message.string else "new")
        revision = next((c[len(REVISION_COMMENT):].strip() for c in message.auto_comments
                         if c.startswith(REVISION_COMMENT)), None)
        units.append(ImportedUnit(message.context or "", message.id, message.string or None, lang, state,
                                  message.lineno, revision))
    for message in catalog.obsolete.values():
        ignored.append(f"{path}:{message.lineno}: obsolete message {message.context or message.id!r} not read")
    release = catalog.version if catalog.version not in (None, "", "unknown", NO_RELEASE, "VERSION") else None
    return ImportedFile("po", source_lang, lang, release, tuple(units), tuple(ignored))


def sniff(data: bytes) -> float:
    head = data[:4000].decode("utf-8", "replace")
    return 0.9 if "msgid " in head and "msgstr " in head and not head.lstrip().startswith("<") else 0.0


_LANGUAGE_HEADER = re.compile(rb'^"Language: (?P<lang>[^"\\]*)\\n"$', re.M)


def validate(data: bytes, schemas: Path) -> list[str]:
    """``msgfmt --check`` (GNU gettext) accepts the file; the header names a language mtgkb
    knows and is not fuzzy. ``schemas`` is unused: PO has no schema file."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        raise ValidatorUnavailable("msgfmt (gettext) not installed")
    result = subprocess.run([msgfmt, "--check", "-o", os.devnull, "-"], input=data, capture_output=True)
    problems = result.stderr.decode("utf-8", "replace").splitlines() if result.returncode else []
    language = _LANGUAGE_HEADER.search(data)
    if language is None or language.group("lang").decode() not in LANGUAGES:
        problems.append("the header names no language mtgkb knows (Language: ...)")
    if b'#, fuzzy\nmsgid ""' in data:
        problems.append("the header is fuzzy")
    return problems


EXPORTER = Exporter(name="po", label="PO", extension="po", aliases=("gettext",),
                    help="GNU gettext PO (msgctxt = unit id), via babel", write=write, read=read, sniff=sniff,
                    validate=validate, omits=omits)
