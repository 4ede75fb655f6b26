"""Pages made once per build: each answer's bytes kept in the process, keyed by all that makes them.

A page of the knowledge base (a rule, a chapter, a card, a term, the glossary, the home page, and
their JSON in the API) is the same for the same build, address and languages. :class:`KeepPages`
(an ASGI middleware, inside :class:`~kb.web.inflight.WatchRequests` and outside the gzip
middleware) keeps each such answer of status 200 as it was sent (gzipped or not, as the request
accepted) in a :class:`PageStore` bounded in bytes, and answers the same request again from it:
the bytes, their ETag (304 when the client holds them) and the headers, with no page made.

The key (:func:`page_key`) holds the published build (``CURRENT``, read at each request), the path
and query string as sent, the proxy's root path, the interface language the request resolves to
(``?ui=``, its cookie, ``Accept-Language``), the texts' language cookie, whether the client takes
gzip, and the day (a card page says when its data is old). An answer is kept only if it was made
from the build of its key (a build published while it was made is not mixed in) and sets no
cookie; once a newer build is seen, everything kept of older ones is dropped. Searches are never
kept (a search answers within time budgets); nor is anything but status 200.

Two requests for the same page not yet kept: the second waits for the first's answer instead of
making it again (a chapter loaded by several clients at once is made once).
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Callable, Hashable

from starlette.requests import Request

from ..store import current_build
from .i18n import choose_ui
from .inflight import current_request

KEEP_BYTES = 48 * 1024 * 1024  # bytes kept per process (the archive's chapter 702: 1.5 MB, 0.2 MB gzipped)
KEEP_ONE_AT_MOST = 4 * 1024 * 1024  # a larger answer is not kept
WAIT_CHECK = 0.1  # seconds between looks at its stop while a request waits for the same page being made
KEPT_PREFIXES = ("/rules/", "/cards/", "/define/", "/api/rules/", "/api/define/", "/api/cards/")
KEPT_PATHS = ("/", "/glossary", "/api/terms")
# a 304's headers: those of the answer it stands for, less its body's
_BODY_HEADERS = {b"content-length", b"content-type", b"content-encoding"}


@dataclass(frozen=True)
class Kept:
    """An answer as it was sent: status, headers and body (gzipped when it was)."""

    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes

    @property
    def etag(self) -> str | None:
        return next((v.decode("latin-1") for k, v in self.headers if k == b"etag"), None)

    @property
    def size(self) -> int:
        return len(self.body) + sum(len(k) + len(v) for k, v in self.headers)


class PageStore:
    """Answers kept for one build, least recently used dropped first past ``max_bytes``."""

    def __init__(self, max_bytes: int = KEEP_BYTES) -> None:
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._kept: OrderedDict[Hashable, Kept] = OrderedDict()
        self._bytes = 0
        self.build: Path | None = None

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def bytes(self) -> int:
        return self._bytes

    def see_build(self, build: Path) -> None:
        """Take ``build`` as the published one: everything kept of another is dropped."""
        with self._lock:
            if build != self.build:
                self._kept.clear()
                self._bytes = 0
                self.build = build

    def get(self, key: Hashable) -> Kept | None:
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
            return kept

    def put(self, build: Path, key: Hashable, kept: Kept) -> bool:
        """Keep ``kept`` under ``key`` if ``build`` is still the published one and it fits (whether kept)."""
        size = kept.size
        with self._lock:
            if build != self.build or size > min(self.max_bytes, KEEP_ONE_AT_MOST):
                return False
            old = self._kept.pop(key, None)
            self._bytes -= old.size if old is not None else 0
            self._kept[key] = kept
            self._bytes += size
            while self._bytes > self.max_bytes:
                _key, dropped = self._kept.popitem(last=False)
                self._bytes -= dropped.size
            return True

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._bytes = 0


def is_kept_path(path: str) -> bool:
    return path in KEPT_PATHS or path.startswith(KEPT_PREFIXES)


def page_key(scope: dict, build: Path) -> tuple[Any, ...]:
    """Everything the answer to ``scope`` depends on besides the build's data (see the module's description)."""
    request = Request(scope)
    cookies = request.cookies
    ui = choose_ui(request.query_params.get("ui"), cookies.get("ui"), request.headers.get("accept-language", "")[:500])
    return (str(build), scope.get("root_path", ""), scope["path"], scope.get("query_string", b""), ui,
            cookies.get("langs", ""), "gzip" in request.headers.get("accept-encoding", ""), date.today().isoformat())


class KeepPages:
    """The ASGI middleware described in the module's docstring; ``kb_dir`` is the knowledge base folder."""

    def __init__(self, app: Any, kb_dir: Path, store: PageStore) -> None:
        self.app = app
        self.kb_dir = Path(kb_dir)
        self.store = store
        self._making: dict[Hashable, _Making] = {}

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or not is_kept_path(scope["path"]):
            await self.app(scope, receive, send)
            return
        try:
            build = current_build(self.kb_dir)
        except Exception:  # a damaged CURRENT: the page itself says so
            build = None
        if build is None:
            await self.app(scope, receive, send)
            return
        self.store.see_build(build)
        key = page_key(scope, build)
        kept = self.store.get(key)
        making = self._making.get(key)
        if kept is None and making is not None and self.store.max_bytes:  # the same page is being made
            await _wait_for(making)
            kept = self.store.get(key)
        if kept is not None:
            await answer(kept, scope, send)
            return
        made = _Making() if key not in self._making else None
        if made is not None:
            self._making[key] = made
        try:
            kept = await self._make(scope, receive)
            if made is not None and kept.status == 200 and self._made_from(build) and not _sets_cookie(kept):
                self.store.put(build, key, kept)
        finally:
            if made is not None:
                self._making.pop(key, None)
                made.set()
        await answer(kept, scope, send)

    async def _make(self, scope: dict, receive: Callable) -> Kept:
        """The app's whole answer to ``scope`` (never a 304: the client's ETag is left out)."""
        inner = {**scope, "headers": [(k, v) for k, v in scope["headers"] if k != b"if-none-match"]}
        start: dict = {}
        body: list[bytes] = []

        async def keep(message: dict) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                body.append(message.get("body", b""))

        await self.app(inner, receive, keep)
        return Kept(start.get("status", 500), list(start.get("headers", [])), b"".join(body))

    @staticmethod
    def _made_from(build: Path) -> bool:
        """Whether this request's page was read from ``build`` (not from one published meanwhile)."""
        work = current_request()
        open_kb = getattr(work, "open_kb", None)
        return open_kb is not None and open_kb.kb.build_dir == build


class _Making:
    """A page being made, set once it is: an event of the loop that makes it (a test client may run
    each request on a loop of its own; a request on another loop does not wait for it)."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()

    def set(self) -> None:
        self.event.set()


async def _wait_for(made: _Making) -> None:
    """Wait until ``made`` is set, or this request is stopped (its client gone, the server stopping,
    its deadline past: its own making then stops it at once)."""
    if made.loop is not asyncio.get_running_loop():
        return
    work = current_request()
    while not made.event.is_set() and not (work is not None and work.stop.stopped):
        try:
            await asyncio.wait_for(made.event.wait(), WAIT_CHECK)
        except asyncio.TimeoutError:
            pass


def _sets_cookie(kept: Kept) -> bool:
    return any(k == b"set-cookie" for k, _v in kept.headers)


async def answer(kept: Kept, scope: dict, send: Callable) -> None:
    """Send ``kept``, or a 304 with its headers when the request already holds its ETag."""
    tag = kept.etag
    if kept.status == 200 and tag is not None and _holds(scope, tag):
        headers = [(k, v) for k, v in kept.headers if k not in _BODY_HEADERS]
        await send({"type": "http.response.start", "status": 304, "headers": headers})
        await send({"type": "http.response.body", "body": b""})
        return
    await send({"type": "http.response.start", "status": kept.status, "headers": list(kept.headers)})
    await send({"type": "http.response.body", "body": kept.body})


def _holds(scope: dict, tag: str) -> bool:
    """Whether the request's ``If-None-Match`` names ``tag`` (or ``*``), as :func:`kb.web.pages.with_etag` reads it."""
    raw = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"if-none-match"), "")
    held = [t.strip().removeprefix("W/") for t in raw.split(",")]
    return tag in held or "*" in held
