"""A build is judged before it is published: does each document look like what its source should give?

:func:`judge` returns the problems found, one line each (``file:line: what``); the
pipeline refuses to publish a build that has any, unless told to (``mtgkb build --force``),
so a damaged file never replaces a good knowledge base. What is checked:

- what the parser itself flagged (``meta["suspect"]``): a file cut inside the glossary, a
  document that starts again after its credits, a numbered rule inside the contents list;
- numbered rule lines the parser could not place (left in the report of unparsed lines);
- most of a file's lines unparsed (a file reversed, or not what its format detector thought);
- a rules file whose body holds far fewer chapters than its contents list, or with almost
  no glossary for its size, or a glossary out of alphabetical order (shuffled);
- a card file (MTGJSON, Scryfall) with no usable card or ruling; a set file whose entries are all
  tokens (MTGJSON's art series, token and some promo sets) is no problem but a note (:func:`notes`);
- control characters (NUL and the like) in any stored text;
- a text far longer than any real one (:data:`MAX_TEXT`; the longest rule of the official
  releases, 205.3m's list of subtypes, has under 2,800 characters, its examples included).
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from .model import Document
from .text import fold

MOST_UNPARSED = 0.5  # share of a file's non-blank lines
MIN_LINES = 20  # files shorter than this are not judged on shares
FEW_CHAPTERS = 0.5  # chapters found / chapters the contents list
FEW_TERMS = 0.05  # glossary terms / rules (official releases have about 0.22)
GLOSSARY_DISORDER = 0.2  # adjacent glossary entries out of order (official releases: under 0.03)
CARD_FORMATS = ("mtgjson", "mtgjson-atomic", "scryfall")
MAX_TEXT = 20_000  # characters in one stored text: 7 times the longest rule of any official release
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_RULE_LINE = re.compile(r"^\s*\d{3}\.\d+[a-z]?\.?\s+\S")


SHRUNK_GLOSSARY = 0.85  # glossary entries / the previous release's (official releases never lose 15 %)


def judge(documents: Iterable[Document]) -> list[str]:
    """Every problem found in ``documents``, one line each; empty when the build may be published."""
    documents = list(documents)
    problems: list[str] = _glossary_shrink_problems(documents)
    for doc in documents:
        problems += _line_problems(doc)
        problems += doc.meta.get("suspect", [])
        if doc.format == "cr-text":
            problems += _release_problems(doc)
        if doc.format in CARD_FORMATS and not doc.cards and not doc.rulings and not only_tokens(doc):
            problems.append(f"{doc.path}: a card file with no usable card or ruling")
        problems += _control_problems(doc)
        problems += _length_problems(doc)
    return problems


def only_tokens(doc: Document) -> int:
    """How many tokens an MTGJSON set file holds when they are all it holds (an art series, a token set:
    nothing unparsed, no card entry), else 0."""
    account = doc.accounting
    tokens = account.boilerplate.get("token", 0)
    return tokens if doc.format == "mtgjson" and tokens and tokens == account.total else 0


def notes(doc: Document) -> list[str]:
    """What the build's report says of ``doc`` beside its counts: a set file of tokens only."""
    tokens = only_tokens(doc)
    if not tokens:
        return []
    kinds = sorted({str(row.get("type")) for row in doc.meta.get("sets", []) if row.get("type")})
    kind = f", a set of type {', '.join(kinds)}" if kinds else ""
    return [f"only tokens or art cards ({tokens}{kind}): no card or ruling to read"]


def _line_problems(doc: Document) -> list[str]:
    account = doc.accounting
    problems = []
    lines = account.total - account.blank
    if lines >= MIN_LINES and len(account.unparsed) > MOST_UNPARSED * lines:
        problems.append(f"{doc.path}: {len(account.unparsed)} of its {lines} lines were not understood "
                        f"(first: line {account.unparsed[0].line}, {account.unparsed[0].reason})")
    rule_lines = [u for u in account.unparsed if _RULE_LINE.match(u.text) and u.reason.startswith("rule number")]
    if rule_lines:
        problems.append(f"{doc.path}:{rule_lines[0].line}: {len(rule_lines)} numbered rule line(s) could not be "
                        f"placed in the rules ({rule_lines[0].reason})")
    return problems


def _release_problems(doc: Document) -> list[str]:
    problems = []
    listed = doc.meta.get("contents", {}).get("chapters", 0)
    found = sum(1 for rule in doc.rules if rule.kind == "chapter")
    if listed and found < FEW_CHAPTERS * listed:
        problems.append(f"{doc.path}: almost no rules: the contents list {listed} chapters, the rules hold {found}")
    rules = sum(1 for rule in doc.rules if rule.kind in ("rule", "subrule"))
    if listed and rules >= 200 and len(doc.terms) < FEW_TERMS * rules:
        problems.append(f"{doc.path}: a glossary of {len(doc.terms)} entries for {rules} rules is far shorter "
                        "than an official release has")
    names = [fold(term.names[0]) for term in doc.terms if term.names]
    disorder = [i for i in range(1, len(names)) if names[i - 1] > names[i]]
    if len(names) >= MIN_LINES and len(disorder) > GLOSSARY_DISORDER * len(names):
        first = doc.terms[disorder[0]]
        problems.append(f"{doc.path}:{first.line}: the glossary is out of alphabetical order ({len(disorder)} of "
                        f"{len(names)} entries, first {first.names[0]!r}): shuffled?")
    return problems


def _glossary_shrink_problems(documents: list[Document]) -> list[str]:
    """A release whose glossary is far shorter than the previous release's (of its language, built
    with it): lost entries (mixed line ends, a damaged file) that no other check sees."""
    releases = sorted((d for d in documents if d.format == "cr-text" and d.effective_date and d.terms),
                      key=lambda d: (d.lang, d.effective_date))
    problems = []
    for previous, doc in zip(releases, releases[1:]):
        if doc.lang == previous.lang and len(doc.terms) < SHRUNK_GLOSSARY * len(previous.terms):
            problems.append(f"{doc.path}: a glossary of {len(doc.terms)} entries, against {len(previous.terms)} in "
                            f"the previous release ({previous.effective_date}): entries lost (mixed line ends, a "
                            "damaged file)?")
    return problems


def _control_problems(doc: Document) -> list[str]:
    for where, text in _texts(doc):
        match = _CONTROL.search(text)
        if match:
            return [f"{doc.path}:{where}: control character U+{ord(match.group()):04X} in the text"]
    return []


def _length_problems(doc: Document) -> list[str]:
    for where, text in _texts(doc):
        if len(text) > MAX_TEXT:
            return [f"{doc.path}:{where}: a text of {len(text):,} characters, over the limit of {MAX_TEXT:,} "
                    "(the longest rule of an official release has under 2,800): a damaged file?"]
    return []


def _texts(doc: Document) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a document stores."""
    for rule in doc.rules:
        where = f"{rule.line or 1}: rule {rule.number}"
        yield where, rule.text
        yield where, rule.title or ""
        for example in rule.examples:
            yield where, example.text
    for term in doc.terms:
        yield f"{term.line or 1}: glossary {term.names[0] if term.names else ''!r}", term.definition + " ".join(term.names)
    for ruling in doc.rulings:
        yield f"{ruling.line or 1}: ruling", ruling.text + " ".join(t for _, t, _ in ruling.translations)
    for card in doc.cards:
        yield f"{card.line or 1}: card {card.name[:40]!r}", " ".join([card.name, card.type, card.text,
                                                                       *(" ".join(f) for f in card.foreign)])
