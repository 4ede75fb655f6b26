"""Shared by the wiki, keyword-page and rulings-page parsers (not a format itself).

The text parsers read a list of :class:`TextLine` (text plus the source line it
came from) so the HTML parser can turn a page into the same lines, keep the HTML
line numbers, and reuse them. Each is a :class:`PageParser` made into a format by
:func:`text_format`, so a module states only its grammar and its Document.
:class:`LineVerdicts` records what became of each line by number and turns that
into a :class:`~kb.model.LineAccount` over the source's own lines, however many
text lines one source line produced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable

from ..model import Document, LineAccount
from ..sources import Source
from .base import Format, LineLedger

BULLET = re.compile(r"^\s*[-•*\u2022\u2013]\s+")
# MediaWiki section edit links, saved as text: "[]" (Fandom's icon), "[edit]", "[modifica]" ...
EDIT_LINK = re.compile(r"\s*\[\s*(?:edit|edit source|modifica|modifica sorgente|modifier|modifier le code)?\s*\]\s*$",
                       re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TextLine:
    """One line of text and the source line it came from (None: made up by a converter)."""

    line: int | None
    text: str


def source_text_lines(source: Source) -> list[TextLine]:
    return [TextLine(index + 1, text) for index, text in enumerate(source.lines)]


def squash(text: str) -> str:
    """Collapse runs of ordinary white space (not no-break spaces) into one space."""
    return re.sub(r"[ \t\r\n\f\v]+", " ", text).strip()


_RANK = {"unparsed": 4, "landed": 3, "boilerplate": 2, "blank": 1}


class LineVerdicts:
    """What became of each line, by line number; warnings collected on the way."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.by_line: dict[int, tuple[str, str]] = {}
        self.warnings: list[str] = []

    def _set(self, line: int | None, verdict: str, detail: str = "") -> None:
        if line is None:
            return
        old = self.by_line.get(line)
        if old is None or _RANK[verdict] > _RANK[old[0]]:
            self.by_line[line] = (verdict, detail)

    def land(self, line: int | None) -> None:
        self._set(line, "landed")

    def blank(self, line: int | None) -> None:
        self._set(line, "blank")

    def skip(self, line: int | None, what: str) -> None:
        self._set(line, "boilerplate", what)

    def reject(self, line: int | None, text: str, reason: str) -> None:
        self._set(line, "unparsed", f"{reason}\x00{text}")

    def warn(self, line: int | None, message: str) -> None:
        self.warnings.append(f"{self.path}:{line}: {message}" if line else f"{self.path}: {message}")

    def account(self, source_lines: list[str], unmarked: str = "markup") -> LineAccount:
        """The account over ``source_lines``; a line no verdict names is blank or ``unmarked``."""
        ledger = LineLedger(len(source_lines))
        for number, text in enumerate(source_lines, start=1):
            verdict, detail = self.by_line.get(number, ("blank", "") if not text.strip() else ("boilerplate", unmarked))
            if verdict == "landed":
                ledger.land()
            elif verdict == "blank":
                ledger.skip_blank()
            elif verdict == "boilerplate":
                ledger.skip(detail)
            else:
                reason, _, rejected = detail.partition("\x00")
                ledger.reject(number, rejected, reason)
        return ledger.account()


class PageParser:
    """Walks a page's lines once. A subclass reads each non-blank line (``_line``) and makes
    the page's Document at the end (``_document``); blank lines are recorded here."""

    def __init__(self, lines: list[TextLine], path: str) -> None:
        self.lines = lines
        self.path = path
        self.verdicts = LineVerdicts(path)

    def parse(self) -> tuple[Document, LineVerdicts]:
        for tl in self.lines:
            text = tl.text.strip()
            if text:
                self._line(tl, text)
            else:
                self.verdicts.blank(tl.line)
        return self._document(), self.verdicts

    def _line(self, tl: TextLine, text: str) -> None:
        raise NotImplementedError

    def _document(self) -> Document:
        raise NotImplementedError


@dataclass(frozen=True)
class TextFormat(Format):
    """A :class:`Format` read line by line; :mod:`kb.parsers.wiki_html` hands it the lines of a
    converted page through ``score_lines`` and ``parse_lines``."""

    parser: type[PageParser]
    score_lines: Callable[[list[str]], float]

    def parse_lines(self, lines: list[TextLine], path: str) -> tuple[Document, LineVerdicts]:
        """The Document of ``lines``; the verdicts say what became of each source line."""
        return self.parser(lines, path).parse()


DETECT_CHARS = 8000  # how much of a source the text formats look at to recognise it


def text_format(name: str, description: str, parser: type[PageParser],
                score_lines: Callable[[list[str]], float]) -> TextFormat:
    """The format whose ``parser`` reads a text source's lines and whose ``score_lines`` says
    how much the first lines look like it; documents get the source's identity and line account."""
    def detect(source: Source) -> float:
        return score_lines(source.head(DETECT_CHARS).splitlines())

    def parse(source: Source) -> Document:
        document, verdicts = parser(source_text_lines(source), source.path).parse()
        return replace(document, id=source.id, path=source.path, sha256=source.sha256,
                       accounting=verdicts.account(source.lines, unmarked="unmarked"))

    return TextFormat(name, description, detect, parse, parser, score_lines)
