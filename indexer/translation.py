"""The word tables a question's words are translated with (:mod:`indexer.reading` uses them).

* ``corpus/wordtable.tsv``: Italian and French lemmas (and their written forms) to English,
  learned from the card texts with IBM Model 1 (:mod:`kb.vocabulary.wordtable`), each with its
  probability and evidence; ``corpus/wordtable-review.tsv`` corrects it by hand;
* ``corpus/nearwords.tsv``: everyday words to the nearest English words of the rules, by the
  multilingual encoder (:mod:`kb.vocabulary.nearwords`);
* ``corpus/jargon.tsv``: players' words and the rules' words for them;
* the curated query words of :mod:`indexer.lexicon` (``pareggio`` → *tie*).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from kb import tsv
from kb.corpus import embedded_corpus
from kb.errors import ParseError
from kb.text import fold

WORDTABLE = "wordtable.tsv"  # in the embedded corpus
WORDTABLE_REVIEW = "wordtable-review.tsv"
LEMMA_FORMS = "lemma-forms.tsv"  # frequent Italian, French and English words and their lemmas (kb.vocabulary.lemma_forms)
WORDTABLE_COLUMNS = ("lang", "foreign", "english", "probability", "evidence")
NEARWORDS = "nearwords.tsv"  # everyday words by the encoder (kb.vocabulary.nearwords)
NEAR_BESIDE = 0.85  # cosine from which a near word joins a learned translation
NEAR_FLOOR = 0.7  # a near word's weight: how far its cosine is above this, over the rest of the way to 1
JARGON = "jargon.tsv"  # players' words and the rules' words for them
# A word table translation with this much evidence (line pairs) counts in full; less, by its log.
FULL_EVIDENCE = 20
MIN_WEIGHT = 0.15  # weaker translations are left out


def _rows(path: Path, names: tuple[str, ...], optional: int = 0) -> Iterator[tuple[int, list[str]]]:
    """The data lines of a table of the embedded corpus (none when it does not hold the file)."""
    return tsv.rows(path, names, optional) if path.is_file() else iter(())


@lru_cache(maxsize=1)
def word_table() -> dict[str, dict[str, list[tuple[str, float, int]]]]:
    """lang → foreign lemma or written form → [(English lemma, probability, evidence)] of
    ``corpus/wordtable.tsv`` (a written form shares its lemma's list), reviewed."""
    tables: dict[str, dict[str, list[tuple[str, float, int]]]] = {}
    forms: list[tuple[str, str, str]] = []
    path = embedded_corpus() / WORDTABLE
    for _number, (lang, foreign, english, probability, evidence) in _rows(path, WORDTABLE_COLUMNS):
        if evidence == "form":
            forms.append((lang, foreign, english))
        else:
            tables.setdefault(lang, {}).setdefault(foreign, []).append((english, float(probability), int(evidence)))
    for (lang, foreign), (english, replace) in reviewed().items():
        learned = [] if replace else [t for t in tables.setdefault(lang, {}).get(foreign, []) if t[0] not in english]
        tables.setdefault(lang, {})[foreign] = [(e, 1.0, FULL_EVIDENCE) for e in english] + learned
    for lang, form, lemma_ in forms:
        if lemma_ in tables.get(lang, {}):
            tables[lang].setdefault(form, tables[lang][lemma_])
    return tables


@lru_cache(maxsize=1)
def reviewed() -> dict[tuple[str, str], tuple[list[str], bool]]:
    """(lang, foreign) → (its English words, whether they replace the learned ones) of the review."""
    path = embedded_corpus() / WORDTABLE_REVIEW
    found: dict[tuple[str, str], tuple[list[str], bool]] = {}
    for _number, (lang, foreign, english, action, _note) in _rows(path, ("lang", "foreign", "english", "action", "note")):
        words, replace = found.setdefault((lang, foreign), ([], False))
        words.append(english)
        found[(lang, foreign)] = (words, replace or action == "replace")
    return found


@lru_cache(maxsize=None)
def reviewed_phrases(lang: str) -> dict[tuple[str, ...], list[str]]:
    """The review's phrases of ``lang`` (``stesso momento`` → *simultaneously*), keyed by their
    folded words (a hyphen parts words: ``sous-couche`` is ``sous couche``)."""
    return {tuple(re.split(r"[\s-]+", foreign)): english
            for (code, foreign), (english, _) in reviewed().items() if code == lang and re.search(r"[\s-]", foreign)}


@lru_cache(maxsize=4096)
def near(lang: str, word: str) -> tuple[tuple[str, float], ...]:
    """The English words nearest a folded ``word`` of ``lang`` in ``corpus/nearwords.tsv``, with
    their cosine (the file is searched, not loaded into a table: a question looks up a few words)."""
    found = tsv.lines_starting(NEARWORDS, f"{lang}\t{word}\t")
    return tuple((cells[0], float(cells[1])) for cells in found if len(cells) == 2)


@lru_cache(maxsize=1)
def jargon_rows() -> tuple[tuple[str, frozenset[str], tuple[str, ...]], ...]:
    """The players' words and phrases of ``corpus/jargon.tsv`` as written (``entra in campo``,
    ``contre-sort``), each with the languages it is read in (empty: any) and the rules' words for it,
    in the file's order (:mod:`indexer.reading` finds them in a question)."""
    path = embedded_corpus() / JARGON
    found = []
    for number, (word, rules_words, _note, langs) in _rows(path, ("word", "rules words", "note", "langs"), optional=2):
        codes = frozenset(code.strip() for code in langs.split(",") if code.strip())
        if codes - {"en", "it", "fr"}:
            raise ParseError(str(path), f"languages {langs!r}: each is one of en, it, fr (none: any)", number)
        found.append((word, codes, tuple(rules_words.split())))
    return tuple(found)


@lru_cache(maxsize=1)
def jargon() -> dict[str, tuple[str, ...]]:
    """Folded players' word (one word) → the rules' words for it (``corpus/jargon.tsv``), whatever its language."""
    found: dict[str, tuple[str, ...]] = {}
    for word, _langs, rules_words in jargon_rows():
        if not re.search(r"[\s-]", word.strip()):
            found.setdefault(fold(word.strip()), rules_words)
    return found


def lemma(word: str, lang: str) -> str:
    """The folded lemma of a word: by ``corpus/lemma-forms.tsv`` for the 50,000 most frequent words of
    each language (accents optional), else by simplemma, which knows the rarer forms players write
    (``rilanciata``, ``rigiocarla``): its low-memory dictionaries, which give the same lemmas and load in half the
    time (0.12 s rather than 0.25 s, for a cold question), a few microseconds slower per word."""
    folded = fold(word)
    found = listed_lemma(lang, folded)
    if found is not None:
        return found or folded
    import simplemma

    return fold(simplemma.lemmatize(word, lang=lang, low_memory=True))


@lru_cache(maxsize=4096)
def listed_lemma(lang: str, folded: str) -> str | None:
    """The lemma ``corpus/lemma-forms.tsv`` gives a folded word ("" for its own; None when not
    listed). The file is searched, not loaded: a question looks up a few words."""
    found = tsv.lines_starting(LEMMA_FORMS, f"{lang}\t{folded}\t", most=1)
    return found[0][0] if found else None


def translated(word: str, lang: str) -> list[tuple[str, float, int]]:
    """The English of an Italian or French word by the word table: (lemma, weight, evidence),
    weight = probability × how much evidence there is (full from :data:`FULL_EVIDENCE` line pairs),
    strongest first. A word whose form or lemma the review lists is read as the review says (its
    lemma's review before the encoder's near words of the form; a ``replace`` admits no near words). A word the
    table and the near words lack, but the table holds without the prefix of a thing done again, is read as that
    word (*redevient*: *devient*, :func:`without_again_prefix`)."""
    table = word_table().get(lang, {})
    folded, base = fold(word), lemma(word, lang)
    review = reviewed().get((lang, folded)) or reviewed().get((lang, base))
    if folded in table:
        found = table[folded]
    elif review or not near(lang, folded):
        found = table.get(base, [])
    else:
        found = []
    if not found and not review and not near(lang, folded) and (again := without_again_prefix(folded, lang)):
        found = table[again[0]]  # redevient, ridiventa (becomes again): devient, diventa
    out = []
    for english, probability, evidence in found:
        weight = probability * min(1.0, math.log1p(evidence) / math.log1p(FULL_EVIDENCE))
        if weight >= MIN_WEIGHT:
            out.append((english, weight, evidence))
    # an everyday word the card texts do not teach: the encoder's nearest rules words (also beside a
    # learned translation, when the encoder is sure); never beside a reviewed replacement
    for english, cosine in ([] if review and review[1] else near(lang, folded)):
        weight = (cosine - NEAR_FLOOR) / (1 - NEAR_FLOOR)
        if weight >= MIN_WEIGHT and (not found or cosine >= NEAR_BESIDE) and all(e != english for e, _, _ in out):
            out.append((english, weight, 0))
    return sorted(out, key=lambda t: -t[1])


LETTERS = "abcdefghijklmnopqrstuvwxyz"


def one_edit(folded: str) -> set[str]:
    """Every word one edit from ``folded``: a letter dropped, added or changed, or two neighbours swapped."""
    splits = [(folded[:i], folded[i:]) for i in range(len(folded) + 1)]
    found = {a + b[1:] for a, b in splits if b}
    found |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    found |= {a + c + b[1:] for a, b in splits if b for c in LETTERS}
    found |= {a + c + b for a, b in splits for c in LETTERS}
    found.discard(folded)
    return found


def nearest_players_words(folded: str, lang: str | None) -> list[str]:
    """The one-word players' words of ``corpus/jargon.tsv`` read in ``lang`` one edit from ``folded``, in the
    file's order (*counterara*, a phone's typo: *counterare*, not the English *counterpart* of card texts)."""
    near = one_edit(folded)
    return list(dict.fromkeys(key for word, langs, _rules in jargon_rows()
                              if (not langs or lang in langs) and (key := fold(word.strip())) in near))


def nearest_table_words(folded: str, lang: str) -> list[str]:
    """The words of ``lang``'s word table one edit from ``folded`` (a phone's typo: *equipper*, *bersagilare*),
    the best attested first: a misspelt Italian or French word is read as the word of its own language the
    table translates, not as the nearest English word of the rules."""
    table = word_table().get(lang, {})
    found = [(-max((e for _, _, e in table[w]), default=0), w) for w in one_edit(folded) if w in table]
    return [word for _, word in sorted(found)]


# the prefix of a verb done again (French *remeurt*, *relance*; Italian *rimuore*): the verb's own meaning
AGAIN_PREFIXES = {"fr": ("re",), "it": ("ri",)}
MIN_AGAIN_REST = 4  # letters of the verb after the prefix, at least


def without_again_prefix(folded: str, lang: str) -> list[str]:
    """The word of ``lang``'s word table that ``folded`` is with the prefix of a thing done again taken off
    (*remeurt*: *meurt*, dies; *rimuore*: *muore*), when the table holds that word; else nothing."""
    table = word_table().get(lang, {})
    return [rest for prefix in AGAIN_PREFIXES.get(lang, ()) if folded.startswith(prefix)
            and len(rest := folded[len(prefix):]) >= MIN_AGAIN_REST and rest in table][:1]


@lru_cache(maxsize=2)
def query_phrases(lang: str) -> dict[str, str]:
    """The curated query words of :mod:`indexer.lexicon` (``pareggio`` → *tie*), one word each."""
    from .lexicon import pairs

    return {fold(foreign): english for foreign, english in pairs(lang) if " " not in foreign}
