"""Digests of what a build is made by besides its sources: the code, and the embedded corpus's data files.

A build keeps what it computed for the next one (the sources' alignment, :mod:`kb.incremental`; the
rules' concepts and the analysed texts, beside the index) with these digests, and reads it back only
when they are unchanged. Light to import: the search side reads kept files too.
"""

from __future__ import annotations

import hashlib
import importlib.util
from functools import lru_cache
from pathlib import Path

from .corpus import embedded_corpus

# curated data of the embedded corpus that parsing, alignment and indexing read (not sources)
DATA_NAMES = ("lexicon-core.tsv", "vocabulary.tsv", "vocabulary-review.tsv")
ANALYSIS_DATA_NAMES = ("english-forms.tsv", "rule-phrases.tsv")  # read by the index's analysis (indexer.analysis), search data


@lru_cache(maxsize=None)
def code_digest(*packages: str) -> str:
    """The sha256 of the code of ``packages`` (every module; default: ``kb``, which parses and aligns)."""
    digest = hashlib.sha256()
    for name in packages or ("kb",):
        spec = importlib.util.find_spec(name)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            for path in sorted(Path(folder).rglob("*.py")):
                digest.update(f"{name}/{path.relative_to(folder)}".encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def data_digest() -> str:
    """The sha256 of the embedded corpus's curated data files (:data:`DATA_NAMES`,
    :data:`ANALYSIS_DATA_NAMES`)."""
    digest = hashlib.sha256()
    folder = embedded_corpus()
    for name in (*DATA_NAMES, *ANALYSIS_DATA_NAMES):
        path = folder / name
        digest.update(name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b"-") + b"\0")
    return digest.hexdigest()
