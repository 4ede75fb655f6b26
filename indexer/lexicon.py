"""Official game terms, Italian and French to English, for query expansion.

A query word or phrase found here is also searched, below direct matches, as
its English counterpart, so an Italian or French query reaches the English rules
where no text in its own language exists (``campo di battaglia`` → the English
rules of chapter 403). Entries are matched on analysed terms, so plurals and
missing accents match too (``zone pubbliche``, ``cimetiere``).

Game terms come from the vocabulary first (:mod:`indexer.vocab`, which holds the
curated core ``corpus/lexicon-core.tsv`` too); this module is the fallback for a
few query phrases it does not hold (:data:`EXTRA`: ``pareggio`` → ``tie``).
"""

from __future__ import annotations

from functools import lru_cache

from .analysis import terms

# Query phrases the curated core (corpus/lexicon-core.tsv, shared with the alignment)
# does not hold: inflections and multi-word zone names people type.
EXTRA: dict[str, tuple[tuple[str, str], ...]] = {
    "it": (
        ("zona di comando", "command zone"), ("zona pubblica", "public zone"), ("zona nascosta", "hidden zone"),
        ("voto", "vote"), ("votazione", "vote"), ("pareggio", "tie"), ("innescata", "triggered"),
        ("attivata", "activated"), ("segnalino", "counter"), ("fuori dal gioco", "outside the game"),
        ("faccia in giù", "face down"), ("costo", "cost"),
    ),
    "fr": (
        ("zone de commandement", "command zone"), ("zone publique", "public zone"), ("zone cachée", "hidden zone"),
        ("vote", "vote"), ("égalité", "tie"), ("déclenchée", "triggered"), ("activée", "activated"),
        ("marqueur", "counter"), ("face cachée", "face down"), ("coût", "cost"), ("blessures", "damage"),
    ),
}


def pairs(lang: str) -> list[tuple[str, str]]:
    """(foreign phrase, English phrase) pairs of the query phrases above (the curated core
    lexicon's game terms are in the vocabulary, :mod:`indexer.vocab`, which comes first)."""
    return list(EXTRA.get(lang, ()))


@lru_cache(maxsize=None)
def entries(lang: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """(analysed source terms, English phrase) for ``lang``, longest first."""
    analysed = [(tuple(terms(src, lang)), en) for src, en in pairs(lang)] if lang in EXTRA else []
    return tuple(sorted(((k, en) for k, en in analysed if k), key=lambda e: -len(e[0])))


def expansions(lang: str, analysed: list[str]) -> list[tuple[int, int, str]]:
    """Non-overlapping lexicon matches in a sequence of analysed terms: (start, end, English phrase)."""
    found: list[tuple[int, int, str]] = []
    taken = [False] * len(analysed)
    for key, english in entries(lang):
        size = len(key)
        for start in range(len(analysed) - size + 1):
            if tuple(analysed[start:start + size]) == key and not any(taken[start:start + size]):
                found.append((start, start + size, english))
                for i in range(start, start + size):
                    taken[i] = True
    return sorted(found)
