"""Community wiki pages as HTML (MediaWiki / Fandom markup), read with beautifulsoup4 on html.parser.

The page's content (``div.mw-parser-output``) is turned into the same lines the
wiki saves as text, then handed to the text parser the lines look like
(:mod:`kb.parsers.wiki_cr_text` or :mod:`kb.parsers.wiki_keyword_text`), so both
forms of a page give the same Document. Conversion:

- the page title (``h1#firstHeading``, else ``<title>`` up to `` | ``) is the first line;
- ``aside.portable-infobox``: its title, then one ``Label<TAB>Value`` line per ``data-source`` field;
- ``h1``–``h6``: the heading text (``span.mw-headline``), the ``[edit]`` link dropped;
- ``p``, ``dd``, ``pre`` and blocks holding only inline markup: one line each;
- ``ul``/``ol``: one ``• text`` line per ``li`` (nested lists follow their item);
- ``table``: one tab-separated line per row.

A page that opens ``<html>`` and never closes it was cut short: that is an error, and so
is content nested more than :data:`~kb.parsers._wiki_soup.MAX_DEPTH` blocks deep (no wiki page comes near it),
refused while the page is read.

Each line keeps the HTML line of its element (html.parser records where each tag
starts), so errors and the line account refer to the HTML file.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..errors import ParseError
from ..model import Document
from ..sources import Source
from . import wiki_cr_text, wiki_keyword_text
from ._wiki import LineVerdicts, TextLine
from .base import Format

_TEXT_FORMATS = (wiki_keyword_text.FORMAT, wiki_cr_text.FORMAT)
Span = tuple[int | None, int | None]  # first and last line of an element's content in the HTML file


def detect(source: Source) -> float:
    head = source.head(20000)
    if "mw-parser-output" in head:
        return 0.95
    if re.search(r"<html|<!doctype html", head, re.I) and re.search(r"mediawiki|mw-headline|portable-infobox", head):
        return 0.8
    return 0.0


def page_lines(source: Source) -> tuple[list[TextLine], list[Span]]:
    """The page as the text lines the wiki would save, each with the HTML lines it came from
    (:func:`kb.parsers._wiki_soup.page_lines`, whose beautifulsoup4 loads only now)."""
    from ._wiki_soup import page_lines as lines_of

    return lines_of(source)


def parse(source: Source) -> Document:
    lines, spans = page_lines(source)
    texts = [tl.text for tl in lines]
    scored = [(fmt.score_lines(texts), fmt) for fmt in _TEXT_FORMATS]
    score, page_format = max(scored, key=lambda pair: pair[0])
    if score == 0:
        first = next((tl.line for tl in lines if tl.line), 1)
        raise ParseError(source.path, "wiki page is neither a rules section nor a keyword page", first)
    document, verdicts = page_format.parse_lines(lines, source.path)
    _spread_over_spans(verdicts, spans)
    return _as_html_document(document, verdicts, source)


def _spread_over_spans(verdicts: LineVerdicts, spans: list[Span]) -> None:
    """An element's later lines share the verdict of its first line (a paragraph over several lines)."""
    for first, last in spans:
        if first is None or last is None or first not in verdicts.by_line:
            continue
        for number in range(first + 1, last + 1):
            verdicts.by_line.setdefault(number, verdicts.by_line[first])


def _as_html_document(document: Document, verdicts: LineVerdicts, source: Source) -> Document:
    """The text parser's Document with the HTML file's identity and line account."""
    return replace(document, id=source.id, path=source.path, sha256=source.sha256, format=FORMAT.name,
                   accounting=verdicts.account(source.lines, unmarked="markup"))


FORMAT = Format("wiki-html", "A community wiki page (MediaWiki/Fandom HTML): CR section or keyword page",
                detect, parse)
