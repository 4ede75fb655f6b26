"""Stems and the bilingual lexicon (English ↔ Italian, English ↔ French) that compares them.

Words are compared as light *stems* (:func:`stem`: accents folded, lower case,
a few inflection endings cut, at most :data:`STEM_LENGTH` characters), so
``votare``/``voto``/``voti`` meet as ``vot`` and ``vote``/``votes``/``voting``
as ``vot``. A :class:`Lexicon` holds stem translations both ways (learned by
:mod:`kb.align.learn`, curated in :mod:`kb.align.core`); :func:`overlap` and
:func:`weighted_overlap` say how well two stem lists translate each other,
counting known translations and cognates (``risolv``/``resolv``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..text import fold, is_stopword, words

STEM_LENGTH = 6

_NUMBER_WORDS = {
    "en": "zero one two three four five six seven eight nine ten",
    "it": "zero uno due tre quattro cinque sei sette otto nove dieci",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix",
}
NUMBER_WORDS = {lang: {w: str(i) for i, w in enumerate(names.split())} for lang, names in _NUMBER_WORDS.items()}
NUMBER_WORDS["it"]["una"] = "1"
NUMBER_WORDS["fr"]["une"] = "1"

_EN_SUFFIXES = ("ies", "ing", "ed", "es", "s")
_IT_SUFFIXES = ("zioni", "zione", "mente", "ando", "endo", "are", "ere", "ire", "ato", "ata", "ati", "ate")
_FR_SUFFIXES = ("ements", "ement", "ent", "es", "er", "ez", "s", "e")


@lru_cache(maxsize=200_000)
def stem(word: str, lang: str) -> str:
    """A light stem: enough for ``vote``/``voting`` or ``giocatore``/``giocatori`` to meet."""
    w = fold(word)
    if w.isdigit():
        return w
    if lang == "en":
        if w.endswith("ies") and len(w) > 4:
            w = w[:-3] + "y"
        else:
            for suffix in _EN_SUFFIXES[1:]:
                if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("ss"):
                    w = w[: -len(suffix)]
                    break
        if w.endswith("e") and len(w) > 3:
            w = w[:-1]
    elif lang == "it":
        for suffix in _IT_SUFFIXES:
            if w.endswith(suffix) and len(w) - len(suffix) >= 3:
                w = w[: -len(suffix)] + ("z" if "z" in suffix else "")
                break
        w = w.rstrip("aeiou") if len(w.rstrip("aeiou")) >= 3 else w
    else:
        for suffix in _FR_SUFFIXES:
            if w.endswith(suffix) and len(w) - len(suffix) >= 3:
                w = w[: -len(suffix)]
                break
    return w[:STEM_LENGTH]


def content_stems(text: str, lang: str) -> list[str]:
    """Stems of the content words of ``text`` (stop words out, number words as digits)."""
    numbers = NUMBER_WORDS.get(lang, {})
    out = []
    for word in words(text, lang):
        if word in numbers:
            out.append(numbers[word])
        elif not is_stopword(word, lang) and (len(word) > 1 or word.isdigit()):
            out.append(stem(word, lang))
    return out


@lru_cache(maxsize=500_000)
def cognate(a: str, b: str) -> bool:
    """Two stems that look alike (``risolv``/``resolv``, ``opzion``/``option``)."""
    if a == b:
        return True
    if a.isdigit() or b.isdigit() or min(len(a), len(b)) < 3:
        return False
    short, long_ = sorted((a, b), key=len)
    if long_.startswith(short):
        return True
    if len(short) < 4:
        return False
    if _skeleton(a) == _skeleton(b) and len(_skeleton(a)) == 3 and a[0] == b[0]:
        return True  # same first three consonants: risposta/response, risultato/result
    ga = {a[i:i + 2] for i in range(len(a) - 1)}
    gb = {b[i:i + 2] for i in range(len(b) - 1)}
    return a[0] == b[0] and 2 * len(ga & gb) / (len(ga) + len(gb)) >= 0.55


def _skeleton(stem: str) -> str:
    return "".join(c for c in stem if c not in "aeiouy")[:3]


@dataclass(frozen=True, slots=True)
class LexiconEntry:
    lang: str  # the other language (it, fr)
    en: str  # English stem
    foreign: str  # foreign stem
    score: float
    count: int
    source: str  # learned, core
    en_word: str = ""  # most frequent surface forms, for display and search
    foreign_word: str = ""


@dataclass
class Lexicon:
    """Stem translations both ways, per language pair."""

    entries: list[LexiconEntry] = field(default_factory=list)
    _forward: dict[tuple[str, str], dict[str, float]] = field(default_factory=dict, repr=False)
    _backward: dict[tuple[str, str], dict[str, float]] = field(default_factory=dict, repr=False)
    _links: dict[tuple[str, str, str], bool] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for entry in list(self.entries):
            self._index(entry)

    def _index(self, entry: LexiconEntry) -> None:
        fwd = self._forward.setdefault((entry.lang, entry.en), {})
        fwd[entry.foreign] = max(entry.score, fwd.get(entry.foreign, 0.0))
        back = self._backward.setdefault((entry.lang, entry.foreign), {})
        back[entry.en] = max(entry.score, back.get(entry.en, 0.0))

    def add(self, entry: LexiconEntry) -> None:
        self.entries.append(entry)
        self._index(entry)
        self._links.clear()

    def translations(self, en_stem: str, lang: str) -> dict[str, float]:
        return self._forward.get((lang, en_stem), {})

    def sources(self, foreign_stem: str, lang: str) -> dict[str, float]:
        return self._backward.get((lang, foreign_stem), {})

    def links(self, en_stem: str, foreign_stem: str, lang: str) -> bool:
        """Known translation (also of a longer or shorter form of the stem), or a cognate."""
        key = (lang, en_stem, foreign_stem)
        hit = self._links.get(key)
        if hit is None:
            translations = self.translations(en_stem, lang)
            hit = self._links[key] = (foreign_stem in translations or cognate(en_stem, foreign_stem)
                                      or any(cognate(t, foreign_stem) for t in translations))
        return hit

    def __len__(self) -> int:
        return len(self.entries)


def weighted_overlap(foreign: list[str], english: list[str], lang: str, lexicon: Lexicon,
                     weight: dict[str, float], default: float, english_share: float = 0.65) -> float:
    """Like :func:`overlap`, but each English stem counts by ``weight`` (say its IDF) and the
    English side's coverage counts ``english_share`` of the score: a translation may add words,
    it should not leave the original's rare words out."""
    if not foreign or not english:
        return 0.0
    f_set, e_set = set(foreign), set(english)
    matched_e: set[str] = set()
    f_total = f_matched = 0.0
    for f in f_set:
        hits = {e for e in e_set if lexicon.links(e, f, lang)}
        w = max((weight.get(e, default) for e in hits), default=default)
        f_total += w
        if hits:
            f_matched += w
            matched_e |= hits
    e_total = sum(weight.get(e, default) for e in e_set)
    e_cov = sum(weight.get(e, default) for e in matched_e) / e_total if e_total else 0.0
    f_cov = f_matched / f_total if f_total else 0.0
    return english_share * e_cov + (1 - english_share) * f_cov


def overlap(foreign: list[str], english: list[str], lang: str, lexicon: Lexicon) -> float:
    """How well two stem lists translate each other: the harmonic mean of the share of
    foreign stems with a counterpart among the English ones, and the reverse (0–1)."""
    if not foreign or not english:
        return 0.0
    f_set, e_set = set(foreign), set(english)
    matched_e: set[str] = set()
    matched_f = 0
    for f in f_set:
        hits = {e for e in e_set if lexicon.links(e, f, lang)}
        if hits:
            matched_f += 1
            matched_e |= hits
    a, b = matched_f / len(f_set), len(matched_e) / len(e_set)
    return 0.0 if a + b == 0 else 2 * a * b / (a + b)
