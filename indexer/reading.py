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
* players' words and phrases as the rules' words (``corpus/jargon.tsv``: ``etb`` → *enters*, ``entra in
  campo``, ``contre-sort``; an entry of one language says what the word means there, over a look-alike
  game term of another: French ``général`` is the commander; every form of a players' verb as its infinitive:
  ``blinkano``, ``blinkent``; an English possessive cut: ``opp's``); a number (digits, words, a
  power/toughness pair) as the rules write it.

A question is read as a situation: the words of the story around it (``corpus/story-words.tsv``: *last
night*, *my friend*, *who is right*, ``ciao``, ``merci``) are searched as typed only and weighed low
(``reading.story`` of :mod:`indexer.params`), and in a text of several sentences the words of the sentences
that do not ask (no ``?``; else all but the last) that are no game word too (``reading.context``); the
question sentence and the game words of the story keep their weight. Neither counts in how many of the
question's words an answer holds (:attr:`Group.role`).

Everyday locutions that hold a game word (``corpus/locutions.tsv``: French *grâce à* holds Bestow's
*grâce*, Italian *in base a* Basic's *base*) are read as what they mean: a function phrase left out, or
their English (*au lieu de*: instead), never the game term nor as typed.

Question words and function words (``cosa succede se``, ``que se passe-t-il``, ``est-ce
que``, ``what happens if``, ``posso``, ``can I``) are dropped: they are never matched as
words of another language (Italian ``un`` is not the Un-sets, ``due`` is not *due to*).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache

from kb import tsv
from kb.corpus import embedded_corpus
from kb.errors import ParseError
from kb.text import ALL_ELISIONS, DISTINCT_STOPWORDS, STOPWORDS, fold, strip_elision
from kb.vocabulary import Spot

from .analysis import LANGS, terms
from .params import DEFAULT, ReadWeights
from .language import (LETTER_PAIR, NEGATIONS, QUESTION_WORDS, TOKEN, chat_words, detect_language, made_of_english,
                       players_verb, rules_words_typed, unglued)
from .translation import jargon, jargon_rows, lemma, listed_lemma, query_phrases, reviewed, reviewed_phrases, translated
from .vocab import spot, vocabulary, words_of

# Verbs whose every form is a function word of a question (``fosse``, ``suis``, ``aver lanciato``).
AUXILIARIES = {"it": frozenset({"essere", "avere", "stare"}), "fr": frozenset({"etre", "avoir"})}

NUMBER_WORDS = {
    "it": {"uno": "one", "una": "one", "due": "two", "tre": "three", "quattro": "four", "cinque": "five",
           "sei": "six", "sette": "seven", "otto": "eight", "nove": "nine", "dieci": "ten", "venti": "twenty",
           "quaranta": "forty", "zero": "zero",
           # the ordinals the word table reads otherwise (quarto: a room; quinta: no word)
           "terzo": "third", "terza": "third", "quarto": "fourth", "quarta": "fourth", "quinto": "fifth",
           "quinta": "fifth", "sesto": "sixth", "sesta": "sixth", "settimo": "seventh", "settima": "seventh"},
    "fr": {"un": "one", "une": "one", "deux": "two", "trois": "three", "quatre": "four", "cinq": "five",
           "six": "six", "sept": "seven", "huit": "eight", "neuf": "nine", "dix": "ten", "vingt": "twenty",
           "quarante": "forty", "zero": "zero"},
}
# Number words that are also function words (un, una): read as function words.
_AMBIGUOUS_NUMBERS = {"it": {"uno", "una", "due", "sei"}, "fr": {"un", "une", "neuf"}}
# "Without" is named as a negation too, but searched (the rules say "without paying its mana cost");
# French "sans" is a function word, left out (NEGATIONS).
SEARCHED_NEGATIONS = frozenset({"without", "senza"})
# A game term right after one of these is one the question's object lacks (an attacker without trample).
DENYING = SEARCHED_NEGATIONS | {"sans"}
# A keyword ability after a negation of having is one the question's object lacks too: *has no trample*,
# *doesn't have trample*, *n'ont pas le piétinement*, *non ha travolgere* (folded words; French n' is elided).
HAVE_NEGATIONS = frozenset({"no", "not", "doesn't", "don't", "didn't", "doesnt", "dont", "didnt", "pas", "non",
                            "aucun", "aucune", "nessun", "nessuna"})
_NONE = frozenset({"no", "aucun", "aucune", "nessun", "nessuna"})
_HAVING = frozenset({"have", "has", "had", "a", "ont", "avait", "avaient", "possede", "possedent", "ha", "hanno",
                     "aveva", "avevano", "le", "la", "l", "de", "d", "du", "il", "lo", "i", "gli"})



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
    # story: a word of the story around the question (corpus/story-words.tsv: last night, ciao, merci);
    # context: a word of a sentence before the question that is no game word; both weighed low
    role: str | None = None
    scale: float = 1.0  # the factor its alternatives' weights were multiplied by for its role

    @property
    def story(self) -> bool:
        """Whether it is a word of the story (:attr:`role`), not of the game: it counts little and is
        not counted in how many of the question's words an answer holds."""
        return self.role is not None

    @property
    def from_card(self) -> bool:
        """Whether it is a type of a card the question names (:func:`indexer.plan.add_card_types`), not a word typed."""
        return bool(self.alternatives) and all(a.source == "card" for a in self.alternatives)

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
    backed: bool = False  # whether a card the question names points to that first rule (its words are not all)

    def surely_translated(self, sure: float = DEFAULT.reading.sure_translation) -> bool:
        """Whether every word has an English translation of weight ``sure`` or more
        (``vuoto`` → *empty*; not a card's made-up word the card texts paired with another)."""
        return bool(self.groups) and not any(g.story for g in self.groups) and all(
            any(a.lang == "en" and a.source != "typed" and a.weight >= sure for a in g.alternatives)
            for g in self.groups)

    def read_as(self) -> str:
        """``loyalty counter · planeswalker · damage``: each group as its English (else as typed); the
        story's words (:attr:`Group.role` ``story``) are left out when there are others, and so are the types
        of the cards named (:func:`indexer.plan.add_card_types`: the "Cards" part says those); a game term
        the question's object lacks is said so (``no trample``) unless a *without* before it says it."""
        parts = []
        typed = [g for g in self.groups if not g.from_card]
        shown = [g for g in typed if g.role != "story"] or typed
        for group in shown:
            english = [_running(name) for name in group.english]
            part = " / ".join(dict.fromkeys(english[:2])) if english else group.text
            parts.append(f"no {part}" if group.denied and not (parts and parts[-1] == "without") else part)
        return " · ".join(parts)

    def to_dict(self) -> dict:
        return {"lang": self.lang, "confidence": round(self.confidence, 3), "question": self.question,
                "read_as": self.read_as(),
                "words": [{"text": g.text, "concept": g.concept, "denied": g.denied,
                           **({"role": g.role, "scale": g.scale} if g.role else {}),
                           "searched_as": [{"lang": a.lang, "text": a.shown, "weight": round(a.weight, 3),
                                            "source": a.source} for a in g.alternatives]} for g in self.groups],
                "dropped": self.dropped, "spelled": self.spelled,
                "corrections": [list(pair) for pair in self.corrections], "negation": self.negation, "held": self.held,
                "backed": self.backed, "unmatched": list(dict.fromkeys(self.unmatched))}


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
    matched = list(TOKEN.finditer(text.lower()))
    tokens = [m.group() for m in matched]
    kept = [(strip_elision(w, ALL_ELISIONS)[0] if not _POWER.fullmatch(w) else w, at)
            for w, at in zip(tokens, _sentence_numbers(text, [m.start() for m in matched]))]
    kept = _verbs_told(tokens, kept, lang)
    kept, short = _chat_spelled(kept, lang, [text[m.start()] == "X" for m in matched])
    kept = [(unglued(fold(w), lang) or w, at) if w and not _POWER.fullmatch(w) else (w, at) for w, at in kept]
    raw = [w for w, _ in kept if w]
    sentence_of = [at for w, at in kept if w]
    folded = [_placeholder(w) if _POWER.fullmatch(w) else fold(w) for w in raw]
    langs = (lang,) if lang else LANGS
    mixed_in = _mixed_in(folded, lang)
    function = set().union(*(STOPWORDS[l] | QUESTION_WORDS[l] for l in langs),
                           *(_function_words_beside(other, lang) for other in mixed_in), short)
    spots = _spots_by_word(folded, lang)
    groups: list[Group] = []
    starts: list[int] = []  # the position of each group's first word
    dropped: list[str] = []
    said_so: list[Group] = []  # the groups read from a players' word or phrase (corpus/jargon.tsv)
    used: set[str] = set()  # the negations read as a game term lacked (pas le piétinement, sans)
    position = 0
    while position < len(folded):
        denied_type = _non_type_at(folded, position, spots)
        if denied_type is not None:  # non terra, non-créature: nonland, noncreature, not a negation left out
            size, english = denied_type
            groups.append(_phrase_group(raw[position:position + size], [english], lang))
            starts.append(position)
            used.add(folded[position])
            position += size
            continue
        locution = _locution_at(folded, position, lang, spots)
        if locution is not None:
            size, english = locution
            group = _locution_group(raw[position:position + size], english)
            if group.alternatives:
                groups.append(group)
                starts.append(position)
            else:  # a function phrase (grâce à, en effet, in base a): left out like a function word
                dropped += raw[position:position + size]
            position += size
            continue
        found = spots.get(position)
        matches = (_in_languages(found, lang) or _foreign_term(found, folded, lang)) if found is not None else ()
        matches = _accents_agree(matches, raw[position:found.end]) if matches else matches
        matches = _the_counter_put_after_a_modifier(matches, raw, position)
        concept_size = found.end - position if matches and _worth_a_group(found, folded, function) else 0
        story = _story_at(folded, position, lang)
        said = _jargon_at(folded, position, lang)
        if story and story >= max(concept_size, said[0] if said else 0):
            group = _story_group(raw[position:position + story], lang)
            if group.alternatives:
                groups.append(group)
                starts.append(position)
            else:  # function words only (quelqu'un)
                dropped += raw[position:position + story]
            position += story
            continue
        if said is not None and (said[0] > concept_size or (
                said[0] == concept_size and not any(m.name.lang == lang for m in matches))):
            size, rules_words = said
            groups.append(_jargon_group(raw[position:position + size], rules_words, lang, weights))
            said_so.append(groups[-1])
            starts.append(position)
            position += size
            continue
        if concept_size:
            groups.append(_concept_group(matches, raw[position:found.end], lang, weights))
            lacked = _lacked(folded, position) if matches[0].concept.kind == "keyword-ability" else None
            groups[-1].denied = position > 0 and folded[position - 1] in DENYING or lacked is not None
            if groups[-1].denied:  # the negation read so is not one the search ignored
                used.add(folded[lacked if lacked is not None else position - 1])
            starts.append(position)
            position = found.end
            continue
        phrase = _phrase_at(folded, position, lang)
        if phrase is not None:
            size, english = phrase
            groups.append(_phrase_group(raw[position:position + size], english, lang))
            starts.append(position)
            position += size
            continue
        word, key = raw[position], folded[position]
        left_out = key in function or _foreign_function_word(key, lang)
        group = _number_group(word, key, lang, function) or (
            None if left_out else _word_group(word, key, lang, weights, mixed_in))
        if group is None or not group.alternatives:
            dropped.append(word)
        else:
            groups.append(group)
            starts.append(position)
            if any(a.source == "jargon" for a in group.alternatives):
                said_so.append(group)
        position += 1
    _weigh_the_story(groups, [sentence_of[at] for at in starts], _asked_sentences(text, sentence_of), weights)
    groups = [_with_negations(g, weights.negation) for g in _distinct(groups)]
    # Italian and French words of two or more are read so too: matched raw, they would meet English
    # look-alikes (due segnalini: not "due to")
    # game terms side by side (main phase land) ask where they meet, in English too
    # p/t alone is searched by the rules' words only: its letters, searched as typed, meet mana symbols;
    # a players' word or phrase alone (fine turno, sorcery speed, regen) asks what the rules say of it: its
    # words as typed would meet card names (Finest Hour) or a game term inside it (Speed)
    question = not concept_whole and (text.rstrip().endswith("?") or len(groups) >= 3 or (
        len(groups) >= 2 and (bool(dropped) or lang in ("it", "fr") or all(g.concept for g in groups)))
        or any(LETTER_PAIR.fullmatch(g.text) for g in groups) or (len(groups) == 1 and any(groups[0] is g for g in said_so)))
    return Reading(lang, confidence, question, groups, dropped, negation=_negation(tokens, set(dropped), lang, used))


NON = "non"  # before a type in every language: *non terra*, *non-créature*, *non token*


def _non_type_at(folded: list[str], position: int, spots: dict[int, "Spot"]) -> tuple[int, str] | None:
    """Where ``folded`` holds *non* and a game term at ``position`` whose English, after *non*, is one word of the
    rules (*non terra*, *non-terrain*, *non token*: nonland, nontoken), its size and that word: the type a
    question's object is not, never a negation left out."""
    found = spots.get(position + 1) if folded[position] == NON else None
    if found is None:
        return None
    for match in found.matches:
        for name in match.concept.names:
            word = f"{NON}{name.text.lower()}"
            analysed = terms(word, "en") if name.lang == "en" and " " not in name.text else []
            if len(analysed) == 1 and analysed[0] in rules_words():
                return found.end - position, word
    return None


def _spots_by_word(folded: list[str], lang: str | None) -> dict[int, Spot]:
    """The game terms :func:`~indexer.vocab.spot` finds in the words ``folded``, by their first word's position
    there, their end too: spot counts a letter pair (*w/o*, *p/t*) as two words where a question is read with it
    as one, and a term after it would be read one word off (*flip em face up when*: Face Up on *up when*)."""
    if not folded:
        return {}
    word_at = [at for at, word in enumerate(folded) for _ in words_of(word)]
    found = {}
    for each in spot(" ".join(folded), lang):
        start, last = word_at[each.start], word_at[each.end - 1]
        if (each.start == 0 or word_at[each.start - 1] != start) and (
                each.end == len(word_at) or word_at[each.end] != last):  # whole words of the question
            found[start] = Spot(start, last + 1, each.phrase, each.matches)
    return found


# --- everyday locutions that hold a game word -----------------------------------------------------

LOCUTIONS = "locutions.tsv"  # in the embedded corpus: everyday phrases holding a game word, and what they mean
# The English column of a locution that is a longer phrase read word by word as usual (in turn order).
AS_USUAL = "="
_LONGEST_LOCUTION = 6  # words of the longest locution looked for


@lru_cache(maxsize=1)
def locutions() -> dict[tuple[str, ...], dict[str, str]]:
    """The locutions of ``corpus/locutions.tsv`` (folded words, :func:`phrase_key`) → by language, their
    English meaning (empty: a function phrase; :data:`AS_USUAL`: read word by word). A row of an unknown
    language, of one word, or saying another meaning than an earlier row is an error naming its line."""
    path = embedded_corpus() / LOCUTIONS
    found: dict[tuple[str, ...], dict[str, str]] = {}
    if not path.is_file():
        return found
    for number, (code, words, english, _note) in tsv.rows(path, ("lang", "locution", "english", "note"), optional=1):
        if code not in LANGS:
            raise ParseError(str(path), f"language {code!r} is none of {', '.join(LANGS)}", number)
        key = phrase_key(words)
        if len(key) < 2:
            raise ParseError(str(path), f"locution {words!r} is not two words or more as a question's are read "
                                        f"({' '.join(key) or 'no word'}): it would take that word out of every question", number)
        english = english.strip()
        if found.get(key, {}).get(code, english) != english:
            raise ParseError(str(path), f"locution {words!r} ({code}) is listed twice with different meanings", number)
        found.setdefault(key, {})[code] = english
    return found


def _locution_at(folded: list[str], position: int, lang: str | None, spots: dict) -> tuple[int, str] | None:
    """The longest locution of ``lang`` (of any language when unknown) at ``position``: its size in
    words and its English (empty: a function phrase), or None when there is none, when it is one to read
    word by word (:data:`AS_USUAL`), or when a game term spotted inside it reaches beyond its last word
    (*grâce à la place*: Bestow, then *à la place*, instead) or is longer than it."""
    for size in range(min(_LONGEST_LOCUTION, len(folded) - position), 1, -1):
        meanings = locutions().get(tuple(folded[position:position + size]))
        if not meanings:
            continue
        english = meanings.get(lang) if lang else next(iter(meanings.values()))
        if english is None:
            continue
        if english == AS_USUAL:
            return None
        if any(position <= at < position + size and found.end > position + size and _in_languages(found, lang)
               for at, found in spots.items()):
            return None
        return size, english
    return None


def _locution_group(words: list[str], english: str) -> Group:
    """A locution meaning something (*au lieu de*: instead; *pile ou face*: flip a coin): searched only
    as its English, weighed like any word; never as typed (the French rules' *grâce* is Bestow) nor as the
    game term it holds."""
    group = Group(" ".join(words))
    if english:
        _add_english(group, english, 1.0, "locution")
    return group


# --- chat spellings --------------------------------------------------------------------------------

def _chat_spelled(kept: list[tuple[str, int]], lang: str | None, capital_x: list[bool] | None = None
                  ) -> tuple[list[tuple[str, int]], set[str]]:
    """The question's words (each with its sentence) with each chat spelling of ``lang`` read as the words it
    stands for (Italian *avv*: avversario; English *idk*: I don't know), and the chat spellings that stand for
    function words only, kept as typed to be left out as function words are (French *qd*: quand, *ds*: dans), and
    those the story words list, kept to be read as story (French *mdr*: laughter, whose *mort* would be searched);
    Italian *x* is *per* (:func:`_italian_x_is_per`). None when the language is not known."""
    if lang == "it":
        kept = [("per", at) if word == "x" and _italian_x_is_per(kept, place, bool(capital_x and capital_x[place]))
                else (word, at) for place, (word, at) in enumerate(kept)]
        # tipo without a determiner before it or di after it is the chat's "like" (lui tipo apnap, tipo il suo
        # commander), left out; a type is un tipo, il tipo, lo stesso tipo, tipo di creatura
        kept = [("", at) if word == "tipo" and not _a_type_named(kept, place) else (word, at)
                for place, (word, at) in enumerate(kept)]
        # crea after a determiner is a creature (una crea 2/2, la mia crea); elsewhere the verb (gli crea un token)
        kept = [("creatura", at) if word == "crea" and place and kept[place - 1][0] in _CREATURE_DETERMINERS
                else (word, at) for place, (word, at) in enumerate(kept)]
    if lang is None or not any((lang, word) in chat_words() for word, _ in kept):
        return kept, set()
    function = STOPWORDS[lang] | QUESTION_WORDS[lang]
    spelled: list[tuple[str, int]] = []
    short: set[str] = set()
    for word, at in kept:
        full = chat_words().get((lang, word))
        if full is not None and all(fold(w) in function for w in full):
            short.add(fold(word))
        story = full is not None and _is_story((fold(word),), lang)  # mdr (mort de rire): laughter, no death
        spelled += [(word, at)] if full is None or fold(word) in short or story else [(w, at) for w in full]
    return spelled, short


# the words around an Italian x that make it the X of a cost or an effect (con x uguale a 3, paga x, x = 2, x vale 4)
_X_BEFORE = frozenset("""con paga pago paghi pagare pagando costo di scegli scelgo sceglie scegliere scegliendo il lo la l
    un uno una del dello della al allo alla sul sullo sulla nel nello nella dal dallo dalla""".split())  # la x conta 0
_X_AFTER = frozenset("uguale vale è e =".split())


def _italian_x_is_per(kept: list[tuple[str, int]], place: int, capital: bool) -> bool:
    """Whether the Italian *x* at ``place`` is *per*, as typed in chat: typed in lower case before a function word
    (*x lo storm*), or before a word and after another of its sentence, or none (*x me si*), unless a cost's or an
    effect's words make it X (*sacrifico x fare mana*, *tappa x esiliare*; not *con x uguale a 3*, *paga x*, *x vale
    4*); a capital *X* is the X."""
    after = kept[place + 1][0] if place + 1 < len(kept) else ""
    if capital:
        return False
    if after in STOPWORDS["it"]:
        return True
    before = kept[place - 1][0] if place and kept[place - 1][1] == kept[place][1] else ""
    return bool(after) and before not in _X_BEFORE and after not in _X_AFTER and not after[:1].isdigit()


def _verbs_told(tokens: list[str], kept: list[tuple[str, int]], lang: str | None) -> list[tuple[str, int]]:
    """The question's words (each with its sentence; ``tokens`` as typed, the same length) with a player's verb read
    as one where the word is also a noun or an adjective the rules use: Italian *attivo*, *gioco* before an object
    (*attivo la Cappa*: I activate, not active; *gioco la montagna*, *gioco EDH*, *gioco a Modern*: I play, not a
    game) and not after a determiner (*il gioco*, *in gioco*); French *active* after a subject (*j'active*, *il
    active*: activate, not the active player's *actif*)."""
    if lang == "it":
        return [(_ITALIAN_VERBS[word], at) if word in _ITALIAN_VERBS and place + 1 < len(tokens)
                and (tokens[place + 1] in _OBJECT_DETERMINERS or tokens[place + 1][:2] in ("l'", "l’")
                     or (word == "gioco" and tokens[place + 1] in _PLAYED))
                and not (place and tokens[place - 1] in _NOUN_DETERMINERS) else (word, at)
                for place, (word, at) in enumerate(kept)]
    if lang == "fr":
        return [("activer", at) if word in ("active", "actives") and (
            tokens[place][:2] in ("j'", "j’") or (place and tokens[place - 1] in _FRENCH_SUBJECTS))
                else (word, at) for place, (word, at) in enumerate(kept)]
    return kept


# Italian first persons that are also the rules' nouns or adjectives (attivo: active; gioco: game, in gioco), and
# the words before an object that make them verbs, or before them that make them nouns.
_ITALIAN_VERBS = {"attivo": "attivare", "gioco": "giocare"}
_OBJECT_DETERMINERS = frozenset("""la il lo le gli i un una uno questa questo queste questi quella quel quello
    mia mio tua tuo sua suo ogni tutte tutti""".split())
_NOUN_DETERMINERS = frozenset("il del nel al dal in un questo quel mio tuo suo lo ogni giocatore".split())
_FRENCH_SUBJECTS = frozenset("je il elle on tu".split())
# ... and the formats (and *a*, *gioco a Modern*) after which *gioco* is I play (*gioco EDH*)
_PLAYED = frozenset("""a edh commander cedh modern legacy vintage standard pioneer pauper historic brawl cube draft
    limited sealed""".split())


# The Italian words before which *tipo* names a type (and after which, _TYPE_AFTER), not the chat's *like*.
_TYPE_BEFORE = frozenset("""un il lo ogni stesso che quale quali nuovo altro questo quel quello del al dal nel sul come
    nessun qualsiasi qualunque suo mio tuo loro ciascun primo secondo""".split())
_TYPE_AFTER = frozenset("di del della dello dei degli delle d".split())


def _a_type_named(kept: list[tuple[str, int]], place: int) -> bool:
    """Whether the Italian *tipo* at ``place`` names a type (*un tipo*, *lo stesso tipo*, *tipo di creatura*), not
    the chat's *like* (*prima io poi lui tipo apnap*)."""
    before = kept[place - 1][0] if place else ""
    after = kept[place + 1][0] if place + 1 < len(kept) else ""
    return before in _TYPE_BEFORE or after in _TYPE_AFTER


# The Italian words before which *crea* is players' short *creatura*, not the verb *creare*.
_CREATURE_DETERMINERS = frozenset("""una la le mia tua sua mie tue sue nostra vostra loro ogni questa quella
    queste quelle altra altre nessuna qualsiasi sulla sulle alla alle della delle nella nelle dalla dalle
    colla""".split())


# --- a question read as a situation -------------------------------------------------------------

STORY_WORDS = "story-words.tsv"  # in the embedded corpus: the story's words and phrases, by language
# The end of a sentence: . ! ? … or a line break, then a space or the end (not 702.79a's dot, nor 1.5).
_SENTENCE_END = re.compile(r"[.!?…]+(?=\s|$)|\n")


def _lacked(folded: list[str], position: int) -> int | None:
    """Where the negation of having is that the word at ``position`` follows, only words of having and
    articles between (*has no*, *doesn't have*, *pas le*, *non ha*: a keyword ability the question's object
    lacks); None when there is none."""
    before = position - 1
    while before >= 0 and position - before <= 3 and folded[before] in _HAVING:
        before -= 1
    if before < 0:
        return None
    if folded[before] in _NONE:
        return before  # has no trample, aucun piétinement
    return before if before < position - 1 and folded[before] in HAVE_NEGATIONS else None  # doesn't have trample


def _sentence_numbers(text: str, offsets: list[int]) -> list[int]:
    """The sentence (0, 1, …) each word at ``offsets`` of ``text`` is in."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    return [bisect_right(ends, at) for at in offsets]


def _asked_sentences(text: str, sentence_of: list[int]) -> set[int] | None:
    """The sentences that ask (those ending with ``?``; else the last one with words), or None when
    the text is one sentence: every word of it is the question's."""
    present = sorted(set(sentence_of))
    if len(present) < 2:
        return None
    asking = {number for number, m in enumerate(_SENTENCE_END.finditer(text)) if "?" in m.group()}
    return (asking & set(present)) or {present[-1]}


def _weigh_the_story(groups: list[Group], sentences: list[int], asked: set[int] | None,
                     weights: ReadWeights) -> None:
    """Weigh each group by what it tells: a story word (:data:`STORY_WORDS`) by ``weights.story``; in a
    text of several sentences, a word of a sentence that does not ask which is no game word
    (:func:`_game_word`) by ``weights.context``, and its game words by ``weights.story_game``: the question
    sentence keeps its whole weight."""
    for group, sentence in zip(groups, sentences):
        if group.role == "story":
            _scale(group, weights.story)
        elif asked is not None and sentence not in asked and not _game_word(group, weights.sure_translation):
            group.role = "context"
            _scale(group, weights.context)
        elif asked is not None and sentence not in asked:
            _scale(group, weights.story_game)


def _scale(group: Group, factor: float) -> None:
    group.scale = factor
    for alt in group.alternatives:
        alt.weight *= factor


def _game_word(group: Group, sure: float) -> bool:
    """Whether a group names something of the game: a game term, a players' word, a number, a reviewed
    phrase, or a word whose English (as typed, or a sure translation) is a one-word game term's name
    (*destroyed*: Destroy; *distrutta*: destroy) or a word of the rules (:func:`rules_words`: *nonland*)."""
    if group.concept or any(a.source in ("jargon", "number", "review", "lexicon") for a in group.alternatives):
        return True
    names = _game_words()
    return any(a.lang == "en" and len(a.terms) == 1 and a.terms[0] in names and (a.source == "typed" or a.weight >= sure)
               for a in group.alternatives)


@lru_cache(maxsize=1)
def _game_words() -> frozenset[str]:
    """The one-word game terms' analysed names and the words of the rules, joined once."""
    return _game_term_words() | rules_words()


@lru_cache(maxsize=1)
def rules_words() -> frozenset[str]:
    """The analysed words the rules use far more than everyday English (:func:`indexer.language.rules_words_typed`:
    *nonland*, *halves*, *toughness*), game words of a story too."""
    return frozenset(t for word in rules_words_typed() for t in terms(word, "en"))


@lru_cache(maxsize=1)
def _game_term_words() -> frozenset[str]:
    """The analysed English names of one word of the vocabulary's concepts (*destroy*, *sacrific*, *block*; a predefined
    token's without "Token": *treasur*)."""
    found = set()
    for concept in vocabulary().concepts:
        for name in concept.names_in("en"):
            analysed = terms(_without_token(name.text), "en") if " " not in _without_token(name.text) else []
            if len(analysed) == 1:
                found.add(analysed[0])
    return frozenset(found)


def _without_token(name: str) -> str:
    """A predefined token's name as players say it (*Treasure Token*: Treasure), any other name as it is."""
    name = name.strip()
    return name.removesuffix(" Token") if name.endswith(" Token") and name.count(" ") == 1 else name


@lru_cache(maxsize=1)
def story_words() -> dict[tuple[str, ...], frozenset[str]]:
    """The story's words and phrases of ``corpus/story-words.tsv`` (folded words, :func:`phrase_key`)
    → the languages they are read in (``*``: any)."""
    path = embedded_corpus() / STORY_WORDS
    found: dict[tuple[str, ...], set[str]] = {}
    if path.is_file():
        for number, (code, words, _note) in tsv.rows(path, ("lang", "words", "note"), optional=1):
            if code not in (*LANGS, "*"):
                raise ParseError(str(path), f"language {code!r} is none of {', '.join(LANGS)} or * (any)", number)
            found.setdefault(phrase_key(words), set()).add(code)
    return {key: frozenset(codes) for key, codes in found.items() if key}


def _story_at(folded: list[str], position: int, lang: str | None) -> int:
    """How many words the longest story word or phrase of ``lang`` (or of any language) at
    ``position`` holds (0: none); a word alone also by its lemma, so a verb listed in the infinitive is
    read in its frequent other forms (*pensare*: pensavo, pensava)."""
    for size in range(min(_LONGEST_STORY, len(folded) - position), 0, -1):
        if _is_story(tuple(folded[position:position + size]), lang):
            return size
    word = folded[position]
    # by the frequent words' lemmas only (corpus/lemma-forms.tsv: simplemma's dictionary costs a cold question
    # 0.1 s), and only for a word starting as a listed story word does (each look-up reads the table's text)
    if lang not in LANGS or not word.isalpha() or word[:_STEM] not in _story_starts(lang):
        return 0
    found = listed_lemma(lang, word)
    return 1 if found and _is_story((found,), lang, own=True) else 0


_STEM = 4  # letters a story word's other forms share with it (pensare: pensavo; croire: croyait)


@lru_cache(maxsize=4)
def _story_starts(lang: str) -> frozenset[str]:
    """The first :data:`_STEM` letters of the one-word story words of ``lang``."""
    return frozenset(words[0][:_STEM] for words, codes in story_words().items() if len(words) == 1 and lang in codes)


def _is_story(words: tuple[str, ...], lang: str | None, own: bool = False) -> bool:
    """Whether ``words`` are listed as story in ``lang`` (or, unless ``own``, in any language)."""
    codes = story_words().get(words)
    return bool(codes) and (lang in codes or not own and ("*" in codes or lang is None))


_LONGEST_STORY = 6  # words of the longest story phrase looked for


def _story_group(words: list[str], lang: str | None) -> Group:
    """A story word or phrase: searched only as typed (never as a game term or a players' word: the
    *général* of French *en général* is no commander), weighed low (:func:`_weigh_the_story`)."""
    text = " ".join(words)
    group = Group(text, _typed(text, (lang,) if lang else LANGS))
    group.role = "story"
    return group


def _jargon_at(folded: list[str], position: int, lang: str | None) -> tuple[int, tuple[str, ...]] | None:
    """The longest players' phrase of ``corpus/jargon.tsv`` read in ``lang`` at ``position`` (``board
    wipe``, ``entra in campo``), or a players' word of ``lang`` alone (French *général*), with its size
    in words and the rules' words for it. A players' word of any language is read by :func:`_word_group`."""
    for size in range(min(_LONGEST_JARGON, len(folded) - position), 0, -1):
        found = jargon_in(tuple(folded[position:position + size]), lang)
        if found is not None and (size > 1 or found[1]):
            return size, found[0]
    return None


_LONGEST_JARGON = 6


def phrase_key(text: str) -> tuple[str, ...]:
    """The folded words of ``text`` as a question's are read (elisions stripped: ``l'adversaire``
    is ``adversaire``; a hyphen parts words: ``contre-sort``)."""
    words = (strip_elision(w, ALL_ELISIONS)[0] for w in TOKEN.findall(text.lower()))
    return tuple(fold(w) for w in words if w)


@lru_cache(maxsize=1)
def _jargon_by_words() -> dict[tuple[str, ...], list[tuple[frozenset[str], tuple[str, ...]]]]:
    """The players' words and phrases (``corpus/jargon.tsv``) by their folded words (:func:`phrase_key`)."""
    found: dict[tuple[str, ...], list[tuple[frozenset[str], tuple[str, ...]]]] = {}
    for word, langs, rules_words in jargon_rows():
        found.setdefault(phrase_key(word), []).append((langs, rules_words))
    return found


def jargon_in(key: tuple[str, ...], lang: str | None) -> tuple[tuple[str, ...], bool] | None:
    """The rules' words for the players' word or phrase ``key`` (folded words) read in ``lang``, and
    whether the entry is of that language alone (it then says what the word means there: French
    *général* is the commander, not the Emperor's general); None when none is read in ``lang``."""
    found = _jargon_by_words().get(key, ()) or _jargon_by_words().get(_without_possessive(key), ())
    if not found and len(key) == 1 and (infinitive := players_verb(key[0], lang)):
        found = _jargon_by_words().get((infinitive,), ())  # blinkano: blinkare
    for langs, rules_words in found:
        if not langs or lang is None or lang in langs:
            return rules_words, bool(langs) and lang is not None
    return None


_POSSESSIVE = re.compile(r"['’]s$")


def _without_possessive(key: tuple[str, ...]) -> tuple[str, ...]:
    """``key`` with its last word's English possessive cut (``opp's`` is ``opp``), as the analyser cuts it."""
    return key[:-1] + (_POSSESSIVE.sub("", key[-1]),) if key else key


def _jargon_group(words: list[str], rules_words: tuple[str, ...], lang: str | None,
                  weights: ReadWeights = DEFAULT.reading) -> Group:
    """A players' word or phrase (``entra in campo``, ``sorcery speed``, French ``général``): the game
    term its rules' words name whole, read as that term (``général`` → *commander*, with its names in
    the three languages); else the one game term its own words name (``va al cimitero``: the graveyard),
    or just the words as typed, and the rules' words for it, all needed in one rule."""
    english = [s for s in spot(" ".join(fold(w) for w in rules_words), "en")
               if s.start == 0 and s.end == len(words_of(" ".join(rules_words)))]
    if english and (matches := _in_languages(english[0], "en")):
        # the term named by all of the rules' words first (enters the battlefield, not enter)
        return _concept_group(tuple(sorted(matches, key=lambda m: -len(words_of(m.name.text)))), words, lang, weights)
    inside = [s for s in spot(" ".join(fold(w) for w in words), lang) if _in_languages(s, lang)]
    text = " ".join(words)
    if len(inside) == 1:
        group = _concept_group(_in_languages(inside[0], lang), words, lang, weights)
    else:
        group = Group(text, _typed(text, (lang,) if lang else LANGS))
    analysed = tuple(t for w in rules_words for t in terms(w, "en"))
    if analysed and all(a.terms != analysed or a.lang != "en" for a in group.alternatives):
        group.alternatives.append(Alternative("en", analysed, weights.jargon, "jargon", " ".join(rules_words)))
    return group


def _negation(tokens: list[str], dropped: set[str], lang: str | None, used: set[str] = frozenset()) -> list[str]:
    """The negation words of ``tokens`` (the query's, lower case) left out of the search: those
    ``dropped`` as function words and an elided one (French ``n'est``), as typed; not those ``used`` (folded)
    to read a game term as lacked, nor French *ne* / *n'* with a *pas* so used."""
    negations = frozenset().union(*(NEGATIONS[l] for l in ((lang,) if lang else LANGS))) - used
    if "pas" in used:
        negations -= {"ne", "n"}
    out = []
    for token in tokens:
        word, cut = strip_elision(token, ALL_ELISIONS)
        if cut and fold(token[:cut - 1]) in negations:
            out.append(token[:cut])
        if (word in dropped and _negating(word, lang, negations)) or fold(word) in SEARCHED_NEGATIONS - used:
            out.append(word)
    return out


def _negating(word: str, lang: str | None, negations: frozenset[str]) -> bool:
    """Whether ``word`` is one of ``negations``, or a chat spelling of ``lang`` standing for one (Italian *nn*)."""
    return fold(word) in negations or any(fold(w) in negations for w in chat_words().get((lang or "", word), ()))


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


def _word_group(word: str, key: str, lang: str | None, weights: ReadWeights = DEFAULT.reading,
                mixed_in: tuple[str, ...] = ()) -> Group | None:
    """A content word: as typed in its language, its players' words, its English translations (from an
    Italian or French the question is mixed with too, when the word is no game word of its language's
    rules: *metto*, *campo* in an English question mixed with Italian)."""
    if len(key) < 2 or (lang in AUXILIARIES and lemma(word, lang) in AUXILIARIES[lang]):
        return None
    langs = (lang,) if lang else LANGS
    # two letters around a slash (p/t) are only the players' words for the rules' ones: their letters say nothing
    group = Group(word, _typed(word, langs) if not LETTER_PAIR.fullmatch(key) else [])
    _add_jargon(group, key, lang, weights.jargon)
    reviewed_words = []
    for source_lang in (l for l in langs if l in ("it", "fr")):
        for english, weight, _ in translated(word, source_lang):
            _add_english(group, english, weight * (1.0 if lang else 0.5), "table")
        if (english := query_phrases(source_lang).get(key)) is not None:
            _add_english(group, english, 1.0, "lexicon")
        reviewed_words += reviewed().get((source_lang, key), ([], False))[0]
    if lang in ("it", "fr") and reviewed_words and not any(terms(e, "en") for e in reviewed_words):
        return None  # reviewed as a function word: its English is one (poi: then; celui: that)
    if lang == "en" and key not in _game_words():
        for other in (o for o in mixed_in if o in ("it", "fr")):
            for english, weight, _ in translated(word, other):
                _add_english(group, english, weight * weights.mixed, "table")
    if _an_english_game_word(group, word, key, lang):  # mes tokens, la replacement: the rules' English word
        group.alternatives.append(Alternative("en", tuple(terms(word, "en")), weights.jargon, "english", word))
    elif not any(a.lang == "en" for a in group.alternatives) and (english := made_of_english(key, lang)):
        # kickerato, meldato, exertarlo: the English game word the players made an Italian or French word of
        group.alternatives.append(Alternative("en", tuple(terms(english, "en")), weights.jargon, "english", english))
    elif _an_everyday_english_word(group, key, lang):  # in response: an everyday English word mixed in
        group.alternatives.append(Alternative("en", tuple(terms(word, "en")), weights.mixed, "english", word))
    return group


MIN_ENGLISH_WORD = 4  # letters of an English game word read as English in an Italian or French question


def _an_english_game_word(group: Group, word: str, key: str, lang: str | None) -> bool:
    """Whether ``word`` of an Italian or French question is a game word of the English rules typed in
    English (*tokens*, *counters*, *replacement*): no word of the question's language, and nothing read
    it as English yet."""
    if lang not in ("it", "fr") or len(key) < MIN_ENGLISH_WORD or any(a.lang == "en" for a in group.alternatives):
        return False
    analysed = terms(word, "en")
    return len(analysed) == 1 and analysed[0] in _game_words() and listed_lemma(lang, key) is None


def _an_everyday_english_word(group: Group, key: str, lang: str | None) -> bool:
    """Whether ``key`` of an Italian or French question is an English word of everyday use typed in English (*in
    response*), read as nothing yet: a word of English's lists and of none of the question's language (French
    *legal* is French's; the game words are :func:`_an_english_game_word`'s)."""
    if lang not in ("it", "fr") or len(key) < MIN_ENGLISH_WORD or any(a.lang == "en" for a in group.alternatives):
        return False
    return listed_lemma("en", key) is not None and listed_lemma(lang, key) is None and bool(terms(key, "en"))


def _phrase_at(folded: list[str], position: int, lang: str | None) -> tuple[int, list[str]] | None:
    """The longest reviewed phrase of ``lang`` (any of the three when unknown) starting at
    ``position``: its length in words and its English (an English phrase's: *at the same time* is
    *simultaneously*). A phrase of another language counts from three words (*mal di evocazione* in an
    English question: players mix languages)."""
    best = None
    for code in LANGS:
        shortest = 1 if lang is None or code == lang else FOREIGN_PHRASE
        for words, english in reviewed_phrases(code).items():
            if (len(words) >= shortest and tuple(folded[position:position + len(words)]) == words
                    and (best is None or len(words) > best[0])):
                best = (len(words), english)
    return best


FOREIGN_PHRASE = 3  # words of a reviewed phrase of another language than the question's, at least


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


def _accents_agree(matches: tuple, typed: list[str]) -> tuple:
    """``matches`` of a vocabulary name, without those whose accents a word typed with accents contradicts
    (French *équipé*, equipped, is no *équipe*, a team; words typed without accents match either)."""
    written = " ".join(typed).lower()
    if written.isascii():
        return matches
    return tuple(m for m in matches if m.name.text.lower() == written or fold(m.name.text) != fold(written)
                 or m.name.text.isascii())


MIXED_IN = 2  # function words only another language has, at least, for a question to be mixed with it


def _mixed_in(folded: list[str], lang: str | None) -> tuple[str, ...]:
    """The other languages a question is mixed with (*Se metto in campo Ninja of the Deep Hours con il
    ninjutsu, triggera il mio Hellrider che dice "whenever a creature you control attacks"?*, read as
    English for its quote): each of which it holds :data:`MIXED_IN` function words only that language
    has, or more. Their function words are left out as its own are (:func:`_function_words_beside`), and
    a word no rule of its language holds is translated from them too (:func:`_word_group`)."""
    if lang is None:
        return ()
    return tuple(other for other, words in DISTINCT_STOPWORDS.items()
                 if other != lang and sum(1 for word in folded if word in words) >= MIXED_IN)


@lru_cache(maxsize=None)
def _function_words_beside(other: str, lang: str) -> frozenset[str]:
    """The function words of ``other`` that are no function word of ``lang`` nor a game word of the
    English rules (Italian *il*, *se*, *che* in an English question)."""
    return frozenset(w for w in STOPWORDS[other] if w not in STOPWORDS[lang] and w not in _game_words())


def _foreign_function_word(key: str, lang: str | None) -> bool:
    """Whether ``key`` is an English function word in an Italian or French question (players mix English in:
    *With … can I giocare una terra* read as Italian: *with*, *can*), where the word table would translate it
    as a word of theirs (with → com, met). Italian *do* (I give) and the players' words of corpus/jargon.tsv
    are none."""
    if lang not in ("it", "fr") or key in _OWN_WORDS_TOO:
        return False
    return key in STOPWORDS["en"] and key not in jargon()


_OWN_WORDS_TOO = frozenset({"do"})  # English function words that are words of Italian or French too (do: I give)


MIN_FOREIGN_WORD = 5  # letters of a one-word game term of another language read in a question (persistere, magia)


def _foreign_term(found, folded: list[str], lang: str | None) -> tuple:
    """The matches of a spotted name of another language than the question's, where players mixing
    languages mean it (*my commander went to the zona di comando*): a name of two words or more,
    or one long word that is no word of the question's language (*persistere*); else none."""
    if lang is None:
        return ()
    words = folded[found.start:found.end]
    function = set().union(*STOPWORDS.values())
    content = [w for w in words if w not in function]
    if len(content) < 2 and not (len(words) == 1 and len(words[0]) >= MIN_FOREIGN_WORD
                                 and listed_lemma(lang, words[0]) is None):
        return ()
    return found.matches


def _in_languages(found, lang: str | None) -> tuple:
    """The matches of a spotted name in the query's language or in English (an English question's
    *sort* is not the French *sort*, a spell); every match when the language is unknown."""
    if lang is None:
        return found.matches
    return tuple(m for m in found.matches if m.name.lang in (lang, "en"))


# the game's counters (122), which English *counter* also names beside countering a spell (701.6)
COUNTER_OBJECT = "counter:counter"


def _the_counter_put_after_a_modifier(matches: tuple, words: list[str], position: int) -> tuple:
    """``matches`` with the counters of 122 first when a power and toughness modifier comes right before (*a +1/+1
    counter*: the modifier, read as a number, leaves *counter* alone, whose first sense is countering a spell)."""
    if position == 0 or not _POWER.fullmatch(words[position - 1]):
        return matches
    return tuple(sorted(matches, key=lambda match: match.concept.id != COUNTER_OBJECT))


def _with_negations(group: Group, weight: float = DEFAULT.reading.negation) -> Group:
    """A group whose English is one word also searched as its ``un-`` form, at ``weight`` of its own: the
    rules often say what a thing must not be (*untapped*, *unblocked*) where a question names it; only a form the
    rules' words hold (:func:`_game_words`: no *unflashed*, *unplayed*), and whose stem is the word's own after *un*
    (*died*'s *undied* stems as *undying*, a keyword)."""
    for alt in [a for a in group.alternatives if a.lang == "en" and len(a.terms) == 1 and " " not in a.shown]:
        word = alt.shown.lower()
        if word.isalpha() and word.endswith("ed") and not word.startswith("un"):
            negated = tuple(terms("un" + word, "en"))
            if (len(negated) == 1 and negated[0].startswith("un" + alt.terms[0]) and negated[0] in _game_words()
                    and all(a.terms != negated for a in group.alternatives)):
                group.alternatives.append(Alternative("en", negated, alt.weight * weight, "negation", "un" + word))
    return group


def _distinct(groups: list[Group]) -> list[Group]:
    """Each game term or word once (``la copia di una magia conta come magia``: one *spell*)."""
    seen: dict = {}
    for group in groups:
        key = group.concept or tuple(sorted((a.lang, a.terms) for a in group.alternatives))
        if key not in seen:
            seen[key] = group
        elif group.scale > seen[key].scale:  # named in the story, then asked about: asked about
            group.denied = group.denied and seen[key].denied
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
    # the names typed of this concept (French *initiative* is first strike's; the English Initiative of 725, a
    # homonym matched too, must not hide first strike's English name); an obsolete name typed (*in play*, *tribal*)
    # hides none: the rules say the current one (battlefield, kindred)
    typed = {m.name.lang: set(terms(m.name.text, m.name.lang)) for m in matches
             if m.concept.id == concept.id and m.name.form != "obsolete"}
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
        _add_jargon(group, fold(words[0]), lang, weights.jargon)
        _keep_the_english_it_says(group, words[0], lang)
    return _without_longer_names(group)


def _keep_the_english_it_says(group: Group, word: str, lang: str | None) -> None:
    """A game term of several English names (Tap and Untap: Tap, Untap) named by an Italian or French word:
    only the English names the word table translates the word as, when it names one (``stappare``, ``dégager``
    are *untap*, not *tap*: a question about untapping is not about tapping)."""
    english = [a for a in group.alternatives if a.lang == "en" and a.source == "vocabulary"]
    if lang not in ("it", "fr") or len(english) < 2:
        return
    said = {tuple(terms(e, "en")) for e, _, _ in translated(word, lang)}
    kept = [a for a in english if a.terms in said]
    if kept and len(kept) < len(english):
        group.alternatives = [a for a in group.alternatives if a not in english or a in kept]


def _add_jargon(group: Group, key: str, lang: str | None, weight: float = DEFAULT.reading.jargon) -> None:
    """The rules' words for the players' word ``key`` (folded; ``corpus/jargon.tsv``) read in ``lang``,
    all needed in one rule, at ``weight``."""
    found = jargon_in((key,), lang)
    if found is not None:
        analysed = tuple(t for w in found[0] for t in terms(w, "en"))
        if analysed and all(a.terms != analysed or a.lang != "en" for a in group.alternatives):
            group.alternatives.append(Alternative("en", analysed, weight, "jargon", " ".join(found[0])))


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
