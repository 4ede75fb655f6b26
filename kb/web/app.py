"""The web app: a read-only JSON API and server-rendered pages over one knowledge base.

:func:`create_app` wires the routes below to their handlers (:mod:`kb.web.pages`
for the HTML pages, :mod:`kb.web.api` for the JSON API, both built on
:mod:`kb.web.handling`), turns every error into a one-line page or JSON answer
and adds the security headers. The library does the work (:mod:`kb.lookup`,
:mod:`kb.glossary`, :mod:`kb.cards`, :mod:`kb.catalog`, ``indexer.search``).
"""

from __future__ import annotations

import asyncio
import logging
import os
from contextlib import asynccontextmanager
from pathlib import Path
from sqlite3 import DatabaseError
from typing import Any, AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..errors import KBError, NotFoundError, StoreError
from ..work import WorkStopped
from .api import Api
from .handling import (MAX_REQUEST_HEAD, SEARCH_THREADS, SECURITY_HEADERS, BadRequest, KBHandle, RefuseLongUrls,
                       SecurityHeaders, Site, api_error, with_security_headers)
from .handling import search_function as _search_function
from .inflight import InFlight, WatchRequests
from .keep import KEEP_BYTES, KeepPages, PageStore
from .offline import OfflinePages
from .pages import Pages
from .reference import ReferencePages

_LOG = logging.getLogger("mtgkb.web")
# For uvicorn (mtgkb serve): the security headers on every answer, the server's own included (the 400
# to a request its parser refuses: an address over 64 KB for httptools); the app then adds none itself
# (create_app(..., server_headers=True)). h11, where httptools is missing, reads a request head up to
# MAX_REQUEST_HEAD, so an over-long address gets the app's 414.
SERVER_OPTIONS: dict[str, Any] = {"headers": list(SECURITY_HEADERS.items()),
                                  "h11_max_incomplete_event_size": MAX_REQUEST_HEAD}
GZIP_FROM = 1024  # answers of at least this many bytes are sent gzipped to a client that accepts it
KB_UNREADABLE = "the knowledge base cannot be read on this server; the server log has the details"
SWEEP_SECONDS = 2.0  # how often a running server looks for a newer build, to close what it holds of older ones


def routes(pages: Pages, api: Api) -> list[Route]:
    """Every URL the app answers, and the handler that answers it."""
    reference = ReferencePages(pages)
    offline = OfflinePages(pages, pages.site)
    return [
        Route("/", pages.home),
        Route("/search", pages.search),
        Route("/rules/{selector}", pages.rule),
        Route("/glossary", reference.glossary),
        Route("/define/{name:path}", reference.define),
        Route("/cards/{name:path}", reference.card),
        Route("/static/style.css", pages.stylesheet),
        Route("/static/{name:str}", offline.static),
        Route("/sw.js", offline.service_worker),
        Route("/manifest.webmanifest", offline.manifest),
        Route("/offline/rules.json", offline.rules),
        Route("/api/health", api.health),
        Route("/api/rules/{selector}", api.rules),
        Route("/api/search", api.search),
        Route("/api/terms", api.terms),
        Route("/api/define/{name:path}", api.define),
        Route("/api/cards/{name:path}", api.cards),
        Route("/api/diff", api.diff),
        Route("/openapi.json", api.openapi),
    ]


def create_app(kb_dir: Path, server_headers: bool = False, keep_bytes: int = KEEP_BYTES) -> Starlette:
    """The ASGI app serving the knowledge base in ``kb_dir`` (read-only); ``server_headers``: the
    server adds the security headers to every answer (:data:`SERVER_OPTIONS`), so the app does not;
    ``keep_bytes``: how many bytes of pages made it keeps for the next requests (:mod:`kb.web.keep`; 0: none)."""
    secured = (lambda page: page) if server_headers else with_security_headers
    # search is looked up here at each request, so a test can take it away (kb.web.app._search_function)
    site = Site(KBHandle(kb_dir, on_new_build=_renew_search_threads), find_search=lambda: _search_function())
    inflight = InFlight()
    pages = Pages(site)
    kept_pages = PageStore(keep_bytes)

    def error_page(request: Request, status: int, message: str, reason: str | None = None) -> Response:
        if request.url.path.startswith(("/api/", "/openapi")):
            return secured(api_error(status, message))
        try:
            page: Response = pages.render(request, "error.html", status=status, title=str(status), message=message,
                                          reason=reason, suggestions=[])
        except Exception:  # the error page itself failed: plain text, still no trace
            page = Response(message, status_code=status, media_type="text/plain")
        return secured(page)  # server errors are answered outside the middleware

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 404 and not isinstance(exc, BadRequest):
            return error_page(request, 404, "page not found", "no-page")
        page = error_page(request, exc.status_code, str(exc.detail))
        page.headers.update(exc.headers or {})  # a 405 says which methods are allowed (Allow)
        return page

    async def kb_error(request: Request, exc: Exception) -> Response:
        # a query that cannot run, or ran out of its time budget, is the client's to change: 400
        if isinstance(exc, WorkStopped):  # its client gone, the server stopping, or past its deadline
            return error_page(request, 503, str(exc))
        if isinstance(exc, StoreError):  # its message names files on the server: for the log only
            _LOG.warning("%s: %s", request.url.path, exc)
            return error_page(request, 503, KB_UNREADABLE)
        return error_page(request, 404 if isinstance(exc, NotFoundError) else 400, str(exc))

    async def database_error(request: Request, exc: Exception) -> Response:
        # a knowledge base damaged under a connection already open (truncated in place): as StoreError
        _LOG.warning("%s: the knowledge base cannot be read: %s", request.url.path, exc)
        return error_page(request, 503, KB_UNREADABLE)

    async def server_error(request: Request, exc: Exception) -> Response:
        return error_page(request, 500, "internal error; the server log has the details", "internal")

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        undo_signals = inflight.stop_on_signals(asyncio.get_running_loop())
        sweeper = asyncio.ensure_future(_sweep_builds(site.handle))
        try:
            yield
        finally:
            sweeper.cancel()
            undo_signals()

    app = Starlette(routes=routes(pages, Api(site)), lifespan=lifespan,
                    middleware=[*([] if server_headers else [Middleware(SecurityHeaders)]),
                                Middleware(WatchRequests, inflight=inflight, answer=error_page),
                                Middleware(KeepPages, kb_dir=kb_dir, store=kept_pages),
                                Middleware(GZipMiddleware, minimum_size=GZIP_FROM, compresslevel=6),
                                Middleware(RefuseLongUrls, answer=error_page)],
                    exception_handlers={HTTPException: http_error, KBError: kb_error, DatabaseError: database_error,
                                        Exception: server_error})
    app.state.site = site
    app.state.inflight = inflight
    app.state.kept_pages = kept_pages
    return app


def _renew_search_threads() -> None:
    """A newer build is published: new search threads, the old ones ending with their searchers."""
    SEARCH_THREADS.renew()


async def _sweep_builds(handle: KBHandle) -> None:
    """Every :data:`SWEEP_SECONDS`, close what is held open of a build older than the published one
    (even with no request coming), so its removed files free their space (issue 34.22)."""
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            await asyncio.to_thread(handle.sweep)
        except Exception:  # a damaged CURRENT: the requests say so; the sweep tries again later
            _LOG.debug("sweep failed", exc_info=True)


def create_app_from_env() -> Starlette:
    """For ``uvicorn --factory`` in every worker: the folder comes from ``MTGKB_SERVE_KB``; the
    worker's garbage collector is set for a knowledge base's tables (:mod:`kb.collector`)."""
    from ..collector import tune_collector

    tune_collector()
    return create_app(Path(os.environ["MTGKB_SERVE_KB"]), server_headers=True)
