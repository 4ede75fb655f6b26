"""The curated official terms, ``corpus/lexicon-core.tsv``: zones, card types, steps, keyword actions
in en/it/fr, one per line as ``category<TAB>en<TAB>it<TAB>fr`` (``#`` comments).

Read here, below the packages that use them: the vocabulary builds on them, and the alignment
(:mod:`kb.align.core`) makes lexicon entries of them and checks what it learned against them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import tsv
from ..errors import ParseError


@dataclass(frozen=True, slots=True)
class CoreTerm:
    category: str
    en: str
    it: str
    fr: str
    line: int

CORE_COLUMNS = ("category", "en", "it", "fr")


def default_core_path() -> Path:
    """``lexicon-core.tsv`` of the embedded corpus."""
    from ..ingest import embedded_corpus

    try:
        return embedded_corpus() / "lexicon-core.tsv"
    except (OSError, ValueError):  # importlib.resources can refuse an editable install's folder
        return Path(__file__).resolve().parent.parent.parent / "corpus" / "lexicon-core.tsv"


def load_core(path: Path) -> list[CoreTerm]:
    """The curated official terms: tab-separated ``category en it fr``, ``#`` comments."""
    terms = []
    for number, cells in tsv.rows(path, CORE_COLUMNS):
        if not all(c.strip() for c in cells):
            raise ParseError(str(path), f"expected 4 tab-separated cells ({', '.join(CORE_COLUMNS)}), one is empty",
                             number)
        terms.append(CoreTerm(*(c.strip() for c in cells), line=number))
    return terms
