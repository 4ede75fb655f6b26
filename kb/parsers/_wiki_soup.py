"""The bs4 half of :mod:`kb.parsers.wiki_html`: a wiki page's HTML to the lines the wiki saves as text.

Imported when a page is read, not with the parsers: beautifulsoup4 takes a while to load.
"""

from __future__ import annotations

import bisect
import re
from typing import Callable

from bs4 import BeautifulSoup, Comment, NavigableString, Tag
from bs4.builder import HTMLParserTreeBuilder, ParserRejectedMarkup
from bs4.builder._htmlparser import BeautifulSoupHTMLParser

from ..errors import ParseError
from ..sources import Source
from ._wiki import TextLine, squash

_SKIP_CLASSES = {"mw-editsection", "toc", "printfooter", "mw-references-wrap", "navbox", "noprint", "reference"}
_SKIP_TAGS = {"script", "style", "noscript", "template", "svg", "link", "meta"}
_BLOCKS = {"p", "div", "ul", "ol", "dl", "table", "blockquote", "aside", "section", "pre", "center",
           "h1", "h2", "h3", "h4", "h5", "h6", "figure"}
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
MAX_DEPTH = 100  # blocks inside blocks in the page (a wiki page, frame and content, nests about 15)


Span = tuple[int | None, int | None]  # first and last line of an element's content in the HTML file


class _TooDeep(Exception):
    def __init__(self, line: int | None) -> None:
        super().__init__(line)
        self.line = line


class _LineSoup(BeautifulSoup):
    """The bs4 tree of a page, which notes where each element ends and refuses blocks nested
    more than :data:`MAX_DEPTH` deep as soon as the parser opens one."""

    def reset(self) -> None:
        self.open_blocks = 0
        self.end_tag_at: tuple[int, int] | None = None  # (line, column) of the end tag being read
        self.ends: dict[int, tuple[int, int]] = {}  # id(tag) -> where the end tag that closed it stands
        super().reset()

    def pushTag(self, tag: Tag) -> None:  # noqa: N802 (bs4's name)
        super().pushTag(tag)
        if tag.name in _BLOCKS:
            self.open_blocks += 1
            if self.open_blocks > MAX_DEPTH:
                raise _TooDeep(tag.sourceline)

    def popTag(self) -> Tag | None:  # noqa: N802 (bs4's name)
        if self.tagStack:
            closing = self.tagStack[-1]
            self.open_blocks -= closing.name in _BLOCKS
            if self.end_tag_at is not None:
                self.ends[id(closing)] = self.end_tag_at
        return super().popTag()


class _EndTagPositions(BeautifulSoupHTMLParser):
    """bs4's html.parser glue, telling the soup where each end tag stands while it closes elements."""

    def handle_endtag(self, tag: str, check_already_closed: bool = True) -> None:
        self.soup.end_tag_at = self.getpos()
        super().handle_endtag(tag, check_already_closed)
        self.soup.end_tag_at = None


class _LineTreeBuilder(HTMLParserTreeBuilder):
    def feed(self, markup: str) -> None:
        args, kwargs = self.parser_args
        parser = _EndTagPositions(self.soup, *args, **kwargs)
        try:
            parser.feed(markup)
            parser.close()
        except AssertionError as error:  # html.parser's way of giving up
            raise ParserRejectedMarkup(error) from None


def _soup_with_lines(source: Source) -> tuple[BeautifulSoup, Callable[[Tag], Span]]:
    """The bs4 tree, read in one pass, and a function giving the lines each tag's content spans in the file.

    A tag's content runs from its start tag to the end tag that closed it (the end of the file
    for one never closed), trailing white space left out.
    """
    text = "\n".join(source.lines)  # html.parser counts lines at LF only; the file's lines may end otherwise
    try:
        soup = _LineSoup(text, builder=_LineTreeBuilder())
    except _TooDeep as deep:
        raise ParseError(source.path, f"HTML nested more than {MAX_DEPTH} blocks deep: not a wiki page",
                         deep.line or 1) from None
    except ParserRejectedMarkup as error:
        raise ParseError(source.path, f"not readable as HTML: {error}", 1) from None
    line_starts = [0, *(match.end() for match in re.finditer("\n", text))]
    spans: dict[int, Span] = {}

    def span_of(tag: Tag) -> Span:
        node: Tag | None = tag
        while node is not None and node.sourceline is None:  # the document itself
            node = node.parent
        if node is None:
            return None, None
        if id(node) not in spans:
            spans[id(node)] = node.sourceline, last_line(node)
        return spans[id(node)]

    def last_line(node: Tag) -> int:
        end_line, end_column = soup.ends.get(id(node), (len(line_starts), len(text) - line_starts[-1]))
        start = line_starts[node.sourceline - 1] + node.sourcepos
        last = line_starts[end_line - 1] + end_column - 1
        while last > start and text[last].isspace():
            last -= 1
        return bisect.bisect_right(line_starts, last)

    return soup, span_of


class _Converter:
    """Walks ``div.mw-parser-output`` and writes the page as text lines."""

    def __init__(self, span_of: Callable[[Tag], Span], path: str) -> None:
        self.span_of = span_of
        self.path = path
        self.out: list[TextLine] = []
        self.spans: list[Span] = []

    def emit(self, tag: Tag, text: str) -> None:
        text = text.strip()
        if text:
            span = self.span_of(tag)
            self.out.append(TextLine(span[0], text))
            self.spans.append(span)

    def text_of(self, tag: Tag, *, skip_lists: bool = False) -> str:
        parts: list[str] = []
        for node in tag.descendants:
            if isinstance(node, Tag) and node.name == "br":
                parts.append(" ")
            if isinstance(node, Comment) or not isinstance(node, NavigableString):
                continue
            if any(self._skipped(p) or (skip_lists and p.name in ("ul", "ol") and p is not tag)
                   for p in _parents_until(node, tag)):
                continue
            parts.append(str(node))
        return squash("".join(parts))

    @staticmethod
    def _skipped(tag: Tag) -> bool:
        classes = set(tag.get("class") or ())
        return tag.name in _SKIP_TAGS or bool(classes & _SKIP_CLASSES) or tag.get("id") == "toc"

    def walk(self, node: Tag) -> None:
        for child in node.children:
            if isinstance(child, Comment):
                continue
            if isinstance(child, NavigableString):
                self.emit(node, squash(str(child)))
                continue
            if not isinstance(child, Tag) or self._skipped(child):
                continue
            self.block(child)

    def block(self, tag: Tag) -> None:
        classes = set(tag.get("class") or ())
        if tag.name == "aside" and "portable-infobox" in classes:
            self.infobox(tag)
        elif tag.name in _HEADINGS:
            headline = tag.find(class_="mw-headline")
            self.emit(tag, self.text_of(headline or tag))
        elif tag.name in ("ul", "ol"):
            for item in tag.find_all("li", recursive=False):
                self.emit(item, "• " + self.text_of(item, skip_lists=True))
                for nested in item.find_all(["ul", "ol"], recursive=False):
                    self.block(nested)
        elif tag.name == "table":
            for row in tag.find_all("tr"):
                cells = [self.text_of(cell) for cell in row.find_all(["th", "td"], recursive=False)]
                self.emit(row, "\t".join(cells))
        elif tag.name in _BLOCKS and _holds_a_block(tag):
            self.walk(tag)
        else:
            self.emit(tag, self.text_of(tag))

    def infobox(self, aside: Tag) -> None:
        title = aside.find(class_="pi-title")
        if title is not None:
            self.emit(title, self.text_of(title))
        for item in aside.find_all(attrs={"data-source": True}):
            if "pi-data" not in (item.get("class") or ()):
                continue
            label = item.find(class_="pi-data-label")
            value = item.find(class_="pi-data-value")
            if label is not None and value is not None:
                self.emit(item, f"{self.text_of(label)}\t{self.text_of(value)}")
            elif value is not None:
                self.emit(item, f"{item['data-source']}\t{self.text_of(value)}")


def _holds_a_block(tag: Tag) -> bool:
    """True when a block element is inside ``tag`` (a plain walk: bs4's ``find`` builds a filter per call)."""
    return any(isinstance(node, Tag) and node.name in _BLOCKS for node in tag.descendants)


def _parents_until(node: NavigableString, top: Tag) -> list[Tag]:
    parents = []
    parent = node.parent
    while parent is not None and parent is not top:
        parents.append(parent)
        parent = parent.parent
    return parents


def _page_title(soup: BeautifulSoup) -> tuple[Tag, str] | None:
    heading = soup.find(id="firstHeading") or soup.find(class_="page-header__title")
    if heading is not None and squash(heading.get_text()):
        return heading, squash(heading.get_text())
    title = soup.find("title")
    if title is not None and squash(title.get_text()):
        return title, squash(title.get_text()).split(" | ")[0].strip()
    return None


_HTML_START = re.compile(r"<html[\s>]", re.I)
_HTML_END = re.compile(r"</html\s*>", re.I)


def _check_complete(source: Source) -> None:
    """A page that opens ``<html>`` closes it: a page cut short is an error, not half a page."""
    if _HTML_START.search(source.head(20000)) and not _HTML_END.search(source.text):
        raise ParseError(source.path, "the page ends before </html> (truncated?)", len(source.lines))


def page_lines(source: Source) -> tuple[list[TextLine], list[Span]]:
    """The page as the text lines the wiki would save, each with the HTML lines it came from."""
    _check_complete(source)
    soup, span_of = _soup_with_lines(source)
    content = soup.select_one("div.mw-parser-output")
    if content is None:
        raise ParseError(source.path, "no wiki content: the page has no div.mw-parser-output", 1)
    converter = _Converter(span_of, source.path)
    title = _page_title(soup)
    if title is not None:
        converter.emit(*title)
    first = len(converter.out)
    converter.walk(content)
    if len(converter.out) == first:
        raise ParseError(source.path, "wiki page content (div.mw-parser-output) is empty", span_of(content)[0] or 1)
    return converter.out, converter.spans


