"""A search's time limits: seconds of this thread's CPU time, and a deadline on the wall clock.

CPU time, so a busy machine does not make a cheap query look expensive; the wall-clock
deadline is a server's answer due (queueing included). Both are checked while documents are
read (:meth:`Budget.check`), and a query past either stops with a :class:`SearchTimeout`.
"""

from __future__ import annotations

import time
from typing import Callable, Protocol

from .query import SearchTimeout

# The clocks (a test hands in its own): this thread's CPU time, and wall time.
cpu_clock: Callable[[], float] = time.thread_time
wall_clock: Callable[[], float] = time.monotonic
NARROW = "narrow it down (fewer words, prefixes, rule numbers or ranges)"


class Stoppable(Protocol):
    """What can stop a search from outside (a server's request whose client has gone, :class:`kb.work.Stop`)."""

    @property
    def stopped(self) -> bool: ...


class Budget:
    """``seconds`` of CPU time from now (None: no limit), a ``deadline`` of :data:`wall_clock`, and a ``stop``
    that may end the search sooner (None: none)."""

    def __init__(self, seconds: float | None = None, deadline: float | None = None,
                 stop: Stoppable | None = None) -> None:
        self.seconds = seconds
        self.cpu_deadline = cpu_clock() + seconds if seconds else None
        self.deadline = deadline
        self.stop = stop

    def check(self) -> None:
        """Stop a query that used up its CPU time, passed its deadline or was stopped from outside."""
        if self.stop is not None and self.stop.stopped:
            raise SearchTimeout("the search was stopped: its request ended")
        if self.cpu_deadline is not None and cpu_clock() > self.cpu_deadline:
            raise SearchTimeout(f"the search took more than {self.seconds:g} s of work and was stopped: {NARROW}")
        if self.deadline is not None and wall_clock() > self.deadline:
            raise SearchTimeout(f"the search could not finish in time and was stopped: the server is busy; "
                                f"try again, or {NARROW}")
