"""What ``mtgkb serve`` asks of the HTTP server itself: a bounded request head, a deadline for
reading it and a cap on open connections, whichever of uvicorn's parsers runs (httptools when it
is installed, else h11).

The guards wrap uvicorn's own protocol classes (:func:`guarded`): a request head (request line
and headers) longer than :data:`MAX_HEAD_BYTES` is answered 431 before the parser sees the rest;
one not complete :data:`HEAD_TIMEOUT` seconds after its first byte (or after the connection
opened) is answered 408; a connection past :data:`MAX_CONNECTIONS` of the worker is closed at once.
"""

from __future__ import annotations

import asyncio
from typing import Any

MAX_HEAD_BYTES = 64 * 1024  # request line and headers; browsers send under 16 KB
HEAD_TIMEOUT = 5.0  # seconds to send a whole request head
MAX_CONNECTIONS = 512  # open connections per worker (the common open-files limit is 1,024)

_REASONS = {408: b"Request Timeout", 431: b"Request Header Fields Too Large"}


class HeadGuard:
    """Mixed into a uvicorn HTTP protocol class (before it): see the module's description."""

    cycle: Any
    transport: Any
    connections: set
    server_state: Any

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)  # type: ignore[misc]
        self._head_bytes = 0
        self._head_timer: asyncio.TimerHandle | None = None
        self._closed_by_guard = False
        if len(self.connections) > MAX_CONNECTIONS:
            self._closed_by_guard = True
            self.transport.close()
            return
        self._start_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        if self._closed_by_guard:
            return
        waiting = self._waiting_for_head()
        if waiting:
            self._head_bytes += len(data)
            if self._head_bytes > MAX_HEAD_BYTES:
                self._refuse(431, f"request head over {MAX_HEAD_BYTES // 1024} KB")
                return
            if self._head_timer is None:
                self._start_head_timer()
        before = self.cycle
        super().data_received(data)  # type: ignore[misc]
        if waiting and self.cycle is not before and not self._closed_by_guard:
            self._head_bytes = 0  # the head is read: its request runs
            self._cancel_head_timer()

    def _waiting_for_head(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _start_head_timer(self) -> None:
        loop = asyncio.get_event_loop()
        self._head_timer = loop.call_later(HEAD_TIMEOUT, self._head_timed_out)

    def _cancel_head_timer(self) -> None:
        if getattr(self, "_head_timer", None) is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self._waiting_for_head() and not self.transport.is_closing():
            if self._head_bytes:
                self._refuse(408, f"request head not sent within {HEAD_TIMEOUT:g} s")
            else:  # an idle connection (none sent, or kept alive after an answer): closed quietly
                self._closed_by_guard = True
                self.transport.close()

    def _refuse(self, status: int, message: str) -> None:
        """Answer ``status`` with a one-line ``message`` and close the connection."""
        self._closed_by_guard = True
        self._cancel_head_timer()
        body = message.encode()
        lines = [b"HTTP/1.1 %d %s\r\n" % (status, _REASONS[status])]
        lines += [name + b": " + value + b"\r\n" for name, value in self.server_state.default_headers]
        lines += [b"content-type: text/plain; charset=utf-8\r\n", b"content-length: %d\r\n" % len(body),
                  b"connection: close\r\n\r\n", body]
        self.transport.write(b"".join(lines))
        self.transport.close()


from uvicorn.protocols.http.h11_impl import H11Protocol  # noqa: E402  (uvicorn: the web extra)


class GuardedH11Protocol(HeadGuard, H11Protocol):
    """uvicorn's h11 protocol with :class:`HeadGuard`."""


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools is not installed: h11 runs
    HttpToolsProtocol = None  # type: ignore[assignment,misc]
    GuardedHttpToolsProtocol = None
else:
    class GuardedHttpToolsProtocol(HeadGuard, HttpToolsProtocol):  # type: ignore[no-redef]
        """uvicorn's httptools protocol with :class:`HeadGuard`."""


def http_protocol() -> type:
    """The protocol class ``mtgkb serve`` runs: httptools' when installed, else h11's, guarded
    (module-level classes: several workers import them by name)."""
    return GuardedHttpToolsProtocol or GuardedH11Protocol
