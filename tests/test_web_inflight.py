"""kb.web.inflight and the knowledge base lent to requests (issue 34 points 3 and 22): work whose
client has gone is dropped or stopped at its next check, SIGTERM stops a server with queued work
within seconds, and no open file of an older build stays held once a newer one is published."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from .conftest import FIXTURES
from .webtools import require_web

require_web()

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from indexer.budget import Budget  # noqa: E402
from indexer.query import SearchTimeout  # noqa: E402
from kb import store  # noqa: E402
from kb.pipeline import build_kb  # noqa: E402
from kb.rulings import group_rulings  # noqa: E402
from kb.web import app as web_app  # noqa: E402
from kb.web import handling  # noqa: E402
from kb.web.app import create_app  # noqa: E402
from kb.web.pages import Pages  # noqa: E402
from kb.work import Stop, WorkStopped, stopping_with  # noqa: E402

from .slow_pages_server import synthetic_rulings  # noqa: E402

SOURCES = [FIXTURES / "cr_defects" / "clean.txt", FIXTURES / "mtgjson_c21_excerpt.json"]
URLS = ["/api/search?q=vote", "/search?q=trample", "/rules/100", "/api/rules/100.1", "/", "/glossary",
        "/api/health"]


# -- 22: nothing of an older build stays open ------------------------------------------

def held_from_older_builds(kb_dir: Path) -> list[str]:
    """Files of ``kb_dir`` other than the published build's that this process holds open
    (``/proc/self/fd``) or mapped (``/proc/self/maps``: whoosh maps its segment files)."""
    current = str(store.current_build(kb_dir))
    held = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith(str(kb_dir)) and not target.startswith(current + "/"):
            held.append(target)
    with open("/proc/self/maps", encoding="utf-8") as maps:
        held += [line.split(maxsplit=5)[-1].strip() for line in maps
                 if str(kb_dir) in line and current + "/" not in line]
    return held


def closed_soon(kb_dir: Path, within: float = 5.0) -> bool:
    """Whether nothing of an older build is held within ``within`` seconds (the search threads of
    an older build end, and free their searchers, once idle)."""
    deadline = time.monotonic() + within
    while held_from_older_builds(kb_dir):
        if time.monotonic() > deadline:
            print(held_from_older_builds(kb_dir))
            return False
        time.sleep(0.05)
    return True


def busy(client: TestClient) -> None:
    """Every kind of request, eight at a time: several threads each open the build and its index."""
    with ThreadPoolExecutor(8) as pool:
        assert {answer.status_code for answer in pool.map(client.get, URLS * 3)} == {200}


@pytest.fixture
def kb_dir(kb_cache, tmp_path: Path) -> Path:
    return kb_cache.copy(SOURCES, tmp_path / "kb")


def test_no_file_of_an_older_build_stays_open_after_builds_are_published(kb_dir: Path) -> None:
    """Issue 34.22: idle threads kept the removed builds' database and index open (15 and 7
    descriptors after 7 imports). Fails before: the older builds' kb.sqlite and index segment stay
    held by the threads that served the first requests."""
    client = TestClient(create_app(kb_dir), raise_server_exceptions=False)
    for _build in range(3):
        busy(client)
        build_kb(kb_dir, SOURCES, force=True)
        assert client.get("/api/health").status_code == 200  # one request: it sees the new build
        assert closed_soon(kb_dir)
    busy(client)


def test_a_running_server_closes_an_older_build_with_no_request(kb_dir: Path, monkeypatch) -> None:
    """Issue 34.22, a server left idle after a publish: its sweep closes what the idle requests'
    threads held (fails before: nothing closes it until those threads serve again)."""
    monkeypatch.setattr(web_app, "SWEEP_SECONDS", 0.1)
    with TestClient(create_app(kb_dir), raise_server_exceptions=False) as client:
        busy(client)
        build_kb(kb_dir, SOURCES, force=True)
        assert closed_soon(kb_dir)
        busy(client)


# -- 3: work whose client has gone -----------------------------------------------------

async def asgi_get(app, path: str, leave_after: float | None, left: list[float] | None = None) -> int | None:
    """GET ``path`` straight through the ASGI app; the client disconnects after ``leave_after``
    seconds (None: it waits; the instant it leaves is added to ``left``). The status sent, or None."""
    sent: list[dict] = []
    request_read = False
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"testserver")], "client": ("127.0.0.1", 5000), "server": ("testserver", 80)}

    async def receive() -> dict:
        nonlocal request_read
        if not request_read:
            request_read = True
            return {"type": "http.request", "body": b"", "more_body": False}
        if leave_after is not None:
            await asyncio.sleep(leave_after)
            if left is not None:
                left.append(time.monotonic())
        else:
            while not any(m["type"] == "http.response.body" and not m.get("more_body") for m in sent):
                await asyncio.sleep(0.01)
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return next((m["status"] for m in sent if m["type"] == "http.response.start"), None)


@pytest.fixture
def heavy_rule_pages(monkeypatch):
    """Every rule page is made on the heavy-page thread; ``made`` counts the pages made; the
    first one made waits for ``release`` (it holds the thread while the others queue)."""
    monkeypatch.setattr(handling, "HEAVY_RULES", 0)
    made: list[str] = []
    release = threading.Event()
    real = Pages._rule

    def counted(self, request):
        made.append(request.url.path)
        if len(made) == 1:
            release.wait(10)
        return real(self, request)

    monkeypatch.setattr(Pages, "_rule", counted)
    return made, release


def test_queued_pages_whose_clients_left_are_never_made(heavy_rule_pages, kb_cache) -> None:
    """Issue 34.3: a chapter page whose client has gone was made all the same when its turn came
    (45 requests kept the server busy for minutes). Fails before: all six pages are made."""
    made, release = heavy_rule_pages
    app = create_app(kb_cache.shared(SOURCES))

    async def scenario() -> list[int | None]:
        holder = asyncio.ensure_future(asgi_get(app, "/rules/100", None))
        await asyncio.sleep(0.3)  # the holder's page holds the heavy-page thread
        leavers = [asyncio.ensure_future(asgi_get(app, f"/rules/{n}", 0.1))
                   for n in ("100.1", "100.2", "101.1", "505.1", "505.2")]
        await asyncio.sleep(0.5)  # every leaver has gone
        release.set()
        return [await holder] + [await leaver for leaver in leavers]

    statuses = asyncio.run(scenario())
    assert statuses[0] == 200
    assert made == ["/rules/100"]
    assert all(status == 503 for status in statuses[1:])  # (sent to nobody)


def test_a_running_fold_stops_at_its_next_check_when_its_client_leaves(monkeypatch, kb_cache) -> None:
    """Issue 34.3: a page folding 3,000 rulings (over 10 s of CPU; no CPU budget here, so only its
    client's leaving can end it early) stops within a few times what 300 rulings take once its
    client disconnects. Fails before: the fold runs to its end."""
    rulings = synthetic_rulings(3000)
    ended: list[tuple[float, str]] = []

    def slow_fold(kb, entries, budget):
        try:
            groups = group_rulings(rulings)
        except WorkStopped:
            ended.append((time.monotonic(), "stopped"))
            raise
        ended.append((time.monotonic(), "folded"))
        return groups

    monkeypatch.setattr("kb.web.pages.rulings_of", slow_fold)
    app = create_app(kb_cache.shared(SOURCES))
    left: list[float] = []
    status = asyncio.run(asgi_get(app, "/rules/100.1", 0.3, left))
    monkeypatch.undo()
    small = time_fold(rulings[:300])
    [(end, how)] = ended
    assert how == "stopped" and status == 503
    assert end - left[0] < 5 * small + 0.5, (end - left[0], small)


def time_fold(rulings: list[dict]) -> float:
    start = time.monotonic()
    group_rulings(rulings)
    return time.monotonic() - start


def test_a_stopped_request_stops_folding_and_search_at_their_next_check() -> None:
    stop = Stop()
    stop.stop("its client has gone")
    with stopping_with(stop), pytest.raises(WorkStopped, match="its client has gone"):
        group_rulings(synthetic_rulings(200))
    # the search (indexer.budget) stops at its next check as soon as its request is stopped
    with pytest.raises(SearchTimeout):
        Budget(None, time.monotonic() + 60, stop).check()
    Budget(None, time.monotonic() + 60, Stop()).check()  # not stopped, not due: goes on
    with pytest.raises(SearchTimeout):
        Budget(None, time.monotonic() - 1, Stop()).check()


# -- 3: SIGTERM with queued work -------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get_status(port: int, path: str, timeout: float = 60) -> bytes:
    """The status line answered to GET ``path`` (b"" when the connection closed unanswered)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
            conn.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            answer = b""
            while b"\r\n" not in answer and (chunk := conn.recv(4096)):
                answer += chunk
            return answer.split(b"\r\n")[0]
    except OSError:
        return b""


def test_sigterm_stops_a_server_with_queued_pages_within_seconds(kb_cache) -> None:
    """Issue 34.3: SIGTERM waited for every queued page. Each rule page of this server folds 3,000
    synthetic rulings up to its 1 s CPU budget on the one heavy-page thread; with ten queued, the
    server exits in a fraction of the time one page takes times the queue (fails before: it made
    every queued page first, about two page-times each with the rests between them)."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tests.slow_pages_server", str(kb_cache.shared(SOURCES)),
                               str(port)], cwd=Path(__file__).resolve().parent.parent,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while get_status(port, "/api/health", 2) != b"HTTP/1.1 200 OK" and time.monotonic() < deadline:
            time.sleep(0.2)
        start = time.monotonic()
        assert get_status(port, "/rules/100.1") == b"HTTP/1.1 200 OK"
        one_page = time.monotonic() - start
        with ThreadPoolExecutor(10) as pool:
            waiting = [pool.submit(get_status, port, f"/rules/100.{n % 2 + 1}") for n in range(10)]
            time.sleep(1.0)  # the first page is being made, the others queue
            stopped_at = time.monotonic()
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10 * 2 * one_page + 30)
            took = time.monotonic() - stopped_at
            statuses = [f.result() for f in waiting]
        print(f"SIGTERM: exited {took:.2f} s after it; one page {one_page:.2f} s")
        assert took < max(3.0, 2 * one_page), (took, one_page)
        assert statuses.count(b"HTTP/1.1 200 OK") <= 2, statuses  # at most the page(s) made before the signal
        assert all(s in (b"", b"HTTP/1.1 200 OK", b"HTTP/1.1 503 Service Unavailable") for s in statuses), statuses
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def test_a_page_past_its_deadline_is_answered_503(monkeypatch, kb_cache) -> None:
    """A page's work stops at its next check once REQUEST_DEADLINE has passed (queueing included)."""
    from kb.web import inflight

    monkeypatch.setattr(inflight, "REQUEST_DEADLINE", -1.0)
    client = TestClient(create_app(kb_cache.shared(SOURCES)), raise_server_exceptions=False)
    answer = client.get("/api/rules/100.1")
    assert answer.status_code == 503 and "could not be finished in time" in answer.json()["error"]
