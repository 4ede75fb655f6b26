"""English word forms the Snowball stemmer parts from their lemma, joined to it.

Snowball stems *sacrifice* to ``sacrific`` but *sacrificed* to ``sacrif``, and leaves *lost*,
*dealt*, *paid* and *chosen* apart from *lose*, *deal*, *pay* and *choose*: a question's *lost*
would never meet the rules' *lose*. This module lists, for the frequent English words and the
words of a Comprehensive Rules release, each form whose stem differs from the stem of its lemma
(:mod:`simplemma`), where the lemma is a word of the rules. The search analysis
(:mod:`indexer.analysis`) stems such a form from its lemma. The list is derived data, committed
as ``corpus/english-forms.tsv``, so a search never loads simplemma's English dictionary
(0.4–0.9 s)::

    python -m kb.vocabulary.english_forms 'corpus/cr-en/MagicCompRules 20251114.txt' -o corpus/english-forms.tsv
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Callable, Iterable

WORDS = 50_000  # the most frequent English words of wordfreq considered, beside the rules' own
MIN_LENGTH = 4  # shorter forms are mostly chat spellings (ca, em, ur, ve)
# Words of their own the lemmatiser reads as another's form: *least* is not *less* (at least),
# *elder* not *old* (Elder Dragon), *bare* not *bear*, nor *gamer*, *inning*, *staid* the verb's.
NOT_FORMS = frozenset("bare elder gamer cola inning tanner staid offing outing canning loca least".split())


def english_forms(words: Iterable[str], rules_words: set[str], stem: Callable[[str], str],
                  lemmatize: Callable[[str], str]) -> dict[str, str]:
    """form → lemma for each of ``words`` whose stem is not its lemma's, the lemma a word of the rules."""
    found = {}
    for word in sorted(set(words)):
        if len(word) < MIN_LENGTH or word in NOT_FORMS:
            continue
        lemma = lemmatize(word)
        if lemma != word and lemma.isalpha() and len(lemma) > 2 and lemma in rules_words and stem(lemma) != stem(word):
            found[word] = lemma
    return found


def words_of(text: str) -> set[str]:
    """The lowercase alphabetic words of a text."""
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.vocabulary.english_forms", description=__doc__.split("\n")[0])
    parser.add_argument("release", type=Path, help="an English Comprehensive Rules text file")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the TSV to write")
    args = parser.parse_args(argv)
    from importlib.metadata import version

    import simplemma
    import wordfreq
    from whoosh.lang import stemmer_for_language

    from ..sources import read_source

    rules = words_of(read_source(args.release).text)
    frequent = [w for w in wordfreq.top_n_list("en", WORDS) if w.isalpha()]
    forms = english_forms([*frequent, *rules], rules, stemmer_for_language("en"),
                          lambda w: simplemma.lemmatize(w, lang="en"))
    header = [
        "mtgkb English forms: word forms the Snowball stemmer parts from their lemma, with that lemma",
        "(derived data; see kb/vocabulary/english_forms.py; read by indexer/analysis.py).",
        f"words: the {WORDS} most frequent of wordfreq {version('wordfreq')} and the words of {args.release.name};",
        f"lemmas by simplemma {version('simplemma')}, kept when the lemma is a word of the rules",
        "command: python -m kb.vocabulary.english_forms 'corpus/cr-en/MagicCompRules 20251114.txt' "
        "-o corpus/english-forms.tsv",
        "form\tlemma",
    ]
    lines = [f"# {h}" for h in header] + [f"{form}\t{lemma}" for form, lemma in forms.items()]
    args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(forms)} forms to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
