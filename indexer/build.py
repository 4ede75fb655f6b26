"""Build the search index inside a staged knowledge base build."""

from __future__ import annotations

from pathlib import Path
from typing import Callable


def build_index(build_dir: Path, progress: Callable[[str], None] | None = None) -> None:
    """Write ``build_dir/index`` from ``build_dir/kb.sqlite``.

    Not written yet: full-text search is its own issue. Rule lookup never needs it.
    """
