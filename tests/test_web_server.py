"""kb.web.server: the request head bounded and timed, whichever parser uvicorn runs (a real
server on 127.0.0.1 in a thread, for httptools and for h11)."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

from .webtools import require_web

require_web()

import uvicorn  # noqa: E402

from kb.web import server as guard  # noqa: E402
from kb.web.app import SERVER_OPTIONS, create_app  # noqa: E402

PROTOCOLS = [p for p in (guard.GuardedHttpToolsProtocol, guard.GuardedH11Protocol) if p is not None]


@pytest.fixture(params=PROTOCOLS, ids=lambda p: p.__name__)
def address(request, product_kb: Path, monkeypatch):
    monkeypatch.setattr(guard, "HEAD_TIMEOUT", 0.6)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(product_kb, server_headers=True), host="127.0.0.1", port=port,
                            log_level="critical", http=request.param, lifespan="off", **SERVER_OPTIONS)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    yield ("127.0.0.1", port)
    server.should_exit = True
    thread.join(5)


def exchange(address, *parts: bytes, pause: float = 0.0) -> bytes:
    """Send ``parts`` (``pause`` seconds apart) and read the answer until the server closes."""
    with socket.create_connection(address, timeout=10) as conn:
        for part in parts:
            try:
                conn.sendall(part)
            except OSError:  # the server refused and closed while we were sending
                break
            time.sleep(pause)
        answer = b""
        try:
            while chunk := conn.recv(65536):
                answer += chunk
        except ConnectionResetError:  # closed with our request unread
            pass
        return answer


def test_a_normal_request_is_answered(address) -> None:
    answer = exchange(address, b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200")


def test_a_head_over_64_kb_is_refused_with_431(address) -> None:
    """Issue 34.4: httptools has no limit (a 100 MB header stalled the server 12.6 s); h11 read
    1 MB and answered 400. Fails before (no guard): 200 from httptools, 400 from h11."""
    big = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (70 * 1024) + b"\r\nConnection: close\r\n\r\n"
    answer = exchange(address, big)
    assert answer.startswith(b"HTTP/1.1 431"), answer[:80]
    assert b"x-content-type-options: nosniff" in answer.lower()


def test_a_head_sent_too_slowly_is_answered_408(address) -> None:
    """Issue 34.5: a client sending a header line every 2 s held its connection for ever."""
    start = time.monotonic()
    answer = exchange(address, b"GET /api/health HTTP/1.1\r\n", *[b"X-Slow: 1\r\n"] * 8, pause=0.2)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
    assert time.monotonic() - start < 3


def test_connections_past_the_cap_are_closed(address, monkeypatch) -> None:
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", 2)
    held = [socket.create_connection(address, timeout=5) for _ in range(2)]
    try:
        time.sleep(0.1)
        assert exchange(address, b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n") == b""
    finally:
        for conn in held:
            conn.close()
