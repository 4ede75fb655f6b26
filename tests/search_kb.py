"""The knowledge base the search tests share, built once per session with ``run_build``.

Sources: the embedded seeds, the shared MTGJSON set files, the shared English
release of 2024-11-08 and the hand-made French excerpt ``fixtures/search_fr_zones.txt``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.cli import run_build
from kb.store import KnowledgeBase

from .conftest import CORPUS, FIXTURES, SHARED_CORPUS, cr_release, require_shared


@pytest.fixture(scope="session")
def search_kb(tmp_path_factory) -> KnowledgeBase:
    kb_dir = tmp_path_factory.mktemp("search-kb")
    sources = [CORPUS, require_shared(SHARED_CORPUS / "mtgjson"), cr_release("20241108"),
               FIXTURES / "search_fr_zones.txt"]
    run_build(kb_dir, sources, quiet=True)
    return KnowledgeBase.open(kb_dir)


@pytest.fixture(scope="session")
def search_kb_dir(search_kb: KnowledgeBase) -> Path:
    return search_kb.build_dir.parent.parent
