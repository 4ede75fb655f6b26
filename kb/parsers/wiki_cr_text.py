"""Comprehensive Rules pages of a community wiki, saved as text (Italian, French).

One page holds one section of the rules. Layout, as the Italian wiki saves it::

    400 - Generale[]                 chapter (the "[]" is the edit link; dropped)
    - 400.1. Una zona è ...          rule
    - 400.4a Se una carta ...        subrule
    - Esempio: ...                   example of the rule above
    401 - Grimorio[]                 chapter whose text lives on another page ...
    Vedi Grimorio.                   ... and the pointer to it

The section itself has no heading on the page: it is implied by the chapter
numbers and recorded with no title (``Document.meta["implied_sections"]``).
A ``4 - Zone[]`` heading, when a page has one, gives the section its title.
Bullets may be ``-`` or ``•``. Card names written ``Arcangelo Mirabile
(Exquisite Archangel)`` become :class:`~kb.model.Card` name pairs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import ParseError
from ..model import Card, Document, Example, Rule
from ..numbering import NumberError, RuleNumber
from ..refs import find_refs
from ..text import DISTINCT_STOPWORDS, RULE_NUMBER, fold
from ._wiki import BULLET, EDIT_LINK, PageParser, TextLine, text_format


@dataclass(frozen=True)
class WikiKeywords:
    """The words a wiki in one language uses for examples and pointers to other pages."""

    lang: str
    example: re.Pattern[str]
    pointer: re.Pattern[str]


KEYWORDS: dict[str, WikiKeywords] = {
    "it": WikiKeywords("it", re.compile(r"^Esemp(?:io|i)\s*:\s*"), re.compile(r"^(?:Vedi|Vedere)\s+\S")),
    "fr": WikiKeywords("fr", re.compile(r"^Exemples?[\s\u00a0\u202f]*:\s*"), re.compile(r"^Voir\s+\S")),
    "en": WikiKeywords("en", re.compile(r"^Examples?:\s*"), re.compile(r"^See\s+\S")),
}

_SECTION = re.compile(r"^(?P<num>\d)\s*[-–—]\s*(?P<title>\S.*)$")
_CHAPTER = re.compile(r"^(?P<num>\d{3})\s*[-–—]\s*(?P<title>\S.*)$")
_NUMBERED = re.compile(rf"^(?P<num>{RULE_NUMBER})(?P<dot>\.?)(?:\s+(?P<text>\S.*))?$")
_STARTS_NUMBERED = re.compile(r"^\d")

# Card name pairs: a Capitalised Italian/French name, then a Capitalised English one in parentheses.
_CAP = r"[A-ZÀ-ÖØ-Þ][^\s(),.;:!?\"«»“”]*"
_LINK = r"(?:di|del|della|dello|dei|degli|delle|da|dal|e|il|la|lo|le|gli|de|du|des|et|l'|d')"
_EN_CAP = r"[A-Z][A-Za-z'’\-]*,?"
_EN_LINK = r"(?:of|the|and|to|in|from|a|an|on|with|for|at|into|by|or)"
_PAIR = re.compile(rf"(?P<foreign>{_CAP}(?:\s+(?:{_LINK}\s+)*{_CAP})*)\s+"
                   rf"\((?P<en>{_EN_CAP}(?:\s+(?:{_EN_LINK}\s+)*{_EN_CAP})*)\)")


def strip_edit_link(text: str) -> tuple[str, bool]:
    """``Generale[]`` -> (``Generale``, True)."""
    stripped = EDIT_LINK.sub("", text)
    return stripped.strip(), stripped != text


def bullet_content(text: str) -> str | None:
    match = BULLET.match(text)
    return text[match.end():].strip() if match else None


def score_lines(texts: list[str]) -> float:
    """How much ``texts`` look like a wiki CR page: numbered bullets and ``NNN - Title`` headings."""
    bullets = headings = pointers = 0
    after_heading = False
    for text in texts[:400]:
        stripped = text.strip()
        content = bullet_content(stripped)
        if content is not None and _NUMBERED.match(content):
            bullets += 1
        elif after_heading and any(kw.pointer.match(stripped) for kw in KEYWORDS.values()):
            pointers += 1
        after_heading = bool(_CHAPTER.match(stripped)) and len(stripped) < 80
        headings += after_heading
    if bullets >= 3 and headings >= 1:
        return 0.9
    if headings >= 2 and (bullets or pointers or any(EDIT_LINK.search(t) for t in texts[:400])):
        return 0.6
    return 0.0


def detect_language(texts: list[str]) -> WikiKeywords:
    """The keyword set with the most example/pointer lines, else the most stop words
    of its language alone (:data:`kb.text.DISTINCT_STOPWORDS`)."""
    scores: dict[str, float] = {}
    for lang, kw in KEYWORDS.items():
        hits = 0.0
        for text in texts:
            content = bullet_content(text) or text.strip()
            if kw.example.match(content) or kw.pointer.match(content):
                hits += 100
            hits += sum(1 for word in content.split() if fold(word) in DISTINCT_STOPWORDS[lang]) / 1000
        scores[lang] = hits
    best = max(scores, key=scores.get)
    return KEYWORDS[best if scores[best] else "it"]


@dataclass
class _Open:
    number: RuleNumber
    line: int | None
    title: str | None = None
    parts: list[str] = field(default_factory=list)
    examples: list[tuple[int | None, list[str]]] = field(default_factory=list)
    end_line: int | None = None
    pointer: str | None = None


class _Parser(PageParser):
    def __init__(self, lines: list[TextLine], path: str) -> None:
        super().__init__(lines, path)
        self.kw = detect_language([tl.text for tl in lines[:2000]])
        self.rules: list[Rule] = []
        self.cards: dict[str, Card] = {}
        self.open: _Open | None = None
        self.last: RuleNumber | None = None
        self.last_line: int | None = None
        self.sections_seen: set[int] = set()
        self.implied: list[str] = []
        self.title: str | None = None
        self.started = False

    def _document(self) -> Document:
        self._finish()
        meta = {"implied_sections": self.implied} if self.implied else {}
        return Document(id="", lang=self.kw.lang, format=FORMAT.name, title=self.title,
                        provenance="community", rules=tuple(self.rules), cards=tuple(self.cards.values()),
                        meta=meta, warnings=tuple(self.verdicts.warnings))

    # -- one line -------------------------------------------------------------
    def _line(self, tl: TextLine, text: str) -> None:
        content = bullet_content(text)
        if content is not None:
            self._bullet(content, tl)
            return
        heading = _CHAPTER.match(text) or _SECTION.match(text)
        if heading and not _NUMBERED.match(text):
            title, _ = strip_edit_link(heading.group("title"))
            self._start(heading.group("num"), tl, title=title)
            return
        if self.open is not None:
            self._continuation(text, tl)
            return
        if not self.started and self.title is None:
            self.title, _ = strip_edit_link(text)
            self.verdicts.land(tl.line)
            return
        self.verdicts.reject(tl.line, tl.text, "text outside any rule")

    def _bullet(self, content: str, tl: TextLine) -> None:
        if _STARTS_NUMBERED.match(content):
            numbered = _NUMBERED.match(content)
            if not numbered:
                raise ParseError(self.path, f"bullet starts with a malformed rule number: {content[:40]!r}", tl.line)
            if not numbered.group("text"):
                raise ParseError(self.path, f"rule {numbered.group('num')} has no text (truncated line?)", tl.line)
            self._start(numbered.group("num"), tl, text=numbered.group("text"))
            return
        example = self.kw.example.match(content)
        if example:
            if self.open is None or self.open.number.rule is None:
                self.verdicts.reject(tl.line, tl.text, "example with no rule above it")
                return
            self.open.examples.append((tl.line, [content[example.end():]]))
            self.open.end_line = tl.line
            self.verdicts.land(tl.line)
            return
        if self.open is not None:
            self._continuation(content, tl)
            return
        self.verdicts.reject(tl.line, tl.text, "bullet outside any rule")

    def _continuation(self, text: str, tl: TextLine) -> None:
        o = self.open
        assert o is not None
        if o.number.rule is None and not o.parts and o.pointer is None and self.kw.pointer.match(text):
            o.pointer = text
        elif o.examples:
            o.examples[-1][1].append(text)
        else:
            o.parts.append(text)
        o.end_line = tl.line
        self.verdicts.land(tl.line)

    # -- numbers --------------------------------------------------------------
    def _start(self, number_text: str, tl: TextLine, *, text: str = "", title: str | None = None) -> None:
        try:
            number = RuleNumber.parse(number_text)
        except NumberError as exc:
            raise ParseError(self.path, str(exc), tl.line) from None
        if self.last is not None and number <= self.last:
            what = "duplicated" if number == self.last else "out of order"
            raise ParseError(self.path, f"rule number {number} is {what} (after {self.last} on line {self.last_line})",
                             tl.line)
        if self.open is not None and self.open.number.rule is None and not self.open.parts \
                and self.open.pointer is None and not self.open.number.contains(number):
            self.verdicts.warn(self.open.line, f"heading {self.open.number} has no rules and no pointer")
        self._close()
        if number.kind == "section":
            self.sections_seen.add(number.section)
        else:
            self._imply_section(number)
            if number.kind != "chapter" and self.last is not None and self.last.chapter != number.chapter:
                self.verdicts.warn(tl.line, f"rule {number} has no chapter heading above it")
        self.started = True
        self.open = _Open(number, tl.line, title=title, parts=[text] if text else [], end_line=tl.line)
        self.last, self.last_line = number, tl.line
        self.verdicts.land(tl.line)

    def _imply_section(self, number: RuleNumber) -> None:
        if number.section in self.sections_seen:
            return
        self.sections_seen.add(number.section)
        self.implied.append(str(number.section))
        self.rules.append(Rule(number=str(number.section), kind="section"))

    def _close(self) -> None:
        o = self.open
        if o is None:
            return
        text = "\n".join(o.parts)
        examples = tuple(Example("\n".join(texts), line) for line, texts in o.examples)
        refs = find_refs(" ".join([text, *(e.text for e in examples)]), self.kw.lang)
        self.rules.append(Rule(number=str(o.number), kind=o.number.kind, text=text, title=o.title,
                               examples=examples, refs=refs, line=o.line, end_line=o.end_line, pointer=o.pointer))
        for part, line in [(text, o.line), *((e.text, e.line) for e in examples)]:
            self._card_pairs(part, line)
        self.open = None

    def _card_pairs(self, text: str, line: int | None) -> None:
        for foreign, english in find_card_pairs(text):
            card = self.cards.get(english)
            entry = (self.kw.lang, foreign, "", "")
            if card is None:
                self.cards[english] = Card(name=english, foreign=(entry,), line=line)
            elif entry not in card.foreign:
                self.cards[english] = Card(name=english, foreign=card.foreign + (entry,), line=card.line)

    def _finish(self) -> None:
        o = self.open
        if o is None and not self.rules:
            raise ParseError(self.path, "no wiki rule headings or numbered bullets found", 1)
        if o is not None and o.number.kind in ("chapter", "section") and not o.parts and o.pointer is None:
            raise ParseError(self.path, f"file ends with heading {o.number} and nothing under it: truncated?", o.line)
        self._close()


# Capitalised words that start a sentence rather than a card name, and parenthesised
# annotations that are not English names.
_LEADING_NOT_NAME = frozenset("Vedi Voir See Se Si Quando Quand Lorsque Con Per Pour Avec Ogni Chaque "
                              "Un Una Uno Une Esempio Exemple Nota Note Anche".split())
_NOT_ENGLISH_NAME = frozenset(("Obsoleto", "Obsoleta", "Obsolète", "Obsolete"))


def find_card_pairs(text: str) -> list[tuple[str, str]]:
    """``Arcangelo Mirabile (Exquisite Archangel)`` -> [("Arcangelo Mirabile", "Exquisite Archangel")].

    The foreign name is the run of Capitalised words right before the parenthesis,
    trimmed from the left to at most one word more than the English name and of
    words that open sentences (``Vedi``, ``Se``, ``Une`` ...). A heuristic: a
    Capitalised parenthesis after a Capitalised word is taken for a card name.
    """
    pairs: list[tuple[str, str]] = []
    for match in _PAIR.finditer(text):
        english = match.group("en").rstrip(",")
        words = match.group("foreign").split()
        limit = len(english.split()) + 1
        while len(words) > limit or (words and (not words[0][0].isupper() or words[0] in _LEADING_NOT_NAME)):
            words.pop(0)
        foreign = " ".join(words)
        if english in _NOT_ENGLISH_NAME:
            continue
        if foreign and foreign != english and (foreign, english) not in pairs:
            pairs.append((foreign, english))
    return pairs


FORMAT = text_format("wiki-cr-text", "Comprehensive Rules section from a community wiki, saved as text (it, fr)",
                     _Parser, score_lines)
parse = FORMAT.parse
