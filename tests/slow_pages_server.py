"""A server for the SIGTERM test (tests/test_web_inflight.py): ``python -m tests.slow_pages_server KB PORT``
serves ``KB`` as ``mtgkb serve`` does (uvicorn, its guarded protocol, lifespan on) except that every
rule page is made on the heavy-page thread and folds :func:`synthetic_rulings` (3,000 rulings of a
40-word vocabulary, which the folding cannot tell apart cheaply) up to its CPU budget."""

from __future__ import annotations

import random
import sys
from pathlib import Path


def synthetic_rulings(count: int, seed: int = 7) -> list[dict]:
    """``count`` English rulings of 25 words drawn from 40: each shares rare words with most others,
    so folding compares most pairs (3,000 take over 10 s of CPU)."""
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(40)]
    return [{"text": " ".join(rng.choice(words) for _ in range(25)), "lang": "en", "cards": []} for _ in range(count)]


def main(kb_dir: Path, port: int) -> None:
    import uvicorn

    from kb.rulings import group_rulings
    from kb.web import handling, pages
    from kb.web.app import SERVER_OPTIONS, create_app
    from kb.web.server import http_protocol

    rulings = synthetic_rulings(3000)
    handling.HEAVY_RULES = 0
    pages.rulings_of = lambda kb, entries, budget: group_rulings(rulings, budget=budget)  # type: ignore[assignment]
    # keep_bytes=0: every page asked is made (the test counts the pages made, not those kept)
    uvicorn.run(create_app(kb_dir, server_headers=True, keep_bytes=0), host="127.0.0.1", port=port, log_level="warning",
                lifespan="on", http=http_protocol(), **SERVER_OPTIONS)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
