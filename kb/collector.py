"""The garbage collector set for a process that holds a knowledge base's tables.

A knowledge base's card table, vocabulary and question documents are millions of long-lived
objects. With CPython's default thresholds (700, 10, 10) a whole-heap collection came every few
tens of thousands of allocations and walked them all, though they never become garbage: it made
the slowest searches slow and took a third of an import. A process entry (the ``mtgkb`` command,
each web worker, the speed benchmark) calls :func:`tune_collector` once; the library alone leaves
its host's collector as it is.

Measured on the 580-set archive's knowledge base (2026-12-07, ``docs/development.md``): warm
question p95 98 → 53 ms over 615 questions, p50 29.7 → 27.7 ms; an import in a warm process
1.07 → 0.63 s; ``mtgkb build`` of the embedded corpus 11.3 → 10.0 s (one run each), for 10 MB more
memory.
"""

from __future__ import annotations

import gc

# gen0 allocations before a young collection, then young collections per middle one, then middle
# ones per whole-heap one (CPython also waits for a quarter of the heap to be new).
COLLECTOR_THRESHOLDS = (50_000, 20, 100)


def tune_collector() -> None:
    """Collect less often (:data:`COLLECTOR_THRESHOLDS`): a larger young generation, rare whole-heap passes."""
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
