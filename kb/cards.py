"""A card for the table: found by its name in any language, with its rulings and rules.

:func:`find_card` looks a card up by its English, Italian or French name: exactly first
(case and accents ignored), then by the name of one face of a split, adventure or double-faced
card (``Incongruity``: match ``face``), then by a near spelling (``Titano Solre``); several cards as
near as each other are named in the error instead of guessing. :func:`card_candidates` lists the cards a name
that opens none may mean (a face's name held by several, the start of several names), the most
printed first, for the web page that offers them. :func:`card_json` is the
shape of ``mtgkb card --json`` and of ``/api/cards/{name}`` (see docs/usage.md): the names in
three languages, mana cost, type line, power/toughness, loyalty or defence, the rules text
with its line breaks and the Italian and French printed texts, every ruling once (dated,
with its source and the translations aligned to it) and the rules its keywords cite.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol

from .corpus import source_info
from .errors import NotFoundError
from .lookup import rule_heads
from .model import LANGUAGES, Card
from .rulings import heading_text, is_heading, ruling_translations
from .store import CardRecord, DocumentInfo, KnowledgeBase
from .text import edit_distance, fold, match_key, typo_allowance
from .vocabulary import concept_rules, default_vocabulary

MAX_SUGGESTIONS = 5
_ASCII_RUN = re.compile(r"[A-Za-z0-9]{3,}")
_WORD = re.compile(r"[^\W_]+")


class NameFinder(Protocol):
    """What the card lookup asks of the search's card finder (``indexer.card_finder.CardFinder``,
    which :mod:`kb` does not import: the CLI and the web pass it): the cards a text names, each with
    its English ``name``, the words ``typed`` and ``how`` they were read (name, part, near), and whether the
    knowledge base ``held`` it (a card of the archive's list it does not hold has no page)."""

    def find(self, text: str) -> list[Any]: ...


def find_card(kb: KnowledgeBase, name: str, finder: Callable[[], NameFinder] | None = None) -> dict[str, Any]:
    """The card named ``name`` in any language, as :func:`card_json`; a near spelling is accepted
    when it names one card, and so is a part of a name players use (``Finks``) when the search's
    card finder (``finder()`` opens it, only when asked) reads it as one card. Raises
    :class:`NotFoundError` naming the closest cards (in the language typed, the English beside)."""
    wanted = fold(name.strip())
    if not wanted:
        raise NotFoundError("no card name given")
    active = {doc_id: doc for doc_id, doc in kb.documents().items() if doc.active}
    row = _exact(kb, name.strip(), wanted, active)
    if row is not None:
        return card_json(kb, row.card.name, active, "exact")
    names = card_names(kb)
    faces = cards_with_face(names, name)
    if len(faces) == 1:
        return card_json(kb, faces[0], active, "face" if len(face_names(name)) == 1 else "exact")
    starting = cards_starting(kb, name)
    alone = None if faces else card_read_alone(finder, name)
    if alone is not None and starting and (getattr(alone, "held", True) or alone.how not in _WHOLE):
        alone = None  # a name started so is the card opened (Ragavan), unless a card not held is named whole (Humble)
    if not faces and len(starting) == 1 and alone is None:  # "Ragavan": the one card whose name starts so
        return card_json(kb, starting[0], active, "prefix")
    if alone is not None and getattr(alone, "held", True):  # "Finks": Kitchen Finks, as the search reads it
        return card_json(kb, alone.name, active, PART_MATCHES.get(alone.how, "part"))
    holding = [] if faces or starting else cards_holding(kb, name)  # "Spinale": Ago Spinale, Innesto Spinale
    # a card of the archive's list (corpus/card-names.tsv) the knowledge base does not hold, read by a whole name or a
    # nickname: said so; by a part of one (Verazol): a guess, said as one below
    unheld = alone.name if alone is not None and alone.how in _WHOLE else None
    if unheld is not None:  # "Fulmine" where the knowledge base does not hold Lightning Bolt: say so, never open
        # another card by a near spelling; name only the cards held whose names hold the words typed (Foudre: Zaffaï,
        # conducteur de foudre) or start with a word spelled near them (Ecuyer: Écuyère dévouée), not one holding
        # such a word further on (Fulmine was Sword of Feast and Famine) nor sharing a first word (Lightning Axe)
        close = most_printed(kb, holding) or cards_near_words(kb, name, further_on=False)
        raise NotFoundError(f"{unheld} is a card of MTGJSON this knowledge base does not hold: build with card data "
                            f"that holds it (mtgkb update --cards){_did_you_mean(kb, name, close)}")
    near, others = near_card_names(kb, name, names, word_hints=not holding)
    if len(faces) > 1:
        near, others = [], faces
    elif starting:  # several cards start so: name them, the most printed first, never open another card
        near, others = [], most_printed(kb, starting)
    elif holding and not near:  # the cards whose names hold it, the most printed first
        others = most_printed(kb, holding)
    if len(near) == 1:
        return card_json(kb, near[0], active, "near")
    guess = "" if near or others or alone is None or alone.how != "part" else alone.name
    raise NotFoundError(f"no card named {name.strip()!r} in the knowledge base{_did_you_mean(kb, name, near or others)}"
                        + (f"; it may be {guess}, a card of MTGJSON this knowledge base does not hold" if guess else ""))


def _did_you_mean(kb: KnowledgeBase, name: str, close: list[str]) -> str:
    """``; did you mean: …`` naming the first :data:`MAX_SUGGESTIONS` of ``close`` (and how many there are), or ""."""
    if not close:
        return ""
    close = most_alike(kb, name, close)
    more = f" (the first {MAX_SUGGESTIONS} of {len(close)} cards)" if len(close) > MAX_SUGGESTIONS else ""
    shown = name_labels(kb, name, close[:MAX_SUGGESTIONS])
    return f"; did you mean: {', '.join(shown[card] for card in close[:MAX_SUGGESTIONS])}{more}"


# a card whose name is this alike to the name typed (rapidfuzz's token_sort_ratio, 0 to 100) and this much more alike
# than any other is named first in a "did you mean" (Guida Karmica: Guida del Karma, 79; Guida Kelpie 64)
CLEARLY_ALIKE = 75
ALIKE_MARGIN = 10


def most_alike(kb: KnowledgeBase, name: str, cards: list[str]) -> list[str]:
    """``cards`` (English names) with the card whose name, in some language, is clearly the most alike to ``name``
    (:data:`CLEARLY_ALIKE`) moved first (*Guida Karmica*: Guida del Karma before Guida Abzan, Guida Aerea…); else
    as they are (the most printed first)."""
    from rapidfuzz import fuzz

    typed = " ".join(_words(name))
    names = names_by_card(kb)
    alike = sorted(((max((fuzz.token_sort_ratio(typed, " ".join(_words(held))) for _lang, held in names.get(card, [])),
                         default=0.0), card) for card in cards), reverse=True)
    if not alike or alike[0][0] < CLEARLY_ALIKE or (len(alike) > 1 and alike[0][0] - alike[1][0] < ALIKE_MARGIN):
        return cards
    return [alike[0][1]] + [card for card in cards if card != alike[0][1]]


PART_MATCHES = {"part": "part", "near": "near", "remembered": "near", "name": "exact"}  # the finder's reading -> the card's ``match``


def card_read_alone(finder: Callable[[], NameFinder] | None, name: str) -> Any | None:
    """The one card ``finder`` reads in ``name`` typed alone (``Finks``: *Kitchen Finks*; ``goyf``: *Tarmogoyf*), held by
    the knowledge base or not (its ``held``); None when it reads none, several, a character several are named after
    (liliana), or words of ``name`` beside the card's."""
    if finder is None:
        return None
    found = finder().find(name)
    if len({card.name for card in found}) != 1 or found[0].how == "character":
        return None
    if _words(" ".join(card.typed for card in found)) != _words(name):
        return None  # words beyond the card's name: not this card alone
    return found[0]


_WHOLE = frozenset({"name", "nickname"})  # the finder's readings of a card by its whole name


def _words(text: str) -> list[str]:
    """The words of ``text``, folded (a name's punctuation left out)."""
    return _WORD.findall(fold(text))


def _word_keys(kb: KnowledgeBase) -> list[tuple[str, str]]:
    """``(English name, words of a name)`` for every name of every card, the words folded and joined
    by single spaces (made once per build, ``kb.memo``)."""
    if "card_name_words" not in kb.memo:
        keys = list(dict.fromkeys((english, " ".join(_words(held))) for english, _lang, held in card_names(kb)))
        kb.memo.setdefault("card_name_words", keys)
    return kb.memo["card_name_words"]


def cards_holding(kb: KnowledgeBase, name: str) -> list[str]:
    """English names of the cards one of whose names (any language) holds the words of ``name`` as
    whole words after its first (``Pilferer``: *Ragavan, Nimble Pilferer*, *Tireless Pilferer*…;
    the names starting so are :func:`cards_starting`'s), sorted; none for words under 3 letters."""
    words = " ".join(_words(name))
    if len(words) < 3:
        return []
    inside = f" {words} "
    return sorted({english for english, held in _word_keys(kb) if inside in f" {held} " and not
                   held.startswith(f"{words} ") and held != words})


def cards_near_words(kb: KnowledgeBase, name: str, further_on: bool = True) -> list[str]:
    """English names of the cards one of whose names starts with words that are the nearest spelling
    of ``name``'s (within :func:`~kb.text.typo_allowance`: ``Ragavn`` -> *Ragavan, Nimble
    Pilferer*), else (``further_on``) holds such words further on (``Bowmaster`` -> *Aerie Bowmasters*), in the
    order of the names."""
    words = _words(name)
    key = " ".join(words)
    allowed = typo_allowance(key)
    if not allowed:
        return []
    at_start = _nearest_piece(_name_pieces(kb, len(words), starts=True), key, allowed)
    if not further_on:
        return at_start[1]
    further = _nearest_piece(_name_pieces(kb, len(words), starts=False), key, min(allowed, at_start[0]))
    if further[0] < at_start[0]:
        return further[1]
    return at_start[1] + [english for english in further[1] if english not in at_start[1]]


def _nearest_piece(pieces: dict[str, list[str]], key: str, allowed: int) -> tuple[int, list[str]]:
    """The edits from ``key`` to the pieces nearest to it within ``allowed`` (``allowed + 1`` when none
    is), and the English names ``pieces`` gives for them."""
    best, near = allowed + 1, []
    for piece, englishes in pieces.items():
        if abs(len(piece) - len(key)) > allowed:
            continue
        distance = edit_distance(key, piece, allowed)
        if distance < best:
            best, near = distance, list(englishes)
        elif distance == best <= allowed:
            near += [english for english in englishes if english not in near]
    return best, near


def _name_pieces(kb: KnowledgeBase, count: int, starts: bool) -> dict[str, list[str]]:
    """``count`` words in a row of the names longer than that (their first ``count`` words with
    ``starts``, else those further on) -> the English names of their cards (once per build, ``kb.memo``)."""
    key = f"card_name_{'starts' if starts else 'inner'}_{count}"
    if key not in kb.memo:
        pieces: dict[str, dict[str, None]] = {}  # each piece's cards in order, once each
        for english, held in _word_keys(kb):
            words = held.split(" ")
            for at in ([0] if starts else range(1, len(words) - count + 1)) if len(words) > count else ():
                pieces.setdefault(" ".join(words[at:at + count]), {})[english] = None
        kb.memo.setdefault(key, {piece: list(cards) for piece, cards in pieces.items()})
    return kb.memo[key]


def most_printed(kb: KnowledgeBase, names: list[str]) -> list[str]:
    """``names`` the most printed first, then by name."""
    counts = printing_counts(kb, names)
    return sorted(names, key=lambda card: (-counts[card], fold(card)))


def name_labels(kb: KnowledgeBase, typed: str, englishes: list[str]) -> dict[str, str]:
    """How to name each card of ``englishes`` to a user who typed ``typed``: in the language typed,
    the English beside (``Titano Solare (Sun Titan)``); in English when typed in English or when the
    card has no name in that language. The language typed is that of the name of these cards that
    starts nearest to ``typed`` (English on a tie)."""
    lang = typed_language(kb, typed, englishes)
    labels = {}
    for english in englishes:
        held = [n for l, n in names_by_card(kb).get(english, []) if l == lang and fold(n) != fold(english)]
        if lang == "en" or not held:
            labels[english] = english
        else:
            labels[english] = f"{min(held, key=lambda n: _start_distance(typed, n))} ({english})"
    return labels


def typed_language(kb: KnowledgeBase, typed: str, englishes: list[str]) -> str:
    """The language whose names of the cards ``englishes`` are nearest to ``typed``, over them all: a
    name holding its words as whole words is at 0, another at the edits to its start, a card with no
    name in the language at the length of ``typed`` (English on a tie: ``Titan`` is English, *Sun
    Titan*; ``Titano`` Italian, *Titano Solare*; ``Spinale`` Italian, *Ago Spinale*, *Innesto Spinale*)."""
    worst = len(" ".join(_words(typed)))
    totals = {lang: 0 for lang in LANGUAGES}
    for english in englishes:
        names = names_by_card(kb).get(english, [])
        for lang in totals:
            totals[lang] += min((_typed_distance(typed, held) for held_lang, held in names if held_lang == lang),
                                default=worst)
    return min(totals, key=lambda lang: (totals[lang], lang != "en"))


def _typed_distance(typed: str, held: str) -> int:
    """0 when ``held`` holds the words of ``typed`` as whole words; else the fewest edits from them to
    the start of ``held`` (:func:`_start_distance`) or to as many of its words in a row."""
    words, other = _words(typed), _words(held)
    key = " ".join(words)
    if key and f" {key} " in f" {' '.join(other)} ":
        return 0
    rows = (" ".join(other[at:at + len(words)]) for at in range(max(1, len(other) - len(words) + 1)))
    return min(_start_distance(typed, held), *(edit_distance(key, row, len(key)) for row in rows))


def _start_distance(typed: str, held: str) -> int:
    """Edits from the words of ``typed`` to as many letters of the start of ``held``'s words."""
    key, other = " ".join(_words(typed)), " ".join(_words(held))
    return edit_distance(key, other[:len(key)], len(key))


def names_by_card(kb: KnowledgeBase) -> dict[str, list[tuple[str, str]]]:
    """English name -> its names ``(lang, name)`` in every language, English first (once per build, ``kb.memo``)."""
    if "card_names_by_card" not in kb.memo:
        by_card: dict[str, list[tuple[str, str]]] = {}
        for english, lang, held in sorted(card_names(kb), key=lambda row: row[1] != "en"):
            if (lang, held) not in by_card.setdefault(english, []):
                by_card[english].append((lang, held))
        kb.memo.setdefault("card_names_by_card", by_card)
    return kb.memo["card_names_by_card"]


def _exact(kb: KnowledgeBase, name: str, wanted: str, active: dict) -> CardRecord | None:
    rows = [r for r in kb.cards_named(name, any_case=True) if r.doc_id in active and fold(r.card.name) == wanted]
    if rows:
        return rows[0]
    # A name in another language: narrow the cards by the longest ASCII run of the name (the store
    # matches ASCII case-insensitively), then compare folded names exactly. A run may hold a folded
    # accent ("ecuyere" for "Écuyère"): try the runs longest first.
    for run in sorted(set(_ASCII_RUN.findall(name)), key=len, reverse=True)[:4]:
        for record in kb.cards_with_foreign(run):
            if record.doc_id in active and any(fold(f[1]) == wanted for f in record.card.foreign):
                return record
    return None


def face_names(name: str) -> tuple[str, ...]:
    """The folded names of a card's faces (``Incubation // Incongruity`` -> both; one name -> itself)."""
    return tuple(fold(face.strip()) for face in name.split("//"))


def cards_with_face(names: list[tuple[str, str, str]], name: str) -> list[str]:
    """English names of the multi-face cards (split, adventure, double-faced) one of whose faces, in
    any language, is ``name``, or whose faces are those of ``name`` (``Incubation//Incongruity``).
    ``names`` is :meth:`~kb.store.KnowledgeBase.card_names`."""
    wanted = face_names(name)
    found: list[str] = []
    for english, _lang, held in names:
        faces = face_names(held) if "//" in held else ()
        if faces and (faces == wanted or (len(wanted) == 1 and wanted[0] in faces)) and english not in found:
            found.append(english)
    return sorted(found)


def card_names(kb: KnowledgeBase) -> list[tuple[str, str, str]]:
    """:meth:`~kb.store.KnowledgeBase.card_names`, read once per build (``kb.memo``)."""
    if "card_names" not in kb.memo:
        kb.memo.setdefault("card_names", kb.card_names())
    return kb.memo["card_names"]


def _name_keys(kb: KnowledgeBase, names: list[tuple[str, str, str]] | None) -> list[tuple[str, str]]:
    """``(English name, match key of a name)`` for every name of every card (made once per build,
    ``kb.memo``; ``names`` given: for those)."""
    if names is not None and names is not kb.memo.get("card_names"):
        return [(english, match_key(held)) for english, _lang, held in names]
    if "card_name_keys" not in kb.memo:
        keys = list(dict.fromkeys((english, match_key(held)) for english, _lang, held in card_names(kb)))
        kb.memo.setdefault("card_name_keys", keys)
    return kb.memo["card_name_keys"]


def _sorted_name_keys(kb: KnowledgeBase) -> tuple[list[str], list[str]]:
    """The match keys of every name of every card in order, and the English name of each (made
    once per build, ``kb.memo``): the names starting so are found by bisection, not by reading all."""
    if "card_name_keys_sorted" not in kb.memo:
        pairs = sorted((other, english) for english, other in _name_keys(kb, None))
        kb.memo.setdefault("card_name_keys_sorted", ([k for k, _e in pairs], [e for _k, e in pairs]))
    return kb.memo["card_name_keys_sorted"]


def cards_starting(kb: KnowledgeBase, name: str) -> list[str]:
    """English names of the cards one of whose names (any language) starts with ``name`` as whole
    words (``Ragavan`` -> *Ragavan, Nimble Pilferer*), sorted; none for a name under 3 letters."""
    key = match_key(name)
    if len(key) < 3:
        return []
    return sorted({english for other, english in _keys_starting(kb, key) if not other[len(key):len(key) + 1].isalnum()})


def near_card_names(kb: KnowledgeBase, name: str, names: list[tuple[str, str, str]] | None = None,
                    word_hints: bool = True) -> tuple[list[str], list[str]]:
    """English names of the cards one of whose names is the nearest spelling of ``name`` (within
    :func:`~kb.text.typo_allowance`), and, as hints, of those with a name starting with ``name``
    (else with its first word). Over the build's names (``names`` None), only the names of a near
    length are compared and the others found by bisection; over ``names`` given, each is read. With
    none of these, the hints are the cards whose names start with words near those typed
    (:func:`cards_near_words`; not with ``word_hints`` False)."""
    key = match_key(name)
    first = key.split(" ")[0]
    allowed = typo_allowance(key)
    if names is not None and names is not kb.memo.get("card_names"):
        pairs = _name_keys(kb, names)
        near = _nearest(pairs, key, allowed)
        starting = {english for english, other in pairs if len(key) >= 3 and other.startswith(key)}
        same_first = {english for english, other in pairs if len(first) >= 3 and other.split(" ")[0] == first}
    else:
        near = _nearest(_keys_near_length(kb, len(key), allowed), key, allowed)
        starting = {english for _other, english in _keys_starting(kb, key)} if len(key) >= 3 else set()
        same_first = {english for other, english in _keys_starting(kb, first)
                      if other == first or other[len(first)] == " "} if len(first) >= 3 else set()
    hints = sorted(starting or same_first)
    if word_hints and not near and not hints:  # Ragavn: the start of Ragavan, Nimble Pilferer mistyped
        hints = cards_near_words(kb, name)
    return near, hints


def _nearest(pairs: Iterable[tuple[str, str]], key: str, allowed: int) -> list[str]:
    """The English names of ``pairs`` (English name, match key) whose key is the nearest to ``key``
    within ``allowed`` edits, in the order of ``pairs``."""
    best, near = allowed + 1, []
    if not allowed:
        return near
    for english, other in pairs:
        if abs(len(other) - len(key)) > allowed:
            continue
        distance = edit_distance(key, other, allowed)
        if distance < best:
            best, near = distance, [english]
        elif distance == best and distance <= allowed and english not in near:
            near.append(english)
    return near


def _keys_near_length(kb: KnowledgeBase, length: int, allowed: int) -> list[tuple[str, str]]:
    """The build's ``(English name, match key)`` pairs whose key is within ``allowed`` of ``length``
    characters long, in the order of :func:`_name_keys` (by length once per build, ``kb.memo``)."""
    if "card_name_keys_by_length" not in kb.memo:
        by_length: dict[int, list[tuple[int, str, str]]] = {}
        for at, (english, other) in enumerate(_name_keys(kb, None)):
            by_length.setdefault(len(other), []).append((at, english, other))
        kb.memo.setdefault("card_name_keys_by_length", by_length)
    by_length = kb.memo["card_name_keys_by_length"]
    found = sorted(item for size in range(length - allowed, length + allowed + 1) for item in by_length.get(size, ()))
    return [(english, other) for _at, english, other in found]


def _keys_starting(kb: KnowledgeBase, prefix: str) -> Iterator[tuple[str, str]]:
    """``(match key, English name)`` of the build's card names whose key starts with ``prefix``, by bisection."""
    keys, englishes = _sorted_name_keys(kb)
    for at in range(bisect.bisect_left(keys, prefix), len(keys)):
        if not keys[at].startswith(prefix):
            return
        yield keys[at], englishes[at]


@dataclass(frozen=True)
class Candidates:
    """The cards a name that opens none may mean: ``faces``, the cards one of whose faces is so
    named (``Fire``: *Fire // Ice*, *Start // Fire*); ``starting``, those with a name starting with
    it as whole words (``Jace``: *Jace, the Mind Sculptor*, *Jace Beleren*, …), the faces' left out;
    ``holding``, when neither, those with a name holding it as whole words (``Pilferer``). Each list
    most printed first (then by name); ``printings`` counts each card's sets; ``labels`` names each
    card in the language typed, the English beside (:func:`name_labels`)."""

    faces: list[str]
    starting: list[str]
    printings: dict[str, int]
    holding: list[str] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.faces or self.starting or self.holding)


def card_candidates(kb: KnowledgeBase, name: str) -> Candidates:
    """The :class:`Candidates` for ``name`` (none when it names no face and neither starts nor holds
    a card's name)."""
    faces = cards_with_face(card_names(kb), name)
    starting = [card for card in cards_starting(kb, name) if card not in faces]
    holding = [] if faces or starting else cards_holding(kb, name)
    counts = printing_counts(kb, faces + starting + holding)

    def ranked(names: list[str]) -> list[str]:
        return sorted(names, key=lambda card: (-counts.get(card, 0), fold(card)))

    return Candidates(ranked(faces), ranked(starting), counts, ranked(holding),
                      name_labels(kb, name, faces + starting + holding))


def printing_counts(kb: KnowledgeBase, names: list[str]) -> dict[str, int]:
    """How many sets of the active documents print each card of ``names`` (by English name)."""
    active = {doc_id for doc_id, doc in kb.documents().items() if doc.active}
    counts = {}
    for name in names:
        records = [r for r in kb.cards_named(name) if r.doc_id in active]
        counts[name] = len({s for r in records for s in r.card.sets}) or len(records)
    return counts


def card_json(kb: KnowledgeBase, name: str, active: dict[str, DocumentInfo], match: str = "exact") -> dict[str, Any]:
    """The card with English name ``name`` merged over every active document holding it
    (sets differ in languages), with its rulings and its keywords' rules."""
    # the newest card data first (MTGJSON's current AtomicCards before a set file of 2022): its wording is shown
    records = sorted((r for r in kb.cards_named(name) if r.doc_id in active),
                     key=lambda r: active[r.doc_id].effective_date or "", reverse=True)
    card = _merged([r.card for r in records])
    foreign = printed_texts(kb, records)
    return {
        "name": name, "match": match,
        "names": {"en": name, **{lang: f["name"] for lang, f in foreign.items() if f["name"]}},
        "mana_cost": card.mana_cost, "type": card.type, "power": card.power, "toughness": card.toughness,
        "loyalty": card.loyalty, "defense": card.defense, "text": card.text, "keywords": list(card.keywords),
        "foreign": foreign,
        "sets": list(dict.fromkeys(s for r in records for s in r.card.sets)),
        "sources": [source_info(active[r.doc_id]) for r in records],
        # the English text is the card data's (MTGJSON's Oracle text as of its date), the others printed
        "text_date": max((active[r.doc_id].effective_date or "" for r in records), default="") or None,
        "rulings": card_rulings(kb, name, active),
        "rules": keyword_rules(kb, card.keywords),
        "ruling_rules": ruling_rules(kb, name),
    }


def printed_texts(kb: KnowledgeBase, records: list[CardRecord]) -> dict[str, dict[str, Any]]:
    """Each language's printed name, type and text, from the newest printing that has a text
    (else the newest that names the card), with that printing (``set``, ``set_name``, ``date``)."""
    dated = sorted(((_printing(kb, r), r) for r in records), key=lambda pair: pair[0]["date"] or "", reverse=True)
    found: dict[str, dict[str, Any]] = {}
    for printing, record in dated:
        for lang, n, t, x in record.card.foreign:
            held = found.get(lang)
            if held is None or (x and not held["text"]):
                found[lang] = {"name": n, "type": t, "text": x, "printed": True, "printing": printing}
    return {lang: found[lang] for lang in LANGUAGES if lang in found}


def _printing(kb: KnowledgeBase, record: CardRecord) -> dict[str, Any]:
    """The newest set of ``record`` (its sets are newest first) with its name and release date."""
    code = record.card.sets[0] if record.card.sets else ""
    rows = {row.get("code"): row for row in kb.document_meta(record.doc_id).get("sets", []) if isinstance(row, dict)}
    row = rows.get(code, {})
    return {"set": code or None, "set_name": row.get("name"), "date": row.get("release_date")}


def _merged(cards: list[Card]) -> Card:
    """The first record's wording, its blanks filled from the others."""
    if not cards:
        return Card("")
    first = cards[0]
    fields = ("type", "text", "mana_cost", "power", "toughness", "loyalty", "defense")
    filled = {f: getattr(first, f) or next((getattr(c, f) for c in cards if getattr(c, f)), "") for f in fields}
    keywords = tuple(dict.fromkeys(k for c in cards for k in c.keywords))
    return Card(first.name, filled["type"], filled["text"], mana_cost=filled["mana_cost"], power=filled["power"],
                toughness=filled["toughness"], loyalty=filled["loyalty"], defense=filled["defense"],
                keywords=keywords)


def card_rulings(kb: KnowledgeBase, name: str, active: dict[str, DocumentInfo]) -> list[dict[str, Any]]:
    """Every ruling on the card once (the same text from several sets or printings is one ruling),
    by date, each with the translations aligned to it."""
    translations = ruling_translations(kb)
    rulings: dict[str, dict[str, Any]] = {}
    for record in kb.card_rulings(name):
        ruling = record.ruling
        key = match_key(ruling.text)
        if record.doc_id not in active or key in rulings:
            continue
        if is_heading(ruling.text):  # MTGJSON's "---------- The following rulings focus on … ----------"
            rulings[key] = {"heading": heading_text(ruling.text), "text": ruling.text}
            continue
        found = [{"lang": lang, "text": text, "provenance": prov} for lang, text, prov in ruling.translations]
        found += [t for t in translations.get(key, []) if all(t["text"] != f["text"] for f in found)]
        rulings[key] = {"date": ruling.date, "text": ruling.text, "lang": ruling.lang, "source": ruling.source,
                        "provenance": ruling.provenance, "document": source_info(active[record.doc_id]),
                        "translations": found}
    return list(rulings.values())


def keyword_rules(kb: KnowledgeBase, keywords: tuple[str, ...] | list[str]) -> list[dict[str, Any]]:
    """The rules the card's keywords cite (``Vigilance`` → 702.20), each with its keyword: the
    keyword ability or action titled so, else the vocabulary's rules for it (an ability word: 207.2c)."""
    titled = keyword_numbers(kb)
    numbers = {kw: [titled[fold(kw)]] for kw in keywords if fold(kw) in titled}
    others = [kw for kw in keywords if kw not in numbers]
    concepts = {kw: [m.concept for m in default_vocabulary().matches(kw, "en") if m.name.lang == "en"]
                for kw in others}
    heads = rule_heads(kb, [n for found in numbers.values() for n in found]
                       + [n for found in concepts.values() for c in found for n in c.rules])
    rules: list[dict[str, Any]] = []
    for keyword in keywords:
        found = [heads[n] for n in numbers.get(keyword, []) if n in heads] or concept_rules(concepts.get(keyword, []),
                                                                                             heads)
        rules += [{"keyword": keyword, **head} for head in found if all(r["number"] != head["number"] for r in rules)]
    return rules


def keyword_numbers(kb: KnowledgeBase) -> dict[str, str]:
    """Folded English name -> number of the keyword actions and abilities (701.x, 702.x) titled so,
    read once per build (``kb.memo``: every card page asks)."""
    if "keyword_numbers" not in kb.memo:
        kb.memo.setdefault("keyword_numbers", {fold(name): number for number, name, lang in kb.named_rules()
                                               if lang == "en" and number.startswith(("701.", "702."))})
    return kb.memo["keyword_numbers"]


def ruling_rules(kb: KnowledgeBase, name: str) -> list[dict[str, Any]]:
    """The rules the card's rulings are linked to (*Magister of Worth*'s vote rulings: 701.38 Vote,
    though Vote is none of its MTGJSON keywords), each with how many of its rulings link there."""
    counts = kb.card_ruling_rules(name)
    heads = rule_heads(kb, counts)
    return [{**heads[number], "rulings": count} for number, count in counts.items() if number in heads]
