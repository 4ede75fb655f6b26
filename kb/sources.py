"""Read source bytes into text with line numbers.

Official rules files were published as ASCII, Windows-1252, UTF-16 LE/BE with a
BOM, and UTF-8 with or without a BOM, with CRLF, LF or bare CR line ends.
:func:`decode` accepts all of them; :func:`read_source` adds the file's identity.
Quotes are kept as they are (:func:`kb.text.fold_quotes` normalises them for matching).
Only regular files are read (a FIFO, a device or a socket is refused before it is opened),
and none larger than :data:`MAX_SOURCE_BYTES`. A file compressed with xz (as MTGJSON publishes
``AtomicCards.json.xz``) is read as its content, refused whole when damaged, cut short or unpacking
past that limit (:func:`unpack_xz`).
"""

from __future__ import annotations

import codecs
import hashlib
import os
import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO

from .errors import SourceError

MAX_SOURCE_BYTES = 1 << 30  # 1 GiB: far above any release or MTGJSON file
# LF CR is one line end too (files joined or edited with both conventions: every third line "\n\r").
_NEWLINE = re.compile("\r\n|\n\r|\r|\n|\u2028|\u2029")
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


@dataclass(frozen=True)
class Decoded:
    """Text decoded from bytes, with what was found about the encoding."""

    text: str
    encoding: str
    bom: bool
    newline: str


@dataclass
class Source:
    """One input file: its identity, bytes, and text split into lines (1-based)."""

    path: str
    data: bytes
    sha256: str
    _decoded: Decoded | None = field(default=None, repr=False)
    _lines: list[str] | None = field(default=None, repr=False)
    _stray_boms: list[int] = field(default_factory=list, repr=False)

    @property
    def id(self) -> str:
        """The file name without its extension (``AtomicCards`` for ``AtomicCards.json.xz`` too)."""
        name = Path(self.path)
        return (name.with_suffix("") if name.suffix.lower() == XZ_SUFFIX else name).stem

    @property
    def decoded(self) -> Decoded:
        """The text, without the byte order marks (U+FEFF) found after its start (files joined with
        their BOMs): each is in :attr:`warnings`, naming its line."""
        if self._decoded is None:
            decoded = decode(self.data, self.path)
            if STRAY_BOM in decoded.text:
                self._stray_boms = _lines_holding(decoded.text, STRAY_BOM)
                decoded = replace(decoded, text=decoded.text.replace(STRAY_BOM, ""))
            self._decoded = decoded
        return self._decoded

    @property
    def warnings(self) -> list[str]:
        """What reading the text changed, each ``path:line: what``."""
        self.decoded
        return [f"{self.path}:{line}: a byte order mark (U+FEFF) inside the file was removed"
                for line in self._stray_boms]

    @property
    def text(self) -> str:
        return self.decoded.text

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = split_lines(self.text)
        return self._lines

    def head(self, size: int = 4096) -> str:
        """The first characters of the text, for format detection (cheap on big files)."""
        if self._decoded is not None:
            return self._decoded.text[:size]
        return decode(self.data[: size * 2], self.path, partial=True).text[:size]


def read_source(path: str | Path, max_bytes: int = MAX_SOURCE_BYTES) -> Source:
    """Read a file into a :class:`Source`; an unreadable, empty, special or oversized file is an error."""
    p = Path(path)
    try:
        check_regular_file(p, max_bytes)
        with open(p, "rb") as handle:
            data = read_at_most(handle, os.fstat(handle.fileno()).st_size, max_bytes)
    except IsADirectoryError:
        raise SourceError(str(p), "is a folder, not a file") from None
    except OSError as exc:
        raise SourceError(str(p), f"cannot read: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise SourceError(str(p), f"file is larger than {max_bytes:,} bytes: not a source mtgkb reads")
    if data.startswith(XZ_MAGIC):
        data = unpack_xz(data, str(p), max_bytes)
    return source_from_bytes(data, str(p))


XZ_MAGIC = b"\xfd7zXZ\x00"  # the first bytes of every xz file
XZ_SUFFIX = ".xz"


def unpack_xz(data: bytes, path: str, max_bytes: int = MAX_SOURCE_BYTES) -> bytes:
    """The content of the xz-compressed ``data``; a :class:`SourceError` naming ``path`` when it is damaged,
    cut short, followed by other bytes, or unpacks to more than ``max_bytes``."""
    import lzma  # here, not at import: `mtgkb rule` must start fast

    unpacker = lzma.LZMADecompressor(lzma.FORMAT_XZ)
    try:
        content = unpacker.decompress(data, max_length=max_bytes + 1)
    except lzma.LZMAError as exc:
        raise SourceError(path, f"a damaged xz file ({exc}): not read") from None
    if len(content) > max_bytes:
        raise SourceError(path, f"the xz file unpacks to more than {max_bytes:,} bytes: not a source mtgkb reads")
    if not unpacker.eof:
        raise SourceError(path, "the xz file ends before its data does (truncated?): not read")
    if unpacker.unused_data.strip(b"\x00"):
        raise SourceError(path, f"{len(unpacker.unused_data):,} bytes after the end of the xz data: not read")
    return content


def read_at_most(handle: BinaryIO, size: int, max_bytes: int, chunk: int = 1 << 16) -> bytes:
    """The bytes of ``handle`` up to ``max_bytes + 1`` (one more says it is too long), reserving memory
    for the ``size`` the file has, not for the limit (a file that grows is read on in chunks)."""
    data = bytearray(handle.read(min(size, max_bytes) + 1))
    while len(data) <= max_bytes:
        more = handle.read(min(chunk, max_bytes + 1 - len(data)))
        if not more:
            break
        data += more
    return bytes(data)


def check_regular_file(path: Path, max_bytes: int = MAX_SOURCE_BYTES) -> None:
    """Refuse what is not a regular file (FIFO, device, socket) or is too large, without opening it."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(path)
    if not stat.S_ISREG(info.st_mode):
        kind = ("a FIFO (named pipe)" if stat.S_ISFIFO(info.st_mode) else "a device" if
                stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "a socket" if
                stat.S_ISSOCK(info.st_mode) else "a special file")
        raise SourceError(str(path), f"is {kind}, not a regular file: give a file or a folder")
    if info.st_size > max_bytes:
        raise SourceError(str(path), f"file is larger than {max_bytes:,} bytes ({info.st_size:,}): "
                                     "not a source mtgkb reads")


def source_from_bytes(data: bytes, path: str) -> Source:
    if not data.strip(b"\x00\t\r\n \xef\xbb\xbf\xff\xfe"):
        raise SourceError(path, "file is empty")
    return Source(path=path, data=data, sha256=hashlib.sha256(data).hexdigest())


def decode(data: bytes, path: str = "<bytes>", *, partial: bool = False) -> Decoded:
    """Decode ``data``: BOM first, then UTF-16 without BOM, UTF-8, and Windows-1252.

    A file with NUL bytes that is not UTF-16 is reported as binary. With
    ``partial`` the data may end in the middle of a character.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _decode_as(data[len(bom):], encoding, path, bom=True, partial=partial)
    utf16 = _sniff_utf16(data)
    if utf16:
        return _decode_as(data, utf16, path, bom=False, partial=partial)
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise SourceError(path, "binary file (NUL byte), not text", line)
    try:
        text = data.decode("utf-8") if not partial else codecs.getincrementaldecoder("utf-8")().decode(data)
        return Decoded(text, "utf-8", False, _newline_of(text))
    except UnicodeDecodeError:
        pass
    text = data.decode("cp1252", errors="replace")
    if "\ufffd" in text:
        bad = text.index("\ufffd")
        raise SourceError(path, "undecodable bytes: neither UTF-8 nor Windows-1252",
                          text.count("\n", 0, bad) + 1)
    return Decoded(text, "cp1252", False, _newline_of(text))


def _decode_as(data: bytes, encoding: str, path: str, *, bom: bool, partial: bool) -> Decoded:
    try:
        if partial:
            text = codecs.getincrementaldecoder(encoding)().decode(data)
        else:
            text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n" if "16" not in encoding else "\n".encode(encoding)) + 1
        raise SourceError(path, f"invalid {encoding} at byte {exc.start}", line) from None
    return Decoded(text, encoding, bom, _newline_of(text))


def _sniff_utf16(data: bytes) -> str | None:
    sample = data[:512]
    if len(sample) < 4:
        return None
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) > len(odd) * 0.4 and even.count(0) < len(even) * 0.1:
        return "utf-16-le"
    if even.count(0) > len(even) * 0.4 and odd.count(0) < len(odd) * 0.1:
        return "utf-16-be"
    return None


def _newline_of(text: str) -> str:
    match = _NEWLINE.search(text)
    return match.group(0) if match else "\n"


STRAY_BOM = "\ufeff"


def _lines_holding(text: str, char: str) -> list[int]:
    """The numbers (1-based, as :func:`split_lines` counts) of the lines of ``text`` holding ``char``."""
    return [number for number, line in enumerate(split_lines(text), start=1) if char in line]


def split_lines(text: str) -> list[str]:
    """Split on CRLF, LF CR, CR, LF, U+2028 and U+2029; a final line end adds no empty line."""
    lines = _NEWLINE.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines

