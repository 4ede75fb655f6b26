"""A page listing card rulings, each under a date-and-source line.

Layout (a French page carrying Wizards of the Coast's English rulings)::

    Clarifications officielles de Wizards of the Coast. La traduction FR ci-dessous
        est générée automatiquement (IA) — l'original anglais reste la source de vérité.
    16 juin 2023 · source : wotc
    Each player can have only one emblem named The Ring ...
    FR (IA) : Chaque joueur ne peut avoir qu'un seul emblème ...      (optional translation)

The header says which translations are machine-made and which text is
authoritative (``Document.meta``). Each ruling is one English paragraph (a second
English line means a date line is missing: an error), optionally followed by a
translation, marked (``FR :``, ``FR (IA) :``, ``[FR]``, ``Traduction :``) or
recognised as French by its words; it lands in :attr:`~kb.model.Ruling.translations`,
as machine-made when marked so or when the header says so. Dates go through
:func:`kb.dates.find_date` (English, Italian or French month names).
"""

from __future__ import annotations

import re

from ..dates import find_date
from ..errors import ParseError
from ..model import Document, Ruling
from ..text import DISTINCT_STOPWORDS, fold
from ._wiki import PageParser, TextLine, text_format

# "16 juin 2023 · source : wotc". The date part is bounded: an unbounded lazy run before
# the separator backtracks quadratically on long lines (a one-line JSON file took minutes).
DATE_LINE = re.compile(r"^(?P<date>[^·•|\n]{0,40}\d[^·•|\n]{0,40}?)\s*[·•|]\s*source\s*:\s*(?P<source>[\w.\- ]+?)\s*$",
                       re.I)
_MARKED = re.compile(r"^(?:\[(?P<lang1>FR|IT)\]|(?P<lang2>FR|IT)\s*(?:\((?P<how>IA|AI|auto(?:matique)?|machine)\))?"
                     r"\s*:|Traduction(?P<how2>\s+automatique|\s*\((?:IA|AI)\))?\s*:)\s*(?P<text>\S.*)$")
_MACHINE = re.compile(r"générée? automatiquement|traduction automatique|\((?:IA|AI)\)|machine[- ]translat|"
                      r"automatically (?:generated|translated)|tradott[ae] automaticamente", re.I)
_AUTHORITATIVE_EN = re.compile(r"original anglais|English (?:original|text) (?:is|remains) authoritative|"
                               r"originale inglese", re.I)
_LANG_NAMES = {"fr": re.compile(r"\b(?:FR|français|French|francese)\b"),
               "it": re.compile(r"\b(?:IT|italien|Italian|italiano)\b")}
_OFFICIAL_SOURCES = ("wotc", "wizards", "wizards of the coast")


def score_lines(texts: list[str]) -> float:
    """How much ``texts`` look like a rulings page: dated ``· source :`` lines."""
    hits = sum(1 for line in texts[:200]
               if "source" in line.lower() and DATE_LINE.match(line.strip()) and find_date(line))
    return 0.95 if hits >= 2 else 0.7 if hits == 1 else 0.0


def _looks_french(text: str) -> bool:
    """More than twice as many French-only stop words as English-only ones, and two at least."""
    words = [fold(word) for word in re.findall(r"[\w']+", text)]
    fr = sum(1 for w in words if w in DISTINCT_STOPWORDS["fr"])
    en = sum(1 for w in words if w in DISTINCT_STOPWORDS["en"])
    return fr >= 2 and fr > 2 * en


class _Parser(PageParser):
    def __init__(self, lines: list[TextLine], path: str) -> None:
        super().__init__(lines, path)
        self.header: str | None = None
        self.machine_langs: set[str] = set()
        self.rulings: list[Ruling] = []
        # the ruling being read: date line, date, source, English parts, translation parts
        self.pending: dict | None = None

    def _document(self) -> Document:
        self._close()
        if not self.rulings:
            raise ParseError(self.path, "no dated rulings found", 1)
        meta: dict = {}
        if self.header:
            meta["notice"] = self.header
        if self.machine_langs:
            meta["translations"] = {lang: "machine" for lang in sorted(self.machine_langs)}
        if self.header and _AUTHORITATIVE_EN.search(self.header):
            meta["authoritative"] = "en"
        meta["sources"] = sorted({r.source for r in self.rulings if r.source})
        title = re.split(r"(?<=\.)\s", self.header, maxsplit=1)[0].rstrip(".") if self.header else None
        dates = [r.date for r in self.rulings if r.date]
        return Document(id="", lang="en", format=FORMAT.name, title=title,
                        effective_date=max(dates) if dates else None, provenance="official",
                        rulings=tuple(self.rulings), meta=meta, warnings=tuple(self.verdicts.warnings))

    def _line(self, tl: TextLine, text: str) -> None:
        dated = DATE_LINE.match(text)
        if dated:
            self._close()
            self._open(dated, tl)
            return
        if self.pending is None:
            if self.header is None and not self.rulings:
                self._read_header(text, tl)
                return
            raise ParseError(self.path, "ruling text with no date line before it", tl.line)
        self._body(text, tl)

    def _read_header(self, text: str, tl: TextLine) -> None:
        self.header = text
        if _MACHINE.search(text):
            self.machine_langs = {lang for lang, names in _LANG_NAMES.items() if names.search(text)} or {"fr"}
        self.verdicts.land(tl.line)

    def _open(self, dated: re.Match[str], tl: TextLine) -> None:
        date = find_date(dated.group("date"))
        if date is None:
            raise ParseError(self.path, f"date not understood: {dated.group('date')!r}", tl.line)
        self.pending = {"line": tl.line, "date": date.isoformat(), "source": dated.group("source").lower(),
                        "en": [], "tr": None}
        self.verdicts.land(tl.line)

    def _body(self, text: str, tl: TextLine) -> None:
        p = self.pending
        assert p is not None
        marked = _MARKED.match(text)
        if marked and p["en"]:
            lang = (marked.group("lang1") or marked.group("lang2") or "fr").lower()
            machine = bool(marked.group("how") or marked.group("how2")) or lang in self.machine_langs
            if p["tr"] is not None:
                raise ParseError(self.path, "a second translation for one ruling", tl.line)
            p["tr"] = [lang, [marked.group("text")], "machine" if machine else "community"]
        elif p["tr"] is not None:
            if not _looks_french(text) and p["tr"][0] == "fr":
                raise ParseError(self.path, "ruling text with no date line before it", tl.line)
            p["tr"][1].append(text)
        elif p["en"] and _looks_french(text):
            p["tr"] = ["fr", [text], "machine" if "fr" in self.machine_langs else "community"]
        elif p["en"]:
            # A ruling is one paragraph: a second English one is a ruling whose date line is missing.
            raise ParseError(self.path, "ruling text with no date line before it", tl.line)
        else:
            p["en"].append(text)
        self.verdicts.land(tl.line)

    def _close(self) -> None:
        p = self.pending
        if p is None:
            return
        if not p["en"]:
            raise ParseError(self.path, "date line with no ruling after it (truncated?)", p["line"])
        translations = ((p["tr"][0], "\n".join(p["tr"][1]), p["tr"][2]),) if p["tr"] else ()
        official = p["source"] in _OFFICIAL_SOURCES
        self.rulings.append(Ruling(text="\n".join(p["en"]), lang="en", date=p["date"], source=p["source"],
                                   provenance="official" if official else "community",
                                   translations=translations, line=p["line"]))
        self.pending = None


FORMAT = text_format("rulings-page", "A page of card rulings, each under a '<date> · source : <source>' line",
                     _Parser, score_lines)
parse = FORMAT.parse
