"""Growth of running time with input size, to catch quadratic work without timing absolute seconds."""

from __future__ import annotations

import gc
import time
from typing import Callable


def best_time(run: Callable[[], object], repeat: int = 3) -> float:
    """The shortest of ``repeat`` timings of ``run()`` (the least disturbed by other work on the machine).

    The garbage collector is paused while ``run()`` works: its passes over everything earlier tests
    left in memory would add time that grows with the input but is not the work being measured.
    """
    timings = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            run()
            timings.append(time.perf_counter() - start)
        finally:
            gc.enable()
    return min(timings)


def growth(run_of_size: Callable[[int], Callable[[], object]], small: int, factor: int = 4) -> float:
    """How many times longer ``run_of_size(small * factor)`` takes than ``run_of_size(small)``.

    ``run_of_size(n)`` prepares an input of size ``n`` (untimed) and returns the work to time.
    Linear work gives about ``factor``; quadratic work about ``factor ** 2``.
    """
    small_run, large_run = run_of_size(small), run_of_size(small * factor)
    small_run()  # warm caches and imports
    return best_time(large_run) / best_time(small_run)
