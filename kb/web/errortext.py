"""Error messages said in the interface language on the pages.

The library, the request checks and the search engine write their messages in
English (the JSON API and the CLI show them so). A page shows the message in
the interface language instead: each English message is recognised by its
pattern below, and its values (numbers, names, dates) are put in the translated
sentence. A message no pattern knows is shown in English, marked as such, under
a sentence in the interface language. The reasons a search found nothing
(``indexer/empty.py``) are said the same way.
"""

from __future__ import annotations

import re
from typing import Callable

from markupsafe import Markup, escape

from .html import N_

Gettext = Callable[[str], str]
_QUOTED = r"'[^']*'"
_RULES_OF = r"the Comprehensive Rules of (?P<date>\S+) \(rules run from (?P<first>\S+) to (?P<last>\S+)\)"

# (pattern of the English message, the interface string; named groups fill its placeholders)
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p + r"\Z"), m) for p, m in (
    (rf"parameter (?P<name>{_QUOTED}) is too long \((?P<count>\d+) characters; at most (?P<limit>\d+)\)",
     N_("The parameter %(name)s is too long (%(count)s characters; at most %(limit)s).")),
    (rf"parameter (?P<name>{_QUOTED}) contains control characters",
     N_("The parameter %(name)s contains control characters.")),
    (rf"parameter (?P<name>{_QUOTED}) is not valid UTF-8 text", N_("The parameter %(name)s is not valid UTF-8 text.")),
    (r"the rule selector is not valid UTF-8 text", N_("The rule number is not valid UTF-8 text.")),
    (r"the card name is not valid UTF-8 text", N_("The card name is not valid UTF-8 text.")),
    (r"the term is not valid UTF-8 text", N_("The term is not valid UTF-8 text.")),
    (rf"parameter (?P<name>{_QUOTED}) is required", N_("The parameter %(name)s is required.")),
    (rf"unknown language (?P<value>{_QUOTED}) for {_QUOTED} \(use one of: (?P<choices>[^)]*)\)",
     N_("Unknown language %(value)s (use one of: %(choices)s).")),
    (rf"unknown kind (?P<value>{_QUOTED}) \(use one of: (?P<choices>[^)]*)\)",
     N_("Unknown kind %(value)s (use one of: %(choices)s).")),
    (r"parameter 'limit' must be a whole number from 1 to (?P<maximum>\d+)",
     N_("The limit must be a whole number from 1 to %(maximum)s.")),
    (r"parameter 'limit' is (?P<value>\S+), above the maximum of (?P<maximum>\d+)",
     N_("The limit %(value)s is above the maximum of %(maximum)s.")),
    (r"parameter 'page' must be a whole number, 1 or more", N_("The page must be a whole number from 1.")),
    (rf"parameter (?P<name>{_QUOTED}) must be a release date YYYY-MM-DD",
     N_("The parameter %(name)s must be a release date YYYY-MM-DD.")),
    (r"rule selector too long \(at most (?P<maximum>\d+) characters\)",
     N_("The rule number is too long (at most %(maximum)s characters).")),
    (r"card name too long \(at most (?P<maximum>\d+) characters\)",
     N_("The card name is too long (at most %(maximum)s characters).")),
    (r"term too long \(at most (?P<maximum>\d+) characters\)",
     N_("The term is too long (at most %(maximum)s characters).")),
    (r"address too long \(at most (?P<maximum>\d+) characters\)",
     N_("The address is too long (at most %(maximum)s characters).")),
    (r"Method Not Allowed", N_("This address is only read (GET): the site changes nothing.")),
    (r"no knowledge base is built in the folder this server was started with",
     N_("No knowledge base is built on this server yet.")),
    (r"the knowledge base cannot be read on this server; the server log has the details",
     N_("The knowledge base cannot be read on this server; the server log has the details.")),
    (r"the search index of this knowledge base is missing: rebuild it with 'mtgkb build'",
     N_("The search index of this knowledge base is missing: it must be rebuilt (mtgkb build).")),
    (r"the search took more than (?P<seconds>[0-9.e+-]+) s of work and was stopped: .*",
     N_("The search took more than %(seconds)s s of work and was stopped: narrow it down (fewer words, "
        "prefixes, rule numbers or ranges).")),
    (r"the search could not finish in time and was stopped: the server is busy; .*",
     N_("The search could not finish in time: the server is busy. Try again, or narrow it down (fewer "
        "words, prefixes, rule numbers or ranges).")),
    (r"query too long \((?P<count>\d+) characters; at most (?P<maximum>\d+)\)",
     N_("The query is too long (%(count)s characters; at most %(maximum)s).")),
    (rf"prefix (?P<word>{_QUOTED}) is too short: give at least 3 letters before '\*'",
     N_("The prefix %(word)s is too short: give at least 3 letters before *.")),
    (r"too many rule numbers and ranges in one query \(at most (?P<maximum>\d+)\)",
     N_("Too many rule numbers and ranges in one query (at most %(maximum)s).")),
    (r"no page (?P<page>\d+) for (?P<selector>'.*'): it has (?P<pages>\d+) pages?",
     N_("There is no page %(page)s for %(selector)s (pages: %(pages)s).")),
    (r"no release (?P<date>\S+) in the knowledge base \(held: (?P<held>[^)]*)\)",
     N_("The knowledge base holds no release of %(date)s (it holds: %(held)s).")),
    (r"no rule (?P<number>\S+) in the release (?P<date>\S+); nearest: (?P<nearest>.*)",
     N_("The release of %(date)s has no rule %(number)s; nearest: %(nearest)s.")),
    # why a search found nothing (indexer/empty.py)
    (rf"no (?P<kind>rule|chapter|section) (?P<number>\S+) in {_RULES_OF}; nearest: (?P<nearest>.*)",
     N_("Not held: %(kind)s %(number)s, in the Comprehensive Rules of %(date)s (rules %(first)s to "
        "%(last)s); nearest: %(nearest)s.")),
    (rf"no (?P<kind>rule|chapter|section) (?P<number>\S+) in {_RULES_OF}",
     N_("Not held: %(kind)s %(number)s, in the Comprehensive Rules of %(date)s (rules %(first)s to "
        "%(last)s).")),
    (rf"no rule between (?P<start>\S+) and (?P<end>\S+) in {_RULES_OF}",
     N_("No rule from %(start)s to %(end)s in the Comprehensive Rules of %(date)s (rules %(first)s to "
        "%(last)s).")),
    (r"(?P<names>.+): (?:a card|cards) of MTGJSON this knowledge base does not hold; ask about it in a question "
     r"\(it is read by what it is\), or build with card data that holds it \(mtgkb update --cards\)",
     N_("%(names)s: not in this knowledge base's card data. Ask about it in a question (it is read by what it "
        "is), or build with card data that holds it (mtgkb update --cards).")),
    (r"(?P<names>.+): (?:a card|cards) of MTGJSON this knowledge base does not hold; the results are those of "
     r"the words of its name \(mtgkb update --cards\)",
     N_("%(names)s: not in this knowledge base's card data; the results are those of the words of its name "
        "(mtgkb update --cards).")),
    (r"the query holds no words to search for", N_("The query holds no words to search for.")),
    (r"the query holds only question and function words \((?P<words>[^)]*)\): add the game terms you ask about",
     N_("The query holds only question and function words (%(words)s): add the game terms you ask about.")),
    (rf"no item holds (?P<words>{_QUOTED}(?: or {_QUOTED})*) in any language",
     N_("No text holds %(words)s, in any language.")),
    (r"nothing found within (?P<filters>.*): try without (?:this filter|these filters)",
     N_("Nothing found within %(filters)s: try without them.")),
    (r"every match holds an excluded word \((?P<words>.*)\)",
     N_("Every match holds an excluded word (%(words)s).")),
    (r'no item holds the phrase "(?P<phrase>.*)" as typed: try its words without quotes',
     N_("No text holds the phrase “%(phrase)s” as typed: try its words without quotes.")),
))
# the English words a message's values hold, said in the interface language
VALUE_WORDS = {"rule": N_("the rule"), "chapter": N_("the chapter"), "section": N_("the section")}
UNKNOWN = N_("The request could not be answered. The details, in English:")


def _values(values: dict[str, str], gettext: Gettext) -> dict[str, str]:
    """A match's values with their English words said through ``gettext`` (``rule``; ``'a' or 'b'``)."""
    out = dict(values)
    if "kind" in out:
        out["kind"] = gettext(VALUE_WORDS[out["kind"]])
    if "words" in out and out["words"].startswith("'"):
        out["words"] = ", ".join(re.findall(_QUOTED, out["words"]))
    return out


def error_text(message: str, gettext: Gettext) -> Markup:
    """``message`` (English) said through ``gettext``: as it is in the English interface; else by
    its pattern, or in English under a sentence that says so. The messages of the library start in
    lower case: the English one is shown as a sentence, capitalised."""
    if gettext(UNKNOWN) == UNKNOWN:  # the English interface: the message as a sentence
        return Markup(escape(message[:1].upper() + message[1:]))
    for pattern, interface in PATTERNS:
        match = pattern.match(message)
        if match:
            return Markup(escape(gettext(interface) % _values(match.groupdict(), gettext)))
    return Markup(f'{escape(gettext(UNKNOWN))} <span lang="en">{escape(message)}</span>')
