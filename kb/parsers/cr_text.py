"""Official Comprehensive Rules text files (``MagicCompRules YYYYMMDD.txt``).

Layout: a title, ``These rules are effective as of <date>.``, the introduction,
a contents list (repeating every section and chapter title, then ``Glossary``
and ``Credits``), the rules themselves, the glossary, and the credits::

    4. Zones                     section
    400. General                 chapter
    400.7. An object that ...    rule
    400.7a Effects from ...      subrule (letters skip l and o)
    Example: ...                 example of the rule above (any number of them)
         Continued paragraph     more text of the rule above (indented)

The French and Italian official releases use the same layout with translated
keywords; each language is one entry of :data:`KEYWORDS`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..dates import find_date
from ..errors import ParseError
from ..model import Document, Example, Rule, Term
from ..numbering import NumberError, RuleNumber
from ..refs import find_refs_many
from ..sources import Source
from . import _cr_repair
from .base import Format, LineLedger


@dataclass(frozen=True)
class Keywords:
    """The words of one language's release that the parser keys on."""

    lang: str
    title: re.Pattern[str]
    effective: re.Pattern[str]
    introduction: str
    contents: tuple[str, ...]
    example: re.Pattern[str]
    glossary: str
    credits: str
    obsolete: re.Pattern[str]


KEYWORDS: dict[str, Keywords] = {
    "en": Keywords(
        "en", re.compile(r"Comprehensive Rules", re.I),
        re.compile(r"^These rules are effective as of (?P<date>.+?)\.?\s*$"),
        "Introduction", ("Contents",), re.compile(r"^Example:\s*"), "Glossary", "Credits",
        re.compile(r"\s*\(Obsolete\)\s*$")),
    "fr": Keywords(
        "fr", re.compile(r"R[èe]gles? compl[èe]tes", re.I),
        re.compile(r"^Ces règles (?:sont|entrent) (?:en vigueur|effectives) (?:à (?:compter|partir) du |le |au |dès le )?(?P<date>.+?)\.?\s*$"),
        "Introduction", ("Sommaire", "Table des matières"), re.compile(r"^Exemple[\s\u00a0\u202f]*:\s*"),
        "Glossaire", "Crédits", re.compile(r"\s*\(Obsol[èe]te\)\s*$")),
    "it": Keywords(
        "it", re.compile(r"Regole Complete|Regolamento Completo", re.I),
        re.compile(r"^Queste regole sono (?:in vigore|effettive|valide) (?:a partire )?dal(?:l')? ?(?P<date>.+?)\.?\s*$"),
        "Introduzione", ("Indice", "Sommario"), re.compile(r"^Esempio:\s*"),
        "Glossario", "Riconoscimenti", re.compile(r"\s*\((?:Obsoleto|Obsoleta|Obsolete)\)\s*$")),
}

_SECTION = re.compile(r"^(?P<num>\d)\.\s+(?P<title>\S.*)$")
_CHAPTER = re.compile(r"^(?P<num>\d{3})\.\s+(?P<title>\S.*)$")
_RULE = re.compile(r"^(?P<num>\d{3}\.\d+)(?P<dot>\.?)(?P<sp>\s*)(?P<text>.*)$")
# A rule or subrule line: number, letter, period, space, text (the odd forms WotC
# shipped, "119.1d." and "606.5 " and "901.4.All", are accepted with a warning).
_NUMBERED = re.compile(r"(\d{3}\.\d+)([a-z]?)(\.?)(\s*)(.*)")


def detect(source: Source) -> float:
    head = source.head(6000)
    lines = [line.strip() for line in head.splitlines()[:40]]
    for kw in KEYWORDS.values():
        if any(kw.effective.match(line) for line in lines):
            return 1.0 if any(kw.title.search(line) for line in lines[:3]) else 0.9
    numbered = sum(1 for line in head.splitlines() if _RULE.match(line) and "." in line[:5])
    return 0.5 if numbered >= 5 and not head.lstrip().startswith("-") else 0.0


def detect_language(lines: list[str]) -> Keywords:
    for kw in KEYWORDS.values():
        if any(kw.effective.match(line.strip()) for line in lines[:60]):
            return kw
    sample = "\n".join(lines[:4000])
    scores = {lang: len(re.findall(kw.example.pattern.lstrip("^"), sample, re.M))
              for lang, kw in KEYWORDS.items()}
    return KEYWORDS[max(scores, key=scores.get)] if max(scores.values()) else KEYWORDS["en"]


@dataclass(slots=True)
class _Open:
    """The rule being read: text lines and examples grow until the next number."""

    text_number: str
    kind: str
    line: int
    title: str | None
    parts: list[str]
    examples: list[list]  # [first_line, [texts]]
    end_line: int


class _CRParser:
    def __init__(self, source: Source) -> None:
        self.source = source
        self.path = source.path
        self.lines = source.lines
        self.kw = detect_language(self.lines)
        self.ledger = LineLedger(len(self.lines))
        self.rules: list[tuple] = []  # Rule arguments but refs
        self.terms: list[tuple] = []  # Term arguments but refs
        self.intro: list[str] = []
        self.credits: list[str] = []
        self.effective: str | None = None
        self.open: _Open | None = None
        self.last: str | None = None
        self.last_number: RuleNumber | None = None
        self.last_line = 0
        self.had_contents = False
        self.current_section: int | None = None
        self.contents_sections: dict[str, str] = {}  # section number -> title, as the contents list has it
        self.contents_chapters = 0
        self.suspect: list[str] = []  # what the build's sanity checks must see (kb.sanity)

    # -- driver -------------------------------------------------------------
    def parse(self) -> Document:
        state = "header"
        contents_first: str | None = None
        glossary_block: list[tuple[int, str]] = []
        blank = 0
        for lineno, raw in enumerate(self.lines, 1):
            line = raw.strip()
            if state == "body" and line:  # the hot path: most lines are rules
                if line[0].isdigit() and self._numbered(line, lineno):
                    continue
                if line == self.kw.glossary:
                    self._close()
                    state = "glossary"
                    self.ledger.skip("heading")
                elif line == self.kw.credits:
                    self._close()
                    state = "credits"
                    self.ledger.skip("heading")
                else:
                    self._body_line(line, lineno, raw)
                continue
            if not line:
                blank += 1
                if state == "glossary" and glossary_block:
                    self._glossary_entry(glossary_block)
                    glossary_block = []
                continue
            if state in ("header", "intro", "credits"):
                eff = self.kw.effective.match(line)
                if eff:
                    self._effective(eff.group("date"), lineno)
                    self.ledger.land()
                    continue
            if state == "header":
                if line == self.kw.introduction:
                    state = "intro"
                    self.ledger.skip("heading")
                elif line in self.kw.contents:
                    state, self.had_contents = "contents", True
                    self.ledger.skip("heading")
                elif self.kw.title.search(line) and lineno <= 3:
                    self.ledger.skip("title")
                elif _SECTION.match(line) or _CHAPTER.match(line) or _RULE.match(line):  # an excerpt
                    state = "body"
                    self._numbered(line, lineno) or self._body_line(line, lineno)
                else:
                    self.ledger.reject(lineno, raw, "text before the introduction")
                continue
            if state == "intro":
                if line in self.kw.contents:
                    state, self.had_contents = "contents", True
                    self.ledger.skip("heading")
                else:
                    self.intro.append(line)
                    self.ledger.land()
                continue
            if state == "contents":
                if line == contents_first or self._contents_end(line, lineno):
                    state = "body"
                    self._numbered(line, lineno) or self._body_line(line, lineno)
                    continue
                if not self.ledger.unparsed or self.ledger.unparsed[-1].line != lineno:
                    contents_first = contents_first or line
                continue
            if state == "glossary":
                if line == self.kw.credits and not glossary_block:
                    state = "credits"
                    self.ledger.skip("heading")
                else:
                    glossary_block.append((lineno, line))
                continue
            if state == "credits" and (line == self.kw.introduction or line in self.kw.contents):
                state = "repeated"
                self._suspect(lineno, f"{line!r} again after the {self.kw.credits}: the document repeats from here "
                                      "(two copies joined?); the rest is left out (in the report)")
            if state == "credits":
                self.credits.append(line)
                self.ledger.land()
            elif state == "repeated":
                self.ledger.reject(lineno, raw, "after the end of the document (a second copy?)")
        self.ledger.blank += blank
        if glossary_block:
            self._glossary_entry(glossary_block)
        self._close()
        self._check_complete(state)
        return self._document()

    def _contents_end(self, line: str, lineno: int) -> bool:
        """Account for a line of the contents list; True when it is the first line of the rules instead.

        The rules start at a section the contents already listed, even under another title (an
        early layout lists ``1. Game Concepts`` and starts the rules with ``1. The Game``).
        """
        section = _SECTION.match(line)
        if section:
            number, title = section.group("num"), section.group("title")
            listed = self.contents_sections.get(number)
            if listed is not None:
                if listed != title:
                    self.ledger.warn(self.path, lineno, f"section {number} is titled {title!r} in the rules but "
                                                        f"{listed!r} in the contents: the rules start here")
                return True
            self.contents_sections[number] = title
        elif _CHAPTER.match(line):
            self.contents_chapters += 1
        else:
            numbered = _NUMBERED.match(line)
            if numbered and numbered.group(5) and (numbered.group(2) or numbered.group(3)):
                self._suspect(lineno, f"numbered rule {numbered.group(1)}{numbered.group(2)} inside the contents "
                                      "list, before the rules start: not read (in the report)")
                self.ledger.reject(lineno, line, "numbered rule inside the contents list")
                return False
        self.ledger.skip("contents")
        return False

    def _suspect(self, lineno: int, message: str) -> None:
        """A warning that also stops the build from publishing (see :mod:`kb.sanity`)."""
        self.ledger.warn(self.path, lineno, message)
        self.suspect.append(f"{self.path}:{lineno}: {message}")

    # -- body -----------------------------------------------------------------
    def _body_line(self, line: str, lineno: int, raw: str | None = None) -> None:
        """A body line that is not a numbered rule (the caller tried that): example or continuation."""
        impossible = _cr_repair.impossible_number(line)
        if impossible is not None:  # a line no rule may hold: to the report, with a warning
            self._close()
            self.ledger.warn(self.path, lineno, f"{impossible}: line left out of the rules (in the report of "
                                                "unparsed lines)")
            return self.ledger.reject(lineno, raw if raw is not None else line, impossible)
        example = self.kw.example.match(line)
        if example:
            if self.open is None or self.open.kind in ("section", "chapter"):
                self.ledger.reject(lineno, line, "example with no rule above it")
                return
            self.open.examples.append([lineno, [line[example.end():]]])
            self.open.end_line = lineno
            self.ledger.land()
            return
        if self.open is not None and self.open.kind not in ("section", "chapter"):
            # A paragraph that continues the rule above (indented in the file),
            # or the example above when one is open.
            if self.open.examples:
                self.open.examples[-1][1].append(line)
            else:
                self.open.parts.append(line)
            self.open.end_line = lineno
            self.ledger.land()
            return
        self.ledger.reject(lineno, raw if raw is not None else line, "text outside any rule")

    def _numbered(self, line: str, lineno: int) -> bool:
        match = _NUMBERED.match(line)
        if match:
            num, letter, dot, space, text = match.groups()
            if letter and space and text:
                if dot:
                    self.ledger.warn(self.path, lineno, f"subrule {num}{letter} is written with a period")
                return self._start(num + letter, text, None, lineno)
            if not letter and (dot or space) and text:
                if not dot:
                    self.ledger.warn(self.path, lineno, f"rule {num} is written without its period")
                elif not space:
                    self.ledger.warn(self.path, lineno, f"rule {num} has no space after its number")
                return self._start(num, text, None, lineno)
        chapter = _CHAPTER.match(line)
        if chapter:
            return self._start(chapter.group("num"), "", chapter.group("title"), lineno)
        section = _SECTION.match(line)
        if section and (self.current_section is None or int(section.group("num")) == self.current_section + 1):
            self.current_section = int(section.group("num"))
            return self._start(section.group("num"), "", section.group("title"), lineno)
        return False

    def _start(self, number_text: str, text: str, title: str | None, lineno: int) -> bool:
        """Open the rule ``number_text`` (a misnumbered one as its neighbours tell, or into the report)."""
        number = _cr_repair.parse_number(number_text)
        if number is None or not (_cr_repair.is_natural(self.last_number, number) or
                                  _cr_repair.fits(self.last_number, number, self._next_number(lineno))):
            fixed = self._repair(number_text, number, lineno)
            if fixed is None:
                return True
            number, number_text = fixed, str(fixed)
        self._close()
        self.open = _Open(number_text, number.kind, lineno, title, [text] if text else [], [], lineno)
        self.last, self.last_number, self.last_line = number_text, number, lineno
        self.ledger.landed += 1
        return True

    def _next_number(self, lineno: int) -> RuleNumber | None:
        following = self.lines[lineno:lineno + _cr_repair.LOOKAHEAD]  # a slice: no rescan from line 0
        return _cr_repair.next_number(following, {self.kw.glossary, self.kw.credits})

    def _repair(self, number_text: str, number: RuleNumber | None, lineno: int) -> RuleNumber | None:
        """The number a misnumbered line stands for (with a warning); None when the line goes to the report."""
        kind = number.kind if number is not None else ("subrule" if number_text[-1:].isalpha() else "rule")
        following = self._next_number(lineno)
        fixed = _cr_repair.repair(number_text, self.last_number, number, kind, following)
        where = (f"after {self.last} (line {self.last_line})" if self.last else "before any rule") + \
            (f" and before {following}" if following is not None else "")
        found = _cr_repair.describe(number_text, number, self.last_number)
        if fixed is not None:
            self.ledger.warn(self.path, lineno, f"{found} {where}: taken as {fixed}")
            return fixed
        self._close()
        self.ledger.warn(self.path, lineno, f"{found} {where} does not fit: line left out of the rules "
                                            "(in the report of unparsed lines)")
        self.ledger.reject(lineno, self.lines[lineno - 1], f"{found} out of order {where}")
        return None

    def _close(self) -> None:
        o = self.open
        if o is None:
            return
        text = "\n".join(o.parts) if len(o.parts) != 1 else o.parts[0]
        examples = tuple(Example("\n".join(texts), first) for first, texts in o.examples) if o.examples else ()
        # Rules are made in _document, once the references of all of them are found in one scan.
        self.rules.append((o.text_number, o.kind, text, o.title, examples, o.line, o.end_line))
        self.open = None

    # -- glossary -------------------------------------------------------------
    def _glossary_entry(self, block: list[tuple[int, str]]) -> None:
        first_line, head = block[0]
        if len(block) == 1:
            self.ledger.reject(first_line, head, "glossary term with no definition")
            return
        obsolete = bool(self.kw.obsolete.search(head))
        names = tuple(split_names(self.kw.obsolete.sub("", head)))
        if not names:
            for lineno, text in block:
                self.ledger.reject(lineno, text, "glossary entry with no term name")
            return
        definition = "\n".join(text for _, text in block[1:])
        self.terms.append((names, definition, obsolete, first_line))
        self.ledger.land(len(block))

    # -- document -------------------------------------------------------------
    def _effective(self, text: str, lineno: int) -> None:
        date = find_date(text)
        if date is None:
            glued = _cr_repair.read_glued_date(text)
            if glued is None:
                self.ledger.warn(self.path, lineno, f"effective date not understood: {text[:60]!r} (release left "
                                                    "without a date)")
                return
            spaced, date = glued
            self.ledger.warn(self.path, lineno, f"effective date {text!r} read as {spaced!r} ({date})")
        if self.effective and self.effective != date.isoformat():
            self.ledger.warn(self.path, lineno, f"second effective date {date} differs from {self.effective}")
        self.effective = self.effective or date.isoformat()

    def _check_complete(self, state: str) -> None:
        if not self.rules:
            raise ParseError(self.path, f"no numbered rules found: not a {self.kw.lang} Comprehensive Rules text", 1)
        if self.had_contents and state == "body":
            raise ParseError(self.path, f"file ends inside the rules, before the {self.kw.glossary}: truncated?",
                             len(self.lines))
        if state == "body":
            self.ledger.warn(self.path, len(self.lines), "no glossary: an excerpt of the rules?")
        if self.had_contents and state == "glossary":
            self._suspect(len(self.lines), f"file ends inside the {self.kw.glossary}, before the {self.kw.credits}: "
                                           "truncated?")
        if self.effective is None:
            self.ledger.warn(self.path, 1, "no effective date found")

    def _tree(self) -> tuple[tuple[Rule, ...], tuple[Term, ...]]:
        texts = [" ".join([text, *(e.text for e in examples)]) if examples else text
                 for _, _, text, _, examples, _, _ in self.rules]
        refs = find_refs_many(texts + [definition for _, definition, _, _ in self.terms], self.kw.lang)
        rules = tuple(Rule(n, kind, text, title, examples, cited, line, end)
                      for (n, kind, text, title, examples, line, end), cited in zip(self.rules, refs))
        terms = tuple(Term(names, definition, obsolete, cited, line)
                      for (names, definition, obsolete, line), cited in zip(self.terms, refs[len(self.rules):]))
        return rules, terms

    def _document(self) -> Document:
        source = self.source
        rules, terms = self._tree()
        return Document(
            id=f"cr-{self.kw.lang}-{self.effective}" if self.effective else source.id,
            lang=self.kw.lang, format=FORMAT.name, path=source.path, sha256=source.sha256,
            title="Magic: The Gathering Comprehensive Rules", effective_date=self.effective,
            provenance="official", introduction="\n\n".join(self.intro), credits="\n".join(self.credits),
            rules=rules, terms=terms,
            meta={"encoding": source.decoded.encoding, "bom": source.decoded.bom,
                  "newline": source.decoded.newline,
                  "contents": {"sections": len(self.contents_sections), "chapters": self.contents_chapters},
                  **({"suspect": self.suspect} if self.suspect else {})},
            accounting=self.ledger.account(), warnings=tuple(self.ledger.warnings))


def split_names(head: str) -> list[str]:
    """``Banding, “Bands with Other”`` -> two names; commas inside quotes do not split."""
    if not any(quote in head for quote in '“«"'):
        return [name.strip() for name in head.split(",") if name.strip()]
    names, current, depth = [], "", 0
    for char in head:
        if char in "“«":
            depth += 1
        elif char in "”»":
            depth = max(0, depth - 1)
        elif char == '"':
            depth = 0 if depth else 1
        if char == "," and depth == 0:
            names.append(current.strip())
            current = ""
        else:
            current += char
    names.append(current.strip())
    return [name for name in names if name]


def parse(source: Source) -> Document:
    return _CRParser(source).parse()


FORMAT = Format("cr-text", "Official Comprehensive Rules text release (en, fr, it)", detect, parse)
