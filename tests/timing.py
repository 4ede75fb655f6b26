"""Growth of running time with input size, to catch quadratic work without timing absolute seconds."""

from __future__ import annotations

import time
from typing import Callable


def best_time(run: Callable[[], object], repeat: int = 3) -> float:
    """The shortest of ``repeat`` timings of ``run()`` (the least disturbed by other work on the machine)."""
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        timings.append(time.perf_counter() - start)
    return min(timings)


def growth(run_of_size: Callable[[int], Callable[[], object]], small: int, factor: int = 4) -> float:
    """How many times longer ``run_of_size(small * factor)`` takes than ``run_of_size(small)``.

    ``run_of_size(n)`` prepares an input of size ``n`` (untimed) and returns the work to time.
    Linear work gives about ``factor``; quadratic work about ``factor ** 2``.
    """
    small_run, large_run = run_of_size(small), run_of_size(small * factor)
    small_run()  # warm caches and imports
    return best_time(large_run) / best_time(small_run)
