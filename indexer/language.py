"""The language a query is written in, among Italian, French and English.

:func:`detect_language` asks the identifier (``lingua-language-detector``, restricted to the
three) and checks it against the words themselves: the function and question words only one
language has (``posso``, ``est-ce``, ``of``) and, for a short query, the languages whose game
terms it names (``combat damage`` is English; French says *blessures de combat*).
:func:`is_real_word` tells a word of a language from a typo, so a real word is never corrected.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterator

from kb import tsv
from kb.corpus import embedded_corpus
from kb.errors import ParseError
from kb.text import ALL_ELISIONS, STOPWORDS, fold, strip_elision
from kb.vocabulary.known_words import WordFilter

from .analysis import LANGS
from .translation import jargon, listed_lemma, near, word_table
from .vocab import name_key, spot, vocabulary

# Two letters around a slash (p/t, f/c): the players' abbreviation of two of the rules' words (jargon.tsv).
LETTER_PAIR = re.compile(r"[^\W\d_]/[^\W\d_]")
# A query's words: a power/toughness pair (+1/+1), a letter pair standing alone, a word with its elisions
# (dell'abilità), digits.
TOKEN = re.compile(rf"[+-]?\d+/[+-]?\d+|(?<![^\W\d_]){LETTER_PAIR.pattern}(?![^\W\d_])|[^\W_]+(?:['’][^\W_]+)*|\d+")

RULES_WORDS = "rules-words.tsv"  # in the embedded corpus: the words the rules use far more than everyday English
LEMMATISER_WORDS = "lemmatiser-words.bloom"  # the words simplemma knows (kb.vocabulary.known_words)

# Below this confidence the language identifier is not trusted.
SURE = 0.6

# Words that make a question a question, beside each language's function words.
QUESTION_WORDS = {
    "it": frozenset("""cosa che succede succedono accade capita posso puo puoi possono potrei potere devo deve
        devono dovere quando come quanto quanti quante quanta quale quali qual perche dove chi mio mia miei mie
        tuo tua tuoi tue fare far fa faccio farlo farla farli farle viene vengono essere stato stata sempre
        ancora allora cioe ok qualcosa pure pero quindi dunque davvero
        nulla niente gia anzi oppure invece bisogna serve durante mentre prima dopo ogni tutto tutti tutte
        altro altra altri stesso stessa solo soltanto sopra sotto ecc""".split()),
    "fr": frozenset("""que quoi qu est ce se t il elle on peut peux puis peuvent pouvoir dois doit
        doivent devoir faut falloir quand comment combien pourquoi quel quelle quels quelles ou si mon ma mes
        ton ta tes faire fait fais font faites arrive arriver toujours encore alors cela ca quelque chose rien
        deja sinon va vais vont dedans concretement
        est-ce pendant avant apres chaque tout tous toutes autre autres meme seulement
        lorsque lorsqu puisque non lequel laquelle lesquels lesquelles duquel auquel pourtant donc vraiment""".split()),
    "en": frozenset("""what happens happen happened can could may might do does did is are was were when how many
        much why which who whom my mine your i me if still get gets got ok anything something nothing else
        would will shall should there us we we're they're you're i'm they them someone somebody anyone anybody
        nobody myself yourself itself themselves actually really now even though although either yet ever
        basically""".split()),
}

# The function and question words no other of the three languages has (posso, di; est-ce; the).
_OWN_FUNCTION_WORDS = {
    lang: (STOPWORDS[lang] | QUESTION_WORDS[lang])
    - frozenset().union(*(STOPWORDS[o] | QUESTION_WORDS[o] for o in LANGS if o != lang))
    for lang in LANGS
}


# Words that negate what follows (folded; French ``n'`` as its elided ``n``): left out as function
# words, they are named in the reading (a question "read as" spell · stack may ask what happens when
# the spell is *not* on the stack: indexer.reading), and never a card's name typed in lower case
# (*je ne lance rien*: not Nix, printed *Rien* in French).
NEGATIONS = {"en": frozenset({"not", "no", "never", "nor", "cannot", "nothing"}),
             "it": frozenset({"non", "mai", "nessun", "nessuno", "nessuna", "niente", "nulla"}),
             "fr": frozenset({"ne", "n", "pas", "jamais", "aucun", "aucune", "sans", "rien"})}


@lru_cache(maxsize=1)
def _detector():
    from lingua import Language, LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_languages(
        Language.ITALIAN, Language.FRENCH, Language.ENGLISH).with_low_accuracy_mode().build()


def detect_language(text: str) -> tuple[str | None, float]:
    """The language of ``text`` among it, fr and en, and how sure the identifier is (None when
    it is not: :data:`SURE`). The words only one language uses as function or question words
    overrule the identifier when they point elsewhere :data:`OUTVOTED` times over (lingua reads ``posso
    distruggere l'emblema di un planeswalker?`` as English; ``posso`` and ``di`` are Italian)."""
    values = _detector().compute_language_confidence_values(text)
    best = values[0] if values else None
    lang = best.language.iso_code_639_1.name.lower() if best else None
    confidence = float(best.value) if best else 0.0
    short = len(_folded_words(text)) <= SHORT_QUERY
    votes = _function_word_votes(text)
    voted = _decisive(votes, needed=1 if short or confidence < SURE else 2)
    if voted is not None and (confidence < SURE or votes.get(lang or "", 0) * OUTVOTED < votes[voted]):
        return voted, confidence
    if voted is None and short:
        votes = _name_votes(text)
        voted = _decisive(votes, needed=1)
        if voted is not None and (confidence < SURE or votes.get(lang or "", 0) < votes[voted]):
            return voted, confidence
    return (lang, confidence) if confidence >= SURE else (None, confidence)


# The function words of another language overrule the identifier when they are this many times its
# language's (``Ho Umiltà in play … Il layer 7b batte i counter o no?``: eight Italian, one English *in*;
# lingua reads the English game words as English, 99 % sure)
OUTVOTED = 3

# A query of this many words or fewer is too short for the identifier alone: one function word
# (``tour of combat``) or the game terms it names (``combat damage``, ``deathtouch vs
# indestructible``: English names only) decide.
SHORT_QUERY = 4


def _decisive(votes: dict[str, int], needed: int) -> str | None:
    """The language with the most votes, when it has ``needed`` or more and more than any other."""
    ranked = sorted(votes.items(), key=lambda kv: -kv[1])
    if ranked and ranked[0][1] >= needed and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        return ranked[0][0]
    return None


def _name_votes(text: str) -> dict[str, int]:
    """How many words of ``text`` each language names game terms with (``combat damage``: two
    English words; French names it *blessures de combat*)."""
    words = _folded_words(text)
    votes = {}
    for code in LANGS:
        votes[code] = sum(s.end - s.start for s in spot(" ".join(words), code)
                          if any(m.name.lang == code for m in s.matches) or _named_in(s, code))
    return votes


def _named_in(found, lang: str) -> bool:
    """Whether a spotted phrase is a name in ``lang`` of one of its concepts (a name of two
    languages, ``indestructible``, is kept once under the first)."""
    return any(name_key(n.text, lang) == found.phrase for m in found.matches for n in m.concept.names_in(lang))


def _function_word_votes(text: str) -> dict[str, int]:
    """How many of the words of ``text`` only one language uses as function or question words, or types
    short so in chat (Italian *cn*, *xke*: ``corpus/chat-words.tsv``), by language."""
    words = _folded_words(text)
    short = _own_chat_spellings()
    return {l: sum(1 for w in words if w in _OWN_FUNCTION_WORDS[l] or short.get(w) == l) for l in LANGS}


@lru_cache(maxsize=1)
def _own_chat_spellings() -> dict[str, str]:
    """The chat spellings of one language only (folded) → that language."""
    langs: dict[str, set[str]] = {}
    for lang, chat in chat_words():
        langs.setdefault(fold(chat), set()).add(lang)
    return {chat: next(iter(found)) for chat, found in langs.items() if len(found) == 1}


def _folded_words(text: str) -> list[str]:
    return [fold(strip_elision(w, ALL_ELISIONS)[0]) for w in TOKEN.findall(text.lower())]


def is_real_word(word: str, lang: str | None) -> bool:
    """Whether ``word`` is a word of ``lang`` (of Italian or French when None): a function or
    question word, a word of the Italian or French word tables or a players' word of
    ``corpus/jargon.tsv`` (whatever ``lang``: a question mixes languages), or one of the language's
    50,000 most frequent words (``corpus/lemma-forms.tsv``) or one the lemmatiser knows (read from
    ``corpus/lemmatiser-words.bloom`` without loading it: :func:`lemmatiser_knows`). A real word is never
    "corrected" into another (``vuoto`` is not *voto*, ``combien`` is not *combine*)."""
    folded = fold(word)
    langs = (lang,) if lang else ("it", "fr")
    for code in langs:
        if folded in STOPWORDS.get(code, ()) or folded in QUESTION_WORDS.get(code, ()):
            return True
    # a word of the Italian or French tables is real in any query (stack vuota: not "vota")
    if any(folded in word_table().get(code, {}) or near(code, folded) for code in ("it", "fr")):
        return True
    if folded in jargon() or players_verb(folded, lang):  # a players' word (counterare: not "counterpart")
        return True
    if lang is None:
        return False
    return _a_listed_word(word, folded, lang) or made_of_english(folded, lang) is not None


def _a_listed_word(word: str, folded: str, lang: str) -> bool:
    """Whether ``word`` is one of ``lang``'s frequent words or one its lemmatiser knows."""
    return listed_lemma(lang, folded) is not None or lemmatiser_knows(word, lang)


def lemmatiser_knows(word: str, lang: str) -> bool:
    """Whether simplemma's dictionary of ``lang`` holds ``word`` (any case), by the filter of its words
    (:mod:`kb.vocabulary.known_words`), which a cold search reads in a millisecond where simplemma loads in 0.3 s;
    about one word in a thousand it lacks is said to be held. With no filter, simplemma itself is asked."""
    found = _lemmatiser_words()
    if found is not None:
        return found.knows(lang, word)
    import simplemma

    return simplemma.is_known(word.lower(), lang=lang)


@lru_cache(maxsize=1)
def _lemmatiser_words() -> WordFilter | None:
    """The embedded ``corpus/lemmatiser-words.bloom``, None when absent; a damaged one is a ParseError naming it."""
    path = embedded_corpus() / LEMMATISER_WORDS
    try:
        return WordFilter.from_bytes(path.read_bytes())
    except FileNotFoundError:
        return None
    except ValueError as error:
        raise ParseError(str(path), str(error)) from None


def languages_of(folded: str) -> set[str]:
    """The languages whose function words, word tables or 50,000 most frequent words know the folded word
    (none for a card's or a rule's coined word: *hexproof*). Not the lemmatiser: loading its three
    dictionaries cost a cold question with a typo 0.2 s."""
    return {code for code in LANGS
            if folded in STOPWORDS.get(code, ()) or folded in QUESTION_WORDS.get(code, ())
            or folded in word_table().get(code, {}) or listed_lemma(code, folded) is not None}


def fits_question(folded: str, lang: str | None) -> bool:
    """Whether a word may stand for a typo of a ``lang`` question: a word of that language, of English
    (the rules' language, which every question mixes) or of none; an English question's *ephemerate*
    is not French *éphémère*."""
    if lang is None:
        return True
    langs = languages_of(folded)
    return not langs or bool(langs & {lang, "en"})


def query_language(langs: set[str], text: str, hint: str | None = None) -> tuple[str | None, float]:
    """The language a query is read in and how sure that is: the one its words are identified in
    (:func:`detect_language`); when they leave it unsure, ``hint`` (the page's interface language) or
    the one language ``--lang`` names, else None. The page's language or the texts' language never
    overrules the words: a French question typed on an Italian page is read as French."""
    found, confidence = detect_language(text) if text.strip() else (None, 0.0)
    if found is not None:
        return found, confidence
    if hint in LANGS:
        return hint, 1.0
    if len(langs) == 1:
        return next(iter(langs)), 1.0
    return None, confidence


# The endings of the players' verbs made of English words, longest first: Italian verbs in -are (blinkare:
# blinkano, blinkato, blinkarla), French verbs in -er (blinker: blinkent, blinké); folded, accents off; and the
# English players' verbs themselves in their rarer forms (fog: fogs, fogged, fogging; the frequent ones, kills,
# are read by their listed lemma).
_VERB_ENDINGS = {
    "en": ("", ("ing", "ed", "es", "s")),
    "it": ("are", ("erebbe", "eranno", "arne", "arla", "arlo", "arle", "arli", "ando", "iamo", "ano", "ato", "ata",
                   "ati", "ate", "era", "ero", "are", "o", "i", "a")),
    "fr": ("er", ("eraient", "aient", "erait", "erai", "era", "ant", "ait", "ais", "ent", "ons", "ees", "ez", "ee",
                  "es", "er", "e")),
}


@lru_cache(maxsize=4096)
def players_verb(folded: str, lang: str | None) -> str | None:
    """The infinitive a players' verb of ``corpus/jargon.tsv`` is written in as ``folded`` (Italian
    ``blinkano``, ``tramplato``: *blinkare*, *tramplare*; French ``blinkent``, ``fetche``: *blinker*, *fetcher*;
    English ``fogs``, ``fogged``: *fog*),
    when ``folded`` is no listed word of ``lang`` (``sacco``, "a lot", is no form of *saccare*); else None."""
    if lang not in _VERB_ENDINGS or folded in jargon():
        return None
    infinitive, endings = _VERB_ENDINGS[lang]
    for each in _stems(folded, endings, 3):
        if each + infinitive in jargon():
            # the frequency list looked up last: it is searched, not loaded (a cold question reads every word)
            return each + infinitive if listed_lemma(lang, folded) is None else None
    return None


def _stems(folded: str, endings: tuple[str, ...], least: int) -> Iterator[str]:
    """What ``folded`` is with one of ``endings`` taken off (the stem of ``least`` letters or more), in the endings'
    order, a doubled last letter also undoubled (fogged: fog; flashato: flash; clippato: clip)."""
    for ending in endings:
        stem = folded[:-len(ending)]
        if folded.endswith(ending) and len(stem) >= least:
            yield stem
            if stem[-1] == stem[-2]:
                yield stem[:-1]


# The endings Italian and French players put on an English game word for a verb, a participle or a plural
# (kickerato, exertarlo, meldato, phyrexiani; exerté, meldée): the players' verbs' endings, and the plurals.
_ENDINGS_ON_ENGLISH = {"it": _VERB_ENDINGS["it"][1] + ("e",), "fr": _VERB_ENDINGS["fr"][1] + ("s",)}
MIN_ENGLISH_STEM = 4  # letters of the English word inside (tap, in tappato, is read by corpus/jargon.tsv only)


@lru_cache(maxsize=4096)
def made_of_english(folded: str, lang: str | None) -> str | None:
    """The English game word (:func:`english_game_words`) that the Italian or French ``folded`` is made of with an
    ending of its language (*kickerato*, *exertarlo*, *meldato*: kicker, exert, meld; *cascadato*: cascade; *exerté*:
    exert; *phyrexiani*: phyrexian), when ``folded`` is no word of ``lang`` of its own and no players' word; else
    None."""
    if lang not in _ENDINGS_ON_ENGLISH or folded in english_game_words() or folded in jargon():
        return None
    for stem in _stems(folded, _ENDINGS_ON_ENGLISH[lang], MIN_ENGLISH_STEM):
        for each in (stem, stem + "e"):  # cascadato: cascade
            if len(each) >= MIN_ENGLISH_STEM and each in english_game_words():
                # its own language's lists looked up last: they are searched, not loaded
                own = folded in word_table().get(lang, {}) or near(lang, folded) or _a_listed_word(folded, folded, lang)
                english = listed_lemma("en", folded) is not None  # roommate, locker: no room, no lock
                return None if own or english else each
    return None


# The elided articles and prepositions players type glued to the next word, without the apostrophe (French
# lordre, lancien, sannule; Italian dellavversario, unaltra): the frequent ones only, longest first (a lone
# consonant of a pronoun, m' or t', or French c', is too often a word's own first letter: copter is no c'opter).
_GLUED = {"it": ("quest", "quell", "dell", "dall", "nell", "sull", "all", "un", "l", "d"),
          "fr": ("jusqu", "lorsqu", "puisqu", "qu", "l", "d", "j", "n", "s")}
_GLUED_BEFORE_ENGLISH = frozenset({"dell", "dall", "nell", "sull", "all"})  # nellend step: nell'end step
MIN_UNGLUED = 4  # letters of the word after the article


@lru_cache(maxsize=4096)
def unglued(folded: str, lang: str | None) -> str | None:
    """``folded`` without an elided article typed glued to it (French *lordre*: ordre, *lancien*: ancien; Italian
    *dellavversario*: avversario), when ``folded`` is no word of ``lang``, nor of English, nor made of an English
    game word (*untap*, *unmorpho*), and what follows the article is a frequent word of ``lang``, a word of its
    word table or a players' word (after *dell'*, *nell'* …, an English game word too); else None. Words only the
    lemmatiser knows do not count (*litomorfico* is no *l'itomorfico*)."""
    if (lang not in _GLUED or is_real_word(folded, lang) or folded in english_game_words()
            or listed_lemma("en", folded) is not None or made_of_english(folded, lang) is not None):
        return None
    for article in _GLUED[lang]:
        rest = folded[len(article):]
        if not folded.startswith(article) or len(rest) < MIN_UNGLUED:
            continue
        if (listed_lemma(lang, rest) is not None or rest in word_table().get(lang, {}) or rest in jargon()
                or players_verb(rest, lang) or (article in _GLUED_BEFORE_ENGLISH and rest in english_game_words())):
            return rest
    return None


def is_typed_word(word: str, lang: str | None) -> bool:
    """Whether ``word`` is a word of ``lang`` (:func:`is_real_word`), one with an elided article typed glued to
    it (:func:`unglued`), or a chat spelling of ``lang`` (of any language when unknown: :func:`chat_words`): no typo
    to correct (*lancien* is l'ancien, not *lancer*; *smth* is something, not *smith*; *prox* prossimo, not *prix*)."""
    folded = fold(word)
    return (is_real_word(word, lang) or unglued(folded, lang) is not None
            or any((code, folded) in chat_words() for code in ((lang,) if lang else LANGS)))


@lru_cache(maxsize=1)
def english_game_words() -> frozenset[str]:
    """The English words players make Italian and French words of, folded: the one-word English names of the
    vocabulary's game terms and the words the rules use far more than everyday English (:func:`rules_words_typed`)."""
    found = {fold(name.text.strip()) for concept in vocabulary().concepts for name in concept.names_in("en")
             if name.text.strip().isalpha()}
    return frozenset(found | {fold(word) for word in rules_words_typed()})


@lru_cache(maxsize=1)
def rules_words_typed() -> tuple[str, ...]:
    """The words the rules use far more than everyday English, as ``corpus/rules-words.tsv`` lists them
    (:mod:`kb.vocabulary.rules_words`: *nonland*, *halves*, *toughness*); none without the file."""
    path = embedded_corpus() / RULES_WORDS
    if not path.is_file():
        return ()
    return tuple(word for _, (word, *_figures) in tsv.rows(path, ("word", "count", "rules", "everyday")))


CHAT_WORDS = "chat-words.tsv"  # in the embedded corpus: shortened spellings of ordinary words (qd, cmq, idk)


@lru_cache(maxsize=1)
def chat_words() -> dict[tuple[str, str], tuple[str, ...]]:
    """``(lang, chat spelling)`` → the words it stands for, lower case, elisions stripped
    (``corpus/chat-words.tsv``: ``("fr", "qd")`` → ``("quand",)``, ``("fr", "g")`` → ``("ai",)``)."""
    path = embedded_corpus() / CHAT_WORDS
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    if path.is_file():
        for number, (code, chat, full, _note) in tsv.rows(path, ("lang", "chat", "full", "note"), optional=1):
            if code not in LANGS:
                raise ParseError(str(path), f"language {code!r} is none of {', '.join(LANGS)}", number)
            words = tuple(w for w in (strip_elision(t, ALL_ELISIONS)[0] for t in TOKEN.findall(full.lower())) if w)
            if not chat.strip() or not words:
                raise ParseError(str(path), f"a chat spelling and the words it stands for are needed: {chat!r}", number)
            found[(code, chat.strip().lower())] = words
    return found
