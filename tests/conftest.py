"""Shared test fixtures: paths to the embedded corpus and to the shared real data.

Tests that need ``../shared/corpus`` use the ``shared_corpus`` fixture: it skips
with a clear reason when the folder is absent (a user's fresh clone) and fails
when it is absent under ``CI=true``, where it must be there.
"""

from __future__ import annotations

import functools
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED = ROOT.parent / "shared"
SHARED_CORPUS = SHARED / "corpus"
# The three seed documents the product started from (the embedded corpus also holds an English
# release and five MTGJSON sets: tests that mean "the seeds" name these files, not the folder).
SEEDS = tuple(CORPUS / name for name in ("000_a6d3485c321a44a0.txt", "001_c70b93c6d7c03b3c.txt",
                                         "004_033ca0c87611b1e4.txt"))


def require_shared(path: Path = SHARED_CORPUS) -> Path:
    """``path`` inside the shared data, or skip (fail under CI) if it is absent."""
    if path.exists():
        return path
    message = f"shared data not found at {path} (the real-data tests need ../shared beside the project)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " and CI=true requires it")
    pytest.skip(message)


@pytest.fixture(scope="session")
def shared_corpus() -> Path:
    return require_shared(SHARED_CORPUS)


def cr_release(date: str) -> Path:
    """The shared English release with effective date ``YYYYMMDD``."""
    return require_shared(SHARED_CORPUS / "cr-en" / f"MagicCompRules {date}.txt")


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    return CORPUS


@functools.lru_cache(maxsize=None)
def parsed_release(date: str):
    """The shared English release ``YYYYMMDD`` parsed once per test session (a Document)."""
    from kb.parsers import parse_source
    from kb.sources import read_source

    return parse_source(read_source(cr_release(date)))


SHARED_RELEASES = ("20120701", "20160826", "20180713", "20221118", "20231013", "20241108",
                   "20250404", "20250606", "20251114")


class KBCache:
    """Knowledge bases built once per test session, keyed by their sources.

    ``shared(sources)`` is the one build, for tests that only read it; ``copy(sources, dest)``
    gives a test its own copy to change (a copied folder is a complete knowledge base: CURRENT
    names its build folder relative to it)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.built: dict[tuple[str, ...], Path] = {}

    def shared(self, sources) -> Path:
        from kb.pipeline import build_kb

        key = tuple(str(Path(s).resolve()) for s in sources)
        if key not in self.built:
            directory = self.root / f"kb{len(self.built)}"
            build_kb(directory, [Path(s) for s in sources])
            self.built[key] = directory
        return self.built[key]

    def adopt(self, sources, directory: Path) -> None:
        """Serve ``directory``, built from ``sources`` by a test (through the CLI), as their build."""
        self.built.setdefault(tuple(str(Path(s).resolve()) for s in sources), directory)

    def copy(self, sources, dest: Path) -> Path:
        shutil.copytree(self.shared(sources), dest, symlinks=True)
        return dest


@pytest.fixture(scope="session")
def kb_cache(tmp_path_factory) -> KBCache:
    return KBCache(tmp_path_factory.mktemp("kb-cache"))


@pytest.fixture(scope="session")
def product_kb(kb_cache) -> Path:
    """The knowledge base of the embedded corpus (what ``mtgkb build`` makes), built once per session."""
    from kb.corpus import embedded_corpus

    return kb_cache.shared([embedded_corpus()])


@pytest.fixture(scope="session")
def search_kb(tmp_path_factory):
    """The knowledge base the search tests share, built once per session with ``build_kb``:
    the embedded seeds, the shared MTGJSON set files, the English release of 2024-11-08
    and the hand-made French excerpt ``fixtures/search_fr_zones.txt``."""
    from kb.pipeline import build_kb
    from kb.store import KnowledgeBase

    kb_dir = tmp_path_factory.mktemp("search-kb")
    sources = [*SEEDS, require_shared(SHARED_CORPUS / "mtgjson"), cr_release("20241108"),
               FIXTURES / "search_fr_zones.txt"]
    build_kb(kb_dir, sources)
    return KnowledgeBase.open(kb_dir)


@pytest.fixture(scope="session")
def search_kb_dir(search_kb) -> Path:
    return search_kb.build_dir.parent.parent
