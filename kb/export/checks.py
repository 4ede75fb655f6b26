"""What an imported target text must be to count as a translation: checks on the text alone.

A CAT tool or a script can leave in a target what is not a translation: the English itself
(``msgen``, "copy source to target", a pre-filled XLIFF), a paragraph with some sentences still
in English, pretty-printing white space, or only invisible characters. These functions say so;
:mod:`kb.export.importer` decides what becomes of the unit.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache

from ..text import rule_numbers_in
from .staleness import same_text

# White space a CAT tool adds or re-wraps; NO-BREAK SPACE and NARROW NO-BREAK SPACE are typography
# (French « », 10 000) and stay as they are.
_WRAPPED_SPACE = re.compile(r"[^\S\u00a0\u202f]+")
SHORT_WORDS = 3  # a text of at most this many words may be the same in both languages (Vigilance, Flash)
_SENTENCE_END = re.compile(r"(?<=[.!?;:])[\"”’»)]*\s+")
MIN_SENTENCE_WORDS = 5  # a shorter sentence may well be the same in both languages ("See rule 702.19.")


def normal_target(target: str, source: str) -> str:
    """``target`` with the white space a tool added or re-wrapped made single spaces, the ends trimmed;
    line breaks are kept only where the source has them (glossary definitions of several senses),
    one per line of text. NBSP and U+202F are kept."""
    lines = [_WRAPPED_SPACE.sub(" ", line).strip() for line in target.splitlines()]
    lines = [line for line in lines if line]
    return ("\n" if "\n" in source.strip() else " ").join(lines)


def is_copy_of_source(target: str, source: str, lang: str | None = None) -> bool:
    """The target is the source text itself, and not a name both languages share: longer than
    :data:`SHORT_WORDS` words, or (given the target language ``lang``) a short text the game's vocabulary does
    not know as a name in ``lang`` (French *Vigilance*, *Flash* are names; Italian *Trample*, a title
    ``msgen`` copied, is not)."""
    if not same_text(target, source):
        return False
    return len(source.split()) > SHORT_WORDS or (lang is not None and not is_name_in(target, lang))


def is_name_in(text: str, lang: str) -> bool:
    """Whether the game's vocabulary knows ``text`` as a name in ``lang``."""
    from ..vocabulary import default_vocabulary, name_key

    key = name_key(text, lang)
    return any(name_key(name.text, lang) == key for concept in default_vocabulary().lookup(text, lang)
               for name in concept.names_in(lang, obsolete=True))


def invisible_only(text: str) -> bool:
    """The text holds no visible character: only spaces, control or format characters (U+200B, U+00AD…)."""
    return not any(unicodedata.category(char)[0] not in "CZ" for char in text)


def control_character(text: str) -> str | None:
    """The first control character of ``text`` other than a line break or tab, as U+XXXX; None if none."""
    for char in text:
        if unicodedata.category(char) == "Cc" and char not in "\n\t":
            return f"U+{ord(char):04X}"
    return None


def sentences(text: str) -> list[str]:
    """The sentences of a text, split after . ! ? ; : and any closing quote."""
    return [part.strip() for part in _SENTENCE_END.split(text.strip()) if part.strip()]


def untranslated_sentences(target: str, source: str) -> list[str]:
    """The sentences of ``target`` that are sentences of ``source`` left as they were (long enough not
    to be the same in both languages): signs of a paragraph translated only in part."""
    english = {" ".join(s.split()) for s in sentences(source) if len(s.split()) >= MIN_SENTENCE_WORDS}
    return [s for s in sentences(target) if " ".join(s.split()) in english]


def lost_characters(text: str, expected: str) -> str | None:
    """The characters of ``expected`` that ``text`` holds as ``?`` (saved in an encoding without them, such as
    Windows-1252: ``∞`` -> ``?``), as ``∞, −``; None when that does not explain the difference."""
    if "?" not in text:
        return None
    lost = [char for char in dict.fromkeys(expected) if char != "?" and not _in_cp1252(char)]
    if not lost:
        return None
    flattened = "".join("?" if char in lost else char for char in expected)
    return ", ".join(lost) if same_text(flattened, text) else None


def _in_cp1252(char: str) -> bool:
    try:
        char.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


_SYMBOL = re.compile(r"\{[^{}\s]{1,8}\}")


def differences(target: str, source: str) -> list[str]:
    """What a CAT tool's QA check would flag between a source and its translation: mana and tap symbols
    (``{T}``, ``{2}{W}``) and rule references (``302.6``) that are not the same in both, one line each."""
    found = []
    for what, pick in (("symbols", _SYMBOL.findall), ("rule references", rule_numbers_in)):
        english, translated = Counter(pick(source)), Counter(pick(target))
        if english != translated:
            lost = ", ".join(sorted((english - translated).elements())) or "none"
            added = ", ".join(sorted((translated - english).elements())) or "none"
            found.append(f"{what} differ from the English: {lost} in the English, {added} in the translation")
    return found


LANGUAGE_SAMPLE = 200  # the targets read by the language identifier, spread over the file
MIN_LANGUAGE_WORDS = 5  # shorter texts (names, titles) are too short to tell the language


@lru_cache(maxsize=1)
def _identifier():
    from lingua import Language, LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_languages(Language.ITALIAN, Language.FRENCH, Language.ENGLISH) \
        .with_low_accuracy_mode().build()


def languages_read(texts: list[str]) -> Counter[str]:
    """How many of ``texts`` (those long enough, at most :data:`LANGUAGE_SAMPLE` spread over the list)
    the language identifier reads as it, fr or en."""
    long = [text for text in texts if len(text.split()) >= MIN_LANGUAGE_WORDS]
    step = max(1, len(long) // LANGUAGE_SAMPLE)
    found: Counter[str] = Counter()
    for text in long[::step][:LANGUAGE_SAMPLE]:
        language = _identifier().detect_language_of(text)
        if language is not None:
            found[language.iso_code_639_1.name.lower()] += 1
    return found


SURE_OTHER = 0.9  # one text is said to read as another language only when the identifier is this sure


def read_as_other(text: str, lang: str) -> str | None:
    """The other language (it, fr or en) one text reads as, when it is long enough to tell and the identifier
    is sure (:data:`SURE_OTHER`); None when it reads as ``lang`` or cannot be told."""
    if len(text.split()) < MIN_LANGUAGE_WORDS:
        return None
    values = _identifier().compute_language_confidence_values(text)
    if not values or values[0].value < SURE_OTHER:
        return None
    found = values[0].language.iso_code_639_1.name.lower()
    return found if found != lang else None


def hidden_characters(text: str) -> list[str]:
    """The invisible format characters inside ``text`` (U+200B zero width space, U+00AD soft hyphen…), as
    U+XXXX, each once: they break searching and copying, and no translation needs them."""
    return sorted({f"U+{ord(char):04X}" for char in text if unicodedata.category(char) == "Cf"})


def other_language(texts: list[str], lang: str) -> tuple[str, int, int] | None:
    """(language, how many, of how many read) when most of ``texts`` read as another language than
    ``lang``: a file labelled with the wrong language; None when they read as ``lang`` or too few
    are long enough to tell (fewer than 3)."""
    found = languages_read(texts)
    judged = sum(found.values())
    if judged < 3:
        return None
    best, count = found.most_common(1)[0]
    return (best, count, judged) if best != lang and count * 2 > judged else None


__all__ = ["control_character", "differences", "hidden_characters", "languages_read", "read_as_other", "lost_characters", "other_language", "invisible_only", "is_copy_of_source", "normal_target", "sentences",
           "untranslated_sentences"]
