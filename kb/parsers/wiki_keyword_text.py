"""A community wiki's page on one keyword, saved as text (Italian; French and English keywords too).

Layout of the Italian wiki's page for Vote (Voto)::

    Voto                                   page title
    Voto                                   infobox title (repeats the page title: boilerplate)
    Tipo<TAB>Azione definita ...           infobox fields
    Vote è un'azione definita ...          description
    Regolamento                            heading of the rulings
    • Visto che la dichiarazione ...       one community ruling per bullet
    Tratto dal Regolamento (Aggiornato a Fondamenti di Magic: the Gathering, 23 Novembre 2024)
        701.31 Vote 701.31a Alcune magie ... 701.31b ...    quoted rules, run together

The quoted rules are split on rule numbers that follow the sequence (``701.31``,
``701.31a``, ``701.31b`` ...); other numbers in the text (``5 giocatori``,
``vedi regola 701.31c``) do not split. The quote's claim gives the document's
effective date and release name; the English rule title gives the keyword's
English name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..dates import find_date
from ..errors import ParseError
from ..model import Document, Rule, Ruling
from ..numbering import RuleNumber, next_letter
from ..refs import find_refs
from ..text import RULE_NUMBER
from ._wiki import BULLET, PageParser, TextLine, text_format


@dataclass(frozen=True)
class PageKeywords:
    """The words a keyword page in one language uses for its rulings heading and rules quote."""

    lang: str
    rulings_heading: tuple[str, ...]
    quote: re.Pattern[str]  # the quote's lead; the claim in parentheses follows
    claim_prefix: re.Pattern[str]
    reference_words: tuple[str, ...]  # words before a number that make it a reference, not a start


KEYWORDS: dict[str, PageKeywords] = {
    "it": PageKeywords("it", ("Regolamento", "Chiarimenti", "Regole"),
                       re.compile(r"^Tratto dal(?:le)? (?:Regolamento|Regole)(?: Completo| Complete)?\s*(?=\()"),
                       re.compile(r"^(?:Aggiornato|Aggiornate|Aggiornata) (?:a|al|alla|all')\s*"),
                       ("regola", "regole", "vedi", "sezione")),
    "fr": PageKeywords("fr", ("Règles", "Règlement", "Clarifications"),
                       re.compile(r"^(?:Extrait|Tiré) des Règles(?: complètes)?\s*(?=\()", re.I),
                       re.compile(r"^(?:Mises?|Mis) à jour (?:avec|pour|à)\s*", re.I),
                       ("règle", "règles", "voir", "section")),
    "en": PageKeywords("en", ("Rulings", "Rules"),
                       re.compile(r"^From the Comprehensive Rules\s*(?=\()", re.I),
                       re.compile(r"^Updated (?:to|for|as of)\s*", re.I),
                       ("rule", "rules", "see", "section")),
}

_INFOBOX = re.compile(r"^(?P<label>[^\t]+?)\s*\t+\s*(?P<value>\S.*)$")
_RULE_START = re.compile(rf"^{RULE_NUMBER}(?=\s)")
# A rule number standing alone in the quote; "701.31.5" or "701.31ab" are not one.
_NUMBER_TOKEN = re.compile(rf"(?<![\w.])(?P<num>{RULE_NUMBER})(?![\w.]*\w)")


def score_lines(texts: list[str]) -> float:
    """How much ``texts`` look like a keyword page: a rules quote, infobox rows, bullets."""
    stripped = [t.strip() for t in texts[:400]]
    if any(kw.quote.match(t) for t in stripped for kw in KEYWORDS.values()):
        return 0.9
    rows = sum(1 for t in stripped if _INFOBOX.match(t))
    headed = any(t in kw.rulings_heading for t in stripped for kw in KEYWORDS.values())
    return 0.6 if rows >= 2 and headed else 0.0


def _language(texts: list[str]) -> PageKeywords:
    for kw in KEYWORDS.values():
        if any(kw.quote.match(t.strip()) or t.strip() in kw.rulings_heading for t in texts):
            return kw
    return KEYWORDS["it"]


class _Parser(PageParser):
    def __init__(self, lines: list[TextLine], path: str) -> None:
        super().__init__(lines, path)
        self.kw = _language([tl.text for tl in lines[:2000]])
        self.title: str | None = None
        self.infobox: dict[str, str] = {}
        self.description: list[str] = []
        self.sections: dict[str, list[str]] = {}
        self.rulings: list[Ruling] = []
        self.rules: list[Rule] = []
        self.effective: str | None = None
        self.release: str | None = None
        self.heading: str | None = None
        self.heading_line: int | None = None
        self.heading_items = 0
        self.quote_line: int | None = None
        self.quote_body = ""

    def _document(self) -> Document:
        self._end_heading()
        if self.title is None:
            raise ParseError(self.path, "empty keyword page", 1)
        if self.quote_line is not None:
            self._split_quote()
        meta: dict = {"infobox": self.infobox} if self.infobox else {}
        if self.sections:
            meta["sections"] = self.sections
        english = next((r.title for r in self.rules if r.kind == "rule" and r.title), None)
        meta["keyword"] = {self.kw.lang: self.title, **({"en": english} if english else {})}
        return Document(id="", lang=self.kw.lang, format=FORMAT.name, title=self.title,
                        effective_date=self.effective, release=self.release, provenance="community",
                        introduction="\n".join(self.description), rules=tuple(self.rules),
                        rulings=tuple(self.rulings), meta=meta, warnings=tuple(self.verdicts.warnings))

    # -- lines ----------------------------------------------------------------
    def _line(self, tl: TextLine, text: str) -> None:
        if self.title is None:
            self.title = text
            self.verdicts.land(tl.line)
            return
        if self.quote_line is not None and _RULE_START.match(text):
            self.quote_body += " " + text
            self.verdicts.land(tl.line)
            return
        if self.kw.quote.match(text):
            self._end_heading()
            self._start_quote(text, tl)
            return
        if text == self.title and not self.infobox and not self.description and self.heading is None:
            self.verdicts.skip(tl.line, "repeated title")
            return
        row = _INFOBOX.match(text)
        if row and not self.description and self.heading is None:
            self.infobox[row.group("label")] = row.group("value")
            self.verdicts.land(tl.line)
            return
        bullet = BULLET.match(text)
        if bullet:
            self._bullet(text[bullet.end():].strip(), tl)
            return
        if self.heading is not None and (self.heading in self.kw.rulings_heading or self.heading_items == 0) \
                and text not in self.kw.rulings_heading:
            self._paragraph(text, tl)  # a short paragraph under a heading (before the rulings list) is its text
            return
        if self._is_heading(text):
            self._end_heading()
            self.heading, self.heading_line, self.heading_items = text, tl.line, 0
            self.verdicts.skip(tl.line, "heading")
            return
        if self.heading is None and self.quote_line is None:
            self.description.append(text)
            self.verdicts.land(tl.line)
            return
        if self.heading is not None and self.heading not in self.kw.rulings_heading:
            self.sections.setdefault(self.heading, []).append(text)
            self.heading_items += 1
            self.verdicts.land(tl.line)
            return
        self.verdicts.reject(tl.line, tl.text, "text outside the page's parts")

    def _is_heading(self, text: str) -> bool:
        if text in self.kw.rulings_heading:
            return True
        return len(text) <= 40 and len(text.split()) <= 4 and not re.search(r"[.:;!?]$", text) \
            and bool(self.description)

    def _bullet(self, text: str, tl: TextLine) -> None:
        if self.heading is None:
            self.verdicts.reject(tl.line, tl.text, "bullet before any heading")
            return
        self.heading_items += 1
        if self.heading in self.kw.rulings_heading:
            self.rulings.append(Ruling(text=text, lang=self.kw.lang, date=None, source="community",
                                       provenance="community", line=tl.line))
        else:
            self.sections.setdefault(self.heading, []).append(text)
        self.verdicts.land(tl.line)

    def _paragraph(self, text: str, tl: TextLine) -> None:
        """A line of text under the current heading: kept in the page's sections under it."""
        self.sections.setdefault(self.heading, []).append(text)
        self.heading_items += 1
        self.verdicts.land(tl.line)

    def _end_heading(self) -> None:
        if self.heading is not None and self.heading_items == 0:
            raise ParseError(self.path, f"heading {self.heading!r} has nothing under it (truncated?)",
                             self.heading_line)
        self.heading = None

    # -- quoted rules ---------------------------------------------------------
    def _start_quote(self, text: str, tl: TextLine) -> None:
        if self.quote_line is not None:
            raise ParseError(self.path, f"a second rules quote (the first is on line {self.quote_line})", tl.line)
        lead = self.kw.quote.match(text)
        assert lead is not None
        rest = text[lead.end():]
        close = rest.find(")")
        if close < 0:
            raise ParseError(self.path, "rules quote: parenthesis not closed (truncated?)", tl.line)
        self._claim(rest[1:close], tl.line)
        self.quote_line, self.quote_body = tl.line, rest[close + 1:].strip()
        self.verdicts.land(tl.line)

    def _claim(self, claim: str, line: int | None) -> None:
        """``Aggiornato a Fondamenti di Magic: the Gathering, 23 Novembre 2024`` -> release, date."""
        claim = self.kw.claim_prefix.sub("", claim.strip())
        date = find_date(claim)
        if date is None:
            raise ParseError(self.path, f"rules quote: no date understood in {claim!r}", line)
        self.effective = date.isoformat()
        release = claim.rsplit(",", 1)[0].strip() if "," in claim else ""
        self.release = release if release and find_date(release) is None else None

    def _split_quote(self) -> None:
        line = self.quote_line
        body = self.quote_body
        first = _RULE_START.match(body)
        if not first:
            raise ParseError(self.path, f"rules quote does not start with a rule number: {body[:40]!r}", line)
        starts: list[tuple[int, int, RuleNumber]] = []  # (token start, text start, number)
        for match in _NUMBER_TOKEN.finditer(body):
            number = RuleNumber.try_parse(match.group("num"))
            if number is None:
                if match.start() == 0:
                    raise ParseError(self.path, f"not a rule number: {match.group('num')!r}", line)
                continue
            if not starts:
                starts.append((match.start(), match.end(), number))
                continue
            if self._is_reference(body, match.start()):
                continue
            expected = self._expected_next(starts[-1][2])
            if number in expected:
                starts.append((match.start(), match.end(), number))
            elif number.chapter == starts[0][2].chapter and number.rule == starts[0][2].rule:
                raise ParseError(self.path, f"rules quote: {number} out of sequence after {starts[-1][2]} "
                                            f"(expected {' or '.join(map(str, expected))})", line)
        for index, (_, text_start, number) in enumerate(starts):
            end = starts[index + 1][0] if index + 1 < len(starts) else len(body)
            text = body[text_start:end].strip()
            if not text:
                raise ParseError(self.path, f"rules quote: rule {number} has no text (truncated?)", line)
            title = text if number.kind == "rule" and _looks_like_title(text) else None
            self.rules.append(Rule(number=str(number), kind=number.kind, text=text, title=title,
                                   refs=find_refs(text, self.kw.lang), line=line, end_line=line))

    def _is_reference(self, body: str, start: int) -> bool:
        before = body[max(0, start - 20):start].lower().rstrip(" (")
        return before.endswith(self.kw.reference_words) or body[max(0, start - 1):start] == "("

    @staticmethod
    def _expected_next(last: RuleNumber) -> list[RuleNumber]:
        """The numbers that may follow ``last``: its next subrule, or the next rule."""
        nexts = [RuleNumber(last.section, last.chapter, (last.rule or 0) + 1)]
        if last.letter is None:
            nexts.insert(0, RuleNumber(last.section, last.chapter, last.rule, "a"))
        else:
            letter = next_letter(last.letter)
            if letter:
                nexts.insert(0, RuleNumber(last.section, last.chapter, last.rule, letter))
        return nexts


def _looks_like_title(text: str) -> bool:
    return len(text.split()) <= 5 and not re.search(r"[.:;!?]$", text)


FORMAT = text_format("wiki-keyword-text",
                     "A community wiki's keyword page saved as text: infobox, rulings, quoted rules",
                     _Parser, score_lines)
parse = FORMAT.parse
