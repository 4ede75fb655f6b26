"""The curated core of the lexicon: ``corpus/lexicon-core.tsv``.

Official game terms (zones, card types, steps, keyword actions) in en/it/fr, one
per line as ``category<TAB>en<TAB>it<TAB>fr`` (``#`` comments). They enter the
lexicon as entries (:func:`core_entries`), name glossary terms, and are checked
against what was learned (:func:`check_core`: agree / disagree / unknown). The file is read by
:mod:`kb.vocabulary.core_terms`.
"""

from __future__ import annotations

from typing import Iterable

from ..vocabulary.core_terms import CoreTerm
from .lexicon import Lexicon, LexiconEntry, content_stems


def core_entries(terms: Iterable[CoreTerm]) -> list[LexiconEntry]:
    """Core terms as lexicon entries: the whole term and, for one-word terms, its stem."""
    out = []
    for term in terms:
        for lang, foreign in (("it", term.it), ("fr", term.fr)):
            e_stems, f_stems = content_stems(term.en, "en"), content_stems(foreign, lang)
            if len(e_stems) == 1 and len(f_stems) == 1:
                out.append(LexiconEntry(lang, e_stems[0], f_stems[0], 1.0, 0, "core", term.en.lower(),
                                        foreign.lower()))
            elif len(e_stems) == 1:
                for f in f_stems:
                    out.append(LexiconEntry(lang, e_stems[0], f, 0.5, 0, "core", term.en.lower(), foreign.lower()))
    return out


def check_core(terms: Iterable[CoreTerm], learned: Lexicon) -> list[dict]:
    """For each core term and language: does the learned lexicon agree, disagree or not know?

    Agree: some English stem of the term links to some foreign stem of its translation.
    Disagree: the learned lexicon knows the English stems but links none of them to the
    translation. Unknown: it has no entry for the English stems.
    """
    report = []
    for term in terms:
        for lang, foreign in (("it", term.it), ("fr", term.fr)):
            e_stems, f_stems = content_stems(term.en, "en"), set(content_stems(foreign, lang))
            known = [e for e in e_stems if learned.translations(e, lang)]
            agree = any(f in learned.translations(e, lang) for e in e_stems for f in f_stems)
            verdict = "agree" if agree else ("disagree" if known else "unknown")
            learned_best = sorted({w for e in known for w in learned.translations(e, lang)})[:4]
            report.append({"category": term.category, "en": term.en, "lang": lang, "term": foreign,
                           "verdict": verdict, "learned": learned_best})
    return report
