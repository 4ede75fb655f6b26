"""The game's vocabulary (:mod:`kb.vocabulary`) as search uses it.

* :func:`protected_forms`: game terms the snowball stemmer would merge with a *different*
  game term (Italian ``mana`` and ``mano`` both stem to ``man``) are indexed and searched
  as their concept's name instead, so ``mana`` never matches ``mano``. Terms of one
  family (English names of one stem: *Exile* the action and the zone, *Tap* and
  *Tapped*) stay merged, except a keyword and a card type (*planeswalk* is not *planeswalker*).
  An index keeps the forms it was built with (:func:`write_forms`); the searcher reads them
  (:func:`read_forms`) instead of stemming the vocabulary at each start.
* :func:`spot`: the phrases of a query that name concepts (``legame vitale``, ``cimetière``).
* :func:`translations`: every name of a concept in the other languages, for cross-language
  expansion (``travolgere`` → ``trample``, ``piétinement``).
* :func:`term_words` and :func:`nearest_terms`: the words of the vocabulary, protected from
  typo correction and tried first when a word matches nothing.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from kb.text import WORD, edit_distance, fold
from kb.vocabulary import Concept, Spot, Vocabulary, default_vocabulary, name_key
from kb.vocabulary.saved import SAVED_NAME, save_vocabulary, use_saved

LANGS = ("en", "it", "fr")


# The vocabulary of the index being built or searched, when its rule numbers were carried into an older
# or newer release than the vocabulary's (kb.curated.carried_vocabulary); else the embedded one.
_IN_USE: ContextVar[Vocabulary | None] = ContextVar("vocabulary", default=None)
CARRIED_FILE = "vocabulary-carried.json"  # in the index folder: the release its saved vocabulary is carried to


def vocabulary() -> Vocabulary:
    return _IN_USE.get() or _embedded()


@lru_cache(maxsize=1)
def _embedded() -> Vocabulary:
    return default_vocabulary()


@contextmanager
def using_vocabulary(vocabulary: Vocabulary | None) -> Iterator[None]:
    """Within the block, :func:`vocabulary` is ``vocabulary`` (None: the embedded one)."""
    token = _IN_USE.set(vocabulary)
    try:
        yield
    finally:
        _IN_USE.reset(token)


def carried_vocabulary_of(index_dir: Path) -> tuple[Vocabulary | None, str | None]:
    """The vocabulary an index was built with when its rule numbers were carried to its release
    (:data:`CARRIED_FILE` says so), read from the copy saved beside it, and that release's date;
    else (None, None): the embedded one."""
    try:
        release = json.loads((Path(index_dir) / CARRIED_FILE).read_text(encoding="utf-8"))["release"]
    except (OSError, ValueError, TypeError, KeyError):
        return None, None
    from kb.vocabulary.saved import read_saved

    vocabulary = read_saved(Path(index_dir) / VOCABULARY_FILE)
    return (vocabulary, str(release)) if vocabulary is not None else (None, None)


FORMS_FILE = "protected-forms.json"  # in the index folder
_FORMS: dict[str, dict[str, str]] = {}  # language -> protected forms, computed or read with an index
STEMS_FILE = "english-stems.json"  # in the index folder: the stems of the English names (homonyms)
_STEMS: dict[str, tuple[str, ...]] = {}  # English stem -> the concepts named by it, computed or read with an index
VOCABULARY_FILE = SAVED_NAME  # in the index folder: the vocabulary, quick to read (kb.vocabulary.saved)


def protected_forms(lang: str) -> dict[str, str]:
    """Folded word → the form it is indexed as, for words whose stem a different concept shares
    (those an index was built with, once :func:`read_forms` read them)."""
    if lang not in _FORMS:
        _FORMS[lang] = _computed_forms(lang)
    return _FORMS[lang]


def write_forms(index_dir: Path, carried_to: str | None = None) -> None:
    """Save the protected forms an index is analysed with beside it, the stems of the English names
    and the vocabulary (:func:`read_forms`); ``carried_to``: the release date the vocabulary's rule
    numbers were carried to (:data:`CARRIED_FILE`)."""
    forms = {lang: protected_forms(lang) for lang in LANGS}
    (Path(index_dir) / FORMS_FILE).write_text(json.dumps(forms, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    (Path(index_dir) / STEMS_FILE).write_text(json.dumps(_by_english_stem(), ensure_ascii=False, sort_keys=True),
                                              encoding="utf-8")
    save_vocabulary(vocabulary(), Path(index_dir) / VOCABULARY_FILE)
    carried = Path(index_dir) / CARRIED_FILE
    if carried_to:
        carried.write_text(json.dumps({"release": carried_to}), encoding="utf-8")
    elif carried.exists():
        carried.unlink()


def read_forms(index_dir: Path) -> None:
    """Analyse queries with the protected forms ``index_dir`` was built with, and its stems of the
    English names, when it has them (saves stemming the vocabulary at each start, ~0.05 s; a language
    already analysed keeps its forms); read the vocabulary saved there (when saved from the same table)."""
    if not (Path(index_dir) / CARRIED_FILE).is_file():
        use_saved(Path(index_dir) / VOCABULARY_FILE)
    path = Path(index_dir) / FORMS_FILE
    if path.is_file():
        for lang, found in json.loads(path.read_text(encoding="utf-8")).items():
            _FORMS.setdefault(lang, found)
    path = Path(index_dir) / STEMS_FILE
    if not _STEMS and path.is_file():
        _STEMS.update((stem, tuple(ids)) for stem, ids in json.loads(path.read_text(encoding="utf-8")).items())


# Game terms whose stem an ordinary word of the rules shares, with the forms kept apart: *dies*
# (700.4) is not the die rolled (706 Rolling a Die), though the English stemmer makes both 'die';
# a *commander* (903) is not the *command* zone, which every rule of a card's zones names.
SHARED_STEMS: dict[str, tuple[tuple[str, ...], ...]] = {"en": (("dies", "died"), ("commander", "commanders"))}


def _computed_forms(lang: str) -> dict[str, str]:
    from whoosh.lang import stemmer_for_language

    stem = stemmer_for_language(lang)
    by_stem: dict[str, dict[str, tuple[Concept, set[str]]]] = {}
    for concept in vocabulary().concepts:
        for name in concept.names_in(lang, obsolete=True):
            key = name_key(name.text, lang)
            if key and " " not in key and not any(c.isdigit() for c in key):
                by_stem.setdefault(stem(key), {}).setdefault(concept.id, (concept, set()))[1].add(key)
    forms: dict[str, str] = {}
    for group in by_stem.values():
        words = {w for _, ws in group.values() for w in ws}
        if len(words) < 2 or not _different_things([c for c, _ in group.values()]):
            continue
        for concept, spelled in group.values():
            preferred = name_key(concept.name(lang) or "", lang)
            target = preferred if preferred in spelled else min(spelled)
            forms.update({w: target for w in spelled})
    for spelled in SHARED_STEMS.get(lang, ()):
        forms.update({w: spelled[0] for w in spelled})
    return forms


def _different_things(concepts: list[Concept]) -> bool:
    """Concepts of different families: English names of different stems, or a keyword beside a card type."""
    from whoosh.lang import stemmer_for_language

    stem = stemmer_for_language("en")
    families = {stem(name_key(c.en).split()[0]) for c in concepts if c.en}
    kinds = {c.kind for c in concepts}
    return len(families) > 1 or ("card-type" in kinds and bool(kinds & {"keyword-ability", "keyword-action"}))


def spot(text: str, lang: str | None = None) -> tuple[Spot, ...]:
    """The longest phrases of ``text`` naming concepts, left to right, names in ``lang`` first
    (:meth:`Vocabulary.spot`)."""
    return vocabulary().spot(text, lang)


def homonyms(matches) -> set[str]:
    """Concepts whose English names share a word with a concept a query named in Italian or French,
    but whose names there share none with the query's (``segnalino``, the counters of 122, is not
    ``neutralizzare``, the Counter of 701.6, nor is ``neutralizzare`` the rad counters of 727;
    ``esilio`` the zone and ``esiliare`` the action are one family; a concept without a name there
    is judged by its kind): the English word would bring in a different thing."""
    found: set[str] = set()
    named = {m.concept.id for m in matches}
    for match in matches:
        lang = match.name.lang
        if lang == "en":
            continue
        ours = _name_stems(match.concept, lang)
        for other_id in {c for stem in _name_stems(match.concept, "en") for c in _by_english_stem().get(stem, ())}:
            other = vocabulary().get(other_id)
            if other is None or other_id in named:
                continue
            theirs = _name_stems(other, lang)
            # named there: judged by its names; not named there: a concept of another kind
            if (not ours & theirs) if theirs else other.kind != match.concept.kind:
                found.add(other_id)
    return found


def _name_stems(concept: Concept, lang: str) -> set[str]:
    """The stems of the words (of 3 letters or more) of a concept's names in ``lang``."""
    from whoosh.lang import stemmer_for_language

    stem = stemmer_for_language(lang)
    return {stem(w) for n in concept.names_in(lang) for w in name_key(n.text, lang).split() if len(w) > 2}


def _by_english_stem() -> dict[str, tuple[str, ...]]:
    """English stem -> the concepts one of whose English names holds a word of that stem."""
    if not _STEMS:
        found: dict[str, list[str]] = {}
        for concept in vocabulary().concepts:
            for stem in _name_stems(concept, "en"):
                found.setdefault(stem, []).append(concept.id)
        _STEMS.update((stem, tuple(ids)) for stem, ids in found.items())
    return _STEMS


def translations(concept: Concept, besides: str | None = None) -> dict[str, tuple[str, ...]]:
    """Language → the concept's current names there (preferred first), ``besides`` left out."""
    return {lang: tuple(n.text for n in concept.names_in(lang)) for lang in LANGS
            if lang != besides and concept.names_in(lang)}


@lru_cache(maxsize=1)
def term_words() -> frozenset[str]:
    """Every folded word of every name in the vocabulary (kept from typo correction)."""
    return frozenset(w for key in vocabulary().keys() for w in key.split() if w.isalpha())


@lru_cache(maxsize=1)
def term_languages() -> dict[str, frozenset[str]]:
    """Folded word of a name → the languages of the names holding it (``ephemere``: French only)."""
    found: dict[str, set[str]] = {}
    for concept in vocabulary().concepts:
        for name in concept.names:
            for word in name_key(name.text, name.lang).split():
                found.setdefault(word, set()).add(name.lang)
    return {word: frozenset(langs) for word, langs in found.items()}


def spoken_in(folded: str, lang: str | None) -> bool:
    """Whether the vocabulary word ``folded`` may correct a typo of a ``lang`` question: a word of its
    names there or in English (the rules' language, which every question mixes), any when ``lang`` is
    unknown. An English question's *ephemerate* is not French *éphémère*."""
    return lang is None or bool(term_languages().get(folded, frozenset()) & {lang, "en"})


@lru_cache(maxsize=1)
def _spellings() -> dict[str, str]:
    """Folded word of a name → the word as the vocabulary spells it (``pietinement`` → ``piétinement``)."""
    found: dict[str, str] = {}
    for concept in vocabulary().concepts:
        for name in concept.names:
            for word in WORD.findall(name.text.lower()):
                found.setdefault(fold(word), word)
    return found


def spelled(folded: str) -> str:
    """``folded`` as the vocabulary writes it, accents and all (itself when unknown)."""
    return _spellings().get(folded, folded)


def nearest_terms(folded: str, distance: int) -> list[str]:
    """Vocabulary words within ``distance`` edits of ``folded`` (same first letter), closest first."""
    found = []
    for word in _terms_by_letter().get(folded[:1], ()):
        if abs(len(word) - len(folded)) <= distance and word != folded:
            d = edit_distance(folded, word, distance)
            if d <= distance:
                found.append((d, len(word), word))
    return [w for _, _, w in sorted(found)]


@lru_cache(maxsize=1)
def _terms_by_letter() -> dict[str, tuple[str, ...]]:
    by_letter: dict[str, list[str]] = {}
    for word in sorted(term_words()):
        by_letter.setdefault(word[0], []).append(word)
    return {letter: tuple(words) for letter, words in by_letter.items()}


def words_of(text: str) -> list[str]:
    """The words :func:`spot` counts in ``text`` (positions of a :class:`Spot`)."""
    return name_key(text).split()
