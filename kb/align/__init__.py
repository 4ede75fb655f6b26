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

The translators' imports (provenance ``translator``) come last, on top of the sources'
alignment (:func:`align_translations`): they are placed where their files declare, never
feed the lexicon, and change nothing of what the sources were aligned to, so an import
aligns only its own texts (:mod:`kb.incremental`).

The result (:mod:`~kb.align.result`) carries a 0–1 confidence on every pair;
:mod:`~kb.align.eval` measures it against a hand-labelled gold set.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..forked import in_child
from ..model import Document
from ..vocabulary.core_terms import CoreTerm, default_core_path, load_core
from .core import check_core
from .learn import LexiconLearner, build_lexicon, feed_aligned_rules, feed_card_texts
from .lexicon import Lexicon
from .links import english_links, link_rulings_to_rules
from .releases import (REFERENCE_LANG, Sides, align_declared, english_releases, reference_numbers,
                       vouched_numbers)
from .result import KINDS, Alignment, Pair, Placement, RuleLink, Unaligned
from .rules import Target, align_examples, align_rules
from .rulings import align_rulings
from .terms import (align_ability_words, align_card_names, align_chapter_titles, align_declared_terms, align_glossary,
                    align_glossary_titles, align_keyword_pages, glossary_known)

__all__ = ["KINDS", "REFERENCE_LANG", "Alignment", "Pair", "Placement", "RuleLink", "Unaligned", "align",
           "align_sources", "align_translations", "default_core_path", "english_releases", "read_core",
           "reference_document", "split_translations"]


# From this many English rulings, their links are made in a forked child (kb.forked) while the rest aligns:
# the scale corpus's 95,000 take 3 to 4 s, the embedded corpus's few thousand not worth a process.
FORK_RULINGS = 20_000


def _english_rulings(docs: list[Document]) -> int:
    return sum(1 for doc in docs for ruling in doc.rulings if ruling.lang == "en")


def align(documents: Iterable[Document], core_path: Path | None = None) -> Alignment:
    """Align every non-English text of ``documents`` with its English counterpart: the sources'
    texts (:func:`align_sources`), then the translators' imports on top (:func:`align_translations`)."""
    sources, translations = split_translations(documents)
    core = read_core(core_path)
    result = align_sources(sources, core)
    align_translations(result, translations, english_releases(sources), core)
    return result


def split_translations(documents: Iterable[Document]) -> tuple[list[Document], list[Document]]:
    """The sources, and the translators' imports (provenance ``translator``), each in their order."""
    docs = list(documents)
    return ([d for d in docs if d.provenance != "translator"], [d for d in docs if d.provenance == "translator"])


def read_core(core_path: Path | None = None) -> list[CoreTerm]:
    """The curated core terms (``lexicon-core.tsv`` of the embedded corpus by default; none if it is missing)."""
    path = core_path or default_core_path()
    return load_core(path) if path.exists() else []


def align_sources(docs: list[Document], core: list[CoreTerm]) -> Alignment:
    """Align the sources (no translator's import among them): what an import never changes, so an
    import aligns only its own texts on top of it (:func:`align_translations`)."""
    result = Alignment(languages={d.id: d.lang for d in docs})
    releases = english_releases(docs)
    ref = releases[-1] if releases else None
    result.reference = ref.id if ref else None

    # the English rulings' links need nothing of what follows: on a large corpus, a child makes them meanwhile
    english = in_child(english_links, docs, ref) if ref is not None and _english_rulings(docs) >= FORK_RULINGS \
        else None
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
        align_glossary(ref, core, result)
    align_rulings(docs, result)
    if ref is not None:
        link_rulings_to_rules(docs, ref, result, english=english() if english is not None else None)
    result.core_check = check_core(core, Lexicon([e for e in result.lexicon.entries if e.source == "learned"]))
    return result


def align_translations(result: Alignment, translations: list[Document], releases: list[Document],
                       core: list[CoreTerm]) -> None:
    """Add the translators' imports to the sources' alignment ``result`` (``releases``: the English
    releases among the sources, oldest first). Each text goes where its file declares (or where the
    English text it was made from is found); examples, titles and glossary names follow. Nothing of
    the sources' alignment changes: their lexicon is not learned from the imports."""
    result.languages.update({d.id: d.lang for d in translations})
    ref = releases[-1] if releases else None
    if ref is None or not translations:
        return
    foreign = [doc for doc in translations if doc.rules and doc.lang != ref.lang]
    targets = [Target(release) for release in releases[::-1]]  # the reference first
    sides = Sides()
    for target in targets:
        placement = result.place(target.doc.id, target.doc.effective_date)
        for doc in foreign:
            align_declared(doc, target, placement, sides, ref.effective_date)
    for target in targets:
        for doc in foreign:
            align_examples(doc, target, result.placements[target.doc.id], result.lexicon)
    known = glossary_known(core, result.pairs)
    titles = len(result.pairs)
    align_chapter_titles(translations, ref, result)
    align_glossary_titles(ref, known, result.pairs[titles:], result)
    align_declared_terms(translations, ref, result)


def reference_document(docs: list[Document]) -> Document | None:
    """The newest official English rules release (format ``cr-text``), if any."""
    releases = english_releases(docs)
    return releases[-1] if releases else None
