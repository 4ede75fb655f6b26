"""How a query is read as a question: its language, its content words and their English.

:func:`read` turns ``quanti segnalini fedeltà perde un planeswalker se subisce danno`` into a
:class:`Reading`: the language (``--lang`` when given, else :func:`~indexer.language.detect_language`), whether
it is a question (:attr:`Reading.question`), and one :class:`Group` per content word or game
term, each with the terms it is searched as:

* the word itself, analysed in the query's language (it reaches the texts of that language);
* for an Italian or French query, its English: a game term's English names from the
  vocabulary (:mod:`indexer.vocab`: ``segnalini fedeltà`` → *loyalty counter*), else the
  translations of its lemma in the bilingual word table (``corpus/wordtable.tsv``, learned
  from the card texts: ``perde`` → *perdere* → *lose*), each weighted by its probability and
  its evidence, as reviewed by hand (``corpus/wordtable-review.tsv``: ``subisce`` → *dealt*),
  and the encoder's nearest rules words for everyday words (``corpus/nearwords.tsv``);
* players' words as the rules' words (``corpus/jargon.tsv``); a number (digits, words, a
  power/toughness pair) as the rules write it.

Question words and function words (``cosa succede se``, ``que se passe-t-il``, ``est-ce
que``, ``what happens if``, ``posso``, ``can I``) are dropped: they are never matched as
words of another language (Italian ``un`` is not the Un-sets, ``due`` is not *due to*).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.text import ALL_ELISIONS, STOPWORDS, fold, strip_elision

from .analysis import LANGS, terms
from .params import DEFAULT, ReadWeights
from .language import LETTER_PAIR, QUESTION_WORDS, TOKEN, detect_language
from .translation import jargon, lemma, query_phrases, reviewed, reviewed_phrases, translated
from .vocab import spot

# Verbs whose every form is a function word of a question (``fosse``, ``suis``, ``aver lanciato``).
AUXILIARIES = {"it": frozenset({"essere", "avere", "stare"}), "fr": frozenset({"etre", "avoir"})}

NUMBER_WORDS = {
    "it": {"uno": "one", "una": "one", "due": "two", "tre": "three", "quattro": "four", "cinque": "five",
           "sei": "six", "sette": "seven", "otto": "eight", "nove": "nine", "dieci": "ten", "venti": "twenty",
           "quaranta": "forty", "zero": "zero"},
    "fr": {"un": "one", "une": "one", "deux": "two", "trois": "three", "quatre": "four", "cinq": "five",
           "six": "six", "sept": "seven", "huit": "eight", "neuf": "nine", "dix": "ten", "vingt": "twenty",
           "quarante": "forty", "zero": "zero"},
}
# Number words that are also function words (un, una): read as function words.
_AMBIGUOUS_NUMBERS = {"it": {"uno", "una", "due", "sei"}, "fr": {"un", "une", "neuf"}}
# Words that negate what follows (folded; French ``n'`` as its elided ``n``): left out as function
# words, they are named in the reading (a question "read as" spell · stack may ask what happens when
# the spell is *not* on the stack).
NEGATIONS = {"en": frozenset({"not", "no", "never", "nor", "cannot"}),
             "it": frozenset({"non", "mai", "nessun", "nessuno", "nessuna"}),
             "fr": frozenset({"ne", "n", "pas", "jamais", "aucun", "aucune", "sans"})}
# "Without" is named as a negation too, but searched (the rules say "without paying its mana cost");
# French "sans" is a function word, left out (NEGATIONS).
SEARCHED_NEGATIONS = frozenset({"without", "senza"})
# A game term right after one of these is one the question's object lacks (an attacker without trample).
DENYING = SEARCHED_NEGATIONS | {"sans"}



@dataclass
class Alternative:
    """One way to find a group in the texts: analysed terms of one language, all needed."""

    lang: str
    terms: tuple[str, ...]
    weight: float
    source: str  # typed | vocabulary | table | number
    shown: str  # the word or name as a person reads it


@dataclass
class Group:
    """A content word or game term of the query and the terms it is searched as."""

    text: str
    alternatives: list[Alternative] = field(default_factory=list)
    concept: str | None = None  # the vocabulary concept it names
    denied: bool = False  # named after "without" (senza, sans): what the question is not about

    @property
    def english(self) -> list[str]:
        """The English words or names it is searched as (for the "Read as" line)."""
        return list(dict.fromkeys(a.shown for a in self.alternatives if a.lang == "en" and a.source != "negation"))


@dataclass
class Reading:
    lang: str | None  # it, fr, en, or None when unsure
    confidence: float
    question: bool
    groups: list[Group] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)  # question and function words left out
    spelled: str | None = None  # the question as searched, when misspelt words were corrected
    corrections: list[tuple[str, str]] = field(default_factory=list)  # (typed, corrected) of those words
    negation: list[str] = field(default_factory=list)  # negation words left out (n', pas), as typed
    unmatched: list[str] = field(default_factory=list)  # groups no rule or glossary entry holds
    held: int | None = None  # how many groups the first rule or glossary entry shown holds

    def surely_translated(self, sure: float = DEFAULT.reading.sure_translation) -> bool:
        """Whether every word has an English translation of weight ``sure`` or more
        (``vuoto`` → *empty*; not a card's made-up word the card texts paired with another)."""
        return bool(self.groups) and all(
            any(a.lang == "en" and a.source != "typed" and a.weight >= sure for a in g.alternatives)
            for g in self.groups)

    def read_as(self) -> str:
        """``loyalty counter · planeswalker · damage``: each group as its English (else as typed)."""
        parts = []
        for group in self.groups:
            english = [_running(name) for name in group.english]
            parts.append(" / ".join(dict.fromkeys(english[:2])) if english else group.text)
        return " · ".join(parts)

    def to_dict(self) -> dict:
        return {"lang": self.lang, "confidence": round(self.confidence, 3), "question": self.question,
                "read_as": self.read_as(),
                "words": [{"text": g.text, "concept": g.concept, "denied": g.denied,
                           "searched_as": [{"lang": a.lang, "text": a.shown, "weight": round(a.weight, 3),
                                            "source": a.source} for a in g.alternatives]} for g in self.groups],
                "dropped": self.dropped, "spelled": self.spelled,
                "corrections": [list(pair) for pair in self.corrections], "negation": self.negation, "held": self.held,
                "unmatched": list(dict.fromkeys(self.unmatched))}


def _running(name: str) -> str:
    """A name as written inside a sentence (``Loyalty Counter`` → ``loyalty counter``; ``X`` stays)."""
    return name if len(name) <= 1 or name.isupper() else name.lower()


def read_query(text: str, lang: str | None = None) -> Reading:
    """How ``text`` is read, in ``lang`` when the user gave one, else in the language identified."""
    confidence = 1.0
    if lang is None:
        lang, confidence = detect_language(text)
    return read(text, lang, confidence)


def read(text: str, lang: str | None, confidence: float = 1.0, concept_whole: bool = False,
         weights: ReadWeights = DEFAULT.reading) -> Reading:
    """How ``text`` is read (see the module docstring) in ``lang`` (None: any of the three), the
    alternatives it adds weighted by ``weights`` (:mod:`indexer.params`)."""
    tokens = TOKEN.findall(text.lower())
    raw = [strip_elision(w, ALL_ELISIONS)[0] if not _POWER.fullmatch(w) else w for w in tokens]
    raw = [w for w in raw if w]
    folded = [_placeholder(w) if _POWER.fullmatch(w) else fold(w) for w in raw]
    langs = (lang,) if lang else LANGS
    function = set().union(*(STOPWORDS[l] | QUESTION_WORDS[l] for l in langs))
    spots = {s.start: s for s in spot(" ".join(folded), lang)} if folded else {}
    groups: list[Group] = []
    dropped: list[str] = []
    position = 0
    while position < len(folded):
        found = spots.get(position)
        matches = _in_languages(found, lang) if found is not None else ()
        if matches and _worth_a_group(found, folded, function):
            groups.append(_concept_group(matches, raw[position:found.end], lang, weights))
            groups[-1].denied = position > 0 and folded[position - 1] in DENYING
            position = found.end
            continue
        phrase = _phrase_at(folded, position, lang)
        if phrase is not None:
            size, english = phrase
            groups.append(_phrase_group(raw[position:position + size], english, lang))
            position += size
            continue
        word, key = raw[position], folded[position]
        position += 1
        group = _number_group(word, key, lang, function) or (None if key in function else _word_group(word, key, lang, weights))
        if group is None or not group.alternatives:
            dropped.append(word)
        else:
            groups.append(group)
    groups = [_with_negations(g, weights.negation) for g in _distinct(groups)]
    # Italian and French words of two or more are read so too: matched raw, they would meet English
    # look-alikes (due segnalini: not "due to")
    # game terms side by side (main phase land) ask where they meet, in English too
    # p/t alone is searched by the rules' words only: its letters, searched as typed, meet mana symbols
    question = not concept_whole and (text.rstrip().endswith("?") or len(groups) >= 3 or (
        len(groups) >= 2 and (bool(dropped) or lang in ("it", "fr") or all(g.concept for g in groups)))
        or any(LETTER_PAIR.fullmatch(g.text) for g in groups))
    return Reading(lang, confidence, question, groups, dropped, negation=_negation(tokens, set(dropped), lang))


def _negation(tokens: list[str], dropped: set[str], lang: str | None) -> list[str]:
    """The negation words of ``tokens`` (the query's, lower case) left out of the search: those
    ``dropped`` as function words and an elided one (French ``n'est``), as typed."""
    negations = frozenset().union(*(NEGATIONS[l] for l in ((lang,) if lang else LANGS)))
    out = []
    for token in tokens:
        word, cut = strip_elision(token, ALL_ELISIONS)
        if cut and fold(token[:cut - 1]) in negations:
            out.append(token[:cut])
        if (word in dropped and fold(word) in negations) or fold(word) in SEARCHED_NEGATIONS:
            out.append(word)
    return out


# Power and toughness as typed (+1/+1, -2/-2, 0/0): one word of the question.
_POWER = re.compile(r"[+-]?\d+/[+-]?\d+")
ENGLISH_NUMBERS = {str(n): w for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}


_DIGITS_OF = {word: digits for digits, word in ENGLISH_NUMBERS.items()}


def _placeholder(power: str) -> str:
    """A power/toughness pair as one word that names no game term (spotting counts words)."""
    return "pt" + power.replace("+", "p").replace("-", "m").replace("/", "x")


def _number_group(word: str, key: str, lang: str | None, function: set[str]) -> Group | None:
    """A number as a group: digits also as the English word the rules write (``10`` → *ten*), a
    number word as its English word and digits (``dieci`` → *ten*, *10*), a power/toughness pair as
    its numbers (``-1/-1``)."""
    if _POWER.fullmatch(word):
        return Group(word, [Alternative("en", tuple(terms(word, "en")), 1.0, "number", word)])
    if key.isdigit():
        group = Group(word, [Alternative("en", (key,), 1.0, "number", key)])
        if key in ENGLISH_NUMBERS:
            group.alternatives.append(Alternative("en", (ENGLISH_NUMBERS[key],), 1.0, "number", ENGLISH_NUMBERS[key]))
        return group
    numbers = NUMBER_WORDS.get(lang or "", {})
    if key not in numbers or (key in _AMBIGUOUS_NUMBERS.get(lang or "", ()) and key in function):
        return None
    digits = _DIGITS_OF.get(numbers[key])
    group = Group(word, [Alternative("en", (numbers[key],), 1.0, "number", numbers[key])] + _typed(word, (lang,)))
    if digits:
        group.alternatives.append(Alternative("en", (digits,), 1.0, "number", digits))
    return group


def _word_group(word: str, key: str, lang: str | None, weights: ReadWeights = DEFAULT.reading) -> Group | None:
    """A content word: as typed in its language, its players' words, its English translations."""
    if len(key) < 2 or (lang in AUXILIARIES and lemma(word, lang) in AUXILIARIES[lang]):
        return None
    langs = (lang,) if lang else LANGS
    # two letters around a slash (p/t) are only the players' words for the rules' ones: their letters say nothing
    group = Group(word, _typed(word, langs) if not LETTER_PAIR.fullmatch(key) else [])
    _add_jargon(group, key, weights.jargon)
    reviewed_words = []
    for source_lang in (l for l in langs if l in ("it", "fr")):
        for english, weight, _ in translated(word, source_lang):
            _add_english(group, english, weight * (1.0 if lang else 0.5), "table")
        if (english := query_phrases(source_lang).get(key)) is not None:
            _add_english(group, english, 1.0, "lexicon")
        reviewed_words += reviewed().get((source_lang, key), ([], False))[0]
    if lang in ("it", "fr") and reviewed_words and not any(terms(e, "en") for e in reviewed_words):
        return None  # reviewed as a function word: its English is one (poi: then; celui: that)
    return group


def _phrase_at(folded: list[str], position: int, lang: str | None) -> tuple[int, list[str]] | None:
    """The longest reviewed phrase of ``lang`` (any of the three when unknown) starting at
    ``position``: its length in words and its English (an English phrase's: *at the same time* is
    *simultaneously*)."""
    best = None
    for code in ((lang,) if lang else LANGS):
        for words, english in reviewed_phrases(code).items():
            if tuple(folded[position:position + len(words)]) == words and (best is None or len(words) > best[0]):
                best = (len(words), english)
    return best


def _phrase_group(words: list[str], english: list[str], lang: str | None) -> Group:
    """A phrase of the review (``stesso momento``): as typed, and as its English."""
    text = " ".join(words)
    group = Group(text, _typed(text, (lang,) if lang else LANGS))
    for each in english:
        _add_english(group, each, 1.0, "review")
    return group


def _add_english(group: Group, english: str, weight: float, source: str) -> None:
    """``english`` as an alternative of ``group``; one it already has keeps the stronger weight
    (French *vide* is surely *empty*, Italian *vide*, a form of *vedere*, barely)."""
    analysed = tuple(terms(english, "en"))
    if not analysed:
        return
    known = next((a for a in group.alternatives if a.lang == "en" and a.terms == analysed), None)
    if known is None:
        group.alternatives.append(Alternative("en", analysed, weight, source, english))
    elif weight > known.weight:
        known.weight, known.source = weight, source


def _in_languages(found, lang: str | None) -> tuple:
    """The matches of a spotted name in the query's language or in English (an English question's
    *sort* is not the French *sort*, a spell); every match when the language is unknown."""
    if lang is None:
        return found.matches
    return tuple(m for m in found.matches if m.name.lang in (lang, "en"))


def _with_negations(group: Group, weight: float = DEFAULT.reading.negation) -> Group:
    """A group whose English is one word also searched as its ``un-`` form, at ``weight`` of its own: the
    rules often say what a thing must not be (*untapped*, *unblocked*) where a question names it."""
    for alt in [a for a in group.alternatives if a.lang == "en" and len(a.terms) == 1 and " " not in a.shown]:
        word = alt.shown.lower()
        if word.isalpha() and word.endswith("ed") and not word.startswith("un"):
            negated = tuple(terms("un" + word, "en"))
            if negated and all(a.terms != negated for a in group.alternatives):
                group.alternatives.append(Alternative("en", negated, alt.weight * weight, "negation", "un" + word))
    return group


def _distinct(groups: list[Group]) -> list[Group]:
    """Each game term or word once (``la copia di una magia conta come magia``: one *spell*)."""
    seen: dict = {}
    for group in groups:
        key = group.concept or tuple(sorted((a.lang, a.terms) for a in group.alternatives))
        if key not in seen:
            seen[key] = group
        elif not group.denied:  # without flying, blocked by one with flying: flying is asked about
            seen[key].denied = False
    return list(seen.values())


def _worth_a_group(found, folded: list[str], function: set[str]) -> bool:
    """A vocabulary name is a group unless it is one function word (``tutti``, ``est``)."""
    return not (found.end - found.start == 1 and folded[found.start] in function)


def _typed(word: str, langs: tuple[str, ...]) -> list[Alternative]:
    """The word as typed, analysed in each of ``langs``."""
    out = []
    for lang in langs:
        analysed = tuple(terms(word, lang))
        if analysed:
            out.append(Alternative(lang, analysed, 1.0, "typed", word))
    return out


def _concept_group(matches: tuple, words: list[str], lang: str | None, weights: ReadWeights = DEFAULT.reading) -> Group:
    """A game term: its names in every language, the query's own words first; a reviewed word
    table entry adds its sense too (Italian *livello* is a level and a layer)."""
    concept = matches[0].concept
    group = Group(" ".join(words), _typed(" ".join(words), (lang,) if lang else LANGS), concept.id)
    typed = {m.name.lang: set(terms(m.name.text, m.name.lang)) for m in matches}
    for name in concept.names:
        if name.form == "obsolete":
            continue
        analysed = tuple(terms(name.text, name.lang))
        if name.lang in typed and not typed[name.lang] & set(analysed):
            continue  # another word of the name's language: tap is not untap, though one rule holds both
        if analysed and all(a.terms != analysed or a.lang != name.lang for a in group.alternatives):
            group.alternatives.append(Alternative(name.lang, analysed, 1.0, "vocabulary", name.text))
    if lang in ("it", "fr") and len(words) == 1:
        for english in reviewed().get((lang, fold(words[0])), ([], False))[0]:
            _add_english(group, english, 1.0, "review")
    if len(words) == 1:  # a players' word that is a game term of its own too (EDH, an obsolete name of Commander)
        _add_jargon(group, fold(words[0]), weights.jargon)
    return _without_longer_names(group)


def _add_jargon(group: Group, key: str, weight: float = DEFAULT.reading.jargon) -> None:
    """The rules' words for the players' word ``key`` (folded; ``corpus/jargon.tsv``), all needed in one
    rule, at ``weight``."""
    if key in jargon():
        analysed = tuple(t for w in jargon()[key] for t in terms(w, "en"))
        if analysed and all(a.terms != analysed or a.lang != "en" for a in group.alternatives):
            group.alternatives.append(Alternative("en", analysed, weight, "jargon", " ".join(jargon()[key])))


def _without_longer_names(group: Group) -> Group:
    """A game term's names without those that hold another of its names of the same language
    (*trample over planeswalkers* beside *trample*): the shorter finds every rule the longer does,
    and the longer, matching more words, would rank its own rule first for every question about
    the term. A name as typed is always kept."""
    def longer(alt: Alternative) -> bool:
        return alt.source != "typed" and any(
            other is not alt and other.lang == alt.lang and set(other.terms) < set(alt.terms)
            for other in group.alternatives)

    group.alternatives = [alt for alt in group.alternatives if not longer(alt)]
    return group
