"""Refresh the digests of ``corpus/rule-phrases.tsv`` from a knowledge base of the release it is for::

    python -m indexer.stamp_phrasings --kb KB_DIR corpus/rule-phrases.tsv
"""

from __future__ import annotations

import sys
from pathlib import Path

from .build import collect_items
from .phrasings import stamp


def _english_rules(kb_dir: Path) -> dict[str, str]:
    from kb.store import KnowledgeBase

    with KnowledgeBase.open(kb_dir) as kb:
        return {item.number: item.content for item in collect_items(kb)
                if item.kind == "rule" and item.lang == "en" and item.number}


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m indexer.stamp_phrasings", description=__doc__.split("::")[0])
    parser.add_argument("table", type=Path)
    parser.add_argument("--kb", type=Path, required=True, help="a knowledge base of the release the table is for")
    args = parser.parse_args(argv)
    stamped, missing = stamp(args.table, _english_rules(args.kb))
    print(f"{stamped} lines stamped; numbers the release does not hold: {', '.join(missing) or 'none'}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
