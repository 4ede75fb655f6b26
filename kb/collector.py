"""The garbage collector set for a process that holds a knowledge base's tables.

A knowledge base's card table, vocabulary and question documents are millions of long-lived
objects. With CPython's default thresholds (700, 10, 10) a whole-heap collection came every few
tens of thousands of allocations and walked them all, though they never become garbage: it made
the slowest searches slow and took a third of an import. A process entry (the ``mtgkb`` command,
each web worker, the speed benchmark) calls :func:`tune_collector` once; the library alone leaves
its host's collector as it is.

Measured on the 580-set archive's knowledge base (2026-12-07): warm question p95 over 615 questions
98 → 53 ms, p50 29.7 → 27.7 ms; ``benchmarks/search_speed.py`` prints both collectors side by side (that
day: p95 118 → 42 ms on the first set, 126 → 60 ms on the table set). An import in a warm process took
1.07 → 0.63 s, ``mtgkb build`` of the embedded corpus 11.3 → 10.0 s (one run each) for 10 MB more memory,
and the test suite 8-10 → 6 minutes on two cores.
"""

from __future__ import annotations

import gc

# gen0 allocations before a young collection, then young collections per middle one, then middle
# ones per whole-heap one (CPython also waits for a quarter of the heap to be new).
COLLECTOR_THRESHOLDS = (50_000, 20, 100)


def tune_collector() -> None:
    """Collect less often (:data:`COLLECTOR_THRESHOLDS`): a larger young generation, rare whole-heap passes."""
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
