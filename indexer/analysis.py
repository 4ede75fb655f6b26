"""Text analysis per language: the same chain on the index side and the query side.

``analyzer_for(lang)`` gives, for ``it``, ``en`` and ``fr``:

0. the text in Unicode NFC with its format characters dropped (:func:`normalise`: a decomposed
   ``légendaire``, a soft hyphen or a zero-width space inside a word is the word);
1. a tokenizer that keeps rule numbers (``702.19b``) as one token and keeps
   apostrophes inside words (``dell'abilità``, ``l’exil``) for step 3;
2. lowercase;
3. elision stripping for Italian and French (both ``'`` and ``’``): the elided
   article or preposition is dropped (``dell'abilità`` → ``abilità``);
   English drops the possessive ``'s`` (:data:`kb.text.ELISIONS`);
4. folding (:func:`kb.text.fold`: ``bloquée`` → ``bloquee``, ``œ`` → ``oe``, ``’`` → ``'``)
   *before* stemming, so a word typed with or without accents stems the same way;
5. the language's stop words (:data:`kb.text.STOPWORDS`, the lists the alignment uses too);
6. the language's snowball stemmer (rule numbers and other tokens with digits
   are never stemmed); a game term whose stem a different game term shares is
   kept apart (:func:`indexer.vocab.protected_forms`: ``mana`` is not ``mano``).

``words_analyzer()`` is the unstemmed variant (steps 1–4 with every language's
elisions) used for spelling suggestions, typo tolerance and prefixes.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Callable, Iterator

from whoosh.analysis import (Analyzer, CompositeAnalyzer, Filter, LowercaseFilter, RegexTokenizer, StemFilter,
                             StopFilter, Token)
from whoosh.lang import stemmer_for_language

from kb.text import ALL_ELISIONS, APOSTROPHES, ELISIONS, RULE_NUMBER, STOPWORDS, fold, strip_elision

LANGS = ("en", "it", "fr")
# Bumped whenever the analysis chain gives other terms for the same text: an index update keeps
# the terms of unchanged items, so an index of another analysis is written whole instead.
ANALYSIS_VERSION = 4
ENGLISH_FORMS = "english-forms.tsv"  # in the embedded corpus

# A rule number (702.19b, 400.7) first, then words with inner apostrophes.
TOKEN_PATTERN = re.compile(rf"{RULE_NUMBER}(?!\w)|\w+(?:['’]\w+)*", re.UNICODE | re.IGNORECASE)


class ElisionFilter(Filter):
    """Drops elided articles (``l'``, ``dell'``, ``qu'``) and English possessive ``'s``."""

    def __init__(self, elisions: frozenset[str], possessive: bool = False) -> None:
        self.elisions = elisions
        self.possessive = possessive

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ElisionFilter) and self.elisions == other.elisions
                and self.possessive == other.possessive)

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for t in tokens:
            text = t.text
            if not text.isalnum() and any(a in text for a in APOSTROPHES):
                text, cut = strip_elision(text, self.elisions)
                if cut and getattr(t, "chars", False):
                    t.startchar += cut
                if self.possessive and len(text) > 2 and text[-1] == "s" and text[-2] in APOSTROPHES:
                    text = text[:-2]
                    if getattr(t, "chars", False):
                        t.endchar -= 2
                t.text = text
            yield t


class FoldFilter(Filter):
    """:func:`kb.text.fold`: accents, ligatures and apostrophes (runs before stop words and stemming)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FoldFilter)

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for t in tokens:
            t.text = fold(t.text)
            yield t


class StopWordsFilter(StopFilter):
    """whoosh's :class:`~whoosh.analysis.StopFilter` with the language's stop words
    (:data:`kb.text.STOPWORDS`, folded), every length of word kept, positions renumbered."""

    def __init__(self, lang: str) -> None:
        super().__init__(STOPWORDS.get(lang, frozenset()), minsize=1, renumber=True)
        self.lang = lang

    def __setstate__(self, state: dict) -> None:
        # the schema of an index written before holds only the language and its stop words
        self.__dict__.update({"min": 1, "max": None, "renumber": True, **state})


class LanguageStem:
    """The stem function of a language (:func:`stemmer`), looked up at its first word: a schema
    built or read loads no vocabulary until a text is analysed. Pickled with the schema by its language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LanguageStem) and self.lang == other.lang

    def __getstate__(self) -> dict:
        return {"lang": self.lang}

    def __setstate__(self, state: dict) -> None:
        self.lang = state["lang"]

    def __call__(self, word: str) -> str:
        stem = self.__dict__.get("stem") or self.__dict__.setdefault("stem", stemmer(self.lang))
        return stem(word)


class SnowballFilter(StemFilter):
    """whoosh's :class:`~whoosh.analysis.StemFilter` with the language's snowball stemmer and its
    protected game terms (:func:`stemmer`, cached there); tokens with digits pass unchanged."""

    def __init__(self, lang: str) -> None:
        super().__init__(stemfn=LanguageStem(lang), cachesize=None)

    def __setstate__(self, state: dict) -> None:
        if "stemfn" not in state:  # the schema of an index written before holds only the language
            state = {"stemfn": LanguageStem(state["lang"]), "lang": None, "ignore": frozenset(), "cachesize": None}
        super().__setstate__(state)


# Plural endings and the singular ending they replace, per language: a protected game term's
# plural is protected with it (``enchantments`` is ``enchantment``, ``mani`` is ``mano``).
PLURALS = {"en": (("es", ""), ("s", "")), "fr": (("s", ""), ("x", "")),
           "it": (("i", "o"), ("i", "e"), ("e", "a"), ("i", "a"))}


@lru_cache(maxsize=None)
def stemmer(lang: str):
    """A cached stem function for ``lang`` (whoosh's snowball stemmers are pure Python);
    protected game terms (:func:`indexer.vocab.protected_forms`) and their plurals become
    their concept's name."""
    from .vocab import protected_forms

    base = stemmer_for_language(lang)
    protected = protected_forms(lang)
    plurals = PLURALS.get(lang, ())

    def protected_form(word: str) -> str | None:
        if word in protected:
            return protected[word]
        for ending, singular in plurals:
            if word.endswith(ending) and len(word) > len(ending) + 2:
                found = protected.get(word[:-len(ending)] + singular)
                if found:
                    return found
        return None

    forms = english_forms() if lang == "en" else {}

    @lru_cache(maxsize=200_000)
    def stem(word: str) -> str:
        if any(c.isdigit() for c in word):
            return word
        return protected_form(word) or base(forms.get(word, word))

    return stem


@lru_cache(maxsize=1)
def english_forms() -> dict[str, str]:
    """form → lemma of ``corpus/english-forms.tsv`` (empty when the file is absent): English forms the
    stemmer parts from their lemma (*lost*, *dealt*, *sacrificed*), stemmed from the lemma so a
    question's *lost* meets the rules' *lose* (derived by :mod:`kb.vocabulary.english_forms`)."""
    from kb.corpus import embedded_corpus

    path = embedded_corpus() / ENGLISH_FORMS
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return dict(line.split("\t")[:2] for line in lines if line and not line.startswith("#"))


# Format characters (Unicode category Cf): invisible, never part of a word's meaning.
FORMAT_CHARACTERS = re.compile("[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u180e\u200b-\u200f\u202a-\u202e"
                               "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000e0001\U000e0020-\U000e007f]")


def normalise(text: str) -> str:
    """``text`` in NFC without format characters (soft hyphen, zero-width space, BOM…): what the index
    and the queries read alike."""
    if text.isascii():
        return text
    return FORMAT_CHARACTERS.sub("", unicodedata.normalize("NFC", text))


def tokenizer() -> RegexTokenizer:
    return RegexTokenizer(TOKEN_PATTERN)


class WordCachedAnalyzer(CompositeAnalyzer):
    """A chain of filters that each read one token at a time, which indexing runs once per distinct
    word: when a text is indexed (no character spans, stop words removed) each token's term comes from
    :func:`word_analyzer` (``lang``; None: :func:`words_analyzer`'s), with the positions the chain
    numbers; any other call (queries, snippets' character spans) runs the whole chain."""

    def __init__(self, lang: str | None, *composables) -> None:
        super().__init__(*composables)
        self.lang = lang

    def __call__(self, value: str, **kwargs) -> Iterator[Token]:
        if not kwargs.get("chars"):  # character spans are of the text as given
            value = normalise(value)
        if not _plain_indexing(kwargs):
            return super().__call__(value, **kwargs)
        return self._indexed(value)

    def indexed_terms(self, value: str) -> tuple[int, list[str]]:
        """The terms indexing ``value`` gives, in order (stop words left out), and the position of the
        first: :class:`StopWordsFilter` keeps the first word kept at its place among all the words and
        numbers the next ones after it."""
        analyse = word_analyzer(self.lang)
        found = [analyse(word) for word in TOKEN_PATTERN.findall(normalise(value))]
        first = next((i for i, term in enumerate(found) if term is not None), 0)
        return first, [term for term in found if term is not None]

    def _indexed(self, value: str) -> Iterator[Token]:
        """The tokens of :meth:`indexed_terms`, numbered as the whole chain numbers them."""
        first, found = self.indexed_terms(value)
        token = Token(positions=True, removestops=True, mode="index")
        token.boost, token.stopped = 1.0, False
        for position, term in enumerate(found, first):
            token.text, token.pos = term, position
            yield token


def _plain_indexing(options: dict) -> bool:
    """Whether an analyzer call is whoosh indexing a text: no character spans, no original text,
    stop words removed, tokenized, every filter, positions from 0."""
    return (options.get("mode") == "index" and not options.get("chars") and not options.get("keeporiginal")
            and options.get("removestops", True) and options.get("tokenize", True)
            and not options.get("no_morph") and not options.get("start_pos"))


@lru_cache(maxsize=None)
def analyzer_for(lang: str) -> Analyzer:
    """The full analysis chain for ``lang`` (``it``, ``en`` or ``fr``)."""
    if lang not in LANGS:
        raise ValueError(f"no analyzer for language {lang!r}")
    return WordCachedAnalyzer(lang, tokenizer(), LowercaseFilter(), ElisionFilter(ELISIONS[lang], possessive=lang == "en"),
                              FoldFilter(), StopWordsFilter(lang), SnowballFilter(lang))


@lru_cache(maxsize=None)
def words_analyzer() -> Analyzer:
    """Lowercased, elision-stripped, folded words of any language, unstemmed, no stop words."""
    return WordCachedAnalyzer(None, tokenizer(), LowercaseFilter(), ElisionFilter(ALL_ELISIONS, possessive=True),
                              FoldFilter())


def terms(text: str, lang: str) -> list[str]:
    """The index terms ``text`` gives in ``lang``: what :func:`analyzer_for` gives, each distinct word
    put through the filters once (every filter of the chain reads one token at a time)."""
    analyse = word_analyzer(lang)
    return [term for match in TOKEN_PATTERN.finditer(normalise(text)) if (term := analyse(match.group(0))) is not None]


def words(text: str) -> list[str]:
    """The words of :func:`words_analyzer` (each distinct word put through its filters once)."""
    analyse = word_analyzer(None)
    return [word for match in TOKEN_PATTERN.finditer(normalise(text)) if (word := analyse(match.group(0))) is not None]


def word_set(text: str) -> set[str]:
    """The distinct words of :func:`words` (each distinct token put through the filters once)."""
    analyse = word_analyzer(None)
    return {word for token in set(TOKEN_PATTERN.findall(normalise(text))) if (word := analyse(token)) is not None}


@lru_cache(maxsize=None)
def word_analyzer(lang: str | None) -> Callable[[str], str | None]:
    """One token (as the tokenizer of :func:`analyzer_for` cuts it) to its index term in ``lang`` (None:
    to its word, :func:`words_analyzer`), None for a stop word: the analyzer's filters run on it as
    they would inside a text, remembered per word."""
    filters = (analyzer_for(lang) if lang is not None else words_analyzer()).items[1:]

    @lru_cache(maxsize=200_000)
    def analyse(word: str) -> str | None:
        token = Token(removestops=True)
        token.text, token.boost, token.stopped = word, 1.0, False
        stream: Iterator[Token] = iter([token])
        for step in filters:
            stream = step(stream)
        found = [t.text for t in stream]
        return found[0] if found else None

    return analyse


@lru_cache(maxsize=100_000)
def name_key(text: str) -> str:
    """A name reduced for exact matching: folded lowercase words joined by single spaces (remembered:
    a card's rulings and its printings in every language give the same names again)."""
    return " ".join(words(text))
