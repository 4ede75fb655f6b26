"""Requests in flight: each one's :class:`~kb.work.Stop` and what it borrowed, and the server's stop.

:class:`WatchRequests` (an ASGI middleware) gives every request a :class:`RequestWork`: a stop
that is stopped when the client disconnects (uvicorn's ``http.disconnect``), when the server is
told to stop (SIGTERM or Ctrl+C, :meth:`InFlight.stop_on_signals`) or when
:data:`REQUEST_DEADLINE` passes; the work of the request checks it (:func:`kb.work.check`, and a
search's budget, given the stop: ``search(..., stop=...)``) and stops there, answered 503 if anyone still
listens. What a request borrowed (an open knowledge base) is given back when it ends. Once the
server is stopping, a new request is answered 503 at once.
"""

from __future__ import annotations

import asyncio
import contextvars
import signal
import threading
import time
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import Response

from ..work import Stop, stopping_with

REQUEST_DEADLINE = 20.0  # wall seconds from a request's arrival after which its work is stopped (503)
CLIENT_GONE = "its client has gone"
SERVER_STOPPING = "the server is stopping"


class RequestWork:
    """One request's stop, and what to give back when it ends (:meth:`on_finish`)."""

    def __init__(self, deadline: float | None = None) -> None:
        self.stop = Stop(deadline)
        self.open_kb: Any = None  # the knowledge base it borrowed (kb.web.handling.KBHandle)
        self._finish: list[Callable[[], None]] = []

    def on_finish(self, action: Callable[[], None]) -> None:
        self._finish.append(action)

    def finish(self) -> None:
        actions, self._finish = self._finish, []
        for action in actions:
            action()


_REQUEST: contextvars.ContextVar[RequestWork | None] = contextvars.ContextVar("mtgkb_request", default=None)


def current_request() -> RequestWork | None:
    """The request this code works for (its context is copied to the threads doing its work)."""
    return _REQUEST.get()


class InFlight:
    """The requests in flight in this process, and whether the server is stopping."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._works: set[RequestWork] = set()
        self.stopping = False

    def add(self, work: RequestWork) -> None:
        with self._lock:
            self._works.add(work)
        if self.stopping:
            work.stop.stop(SERVER_STOPPING)

    def remove(self, work: RequestWork) -> None:
        with self._lock:
            self._works.discard(work)

    def __len__(self) -> int:
        return len(self._works)

    def stop_all(self, reason: str = SERVER_STOPPING) -> None:
        """Stop every request's work; later requests are answered 503 at once."""
        self.stopping = True
        with self._lock:
            works = list(self._works)
        for work in works:
            work.stop.stop(reason)

    def stop_on_signals(self, loop: asyncio.AbstractEventLoop) -> Callable[[], None]:
        """Chain :meth:`stop_all` before the server's own SIGTERM and SIGINT handlers (uvicorn's,
        which then wait for the requests in flight to end); returns what undoes it. Only in the
        main thread, and only over a handler that is a function (else nothing is changed)."""
        if threading.current_thread() is not threading.main_thread():
            return lambda: None
        installed: dict[int, Any] = {}
        for signum in (signal.SIGTERM, signal.SIGINT):
            previous = signal.getsignal(signum)
            if not callable(previous):
                continue

            def handler(sig: int, frame: Any, previous: Callable[..., Any] = previous) -> None:
                loop.call_soon_threadsafe(self.stop_all)
                previous(sig, frame)

            installed[signum] = previous
            signal.signal(signum, handler)

        def undo() -> None:
            for signum, previous in installed.items():
                if threading.current_thread() is threading.main_thread():
                    signal.signal(signum, previous)

        return undo


class WatchRequests:
    """The ASGI middleware described in the module's docstring; ``answer(request, status, message)``
    makes the app's error page or JSON."""

    def __init__(self, app: Any, inflight: InFlight, answer: Callable[[Request, int, str], Response]) -> None:
        self.app = app
        self.inflight = inflight
        self.answer = answer

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.inflight.stopping:
            response = self.answer(Request(scope), 503, f"{SERVER_STOPPING}; try again in a moment")
            response.headers["Connection"] = "close"
            await response(scope, receive, send)
            return
        work = RequestWork(time.monotonic() + REQUEST_DEADLINE)
        self.inflight.add(work)
        messages: asyncio.Queue[dict] = asyncio.Queue()
        listener = asyncio.ensure_future(_listen(receive, messages, work))
        token = _REQUEST.set(work)
        try:
            with stopping_with(work.stop):
                await self.app(scope, messages.get, send)
        finally:
            _REQUEST.reset(token)
            listener.cancel()
            self.inflight.remove(work)
            work.finish()


async def _listen(receive: Callable, messages: asyncio.Queue, work: RequestWork) -> None:
    """Hand the request's messages on to the app, and stop its work when the client disconnects."""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            work.stop.stop(CLIENT_GONE)
        await messages.put(message)
        if message["type"] == "http.disconnect":
            return
