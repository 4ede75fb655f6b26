"""The whoosh queries for the words and phrases of a parsed query.

Each word is analysed with each language's chain and searched in that language's
title and text fields. With ``expand``:

* a phrase naming a game concept of the vocabulary (:mod:`indexer.vocab`) is also
  searched as the concept's names in the other languages (``travolgere`` → ``trample``,
  ``piétinement``), ranked below direct matches; the curated lexicon
  (:mod:`indexer.lexicon`) is the fallback for other phrases (``pareggio`` → ``tie``);
* a word of 5 or more letters that the index does not hold, nor the vocabulary, is also
  searched as its nearest words (edit distance 1, or 2 for 7+ letters): vocabulary
  terms first, then indexed words.

A prefix (``vot*``) becomes its most frequent indexed words. Besides the query that
needs every word (:meth:`TextQueries.strict`, and :meth:`TextQueries.expansion`, its
translations and corrections alone), :meth:`TextQueries.relaxed` gives the partial query
(only some of the words) and :meth:`TextQueries.negation` the negation;
:meth:`TextQueries.suggest` the did-you-mean query.
"""

from __future__ import annotations

from typing import Callable, Iterator

from whoosh import query as Q

from kb.text import fold

from .analysis import LANGS, STOPWORDS, terms
from .lexicon import expansions
from .language import fits_question, is_real_word, is_typed_word
from .translation import nearest_players_words, nearest_table_words, one_edit, without_again_prefix
from .vocab import nearest_terms, spelled, spoken_in, spot, term_words, translations, words_of
from .query import Parsed, Phrase, Word
from .schema import fields_of
from .spelling import Spelling
from .word_counts import IndexedWords
from .params import DEFAULT, Expansion, Partial

PREFIX_EXPANSIONS = 64  # indexed words one prefix stands for at most
PREFIX_WORDS_PER_QUERY = 128  # ... and all the prefixes of a query together (tha* OR pla* OR …)


class TextQueries:
    """Builds the queries of one search in ``langs``; remembers the corrections it made."""

    def __init__(self, reader, words: IndexedWords, langs: list[str], scope: str = "all",
                 spelling: Spelling | None = None, prefix_words: int = PREFIX_EXPANSIONS,
                 language: Callable[[], tuple[str | None, float]] = lambda: (None, 0.0),
                 boosts: Expansion = DEFAULT.expansion, partial: Partial = DEFAULT.partial,
                 name_word: Callable[[str], bool] = lambda _word: False) -> None:
        self.reader = reader
        self.name_word = name_word  # whether a word is of cards' names only: never a misspelt word's correction
        self.boosts = boosts  # a translation's and a correction's boost (indexer.params)
        self.partial = partial  # the partial tier's numbers (indexer.params)
        self.words = words  # the index's words and how many items hold each
        self.prefix_words = prefix_words  # indexed words each prefix stands for (words_per_prefix)
        self._prefixes: dict[str, list[str]] = {}  # each prefix's words, computed once
        self.spelling = spelling  # the index's words, for the nearest words of a misspelt one
        self.langs = langs
        self.scope = scope  # which fields: every item's, all but cards' or cards' (schema.fields_of)
        self.corrections: dict[str, list[str]] = {}  # the words corrected, for "did you mean"
        self.changes: list[tuple[str, str]] = []  # (typed, corrected) of the last suggest()
        self._fixed: dict[str, list[str]] = {}  # every word's corrections, computed once
        self.expanded_langs: set[str] = set()  # where translations and corrections added terms
        self.language = language  # the query's language and how sure (identified only when first asked)

    def scoped(self, scope: str, langs: list[str] | None = None) -> "TextQueries":
        """The same search over the fields of ``scope`` (in ``langs``), sharing the corrections made."""
        other = TextQueries(self.reader, self.words, self.langs if langs is None else langs, scope, self.spelling,
                            self.prefix_words, self.language, self.boosts, self.partial, self.name_word)
        other.corrections, other._fixed, other._prefixes = self.corrections, self._fixed, self._prefixes
        return other

    @property
    def query_lang(self) -> str | None:
        """The query's language, when known: its real words are never corrected."""
        return self.language()[0]

    def strict(self, parsed: Parsed, expand: bool) -> Q.Query | None:
        """Every word of some group (with their translations and corrections when ``expand``)."""
        strict_groups = []
        for group in parsed.groups:
            required, optional = [], []
            for clause, is_optional in self._group_clauses(group, expand):
                (optional if is_optional else required).append(clause)
            if required:
                strict = Q.And(required)
                strict_groups.append(Q.AndMaybe(strict, Q.Or(optional)) if optional else strict)
            elif optional:
                strict_groups.append(Q.Or(optional))
        return Q.Or(strict_groups) if strict_groups else None

    def expansion(self, parsed: Parsed) -> Q.Query | None:
        """:meth:`strict` with ``expand``, in only the languages where the translations and
        corrections add something to the words as typed (in the others it would find again,
        at the same scores, what the words as typed find); None when they add nothing."""
        probe = self.scoped(self.scope)
        probe.strict(parsed, True)
        langs = [lang for lang in self.langs if lang in probe.expanded_langs]
        return self.scoped(self.scope, langs).strict(parsed, True) if langs else None

    def relaxed(self, parsed: Parsed) -> Q.Query | None:
        """Documents with only some of the words (translations and corrections included)."""
        return self._partial_query([clause for group in parsed.groups
                                    for clause, _ in self._group_clauses(group, True)])

    def negation(self, parsed: Parsed) -> Q.Query | None:
        """What the query excludes (``NOT word``, ``-word``), as one query."""
        negated = [q for q in (self._item_query(i, fuzzy=False) for i in parsed.negated) if q is not None]
        return Q.Or(negated) if negated else None

    def _partial_query(self, clauses: list[Q.Query]) -> Q.Query | None:
        """Items holding only some of the words: the rarer words only.

        A word found in a large share of the index (``abilità`` in Italian card texts,
        ``exile``) adds little as a partial match and makes whoosh score most of the
        index; the rarest word is always kept.
        """
        if len(clauses) < 2:
            return None
        cap = self.partial.max_share * max(self.reader.doc_count(), 1)
        sized = sorted(clauses, key=lambda q: q.estimate_size(self.reader))
        kept = [q for q in sized if q.estimate_size(self.reader) <= cap] or sized[:1]
        return Q.Or(kept, scale=self.partial.scale)

    def _group_clauses(self, group: list[Word | Phrase], expand: bool) -> Iterator[tuple[Q.Query, bool]]:
        """(query, optional?) per item of a group; lexicon phrases become one clause when ``expand``."""
        spans = _lexicon_spans(group) if expand else []
        index = 0
        while index < len(group):
            span = next((s for s in spans if s[0] == index), None)
            if span is not None:
                start, end, names = span
                direct = [q for q in (self._item_query(i) for i in group[start:end + 1]) if q is not None]
                alternatives = [Q.And(direct)] if direct else []
                alternatives += [q for lang, phrases in names.items() if lang in self.langs
                                 for q in (self._translation(lang, phrase) for phrase in phrases) if q is not None]
                yield Q.Or(alternatives), False
                index = end + 1
                continue
            item = group[index]
            query = self._item_query(item, fuzzy=expand)
            if query is not None:
                yield query, isinstance(item, Word) and not item.prefix and _is_stopword_somewhere(item.text)
            index += 1

    def _translation(self, lang: str, phrase: str) -> Q.Query | None:
        """``phrase`` in ``lang``'s title and text fields, at the expansion boost."""
        analysed = terms(phrase, lang)
        if not analysed:
            return None
        self.expanded_langs.add(lang)
        fields = fields_of(lang, self.scope)
        if len(analysed) == 1:
            return Q.Or([Q.Term(f, analysed[0]) for f in fields], boost=self.boosts.translation)
        # every word in a text (a phrase there costs position checks on thousands of rulings), the
        # phrase in a title
        return Q.Or([Q.Phrase(f, analysed) if "title" in f else Q.And([Q.Term(f, t) for t in analysed])
                     for f in fields], boost=self.boosts.translation)

    def _item_query(self, item: Word | Phrase, fuzzy: bool = True) -> Q.Query | None:
        if isinstance(item, Phrase):
            return self._phrase_query(item.text, expand=fuzzy)
        if item.prefix:
            return self._prefix_query(item.text)
        direct = self._word_terms(item.text)
        if not direct:
            return None
        if fuzzy:
            fixed = self._fixed.get(item.text)
            if fixed is None:
                fixed = self._fixed[item.text] = self._corrections(item.text)
            if fixed:
                self.corrections[item.text] = fixed
                boosts = dict.fromkeys(direct, 1.0)  # a term two corrections share is searched once
                for word in fixed:
                    for pair in self._word_terms(word):
                        if pair not in boosts:
                            boosts[pair] = self.boosts.correction
                            self.expanded_langs.add(pair[0].rpartition("_")[2])
                return Q.Or([Q.Term(f, t, boost=b) for (f, t), b in boosts.items()])
        return Q.Or([Q.Term(f, t) for f, t in direct])

    def _word_terms(self, word: str) -> list[tuple[str, str]]:
        """(field, term) for ``word`` analysed in each language, title and text fields."""
        pairs = []
        for lang in self.langs:
            for t in dict.fromkeys(terms(word, lang)):
                pairs += [(f, t) for f in fields_of(lang, self.scope)]
        return pairs

    def _phrase_query(self, text: str, expand: bool = True) -> Q.Query | None:
        alternatives = []
        for lang in self.langs:
            analysed = terms(text, lang)
            for f in fields_of(lang, self.scope):
                if len(analysed) == 1:
                    alternatives.append(Q.Term(f, analysed[0]))
                elif analysed:
                    alternatives.append(Q.Phrase(f, analysed))
        for lang in ("it", "fr") if expand else ():
            analysed = terms(text, lang)
            for start, end, english in expansions(lang, analysed):
                if (start, end) == (0, len(analysed)) and "en" in self.langs:
                    self.expanded_langs.add("en")
                    target = terms(english, "en")
                    for f in fields_of("en", self.scope):
                        alternatives.append(Q.Phrase(f, target, boost=self.boosts.translation) if len(target) > 1
                                            else Q.Term(f, target[0], boost=self.boosts.translation))
        return Q.Or(alternatives) if alternatives else None

    def _prefix_query(self, prefix: str) -> Q.Query:
        """The :attr:`prefix_words` most frequent indexed words starting with ``prefix``."""
        chosen = self._prefixes.get(prefix)
        if chosen is None:
            found = []
            for term in self.words.starting(fold(prefix)):
                found.append((-self.words.frequency(term), term))
            chosen = self._prefixes[prefix] = [t for _, t in sorted(found)[:self.prefix_words]]
        pairs = {pair for word in chosen for pair in self._word_terms(word)}
        return Q.Or([Q.Term(f, t) for f, t in sorted(pairs)]) if pairs else Q.NullQuery

    def _corrections(self, word: str) -> list[str]:
        """For a 5+ letter word that no item holds (in any language or field) and that is not a
        game term: in an Italian or French question, the words of its language's word table one edit
        away; else the vocabulary's terms within edit distance 1 (2 for 7+ letters) that the index
        holds, else the nearest indexed words."""
        folded = fold(word)
        if len(folded) < 5 or not folded.isalpha() or folded in term_words() or self.matches_something(word) \
                or self._a_real_word(word):
            return []
        if found := self._in_own_language(folded):
            return found[:3]
        if _a_function_word_mistyped(folded, self.query_lang):
            return []  # shoud (should): not shroud, a keyword one letter away
        for distance in (1, 2) if len(folded) >= 7 else (1,):
            found = [w for w in nearest_terms(folded, distance) if self.words.frequency(w)][:3]
            if found or (found := self._nearest(folded, distance, 3)):
                return found
        return []

    def _a_real_word(self, word: str) -> bool:
        """Whether ``word`` is no typo to correct: a word of the question's language (:func:`is_typed_word`) or, in an
        English question, an Italian or French word (*scusa il mio inglese*, *una situazione strana*: *inglese* is
        no *ingest*, *strana* no *strata*)."""
        return is_typed_word(word, self.query_lang) or (
            self.query_lang == "en" and any(is_real_word(word, lang) for lang in ("it", "fr")))

    def matches_something(self, word: str) -> bool:
        """Whether ``word`` is indexed as written, or as analysed in some language, in any field."""
        if self.words.frequency(fold(word)):
            return True
        return any(self.reader.doc_frequency(f, t) for lang in LANGS for t in dict.fromkeys(terms(word, lang))
                   for f in fields_of(lang))

    def _nearest(self, folded: str, distance: int, count: int) -> list[str]:
        """The ``count`` most frequent indexed words within ``distance`` edits (same first letter), no word of cards'
        names only (:attr:`name_word`)."""
        found = self.spelling.within(folded, distance, count + 3) if self.spelling else []
        return [word for word in found if not self.name_word(word)][:count]

    def suggest(self, parsed: Parsed) -> list[str]:
        """The query with its unknown words corrected ("did you mean"), if any was; the words
        changed are kept in :attr:`changes` (typed, corrected)."""
        changed, out = False, []
        self.changes = []
        for item in parsed.items:
            if isinstance(item, Word) and not item.prefix:
                typed = item.text.rstrip(_CLOSING)  # hexprof? : the word without the question's mark
                folded = fold(typed)
                known = self.words.frequency(folded) > 0 or self.matches_something(typed)
                fixed = self.corrections.get(typed) or ([] if known else self._corrections_loose(folded))
                if fixed and not known:
                    out.append(spelled(fixed[0]) + item.text[len(typed):])
                    self.changes.append((typed, spelled(fixed[0])))
                    changed = True
                    continue
            out.append(item.text if isinstance(item, Word) else f'"{item.text}"')
        return [" ".join(out)] if changed else []

    def vocabulary_spelling(self, text: str) -> str:
        """``text`` with each word the index and the vocabulary do not hold replaced by the nearest
        vocabulary term the index holds (``travolgre`` → ``travolgere``); remembered as a correction."""
        out = []
        for typed in text.split():
            word = typed.rstrip(_CLOSING)
            folded = fold(word)
            fixed = []
            if len(folded) >= 5 and folded.isalpha() and folded not in term_words() \
                    and not self.words.frequency(folded) and not self._a_real_word(word) \
                    and not _a_function_word_mistyped(folded, self.query_lang):
                for distance in (1, 2) if len(folded) >= 7 else (1,):
                    fixed = [w for w in nearest_terms(folded, distance)
                             if self.words.frequency(w) and spoken_in(w, self.query_lang)]
                    if fixed:
                        break
            if fixed:
                self.corrections.setdefault(word, fixed[:3])
            out.append(fixed[0] + typed[len(word):] if fixed else typed)
        return " ".join(out)

    def _corrections_loose(self, folded: str) -> list[str]:
        """The nearest indexed word for did-you-mean: one edit away (two from 7 letters on), so a
        word of another language is not turned into a short English one (``etat`` is not ``et``)."""
        if len(folded) < 4 or not folded.isalpha() or folded in term_words() or self._a_real_word(folded) \
                or any(folded in STOPWORDS[lang] for lang in LANGS):  # miei in an English question mixed with Italian
            return []
        if _a_function_word_mistyped(folded, self.query_lang):
            return []  # shoud (should): not shroud
        if self.query_lang not in (None, "en") and is_real_word(folded, "en"):
            return []  # an English word in an Italian or French question (Hardened Scales): not "happened"
        if len(folded) >= 5 and (found := self._in_own_language(folded) or nearest_players_words(folded, self.query_lang)):
            return found[:1]
        found = self._nearest(folded, 2 if len(folded) >= 7 else 1, 3)
        return [word for word in found if fits_question(word, self.query_lang)][:1]

    def _in_own_language(self, folded: str) -> list[str]:
        """In an Italian or French question, the words of its language's word table one edit from ``folded``
        (a typo there is a word of that language, not the nearest English word of the rules)."""
        if self.query_lang not in ("it", "fr"):
            return []
        return without_again_prefix(folded, self.query_lang) or nearest_table_words(folded, self.query_lang)


def _a_function_word_mistyped(folded: str, lang: str | None) -> bool:
    """Whether ``folded`` is one edit from a function word of ``lang`` (of any language when unknown): *shoud*,
    *wich*, *becuase* are typos of words a question leaves out, not of the nearest word of the rules."""
    words = STOPWORDS[lang] if lang in STOPWORDS else _ANY_FUNCTION_WORD
    return any(word in words for word in one_edit(folded))


_ANY_FUNCTION_WORD = frozenset().union(*STOPWORDS.values())  # a function word of any of the languages


# marks a question's last word may carry as parsed (hexprof?), left after a word corrected
_CLOSING = "?!.,;:…"


def words_per_prefix(parsed: Parsed) -> int:
    """How many indexed words each prefix of ``parsed`` stands for: :data:`PREFIX_EXPANSIONS`, fewer
    when the query holds many prefixes (together at most :data:`PREFIX_WORDS_PER_QUERY`), at least 1."""
    count = sum(1 for item in parsed.items + parsed.negated if isinstance(item, Word) and item.prefix)
    return max(1, min(PREFIX_EXPANSIONS, PREFIX_WORDS_PER_QUERY // max(count, 1)))


Names = dict[str, tuple[str, ...]]


def _lexicon_spans(group: list[Word | Phrase]) -> list[tuple[int, int, Names]]:
    """Runs of words naming a concept of the vocabulary (then, elsewhere, an entry of the
    curated lexicon), with the names to search them as: longest first, never overlapping."""
    candidates = _vocabulary_spans(group)
    for lang in ("it", "fr"):
        sequence: list[tuple[int, str]] = [(i, t) for i, item in enumerate(group)
                                          if isinstance(item, Word) and not item.prefix
                                          for t in terms(item.text, lang)]
        for start, end, english in expansions(lang, [t for _, t in sequence]):
            candidates.append((sequence[start][0], sequence[end - 1][0], {"en": (english,)}))
    spans: list[tuple[int, int, Names]] = []
    covered: set[int] = set()
    for first, last, english in sorted(candidates, key=lambda c: (c[0] - c[1], c[0])):
        if not covered & set(range(first, last + 1)):
            spans.append((first, last, english))
            covered |= set(range(first, last + 1))
    return spans


def _vocabulary_spans(group: list[Word | Phrase]) -> list[tuple[int, int, Names]]:
    """(first item, last item, names in the other languages) of each phrase naming concepts."""
    positions: list[int] = []  # word position of the spotted text -> item index
    for index, item in enumerate(group):
        if isinstance(item, Word) and not item.prefix:
            positions += [index] * len(words_of(item.text))
    text = " ".join(i.text for i in group if isinstance(i, Word) and not i.prefix)
    spans = []
    for found in spot(text):
        names: dict[str, list[str]] = {}
        for match in found.matches:
            if match.name.lang == "en":
                continue  # an English name: the reference texts hold it already
            for lang, phrases in translations(match.concept).items():
                names.setdefault(lang, []).extend(p for p in phrases if fold(p) != fold(match.name.text))
        if found.end <= len(positions):
            spans.append((positions[found.start], positions[found.end - 1],
                          {lang: tuple(dict.fromkeys(p)) for lang, p in names.items()}))
    return spans


def _is_stopword_somewhere(word: str) -> bool:
    """A word that some language drops (``di``, ``the``, ``de``) is not required to match."""
    return any(not terms(word, lang) for lang in LANGS)
