"""Snippets: a window of an item's text around its first matched word, with the matched
spans marked, and the key under which repeated ruling texts count as one hit."""

from __future__ import annotations

import re

from .analysis import LANGS, analyzer_for
from .hits import Hit

# The first rules answering a question are shown whole, up to this many characters: the deciding words of a
# rule are often its last (510.1c's "divided as its controller chooses", 702.34a's "exile this card instead")
WHOLE_FIRST, WHOLE_CHARS = 3, 800
SNIPPET_CHARS = 300  # a rule of three lines whole (614.6: "If an event is replaced, it never happens. …")
# What the web page (U+E000, U+E001) and the terminal (NUL, U+0001) wrap matches in (Hit.marked): a text
# holding them shows U+FFFD instead, so only the matches are marked.
_MARKERS = re.compile("[\ue000\ue001\x00\x01]")


def make_snippet(content: str, lang: str, highlight: set[str], chars: int = SNIPPET_CHARS
                 ) -> tuple[str, list[tuple[int, int]]]:
    """A window of ``chars`` characters of ``content`` around the first matched word, with the matched spans.

    ``highlight`` holds analysed terms of ``lang``: a word of ``content`` is marked
    when the language's chain turns it into one of them.
    """
    text = _MARKERS.sub("\ufffd", re.sub(r"\s", " ", content))
    spans: list[tuple[int, int]] = []
    if highlight and lang in LANGS:
        for token in analyzer_for(lang)(text, chars=True, positions=False, mode="index"):
            if token.text in highlight:
                spans.append((token.startchar, token.endchar))
    start = 0
    if spans and spans[0][0] > chars // 3:
        start = min(text.rfind(" ", 0, spans[0][0] - chars // 4) + 1, _last_window_start(text, chars))
    end = len(text)
    if end - start > chars:
        end = text.rfind(" ", start, start + chars)
        end = end if end > start else start + chars
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    window = prefix + text[start:end].strip() + suffix
    shift = len(prefix) - start - (len(text[start:end]) - len(text[start:end].lstrip()))
    shown = [(a + shift, b + shift) for a, b in spans if a >= start and b <= end]
    return window, shown


def _last_window_start(text: str, chars: int) -> int:
    """Where the last window of the text starts: a window near the end shows as much of what comes before
    as it has room for (704.5j whole, not "…put into their owners' graveyards. This is called the legend rule")."""
    if len(text) <= chars:
        return 0
    return text.find(" ", len(text) - chars) + 1 or len(text) - chars


def with_snippets(hits: list[Hit], whole_first: int = 0) -> list[Hit]:
    """Cut the snippet of each hit kept from the text and terms its search left in ``extra``; the first
    ``whole_first`` rules are shown whole (up to :data:`WHOLE_CHARS`), and so are the rulings on the cards a
    question names then (their deciding clause is often their last: Brazen Borrower's "If an Adventure spell leaves
    the stack in any way other than resolving ... it goes to its owner's graveyard")."""
    rules = 0
    for hit in hits:
        content, marks = hit.extra.pop("_content", None), hit.extra.pop("_marks", set())
        if content is not None:
            whole = (hit.kind == "rule" and rules < whole_first) or (bool(whole_first) and hit.reason == "card")
            hit.snippet, hit.highlights = make_snippet(content, hit.lang, marks, WHOLE_CHARS if whole else SNIPPET_CHARS)
        rules += hit.kind == "rule"
    return hits


def same_text_key(hit: Hit) -> str:
    """A rule is one hit in all its languages (its reference number); rulings repeated word
    for word on many cards are one hit (their id ends in a text digest)."""
    if hit.kind == "rule" and hit.number:
        return f"rule/{hit.number}"
    if hit.kind == "ruling":
        return f"ruling-text/{hit.lang}/{hit.id.rsplit('/', 1)[-1]}"
    return hit.id
