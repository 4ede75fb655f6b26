"""The web app: a read-only JSON API and server-rendered pages over one knowledge base.

The library does the work (:mod:`kb.lookup`, :mod:`kb.catalog`, ``indexer.search``);
each endpoint checks its parameters, makes one library call and renders JSON
(the CLI's ``--json`` shapes) or a page. Endpoints are plain functions, run by
Starlette in its thread pool; each thread opens its own read-only connection to
the knowledge base and reopens it when ``CURRENT`` points to a new build.
Nothing a request carries is used as a file-system path.
"""

from __future__ import annotations

import bisect
import os
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from .. import __version__
from ..catalog import find_card, find_terms, health, load_terms
from ..errors import KBError, NotFoundError, StoreError
from ..lookup import entries, lookup, nearest, numbers_below, select_numbers
from ..model import LANGUAGES
from ..numbering import RuleNumber, parse_selector
from ..releases.diff import diff_documents
from ..releases.reader import release_in_kb
from ..store import KnowledgeBase, current_build
from . import html as H
from .i18n import LANGUAGE_NAMES, UI_LANGUAGES, choose_ui, translations
from .openapi import OPENAPI

HERE = Path(__file__).resolve().parent
MAX_QUERY_CHARS = 200
MAX_SELECTOR_CHARS = 40
MAX_NAME_CHARS = 150
MAX_LIMIT = 50
DEFAULT_LIMIT = 10
SEARCH_KINDS = ("rule", "ruling", "term", "card", "example", "page")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_COOKIE_AGE = 365 * 24 * 3600
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
                               "base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


class BadRequest(HTTPException):
    """A parameter the API cannot use (status 400 or 422, with a one-line message)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(status_code=status, detail=message)


class Unavailable(HTTPException):
    def __init__(self, message: str) -> None:
        super().__init__(status_code=503, detail=message)


def ui_language(request: Request) -> str:
    """The interface language of ``request`` (see :func:`kb.web.i18n.choose_ui`)."""
    return choose_ui(request.query_params.get("ui"), request.cookies.get("ui"),
                     request.headers.get("accept-language", "")[:500])


# -- the knowledge base, one read-only connection per thread -------------------------

class KBHandle:
    """Opens the knowledge base of ``kb_dir`` once per thread; reopens after a new build is published."""

    def __init__(self, kb_dir: Path) -> None:
        self.kb_dir = Path(kb_dir)
        self._local = threading.local()

    def get(self) -> "OpenKB":
        build = current_build(self.kb_dir)
        if build is None:
            raise Unavailable("no knowledge base is built in the folder this server was started with")
        local = self._local
        held: OpenKB | None = getattr(local, "kb", None)
        if held is None or held.kb.build_dir != build:
            if held is not None:
                held.kb.close()
            local.kb = held = OpenKB(KnowledgeBase(build))
        return held


@dataclass
class OpenKB:
    """A knowledge base with what every page needs computed once."""

    kb: KnowledgeBase
    _numbers: list[RuleNumber] | None = None
    _number_set: set[RuleNumber] | None = None
    cache: dict[str, Any] = field(default_factory=dict)

    @property
    def numbers(self) -> list[RuleNumber]:
        if self._numbers is None:
            self._numbers = self.kb.numbers()
            self._number_set = set(self._numbers)
        return self._numbers

    @property
    def number_set(self) -> set[RuleNumber]:
        self.numbers
        assert self._number_set is not None
        return self._number_set

    @property
    def terms(self) -> list[dict[str, Any]]:
        if "terms" not in self.cache:
            self.cache["terms"] = load_terms(self.kb)
        return self.cache["terms"]

    def lookup(self, selector: str, langs: tuple[str, ...], release: str | None) -> list[dict[str, Any]]:
        """:func:`kb.lookup.lookup` for one selector, with the rule numbers read once per thread.

        The same entries (the ``mtgkb rule --json`` shape): :func:`~kb.lookup.select_numbers`
        and :func:`~kb.lookup.entry` do the work; ``entry`` is handed only the numbers
        below each rule, where its children are, instead of the whole list.
        """
        if release is not None:
            return lookup(self.kb, [selector], langs, release)
        return entries(self.kb, self.select(selector), self.numbers, langs)

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


# -- optional features that other parts of mtgkb provide ---------------------------

# whoosh's searcher is shared by a process and is not safe to use from several threads at
# once: every search runs on this one thread, in arrival order (a Lock convoys under load).
_SEARCH_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mtgkb-search")


def _search_function() -> Callable | None:
    """``indexer.search.search`` run on the search thread (the caller waits for its answer)."""
    try:
        from indexer.search import search  # type: ignore[attr-defined]
    except ImportError:
        return None

    def serialised_search(kb: KnowledgeBase, *args: Any, **kwargs: Any) -> Any:
        return _SEARCH_THREAD.submit(search, kb.index_dir, *args, **kwargs).result()

    return serialised_search


SEARCH_MISSING = "search index not available in this build"


# -- request parameters ------------------------------------------------------------

def text_param(request: Request, name: str, limit: int = MAX_QUERY_CHARS, required: bool = False) -> str:
    value = request.query_params.get(name, "")
    if len(value) > limit:
        raise BadRequest(f"parameter {name!r} is too long ({len(value)} characters; at most {limit})", 422)
    if any(ord(c) < 32 and c not in "\t" for c in value):
        raise BadRequest(f"parameter {name!r} contains control characters")
    value = value.strip()
    if required and not value:
        raise BadRequest(f"parameter {name!r} is required")
    return value


def langs_param(request: Request, name: str = "lang") -> tuple[str, ...]:
    """``lang=it&lang=fr`` or ``lang=it,fr``; empty or ``all`` = every language."""
    values: list[str] = []
    for raw in request.query_params.getlist(name):
        for part in raw.split(","):
            part = part.strip().lower()
            if not part or part == "all":
                continue
            if part not in LANGUAGES:
                raise BadRequest(f"unknown language {part[:20]!r} for {name!r} (use one of: {', '.join(LANGUAGES)})")
            if part not in values:
                values.append(part)
    return tuple(values)


def limit_param(request: Request) -> int:
    """``limit``: an integer; values above the cap are capped."""
    raw = request.query_params.get("limit", "")
    if not raw:
        return DEFAULT_LIMIT
    if not raw.isdigit() or len(raw) > 6:
        raise BadRequest(f"parameter 'limit' must be a whole number from 1 to {MAX_LIMIT}", 422)
    value = int(raw)
    if value < 1:
        raise BadRequest(f"parameter 'limit' must be a whole number from 1 to {MAX_LIMIT}", 422)
    return min(value, MAX_LIMIT)


def release_param(request: Request, name: str = "release", required: bool = False) -> str | None:
    value = text_param(request, name, 20, required)
    if not value:
        return None
    if not _DATE.match(value):
        raise BadRequest(f"parameter {name!r} must be a release date YYYY-MM-DD")
    return value


def kinds_param(request: Request) -> tuple[str, ...]:
    kinds: list[str] = []
    for raw in request.query_params.getlist("kind"):
        for part in raw.split(","):
            part = part.strip().lower()
            if not part or part == "all":
                continue
            if part not in SEARCH_KINDS:
                raise BadRequest(f"unknown kind {part[:20]!r} (use one of: {', '.join(SEARCH_KINDS)})")
            kinds.append(part)
    return tuple(kinds)


def selector_param(raw: str) -> str:
    if len(raw) > MAX_SELECTOR_CHARS:
        raise BadRequest(f"rule selector too long (at most {MAX_SELECTOR_CHARS} characters)", 422)
    return raw.strip()


# -- the app ---------------------------------------------------------------------------

class Site:
    """Routes and rendering for one knowledge base folder."""

    def __init__(self, kb_dir: Path) -> None:
        self.handle = KBHandle(kb_dir)
        self.envs = {lang: self._environment(lang) for lang in UI_LANGUAGES}
        self.css = (HERE / "static" / "style.css").read_bytes()

    @staticmethod
    def _environment(lang: str) -> Environment:
        env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True),
                          extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True)
        env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
        env.globals.update(anchor=H.anchor, LANGUAGES=LANGUAGES, LANGUAGE_NAMES=LANGUAGE_NAMES,
                           UI_LANGUAGES=UI_LANGUAGES, version=__version__)
        return env

    # rendering
    def page(self, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        ui = ui_language(request)
        root = request.scope.get("root_path", "")

        def url(path: str, **params: Any) -> str:
            query = urlencode([(k, v) for k, v in params.items() if v not in (None, "", ())], doseq=True)
            return root + path + (("?" + query) if query else "")

        def rule_url(number: str) -> str:
            return f"{root}/rules/{quote(number)}#{H.anchor(number)}"

        def switch_ui(lang: str) -> str:
            params = [(k, v) for k, v in request.query_params.multi_items() if k != "ui"]
            return request.url.path + "?" + urlencode(params + [("ui", lang)])

        html = self.envs[ui].get_template(template).render(
            request=request, status=status, ui=ui, url=url, rule_url=rule_url, switch_ui=switch_ui, **context)
        response = HTMLResponse(html, status_code=status, headers={"Content-Language": ui, "Vary": "Accept-Language, Cookie"})
        self._remember(request, response)
        return response

    @staticmethod
    def _remember(request: Request, response: Response) -> None:
        if request.query_params.get("ui") in UI_LANGUAGES:
            response.set_cookie("ui", request.query_params["ui"], max_age=_COOKIE_AGE, samesite="lax",
                                httponly=True)
        if getattr(request.state, "set_langs", None) is not None:
            response.set_cookie("langs", request.state.set_langs or "all", max_age=_COOKIE_AGE, samesite="lax",
                                httponly=True)

    def text_langs(self, request: Request) -> tuple[str, ...]:
        """Languages of the texts shown on pages: ``?lang=`` (remembered in a cookie), else the cookie."""
        if "lang" in request.query_params:
            langs = langs_param(request)
            request.state.set_langs = ",".join(langs)
            return langs
        cookie = request.cookies.get("langs", "")
        return tuple(p for p in cookie.split(",") if p in LANGUAGES)

    # pages
    def home(self, request: Request) -> Response:
        open_kb = self.handle.get()
        summary = open_kb.cache.get("health") or open_kb.cache.setdefault("health", health(open_kb.kb))
        return self.page(request, "home.html", summary=summary, search_ready=_search_function() is not None)

    def search_page(self, request: Request) -> Response:
        query = text_param(request, "q")
        langs = self.text_langs(request)
        kinds = kinds_param(request)
        limit = limit_param(request) if "limit" in request.query_params else 20
        number = RuleNumber.try_parse(query) if query else None
        if number is not None and number in self.handle.get().number_set:  # a rule number: its page
            return RedirectResponse(f"{request.scope.get('root_path', '')}/rules/{quote(str(number))}"
                                    f"#{H.anchor(str(number))}", status_code=303)
        search = _search_function()
        if search is None:
            return self.page(request, "error.html", status=503, title=SEARCH_MISSING, message=SEARCH_MISSING,
                             suggestions=[])
        hits, suggestions = ([], [])
        if query:
            found = search(self.handle.get().kb, query, lang=",".join(langs) or None,
                           kind=",".join(kinds) or None, limit=limit)
            hits = [self._hit_view(hit) for hit in found]
            suggestions = list(getattr(found, "suggestions", []))
        return self.page(request, "search.html", query=query, hits=hits, suggestions=suggestions,
                         langs=langs, kinds=kinds, kind_choices=SEARCH_KINDS)

    @staticmethod
    def _hit_view(hit: Any) -> dict[str, Any]:
        data = hit.to_dict()
        marked = hit.marked("\ue000", "\ue001") if hasattr(hit, "marked") else data.get("snippet", "")
        return {**data, "extra": dict(getattr(hit, "extra", {}) or {}), "html_snippet": H.highlight(marked)}

    def rule_page(self, request: Request) -> Response:
        raw = selector_param(request.path_params["selector"])
        from_anchor = H.number_from_anchor(raw)
        if from_anchor is not None:
            return RedirectResponse(f"{request.scope.get('root_path', '')}/rules/{from_anchor}#{raw}", status_code=301)
        langs = self.text_langs(request)
        release = release_param(request)
        open_kb = self.handle.get()
        try:
            entries = open_kb.lookup(raw, langs, release)
        except NotFoundError as exc:
            return self.not_found_rule(request, raw, str(exc))
        main = entries[0]
        views = [self._entry_view(open_kb, entry, self._ref_href(request)) for entry in entries]
        stale = {t["source"]: {"lang": t["lang"], "source": t["source"], "provenance": t["provenance"], **t["stale"]}
                 for view in views for t in view["views"] if t["stale"]}
        return self.page(request, "rule.html", selector=raw, self_path="/rules/" + quote(raw), entries=views, main=views[0],
                         nav=self._neighbours(open_kb, main["number"]), langs=langs, stale=list(stale.values()), release=release,
                         title=f"{main['number']} {main['title'] or ''}".strip())

    def not_found_rule(self, request: Request, raw: str, message: str) -> HTMLResponse:
        open_kb = self.handle.get()
        number = RuleNumber.try_parse(raw)
        if number is None:
            try:
                parsed = parse_selector(raw)
                number = getattr(parsed, "start", None)
            except Exception:  # any unparsable selector: no suggestions, only the message
                number = None
        suggestions = nearest(number, open_kb.numbers) if number is not None and open_kb.numbers else []
        suggestions = [s for s in suggestions if RuleNumber.try_parse(s) is not None]
        return self.page(request, "error.html", status=404, title=raw, message=message, suggestions=suggestions,
                         search_for=raw)

    def _entry_view(self, open_kb: OpenKB, entry: dict[str, Any], href: Callable[[str], str]) -> dict[str, Any]:
        """A rule entry with its texts ready to show: links, notices, examples."""
        reference = entry["texts"].get("en")
        texts = []
        for lang, item in entry["texts"].items():
            body = item.get("text") or ""
            texts.append({
                "lang": lang, **item,
                "html": H.link_rules(body, open_kb.number_set, href),
                "examples": [H.link_rules(e, open_kb.number_set, href) for e in entry["examples"].get(lang, [])],
                "stale": _stale(lang, item, reference),
            })
        rulings = [_ruling_view(r) for r in entry.get("rulings", []) or []]
        return {**entry, "views": texts, "rulings_view": rulings}

    @staticmethod
    def _ref_href(request: Request) -> Callable[[str], str]:
        root = request.scope.get("root_path", "")
        return lambda number: f"{root}/rules/{quote(number)}#{H.anchor(number)}"

    @staticmethod
    def _neighbours(open_kb: OpenKB, number: str) -> dict[str, str | None]:
        parsed = RuleNumber.parse(number)
        key = f"kind:{parsed.kind}"
        if key not in open_kb.cache:
            open_kb.cache[key] = [n for n in open_kb.numbers if n.kind == parsed.kind]
        same_kind = open_kb.cache[key]
        at = bisect.bisect_left(same_kind, parsed)
        previous = same_kind[at - 1] if at > 0 else None
        following = same_kind[at + 1] if at + 1 < len(same_kind) and same_kind[at] == parsed else (
            same_kind[at] if at < len(same_kind) and same_kind[at] != parsed else None)
        parent = parsed.parent
        while parent is not None and parent not in open_kb.number_set:
            parent = parent.parent
        return {"parent": str(parent) if parent else None, "previous": str(previous) if previous else None,
                "next": str(following) if following else None}

    def glossary_page(self, request: Request) -> Response:
        query = text_param(request, "q")
        langs = self.text_langs(request)
        open_kb = self.handle.get()
        terms = find_terms(open_kb.kb, query, langs, limit=500, terms=open_kb.terms)
        views = [{**t, "html": H.link_rules(t["definition"], open_kb.number_set, self._ref_href(request))} for t in terms]
        return self.page(request, "glossary.html", query=query, terms=views, langs=langs)

    def card_page(self, request: Request) -> Response:
        name = request.path_params["name"]
        if len(name) > MAX_NAME_CHARS:
            raise BadRequest(f"card name too long (at most {MAX_NAME_CHARS} characters)", 422)
        try:
            card = find_card(self.handle.get().kb, name)
        except NotFoundError as exc:
            return self.page(request, "error.html", status=404, title=name, message=str(exc), suggestions=[],
                             search_for=name)
        return self.page(request, "card.html", card=card, rulings=[_ruling_view(r) for r in card["rulings"]])

    def css_file(self, request: Request) -> Response:
        return Response(self.css, media_type="text/css", headers={"Cache-Control": "public, max-age=3600"})

    # JSON API
    def api_health(self, request: Request) -> Response:
        open_kb = self.handle.get()
        data = dict(health(open_kb.kb))
        data["search"] = _search_function() is not None
        data["version"] = __version__
        return JSONResponse(data)

    def api_rules(self, request: Request) -> Response:
        raw = selector_param(request.path_params["selector"])
        langs = langs_param(request)
        release = release_param(request)
        open_kb = self.handle.get()
        try:
            return JSONResponse(open_kb.lookup(raw, langs, release))
        except NotFoundError as exc:
            number = RuleNumber.try_parse(raw)
            suggestions = nearest(number, open_kb.numbers) if number is not None and open_kb.numbers else []
            return api_error(404, str(exc), suggestions=[s for s in suggestions if RuleNumber.try_parse(s)])

    def api_search(self, request: Request) -> Response:
        query = text_param(request, "q", required=True)
        langs = langs_param(request)
        kinds = kinds_param(request)
        limit = limit_param(request)
        search = _search_function()
        if search is None:
            return api_error(503, SEARCH_MISSING)
        hits = search(self.handle.get().kb, query, lang=",".join(langs) or None, kind=",".join(kinds) or None,
                      limit=limit)
        headers = {}
        suggestions = list(getattr(hits, "suggestions", []))
        if suggestions:
            headers["X-Did-You-Mean"] = quote(" | ".join(suggestions))
        return JSONResponse([hit.to_dict() for hit in hits], headers=headers)

    def api_terms(self, request: Request) -> Response:
        query = text_param(request, "q")
        open_kb = self.handle.get()
        return JSONResponse(find_terms(open_kb.kb, query, langs_param(request), limit_param(request),
                                       terms=open_kb.terms))

    def api_cards(self, request: Request) -> Response:
        name = request.path_params["name"]
        if len(name) > MAX_NAME_CHARS:
            raise BadRequest(f"card name too long (at most {MAX_NAME_CHARS} characters)", 422)
        return JSONResponse(find_card(self.handle.get().kb, name))

    def api_diff(self, request: Request) -> Response:
        old = release_param(request, "old", required=True)
        new = release_param(request, "new", required=True)
        open_kb = self.handle.get()
        key = f"diff:{old}:{new}"
        if key not in open_kb.cache:
            result = diff_documents(release_in_kb(open_kb.kb, old), release_in_kb(open_kb.kb, new)).to_dict()
            diffs = [k for k in open_kb.cache if k.startswith("diff:")]
            for stale_key in diffs[:max(0, len(diffs) - 3)]:  # keep a few recent comparisons per thread
                del open_kb.cache[stale_key]
            open_kb.cache[key] = result
        return JSONResponse(open_kb.cache[key])

    def openapi(self, request: Request) -> Response:
        return JSONResponse(OPENAPI)


def _stale(lang: str, item: dict[str, Any], reference: dict[str, Any] | None) -> dict[str, str] | None:
    """A translation dated before the English text it stands beside may lag behind it."""
    if lang == "en" or reference is None:
        return None
    mine, theirs = item.get("effective_date"), reference.get("effective_date")
    if theirs and (not mine or mine < theirs):
        return {"date": mine or "", "reference_date": theirs}
    return None


def _ruling_view(ruling: Any) -> dict[str, Any]:
    if isinstance(ruling, str):
        return {"text": ruling}
    return dict(ruling) if isinstance(ruling, dict) else {"text": str(ruling)}


def api_error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, "status": status, **extra}, status_code=status)


# -- wiring ----------------------------------------------------------------------------

def create_app(kb_dir: Path) -> Starlette:
    """The ASGI app serving the knowledge base in ``kb_dir`` (read-only)."""
    site = Site(kb_dir)
    routes = [
        Route("/", site.home),
        Route("/search", site.search_page),
        Route("/rules/{selector}", site.rule_page),
        Route("/glossary", site.glossary_page),
        Route("/cards/{name}", site.card_page),
        Route("/static/style.css", site.css_file),
        Route("/api/health", site.api_health),
        Route("/api/rules/{selector}", site.api_rules),
        Route("/api/search", site.api_search),
        Route("/api/terms", site.api_terms),
        Route("/api/cards/{name}", site.api_cards),
        Route("/api/diff", site.api_diff),
        Route("/openapi.json", site.openapi),
    ]

    def is_api(request: Request) -> bool:
        return request.url.path.startswith(("/api/", "/openapi"))

    def error_page(request: Request, status: int, message: str) -> Response:
        if is_api(request):
            return api_error(status, message)
        try:
            return site.page(request, "error.html", status=status, title=str(status), message=message,
                             suggestions=[])
        except Exception:  # the error page itself failed: plain text, still no trace
            return Response(message, status_code=status, media_type="text/plain")

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = exc.detail if exc.status_code != 404 or isinstance(exc, BadRequest) else "page not found"
        return error_page(request, exc.status_code, str(message))

    async def kb_error(request: Request, exc: Exception) -> Response:
        status = 404 if isinstance(exc, NotFoundError) else 503 if isinstance(exc, StoreError) else 400
        return error_page(request, status, str(exc))

    async def server_error(request: Request, exc: Exception) -> Response:
        return error_page(request, 500, "internal error; the server log has the details")

    app = Starlette(routes=routes, middleware=[Middleware(SecurityHeaders)],
                    exception_handlers={HTTPException: http_error, KBError: kb_error, Exception: server_error})
    app.state.site = site
    return app


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


def create_app_from_env() -> Starlette:
    """For ``uvicorn --factory`` in every worker: the folder comes from ``MTGKB_SERVE_KB``."""
    return create_app(Path(os.environ["MTGKB_SERVE_KB"]))
