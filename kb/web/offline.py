"""The phone page with no signal: an installable web app (a manifest) whose service worker
(``static/sw.js``) keeps the pages read, the whole rules text and the glossary
(``/offline/rules.json``), so a rule never opened can still be read, and found by its number, and a
term found by its name in any language, offline."""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..corpus import source_title
from .handling import OpenKB, Site
from .pages import HERE, Pages, english_release_date, with_etag
from .reference import GLOSSARY_LIMIT

_STATIC = {"register.js": "text/javascript; charset=utf-8", "icon.svg": "image/svg+xml"}


def rules_bundle(open_kb: OpenKB) -> tuple[list[list[Any]], list[list[Any]]]:
    """Every number held, in rules order, as ``[number, title, {lang: text}, {lang: source}]`` (each
    language's first text, as a rule page shows it first; ``source`` indexes the second list, the
    sources as ``[lang, title, effective date, provenance]``, so a page offline can say, as online,
    that a translation may be out of date)."""
    out: list[list[Any]] = []
    sources: dict[tuple[Any, ...], int] = {}
    for number, versions in open_kb.kb.versions(open_kb.numbers):
        texts: dict[str, str] = {}
        from_source: dict[str, int] = {}
        title = ""
        for version in versions:
            rule, doc = version.rule, version.doc
            if doc.lang == "en" and not title:
                title = rule.title or ""
            if (rule.text or rule.title) and doc.lang not in texts:
                texts[doc.lang] = rule.text or rule.title or ""
                key = (doc.lang, source_title(doc), doc.effective_date or "", doc.provenance)
                from_source[doc.lang] = sources.setdefault(key, len(sources))
        out.append([number, title, texts, from_source])
    return out, [list(key) for key in sources]


def terms_bundle(open_kb: OpenKB) -> list[list[Any]]:
    """Every glossary term as ``[term, {lang: [names]}, {lang: text}]`` (each language's first text)."""
    return [[entry.term, entry.names, {lang: texts[0].text for lang, texts in entry.texts.items() if texts}]
            for entry in open_kb.glossary.find(limit=GLOSSARY_LIMIT)]


class OfflinePages:
    """The manifest, the service worker, its static files and the rules bundle."""

    def __init__(self, pages: Pages, site: Site) -> None:
        self.pages = pages
        self.site = site
        self.worker = (HERE / "static" / "sw.js").read_bytes()
        self.files = {name: (HERE / "static" / name).read_bytes() for name in _STATIC}

    def service_worker(self, request: Request) -> Response:
        return with_etag(request, self.worker, {"Cache-Control": "no-cache"}, 200, "text/javascript; charset=utf-8")

    def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in self.files:
            raise HTTPException(status_code=404)
        return with_etag(request, self.files[name], {"Cache-Control": "public, max-age=86400"}, 200, _STATIC[name])

    def manifest(self, request: Request) -> Response:
        root = request.scope.get("root_path", "")
        data = {"name": "mtgkb: Magic Comprehensive Rules", "short_name": "mtgkb", "start_url": f"{root}/",
                "scope": f"{root}/", "display": "standalone", "background_color": "#ffffff",
                "theme_color": "#2b1d14",
                "icons": [{"src": f"{root}/static/icon.svg", "sizes": "any", "type": "image/svg+xml"}]}
        return with_etag(request, json.dumps(data).encode(), {"Cache-Control": "no-cache"}, 200,
                         "application/manifest+json")

    def rules(self, request: Request) -> Response:
        """``/offline/rules.json``: the rules text and the glossary the service worker keeps (made once per
        build)."""
        open_kb = self.site.kb()
        if "offline" not in open_kb.cache:
            rules, sources = rules_bundle(open_kb)
            body = json.dumps({"rules": rules, "sources": sources, "reference": english_release_date(open_kb.kb, None),
                               "terms": terms_bundle(open_kb)}, ensure_ascii=False, separators=(",", ":"))
            open_kb.cache["offline"] = body.encode()
        return with_etag(request, open_kb.cache["offline"], {"Cache-Control": "no-cache"}, 200,
                         "application/json")
