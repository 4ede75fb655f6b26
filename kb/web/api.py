"""The JSON API under ``/api/``: the shapes of the CLI's ``--json`` output.

Each endpoint reads its parameters (:mod:`kb.web.handling`), makes one library
call (:mod:`kb.lookup`, :mod:`kb.glossary`, :mod:`kb.cards`, :mod:`kb.catalog`,
:mod:`kb.releases.diff`, ``indexer.search``)
and answers JSON; errors are ``{"error": message, "status": status}``.
:data:`kb.web.openapi.OPENAPI` describes it.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .. import __version__
from ..cards import find_card
from ..catalog import health
from ..corpus import source_info
from ..errors import NotFoundError
from ..glossary import candidate_numbers, define, entry_json
from ..lookup import rule_heads
from ..numbering import RuleNumber
from ..releases.diff import diff_documents
from ..releases.reader import release_in_kb
from .handling import (SEARCH_MISSING, Site, api_error, card_name_param, kinds_param, langs_param, limit_param,
                       page_param, release_param, rule_selector_param, run_heavy, text_param)
from .openapi import OPENAPI

RECENT_DIFFS = 3  # comparisons kept per thread
API_RULES_PER_PAGE = 200  # entries of /api/rules/{range} per page (?page=2): /api/rules/1-9 was 4.2 MB at once


class Api:
    """The API endpoints over one site."""

    def __init__(self, site: Site) -> None:
        self.site = site

    def health(self, request: Request) -> Response:
        """``/api/health``: counts, releases and whether search is available."""
        data = dict(health(self.site.kb().kb))
        data["search"] = self.site.find_search() is not None
        data["version"] = __version__
        return JSONResponse(data)

    def rules(self, request: Request) -> Response:
        """``/api/rules/{selector}?lang=&release=&page=``: the ``mtgkb rule --json`` entries (a long
        range paged; many rules made on the heavy-page thread)."""
        if self.site.is_heavy(rule_selector_param(request)):
            return run_heavy(self._rules, request)
        return self._rules(request)

    def _rules(self, request: Request) -> Response:
        raw = rule_selector_param(request)
        langs = langs_param(request)
        release = release_param(request)
        page = page_param(request)
        open_kb = self.site.kb()
        try:
            found, total = open_kb.lookup_page(raw, langs, release, page, API_RULES_PER_PAGE)
        except NotFoundError as exc:
            return api_error(404, str(exc), suggestions=open_kb.nearest(RuleNumber.try_parse(raw)))
        pages = max(1, -(-total // API_RULES_PER_PAGE))
        if page > pages:
            return api_error(404, f"no page {page} for {raw!r}: it has {pages} page{'s' * (pages > 1)}")
        headers = {"X-Total-Count": str(total)}
        if page < pages:  # a long range (1-9) is paged: the next page's address
            params = [(k, v) for k, v in request.query_params.multi_items() if k != "page"] + [("page", str(page + 1))]
            headers["Link"] = f'<{request.url.path}?{urlencode(params)}>; rel="next"'
        return JSONResponse(found, headers=headers)

    def search(self, request: Request) -> Response:
        """``/api/search?q=&lang=&kind=&limit=``: hits; spelling suggestions in ``X-Did-You-Mean``, how a
        question was read in ``X-Read-As``, why nothing was found in ``X-Empty-Reason`` (URL-quoted)."""
        query = text_param(request, "q", required=True)
        langs = langs_param(request)
        kinds = kinds_param(request)
        limit = limit_param(request)
        search = self.site.searcher()
        if search is None:
            return api_error(503, SEARCH_MISSING)
        hits = search(query, langs, kinds, limit)
        headers = {}
        suggestions = list(getattr(hits, "suggestions", []))
        if suggestions:
            headers["X-Did-You-Mean"] = quote(" | ".join(suggestions))
        reading = getattr(hits, "reading", None)
        if reading:
            headers["X-Read-As"] = quote(reading["read_as"])
        if getattr(hits, "empty_reason", None):
            headers["X-Empty-Reason"] = quote(hits.empty_reason)
        if getattr(hits, "not_held", None):  # the name alone of a card not held: the hits are those of its words
            headers["X-Not-Held"] = quote(hits.not_held)
        return JSONResponse([hit.to_dict() for hit in hits], headers=headers)

    def terms(self, request: Request) -> Response:
        """``/api/terms?q=&lang=&limit=``: glossary entries whose names (in ``lang``) or texts hold ``q``,
        in the ``mtgkb define --json`` shape."""
        query = text_param(request, "q")
        langs = langs_param(request)
        open_kb = self.site.kb()
        found = open_kb.glossary.find_matches(query, langs, limit_param(request))
        heads = rule_heads(open_kb.kb, candidate_numbers(entry for entry, _match in found))
        return JSONResponse([entry_json(entry, heads, match=match) for entry, match in found])

    def define(self, request: Request) -> Response:
        """``/api/define/{name}?lang=``: a term by its name in any language (the ``mtgkb define --json`` list)."""
        name = card_name_param(request, "term")
        langs = langs_param(request)
        open_kb = self.site.kb()
        found = define(open_kb.kb, name, langs, glossary=open_kb.glossary)
        if not found:
            return api_error(404, f"no term named {name!r} in English, Italian or French")
        return JSONResponse(found)

    def cards(self, request: Request) -> Response:
        """``/api/cards/{name}``: a card with its rulings (the ``mtgkb card --json`` shape)."""
        name = card_name_param(request)
        open_kb = self.site.kb()
        return JSONResponse(find_card(open_kb.kb, name, open_kb.card_finder))

    def diff(self, request: Request) -> Response:
        """``/api/diff?old=&new=``: what changed between two releases in the knowledge base."""
        old = release_param(request, "old", required=True)
        new = release_param(request, "new", required=True)
        open_kb = self.site.kb()
        key = f"diff:{old}:{new}"
        if key not in open_kb.cache:
            result = diff_documents(release_in_kb(open_kb.kb, old), release_in_kb(open_kb.kb, new)).to_dict()
            documents = open_kb.kb.documents()
            for side in ("old", "new"):  # named by id, title and date: never a path on the server
                result[side] = source_info(documents[result[side]["id"]])
            diffs = [k for k in open_kb.cache if k.startswith("diff:")]
            for stale_key in diffs[:max(0, len(diffs) - RECENT_DIFFS)]:
                del open_kb.cache[stale_key]
            open_kb.cache[key] = result
        return JSONResponse(open_kb.cache[key])

    def openapi(self, request: Request) -> Response:
        """``/openapi.json``: the description of this API."""
        return JSONResponse(OPENAPI)
