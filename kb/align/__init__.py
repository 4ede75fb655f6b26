"""Cross-language alignment: every foreign text's English counterpart, and how sure it is.

:func:`align` is a pure function of the parsed documents (it reads nothing but the
curated core file, writes nothing). Foreign rules are aligned to every official English
rules release among them (format ``cr-text``), each its own numbering; the *reference* is
the newest, the numbering lookups use by default. The steps, one module each:

* :mod:`~kb.align.learn`: a lexicon learned from the parallel card texts, then again
  with the aligned rules added (:mod:`~kb.align.lexicon` holds the stems and the
  lexicon, :mod:`~kb.align.core` the curated terms it is checked against);
* :mod:`~kb.align.rules`: rules by number checked by content, renumbered by content,
  or left unaligned; subrules, headings and examples with them;
* :mod:`~kb.align.releases`: the English releases, a translator's declared numbers, and the
  reference's numbers of every other release's rules (for the rulings linked to them);
* :mod:`~kb.align.terms`: chapter titles, keyword pages, card names, ability words,
  glossary entries;
* :mod:`~kb.align.rulings`: foreign rulings to the English rulings they translate;
* :mod:`~kb.align.links`: rulings to the rules they clarify, on evidence (the keywords of
  :mod:`~kb.align.keywords` named outside the card names of :mod:`~kb.align.names`).

The result (:mod:`~kb.align.result`) carries a 0–1 confidence on every pair;
:mod:`~kb.align.eval` measures it against a hand-labelled gold set.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..model import Document
from ..vocabulary.core_terms import default_core_path, load_core
from .core import check_core
from .learn import LexiconLearner, build_lexicon, feed_aligned_rules, feed_card_texts
from .lexicon import Lexicon
from .links import link_rulings_to_rules
from .releases import (REFERENCE_LANG, Sides, align_declared, english_releases, reference_numbers,
                       vouched_numbers)
from .result import KINDS, Alignment, Pair, Placement, RuleLink, Unaligned
from .rules import Target, align_examples, align_rules
from .rulings import align_rulings
from .terms import (align_ability_words, align_card_names, align_chapter_titles, align_declared_terms, align_glossary,
                    align_keyword_pages)

__all__ = ["KINDS", "REFERENCE_LANG", "Alignment", "Pair", "Placement", "RuleLink", "Unaligned", "align",
           "default_core_path", "reference_document"]


def align(documents: Iterable[Document], core_path: Path | None = None) -> Alignment:
    """Align every non-English text of ``documents`` with its English counterpart."""
    docs = list(documents)
    path = core_path or default_core_path()
    core = load_core(path) if path.exists() else []
    result = Alignment(languages={d.id: d.lang for d in docs})
    releases = english_releases(docs)
    ref = releases[-1] if releases else None
    result.reference = ref.id if ref else None

    learners = {lang: LexiconLearner(lang) for lang in ("it", "fr")}
    feed_card_texts(docs, learners)
    result.lexicon = build_lexicon(core, learners)

    if ref is not None:
        foreign = [doc for doc in docs if doc.rules and doc.lang != ref.lang]
        targets = [Target(release) for release in releases[::-1]]  # the reference first
        sides = Sides()
        result.release_numbers = {release.id: reference_numbers(release, ref, sides) for release in releases[:-1]}
        for target in targets:
            placement = result.place(target.doc.id, target.doc.effective_date)
            for doc in foreign:
                if doc.provenance == "translator":
                    align_declared(doc, target, placement, sides, ref.effective_date)
                else:
                    align_rules(doc, target, placement, result.lexicon, vouched_numbers(result, doc, target.doc))
        feed_aligned_rules(docs, ref, result, learners)  # the lexicon is learned once, from the reference
        result.lexicon = build_lexicon(core, learners)
        for target in targets:
            for doc in foreign:
                align_examples(doc, target, result.placements[target.doc.id], result.lexicon)
        align_chapter_titles(docs, ref, result)
        align_keyword_pages(docs, ref, result)
    align_card_names(docs, result)
    align_ability_words(docs, result)
    if ref is not None:
        align_declared_terms(docs, ref, result)
        align_glossary(ref, core, result)
    align_rulings(docs, result)
    if ref is not None:
        link_rulings_to_rules(docs, ref, result)
    result.core_check = check_core(core, Lexicon([e for e in result.lexicon.entries if e.source == "learned"]))
    return result


def reference_document(docs: list[Document]) -> Document | None:
    """The newest official English rules release (format ``cr-text``), if any."""
    releases = english_releases(docs)
    return releases[-1] if releases else None
