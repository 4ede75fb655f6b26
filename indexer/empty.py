"""Why a search found nothing: one line that says why and what to try (``Hits.empty_reason``).

The first of these that holds is said:

1. a rule number, chapter or range the index does not hold: the release searched, the span of its
   rules and, as ``mtgkb rule`` says, the nearest numbers held (``no rule 999.9 in the
   Comprehensive Rules of 2025-11-14 (rules run from 100.1 to 905.6); nearest: 9, 905.6``);
2. a query of question and function words only (``what is the``, ``che cosa è``), or of no word;
3. words no item holds in any language, as typed or analysed (``xyzzy``);
4. filters (``kind:``, ``lang:``, ``section:``, ``--kind``, ``--lang``) that leave out every match;
5. excluded words (``NOT``, ``-word``) held by every match;
6. a phrase whose words are found, but never together as typed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Callable

from whoosh import query as Q

from kb.numbering import RuleNumber, RuleRange, from_sort_key, nearest
from kb.text import fold

from .analysis import words
from .query import Parsed, Phrase, Word
from .reading import Reading
from .text_queries import TextQueries


@dataclass
class RulesHeld:
    """The rule numbers the index answers (English reference numbers, sorted) and the date of the
    English release they come from."""

    numbers: list[RuleNumber]
    release: str | None

    @classmethod
    def of(cls, searcher) -> "RulesHeld":
        """The numbers of a whoosh ``searcher``'s ``numkey`` field and its English rules' release date."""
        keys = (t.decode("utf-8") if isinstance(t, bytes) else t for t in searcher.reader().lexicon("numkey"))
        numbers = sorted(n for n in map(from_sort_key, keys) if n is not None)
        found = searcher.search(Q.And([Q.Term("kind", "rule"), Q.Term("lang", "en")]), limit=1)
        extra = json.loads(found[0].get("extra") or "{}") if len(found) else {}
        return cls(numbers, extra.get("date"))

    def where(self) -> str:
        """``the Comprehensive Rules of 2025-11-14 (rules run from 100.1 to 905.6)``."""
        rules = [n for n in self.numbers if n.rule is not None]
        span = f" (rules run from {rules[0]} to {rules[-1]})" if rules else ""
        return (f"the Comprehensive Rules of {self.release}" if self.release else "the rules indexed") + span

    def holds(self, selector: RuleNumber | RuleRange) -> bool:
        """Whether a number asked for, or any number of a range, is held."""
        if isinstance(selector, RuleRange):
            return any(n in selector for n in self.numbers)
        return selector in self.numbers


def empty_reason(parsed: Parsed, texts: TextQueries, held: RulesHeld,
                 reading: Callable[[], Reading | None]) -> str | None:
    """Why ``parsed`` found nothing (see the module docstring); ``reading()`` is how its words read
    as a question (asked only when no rule number explains it). None when no reason is known."""
    return (missing_numbers(parsed, held) or only_function_words(parsed, reading)
            or unknown_words(parsed, texts) or filtered_out(parsed) or excluded(parsed) or phrase_apart(parsed))


def missing_numbers(parsed: Parsed, held: RulesHeld) -> str | None:
    """``no rule 999.9 in the Comprehensive Rules of … (rules run from …); nearest: 9, 905.6``."""
    missing = [s for s in parsed.numbers if not held.holds(s)]
    if not missing:
        return None
    line = f"no {' or '.join(_named(s) for s in missing)} in {held.where()}"
    first = next((s for s in missing if isinstance(s, RuleNumber)), None)
    if first is not None and held.numbers:
        line += f"; nearest{'' if len(missing) == 1 else f' to {first}'}: {', '.join(nearest(first, held.numbers))}"
    return line


def _named(selector: RuleNumber | RuleRange) -> str:
    """``rule 999.9``, ``chapter 999``, ``section 9`` or ``rule between 999.1 and 999.3``."""
    if isinstance(selector, RuleRange):
        return f"rule between {selector.start} and {selector.end}"
    return f"{'rule' if selector.kind == 'subrule' else selector.kind} {selector}"


def cards_not_held(names: list[str]) -> str:
    """A query that is only the name of cards the knowledge base does not hold (``corpus/card-names.tsv``)."""
    return (f"{' and '.join(names)}: {'a card' if len(names) == 1 else 'cards'} of MTGJSON this knowledge base does not "
            "hold; ask about it in a question (it is read by what it is), or build with card data that holds it "
            "(mtgkb update --cards)")


def cards_named_not_held(names: list[str]) -> str:
    """Said above the results of a query that is only the name of cards the knowledge base does not hold, when
    other items hold its words (``Violent Eruption``: Gratuitous Violence is no answer)."""
    return (f"{' and '.join(names)}: {'a card' if len(names) == 1 else 'cards'} of MTGJSON this knowledge base does not "
            "hold; the results are those of the words of its name (mtgkb update --cards)")


def only_function_words(parsed: Parsed, reading: Callable[[], Reading | None]) -> str | None:
    """A query with no word worth searching: only question and function words, or none at all."""
    if parsed.numbers:
        return None
    if not parsed.items:
        return "the query holds no words to search for"
    read = reading() if all(isinstance(i, Word) and not i.prefix for i in parsed.items) else None
    if read is None or read.groups:
        return None
    if not read.dropped:
        return "the query holds no words to search for"
    return (f"the query holds only question and function words ({', '.join(dict.fromkeys(read.dropped))}): "
            "add the game terms you ask about")


def unknown_words(parsed: Parsed, texts: TextQueries) -> str | None:
    """``no item holds 'xyzzy' in any language``: the words (of phrases too) and prefixes no item holds."""
    unknown: list[str] = []
    for item in parsed.items:
        if isinstance(item, Phrase):
            unknown += [w for w in words(item.text) if not texts.matches_something(w)]
        elif item.prefix:
            unknown += [] if texts.words.starting(fold(item.text)) else [f"{item.text}*"]
        elif not texts.matches_something(item.text):
            unknown.append(re.sub(r"^\W+|\W+$", "", item.text) or item.text)  # plugh? as plugh
    if not unknown:
        return None
    return f"no item holds {' or '.join(repr(w) for w in dict.fromkeys(unknown))} in any language"


def filtered_out(parsed: Parsed) -> str | None:
    """``nothing found within kind:card, lang:it: try without these filters``."""
    shown = ([f"kind:{k}" for k in sorted(parsed.kinds)] + [f"lang:{l}" for l in sorted(parsed.langs)]
             + [f"section:{s}" for s in sorted(parsed.sections)])
    if not shown:
        return None
    return f"nothing found within {', '.join(shown)}: try without {'this filter' if len(shown) == 1 else 'these filters'}"


def excluded(parsed: Parsed) -> str | None:
    """``every match holds an excluded word (damage)``."""
    if not parsed.negated:
        return None
    return f"every match holds an excluded word ({', '.join(i.text for i in parsed.negated)})"


def phrase_apart(parsed: Parsed) -> str | None:
    """``no item holds the phrase "…" as typed: try its words without quotes``."""
    phrase = next((i for i in parsed.items if isinstance(i, Phrase)), None)
    if phrase is None:
        return None
    return f'no item holds the phrase "{phrase.text}" as typed: try its words without quotes'
