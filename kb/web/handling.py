"""What the pages and the JSON API share: request parameters, errors, the
knowledge base lent to each request, the search workers and the security headers.

The handlers (methods of ``pages.Pages`` and ``api.Api``) are not async:
Starlette runs them in its thread pool. A request borrows a read-only
connection to the knowledge base (:class:`KBHandle`) for its whole time; once
``CURRENT`` points to a new build, the connections and search threads of the
old one are closed. Nothing a request carries is used as a file-system path.
"""

from __future__ import annotations

import contextvars
import gc
import re
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..errors import KBError
from ..glossary import Glossary
from ..lookup import entries, lookup, nearest, numbers_below, select_numbers
from ..model import LANGUAGES
from ..numbering import NumberError, RuleNumber, parse_selector
from ..store import KnowledgeBase, current_build
from ..work import Stop
from ..work import current as current_stop
from .inflight import current_request

MAX_QUERY_CHARS = 200
MAX_URL_CHARS = 8192  # path and query string; a longer address is answered 414 by the app itself
MAX_REQUEST_HEAD = 1 << 20  # bytes uvicorn's h11 parser reads of a request head before its own 400
MAX_SELECTOR_CHARS = 40
MAX_NAME_CHARS = 150
MAX_LIMIT = 50
DEFAULT_LIMIT = 10
SEARCH_KINDS = ("rule", "ruling", "term", "card", "example", "page")
SEARCH_MISSING = "search index not available in this build"
INDEX_MISSING = "the search index of this knowledge base is missing: rebuild it with 'mtgkb build'"
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_DIGITS = re.compile(r"[0-9]{1,9}")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
                               "base-uri 'none'; frame-ancestors 'none'; script-src 'self'; worker-src 'self'; "
                               "connect-src 'self'; manifest-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}

SearchFunction = Callable[..., Any]
Searcher = Callable[[str, tuple[str, ...], tuple[str, ...], int], Any]


class BadRequest(HTTPException):
    """A parameter the API cannot use (status 400, with a one-line message)."""

    def __init__(self, message: str) -> None:
        super().__init__(status_code=400, detail=message)


class Unavailable(HTTPException):
    def __init__(self, message: str) -> None:
        super().__init__(status_code=503, detail=message)


def api_error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, "status": status, **extra}, status_code=status)


def with_security_headers(response: Response) -> Response:
    """``response`` with :data:`SECURITY_HEADERS` (for answers made outside the middleware: server errors)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name.lower(), value)
    return response


# -- the knowledge base, read-only connections lent to requests ----------------------

class KBHandle:
    """The knowledge base of ``kb_dir``, opened read-only and lent to requests.

    A request borrows an open one the first time it asks (:meth:`get`), keeps it (the same build)
    for its whole time and gives it back when it ends (:class:`~kb.web.inflight.RequestWork`); the
    idle ones wait for the next requests, with what they computed (:class:`OpenKB`). Once a newer
    build is published, the ones of older builds are closed: the idle ones when the next request
    starts or at the next :meth:`sweep`, a borrowed one when it is given back; so no thread keeps
    a removed build's files open (issue 34.22). ``on_new_build`` is called when a newer build is seen.
    """

    # Open knowledge bases kept for the next requests (each with its computed numbers, glossary and
    # contents; the rest are closed when given back): as many as requests run at once (Starlette's
    # thread pool runs 40 handlers), as when each thread kept its own.
    MAX_IDLE = 40

    def __init__(self, kb_dir: Path, on_new_build: Callable[[], None] | None = None) -> None:
        self.kb_dir = Path(kb_dir)
        self.on_new_build = on_new_build
        self._lock = threading.Lock()
        self._build: Path | None = None
        self._idle: list[OpenKB] = []
        self._shared: dict[str, Any] = {}  # what the open databases of the current build share (OpenKB.shared)
        self._local = threading.local()

    def get(self) -> "OpenKB":
        """The knowledge base of this request (503 when none is built)."""
        request = current_request()
        if request is not None and request.open_kb is not None:
            return request.open_kb
        build = current_build(self.kb_dir)
        if build is None:
            raise Unavailable("no knowledge base is built in the folder this server was started with")
        if request is None:  # not in a request (a handler called directly): this thread's own
            return self._thread_kb(build)
        open_kb = self._borrow(build)
        request.open_kb = open_kb
        request.on_finish(lambda: self._give_back(open_kb))
        return open_kb

    def sweep(self) -> bool:
        """Close the idle knowledge bases of an older build, if a newer one is published (whether one is)."""
        build = current_build(self.kb_dir)
        return build is not None and self._notice(build)

    def _borrow(self, build: Path) -> "OpenKB":
        self._notice(build)
        with self._lock:
            held = self._idle.pop() if self._idle and self._idle[-1].kb.build_dir == build else None
            shared = self._shared if build == self._build else {}
        return held or self._open(build, shared)

    @staticmethod
    def _open(build: Path, shared: dict[str, Any]) -> "OpenKB":
        """A new database on ``build``; what the library computes once from it (``kb.memo``: card
        names, ruling translations) is ``shared``'s, made by the first database of the build that needs it."""
        kb = KnowledgeBase(build, any_thread=True)
        kb.memo = shared.setdefault("memo", {})
        return OpenKB(kb, shared=shared)

    def _give_back(self, open_kb: "OpenKB") -> None:
        with self._lock:
            keep = open_kb.kb.build_dir == self._build and len(self._idle) < self.MAX_IDLE
            if keep:
                self._idle.append(open_kb)
        if not keep:
            open_kb.kb.close()

    def _notice(self, build: Path) -> bool:
        """Take ``build`` as the current one; when it is newer, close the idle ones of the old (whether it is)."""
        with self._lock:
            if build == self._build:
                return False
            renewed = self._build is not None
            stale, self._idle, self._build = self._idle, [], build
            self._shared = {}
        for open_kb in stale:
            open_kb.kb.close()
        if renewed and self.on_new_build is not None:
            self.on_new_build()
        return renewed

    def _thread_kb(self, build: Path) -> "OpenKB":
        held: OpenKB | None = getattr(self._local, "kb", None)
        if held is None or held.kb.build_dir != build:
            if held is not None:
                held.kb.close()
            self._local.kb = held = OpenKB(KnowledgeBase(build))
        return held


@dataclass
class OpenKB:
    """A knowledge base with what every page needs computed once."""

    kb: KnowledgeBase
    _numbers: list[RuleNumber] | None = None
    _number_set: set[RuleNumber] | None = None
    cache: dict[str, Any] = field(default_factory=dict)
    # What the open databases of one build share, made by the first that needs it and never changed:
    # the rule numbers and the glossary (60-80 ms to make, once per build, not once per open database)
    shared: dict[str, Any] = field(default_factory=dict)

    @property
    def numbers(self) -> list[RuleNumber]:
        if self._numbers is None:
            if "numbers" not in self.shared:
                numbers = self.kb.numbers()
                self.shared.setdefault("numbers", (numbers, set(numbers)))
            self._numbers, self._number_set = self.shared["numbers"]
        return self._numbers

    @property
    def number_set(self) -> set[RuleNumber]:
        self.numbers
        assert self._number_set is not None
        return self._number_set

    @property
    def glossary(self) -> Glossary:
        # built from this database, kept by the others of its build: once built, a glossary reads no database
        if "glossary" not in self.shared:
            self.shared.setdefault("glossary", Glossary(self.kb))
        return self.shared["glossary"]

    def card_finder(self) -> Any:
        """The search's card finder of the index (``indexer.card_finder``: ``Finks`` is Kitchen Finks),
        opened by the first page of the build that asks (:func:`kb.cards.find_card` asks only for a
        name that is no card's)."""
        if "card_finder" not in self.shared:
            from indexer.card_finder import CardFinder

            self.shared.setdefault("card_finder", CardFinder.open(self.kb.index_dir))
        return self.shared["card_finder"]

    def lookup(self, selector: str, langs: tuple[str, ...], release: str | None) -> list[dict[str, Any]]:
        """:func:`kb.lookup.lookup` for one selector, with the rule numbers read once per open knowledge base.

        The same entries (the ``mtgkb rule --json`` shape): :func:`~kb.lookup.select_numbers`
        and :func:`~kb.lookup.entry` do the work; ``entry`` is handed only the numbers
        below each rule, where its children are, instead of the whole list.
        """
        if release is not None:
            return lookup(self.kb, [selector], langs, release)
        return entries(self.kb, self.select(selector), self.numbers, langs)

    def lookup_page(self, selector: str, langs: tuple[str, ...], release: str | None, page: int,
                    size: int) -> tuple[list[dict[str, Any]], int]:
        """Page ``page`` (from 1) of :meth:`lookup`, ``size`` entries, and how many numbers the
        selector picks: a whole-rulebook range (``1-9``) is read one page at a time."""
        if release is None:
            numbers, picked = self.numbers, self.select(selector)
        else:
            numbers = self.kb.numbers(release)
            picked = select_numbers(selector, numbers, f"the release {release}")
        start = (page - 1) * size
        return entries(self.kb, picked[start:start + size], numbers, langs, release), len(picked)

    def select(self, selector: str) -> list[RuleNumber]:
        """:func:`kb.lookup.select_numbers` over the cached numbers, by bisection for a single number."""
        text = selector.strip()
        number = RuleNumber.try_parse(text)
        if number is None or number not in self.number_set:  # ranges, and the errors, as the CLI has them
            return select_numbers(selector, self.numbers)
        if number.kind == "subrule" or (number.kind == "rule" and text.endswith(".")):
            return [number]
        below = self.below(number)
        if number.kind == "rule":
            return below
        return [n for n in below if n == number or n.parent == number]

    def below(self, number: RuleNumber) -> list[RuleNumber]:
        return numbers_below(self.numbers, number)

    def nearest(self, number: RuleNumber | None) -> list[str]:
        """Rule numbers held near ``number``, offered when a rule is not found."""
        if number is None or not self.numbers:
            return []
        return [s for s in nearest(number, self.numbers) if RuleNumber.try_parse(s) is not None]


# -- search: optional (indexer.search), on a few worker threads -------------------------

# Each search thread holds its own whoosh searcher (indexer.searcher.open_searcher keeps one per
# thread). A query runs first on the SEARCH_WORKERS with a short budget; one that needs more goes to
# the single heavy worker with the full budget, so expensive queries wait for each other while the
# normal ones keep their workers; a query still running after SEARCH_BUDGET is stopped (400). Budgets
# are CPU seconds of the query's thread: a busy machine does not make a cheap query look expensive.
# Every search is also due ANSWER_DEADLINE seconds after it arrived, queueing included: one that
# waited too long for the heavy worker is stopped at once rather than answered late.
SEARCH_WORKERS = 2
FAST_BUDGET = 0.1  # CPU seconds on a normal search worker (normal queries use under 0.02)
SEARCH_BUDGET = 2.0  # CPU seconds on the heavy worker
ANSWER_DEADLINE = 3.0  # wall seconds from a search's arrival to its answer (a margin under 5 s for the rest)


class SearchThreads:
    """The search workers (:data:`SEARCH_WORKERS` normal ones, one heavy one). Each thread keeps
    its own whoosh searcher of the index it last searched (``indexer.searcher.open_searcher``), so
    :meth:`renew` (on a new build) replaces the threads: the old ones end once idle, and the
    searchers of the old index go with them instead of keeping its removed files open."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.normal, self.heavy = self._pools()
        self.heavy_rest_until = 0.0  # the heavy worker rests until then (see _heavy)

    @staticmethod
    def _pools() -> tuple[ThreadPoolExecutor, ThreadPoolExecutor]:
        return (ThreadPoolExecutor(max_workers=SEARCH_WORKERS, thread_name_prefix="mtgkb-search"),
                ThreadPoolExecutor(max_workers=1, thread_name_prefix="mtgkb-search-heavy"))

    def submit(self, heavy: bool, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Future:
        """``work`` queued on the heavy worker or a normal one (never on threads already retired)."""
        with self._lock:
            return (self.heavy if heavy else self.normal).submit(work, *args, **kwargs)

    def renew(self) -> None:
        with self._lock:
            old = (self.normal, self.heavy)
            self.normal, self.heavy = self._pools()
        threading.Thread(target=_retire, args=(old,), daemon=True, name="mtgkb-search-retire").start()


def _retire(pools: tuple[ThreadPoolExecutor, ...]) -> None:
    """Let ``pools`` end their threads once their work is done, then free what the threads held
    (a searcher kept by a reference cycle is freed only by the collector)."""
    for pool in pools:
        pool.shutdown(wait=True)
    gc.collect()


SEARCH_THREADS = SearchThreads()


def search_function() -> SearchFunction | None:
    """``indexer.search.search`` run on the search workers with the time budgets (the caller waits
    for its answer); None when this install has no search. A search whose request is stopped
    (:mod:`kb.work`) stops at its next budget check (the search's ``stop``) and raises
    :class:`~kb.work.WorkStopped`."""
    try:
        from indexer.query import IndexMissing, SearchTimeout
        from indexer.search import search  # type: ignore[attr-defined]
    except ImportError:
        return None

    def pooled_search(kb: KnowledgeBase, *args: Any, **kwargs: Any) -> Any:
        stop = current_stop()
        deadline = time.monotonic() + ANSWER_DEADLINE
        threads = SEARCH_THREADS
        try:
            try:
                return threads.submit(False, search, kb.index_dir, *args, budget=min(FAST_BUDGET, SEARCH_BUDGET),
                                      deadline=deadline, stop=stop, **kwargs).result()
            except SearchTimeout:
                if FAST_BUDGET >= SEARCH_BUDGET:
                    raise
            except IndexMissing:  # its message names the folder on the server: not for the client
                raise Unavailable(INDEX_MISSING) from None
            return threads.submit(True, _heavy, threads, search, kb.index_dir, *args, budget=SEARCH_BUDGET,
                                  deadline=deadline, stop=stop, **kwargs).result()
        except SearchTimeout:
            if stop is not None:
                stop.check()  # stopped for its request's sake, not for the query's cost: WorkStopped
            raise

    return pooled_search


def _heavy(threads: SearchThreads, search: SearchFunction, *args: Any, deadline: float, stop: Stop | None,
           **kwargs: Any) -> Any:
    """Run an expensive query on the heavy worker, which rests as long as its last query worked
    before starting the next (never past the query's ``deadline``, and not once its request is
    stopped): expensive queries get at most half of a core, the normal ones the rest."""
    rest = min(threads.heavy_rest_until, deadline) - time.monotonic()
    if stop is not None:
        stop.wait(rest)
    elif rest > 0:
        time.sleep(rest)
    start = time.monotonic()
    try:
        return search(*args, deadline=deadline, stop=stop, **kwargs)
    finally:
        threads.heavy_rest_until = time.monotonic() + (time.monotonic() - start)


# Pages and API answers over many rules (a chapter, 1-9) run one at a time on a single heavy-page
# thread, which rests as long as its last page worked before the next: they get at most half of a
# core, the other pages the rest (a chapter loading made other pages' p95 rise). A page whose
# request was stopped while it waited (its client gone, the server stopping) is never made.
HEAVY_RULES = 40  # numbers a selector picks from which its page is heavy
_HEAVY_PAGES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mtgkb-heavy-page")
_PAGE_REST = threading.local()


def run_heavy(work: Callable[..., Any], *args: Any) -> Any:
    """``work(*args)`` on the heavy-page thread, in the caller's context (its request's stop and
    knowledge base); the caller waits for it. Raises :class:`~kb.work.WorkStopped` when the request
    was stopped before its turn came."""
    stop = current_stop()

    def rested() -> Any:
        rest = getattr(_PAGE_REST, "until", 0.0) - time.monotonic()
        if stop is not None:
            stop.wait(rest)
            stop.check()
        elif rest > 0:
            time.sleep(rest)
        start = time.monotonic()
        try:
            return work(*args)
        finally:
            _PAGE_REST.until = time.monotonic() + min(2.0, time.monotonic() - start)

    return _HEAVY_PAGES.submit(contextvars.copy_context().run, rested).result()


@dataclass(frozen=True)
class Site:
    """What the pages and the API share: the knowledge base handle and where search comes from."""

    handle: KBHandle
    find_search: Callable[[], SearchFunction | None] = search_function

    def kb(self) -> OpenKB:
        """This request's open knowledge base (503 when none is built)."""
        return self.handle.get()

    def is_heavy(self, selector: str) -> bool:
        """Whether ``selector`` picks more than :data:`HEAVY_RULES` numbers (its page runs by :func:`run_heavy`)."""
        try:
            return len(self.kb().select(selector)) > HEAVY_RULES
        except KBError:  # not a selector, or no such rule: the page says so, cheaply
            return False

    def searcher(self) -> Searcher | None:
        """``(query, langs, kinds, limit, query_lang=None) -> hits`` over this thread's knowledge base;
        None without search. ``query_lang``: the language the query is written in, when the page knows it."""
        search = self.find_search()
        if search is None:
            return None

        def run(query: str, langs: tuple[str, ...], kinds: tuple[str, ...], limit: int,
                query_lang: str | None = None) -> Any:
            return search(self.kb().kb, query, lang=",".join(langs) or None, kind=",".join(kinds) or None,
                          limit=limit, query_lang=query_lang)

        return run


# -- request parameters ------------------------------------------------------------

def text_param(request: Request, name: str, limit: int = MAX_QUERY_CHARS, required: bool = False) -> str:
    value = request.query_params.get(name, "")
    if len(value) > limit:
        raise BadRequest(f"parameter {name!r} is too long ({len(value)} characters; at most {limit})")
    if any(ord(c) < 32 and c not in "\t" for c in value):
        raise BadRequest(f"parameter {name!r} contains control characters")
    refuse_undecodable(value, f"parameter {name!r}")
    value = value.strip()
    if required and not value:
        raise BadRequest(f"parameter {name!r} is required")
    return value


def refuse_undecodable(value: str, what: str) -> None:
    """400 for text that was not UTF-8 (percent-escapes decoded to U+FFFD) or holds a lone surrogate."""
    if "\ufffd" in value or any("\ud800" <= c <= "\udfff" for c in value):
        raise BadRequest(f"{what} is not valid UTF-8 text")


def _choices_param(request: Request, name: str, choices: tuple[str, ...], noun: str, where: str = "") -> list[str]:
    """The values of ``name`` (repeated, or comma-separated), lower case; empty and ``all`` left out."""
    values: list[str] = []
    for raw in request.query_params.getlist(name):
        for part in raw.split(","):
            part = part.strip().lower()
            if not part or part == "all":
                continue
            if part not in choices:
                raise BadRequest(f"unknown {noun} {part[:20]!r}{where} (use one of: {', '.join(choices)})")
            values.append(part)
    return values


def langs_param(request: Request, name: str = "lang") -> tuple[str, ...]:
    """``lang=it&lang=fr`` or ``lang=it,fr``; empty or ``all`` = every language."""
    return tuple(dict.fromkeys(_choices_param(request, name, LANGUAGES, "language", f" for {name!r}")))


def kinds_param(request: Request) -> tuple[str, ...]:
    return tuple(_choices_param(request, "kind", SEARCH_KINDS, "kind"))


def limit_param(request: Request, maximum: int = MAX_LIMIT) -> int:
    """``limit``: a whole number (ASCII digits) from 1 to ``maximum``; anything else is a 400 with a message."""
    raw = request.query_params.get("limit", "")
    if not raw:
        return DEFAULT_LIMIT
    if not _DIGITS.fullmatch(raw) or int(raw) < 1:
        raise BadRequest(f"parameter 'limit' must be a whole number from 1 to {maximum}")
    if int(raw) > maximum:
        raise BadRequest(f"parameter 'limit' is {raw[:12]}, above the maximum of {maximum}")
    return int(raw)


def page_param(request: Request) -> int:
    """``page``: a whole number from 1 (ASCII digits); absent = 1."""
    raw = request.query_params.get("page", "")
    if not raw:
        return 1
    if not _DIGITS.fullmatch(raw) or int(raw) < 1:
        raise BadRequest("parameter 'page' must be a whole number, 1 or more")
    return int(raw)


def release_param(request: Request, name: str = "release", required: bool = False) -> str | None:
    value = text_param(request, name, 20, required)
    if not value:
        return None
    if not _DATE.match(value):
        raise BadRequest(f"parameter {name!r} must be a release date YYYY-MM-DD")
    return value


def selector_param(request: Request) -> str:
    """The rule selector of the path (``/rules/{selector}``)."""
    raw = request.path_params["selector"]
    if len(raw) > MAX_SELECTOR_CHARS:
        raise BadRequest(f"rule selector too long (at most {MAX_SELECTOR_CHARS} characters)")
    refuse_undecodable(raw, "the rule selector")
    return raw.strip()


def rule_selector_param(request: Request) -> str:
    """The rule selector of the path, which must be a rule number or range (else 400)."""
    raw = selector_param(request)
    try:
        parse_selector(raw)
    except NumberError as exc:
        raise BadRequest(f"{exc}: give a rule number (400.7, 400.7a, 400, 4) or a range (400.1-400.3)") from None
    return raw


def card_name_param(request: Request, what: str = "card name") -> str:
    """The card name (or term, ``what``) of the path (``/cards/{name}``, ``/define/{name}``)."""
    name = request.path_params["name"]
    if len(name) > MAX_NAME_CHARS:
        raise BadRequest(f"{what} too long (at most {MAX_NAME_CHARS} characters)")
    refuse_undecodable(name, f"the {what}")
    return name


# -- every response ------------------------------------------------------------------

class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response (a plain ASGI middleware)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _v in message.get("headers", [])}
                extra = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()
                         if k.lower().encode() not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class RefuseLongUrls:
    """Answers an address over :data:`MAX_URL_CHARS` with 414 (``answer(request, status, message)``:
    the app's error page or JSON), before any handler reads it; the page gets no query string back."""

    def __init__(self, app: Any, answer: Callable[[Request, int, str], Response]) -> None:
        self.app = app
        self.answer = answer

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] == "http" and _url_length(scope) > MAX_URL_CHARS:
            request = Request({**scope, "query_string": b""})
            response = self.answer(request, 414, f"address too long (at most {MAX_URL_CHARS} characters)")
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _url_length(scope: dict) -> int:
    """The length of a request's path and query string, as sent."""
    return len(scope.get("raw_path") or scope.get("path", "")) + len(scope.get("query_string") or b"")
