"""Card names inside a question: ``Pithing Needle nomina il mio planeswalker``, ``exilé par Swords to
Plowshares``, ``my Finks``.

At build, :func:`card_table` gathers every card the index holds by its English, Italian and French
printed names (and each face of a card of several faces) into a small table that
:func:`write_card_table` saves beside the index (:data:`CARD_TABLE`, marshal: a search loads it in a few
milliseconds), with what each card brings to a question (:mod:`indexer.card_evidence`).

At read, :meth:`CardFinder.find` finds them in a question, never searching the index:

0. **nicknames** players call a card by (``corpus/card-nicknames.tsv``: ``snappy`` is Snapcaster Mage,
   ``Jace TMS`` Jace, the Mind Sculptor), whole words, case and accents folded, a possessive or a plural
   allowed (``snappy's``, ``two Bobs``; no plural of initials: ``MoR``), and the verbs players make of a one-word
   nickname (``bolted``, ``boltato``, ``bolté``; :func:`_verbs`), unless a whole name typed around
   them holds them (``Kessig Wolf Run``), a one-word nickname stands in a longer proper name (``Cryptic
   Spires``), or a hyphen joins it to another word (``Opal-Eye``);
1. **whole names**, longest first, case, accents, elisions (``l'Ago Spinale``) and punctuation folded;
   a name whose words are all words of the rules (``Cast Down``, ``Flash``) only when typed with capitals
   inside a sentence, and its words stay in the question (the player may ask about the keyword too);
   a name of one word that is a common word of English, Italian or French (``Humility``) only when
   typed with a capital inside a sentence (or, from five letters, at its start, unless it is one face of a card
   of two: *Domanda:* opening a question is no Offerta // Domanda), or used as a card
   (``je lance humilite``, ``counterato il fulmine``, ``fulmine in risposta``), one of three letters
   (``Fog``) only with a capital inside a sentence; a capital a longer name explains (``Friday Night
   Magic``, ``Wizards of the Coast``) names no card, nor do the formats players name (``Modern``), nor a
   game term only another language's card is named (French *Commander*), nor a variant of the game a card is named
   after, unless typed alone or used as a card (*Two-Headed Giant*, *Grand Melee*: *I cast Grand Melee*); used as a
   card means after a verb of casting or countering, after *with* / *con* / *col* / *avec* (a possessive maybe
   between: *col mio sign in blood*), or before *in response*;
2. **near names** (one word of a name of two or more mistyped: ``Swords to Plowshars``, ``leylin of sanctity``), only
   where the mistyped word is no word of any of the three languages, nor of the rules, nor of an English name (a
   tournament card first); a long one-word name mistyped and typed with a capital or used as a card
   (``Tarmogoyff``, ``Ornitotero``, ``casto skullcrak``), or in lower case one letter off where no common word is
   as near (``tarmogyof vs bolt``); a possessive typed without its apostrophe (``yawgmoths will``);
3. **names as players remember them** (:meth:`CardFinder._misremembered`): the first word as printed,
   then the name's words in order, each as printed, as its start or near it, all but one at most
   (``Drago di Shiv``: Drago di Shivan; ``jace le sculteur``; ``chemin de l exil``: Chemin vers l'exil;
   ``raccolto dell altare``, its elision typed without the apostrophe), with a word of no language or
   every word of the name, so that common words alone (``the mana cost``) name no card; or a name cut
   short before its last word, two words as printed at least and none a word of the rules (``elfe aux
   nattes``: Elfe aux Nattes sanguinolentes); a word of the rules is never the start of a name's word only
   a name explains (``garde la valeur``, mana value, is no Garde valeureuse);
4. **parts of names** as players shorten them (``Thalia``, ``Finks``, ``Needle``): a word of names that is
   no word of the rules and no common word (or typed with a capital inside a sentence), pointing to one
   card or to a clearly most printed one (twice the next; the first word of a legendary name, before its
   comma, counts twice); a word of a card already found, or a piece of one, is that card (``Tarmogoyf ...
   goyf``); a word of no language that starts or ends one-word names (``goyf``) is the most printed of
   them; a card printed only in side sets (playtest, un-sets, art cards) never wins over a tournament
   card; a part whose typed name goes on with a word of none of the card's names (``Orcish Bowmasters``)
   is another card, none the table holds.

Each card found is a :class:`FoundCard`: its English name, the words as typed and where, and whether its
words are kept in the question (a name of rules words only). :meth:`CardFinder.without_cards` is the
question with the other names cut out: a card's words are never translated, corrected or searched as
words (``Wrath of God`` does not bring *god*).
"""

from __future__ import annotations

import marshal
import math
import re
from array import array
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import AbstractSet, Callable, Iterable

from kb import tsv
from kb.corpus import embedded_corpus
from kb.errors import ParseError
from kb.text import ALL_ELISIONS, STOPWORDS, edit_distance, fold, strip_elision

from .card_evidence import (BASIC_LAND_TYPES, DEPENDENCY, FACE_SEPARATOR, NAMED_BY_A_RULE, NAMED_OFTEN, OF_SEVERAL,
                            PLANESWALKER, TOGETHER, WITH_NAMED)
from .language import NEGATIONS, is_real_word

CARD_TABLE = "cards.marshal"  # in the index folder
TABLE_VERSION = 9
NICKNAMES = "card-nicknames.tsv"  # players' nicknames of cards, in the embedded corpus
NICKNAME_COLUMNS = ("nickname", "English card name", "note", "langs")
LANGS = frozenset({"en", "it", "fr"})

# Flags of a word of the names (CardTable.flags).
COMMON = 1  # one of the 50,000 most frequent words of English, Italian or French (corpus/lemma-forms.tsv)
RULES = 2  # a word of the rules or the glossary written in lower case, in any language
MIN_RULE_USES = 2  # ... at least this many times (or a word of a game term's name)

MIN_PART = 4  # letters of a name's word found alone (a part), at least
MIN_NEAR_WORD = 8  # letters of a word read as a one-word name mistyped (Tarmogoyff), at least
MIN_CHARACTER_CARDS = 2  # legendary cards named after one character (Liliana), at least, to read it as the character
MIN_NAME = 3  # letters of a name of one word, at least (Fog, Opt: typed with a capital inside a sentence)
CLEAR_LEAD = 2.0  # a part names the most printed of its cards when printed this many times the next
MIN_PIECE_REST = 3  # letters a one-word name holds beyond a piece of it players type (goyf: Tarmogoyf)
# MTGJSON set types of no tournament card: playtest and un-sets, gold-bordered and art cards, tokens
SIDE_SET_TYPES = frozenset({"funny", "memorabilia", "token", "minigame", "vanguard"})
# the names of colour pairs and triples players call decks by (a control Azorius, Jund, Izzet Phoenix): no card's
# name when typed alone (Jund and Naya are also Planechase planes: those only where the question speaks of planes)
DECK_COLOURS = frozenset({"azorius", "dimir", "rakdos", "gruul", "selesnya", "orzhov", "izzet", "golgari", "boros",
                          "simic", "bant", "esper", "grixis", "jund", "naya", "abzan", "jeskai", "sultai", "mardu",
                          "temur"})
_PLANES = frozenset({"plane", "planes", "planechase", "piano", "piani", "plan", "plans", "planaire", "planare"})
_WORD = re.compile(r"[^\W_]+(?:['’`][^\W_]+)*", re.UNICODE)
_SENTENCE_ENDS = frozenset(".!?:;\n")
_POSSESSIVE = re.compile(r"['`]s$")
_FUNCTION = frozenset().union(*STOPWORDS.values())
_NEGATING = frozenset().union(*NEGATIONS.values())


# words before a card's name that say a player has more than one of it, in the three languages
# (two / 2 / 2x / both / another / a second; due / un altro; deux / un autre / un second), with
# "copies of", "copie di", "exemplaires de" and a possessive allowed between; "x2" after it
SEVERAL_BEFORE = re.compile(
    r"(?:\b(?:two|three|both|another|a second|due|tre|entramb[ei](?: (?:i|le|gli))?|un altr[oa]|un'altra|un’altra|una? second[oa]"
    r"|deux|trois|les deux|une? autre|une? (?:second|deuxi[eè]m)e?)|(?<![\w/+-])[2-9]x?)"
    r"(?: (?:copies|copie|exemplaires|cop(?:y|ia))(?: (?:of|di|de|d'|d’|des))?)?"
    r"(?: (?:my|his|her|their|mes|ses|leurs|miei|mie|suoi|sue))?\s*$", re.IGNORECASE)
SEVERAL_AFTER = re.compile(r"^\s*(?:x|×)\s?[2-9]\b", re.IGNORECASE)


def several_named(text: str, start: int, end: int) -> bool:
    """Whether ``text`` names more than one of the card typed at ``start:end`` (*two Parallel Lives*,
    *2 vies paralleles*, *Parallel Lives x2*)."""
    return bool(SEVERAL_BEFORE.search(text[max(0, start - 40):start]) or SEVERAL_AFTER.search(text[end:end + 6]))


@dataclass(frozen=True)
class Token:
    key: str  # folded, elision and possessive cut, apostrophes removed
    start: int
    end: int
    capital: bool  # typed with a capital
    first: bool  # the first word of its sentence
    joined: bool = False  # only spaces between it and the word before
    hyphened: bool = False  # a hyphen, and only it, between it and the word before (Opal-Eye)
    comma: bool = False  # a comma between it and the word before (Thalia, Guardian of Thraben)


def tokens(text: str) -> list[Token]:
    """The words of ``text`` as name keys, with where each is (a name's words and a question's alike)."""
    found: list[Token] = []
    last_end = 0
    for match in _WORD.finditer(text):
        raw, start = match.group(), match.start()
        word, cut, key = raw, 0, fold(raw)
        if "'" in key or "`" in key:  # fold makes every apostrophe a straight one, or keeps a backquote
            word, cut = strip_elision(raw, ALL_ELISIONS)
            key = _POSSESSIVE.sub("", fold(word)).replace("'", "").replace("`", "")  # Thalia's: Thalia
        if not key:
            continue
        gap = text[last_end:start]
        first = not found or any(c in _SENTENCE_ENDS for c in gap)
        found.append(Token(key, start + cut, match.end(), word[:1].isupper(), first, bool(found) and gap.isspace(),
                           bool(found) and gap == "-", bool(found) and "," in gap))
        last_end = match.end()
    return found


def name_keys(name: str) -> tuple[str, ...]:
    """A name's words as :func:`tokens` reads them (``Council's Judgment`` → ``council``, ``judgment``); a name
    without an apostrophe, as most are, read faster as its folded words (the same keys: a test reads every name of
    ``corpus/card-names.tsv`` both ways)."""
    folded = fold(name)
    if "'" in folded or "`" in folded:
        return tuple(t.key for t in tokens(name))
    return tuple(_WORD.findall(folded))


@dataclass
class FoundCard:
    """A card named in a question."""

    card: int  # its place in the table
    name: str  # its English name
    typed: str  # the words as typed
    start: int
    end: int
    how: str  # nickname | name | near | remembered | part | character
    kept: bool = False  # its words stay in the question (a name made of rules words: Flash)
    evidence: list[list[str]] = field(default_factory=list)  # [rule, reason] it brings (indexer.card_evidence)
    links: dict[str, list[str]] = field(default_factory=dict)  # its rulings' digests -> the rules each is linked to
    copies: int = 1  # 2 when the question names two or more of it (two Parallel Lives, deux Vies parallèles)
    among: list[str] = field(default_factory=list)  # a character's cards (how: character), the most printed first
    # its type-changing effects and whether it is a nonbasic land (indexer.card_evidence.type_changes, dependent)
    layers: list = field(default_factory=list)
    # False: a card of the archive's list (corpus/card-names.tsv) the knowledge base does not hold: it brings what it
    # is, but neither its text nor its rulings
    held: bool = True

    def to_dict(self) -> dict:
        return {"name": self.name, "typed": self.typed, "how": self.how,
                "brings": [{"rule": rule, "why": why} for rule, why in self.evidence]} | (
            {"among": self.among} if self.among else {}) | ({} if self.held else {"held": False})


@dataclass
class CardTable:
    """The table :func:`card_table` makes (see the module docstring)."""

    cards: list[list] = field(default_factory=list)  # [English name, printings, evidence, ruling links, layers]
    names: list[list] = field(default_factory=list)  # [name key, word count, card, lang, legendary first word]
    words: dict[str, list[int]] = field(default_factory=dict)  # a word of names -> the names holding it
    flags: dict[str, int] = field(default_factory=dict)  # a word of names -> COMMON | RULES
    side: list[int] = field(default_factory=list)  # the cards printed only in side sets (SIDE_SET_TYPES)
    # the cards the knowledge base does not hold, known by their names and what they bring (corpus/card-names.tsv):
    # found, each brings what it is, not its text or rulings, and is never read as another card
    unheld: list[int] = field(default_factory=list)
    nicknames: dict[str, int] = field(default_factory=dict)  # a nickname's key -> its card
    plurals: dict[str, int] = field(default_factory=dict)  # a nickname's plural's or verb's key -> its card
    # the nicknames of cards the table lacks, or spelled as a name it holds
    nicknames_skipped: list[str] = field(default_factory=list)
    # what cards bring together and the rules of a card named twice over, numbered as the release built
    # (indexer.card_evidence.carried_together)
    together: tuple = TOGETHER
    of_several: frozenset[str] = OF_SEVERAL
    dependency: tuple[str, ...] = DEPENDENCY  # the rules of two effects depending on each other, as numbered so
    with_named: tuple = WITH_NAMED  # what a card and a game term named bring together, as numbered so
    # the words of the subtypes the held cards' type lines print, in every language (gobelin, Shapeshifter)
    subtypes: frozenset[str] = frozenset()
    # the runs of capitalised words the release's rules write, [rule, its name keys, reason]
    # (indexer.card_evidence.capitalised_runs): a name no card held is found by them (CardFinder.rules_naming)
    rule_runs: list[list[str]] = field(default_factory=list)
    # a word of Italian and French card names -> the word of English names it translates ("it titano": titan), mined
    # from the names of the cards held and listed (name_translations): a name translated word by word is found
    translations: dict[str, str] = field(default_factory=dict)

    def nicknames_line(self) -> str:
        """What the build says of the nicknames (``corpus/card-nicknames.tsv``): how many were read, how many
        skipped (their card is not held, or a card held is named so)."""
        unheld = set(self.unheld)
        held = sum(1 for card in self.nicknames.values() if card not in unheld)
        return (f"card nicknames: {held} found in questions, {len(self.nicknames) - held} read as cards not held, "
                f"{len(self.nicknames_skipped)} skipped (their card is unknown, or a card's name is spelled so); "
                f"cards of the archive not held, read by what they are (corpus/card-names.tsv): {len(self.unheld)}")

    @cached_property
    def packed(self) -> bytes:
        """:meth:`to_data` marshalled, made once: the table a build writes is not changed after (the next build of
        the same cards is given it again, :func:`indexer.build.cards_of`)."""
        return marshal.dumps(self.to_data())

    def to_data(self) -> dict:
        """The table packed for a fast load: lists of numbers as bytes, each card's data marshalled
        apart (read only for the cards found)."""
        def packed(numbers: list[int]) -> bytes:
            return array("i", numbers).tobytes()

        by_key: dict[str, int | list[int]] = {}  # a name's key -> its name, or the names so spelled
        side = set(self.side)
        # the starts and ends of one-word English names of tournament cards, players type (goyf: Tarmogoyf)
        pieces: dict[str, list[int]] = {}
        for key, size, card, lang, _legendary in self.names:
            if size == 1 and lang == "en" and card not in side:
                for cut in range(MIN_PART, len(key) - MIN_PIECE_REST + 1):
                    for piece in (key[:cut], key[-cut:]):
                        if card not in pieces.setdefault(piece, []):
                            pieces[piece].append(card)
        for at, name in enumerate(self.names):
            known = by_key.get(name[0])
            by_key[name[0]] = at if known is None else (known if isinstance(known, list) else [known]) + [at]
        for key, names in by_key.items():  # a name two cards are printed with: the most printed first (Distorsione
            if isinstance(names, list):    # Temporale is Time Warp's and Time Distortion's Italian name)
                names.sort(key=lambda at: -self.cards[self.names[at][2]][1])

        return {"version": TABLE_VERSION,
                "card_names": "\n".join(c[0] for c in self.cards), "printings": packed([c[1] for c in self.cards]),
                "card_data": [marshal.dumps([c[2], c[3]] + ([c[4]] if len(c) > 4 and c[4] else [])) for c in self.cards],
                "name_keys": "\n".join(n[0] for n in self.names), "name_cards": packed([n[2] for n in self.names]),
                "name_meta": packed([n[1] * 4 + bool(n[4]) * 2 + (n[3] == "en") for n in self.names]),
                "words": {w: bytes([self.flags.get(w, 0)]) + packed(ns) for w, ns in self.words.items()},
                "by_key": by_key, "longest": max((n[1] for n in self.names), default=0),
                "side": packed(self.side), "unheld": packed(self.unheld),
                "pieces": {p: packed(cards) for p, cards in pieces.items()},
                "nicknames": {**self.plurals, **self.nicknames},
                "together": [[list(needs), list(added)] for needs, added in self.together],
                "of_several": sorted(self.of_several), "dependency": list(self.dependency),
                "with_named": [[list(needs), list(added)] for needs, added in self.with_named],
                "brought_by": dict(Counter(rule for card in self.cards for rule, _reason in card[2])),
                "subtypes": sorted(self.subtypes), "starting": _by_first_word(n[0] for n in self.names),
                "rule_runs": self.rule_runs, "translations": self.translations}


def card_table(cards: Iterable[tuple],
               rule_texts: Iterable[str], side: Iterable[str] = (), terms: Iterable[str] = (),
               nicknames: Iterable[Nickname] = (), known: Iterable = ()) -> CardTable:
    """The table of ``cards``: each ``(English name, [(lang, printed name)], printings, evidence, ruling
    links[, layers])`` (layers: its type-changing effects and whether it is a nonbasic land, when it has any); ``rule_texts`` are the texts of the rules and glossary (in every language), whose words
    written in lower case :data:`MIN_RULE_USES` times are words of the rules (a card an example names,
    *Doubling Season*, is not, nor the *lightning bolt* icon 107.10 mentions once), and so are the words of
    the game's ``terms``; ``side`` names the cards printed only in side sets (playtest, un-sets, art cards:
    :data:`SIDE_SET_TYPES`), which never win a part or a near name over a tournament card. Each of the
    ``nicknames`` (:func:`card_nicknames`) whose card the table holds is that card, and so are its plural
    (:func:`_plural`) and the verbs players make of it (:func:`_verbs`), unless a name is spelled so (a card's own
    name wins); the others are listed in ``nicknames_skipped``. The ``known`` cards
    (:class:`indexer.known_cards.KnownCard`, ``corpus/card-names.tsv``) the table does not hold come last, as
    :attr:`CardTable.unheld`, by their names no card held is printed with, each with what it brings: found, such a
    card is itself, not held (*Bolt* is Lightning Bolt, not Twin Bolt, the card held). A card held counts the printings the
    list gives it when they are more than its own, so that the most printed card is the same whatever is held, and
    the list's Italian and French names its own printings lack (an English-only printing of Platinum Angel is still
    the *Ange de platine*)."""
    table = named_cards(cards, side, nicknames, known)
    flag_words(table, rule_words(tuple(rule_texts)), terms)
    return table


def named_cards(cards: Iterable[tuple], side: Iterable[str] = (), nicknames: Iterable[Nickname] = (),
                known: Iterable = ()) -> CardTable:
    """:func:`card_table` without the flags of its words (:func:`flag_words`): what the rules' texts do not change."""
    side = set(side)
    table = CardTable()
    seen: set[tuple[str, int]] = set()
    common = common_words()
    known = known if isinstance(known, list) else list(known)
    archive = {card.english: card for card in known}
    named: list[tuple[str, list[tuple[str, str]]]] = []  # (English name, its Italian and French names)
    for index, (english, printed, printings, evidence, links, *layers) in enumerate(cards):
        listed = archive.get(english)
        table.cards.append([english, max(printings, listed.printings if listed else 0), evidence, links] + layers[:1])
        if english in side:
            table.side.append(index)
        foreign = [*printed, *(listed.names() if listed else ())]
        named.append((english, foreign))
        for lang, name in [("en", english), *foreign]:
            _add_name(table, index, lang, name, seen)
    held_names = {name[0] for name in table.names}
    held_cards = {card[0] for card in table.cards}
    for card, names in zip(known, _known_names(known)):
        if card.english in held_cards or card.english in side:
            continue
        index = len(table.cards)
        table.cards.append([card.english, card.printings, card.evidence, {}])
        table.unheld.append(index)
        for key, size, lang, legendary, words in names:
            if key not in held_names:
                at = len(table.names)
                table.names.append([key, size, index, lang, legendary])
                for word in words:
                    table.words.setdefault(word, []).append(at)
    _add_nicknames(table, nicknames, common)
    table.translations = name_translations(named, tuple((card.english, tuple(card.names())) for card in known
                                                        if card.english not in held_cards))
    return table


def flag_words(table: CardTable, words_of_rules: frozenset[str], terms: Iterable[str] = ()) -> None:
    """Flag each word of ``table``'s names that is a common word or a word of the rules: one of ``words_of_rules``
    (:func:`rule_words`) or of the game's ``terms``."""
    words_of_rules = words_of_rules | {t.key for text in terms for t in tokens(text.lower())}
    common = common_words()
    table.flags = {}
    for word in table.words:
        flag = (COMMON if word in common else 0) | (RULES if word in words_of_rules else 0)
        if flag:
            table.flags[word] = flag


def name_translations(names: Iterable[tuple[str, list[tuple[str, str]]]],
                      listed: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()) -> dict[str, str]:
    """Each word of the Italian and French names of cards (``(English name, [(lang, name)])``: the ``names`` of the
    cards held and those ``listed``), keyed ``"lang word"``, -> the word of their English names it stands beside most:
    in :data:`MIN_TRANSLATED` names at least, in :data:`TRANSLATED_SHARE` of the names holding it, and more often than
    any other (*titano*: titan, 29 of 31; *sole*: sun; *nero*: black). The words of the cards listed
    (``corpus/card-names.tsv``, the same for each build) are counted once per process."""
    listed_beside, listed_holding = _listed_word_counts(listed)
    held_beside, held_holding = _word_counts(names)
    found = dict(_listed_translations(listed))
    for key in held_beside:  # a word the cards held name too: counted again with them
        found.pop(key, None)
    beside = {key: listed_beside.get(key, Counter()) + counts for key, counts in held_beside.items()}
    holding = {key: listed_holding.get(key, 0) + count for key, count in held_holding.items()}
    found.update(_translations_of(beside, holding))
    return found


@lru_cache(maxsize=2)
def _listed_word_counts(listed: tuple) -> tuple[dict[str, Counter], Counter]:
    """:func:`_word_counts` of the cards listed, once per process."""
    return _word_counts(listed)


@lru_cache(maxsize=2)
def _listed_translations(listed: tuple) -> dict[str, str]:
    """:func:`_translations_of` the cards listed, once per process."""
    return _translations_of(*_listed_word_counts(listed))


def _word_counts(names: Iterable[tuple[str, Iterable[tuple[str, str]]]]) -> tuple[dict[str, Counter], Counter]:
    """For each word of the Italian and French names (``"lang word"``), the words of the English names beside it, and
    how many names hold it."""
    beside: dict[str, Counter] = {}
    holding: Counter = Counter()
    seen: set[tuple[str, str]] = set()
    for english, foreign in names:
        english_words = set(_content_keys(english))
        for lang, name in foreign:
            if lang not in ("it", "fr") or (lang, name) in seen:
                continue
            seen.add((lang, name))
            for word in set(_content_keys(name)):
                holding[f"{lang} {word}"] += 1
                beside.setdefault(f"{lang} {word}", Counter()).update(english_words)
    return beside, holding


def _translations_of(beside: dict[str, Counter], holding: dict[str, int] | Counter) -> dict[str, str]:
    """Each word (``"lang word"``) -> the English word it translates (:func:`name_translations`), where one does."""
    found: dict[str, str] = {}
    for key, counts in beside.items():
        (best, count), *rest = counts.most_common(2)
        if count >= MIN_TRANSLATED and count >= TRANSLATED_SHARE * holding[key] and (not rest or rest[0][1] < count):
            found[key] = best
    return found


def _content_keys(name: str) -> list[str]:
    """The keys of a name's words, its small words (of, the, di, de, and, e, et, the articles) left out."""
    return [key for key in name_keys(name) if key not in _NAME_GLUE]


def subtype_words(type_lines: Iterable[str]) -> frozenset[str]:
    """The keys of the words of the subtypes ``type_lines`` print after their dash or colon, in any language
    (*Creature — Goblin Warrior*, *Créature : gobelin et guerrier*, *Creatura — Guerriero Goblin*)."""
    words: set[str] = set()
    for line in type_lines:
        for face in line.split(FACE_SEPARATOR):
            _types, dash, subtypes = face.replace(":", "—").partition("—")
            if dash:
                words.update(t.key for t in tokens(subtypes) if t.key not in _CARD_JOINERS)
    return frozenset(words)


@lru_cache(maxsize=4)  # builds of one process often read the same release (the tests: dozens of builds)
def rule_words(rule_texts: tuple[str, ...]) -> frozenset[str]:
    """The words ``rule_texts`` write in lower case :data:`MIN_RULE_USES` times or more."""
    uses: Counter = Counter()
    for text in rule_texts:
        uses.update(_lower_case_words(text))
    return frozenset(word for word, count in uses.items() if count >= MIN_RULE_USES)


@lru_cache(maxsize=1 << 16)  # a translator's import changes a few of a release's 30,000 texts: the rest are read once
def _lower_case_words(text: str) -> tuple[str, ...]:
    """The keys of the words ``text`` writes in lower case, each as often as written."""
    return tuple(t.key for t in tokens(text) if not t.capital)


def _add_name(table: CardTable, index: int, lang: str, name: str, seen: set[tuple[str, int]]) -> None:
    """Card ``index``'s printed ``name`` (each of its faces) in ``table``, once."""
    for key, keys, legendary in _name_records(name):
        if (key, index) in seen:
            continue
        seen.add((key, index))
        at = len(table.names)
        table.names.append([key, len(keys), index, lang, legendary])
        for word in set(keys):
            table.words.setdefault(word, []).append(at)


def _known_names(known: list) -> list[list[tuple[str, int, str, bool, tuple[str, ...]]]]:
    """For each of the ``known`` cards, ``(key, words, lang, legendary, distinct words)`` of each of its names, each
    key once: read once per list (every build of a process reads the same 66,000 names of ``corpus/card-names.tsv``)."""
    cached = _KNOWN_NAMES.get(id(known))
    if cached is None or cached[0] is not known:
        records = []
        for card in known:
            names: dict[str, tuple[str, int, str, bool, tuple[str, ...]]] = {}
            for lang, name in [("en", card.english), *card.names()]:
                for key, keys, legendary in _name_records(name):
                    names.setdefault(key, (key, len(keys), lang, legendary, tuple(dict.fromkeys(keys))))
            records.append(list(names.values()))
        _KNOWN_NAMES.clear()
        cached = _KNOWN_NAMES[id(known)] = (known, records)
    return cached[1]


_KNOWN_NAMES: dict[int, tuple[list, list]] = {}


_HYPHENS = "-\u2010\u2011"


# a capitalised word and "of" before a name, the word not opening a sentence: *Guardian of New Benalia*
_NAME_OF_BEFORE = re.compile(r"(?:^|[^.!?:;\s])\s+[A-Z][\w'’-]* of (?:the )?$")


# a capitalised word and "of" opening the text or a sentence before a name (see CardFinder._a_name_opening_before)
_NAME_OF_OPENING = re.compile(r"(?:^|[.!?:;]\s+)([A-Z][\w'’-]*) of (?:the )?$")
MIN_NAMES_OPENING = 3  # card names holding such a word: a word of names (Guardian: 72), not Because (1)
# the endings Italian and French put on a one-word English name (Liche: Lich), and the letters of such a word
_NAME_ENDINGS = frozenset("eaos")
MIN_NAME_WITH_ENDING = 5
# A name of two words or more no card held is, remembered loosely (*Guida Karmica*: Guida del Karma; *Sacerdote del
# Contenimento*: Sacerdotessa del Contenimento; *Balista Ambulante*, Italian and French mixed): the card whose name,
# in any language, shares the start of a word with it and is this alike at least (rapidfuzz's token_sort_ratio, 0 to
# 100) and this much more alike than any other card's (the fiftieth trial's names 84 to 95 alike, margins 8 to 27;
# the newer cards of the development sets' questions at most 86, Experimental Augury to Elemental Augury, or within
# 1 of another card, Fanatique de Mogg)
LOOSE_ALIKE = 88
LOOSE_MARGIN = 5
LOOSE_STEM = 4  # letters of a word's start a loosely remembered name shares with the card's
# ... and the cards offered for a name no card held ("did you mean"), never read as it: this alike at least, at most
# so many (pescatore di Gurmag: Gurmag Angler's rana pescatrice di Gurmag, 82, the next 74; Crescita Rampante: Giant
# Growth's crescita gigante, 79, not Rampant Growth's; Orcish Bowmasters, newer than the data: Orcish Bloodpainter, 72)
LIKE_ALIKE = 80
LIKE_AT_MOST = 2
# a legendary card's title typed after its character's comma in another language is the one of its cards' English
# titles it is spelled like (rapidfuzz's ratio; Ob Nixilis, l'Avversario: the Adversary 74, the next 32), by this
# much at least and this much more than the next; set by the fifty-second cold trial's E04
TITLE_ALIKE = 70
TITLE_MARGIN = 20
MIN_TRANSLATED = 2  # names a word of Italian or French names stands beside its English word in, at least
TRANSLATED_SHARE = 0.3  # ... and that share of the names holding it, at least (fuoco: fire, 55 of 150)
MIN_INITIALS = 3  # letters of a card's initials typed for it, at least (GftT: Go for the Throat)
MAX_CHARACTER_WORDS = 3  # words of a character's name before its comma, at most (Ob Nixilis)
# the small words joining a name's words before a face of a card of several typed alone (City on Fire)
_FACE_JOINERS = frozenset({"on", "of", "in", "to", "the", "and", "di", "del", "della", "de", "du", "des", "sur", "su"})


def _inside_a_compound(text: str, start: int, end: int) -> bool:
    """Whether the words ``text[start:end]`` are part of a longer name, not the card they spell: joined by a hyphen
    to a capitalised word before or after them (*Sleep-Cursed Faerie*, a card newer than those held), or after a
    capitalised word and *of* inside a sentence (*Guardian of New Benalia* is no New Benalia; *Because of Blood
    Moon* opening a sentence is Blood Moon). An ending joined to a name (*Bolt-are*, the players' verb) leaves it
    the card."""
    after = end + 1 < len(text) and text[end] in _HYPHENS and text[end + 1].isupper()
    if _NAME_OF_BEFORE.search(text, max(0, start - 80), start):
        return True
    if after or start < 2 or text[start - 1] not in _HYPHENS:
        return after
    word_before = re.search(r"(\w+)$", text[max(0, start - 60):start - 1])
    return bool(word_before and word_before.group(1)[0].isupper())


@lru_cache(maxsize=1 << 17)  # every build reads the archive's 66,000 names (corpus/card-names.tsv)
def _name_records(name: str) -> tuple[tuple[str, tuple[str, ...], bool], ...]:
    """``(key, words, legendary)`` of each face of a printed name that can name a card: not only function words,
    nor one word shorter than :data:`MIN_NAME`."""
    records = []
    for each in _faces(name):
        keys = name_keys(each)
        if keys and not all(k in _FUNCTION for k in keys) and not (len(keys) == 1 and len(keys[0]) < MIN_NAME):
            records.append((" ".join(keys), keys, "," in each.split("//")[0]))  # a card of faces: its first face's
    return tuple(records)


def _add_nicknames(table: CardTable, nicknames: Iterable[Nickname], common: AbstractSet[str] = frozenset()) -> None:
    """Give ``table`` the nicknames of the cards it holds, their plurals and the verbs made of them (see
    :func:`card_table`): the Italian and French ones only when they are no ``common`` word (*caverne*, *opale* are
    French words; *bolted* is read as the English nickname is)."""
    held = {card[0]: index for index, card in enumerate(table.cards)}
    named = {name[0] for name in table.names}
    for nickname in nicknames:
        card = held.get(nickname.card)
        if card is None or nickname.key in named:
            table.nicknames_skipped.append(nickname.typed)
        else:
            table.nicknames[nickname.key] = card
            verbs = [verb for verb in _verbs(nickname) if verb not in common or verb.endswith(_ENGLISH_VERB_ENDINGS)]
            for form in (_plural(nickname), *verbs):
                if form and form not in named:
                    table.plurals[form] = card


def _plural(nickname: Nickname) -> str | None:
    """The key of the plural players type of ``nickname`` (two Bobs, snappies, O-Rings), or None: none of
    initials (TNN, BoP, MoR: two capitals in the last word) nor of a word ending in -s already (vines)."""
    last = nickname.typed.split()[-1].split("-")[-1]
    if sum(c.isupper() for c in last) > 1 or nickname.key.endswith("s"):
        return None
    if nickname.key.endswith(("x", "z", "ch", "sh")):
        return nickname.key + "es"
    if nickname.key.endswith("y") and nickname.key[-2:-1] not in "aeiou":
        return nickname.key[:-1] + "ies"
    return nickname.key + "s"


# the endings of the verbs players make of a card's nickname, as the finder reads words (accents folded): *bolted*,
# *bolting*; Italian *boltare*, *boltato*, *boltata*; French *bolter*, *bolté*, *boltée*
_ENGLISH_VERB_ENDINGS = ("ed", "ing")
_VERB_ENDINGS = (*_ENGLISH_VERB_ENDINGS, "are", "ato", "ata", "ati", "ate", "ando", "er", "e", "ee", "es", "ees")


def _verbs(nickname: Nickname) -> tuple[str, ...]:
    """The keys of the verbs players make of ``nickname`` (*bolt the elf*: *I bolted it*, *l'ho boltato*, *je l'ai
    bolté*): only of a one-word nickname written in lower case and ending in a consonant (not initials: PtE)."""
    key = nickname.key
    if " " in key or not nickname.typed.islower() or not key.isalpha() or key[-1] in "aeiouy":
        return ()
    return tuple(key + ending for ending in _VERB_ENDINGS)


@dataclass(frozen=True)
class Nickname:
    """A line of ``corpus/card-nicknames.tsv``: what players call a card."""

    typed: str  # as written (Jace TMS)
    key: str  # its words as :func:`tokens` reads them (jace tms)
    card: str  # the card's English name


def card_nicknames(path: Path | None = None) -> list[Nickname]:
    """The nicknames of ``path`` (default: the embedded ``corpus/card-nicknames.tsv``; none when absent).
    A line without a nickname or a card, with a language other than en, it, fr, or whose nickname
    another line gives another card, is a :class:`~kb.errors.ParseError` naming the file and line."""
    path = embedded_corpus() / NICKNAMES if path is None else Path(path)
    if not path.is_file():
        return []
    found: dict[str, tuple[Nickname, int]] = {}
    for number, (typed, card, _note, langs) in tsv.rows(path, NICKNAME_COLUMNS, optional=2):
        key, card = " ".join(name_keys(typed)), card.strip()
        if not key or not card:
            raise ParseError(str(path), "a nickname and the English name of its card are needed", number)
        codes = {code.strip() for code in langs.split(",") if code.strip()}
        if codes - LANGS:
            raise ParseError(str(path), f"languages {langs!r}: each is one of en, it, fr (none: all)", number)
        if key in found and found[key][0].card != card:
            earlier, line = found[key]
            raise ParseError(str(path), f"nickname {typed!r} names {card}, and {earlier.card} on line {line}", number)
        found.setdefault(key, (Nickname(typed.strip(), key, card), number))
    return [nickname for nickname, _line in found.values()]


def _faces(name: str) -> list[str]:
    """A name and, for a card of several faces or halves (``Fire // Ice``), each face's."""
    faces = [face.strip() for face in name.split("//")] if "//" in name else []
    return list(dict.fromkeys([name, *(f for f in faces if f)]))


@lru_cache(maxsize=1)  # every build reads it
def common_words() -> frozenset[str]:
    """The 50,000 most frequent words of English, Italian and French, folded (``corpus/lemma-forms.tsv``)."""
    path = embedded_corpus() / "lemma-forms.tsv"
    found: set[str] = set()
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                cells = line.split("\t")
                if len(cells) >= 2:
                    found.add(cells[1].replace("'", ""))
    return frozenset(found)


def write_card_table(target: Path, table: CardTable) -> None:
    (Path(target) / CARD_TABLE).write_bytes(table.packed)


class CardFinder:
    """The cards of one index, found in questions (see the module docstring), from the table saved at build."""

    # said of a question when the card table is an older mtgkb's: no card is read until a rebuild
    OUTDATED = "cards not read: this knowledge base was built by an older mtgkb (run 'mtgkb build')"

    def __init__(self, data: dict | None = None, outdated: bool = False) -> None:
        self.outdated = outdated  # a table of another TABLE_VERSION was found and not read
        data = data or {}
        self.card_names = data["card_names"].split("\n") if data.get("card_names") else []
        self.printings = _numbers(data.get("printings", b""))
        self.card_data: list[bytes] = data.get("card_data", [])
        self.name_keys = data["name_keys"].split("\n") if data.get("name_keys") else []
        self.name_cards = _numbers(data.get("name_cards", b""))
        self.name_meta = _numbers(data.get("name_meta", b""))
        # a word of names -> its flags (one byte: COMMON | RULES), then the names holding it (packed)
        self.words: dict[str, bytes] = data.get("words", {})
        self.by_key: dict[str, int | list[int]] = data.get("by_key", {})  # a name's key -> its name(s)
        self.longest: int = data.get("longest", 0)  # the most words of a name
        self.side = frozenset(_numbers(data.get("side", b"")))  # cards printed only in side sets
        self.unheld = frozenset(_numbers(data.get("unheld", b"")))  # the archive's cards not held (CardTable.unheld)
        self.subtypes = frozenset(data.get("subtypes", ()))  # CardTable.subtypes
        self.creature_types = self.subtypes | TOKEN_TYPES  # and those of tokens no card prints
        # the start or end of a one-word English name of tournament cards -> those cards (packed)
        self.pieces: dict[str, bytes] = data.get("pieces", {})
        self.nicknames: dict[str, int] = data.get("nicknames", {})  # a nickname's key (or its plural's) -> its card
        self.nickname_starts = frozenset(key.split(" ", 1)[0] for key in self.nicknames)
        self.nickname_longest = max((key.count(" ") + 1 for key in self.nicknames), default=0)
        self._long_names: dict[str, list[tuple[str, int]]] | None = None  # _one_word_names, made when needed
        # a word -> the names of two words or more starting with it (packed; made when needed from a table without it)
        self.starting: dict[str, bytes] | None = data.get("starting")
        # what cards bring together, numbered as the release built (a table written before: as the constants)
        self.together = tuple((_needs(needs), tuple(added)) for needs, added in data["together"]) if "together" in data else TOGETHER
        self.of_several = frozenset(data.get("of_several", OF_SEVERAL))
        self.dependency = tuple(data.get("dependency", DEPENDENCY))
        self.with_named = tuple((_needs(needs), tuple(added)) for needs, added in data["with_named"]) \
            if "with_named" in data else WITH_NAMED
        self.brought_by: dict[str, int] = data.get("brought_by", {})  # a rule -> how many cards bring it
        self._weights: dict[tuple[float, float], dict[str, float]] = {}
        self._stems: dict[str, list[str]] | None = None  # a word's start -> the words of names so starting
        self.rule_runs: list[list[str]] = data.get("rule_runs", [])
        self.translations: dict[str, str] = data.get("translations", {})  # CardTable.translations
        self._by_content: dict[str, list[int]] | None = None  # _english_names_by_content

    @classmethod
    def open(cls, index_dir: Path) -> "CardFinder":
        """The finder of the table saved in ``index_dir``; an index built before any table finds no card,
        and one whose table is another version's finds none and is :attr:`outdated`."""
        try:
            data = marshal.loads((Path(index_dir) / CARD_TABLE).read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            return cls()
        if isinstance(data, dict) and data.get("version") == TABLE_VERSION:
            return cls(data)
        return cls(None, outdated=True)

    @classmethod
    def of(cls, table: CardTable) -> "CardFinder":
        """The finder of a table just made (as saved and read back)."""
        return cls(marshal.loads(marshal.dumps(table.to_data())))

    def __bool__(self) -> bool:
        return bool(self.card_names)

    def evidence_weights(self, common: float, floor: float) -> dict[str, float]:
        """Each rule cards bring → how much it tells of a card (1 at most, ``floor`` at least): a rule brought by
        ``common`` of the cards or fewer tells all, one brought by more tells less, as the log of its share over
        the log of ``common`` (a triggered ability, 603, is in a third of the cards; ending the turn, 723, in a
        few). Made once per ``(common, floor)``."""
        key = (common, floor)
        if key not in self._weights:
            cards = len(self.card_data)
            full = -math.log(common) if 0 < common < 1 else 0.0
            self._weights[key] = {
                rule: 1.0 if not full else min(1.0, max(floor, math.log(cards / count) / full))
                for rule, count in self.brought_by.items() if count}
        return self._weights[key]

    def rules_naming(self, name: str) -> list[list[str]]:
        """What ``name``, typed for a card no card held bears, brings when the release's rules write it (the card is
        newer than the card data: 707.14 names Magar of the Magic Strings): ``[rule, reason]`` of each rule whose runs of
        capitalised words hold it (:attr:`CardTable.rule_runs`); none for a name of one word, or one more than
        NAMED_OFTEN rules write."""
        keys = name_keys(name)
        if len(keys) < 2:
            return []
        wanted, found = f" {' '.join(keys)} ", {}
        for rule, run, reason in self.rule_runs:
            if wanted in f" {run} " and found.get(rule) != NAMED_BY_A_RULE:
                found[rule] = reason
        return [] if len(found) > NAMED_OFTEN else [[rule, reason] for rule, reason in found.items()]

    def evidence(self, card: int) -> tuple[list[list[str]], dict[str, list[str]]]:
        """What card ``card`` brings (:func:`indexer.card_evidence.card_evidence`) and its rulings' links."""
        evidence, links, _ = self.held(card)
        return evidence, links

    def held(self, card: int) -> tuple[list[list[str]], dict[str, list[str]], list]:
        """What card ``card`` brings, its rulings' links, and its type-changing effects and whether it is a
        nonbasic land (``[changes, nonbasic land]``, :func:`indexer.card_evidence.type_changes`, or ``[]``)."""
        evidence, links, *layers = marshal.loads(self.card_data[card])
        return evidence, links, layers[0] if layers else []

    def _found(self, card: int, typed: str, start: int, end: int, how: str, kept: bool) -> "FoundCard":
        """Card ``card`` found as typed between ``start`` and ``end``, with all it brings."""
        evidence, links, layers = self.held(card)
        return FoundCard(card, self.card_names[card], typed, start, end, how, kept, evidence, links, layers=layers)

    def _name(self, at: int) -> tuple[str, int, int, bool]:
        """Name ``at``: its key, how many words, its card, whether it is a legendary name (a comma)."""
        meta = self.name_meta[at]
        return self.name_keys[at], meta // 4, self.name_cards[at], bool(meta & 2)

    def _english(self, at: int) -> bool:
        return bool(self.name_meta[at] & 1)

    def _character_of(self, name: int) -> str | None:
        """The first word of name ``name`` when it is a legendary name (its character: *kaheera* of *Kaheera, le
        Tuteur*), else None; its other words are its title."""
        key, _size, _card, legendary = self._name(name)
        return key.split(" ", 1)[0] if legendary else None

    def _holding(self, word: str) -> array:
        return _numbers(self.words.get(word, b"\0")[1:])

    def _flags(self, word: str) -> int:
        return self.words.get(word, b"\0")[0]

    def find(self, text: str, strays: list[str] | None = None) -> list[FoundCard]:
        """Every mention of a card in ``text``, in the order typed (see the module docstring;
        :func:`distinct`: each card once); ``strays`` receives the names typed that are no card the
        table knows, though a part of them is a card's (``Orcish Bowmasters``). A card the table knows but the
        knowledge base does not hold (:attr:`CardTable.unheld`) is found, not :attr:`FoundCard.held`."""
        if not self.card_names:
            return []
        words = self._singular_after_counts(text, tokens(text))
        found: list[FoundCard] = []
        spans: list[tuple[int, int]] = []  # names typed that go on beyond a card's part
        taken = [False] * len(words)
        inside: list[tuple[int, int]] = []  # names found inside a longer one (see _inside_a_compound)
        unknown = [i for i, w in enumerate(words) if self._typo(w.key) or self._may_be_cut(w.key)]  # maybe mistyped
        for finder in (self._nickname, self._whole, self._near, self._near_word, self._misremembered, self._titled,
                       self._part, self._character):
            at = 0
            while at < len(words):
                if finder == self._near and not any(at <= i < at + self.longest for i in unknown):
                    at += 1
                    continue
                if taken[at]:
                    at += 1
                    continue
                hit = finder(words, at, taken, found, spans)
                if hit is None:
                    at += 1
                    continue
                card, size, how, kept = hit
                if size == 1 and words[at].key in DECK_COLOURS and not any(w.key in _PLANES for w in words):
                    at += 1  # il mio avversario gioca Jund: a deck's colours, not the plane
                    continue
                if (_inside_a_compound(text, words[at].start, words[at + size - 1].end)
                        or self._a_name_opening_before(text, words[at].start)):
                    inside.append((words[at].start, words[at + size - 1].end))
                    at += 1  # Sleep-Cursed Faerie is no Sleep
                    continue
                typed = text[words[at].start:words[at + size - 1].end]
                if how == "character":
                    found.append(self._character_found(words[at].key, typed, words[at].start, words[at + size - 1].end))
                else:
                    found.append(self._found(card, typed, words[at].start, words[at + size - 1].end, how, kept))
                for each in range(at, at + size):
                    taken[each] = True
                at += size
        # a part read as a card before a later word showed the name it begins to be another (Injonction cryptique:
        # no Inaction Injunction, whose French name holds Injonction) is no card
        # (nor is any card read inside a title of a character the table lacks: Ajani, Sleeper Agent is no Ajani and no
        # Sleeper Agent, whichever finder read them)
        found = [card for card in found if not (card.how in ("part", "character", "remembered") and any(
            start <= card.start and card.end <= end and (start, end) != (card.start, card.end) for start, end in spans))]
        # nor is a part of a name that is itself inside a longer one (Guardian of New Benalia: no Benalia either)
        found = [card for card in found if not any(start <= card.start and card.end <= end for start, end in inside)]
        found = [card for card in found if not self._a_face_ending_another_name(words, card, found)]
        found = [card for card in found if not self._ending_a_longer_name_before(words, card, found)]
        found = [card for card in found if not self._near_name_going_on(words, card)]
        found = self._parts_of_one_name_translated(text, words, found)
        found += self._beside_cards(text, words, taken, found)
        found = sorted((self._named_again(card, found) for card in found), key=lambda f: f.start)
        unheld = self._rest_of_names(text, found, _outermost(spans + unheld_names(
            words, taken, self.subtypes, lambda key: bool(self._flags(key) & RULES))))
        ended = [card for start, end in unheld if (card := self._a_name_with_an_ending(text, start, end)
                                                   or self._a_name_remembered_loosely(text, start, end)) is not None]
        unheld = [(start, end) for start, end in unheld if not any(card.start == start for card in ended)]
        for start, end in _unread_capitalised_runs(words, found + ended, unheld):
            translated = self._names_translated(text, start, end)
            ended += translated or [card for card in [self._a_name_remembered_loosely(text, start, end)] if card]
        initials = [card for start, end in unheld if (card := self._initials_of_a_card_found(text, start, end, found))]
        unheld = [(start, end) for start, end in unheld if not any(card.start == start for card in initials)]
        ended += self._words_of_late_names_again(text, words, ended, found + initials, unheld)
        found = sorted(found + ended + initials, key=lambda f: f.start)
        for card in found:
            card.copies = 2 if several_named(text, card.start, card.end) else 1
            card.held = card.card not in self.unheld
        if strays is not None:
            strays += dict.fromkeys(text[start:end] for start, end in unheld)
        return found

    def _words_of_late_names_again(self, text: str, words: list[Token], late: list[FoundCard],
                                   found: list[FoundCard], unheld: list[tuple[int, int]]) -> list[FoundCard]:
        """The capitalised words inside a sentence, no card's yet, that are a word of a name found ``late`` (translated
        or remembered loosely, after the finders that read a part typed again had run), of :data:`MIN_PART` letters or
        more, no creature type nor word of the rules: that card named again (*Loto Nero … je sacrifie le Loto* is Black
        Lotus, not the word *loto* to search)."""
        covered = [(card.start, card.end) for card in late + found] + unheld
        again = []
        for word in words:
            if (not word.capital or word.first or len(word.key) < MIN_PART or word.key in _FUNCTION
                    or word.key in self.subtypes or self._flags(word.key) & RULES
                    or any(start <= word.start < end for start, end in covered)):
                continue  # X, a creature type (altri due Zombie) or a word of the rules: not the card
            card = next((card for card in late if word.key in name_keys(card.typed)), None)
            if card is not None:
                again.append(self._found(card.card, text[word.start:word.end], word.start, word.end, "part", False))
        return again

    def _initials_of_a_card_found(self, text: str, start: int, end: int, found: list[FoundCard]) -> FoundCard | None:
        """The card ``found`` whose name's initials the word ``text[start:end]``, taken for a name no card held, is:
        the card named again as players shorten it (*go for the throat … is GftT countered*: the fifty-second cold
        trial's E09 said "No card held: GftT"); None when it is none."""
        typed = fold(text[start:end])
        if len(typed) < MIN_INITIALS or not typed.isalpha():
            return None
        for card in found:
            if "".join(key[0] for key in name_keys(card.name)) == typed:
                return self._found(card.card, text[start:end], start, end, "part", False)
        return None

    def _a_name_with_an_ending(self, text: str, start: int, end: int) -> FoundCard | None:
        """The tournament card whose one-word name the capitalised word ``text[start:end]``, taken for a name no card
        held, is with an Italian or French ending (*Liche*: Lich, whose French name the archive lacks; the forty-fifth
        cold trial's F04 said "No card held: Liche"); None when it is none."""
        typed = text[start:end]
        keys = name_keys(typed)
        if len(keys) != 1 or len(keys[0]) < MIN_NAME_WITH_ENDING or keys[0][-1] not in _NAME_ENDINGS:
            return None
        held = self.by_key.get(keys[0][:-1])
        for name in (held if isinstance(held, list) else [] if held is None else [held]):
            if self._name(name)[1] == 1 and self.name_cards[name] not in self.side:  # a name of one word
                return self._found(self.name_cards[name], typed, start, end, "near", False)
        return None

    def _parts_of_one_name_translated(self, text: str, words: list[Token], found: list[FoundCard]) -> list[FoundCard]:
        """``found`` with a card's part and the capitalised words a name's small words join to it (*Hymne à
        Tourach*: Tourach, Dread Cantor's part, maybe Dirge of Dread's French *Hymne* too) read as the one card their
        words name translated word by word, where they do (Hymn to Tourach, whose French name the data lacks)."""
        for card in found:
            if card.how != "part" or not card.typed[:1].isupper():
                continue
            for start, end in self._joined_around(words, card):
                whole = self._a_name_translated(text, start, end)
                if whole is not None and whole.card != card.card:
                    kept = [other for other in found if not (start <= other.start and other.end <= end)]
                    return self._parts_of_one_name_translated(text, words, kept + [whole])
        return found

    @staticmethod
    def _joined_around(words: list[Token], card: FoundCard) -> list[tuple[int, int]]:
        """The spans of ``card``'s words with a capitalised word joined to them by one or two of a name's small words
        before, after, or both (*Hymne a* Tourach)."""
        first = next((i for i, w in enumerate(words) if w.start == card.start), None)
        last = next((i for i, w in enumerate(words) if w.end == card.end), None)
        if first is None or last is None:
            return []

        def reach(at: int, step: int) -> int | None:
            for small in (1, 2):
                edge = at + step * (small + 1)
                if not 0 <= edge < len(words) or not words[edge].capital or words[edge].first:
                    continue
                if all(fold(words[at + step * k].key) in _SMALL_NAME_WORDS for k in range(1, small + 1)):
                    return edge
            return None

        before, after = reach(first, -1), reach(last, 1)
        spans = [(words[b].start, words[a].end) for b, a in ((before, after), (before, last), (first, after))
                 if b is not None and a is not None]
        return spans

    def _names_translated(self, text: str, start: int, end: int) -> list[FoundCard]:
        """The card whose name ``text[start:end]`` is translated word by word (:meth:`_a_name_translated`), else the
        cards of its pieces between *and*, *e*, *et*, *ou* (*Loto Nero et Titano delle Tombe*); else none."""
        if (card := self._a_name_translated(text, start, end)) is not None:
            return [card]
        cuts = [(start + m.start(), start + m.end()) for m in _BETWEEN_NAMES.finditer(text[start:end])]
        pieces = list(zip([start] + [after for _before, after in cuts], [before for before, _after in cuts] + [end]))
        found = [self._a_name_translated(text, *piece) for piece in pieces] if len(pieces) > 1 else []
        return [card for card in found if card is not None]

    def _a_name_translated(self, text: str, start: int, end: int) -> FoundCard | None:
        """The tournament card whose English name the capitalised words ``text[start:end]``, of two or more, read inside
        a sentence and no card's (:func:`_unread_capitalised_runs`), are translated word by word into Italian or
        French (:attr:`CardTable.translations`), in their order or the other way round (*Loto Nero*: Black Lotus, never
        printed in Italian; *Artista del Sangue*: Blood Artist, printed *Artista Sanguinario*; *Spada del Fuoco e del
        Ghiaccio*: Sword of Fire and Ice), as remembered; None when no word-by-word reading is a card's name."""
        keys = _content_keys(text[start:end])
        if len(keys) < 2 or not self.translations:
            return None
        for lang in ("it", "fr"):
            english = [self.translations.get(f"{lang} {key}") for key in keys]
            if None in english:
                continue
            for order in (english[::-1], english):
                cards = {self.name_cards[name] for name in self._english_names_by_content().get(" ".join(order), ())}
                if cards:  # the most printed (Blood Artist, not the digital A-Blood Artist)
                    card = max(cards, key=lambda card: (self.printings[card], -card))
                    return self._found(card, text[start:end], start, end, "remembered", False)
        return None

    def _english_names_by_content(self) -> dict[str, list[int]]:
        """The English names of tournament cards by their words' keys, small words left out (*sword fire ice*), made
        when a name is first looked up translated."""
        if self._by_content is None:
            self._by_content = {}
            for at, key in enumerate(self.name_keys):
                if self._english(at) and self.name_cards[at] not in self.side:
                    self._by_content.setdefault(" ".join(k for k in key.split(" ") if k not in _NAME_GLUE), []).append(at)
        return self._by_content

    def _a_name_remembered_loosely(self, text: str, start: int, end: int) -> FoundCard | None:
        """The tournament card whose name, in any language, the capitalised words ``text[start:end]`` of two or more,
        taken for a name no card held or read inside a sentence (:func:`_unread_capitalised_runs`), clearly are as
        remembered loosely (:data:`LOOSE_ALIKE`: *Guida Karmica*, Karmic Guide; the fiftieth cold trial's E04 said "No
        card held: Guida Karmica"); None when none is, or when it would be a name as printed the finders left out."""
        capitalised = re.match(r".*[A-ZÀ-Þ][^\s]*", text[start:end], re.DOTALL)  # not a verb after it: rianimando
        end = start + capitalised.end() if capitalised else end
        typed = text[start:end]
        keys = [key for key in name_keys(typed) if key not in _FUNCTION]
        if len(keys) < 2 or _going_on_a_name(text, start):
            return None
        from rapidfuzz import fuzz, process  # imported when a name is looked up so (22 ms a cold search need not pay)

        names = {name for key in keys if len(key) >= LOOSE_STEM for name in self._names_stemmed(key[:LOOSE_STEM])}
        choices = {name: self._name(name)[0] for name in names if self.name_cards[name] not in self.side}
        best: dict[int, tuple[float, int]] = {}  # card -> (how alike, its name)
        for _key, alike, name in process.extract(" ".join(name_keys(typed)), choices, scorer=fuzz.token_sort_ratio,
                                                 limit=None, score_cutoff=LOOSE_ALIKE - LOOSE_MARGIN):
            card = self.name_cards[name]
            if alike > best.get(card, (0.0, 0))[0]:
                best[card] = (alike, name)
        ranked = sorted(best.items(), key=lambda item: -item[1][0])
        if not ranked or ranked[0][1][0] < LOOSE_ALIKE or (
                len(ranked) > 1 and ranked[0][1][0] - ranked[1][1][0] < LOOSE_MARGIN):
            return None
        if choices[ranked[0][1][1]] == " ".join(name_keys(typed)):
            return None  # a name as printed the finders left out (Guardian of New Benalia: no New Benalia)
        return self._found(ranked[0][0], typed, start, end, "remembered", False)

    def cards_like(self, typed: str) -> list[str]:
        """The English names of the tournament cards whose name, in any language, is most like ``typed``, a name no
        card held (:data:`LIKE_ALIKE`, rapidfuzz's token_sort_ratio), the most alike first: what a judge is offered,
        never read as the card."""
        keys = [key for key in name_keys(typed) if key not in _FUNCTION]
        if not keys:
            return []
        from rapidfuzz import fuzz, process

        names = {name for key in keys if len(key) >= LOOSE_STEM for name in self._names_stemmed(key[:LOOSE_STEM])}
        choices = {name: self._name(name)[0] for name in names if self.name_cards[name] not in self.side}
        best: dict[int, float] = {}  # card -> how alike its nearest name is
        for _key, alike, name in process.extract(" ".join(name_keys(typed)), choices, scorer=fuzz.token_sort_ratio,
                                                 limit=None, score_cutoff=LIKE_ALIKE):
            best[self.name_cards[name]] = max(alike, best.get(self.name_cards[name], 0.0))
        return [self.card_names[card] for card in sorted(best, key=lambda card: -best[card])[:LIKE_AT_MOST]]

    def _names_stemmed(self, stem: str) -> Iterable[int]:
        """The names holding a word that starts with ``stem``."""
        if self._stems is None:
            self._stems = {}
            for word in self.words:
                if len(word) >= LOOSE_STEM:
                    self._stems.setdefault(word[:LOOSE_STEM], []).append(word)
        return (name for word in self._stems.get(stem, ()) for name in self._holding(word))

    def _near_name_going_on(self, words: list[Token], card: FoundCard) -> bool:
        """Whether ``card``, read from one word a letter or two off its name, is followed by a word typed as a name's
        (:func:`_a_title_word`) that is none of its own: a longer name, newer than the card data (*Thundertrap
        Trainer* is no Thunderclap: the fifty-first cold trial's E11)."""
        if card.how != "near" or " " in card.typed.strip():
            return False
        after = next((w for w in words if w.start >= card.end), None)
        own = {k for name in self._names_of(card.card) for k in self.name_keys[name].split(" ")}
        return (after is not None and _a_title_word(after) and after.key not in own
                and not self._flags(after.key) & RULES)

    def _ending_a_longer_name_before(self, words: list[Token], card: FoundCard, found: list[FoundCard]) -> bool:
        """Whether ``card``, a part typed alone (*la Valkyrie*), was typed before as the last word of a run of
        capitalised words no card found covers (*Boon-Bringer Valkyrie*, newer than the archive; not an everyday word
        opening a sentence, *Quando Valkyrie attacca*): the card named before, named again by its last word, not another
        card holding that word (table16's B-09 read it as Adarkar Valkyrie)."""
        keys = name_keys(card.typed)
        if card.how != "part" or len(keys) != 1:
            return False
        covered = [(other.start, other.end) for other in found]
        for at, word in enumerate(words):
            if word.start >= card.start:
                return False
            before = words[at - 1] if at else None
            if (before is not None and word.key == keys[0] and word.capital and word.joined and before.capital
                    and before.key not in _FUNCTION and not (before.first and not _no_language_word(before.key))
                    and not any(start <= w.start < end for w in (word, before) for start, end in covered)):
                return True
        return False

    def _a_face_ending_another_name(self, words: list[Token], card: FoundCard, found: list[FoundCard]) -> bool:
        """Whether ``card`` is one face of a card of several (*Fire* of Fire // Ice), typed alone as the end of a
        name the table does not know: right after a capitalised word inside a sentence that names no card found and
        a small word joining them (*City on Fire*, newer than the archive: the forty-sixth cold trial's E02)."""
        if card.how != "name" or " // " not in self.card_names[card.card] or " " in card.typed.strip():
            return False
        at = next((i for i, word in enumerate(words) if word.start == card.start), None)
        if at is None or at < 2 or not (words[at].joined and words[at - 1].joined):
            return False
        joiner, before = words[at - 1], words[at - 2]
        return (joiner.key in _FACE_JOINERS and before.capital and not before.first and before.key not in _FUNCTION
                and not any(other.start <= before.start < other.end for other in found))

    def _a_name_opening_before(self, text: str, start: int) -> bool:
        """Whether a capitalised word and *of* opening the text or a sentence come right before ``start``, the word
        one that several card names hold and no word of the rules: a longer name's opening (*Guardian of New
        Benalia* asking first), not *Because of Blood Moon*."""
        match = _NAME_OF_OPENING.search(text, max(0, start - 80), start)
        if match is None:
            return False
        key = match.group(1).lower()
        return len(self._holding(key)) >= MIN_NAMES_OPENING and not self._flags(key) & RULES

    def _rest_of_names(self, text: str, found: list[FoundCard], spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """``spans`` of names no card held, but for those that go on a card found right before them (a comma
        or *di* / *in* / *of* between): the rest of its name as the player remembers it (*Thalia, Guardiana
        di Thraben*; *Spade in Vomeri*, Swords to Plowshares), cut with the card, not said to be no card."""
        kept = []
        for start, end in spans:
            card = next((c for c in found if c.end <= start and _RIGHT_AFTER.fullmatch(text[c.end:start])), None)
            if card is None:
                kept.append((start, end))
            else:
                card.end, card.typed = end, text[card.start:end]
        return kept

    def _beside_cards(self, text: str, words: list[Token], taken: list[bool],
                      found: list[FoundCard]) -> list[FoundCard]:
        """The one-word names of everyday words typed in lower case (*umiltà*, *humility*) joined to a card
        found by *and* / *e* / *et* / ``+`` (*umiltà e opalescenza*), or after it by ``,`` (*Opalescence,
        humility*): cards there too, unless the word is a form of another (:func:`_inflected`: *tornato*)."""
        if not found:
            return []
        spans = [(card.start, card.end) for card in found]

        def a_card_at(position: int) -> bool:
            return any(start <= position < end for start, end in spans)

        more: list[FoundCard] = []
        for at, word in enumerate(words):
            held = None if taken[at] else self.by_key.get(word.key)
            names = () if held is None else held if isinstance(held, list) else (held,)
            if not names or len(word.key) < MIN_PART or self._flags(word.key) & RULES:
                continue
            if not word.capital and _inflected(word.key):
                continue  # Kitchen Finks e tornato col persist: a participle (tornare), not Never // Return's Tornato
            if word.capital and _in_proper_noun(words, at, 1, self._one_word_name):
                continue  # Thalia and Sentinel of the Nameless City: a longer name, not Sentinel
            if not word.capital and at + 1 < len(words) and words[at + 1].key in _ARTICLES and words[at + 1].joined:
                continue  # Sundial of the Infinite and finish the turn: a verb and its object, not Start // Finish
            # a comma before a card ends a clause as often as it lists (were gone, Rancor: no Dead // Gone)
            if not any(0 <= other < len(words) and a_card_at(words[other].start)
                       for other in (_joined_card(text, words, at, 1, comma=False), _joined_card(text, words, at, -1))):
                continue
            card = self.name_cards[names[0]]
            more.append(self._found(card, text[word.start:word.end], word.start, word.end, "name", False))
            taken[at] = True
        return more

    def _singular_after_counts(self, text: str, words: list[Token]) -> list[Token]:
        """``words`` with a name's plural after a count (*two Doubling Seasons*, *two Thalias*, *deux
        Thalias*: :data:`SEVERAL_BEFORE`) read as the name: its last word without its *s*, where the
        singular spells a name, or is a word of names that the plural is not."""
        for at, first in enumerate(words):
            if not SEVERAL_BEFORE.search(text[max(0, first.start - 40):first.start]):
                continue
            for size in range(1, min(self.longest, len(words) - at) + 1):
                last = words[at + size - 1]
                if size > 1 and not last.joined:
                    break
                if len(last.key) <= MIN_NAME or not last.key.endswith("s"):
                    continue
                singular = last.key[:-1]
                spelled = " ".join([w.key for w in words[at:at + size - 1]] + [singular])
                if self._basic_land(spelled):
                    break  # deux Mountains, two Forests: lands of a basic land type, not the card
                if spelled in self.by_key or (size == 1 and singular in self.words and last.key not in self.words):
                    words[at + size - 1] = replace(last, key=singular)
                    break
        return words

    def _basic_land(self, key: str) -> bool:
        """Whether ``key`` names a basic land card (Mountain, Montagna, Montagne) in some language."""
        held = self.by_key.get(key)
        names = () if held is None else held if isinstance(held, list) else (held,)
        return any(fold(self.card_names[self.name_cards[name]]) in BASIC_LAND_TYPES for name in names)

    def without_cards(self, text: str, found: list[FoundCard], strays: Iterable[str] = ()) -> str:
        """``text`` with the names of ``found`` cut out (those whose words are kept stay), each with the ending a
        hyphen joins to it (a verb made of the name: *Lightning Bolt-are*, *Wrath-ato*; left alone, ``-are`` would
        be read as a word excluded), and the names typed that are no card held (``strays``: not words to read,
        correct or translate), each with its joined ending too (*a Zorblax-era cube*: ``-era`` left alone made the
        whole question a query of excluded words)."""
        cuts = [(card.start, card.end + _joined_ending_length(text, card.end)) for card in found if not card.kept]
        cuts += [(match.start(), match.end() + _joined_ending_length(text, match.end()))  # Zorblax-era: no "-era" left
                 for name in strays for match in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text)]
        out, last = [], 0
        for start, end in _outermost(cuts):
            out += [text[last:start], " "]
            last = end
        out.append(text[last:])
        return re.sub(r"[ \t]+", " ", "".join(out)).strip()

    # -- the ways a card is named -------------------------------------------------------

    def _nickname(self, words: list[Token], at: int, taken: list[bool],
                  found: list[FoundCard], strays: list[tuple[int, int]]) -> tuple[int, int, str, bool] | None:
        """A nickname starting at ``at`` (the longest), or its plural (:func:`_plural`), unless a
        whole name typed around it holds it (``Kessig Wolf Run`` is the name, not the nickname *Wolf Run*),
        or a one-word nickname stands beside a capitalised word (``Cryptic Spires``: another name), or a
        hyphen joins it to another word (``Opal-Eye``, ``snappy-like``)."""
        if words[at].key not in self.nickname_starts:
            return None
        for size in range(min(self.nickname_longest, len(words) - at), 0, -1):
            if any(taken[at:at + size]):
                continue
            card = self.nicknames.get(" ".join(w.key for w in words[at:at + size]))
            if card is not None:
                if self._inside_name(words, at, size, taken, found, strays) or (
                        size == 1 and _in_proper_noun(words, at, size)) or words[at].hyphened or (
                        at + size < len(words) and words[at + size].hyphened):
                    return None  # a name around it (Cryptic Spires, Opal-Eye: cards the table may lack)
                if self._inside_a_name_cut_short(words, at, size, taken, found, strays):
                    return None  # vial smasher: Vial Smasher the Fierce, not Aether Vial and Reality Smasher
                if size == 1 and _among_players(words, words[at].key):
                    return None  # Alice attacks Bob: a player, not Dark Confidant
                return card, size, "nickname", False
        return None

    def _inside_a_name_cut_short(self, words: list[Token], at: int, size: int, taken: list[bool],
                                 found: list[FoundCard], strays: list[tuple[int, int]]) -> bool:
        """Whether a name as players remember it (:meth:`_misremembered`), starting at ``at`` or just before it,
        holds ``words[at:at + size]`` and more (*vial smasher*, Vial Smasher the Fierce, typed in lower case)."""
        for start in range(max(0, at - 2), at + 1):
            hit = self._misremembered(words, start, taken, found, strays)
            if hit is not None and start + hit[1] >= at + size and hit[1] > size:
                return True
        return False

    def _inside_name(self, words: list[Token], at: int, size: int, taken: list[bool],
                     found: list[FoundCard], strays: list[tuple[int, int]]) -> bool:
        """Whether a whole name starting at or before ``at`` holds ``words[at:at + size]``."""
        for start in range(max(0, at - self.longest + 1), at + 1):
            hit = self._whole(words, start, taken, found, strays)
            if hit is not None and start + hit[1] >= at + size:
                return True
        return False

    def _whole(self, words: list[Token], at: int, taken: list[bool],
               _found: list[FoundCard], _strays: list[tuple[int, int]]) -> tuple[int, int, str, bool] | None:
        plain, possessive = self._name_words_from(words, at)
        for size in range(len(plain), 0, -1):
            if any(taken[at:at + size]):
                continue
            held = self.by_key.get(plain[size - 1])
            cut_inside = False
            if held is None and size > 1:  # yawgmoths will: a possessive typed without its apostrophe
                held = self.by_key.get(possessive[size - 1])
                cut_inside = plain[size - 1].split(" ")[:-1] != possessive[size - 1].split(" ")[:-1]
            names = () if held is None else self._by_keywords_named(held, words) if isinstance(held, list) else (held,)
            for name in names:
                if cut_inside and "'s" not in self.card_names[self.name_cards[name]].replace("’", "'"):
                    continue  # sire of seven deaths ward: no possessive in Death Ward's name (sneak attacks: a verb's s)
                if size == 1 and self._a_side_card_named_after_a_character(name, plain[0]):
                    continue  # my squee died: Squee, Goblin Nabob or Squee, the Immortal, not Vanguard's Squee
                accepted = self._accepted(words, at, size, self._english(name))
                if accepted is not None and self._a_face_starting_a_sentence(words, at, size, name):
                    continue  # Domanda: ... (a question), not Supply // Demand's Italian face
                if accepted is not None and self._faces_as_everyday_words(words, at, size, name):
                    continue  # non sarebbe mai tornato (never came back): no Never // Return, Mai // Tornato
                if accepted is not None and _a_set_named(words, at, size):
                    continue  # a War of the Spark draft: where they played, not the card
                if accepted is not None:
                    if self._longer_name_inside(words, at, size, taken):
                        return None  # lancé Rage de bataille temurienne: Temur Battle Rage, not Lance-rage
                    if (beyond := self._title_goes_on(words, at, size, self.name_cards[name])) is not None:
                        _strays.append(beyond)  # Sentinel of the Nameless City: no Sentinel
                        return None
                    if (titled := self._title_of_a_character(words, at, size, name)) is not None:
                        _strays.append(titled)  # Ajani, Sleeper Agent: no Ajani and Sleeper Agent
                        return None
                    return self.name_cards[name], size, "name", accepted
        return None

    def _faces_as_everyday_words(self, words: list[Token], at: int, size: int, name: int) -> bool:
        """Whether the faces of a split card typed in lower case one after the other, with no slash, are everyday words
        (*mai tornato*: Mai // Tornato, Never // Return), neither used as a card (*cast fire ice*) nor listed with
        cards (*charmille dryade et feu glace*: Feu // Glace, Fire // Ice)."""
        typed = words[at:at + size]
        if FACE_SEPARATOR not in self.card_names[self.name_cards[name]] or any(w.capital for w in typed):
            return False
        if not all(w.joined for w in typed[1:]):
            return False  # fire/ice, fire // ice: the slash says a card
        if at > 0 and (words[at - 1].key in _LIST_JOINERS or typed[0].comma):
            return False  # goyf avec charmille dryade et feu glace: a list of cards
        return all(self._flags(w.key) & COMMON or w.key in _FUNCTION for w in typed) and not _used_as_card(words, at, size)

    def _a_side_card_named_after_a_character(self, name: int, word: str) -> bool:
        """Whether name ``name``, typed as ``word``, is a card printed only in side sets (a Vanguard avatar: *Karn*,
        *Squee*) whose one word is the character of a tournament card's legendary name (*Karn, Silver Golem*): players
        typing it mean the character's cards, read as parts of their names."""
        return self.name_cards[name] in self.side and bool(self._character_cards(word))

    def _a_face_starting_a_sentence(self, words: list[Token], at: int, size: int, name: int) -> bool:
        """Whether ``words[at]`` is a common word starting a sentence that names one face of a card of two faces
        (*Domanda:* opening an Italian question: Offerta // Domanda), not used as a card: the word, as players name
        such a card by both faces or cast it."""
        word = words[at]
        return (size == 1 and word.first and FACE_SEPARATOR in self.card_names[self.name_cards[name]]
                and bool(self._flags(word.key) & COMMON) and not _used_as_card(words, at, 1))

    def _by_keywords_named(self, names: list[int], words: list[Token]) -> list[int]:
        """``names`` (a name several cards are printed with, the most printed first) with those of a card one of whose
        keywords the question names first: *Choc soudain* with *split second* is Sudden Shock, not Sudden Impact."""
        text = f" {' '.join(w.key for w in words)} "

        def named(name: int) -> bool:
            evidence, _links = self.evidence(self.name_cards[name])
            return any(reason.startswith("keyword ") and f" {' '.join(name_keys(reason[8:]))} " in text
                       for _rule, reason in evidence)

        return sorted(names, key=lambda name: not named(name))

    def _name_words_from(self, words: list[Token], at: int) -> tuple[list[str], list[str]]:
        """The keys a whole name starting at ``words[at]`` could have, one per size (the first word, the first
        two, ...), as typed and with each possessive's *s* cut (:meth:`_possessive`): as far as the words run
        that are words of names (a name holds no other word) and no longer than the longest name."""
        plain: list[str] = []
        possessive: list[str] = []
        for word in words[at:at + self.longest]:
            cut = self._possessive(word.key)
            if word.key not in self.words and cut not in self.words:
                # he Lightning Bolted my Army: a name made a verb, with its capital (spell countered: no Spell Counter)
                if plain and word.capital and (stem := self._past_stem(word.key)):
                    plain.append(f"{plain[-1]} {stem}")
                    possessive.append(f"{possessive[-1]} {stem}")
                break
            plain.append(f"{plain[-1]} {word.key}" if plain else word.key)
            possessive.append(f"{possessive[-1]} {cut}" if possessive else cut)
        return plain, possessive

    def _past_stem(self, key: str) -> str | None:
        """The word of names whose English past ``key`` is (*bolted*: bolt, *bladed*: blade, *shredded*: shred), or
        None."""
        if len(key) < 5 or not key.endswith("ed"):
            return None
        stems = (key[:-2], key[:-1]) + ((key[:-3],) if key[-3] == key[-4] else ())
        return next((stem for stem in stems if stem in self.words), None)

    def _longer_name_inside(self, words: list[Token], at: int, size: int, taken: list[bool]) -> bool:
        """Whether a whole name of more words than ``size`` starts inside ``words[at:at + size]`` and ends
        beyond it: the longer name is the one typed (*lancé Rage de bataille temurienne*)."""
        for start in range(at + 1, at + size):
            for longer in range(min(self.longest, len(words) - start), at + size - start, -1):
                if longer > size and not any(taken[start:start + longer]) and (
                        held := self.by_key.get(" ".join(w.key for w in words[start:start + longer]))) is not None:
                    names = held if isinstance(held, list) else (held,)
                    if any(self._accepted(words, start, longer, self._english(n)) is not None for n in names):
                        return True
        return False

    def _one_word_name(self, key: str) -> bool:
        """Whether ``key`` is a card's whole name of one word (*Opalescence*)."""
        return key in self.by_key and key in self.words

    def _possessive(self, key: str) -> str:
        """``key`` as a name's word when it may be one typed with a possessive's *s* and no apostrophe
        (*yawgmoths*: Yawgmoth's), even when the word with its *s* is another name's word too (*black suns
        zenith*: Black Sun's Zenith; *suns* is a word of Suns' Twilight): a whole name is looked up both ways."""
        if len(key) >= MIN_PART and key.endswith("s") and key[:-1] in self.words:
            return key[:-1]
        return key

    def _accepted(self, words: list[Token], at: int, size: int, english: bool) -> bool | None:
        """Whether the typed ``words[at:at + size]`` that spell a name (``english`` or not) name the card:
        None when not, else whether its words are kept in the question (see the module docstring)."""
        typed = words[at:at + size]
        content = [w for w in typed if w.key not in _FUNCTION] or typed
        capitals = all(w.capital for w in content)
        inside = capitals and not typed[0].first  # a capital no sentence start explains
        one = len(content) == 1
        if one and (content[0].key in PLAYERS_NAMES
                    or (capitals and _in_proper_noun(words, at, size, self._one_word_name))):
            return None  # Friday Night Magic, MTG Arena: a capital the name around it explains
        if _starts_a_game_term(words, at, size):
            return None  # Start your engines: the game term's name, not the card Start // Finish
        if _a_variants_name(typed) and not _used_as_card(words, at, size) and size < len(words):
            return None  # Two-Headed Giant, Grand Melee: the variant played, unless cast as the card or typed alone
        if one and content[0].key in BASIC_LAND_TYPES:
            return True  # a Mountain: the card, and the land type its word names stays in the question
        if all(self._flags(w.key) & RULES for w in content):
            # Cast Down, Flash: a card only typed as a name (a one-word name's word stays in the question)
            # a creature with lifelink, with battle cry: the keyword; stole it with control magic: the card (not
            # a loop with no way out: a name starting with a function word is a phrase after "with")
            with_cue = size >= 2 and typed[0].key not in _FUNCTION and not _a_game_term(typed)
            used = _used_as_card(words, at, size, with_cue=with_cue)
            if one and not english and not (inside and used):
                # a game term another language's card is named (my Commander deck); cast, it is the card
                # (ho lanciato Minacciare: Threaten, whose Italian name is menace's)
                return None
            # Italian and French names are printed in sentence case: Force de volonté, its first word capitalised
            sentence_case = not english and len(content) >= 2 and typed[0].capital
            # Force of Will at a sentence's start: its function word capitalised too (Force alone would be a word)
            titled = capitals and sum(w.capital for w in typed) >= 2
            # a name of two words or more, rules words, cast or countered (opp casts control magic)
            if not (inside or titled or sentence_case or (size >= 2 and used)):
                return None
            # Flash asks about flash too; Blood Moon, Cast Down, Force of Will (will: a function word): their
            # words are the card's
            return one and size == 1
        if one and len(content[0].key) < MIN_PART:
            return False if inside else None  # Fog, Opt: only as names
        if one and not capitals and content[0].key in _NEGATING:
            return None  # je ne lance rien: not Nix (Rien)
        if one and self._flags(content[0].key) & COMMON:
            # humility, opt: words unless typed as names (Humility at a sentence's start: 5 letters or more),
            # or used as a card (I cast humility, counterato il fulmine)
            if inside or (capitals and len(content[0].key) >= 5) or _used_as_card(words, at, size):
                return _a_players_word(content, size)
            return None
        if size == 1 and _a_players_word_not_cast(words, at):
            return None  # un effet de reanimate: the players' word, unless used as a card (I cast counterspell)
        return _a_players_word(content, size)

    def _a_form_of_a_game_word(self, key: str) -> bool:
        """Whether ``key`` is another form (a plural, a participle) of a word of the rules or of a game term's name, in
        any of the three languages: *Roles* (role) is no Role Reversal by its French name's *rôles*; *dissotterrato*
        (dissotterrare, Unearth's Italian name) no Excavated Wall (Muro Dissotterrato): the forty-second cold trial.
        Read off the word's endings (:func:`_base_forms`): a lemmatiser's dictionaries or the listed lemmas' file,
        looked up per part, would more than double the card finder's time."""
        from .vocab import term_words

        return any(base in term_words() or self._flags(base) & RULES for base in _base_forms(key))

    def _part(self, words: list[Token], at: int, taken: list[bool],
              found: list[FoundCard], strays: list[tuple[int, int]]) -> tuple[int, int, str, bool] | None:
        word = words[at]
        flag = self._flags(word.key)
        if len(word.key) < MIN_PART or word.key in _FUNCTION or word.key in PLAYERS_NAMES:
            return None
        if flag & RULES or self._a_form_of_a_game_word(word.key):  # a word of the rules (or a form of one: *Roles*,
            # *dissotterrato*) is the card only typed again with a capital inside a sentence, as a word of its Italian
            # or French name typed before (Metamorfosi Phyrexiana ... la sua Metamorfosi)
            if word.capital and not word.first and (card := self._typed_again(word.key, found)) is not None:
                return card, 1, "part", False
            return None
        if flag & COMMON and _a_creature_described(words, at):
            return None  # trasformarla in un Alce 3/3: the creature type of a token, not Dawntreader Elk (Alce dell'Alba)
        if flag & COMMON and (not word.capital or word.first or _in_proper_noun(words, at, 1)):
            return self._typed_again_found(word.key, found)  # emperor croc … sac the croc: the card named before
        if _beside_a_token(words, at) or (not word.capital and _a_game_terms_word(word.key)):
            return None  # a Soldier token, un jeton Soldat; mana phyrexien (Phyrexian mana): no card
        if any(start <= other.start and other.end <= end and other.key == word.key
               for start, end in strays for other in words[:at]):
            strays.append((word.start, word.end))  # Disa the Restless … Disa: the card not held, named again
            return None
        card = again = self._found_again(word.key, found)
        if again is None and _a_players_word_not_cast(words, at):
            return self._typed_again_found(word.key, found)  # un effet de reanimate: the players' word
        if card is None and (_a_creature_of_a_type(words, at, self.creature_types) or _a_set_named(words, at)):
            return None
        if card is None:
            names = self._holding(word.key)
            if flag & COMMON:  # an everyday word names no character by its title (Tuteur: not Kaheera, le Tuteur)
                names = array(names.typecode, (n for n in names if self._character_of(n) in (None, word.key)))
            card = self._likeliest(word.key, names, self._pieces_of(word.key))
        if card is None:
            return None
        size = 1  # the next words of the same name are the same card (Thalia Guardian)
        while at + size < len(words) and not taken[at + size] and any(
                self.name_cards[n] == card for n in self._holding(words[at + size].key)):
            size += 1
        if size > 1 and _beside_a_token(words, at + size - 1):
            return None  # my marit lage token: the token Dark Depths makes, not Wrath of Marit Lage
        if again is None and (_a_creature_type(words, at) or (size == 1 and _tokens_named_before(words, at))):
            # des créatures Saprobionte: a creature type, not Saproling Symbiosis (Symbiose saprobionte); my non-Human
            # creatures: not Human Frailty (the thirty-fourth cold trial); two Warrior tokens … both Warriors: the
            # tokens, not Dwarven Warriors (the fifty-second cold trial's E10)
            return None
        beyond = self._goes_on(words, at, size, card, found) or self._title_goes_on(words, at, size, card) or (
            None if again is not None else self._another_name(words, at, size, card))
        after = words[at + size] if at + size < len(words) else None
        if beyond is not None and again is not None and after is not None and not _capital_name(after):
            beyond = None  # ma Filelame infligeait: the card named before, then a verb no word list holds
        if beyond is not None:  # Orcish Bowmasters: another card, not Aerie Bowmasters
            strays.append(beyond)
            return None
        return card, size, "part", False

    def _titled(self, words: list[Token], at: int, taken: list[bool],
                found: list[FoundCard], strays: list[tuple[int, int]]) -> tuple[int, int, str, bool] | None:
        """A character's name, its comma and a title that is no card's nor character's name, nor the title of a card as
        printed (the finders before found those): the card of that character whose English title the typed one is
        spelled like, as remembered (:data:`TITLE_ALIKE`: *Ob Nixilis, l'Avversario* is Ob Nixilis, the Adversary,
        whose Italian name the archive lacks); else, when the character names several cards, the character (read by
        :meth:`_character_found`), not the most printed of them (the fifty-second cold trial's E04 read Ob Nixilis
        Reignited, confidently wrong); else None."""
        for size in range(1, MAX_CHARACTER_WORDS + 1):
            if at + size >= len(words) or any(taken[at:at + size + 1]) or any(w.comma for w in words[at + 1:at + size]):
                return None
            title = words[at + size]
            if title.comma and (title.capital or (  # Tasigur, la Zanna Dorata: an Italian title opens with its article
                    title.key in _CONNECTORS and at + size + 1 < len(words) and words[at + size + 1].capital)):
                break
        else:
            return None
        character = " ".join(w.key for w in words[at:at + size])
        titles = self._titles_of_character(character)
        if not titles or any(card.card in titles for card in found):
            return None  # a card found before, named again (Vorinclex, pillard monstrueux … grâce à Vorinclex)
        end = at + size
        while end < len(words) and not taken[end] and (end == at + size or words[end].joined) and (
                words[end].capital or (words[end].key in _CONNECTORS and end + 1 < len(words) and words[end + 1].capital)):
            end += 1
        typed = [w.key for w in words[at + size:end] if w.key not in _CONNECTORS]
        named_before = {key for card in found for key in (*name_keys(card.name), *name_keys(card.typed))}
        listed = words[at + size].key not in _CONNECTORS and self._character_cards(typed[0]) if typed else False
        if not typed or " ".join(typed) in self.by_key or listed or named_before & set(typed):
            # another card's name, or a character's (Liliana, Jace and Chandra: a list; not after an article: la Zanna
            # Dorata), or a card's named before (grâce à Vorinclex, l'Horloge a reçu: the Horloge de minuit, table5's
            # B-01)
            return None
        from rapidfuzz import fuzz

        alike = sorted(((max(fuzz.ratio(" ".join(typed), title) for title in printed), card)
                        for card, printed in titles.items()), reverse=True)
        if alike[0][0] >= TITLE_ALIKE and (len(alike) == 1 or alike[0][0] - alike[1][0] >= TITLE_MARGIN):
            return alike[0][1], end - at, "remembered", False
        cards = self._character_cards(words[at].key)
        if len(cards) >= MIN_CHARACTER_CARDS:  # its title is a name, no word to search
            return cards[0], end - at, "character", False
        return None

    def _titles_of_character(self, character: str) -> dict[int, list[str]]:
        """The tournament cards whose English name is ``character`` (its keys), a comma and a title, each with the
        keys of its titles, *the* (*la*, *le*) left out: the English first, then its Italian and French printed ones
        (*Tasigur, la Zanna d'Oro*: zanna d oro, which *la Zanna Dorata* is spelled like)."""
        first = character.split(" ", 1)[0]
        titles: dict[int, list[str]] = {}
        for name in self._holding(first):
            card = self.name_cards[name]
            before, comma, title = self.card_names[card].partition(",")
            if comma and card not in self.side and " ".join(name_keys(before)) == character:
                titles[card] = [" ".join(key for key in name_keys(title) if key not in _CONNECTORS)]
        for name in self._holding(first):
            card, key = self.name_cards[name], self.name_keys[name]
            if card in titles and not self._english(name) and key.startswith(character + " "):
                titles[card].append(" ".join(k for k in key[len(character) + 1:].split(" ") if k not in _CONNECTORS))
        return titles

    def _character(self, words: list[Token], at: int, taken: list[bool],
                   found: list[FoundCard], strays: list[tuple[int, int]]) -> tuple[int, int, str, bool] | None:
        """A character several legendary cards are named after, named alone where no one of them leads
        (*liliana -2*, *jace +2*, *ugin*): the word a part would be (:meth:`_part`), first of the names of
        :data:`MIN_CHARACTER_CARDS` tournament cards or more, before their comma. Read as the character
        (:meth:`_character_found`), not as one of its cards."""
        word = words[at]
        if (len(word.key) < MIN_PART or word.key in _FUNCTION or self._flags(word.key) & RULES
                or word.key in PLAYERS_NAMES):
            return None
        cards = self._character_cards(word.key)
        if len(cards) < MIN_CHARACTER_CARDS or self._goes_on(words, at, 1, cards[0], found) is not None:
            return None
        if self._flags(word.key) & COMMON and (not word.capital or word.first or _in_proper_noun(words, at, 1)):
            # an everyday word (liliana, jace, general, captain) is a character typed in lower case only
            # when all its cards are planeswalkers: a planeswalker's name, not a title
            if not all(any(rule == PLANESWALKER for rule, _ in self.evidence(card)[0]) for card in cards):
                return None
        return cards[0], 1, "character", False

    def _character_cards(self, key: str) -> list[int]:
        """The tournament cards of legendary names whose first word is ``key``, the most printed first."""
        cards = {self.name_cards[n] for n in self._holding(key)
                 if self._character_of(n) == key and self.name_cards[n] not in self.side}
        return sorted(cards, key=lambda card: (-self.printings[card], self.card_names[card]))

    def _character_found(self, key: str, typed: str, start: int, end: int) -> FoundCard:
        """The character ``key`` as a card found: named as its cards' English names begin (*Liliana*),
        bringing what all of them bring (a planeswalker's rules, the legend rule), no card's rulings,
        and its cards (``among``, the most printed first)."""
        cards = self._character_cards(key)
        shared = [rule for rule in self.evidence(cards[0])[0]
                  if all(rule[0] in {r for r, _ in self.evidence(card)[0]} for card in cards[1:])]
        before, comma, _title = self.card_names[cards[0]].partition(",")
        name = before if comma else re.split(r"\s", before, maxsplit=1)[0]  # Liliana, Ob Nixilis
        return FoundCard(cards[0], name, typed, start, end, "character", False, shared, {},
                         among=[self.card_names[card] for card in cards])

    def _named_again(self, card: FoundCard, found: list[FoundCard]) -> FoundCard:
        """``card``, or, when it is a one-word name that is a word of a longer name found in the question, that
        card named again (*Simulacre solennel … mon Simulacre* is Solemn Simulacrum, not the card Simulacrum;
        *Urborg, Tomb of Yawgmoth … because of Urborg* is not the Legends card Urborg; *Tyran du carnage …
        the Tyrant spell* is Carnage Tyrant, not the card The Tyrant: its small words aside)."""
        keys = [key for key in name_keys(card.typed) if key not in _FUNCTION]
        if card.how not in ("name", "nickname") or len(keys) != 1:
            return card
        keys = [self._possessive(keys[0])] if card.how == "nickname" else keys
        for other in found:
            longer = [k for k in (name_keys(other.typed), name_keys(other.name)) if len(k) > 1]
            if other.card != card.card and (any(keys[0] in k for k in longer) or self._shortened(card, keys[0], other)):
                return FoundCard(other.card, other.name, card.typed, card.start, card.end, "part", card.kept,
                                 other.evidence, other.links, layers=other.layers)
        return card

    @staticmethod
    def _shortened(card: FoundCard, key: str, other: FoundCard) -> bool:
        """Whether a nickname ``card`` (typed ``key``) is the start of a word of ``other``'s name, typed whole in the
        question: *Opalescence … opal* shortens Opalescence, not the nickname of Mox Opal."""
        return card.how == "nickname" and other.how == "name" and any(
            word != key and word.startswith(key) for word in name_keys(other.name))

    @staticmethod
    def _typed_again_found(key: str, found: list[FoundCard]) -> tuple[int, int, str, bool] | None:
        """The card named before whose word ``key`` is typed again, as a part of its name; None when none is."""
        card = CardFinder._typed_again(key, found)
        return None if card is None else (card, 1, "part", False)

    @staticmethod
    def _typed_again(word: str, found: list[FoundCard]) -> int | None:
        """The card found whose name, as the question typed it, holds ``word``, no word of its English name: a word cut
        short (*emperor croc … the croc*) or of its Italian or French name (*l'Orso Grizzly … l'orso*). Typed again,
        it names the card again, though it is a common word in some language (*croc* is French, *orso* Italian)."""
        for each in found:
            typed = name_keys(each.typed)
            if each.how != "character" and word in typed and word not in name_keys(each.name):
                return each.card
        return None

    def _found_again(self, word: str, found: list[FoundCard]) -> int | None:
        """The card already found whose name holds ``word``, or a word it starts or ends (``Tarmogoyf ... goyf``), or
        whose name in another language holds it; not a character's (:meth:`_character_found`), which names none of its
        cards."""
        for each in found:
            for key in (*name_keys(each.name), *name_keys(each.typed)) if each.how != "character" else ():
                if key == word or (len(key) > len(word) and (key.startswith(word) or key.endswith(word))):
                    return each.card
        # a word of its name in another language (Nearheath Pilgrim … mon Pèlerin: its French name's, not Pilgrim's Eye)
        named = {self.name_cards[name] for name in self._holding(word)} if found else set()
        return next((each.card for each in found if each.how != "character" and each.card in named), None)

    def _pieces_of(self, word: str) -> list[int]:
        """The tournament cards of one-word English names ``word`` starts or ends, longer by
        :data:`MIN_PIECE_REST` letters at least (``goyf``: Tarmogoyf, Lhurgoyf), when ``word`` is no word
        of English, Italian or French (``abilità`` is no piece of *Invulnerabilità*)."""
        cards = self.pieces.get(word)
        return list(_numbers(cards)) if cards and _no_language_word(word) else []

    def _likeliest(self, word: str, names: array, pieces: list[int] = ()) -> int | None:
        """The card a name's word points to: the one card, or the clearly most printed one; or the most
        printed of the one-word names it is a piece of (``pieces``), when it leads them all. A card
        printed only in side sets (a playtest card) wins only where no tournament card is named."""
        weight: dict[int, float] = {}
        leading: set[int] = set()  # the cards of legendary names ``word`` is the first word of (Aminatou, the Fateshifter)
        for name in names:
            card = self.name_cards[name]
            first = self._character_of(name) == word
            printings = self.printings[card] * (2 if first else 1)
            weight[card] = max(weight.get(card, 0), printings)
            if first and card not in self.side:
                leading.add(card)
        if len(leading) == 1 and not pieces:  # the one character so named, not a card named after it (Aminatou's Augury)
            return next(iter(leading))
        for card in pieces:
            weight.setdefault(card, self.printings[card])
        if any(card not in self.side for card in weight):
            weight = {card: w for card, w in weight.items() if card not in self.side}
        if not weight:
            return None
        ranked = sorted(weight.items(), key=lambda item: (-item[1], item[0]))
        lead = 1.0 if ranked[0][0] in pieces else CLEAR_LEAD  # the piece of a name: the most printed
        if len(ranked) == 1 or ranked[0][1] >= lead * ranked[1][1] and ranked[0][1] > ranked[1][1]:
            return ranked[0][0]
        return None

    def _goes_on(self, words: list[Token], at: int, size: int, card: int,
                 found: list[FoundCard] = ()) -> tuple[int, int] | None:
        """Where the name typed at ``words[at:at + size]`` is, when it goes on beyond the part found by a
        word of no name of ``card`` right before or after it: a capitalised word, or a word of no language,
        that names another card (``Orcish Bowmasters`` is no Aerie Bowmasters); or, after *di* / *of* /
        *de*, a capitalised word of the name of a card ``found`` already (``Thalia, Guardiana di Thraben``:
        Thalia's name misremembered, no Soul Warden; ``la Thalia di Marco`` is Marco's Thalia); else None."""
        own = {k for name in self._names_of(card) for k in self.name_keys[name].split(" ")}
        others = {k for other in found for name in self._names_of(other.card) for k in self.name_keys[name].split(" ")}

        def goes_on(word: Token) -> bool:
            return word.key not in own and word.key not in _FUNCTION and self._names_a_card(word)

        start, end = words[at].start, words[at + size - 1].end
        if at > 0 and words[at].joined and not _a_sentences_first_word(words[at - 1]) and (goes_on(words[at - 1]) or (
                words[at - 1].key not in own and _capital_inside(words[at - 1]))):
            start = words[at - 1].start
        after = at + size
        while after < len(words) - 1 and words[after].joined and words[after].key in _CONNECTORS:
            after += 1
        if after < len(words) and words[after].joined and goes_on(words[after]) and (
                after == at + size or (words[after].capital and words[after].key in others)):
            end = words[after].end
        elif after == at + size < len(words) and _a_title_word(words[after]) and not self._flags(words[after].key) & RULES \
                and words[after].key not in own | others:
            end = words[after].end  # an everyday word as a title: Embereth Veteran is no Castle Embereth
        return (start, end) if (start, end) != (words[at].start, words[at + size - 1].end) else None

    def _title_goes_on(self, words: list[Token], at: int, size: int, card: int) -> tuple[int, int] | None:
        """Where the name typed at ``words[at:at + size]`` is, when a title goes on with capitalised words no name of
        ``card`` holds, inside a sentence: after *of* or *of the* (*Sentinel of the Nameless City* is no Sentinel,
        *Knight-Errant of Eos* no Knight Errant), after a legendary name's comma typed inside the part (*Etali, Primal
        Conqueror* is no Etali, Primal Storm), or after the comma following a character's name, two capitalised words
        or more that are no card's name, of English or after the name of a card whose Italian or French name the table
        holds too (*Ghalta, Stampede Tyrant* is no Ghalta, Primal Hunger): a card the table lacks, newer than its data;
        else None."""
        own = {k for name in self._names_of(card) for k in self.name_keys[name].split(" ")}

        def titled(word: Token, joined: bool = True) -> bool:
            return ((word.joined or not joined) and word.capital and not word.first and word.key not in own
                    and word.key not in _FUNCTION)

        after, comma_after = at + size, False
        if after + 1 < len(words) and words[after].key == "of" and words[after].joined:
            after += 2 if words[after + 1].key == "the" and words[after + 1].joined else 1
        elif after < len(words) and size == 1 and words[after].comma and (
                self._leads_a_legendary_name(words[at].key, card) or self._first_word_of_its_name(words[at].key, card)):
            # Ghalta, Stampede Tyrant: a title after the character's name and its comma; Kaito, Bane of Nightmares
            # after Kaito Shizuki's first word (the fifty-third cold trial's E06)
            comma_after = True
        elif not any(w.comma for w in words[at + 1:at + size]):  # no comma typed inside the part
            return None
        if after >= len(words) or not titled(words[after], joined=not comma_after):
            return None
        end, capitals = after + 1, 1
        while end < len(words) and (titled(words[end]) or (words[end].key in ("of", "the") and words[end].joined
                                                           and _joiners_before_a_capital(words, end))):
            capitals += titled(words[end])
            end += 1
        if comma_after and (capitals < 2 or " ".join(w.key for w in words[after:end]) in self.by_key
                            or not (all(_an_english_word(w.key) for w in words[after:end] if titled(w, False))
                                    or self._printed_in_every_language(card))):
            # a clause's comma (grâce à Vorinclex, l'Horloge a reçu), a list of cards (Thalia, Blood Moon and
            # Ensnaring Bridge), or the card's own title in Italian or French, which the table may lack (Toluz,
            # Capotreno Scaltra): a title is two capitalised words of English or more (Stampede Tyrant, Thorn of the
            # Eddy) and no card's name
            return None
        return words[at].start, words[end - 1].end

    def _title_of_a_character(self, words: list[Token], at: int, size: int, name: int) -> tuple[int, int] | None:
        """Where a legendary name the table lacks is typed, when the name ``name`` found at ``words[at:at + size]``, of
        two capitalised words or more and no legendary one, comes right after a comma and a character's name (*Ajani,
        Sleeper Agent* is one card newer than the data, not Ajani and the card Sleeper Agent); else None."""
        if at < 1 or size < 2 or self._name(name)[3] or not words[at].comma or words[at].first:
            return None
        before, typed = words[at - 1], words[at:at + size]
        if not before.capital or not all(w.capital for w in typed if w.key not in _FUNCTION):
            return None
        if at + size < len(words) and (following := words[at + size]) and (
                following.key in _LIST_JOINERS or following.comma):
            return None  # Thalia, Blood Moon and Ensnaring Bridge: a list of cards
        if not self._character_cards(before.key):
            return None
        return before.start, typed[-1].end

    def _another_name(self, words: list[Token], at: int, size: int, card: int) -> tuple[int, int] | None:
        """Where the name typed around the part ``words[at:at + size]`` of ``card`` is, when its words say it is
        another card's, one the table does not hold: a word before the part's *of* / *di* / *de* that no name of
        ``card`` holds where ``card``'s name ends so (*Invasion of Tarkir* is no Dragon Throne of Tarkir); *the* and
        a word after a part that is only the start or end of ``card``'s name (*Disa the Restless* is no Disallow),
        or after a part that is a word of it, a word naming a card (*Kenrith the Returned King*), or after the first
        word of its legendary name, a word of no rule that goes on no sentence (*sheoldred the apocalypse* is no
        Sheoldred, Whispering One; *Thalia the turn after* is Thalia); else None."""
        own = {k for name in self._names_of(card) for k in self.name_keys[name].split(" ")}
        part = " ".join(w.key for w in words[at:at + size])
        if at >= 2 and words[at].joined and words[at - 1].joined and words[at - 1].key in _OF:
            before = words[at - 2]
            tail = f"{words[at - 1].key} {part}"
            if before.key not in own and before.key not in _FUNCTION and any(
                    self.name_keys[name].endswith(" " + tail) for name in self._names_of(card)):
                return before.start, words[at + size - 1].end
        after = at + size
        if after + 1 < len(words) and words[after].key == "the" and words[after].joined and words[after + 1].joined:
            named = words[after + 1]
            piece = any(key not in own for key in part.split(" "))
            title = size == 1 and self._leads_a_legendary_name(part, card) and not self._flags(named.key) & RULES \
                and named.key not in _NOT_TITLES
            if named.key not in own and named.key not in _FUNCTION and (piece or title or self._names_a_card(named)):
                return words[at].start, named.end
        return None

    def _printed_in_every_language(self, card: int) -> bool:
        """Whether the table holds a name of ``card`` in Italian or French beside its English one: a title typed after
        its character's comma that is none of them is no title of its (*Atraxa, Grand Unifier* is no Atraxa, Praetors'
        Voice, Atraxa, Voce dei Pretori: the fifty-second cold trial's E11)."""
        return any(not self._english(name) for name in self._names_of(card))

    def _first_word_of_its_name(self, word: str, card: int) -> bool:
        """Whether ``word`` is the first word of ``card``'s English name, of two words or more (*Kaito* Shizuki)."""
        keys = name_keys(self.card_names[card])
        return len(keys) > 1 and keys[0] == word

    def _leads_a_legendary_name(self, word: str, card: int) -> bool:
        """Whether ``word`` is the first word of a legendary name of ``card``, before its comma (*Sheoldred*)."""
        return any(self._character_of(name) == word for name in self._names_of(card))

    def _names_of(self, card: int) -> list[int]:
        return [n for key in name_keys(self.card_names[card]) for n in self._holding(key) if self.name_cards[n] == card]

    def _names_a_card(self, word: Token) -> bool:
        """Whether ``word`` beside a part is the rest of a card's name: a capital inside a sentence, or a
        word of names (or of no language) that is no common word nor a word of the rules."""
        flags = self._flags(word.key)
        if flags & (COMMON | RULES) or word.key in PLAYERS_NAMES:
            return False
        if word.capital and not word.first:
            return True
        if word.key in self.words:
            return word.capital  # a name's own word typed as a name: Orcish
        return len(word.key) >= MIN_PART and _no_language_word(word.key)

    def _near(self, words: list[Token], at: int, taken: list[bool],
              _found: list[FoundCard], _strays: list[tuple[int, int]]) -> tuple[int, int, str, bool] | None:
        """A name of two or more words starting at ``at``, one of them mistyped (:meth:`_mistyped`) or cut short
        (:meth:`_shortened_word`): found by its first word, or by its second when the first is the one mistyped."""
        if self._unknown(words[at].key):
            # the next word of the name that is no function word (*leylin of sanctity*: sanctity), and those before it
            rest = next((i for i in range(at + 1, min(at + 4, len(words))) if words[i].key not in _FUNCTION), None)
            if rest is None:
                return None
            after = [w.key for w in words[at + 1:rest + 1]]
            names = [n for n in self._holding(words[rest].key)[:500]
                     if self.name_keys[n].split(" ")[1:len(after) + 1] == after]
        else:
            names = self._starting(words[at].key)
        best, side = None, None  # the longest tournament card, else the longest side card
        for name in names:
            key, size, card, _legendary = self._name(name)
            held = side if card in self.side else best
            if size < 2 or at + size > len(words) or any(taken[at:at + size]) or (held and size <= held[1]):
                continue
            off = [(w, n) for w, n in zip(words[at:at + size], key.split(" ")) if w.key != n]
            if len(off) == 1 and (self._mistyped(*off[0]) or (self._english(name) and self._shortened_word(*off[0]))):
                if card in self.side:
                    side = (card, size, "near", False)
                else:
                    best = (card, size, "near", False)
        return best or side

    def _near_word(self, words: list[Token], at: int, taken: list[bool],
                   _found: list[FoundCard], _strays: list[tuple[int, int]]) -> tuple[int, int, str, bool] | None:
        """A long name of one word mistyped (*Tarmogoyff*, *Ornitotero*): a word of no language typed with a
        capital or used as a card (after *cast*, *with*), of :data:`MIN_NEAR_WORD` letters or more, one letter off (two from ten letters) a one-word name of
        tournament cards that is no common word nor the rules', and of one card only, or of a clearly most
        printed one."""
        typed = words[at].key
        if len(typed) < MIN_NEAR_WORD or not self._unknown(typed) or not _no_language_word(typed):
            return None
        # in lower case where the question uses it as a card (he cast cloudshfit on it), or one letter off and no
        # word of the languages as near (tarmogyof vs bolt); two letters off, a word made of the name is as likely
        # (shapeshift, rianimarlo, contromagiare)
        as_card = words[at].capital or _used_as_card(words, at, 1)
        most = 2 if len(typed) >= 10 and as_card else 1
        cards = {self.name_cards[n] for key, n in self._one_word_names().get(typed[0], ())
                 if abs(len(key) - len(typed)) <= most and edit_distance(typed, key, most) <= most
                 and not _verb_with_a_pronoun(typed, key)}
        card = next(iter(cards)) if len(cards) == 1 else self._likeliest(typed, array("i"), sorted(cards))
        if card is None or (not as_card and _near_a_common_word(typed, most)):
            return None  # the common words are read only for a word near a name
        return card, 1, "near", False

    def _starting(self, word: str) -> array:
        """The names of two words or more whose first word is ``word``, in the table's order."""
        if self.starting is None:
            self.starting = _by_first_word(self.name_keys)
        return _numbers(self.starting.get(word, b""))

    def _one_word_names(self) -> dict[str, list[tuple[str, int]]]:
        """The one-word names of tournament cards of :data:`MIN_NEAR_WORD` letters or more that are no common
        word nor the rules', by first letter (made at the first word that needs them)."""
        if self._long_names is None:
            self._long_names = {}
            for at, key in enumerate(self.name_keys):
                if (" " not in key and len(key) >= MIN_NEAR_WORD - 1 and self.name_cards[at] not in self.side
                        and not self._flags(key) & (COMMON | RULES)):
                    self._long_names.setdefault(key[0], []).append((key, at))
        return self._long_names

    def _misremembered(self, words: list[Token], at: int, taken: list[bool],
                       _found: list[FoundCard], _strays: list[tuple[int, int]]) -> tuple[int, int, str, bool] | None:
        """A name of two or more words as a player remembers it, starting with its first word as printed
        (:meth:`_remembered_as`): *Drago di Shiv* (Drago di Shivan), *chemin de l exil* (Chemin vers
        l'exil), *jace le sculteur* (Jace, le sculpteur de l'esprit). The card so typed, or the clearly
        most printed of those so typed (a tournament card first); None where none or several are."""
        first = words[at]
        if first.key in _FUNCTION or len(first.key) < MIN_PART or first.key in PLAYERS_NAMES:
            return None
        following = self._span_words(words, at, taken)
        if len(following) < 2:
            return None
        best: dict[int, tuple[int, int]] = {}  # card -> (words matched, of them as printed)
        for name in self._holding(first.key):
            key, _size, card, _legendary = self._name(name)
            wanted = [w for w in key.split(" ") if w not in _FUNCTION]
            if len(wanted) < 2 or wanted[0] != first.key:
                continue
            if _opens_with_small_words(key):
                continue  # the creature is already dead: no You Are Already Dead, remembered without its start
            remembered = self._remembered_as(following, wanted)
            span = words[at:following[remembered[0] - 1][0] + 1] if remembered is not None else []
            if remembered is None or (remembered[2] and (not _joined_by_small_words(span) or _small_words_added(
                    span, key))):
                # controlla una creatura, controlla la creatura: no Controlla Creatura, whose words are everyday words
                # and print no "la" between them (the sixty-second cold trial's I02)
                continue
            if (self._english(name) and any(w.key in _FUNCTION for w in span)
                    and not _has_small_words(self.card_names[card])):
                continue  # Krenko in the command zone: no small word in Krenko's Command to remember as "in the"
            if any(w.key in _LIST_JOINERS and w.key not in key.split(" ") for w in span):
                continue  # un dragon et a pris des blessures: two deeds, no Dragon priseproie
            if remembered[:2] > best.get(card, (0, 0)):
                best[card] = remembered[:2]
        if not best:
            return None
        if any(card not in self.side for card in best):
            best = {card: got for card, got in best.items() if card not in self.side}
        top = max(best.values())
        cards = [card for card, got in best.items() if got == top]
        card = cards[0] if len(cards) == 1 else self._likeliest(first.key, array("i"), cards)
        last = following[top[0] - 1][0]
        if (legend := self._legend_named(words[at:last + 1])) is not None:
            return legend, last - at + 1, "part", False  # Kari Zev: Kari Zev, Skyship Raider, not Kari Zev's Expertise
        if card is None or _starts_a_players_phrase(words, last):
            return None  # mise hors phase: phased out (hors phase), not Mise hors service
        if _beside_a_token(words, at) or _beside_a_token(words, last):
            return None  # my marit lage token: the token Dark Depths makes, not Marit Lage's Slumber
        return card, last - at + 1, "remembered", False

    def _legend_named(self, typed: list[Token]) -> int | None:
        """The tournament legendary card whose name before its comma is the whole of ``typed`` (*Kari Zev*), the
        most printed when several are (:meth:`_character_cards`); None when none is."""
        wanted = " ".join(w.key for w in typed)
        return next((card for card in self._character_cards(typed[0].key)
                     if " ".join(name_keys(self.card_names[card].split(",")[0])) == wanted), None)

    def _span_words(self, words: list[Token], at: int, taken: list[bool]) -> list[tuple[int, str]]:
        """The content words (position, key) from ``at`` up to the longest name's length, in one sentence
        and not past a card found."""
        span: list[tuple[int, str]] = []
        for i in range(at, min(len(words), at + self.longest + 1)):
            if taken[i] or (i > at and (words[i].first or not words[i].joined)):
                break  # a name goes on across spaces: not across a comma or a full stop
            if words[i].key not in _FUNCTION:
                span.append((i, words[i].key))
        return span

    def _remembered_as(self, typed: list[tuple[int, str]], wanted: list[str]) -> tuple[int, int, bool] | None:
        """``(words matched, of them as printed, by its words alone)`` when the first content words ``typed``
        are ``wanted``'s as a player remembers them: in order, each as printed, as its start (*shiv*) or near
        it (*sculteur*), every word of the name but one at most (a small word inside it, *vers*, not
        counted), two at least; with a word only a name explains, typed (*sculteur*) or started (*shiv* of
        *Shivan*), or else every word of the name as printed (*chemin … exil*: the printed name but for its
        small words; "by its words alone", whose small words typed :func:`_joined_by_small_words` checks),
        or all of them but its last, none a word of the rules (*elfe aux nattes*: a name cut short); a word of
        the rules is never the start of a word only a name explains (*valeur* of *valeureuse*). Else None."""
        matched, exact, at, skipped = 0, 0, 0, 0
        met: list[tuple[str, str]] = []  # (typed, printed)
        for _position, key in typed:
            if len(key) < 2:
                break  # one letter is no word remembered (goblin w haste: with; not Goblin S.W.A.T. Team)
            step = next((k for k in range(at, min(at + 2, len(wanted))) if _remembered(key, wanted[k])), None)
            if step is None:
                break
            skipped += sum(1 for word in wanted[at:step] if not self._small(word))
            matched, exact, at = matched + 1, exact + (key == wanted[step]), step + 1
            met.append((key, wanted[step]))
        missing = skipped + sum(1 for word in wanted[at:] if not self._small(word))
        if matched < 2 or missing > 1:
            return None
        if any(self._only_a_name(key) or (self._only_a_name(printed) and printed.startswith(key)
                                          and not self._flags(key) & RULES)
               for key, printed in met):  # garde la valeur: the rules' word (mana value), no Garde valeureuse
            return matched, exact, False  # sculteur, shiv (Shivan): a word only a name explains
        if exact < matched or all(self._flags(key) & RULES for key, _printed in met):
            return None  # never happens (Never Happened), turn pump (Turn into a Pumpkin): words of their own
        if missing and (skipped or any(self._flags(key) & RULES for key, _printed in met)):
            return None  # a word left out inside the name, or a name cut short holding a word of the rules
        return matched, exact, True  # chemin … exil: the printed name but for its small words; elfe aux nattes: cut

    def a_name_word_only(self, word: str) -> bool:
        """Whether the folded ``word`` is a word of cards' names only, or its plural: none of the rules nor common, of no
        language (*suntail* of Suntail Hawk): a misspelt word of a question is no such word (*sunfall*, a card newer
        than the data, was corrected to *suntail*)."""
        return any(form in self.words and self._only_a_name(form) for form in (word, *_base_forms(word)))

    def _only_a_name(self, key: str) -> bool:
        """Whether ``key`` is a word only a name explains: no common word nor the rules', of no language."""
        return not self._flags(key) & (RULES | COMMON) and _no_language_word(key)

    def _small(self, word: str) -> bool:
        """A small common word inside a name (*vers* of Chemin vers l'exil), or a preposition (*verso* of Viaggio verso
        il Nulla: the seventy-first cold trial's *Viaggio nel Nulla*), a player may leave out or change."""
        return (len(word) <= 4 and bool(self._flags(word) & COMMON)) or word in _NAME_PREPOSITIONS

    def _unknown(self, key: str) -> bool:
        """A word no name holds, no common word nor a word of the rules: maybe a name mistyped."""
        return len(key) >= 4 and key not in _FUNCTION and key not in self.words

    def _typo(self, key: str) -> bool:
        """Whether ``key`` may be a name's word mistyped: a word no name holds (:meth:`_unknown`), or one
        only names in Italian or French hold, no common word nor a word of the rules (``balista``, of
        *Balista Mobile*, in ``walking balista``)."""
        if self._unknown(key):
            return True
        if len(key) < 4 or key in _FUNCTION or self._flags(key) & (COMMON | RULES):
            return False
        return not any(self._english(name) for name in self._holding(key))

    def _shortened_word(self, typed: Token, wanted: str) -> bool:
        """Whether ``typed`` is ``wanted`` (a word of an English name) cut short, as players shorten it (*emperor
        croc*, *swords to plow*): its start, of :data:`MIN_PART` letters or more (:meth:`_may_be_cut`). Italian and
        French names are not read so: their words cut short are words of the language (*conta*, *prende*)."""
        return wanted.startswith(typed.key) and self._may_be_cut(typed.key)

    def _may_be_cut(self, key: str) -> bool:
        """Whether ``key`` may be a name's word cut short: :data:`MIN_PART` letters or more, no word of the rules
        and no word of an English name (it may be a common word: *croc* is French)."""
        return (len(key) >= MIN_PART and key not in _FUNCTION and not self._flags(key) & RULES
                and not any(self._english(name) for name in self._holding(key)))

    def _mistyped(self, typed: Token, wanted: str) -> bool:
        """Whether ``typed`` is ``wanted`` mistyped: near enough, and no word of its own in any language, nor a
        players' word (*a morf*, morph, is no *À mort* mistyped)."""
        if len(wanted) < 4 or not self._typo(typed.key):
            return False
        if edit_distance(typed.key, wanted, 2) > (2 if len(wanted) >= 7 else 1):
            return False
        return _no_language_word(typed.key)


# What players call formats and places to play: a word of a card's name alone never names it there
# ("legal in Modern" is not The Modern Age, "on Arena" not the card Arena).
PLAYERS_NAMES = frozenset({"standard", "modern", "legacy", "vintage", "pauper", "pioneer", "commander", "brawl",
                           "historic", "alchemy", "limited", "draft", "sealed", "arena", "mtgo", "edh", "cedh",
                           "oathbreaker", "explorer", "timeless", "premodern"})
# Words that end a list of cards (Thalia, Blood Moon and Ensnaring Bridge; Thalia, Blood Moon e Ponder).
_LIST_JOINERS = frozenset({"and", "e", "ed", "et", "or", "o", "ou"})
# Words that join the words of a proper name (Wizards of the Coast, Friday Night Magic).
_CONNECTORS = frozenset({"of", "the", "di", "del", "della", "dei", "de", "du", "des", "la", "le"})
_OF = _CONNECTORS - {"the", "la", "le"}  # a name's place or owner after them (of Tarkir)
# words after "Thalia the" that go on the sentence, not a title (Sheoldred the Apocalypse is another card)
_NOT_TITLES = frozenset({"turn", "next", "same", "first", "second", "third", "last", "end", "following", "other", "one",
                         "only", "whole", "rest", "moment", "time", "way", "game", "opponent", "player"})


# Words that say the next one is a card (I cast, je lance, counterato il, con), an article or possessive
# maybe between (not after with / con / avec), and the words after a card (in response, resolves).
_CARD_VERBS = frozenset({"cast", "casts", "casting", "counter", "counters", "countered", "countering",
                         "resolve", "resolving", "lancio", "lanci", "lancia", "lanciato", "lanciata", "lanciare",
                         "counterato", "counterata", "counterare", "counterà", "neutralizzato", "neutralizzata",
                         "neutralizzo", "tiro", "tira", "tirato", "tirata", "tirare", "lance", "lances", "lancer",
                         "lancé", "lancée", "contre", "contré",
                         "contrée", "contrer",
                         # evoked: cast for its evoke cost (solitude evoquee, evoco il furore)
                         "evoke", "evokes", "evoked", "evoco", "evocato", "evocata", "evoque", "evoquee", "evoquer",
                         # the players' verbs of exiling and returning a permanent (flicker my clone)
                         "flicker", "flickers", "flickered", "blink", "blinks", "blinked", "flickero", "flickerato",
                         "flickerata", "blinko", "blinkato", "blinkata", "flicke", "flickee", "blinke", "blinkee",
                         # the players' English verb in Italian and French (io casto skullcrack, je caste le bolt)
                         "casto", "casti", "casta", "castano", "castato", "castata", "castare", "caste", "castes",
                         "castent", "casté", "castée", "caster"})
_CARD_VERB_KEYS = frozenset(fold(verb) for verb in _CARD_VERBS)
_CARD_WITH = frozenset({"with", "w", "con", "cn", "col", "avec"})  # w: with, cn: con, typed short; col: con il
_POSSESSIVES = frozenset({"my", "his", "her", "their", "your", "mio", "mia", "suo", "sua", "tuo", "tua", "mon", "ma",
                          "son", "sa", "ton", "ta"})
_ARTICLES = _POSSESSIVES | frozenset({"a", "an", "the", "its", "il", "lo", "la", "un", "uno", "una", "le", "une", "l"})
_CARD_AFTER = frozenset({("in", "response"), ("in", "risposta"), ("en", "reponse"), ("resolves",), ("risolve",),
                         ("resout",), ("si", "risolve"), ("se", "resout"),
                         # evoked (solitude evoquee): cast for its evoke cost
                         ("evoked",), ("evocato",), ("evocata",), ("evoquee",), ("evoque",),
                         # cast from a graveyard (memory deluge en flashback: the seventieth cold trial's F01)
                         *((cue, "flashback") for cue in ("in", "en", "with", "con", "col", "avec", "via")),
                         # countered (fact or fiction countered, counterata)
                         ("countered",), ("counterato",), ("counterata",)})


# The longer prepositions of names a player remembers as another (Viaggio nel Nulla: Viaggio verso il Nulla).
_NAME_PREPOSITIONS = frozenset({"verso", "contro", "senza", "sopra", "sotto", "dentro", "oltre", "attraverso", "contre",
                                "sans", "sous", "avec", "dans", "pour", "entre", "parmi", "into", "from", "with", "over",
                                "under", "upon", "beyond", "through", "against", "without"})
# The small words players type inside a name for the printed ones (chemin de l'exil: Chemin vers l'exil).
_SMALL_NAME_WORDS = frozenset({"of", "the", "to", "in", "di", "del", "della", "dei", "delle", "degli", "dell", "da",
                               "per", "de", "du", "des", "la", "le", "l", "d", "a", "au", "aux", "vers",
                               # Italian prepositions joined to an article (Viaggio nel Nulla: Viaggio verso il Nulla)
                               "nel", "nella", "nello", "nei", "negli", "nelle", "al", "alla", "allo", "ai", "agli",
                               "alle", "dal", "dalla", "dallo", "dai", "dagli", "dalle", "sul", "sulla", "sullo", "sui",
                               "sugli", "sulle"})
_BETWEEN_NAMES = re.compile(r"\s+(?:and|e|ed|et|ou|o)\s+")  # a list's joiner between two names typed
# the small words and articles a name's words are glued with, none of them a word to translate
_NAME_GLUE = _SMALL_NAME_WORDS | {"and", "e", "ed", "et", "il", "lo", "gli", "i", "les", "un", "une", "uno", "una"}


def _a_sentences_first_word(word: Token) -> bool:
    """Whether ``word`` begins its sentence and is an Italian or French word (*Controllavo Toluz, …*: I controlled
    Toluz), its capital the sentence's, not a name's (the thirty-seventh cold trial)."""
    return word.first and any(is_real_word(word.key, lang) for lang in ("it", "fr"))


def _capital_inside(word: Token) -> bool:
    """A word typed with a capital inside a sentence, a common word too (``Third Path Iconoclast``, ``une Ligne
    tellurique``): right before a card's part, the name typed is another card's (after it, a name misremembered:
    ``Stoneforge Mage`` is Stoneforge Mystic)."""
    return word.capital and not word.first and word.key not in PLAYERS_NAMES


def _has_small_words(name: str) -> bool:
    """Whether an English card name holds a function word (*to* of Path to Exile; not a possessive's *s*)."""
    return any(piece in _FUNCTION and piece != "s" for piece in re.split(r"[ '’]", fold(name)))


def _opens_with_small_words(key: str) -> bool:
    """Whether a name's key opens with a function word that is no article (*you are* of You Are Already Dead; not *the*
    of The Ozolith, a name players type without it)."""
    opening = key.split(" ", 1)[0]
    return opening in _FUNCTION and opening not in _NAMES_ARTICLES and opening != "l"


def _joined_by_small_words(span: list[Token]) -> bool:
    """Whether the function words of ``span`` are all small words of names (:data:`_SMALL_NAME_WORDS`)."""
    return all(w.key in _SMALL_NAME_WORDS for w in span if w.key in _FUNCTION)


def _small_words_added(span: list[Token], printed: str) -> bool:
    """Whether ``span`` holds an article the name ``printed`` (its key) does not: *controlla la creatura* is no
    Controlla Creatura; *Sentiero per l'esilio* (Sentiero dell'Esilio) and *chemin de l exil* (Chemin vers l'exil)
    only replace a small word, and the elided ones, which names' keys leave out, are no article here."""
    return any(w.key in _NAMES_ARTICLES and w.key not in printed.split(" ") for w in span[1:])


_NAMES_ARTICLES = frozenset({"the", "a", "an", "il", "lo", "la", "gli", "le", "un", "uno", "una", "les", "une"})


def _remembered(typed: str, printed: str) -> bool:
    """Whether a name's word ``printed`` is remembered as ``typed``: the same, its start of four letters
    or more (*shiv*: Shivan), or one letter off (two from eight letters: *sculteur*, sculpteur)."""
    if typed == printed:
        return True
    if len(typed) >= MIN_PART and len(printed) > len(typed) and printed.startswith(typed):
        return True
    if len(printed) < 5 or abs(len(typed) - len(printed)) > 2 or typed[0] != printed[0]:
        return False
    return edit_distance(typed, printed, 2) <= (2 if len(printed) >= 8 else 1)


# the word for a token in the three languages: a capitalised word beside it names the token's type
_TOKEN_WORDS = frozenset({"token", "tokens", "jeton", "jetons", "pedina", "pedine",
                          "role", "roles", "ruolo", "ruoli"})  # a Role is a token: Cursed Role, le rôle Maudit


def _beside_a_token(words: list[Token], at: int) -> bool:
    """Whether ``words[at]`` stands right before or after the word *token* (*a Soldier token*, *un jeton
    Soldat*, *una pedina Soldato*) or *Role* (*rôle Maudit*): the type of a token, not a card's name."""
    return any(0 <= i < len(words) and words[i].key in _TOKEN_WORDS for i in (at - 1, at + 1))


def _a_creature_of_a_type(words: list[Token], at: int, subtypes: AbstractSet[str]) -> bool:
    """Whether ``words[at]`` names creatures by a subtype of ``subtypes``: in the plural (*all my Elves*, *my
    Slivers*, *les Anges*: not Llanowar Elves), after an indefinite article (*puts a Soldier from my hand*: not
    Yotian Soldier, the sixty-second cold trial's E02), or named so before (*un Soldato bianco … il mio Soldato*)."""
    key = words[at].key
    if _a_subtype_plural(key, subtypes):
        return True
    return key in subtypes and any(words[i].key == key and i > 0 and words[i - 1].key in _INDEFINITE
                                   for i in range(at + 1))


# the subtypes of tokens that no card prints, so no type line held gives them (Italian and French folded)
TOKEN_TYPES = frozenset({"army", "armata", "esercito", "armee", "servo", "servitore", "germ", "germe", "role",
                         "ruolo"})


def _a_set_named(words: list[Token], at: int, size: int = 1) -> bool:
    """Whether ``words[at:at + size]`` name a set or its plane, as players say where they played (*Innistrad draft*,
    *a Theros-era cube*, *draft di Innistrad*, *a War of the Spark draft*): not Soul of Innistrad, nor the card War of
    the Spark."""
    after = words[at + size] if at + size < len(words) else None
    before = [w.key for w in words[max(0, at - 2):at] if w.key not in ("di", "de", "of")]
    return (after is not None and (after.key in _PLAYED_SETS or (after.key == "era" and after.hyphened))
            or (bool(before) and before[-1] in _PLAYED_SETS and words[at].joined))


# (not "block", "set" nor "cards": Brimaz block le Stalking Tiger, Humility set it to 1/1, io blocco con Brimaz; "era"
# only hyphened after the name, *Theros-era*, for the Italian *era* is "was": c'era Terminus, Thragtusk era in campo)
_PLAYED_SETS = frozenset({"draft", "sealed", "cube", "prerelease", "league", "bloc"})


def _tokens_named_before(words: list[Token], at: int) -> bool:
    """Whether ``words[at]`` is, or is the plural of, a word typed before beside the word *token* (*two Warrior tokens
    … both Warriors*): those tokens named again."""
    named = {words[at].key} | _base_forms(words[at].key)
    return any(word.key in named and _beside_a_token(words, i) for i, word in enumerate(words[:at]))


def _a_creature_type(words: list[Token], at: int) -> bool:
    """Whether ``words[at]`` stands where a creature type does: after *créature* / *creatura* (French and
    Italian), before *creature* (English)."""
    before = words[at - 1].key if at > 0 else ""
    after = words[at + 1].key if at + 1 < len(words) else ""
    return before in _CREATURE_WORDS["before"] or after in _CREATURE_WORDS["after"]


def _a_creature_described(words: list[Token], at: int) -> bool:
    """Whether ``words[at]`` stands between an indefinite article and a power and toughness (*un Alce 3/3*, *an
    Elk 3/3*, *une Bête 3/3*): a creature described by its type, as an effect makes one."""
    slash = at + 2 < len(words) and not words[at + 2].joined and words[at + 2].start == words[at + 1].end + 1
    return (0 < at and slash and words[at - 1].key in _INDEFINITE and words[at].joined and words[at + 1].joined
            and words[at + 1].key.isdigit() and words[at + 2].key.isdigit())


_INDEFINITE = frozenset({"a", "an", "un", "una", "uno", "une"})
_CREATURE_WORDS = {"before": frozenset({"creature", "creatures", "creatura"}),  # folded: créature(s), creatura, creature
                   "after": frozenset({"creature", "creatures"})}


_PARTICIPLES = (("ato", "are"), ("ata", "are"), ("ati", "are"), ("ate", "are"), ("ito", "ire"), ("ita", "ire"),
                ("iti", "ire"), ("ite", "ire"), ("uto", "ere"), ("uta", "ere"), ("uti", "ere"), ("ute", "ere"),
                ("ees", "er"), ("ee", "er"), ("es", "er"), ("e", "er"))  # Italian, then French (folded)
_PLURALS = (("s", ""), ("es", ""))


def _base_forms(key: str) -> set[str]:
    """The words a folded plural (*roles*: role) or Italian or French past participle (*dissotterrato*:
    dissotterrare) may be a form of."""
    found = {key[:-len(ending)] + base for ending, base in _PARTICIPLES + _PLURALS
             if key.endswith(ending) and len(key) > len(ending) + 3}
    found.discard(key)
    return found


def _a_subtype_plural(key: str, subtypes: AbstractSet[str]) -> bool:
    """Whether the folded ``key`` is the plural of a subtype the held cards print (*elves*: Elf, *slivers*: Sliver,
    *anges*: Ange, *angeli*: Angelo; *elves* is also printed, on the oldest type lines)."""
    return any(
        key[:-len(ending)] + base in subtypes for ending, base in _SUBTYPE_PLURALS
        if key.endswith(ending) and len(key) > len(ending) + 1)


# English and French plurals (elves, wolves: -ves of -f), Italian (angeli, elfi: -i of -o; -i of -e)
_SUBTYPE_PLURALS = (("s", ""), ("es", ""), ("ves", "f"), ("i", "o"), ("i", "e"), ("x", ""))


def _a_game_term(typed: list[Token]) -> bool:
    """Whether the words ``typed`` are the whole name of a game term (*battle cry*, *grand melee*)."""
    from .vocab import vocabulary

    return " ".join(w.key for w in typed) in vocabulary().keys()


def _a_variants_name(typed: list[Token]) -> bool:
    """Whether the words ``typed`` are the whole name of a variant of the game (chapters 8 and 9: *Two-Headed Giant*,
    *Grand Melee*), which cards are named after too."""
    from .vocab import vocabulary

    return any(m.concept.kind == "term" and any(rule[:1] in "89" for rule in m.concept.rules)
               for m in vocabulary().matches(" ".join(w.key for w in typed)))


def _starts_a_game_term(words: list[Token], at: int, size: int) -> bool:
    """Whether the name typed at ``words[at:at + size]`` begins a longer game term's whole name typed there
    (*Start your engines*: not the card Start // Finish)."""
    return any(_a_game_term(words[at:at + longer]) for longer in range(size + 1, min(len(words) - at, size + 4) + 1))


def _a_game_terms_word(key: str) -> bool:
    """Whether ``key`` is a word of a game term's name one letter off, another language's spelling of it
    (French *phyrexien*: *Phyrexian*, of Phyrexian mana)."""
    return any(edit_distance(key, word, 1) <= 1 for word in _term_words_by_start().get(key[:3], ()))


@lru_cache(maxsize=1)
def _term_words_by_start() -> dict[str, list[str]]:
    """The words of the game terms' names of :data:`MIN_PART` letters or more, by their first three."""
    from .vocab import term_words

    found: dict[str, list[str]] = {}
    for word in term_words():
        if len(word) >= MIN_PART:
            found.setdefault(word[:3], []).append(word)
    return found


def _used_as_card(words: list[Token], at: int, size: int, with_cue: bool = True) -> bool:
    """Whether the question uses ``words[at:at + size]`` as a card: right after a verb of casting or
    countering (an article maybe between: ``counterato il fulmine``), after *with* / *con* / *avec* (unless
    not ``with_cue``: *avec lien de vie* is a keyword, not the card Lifelink), or right before *in response* /
    *resolves* (``humilite in risposta``)."""
    before = at - 1
    if with_cue and before >= 0 and words[before].key in _CARD_WITH and words[at].joined:
        return True
    # with a possessive between (col mio sign in blood, with my blood moon): not an article (with the top card)
    if (with_cue and before > 0 and words[before].key in _POSSESSIVES and words[before - 1].key in _CARD_WITH
            and words[at].joined and words[before].joined):
        return True
    if before > 0 and words[before].key in _ARTICLES and words[at].joined:
        before -= 1
    if before >= 0 and words[before].key in _CARD_VERB_KEYS and words[before + 1].joined:
        return True
    after = tuple(w.key for w in words[at + size:at + size + 2] if w.joined)
    return any(after[:len(cue)] == cue for cue in _CARD_AFTER)


def _starts_a_players_phrase(words: list[Token], at: int) -> bool:
    """Whether ``words[at]`` and the next word are a players' phrase of ``corpus/jargon.tsv`` (*hors phase*)."""
    from .reading import jargon_in

    return at + 1 < len(words) and words[at + 1].joined and jargon_in((words[at].key, words[at + 1].key), None) is not None


def _inflected(key: str) -> bool:
    """Whether ``key`` is a form of another word in English, Italian or French (``corpus/lemma-forms.tsv``: a
    participle, a plural), not a word as a dictionary lists it (*tornato*: tornare; *umiltà* is its own)."""
    from .translation import listed_lemma

    return any(listed_lemma(lang, key) not in (None, "", key) for lang in ("en", "it", "fr"))


# Italian pronouns joined to an infinitive's end (rianimarle: rianimare + le)
_ENCLITICS = ("glielo", "gliela", "glieli", "gliele", "gliene", "lo", "la", "li", "le", "ne", "gli", "si", "mi", "ti",
              "ci", "vi")


def _verb_with_a_pronoun(typed: str, name: str) -> bool:
    """Whether ``typed`` is the Italian infinitive ``name`` with a pronoun joined to it (*rianimarle*: Rianimare,
    Reanimate's Italian name, is the verb there, not the card)."""
    return name.endswith("re") and any(typed.endswith(pronoun) and typed[:-len(pronoun)] + "e" == name
                                       for pronoun in _ENCLITICS)


def _near_a_common_word(typed: str, most: int) -> bool:
    """Whether a common word of English, Italian or French (:func:`common_words`) is within ``most`` letters of
    ``typed``: then a mistyped word of the languages explains it as well as a card name does."""
    return any(abs(len(word) - len(typed)) <= most and edit_distance(typed, word, most) <= most
               for word in _words_by_start().get(typed[:1], ()))


@lru_cache(maxsize=1)
def _words_by_start() -> dict[str, tuple[str, ...]]:
    """:func:`common_words`, by first letter (the near-word test reads only those of the typed word's)."""
    found: dict[str, list[str]] = {}
    for word in common_words():
        found.setdefault(word[:1], []).append(word)
    return {start: tuple(words) for start, words in found.items()}


def _no_language_word(key: str) -> bool:
    """Whether ``key`` is no word of English, Italian or French (``corpus/lemma-forms.tsv``) nor a word of a
    game term's name in any of them (*proliferer*, rarer than the 50,000 words listed: ``atraxa proliferer``
    names Atraxa and a verb, not a card the knowledge base lacks), nor a players' word of ``corpus/jargon.tsv``
    (``regen`` is regenerate, no piece of the card Regeneration)."""
    from .translation import jargon, listed_lemma
    from .vocab import term_words

    return (key not in term_words() and key not in jargon()
            and not any(listed_lemma(lang, key) is not None for lang in ("en", "it", "fr")))


def _in_proper_noun(words: list[Token], at: int, size: int, a_name: Callable[[str], bool] = lambda _key: False) -> bool:
    """Whether ``words[at:at + size]`` stand beside a capitalised word, only spaces or joining words
    (*of the*) between: part of a longer proper name (Friday Night Magic, MTG Arena, Wizards of the Coast);
    not beside a word that ``a_name`` says is a card's name of its own (*Humility Opalescence*)."""
    before = at - 1
    while before >= 0 and words[before].key in _CONNECTORS and words[before + 1].joined:
        before -= 1
    if before >= 0 and words[before + 1].joined and _capital_name(words[before]) and not a_name(words[before].key):
        return True
    after = at + size
    while after < len(words) and words[after].joined and words[after].key in _CONNECTORS:
        after += 1
    return (after < len(words) and words[after].joined and _capital_name(words[after])
            and not a_name(words[after].key))


def _capital_name(word: Token) -> bool:
    """A capital that says a name, not a sentence's start on a function word (*Can* Shock kill)."""
    return word.capital and not (word.first and word.key in _FUNCTION)


def _by_first_word(keys: Iterable[str]) -> dict[str, bytes]:
    """A word -> the positions (packed) of the names of two words or more among ``keys`` that start with it."""
    starting: dict[str, list[int]] = {}
    for at, key in enumerate(keys):
        first, space, _rest = key.partition(" ")
        if space:
            starting.setdefault(first, []).append(at)
    return {word: array("i", names).tobytes() for word, names in starting.items()}


def _numbers(packed: bytes) -> array:
    found = array("i")
    found.frombytes(packed)
    return found


def distinct(found: list[FoundCard]) -> list[FoundCard]:
    """Each card once (its first mention, with the most copies any mention names), in the order typed."""
    first: dict[int, FoundCard] = {}
    for card in found:
        kept = first.setdefault(card.card, card)
        kept.copies = max(kept.copies, card.copies)
    return list(first.values())


def _a_title_word(word: Token) -> bool:
    """Whether ``word`` is typed as a name's word inside a sentence: right after the word before it, capitalised, not
    the sentence's first, nor a small word."""
    return word.joined and word.capital and not word.first and word.key not in _FUNCTION and word.key not in PLAYERS_NAMES


def _going_on_a_name(text: str, start: int) -> bool:
    """Whether the words at ``start`` go on a capitalised word before them, past a hyphen or a comma (*Boon-Bringer*,
    *Ajani, Sleeper Agent*): the end of a longer name."""
    return re.search(r"[A-Z][\w']*(?:-|, )$", text[:start]) is not None


def _unread_capitalised_runs(words: list[Token], found: list[FoundCard], unheld: list[tuple[int, int]]
                             ) -> list[tuple[int, int]]:
    """The runs of two or more capitalised words inside a sentence, small words maybe between, that no card found nor
    name no card held covers (*gli Orsi Grizzly*, Orso Grizzly's plural; *controlla Sacerdote del Contenimento*): where
    a name remembered loosely is looked for (:meth:`CardFinder._a_name_remembered_loosely`)."""
    covered = [(card.start, card.end) for card in found] + unheld
    free = [not any(start <= w.start < end for start, end in covered) for w in words]
    runs: list[tuple[int, int]] = []
    at = 0
    while at < len(words):
        word = words[at]
        if not (free[at] and word.capital and not word.first and word.key not in _FUNCTION):
            at += 1
            continue
        last, end = at, at + 1
        while (end < len(words) and free[end] and words[end].joined
               and (words[end].capital or words[end].key in _FUNCTION)):
            last = end if words[end].capital else last
            end += 1
        if last > at:
            runs.append((word.start, words[last].end))
        at = last + 1
    return runs


def unheld_names(words: list[Token], taken: list[bool], subtypes: AbstractSet[str] = frozenset(),
                 rules_word: Callable[[str], bool] = lambda _key: False) -> list[tuple[int, int]]:
    """Where the question names a card the knowledge base does not hold (``Pithing Needle`` on a knowledge
    base without it): a run of capitalised words, *of* / *to* / *di* / *de* maybe between, holding a word of
    no language nor of the rules, players' jargon or game terms (:func:`_foreign_to_the_game`), or of two words or
    more a verb of casting uses as a card, not all of them ``rules_word`` nor function words (*J'ai cast Boarding
    Party*: :func:`_used_as_card`; not *cast Auras and Equipment*, *cast the Bolt I drew*); of one word
    only inside a sentence, and not where a creature type stands nor a word of the ``subtypes`` cards print (*mon
    Gobelin*, *a Shapeshifter Rogue*: :attr:`CardTable.subtypes`). Its words are then not read, spelling-corrected
    (*Pithing* → putting) or translated."""
    spans: list[tuple[int, int]] = []
    at = 0
    while at < len(words):
        if taken[at] or not words[at].capital or words[at].key in _FUNCTION:
            at += 1
            continue
        end = at + 1
        while end < len(words) and not taken[end] and words[end].joined and (
                words[end].capital or (joiners := _joiners_before_a_capital(words, end, taken))):
            end += 1 if words[end].capital else joiners
        named = [w for w in words[at:end] if w.key not in _NAME_JOINERS]
        # des créatures Saprobionte: a creature type; a Theros-era cube, Innistrad draft: a set
        a_type = len(named) == 1 and (_a_creature_type(words, at) or _a_set_named(words, at))
        foreign = any(_foreign_to_the_game(w) and w.key not in subtypes and w.key not in DECK_COLOURS for w in named)
        # J'ai cast Boarding Party: everyday words, but a name of two capitalised words a verb of casting uses as a card
        cast = (len(named) >= 2 and not words[at].first and _used_as_card(words, at, end - at, with_cue=False)
                and not any(w.key in _FUNCTION for w in named)
                and not all(any(rules_word(key) or key in subtypes for key in (w.key, *_base_forms(w.key)))
                            for w in named))
        if (foreign or cast) and (len(named) >= 2 or not words[at].first) and not a_type:
            spans.append((words[at].start, words[end - 1].end))
        at = end
    return spans


# the names the rules' examples and judges give players (Alice and Bob): a nickname among them (Bob, Dark
# Confidant) is a player in a question that names another of them
PLAYERS_FIRST_NAMES = frozenset({"alice", "bob", "carol", "charlie", "dave", "eve", "nancy", "nick"})


def _among_players(words: list[Token], key: str) -> bool:
    """Whether ``key`` is a player's first name in a question naming another player so (*Alice attacks Bob*)."""
    return key in PLAYERS_FIRST_NAMES and any(w.key in PLAYERS_FIRST_NAMES and w.key != key for w in words)


def _a_players_word_not_cast(words: list[Token], at: int) -> bool:
    """Whether ``words[at]``, a one-word name typed in lower case, is a players' word of corpus/jargon.tsv the question
    does not use as a card (*un effet de reanimate*: the word; *I cast counterspell*: the card)."""
    return not words[at].capital and _a_players_word([words[at]], 1) and not _used_as_card(words, at, 1)


def _a_players_word(content: list[Token], size: int) -> bool:
    """Whether a one-word name found is also a players' word of corpus/jargon.tsv, whose meaning then stays
    in the question beside the card (*I cast counterspell*: Counterspell, and counter)."""
    from .translation import jargon

    return size == 1 and len(content) == 1 and content[0].key in jargon()


_CARD_JOINERS = frozenset({"e", "ed", "and", "et", "y", "o", "or", "ou", "vs", "contro", "contre"})


def _joined_card(text: str, words: list[Token], at: int, step: int, comma: bool = True) -> int:
    """The word after (``step`` 1) or before (-1) ``words[at]`` across a joining word (*e*, *and*, *et*) or
    sign (``+``, ``&``, ``,`` unless not ``comma``, ``/``), where a second card name would stand; -1 when
    nothing joins them (*Wurmcoil Engine's death trigger*: no card Death)."""
    other = at + step
    if 0 <= other < len(words) and words[other].key in _CARD_JOINERS:
        other += step
    if not 0 <= other < len(words):
        return -1
    first, second = sorted((at, other))
    gap = _JOINER_WORDS.sub(" ", text[words[first].end:words[second].start].lower())
    signs = ("+", "&", ",", "/") if comma else ("+", "&", "/")
    joined = other != at + step or gap.strip() in signs  # side by side is not enough (Engine's death)
    return other if joined and gap.strip() in ("", *signs) else -1


_JOINER_WORDS = re.compile(r"\b(?:%s)\b" % "|".join(sorted(_CARD_JOINERS)))
_RIGHT_AFTER = re.compile(r"\s*,?\s*(?:(?:di|de|du|des|del|della|of|the|in|a|à|da)\s+)?", re.IGNORECASE)


def _outermost(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` in order, each overlapping run of them as one."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


_NAME_JOINERS = _CONNECTORS | {"to", "a", "da", "au", "aux", "et", "and", "e"}
MIN_UNHELD = 4  # letters of a word that says an unknown name, at least (ETB, EDH, FNM are players' words)


def _an_english_word(key: str) -> bool:
    """Whether ``key`` is a word of the English lists (``corpus/lemma-forms.tsv``)."""
    from .translation import listed_lemma

    return listed_lemma("en", key) is not None


def _joiners_before_a_capital(words: list[Token], at: int, taken: list[bool] | None = None) -> int:
    """How many words of :data:`_NAME_JOINERS` (one or two: *of*, *of the*) start at ``at`` and join a name's words
    to a capitalised word after them (*Overlord of the Mistmoors*), none of them ``taken`` by a card; 0 when they do
    not."""
    for count in (1, 2):
        after = at + count
        if (after >= len(words) or (taken is not None and any(taken[at:after + 1]))
                or not all(w.joined for w in words[at:after + 1])):
            return 0
        if any(w.key not in _NAME_JOINERS for w in words[at:after]):
            return 0
        if words[after].capital:
            return count
    return 0


def _foreign_to_the_game(word: Token) -> bool:
    """Whether ``word`` is no word of English, Italian or French, of a game term, or of players' jargon."""
    return len(word.key) >= MIN_UNHELD and word.key not in PLAYERS_NAMES and _no_language_word(word.key)


def _needs(stored: str | list[str]) -> tuple[str, str]:
    """What two cards must bring for a :data:`~indexer.card_evidence.TOGETHER` pair, as a table stores it
    (a table written before 2026-12-05 stored one rule both cards bring)."""
    return (stored, stored) if isinstance(stored, str) else (stored[0], stored[1])


_JOINED_ENDING = re.compile(r"-[^\W\d_]+")


def _joined_ending_length(text: str, end: int) -> int:
    """The length of the ending a hyphen joins to the word that ends at ``end`` of ``text`` (*Bolt-are*: 4)."""
    match = _JOINED_ENDING.match(text, end)
    return len(match.group()) if match else 0
