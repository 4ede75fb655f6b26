"""Stopping work nobody waits for any more.

A server request runs its work under a :class:`Stop`: stopped when its client goes away, when
the server is told to stop (SIGTERM), or when its deadline passes. Long loops (folding rulings,
making a page's entries) call :func:`check` now and then, beside their CPU budgets; past a stop
it raises :class:`WorkStopped`. The stop in force is a context variable
(:func:`stopping_with`), so the code doing the work needs no parameter for it; outside a request
(the CLI) there is none and :func:`check` does nothing.
"""

from __future__ import annotations

import contextvars
import threading
import time
from contextlib import contextmanager
from typing import Iterator

from .errors import KBError


class WorkStopped(KBError):
    """The work was stopped: its client left, the server is stopping, or its deadline passed."""


class Stop:
    """When a piece of work should stop: :meth:`stop` called, or ``deadline`` (``time.monotonic``) passed."""

    def __init__(self, deadline: float | None = None) -> None:
        self.deadline = deadline
        self.reason = ""
        self._event = threading.Event()

    def stop(self, reason: str) -> None:
        if not self._event.is_set():
            self.reason = reason
            self._event.set()

    @property
    def stopped(self) -> bool:
        if not self._event.is_set() and self.deadline is not None and time.monotonic() > self.deadline:
            self.stop("it could not be finished in time: the server is busy; try again")
        return self._event.is_set()

    def check(self) -> None:
        """Raise :class:`WorkStopped` once stopped."""
        if self.stopped:
            raise WorkStopped(f"the work was stopped: {self.reason}")

    def wait(self, seconds: float) -> bool:
        """Sleep up to ``seconds`` (never past the deadline), waking when stopped; whether it is stopped."""
        if self.deadline is not None:
            seconds = min(seconds, self.deadline - time.monotonic())
        if seconds > 0:
            self._event.wait(seconds)
        return self.stopped


_CURRENT: contextvars.ContextVar[Stop | None] = contextvars.ContextVar("mtgkb_stop", default=None)


def current() -> Stop | None:
    """The stop in force in this context (None outside a server request)."""
    return _CURRENT.get()


def check() -> None:
    """Raise :class:`WorkStopped` when the work of this context was stopped (see the module's description)."""
    stop = _CURRENT.get()
    if stop is not None:
        stop.check()


@contextmanager
def stopping_with(stop: Stop | None) -> Iterator[Stop | None]:
    """Run the block under ``stop`` (:func:`check` consults it)."""
    token = _CURRENT.set(stop)
    try:
        yield stop
    finally:
        _CURRENT.reset(token)
