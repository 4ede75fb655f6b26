"""Where a knowledge base lives and which of its builds is current.

Layout::

    KB_DIR/
      CURRENT               name of the published build (replaced with os.replace)
      builds/<name>/
        kb.sqlite           documents, rules, terms, rulings, cards, alignments, lexicon;
                            its `info` table says when and from what the build was made
        index/              the full-text index (written by the indexer package)
        PUBLISHED           present once the build has been made current
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .schema import DB_NAME

CURRENT = "CURRENT"
BUILDS = "builds"
PUBLISHED = "PUBLISHED"  # marks a build folder that was once current (staging folders have none)
INDEX_DIR = "index"


def default_kb_dir() -> Path:
    """``$MTGKB_HOME``, else the platform's user data folder."""
    env = os.environ.get("MTGKB_HOME")
    if env:
        return Path(env).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "mtgkb"


def current_build(kb_dir: Path) -> Path | None:
    """The published build folder of ``kb_dir``, or None if nothing was built there."""
    pointer = Path(kb_dir) / CURRENT
    try:
        name = pointer.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    build = Path(kb_dir) / BUILDS / name
    return build if (build / DB_NAME).exists() else None
