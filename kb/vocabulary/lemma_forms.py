"""Italian, French and English word forms with their lemmas, so a question is read without a lemmatiser.

Reading an Italian or French question looks up the lemma of each word the word table does not
hold as written (``pesco`` → ``pescare``), and a word of the question's language is never
"corrected" into another (:func:`indexer.language.is_real_word`). This module lists, for the
50,000 most frequent words of each language (wordfreq), each word with its lemma by simplemma
(empty when the word is its own lemma), both folded, as derived data committed as
``corpus/lemma-forms.tsv``. Folded, the table also serves a question typed without accents
(``abbandonera`` → ``abbandonare``), which simplemma does not read, and spares a search loading
simplemma's dictionary for frequent words; a rarer form (``rilanciata``) is left to simplemma::

    python -m kb.vocabulary.lemma_forms -o corpus/lemma-forms.tsv
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, Iterable

from ..text import fold

LANGS = ("it", "fr", "en")
WORDS = 50_000  # the most frequent words of wordfreq per language


def lemma_forms(words: Iterable[str], lemmatize: Callable[[str], str]) -> dict[str, str]:
    """folded form → its folded lemma, or "" when the word is its own lemma, for each alphabetic word."""
    found: dict[str, str] = {}
    for word in words:
        if word.isalpha():
            form, lemma = fold(word), fold(lemmatize(word))
            found.setdefault(form, lemma if lemma != form and lemma.isalpha() else "")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.vocabulary.lemma_forms", description=__doc__.split("\n")[0])
    parser.add_argument("-o", "--output", type=Path, required=True, help="the TSV to write")
    args = parser.parse_args(argv)
    from importlib.metadata import version

    import simplemma
    import wordfreq

    header = [
        "mtgkb lemma forms: Italian, French and English word forms with their lemmas (derived data;",
        "see kb/vocabulary/lemma_forms.py; read by indexer/translation.py).",
        f"words: the {WORDS} most frequent of wordfreq {version('wordfreq')} per language; lemmas by simplemma "
        f"{version('simplemma')}; both folded",
        "command: python -m kb.vocabulary.lemma_forms -o corpus/lemma-forms.tsv",
        "lang\tform\tlemma (empty: the form is its own lemma)",
    ]
    lines = [f"# {h}" for h in header]
    for lang in LANGS:
        forms = lemma_forms(wordfreq.top_n_list(lang, WORDS), lambda w, lang=lang: simplemma.lemmatize(w, lang=lang))
        lines += [f"{lang}\t{form}\t{lemma}" for form, lemma in sorted(forms.items())]
    args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines) - len(header)} forms to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
