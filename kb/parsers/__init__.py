"""Source parsers, one module per format, behind one registry.

Each module defines ``FORMAT``, a :class:`~kb.parsers.base.Format` whose
``detect`` looks at content (never the file name) and whose ``parse`` turns a
:class:`~kb.sources.Source` into a :class:`~kb.model.Document`.
"""

from __future__ import annotations

from ..errors import UnknownFormatError
from ..model import Document
from ..sources import Source
from . import cr_text, mtgjson, mtgjson_atomic, rulings_page, scryfall, wiki_cr_text, wiki_html, wiki_keyword_text
from .base import Format

FORMATS: dict[str, Format] = {fmt.name: fmt for fmt in (
    cr_text.FORMAT,
    mtgjson.FORMAT,
    mtgjson_atomic.FORMAT,
    scryfall.FORMAT,
    wiki_cr_text.FORMAT,
    wiki_keyword_text.FORMAT,
    rulings_page.FORMAT,
    wiki_html.FORMAT,
)}


def detect_format(source: Source) -> Format:
    """The format whose detector is most confident about ``source``."""
    best, score = None, 0.0
    for fmt in FORMATS.values():
        confidence = fmt.detect(source)
        if confidence > score:
            best, score = fmt, confidence
        if score >= 1.0:  # certain: no need to ask the others
            break
    if best is None:
        raise UnknownFormatError(source.path, "format not recognised: not a rules text, wiki page, "
                                              "rulings page or card file mtgkb knows", 1)
    return best


def parse_source(source: Source, format_name: str | None = None) -> Document:
    """Parse ``source`` with the named format, or the detected one."""
    fmt = FORMATS[format_name] if format_name else detect_format(source)
    return fmt.parse(source)


__all__ = ["FORMATS", "Format", "detect_format", "parse_source"]

# Translations stored by `mtgkb import` (KB_DIR/imports/), read back on every build.
from . import translation  # noqa: E402

FORMATS[translation.FORMAT.name] = translation.FORMAT
