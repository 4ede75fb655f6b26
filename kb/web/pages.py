"""The HTML pages: home (the table of contents), search and a rule (Jinja2 templates);
the glossary, a term and a card are in :mod:`kb.web.reference`.

Each page reads its parameters (:mod:`kb.web.handling`), makes one library call
and renders a template in the interface language of the request; texts are
escaped and their rule numbers made links (:mod:`kb.web.html`). Two controls are
kept apart: the interface language (``?ui=``, in the header) and the language of
the texts shown (``?lang=``, on the page); a text language a rule lacks falls
back to English with a notice.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from functools import partial
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote, urlencode

from babel.lists import format_list
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from .. import __version__
from ..catalog import contents
from ..errors import NotFoundError
from ..model import LANGUAGES
from ..numbering import NumberError, RuleNumber, parse_selector
from ..rulings import FOLD_BUDGET, FoldingStopped, ruling_counts, rulings_of, too_many_to_fold
from ..store import KnowledgeBase
from ..text import fold
from . import html as H
from .handling import (SEARCH_KINDS, SEARCH_MISSING, OpenKB, Site, kinds_param, langs_param, limit_param,
                       page_param, release_param, run_heavy, selector_param, text_param)
from .errortext import error_text
from .hits import hit_view, one_hit_per_card, same_name
from .i18n import LANGUAGE_NAMES, UI_LANGUAGES, choose_ui, translations

HERE = Path(__file__).resolve().parent
RULES_PER_PAGE = 100  # entries on one rule page; a longer range (/rules/1-9) is paged (?page=2)
_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_WORDS = {"en": H.N_("English"), "it": H.N_("Italian"), "fr": H.N_("French")}  # in a sentence
REMEMBER_LANGS = "remember"  # ?lang=it&remember=1: the texts' language chosen in the menu, kept in a cookie


def ui_language(request: Request) -> str:
    """The interface language of ``request`` (see :func:`kb.web.i18n.choose_ui`)."""
    return choose_ui(request.query_params.get("ui"), request.cookies.get("ui"),
                     request.headers.get("accept-language", "")[:500])


def own_path(request: Request) -> str:
    """The request's path as a link on this site: one leading slash (``//evil.example/x`` or
    ``/\\evil.example`` would be another site's address), every character outside a path's quoted."""
    return "/" + quote(request.url.path.lstrip("/\\"), safe="/:@!$&'()*+,;=-._~")


def rule_href(request: Request, number: str, keep: tuple[str, ...] = ()) -> str:
    """The link to a rule: its page, scrolled to it (``/rules/701.38a#R70138a``), with the request's
    ``keep`` parameters (the languages chosen, when the search box jumps to a rule)."""
    kept = [(k, v) for k, v in request.query_params.multi_items() if k in keep]
    query = f"?{urlencode(kept)}" if kept else ""
    return f"{request.scope.get('root_path', '')}/rules/{quote(number)}{query}#{H.anchor(number)}"


def card_href(request: Request, name: str) -> str:
    """The link to a card's page (``/cards/Sun%20Titan``)."""
    return f"{request.scope.get('root_path', '')}/cards/{quote(name, safe='')}"


def term_href(request: Request, name: str) -> str:
    """The link to a term's page (``/define/Vote``)."""
    return f"{request.scope.get('root_path', '')}/define/{quote(name, safe='')}"


class Pages:
    """The page handlers, and the rendering they share."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.envs = {lang: self._environment(lang) for lang in UI_LANGUAGES}
        self.css = (HERE / "static" / "style.css").read_bytes()
        self.css_version = hashlib.sha256(self.css).hexdigest()[:12]
        for env in self.envs.values():
            env.globals["css_version"] = self.css_version

    @staticmethod
    def _environment(lang: str) -> Environment:
        env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True),
                          extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True)
        env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
        env.globals["error_text"] = partial(error_text, gettext=translations(lang).gettext)
        env.globals.update(anchor=H.anchor, date=H.date, LANGUAGES=LANGUAGES, LANGUAGE_NAMES=LANGUAGE_NAMES,
                           UI_LANGUAGES=UI_LANGUAGES, version=__version__)
        return env

    # -- rendering -------------------------------------------------------------------

    @staticmethod
    def gettext(request: Request) -> Callable[[str], str]:
        """The interface language's translation of a string marked in Python (``kb.web.html.N_``)."""
        return translations(ui_language(request)).gettext

    def render(self, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        """``template`` in the interface language of ``request``, with the URL helpers the templates use."""
        ui = ui_language(request)
        root = request.scope.get("root_path", "")

        def url(path: str, **params: Any) -> str:
            query = urlencode([(k, v) for k, v in params.items() if v not in (None, "", ())], doseq=True)
            return root + path + (("?" + query) if query else "")

        def switch_ui(lang: str) -> str:
            params = [(k, v) for k, v in request.query_params.multi_items() if k != "ui"]
            return own_path(request) + "?" + urlencode(params + [("ui", lang)])

        def switch_text(lang: str) -> str:  # the menu's choice: remembered (REMEMBER_LANGS)
            params = [(k, v) for k, v in request.query_params.multi_items() if k not in ("lang", REMEMBER_LANGS)]
            return own_path(request) + "?" + urlencode(params + [("lang", lang), (REMEMBER_LANGS, "1")])

        html = self.envs[ui].get_template(template).render(
            request=request, status=status, ui=ui, url=url, rule_url=partial(rule_href, request),
            card_url=partial(card_href, request), term_url=partial(term_href, request),
            switch_ui=switch_ui, switch_text=switch_text, **context)
        headers = {"Content-Language": ui, "Vary": "Accept-Language, Cookie", "Cache-Control": "no-cache"}
        response = with_etag(request, html.encode(), headers, status, "text/html; charset=utf-8")
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

    @staticmethod
    def text_langs(request: Request) -> tuple[str, ...]:
        """Languages of the texts shown on pages: ``?lang=``, else the cookie. A link's ``lang`` is for
        its page only; the menu's (``&remember=1``) is remembered in the cookie."""
        if "lang" in request.query_params:
            langs = langs_param(request)
            if request.query_params.get(REMEMBER_LANGS) == "1":
                request.state.set_langs = ",".join(langs)
            return langs
        cookie = request.cookies.get("langs", "")
        return tuple(p for p in cookie.split(",") if p in LANGUAGES)

    # -- pages -----------------------------------------------------------------------

    def home(self, request: Request) -> Response:
        """``/``: the rulebook's table of contents (sections, chapters, rules) and the releases read."""
        open_kb = self.site.kb()
        toc = open_kb.cache.get("contents") or open_kb.cache.setdefault("contents", contents(open_kb.kb))
        return self.render(request, "home.html", toc=toc, langs=self.text_langs(request),
                           no_rules_text=self._no_rules_text(request, toc),
                           search_ready=self.site.find_search() is not None)

    def _no_rules_text(self, request: Request, toc: dict[str, Any]) -> dict[str, str] | None:
        """When the knowledge base holds no rules text in the interface language (French, with the
        embedded corpus): that language's name and those it holds, said in it; None otherwise."""
        ui = ui_language(request)
        held = [lang for lang in LANGUAGES if any(r["lang"] == lang for r in toc["releases"])]
        if not held or ui in held:
            return None
        gettext = self.gettext(request)
        return {"language": gettext(LANGUAGE_WORDS[ui]),
                "shown": format_list([gettext(LANGUAGE_WORDS[lang]) for lang in held], locale=ui)}

    def search(self, request: Request) -> Response:
        """``/search?q=``: hits with their matches marked; a rule number opens its page."""
        query = text_param(request, "q")
        langs = self.text_langs(request)
        kinds = kinds_param(request)
        limit = limit_param(request) if "limit" in request.query_params else 20
        number = typed_rule_number(query)
        if number is not None and number in self.site.kb().number_set:
            return RedirectResponse(rule_href(request, str(number), keep=("lang", "ui")), status_code=303)
        search = self.site.searcher()
        if search is None:
            return self.render(request, "error.html", status=503, title=SEARCH_MISSING, message=SEARCH_MISSING,
                               reason="no-search", suggestions=[])
        hits, suggestions, concepts, elsewhere, reading, empty_reason, not_held = ([], [], [], [], None, None, None)
        if query:
            # the interface language chosen on the page says the query's language (a question is read in it)
            asked_ui = request.query_params.get("ui")
            found = search(query, langs, kinds, limit, asked_ui if asked_ui in ("it", "fr", "en") else None)
            documents = self.site.kb().kb.documents()
            hits = [hit_view(hit, documents) for hit in found]
            if hits and hits[0]["kind"] == "card" and same_name(query, hits[0]["title"]):
                # the search's first answer is the card so named: it opens, as a rule number opens its rule
                card = card_href(request, hits[0]["card_name"])
                return RedirectResponse(_with_params(request, card, ("lang", "ui")), status_code=303)
            hits = one_hit_per_card(hits)
            # "did you mean" only for a query changed: never the words typed (trample for trample)
            suggestions = [s for s in getattr(found, "suggestions", []) if fold(s).strip() != fold(query).strip()]
            concepts = list(getattr(found, "concepts", []))[:3]
            elsewhere = list(getattr(found, "elsewhere", []))
            reading = reading_view(getattr(found, "reading", None))
            empty_reason = getattr(found, "empty_reason", None)
            not_held = getattr(found, "not_held", None)  # Violent Eruption, not held: said above its words' results
        return self.render(request, "search.html", query=query, hits=hits, suggestions=suggestions,
                           concepts=concepts, elsewhere=elsewhere, reading=reading, empty_reason=empty_reason,
                           not_held=not_held,
                           langs=langs, kinds=kinds, kind_choices=SEARCH_KINDS,
                           fallback_hits=sum(1 for hit in hits if hit.get("fallback")))

    def rule(self, request: Request) -> Response:
        """``/rules/{selector}``: a rule (or a range) in the chosen languages; ``/rules/R70138a`` redirects.
        A page of many rules (a chapter) is made on the heavy-page thread (:func:`run_heavy`)."""
        if self.site.is_heavy(selector_param(request)):
            return run_heavy(self._rule, request)
        return self._rule(request)

    def _rule(self, request: Request) -> Response:
        raw = selector_param(request)
        from_anchor = H.number_from_anchor(raw)
        if from_anchor is not None:
            return RedirectResponse(f"{request.scope.get('root_path', '')}/rules/{from_anchor}#{raw}", status_code=301)
        as_typed = selector_as_typed(raw)
        if as_typed != raw:  # 702.19. (copied from "see rule 702.19.") or 702 19: the rule's own address
            return RedirectResponse(rule_href(request, as_typed, keep=("lang", "ui", "release")), status_code=301)
        langs = self.text_langs(request)
        release = release_param(request)
        page = page_param(request)
        open_kb = self.site.kb()
        try:
            entries, total = open_kb.lookup_page(raw, langs, release, page, RULES_PER_PAGE)
        except NotFoundError as exc:
            return self._rule_not_found(request, open_kb, raw, str(exc), "no-rule" if release is None else None)
        if not entries:
            pages = -(-total // RULES_PER_PAGE)
            return self.render(request, "error.html", status=404, title=raw, suggestions=[], reason=None,
                               message=f"no page {page} for {raw!r}: it has {pages} page{'s' * (pages > 1)}")
        main = entries[0]
        reference = english_release_date(open_kb.kb, release)
        gettext = self.gettext(request)
        views = [_entry_view(open_kb, entry, partial(rule_href, request), reference, gettext) for entry in entries]
        sources = page_sources(views)
        stale = {t["source"]: {"lang": t["lang"], "source": t["source_title"], "provenance": t["provenance"],
                               **t["stale"]} for view in views for t in view["views"] if t["stale"]}
        fallback = [e["number"] for e in entries if e.get("fallback")]
        paging = _paging(request, page, total)
        # a chapter (or any page of a range read in pages): its rules with their counts, each folded on
        # its own page, on every page alike
        many = paging is not None or too_many_to_fold(entries)
        try:
            groups = [] if many else rulings_of(open_kb.kb, entries, FOLD_BUDGET)
        except FoldingStopped:  # folding past its budget: the counts, as for a chapter
            many, groups = True, []
        rulings = [{**g.to_dict(), "html": H.card_text(g.first["text"], gettext=gettext),
                    "translations": [t for t in g.translations if not langs or t["lang"] in langs]} for g in groups]
        return self.render(request, "rule.html", selector=raw, self_path="/rules/" + quote(raw), entries=views,
                           main=views[0], nav=_neighbours(open_kb, main["number"]), langs=langs, sources=sources,
                           stale=list(stale.values()), release=release, fallback=fallback, rulings=rulings,
                           ruling_counts=ruling_counts(entries) if many else [],
                           title=_page_title(open_kb, raw, (langs, release), page, main, paging, gettext),
                           share_text=_share_text(views[0]),
                           ruling_total=sum(len(g.members) for g in groups), paging=paging)

    def _rule_not_found(self, request: Request, open_kb: OpenKB, raw: str, message: str,
                        reason: str | None) -> HTMLResponse:
        number = RuleNumber.try_parse(raw)
        if number is None:
            try:
                number = getattr(parse_selector(raw), "start", None)
            except Exception:  # any unparsable selector: no suggestions, only the message
                number = None
        return self.render(request, "error.html", status=404, title=raw, message=message, reason=reason,
                           suggestions=open_kb.nearest(number), search_for=raw)

    def stylesheet(self, request: Request) -> Response:
        """The stylesheet: kept a year when asked by its version (``?v=``, which the pages link)."""
        current = request.query_params.get("v") == self.css_version
        lifetime = "public, max-age=31536000, immutable" if current else "public, max-age=3600"
        return with_etag(request, self.css, {"Cache-Control": lifetime}, 200, "text/css; charset=utf-8")


def with_etag(request: Request, body: bytes, headers: dict[str, str], status: int, media_type: str) -> Response:
    """``body`` with an ETag of its bytes; 304 with no body when the request already holds it
    (``If-None-Match``). Answers other than 200 get no ETag."""
    if status != 200:
        return Response(body, status_code=status, headers=headers, media_type=media_type)
    tag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    held = [t.strip().removeprefix("W/") for t in request.headers.get("if-none-match", "").split(",")]
    if tag in held or "*" in held:
        return Response(status_code=304, headers={**headers, "ETag": tag})
    return Response(body, status_code=status, headers={**headers, "ETag": tag}, media_type=media_type)


# -- what the templates are handed ---------------------------------------------------

def _with_params(request: Request, href: str, keep: tuple[str, ...]) -> str:
    kept = [(k, v) for k, v in request.query_params.multi_items() if k in keep]
    return href + (f"?{urlencode(kept)}" if kept else "")


EXAMPLE_LABELS = {"en": "Example:", "it": "Esempio:", "fr": "Exemple :"}  # as each language's rules write it


def _entry_view(open_kb: OpenKB, entry: dict[str, Any], href: Callable[[str], str],
                reference_date: str | None = None, gettext: Callable[[str], str] = str) -> dict[str, Any]:
    """A rule entry with its texts ready to show: links, symbols, notices, examples under their
    label. A translation is judged against the English text beside it, or the English release's
    date when English is not shown. ``refs`` keeps only the references not already linked in a text."""
    reference = entry["texts"].get("en") or ({"effective_date": reference_date} if reference_date else None)
    known = open_kb.number_set
    texts, linked = [], set()
    for lang, item in entry["texts"].items():
        body = item.get("text") or ""
        examples = entry["examples"].get(lang, [])
        linked |= H.linked_numbers(body, known).union(*(H.linked_numbers(e, known) for e in examples))
        texts.append({
            "lang": lang, **item,
            "html": H.link_rules(body, known, href, gettext),
            "examples": [(_example_label(lang, e), H.link_rules(e, known, href, gettext)) for e in examples],
            "stale": _stale(lang, item, reference),
        })
    return {**entry, "views": texts, "refs": [r for r in entry.get("refs", []) if r not in linked]}


def _example_label(lang: str, example: str) -> str | None:
    """The label an example is shown under (``Example:``), unless its text already starts with it."""
    label = EXAMPLE_LABELS.get(lang, EXAMPLE_LABELS["en"])
    return None if example.lstrip().lower().startswith(label.rstrip(" :").lower()) else label


def page_sources(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sources of a page's texts, each said once (numbered from 1 in order of appearance);
    every text is given ``source_no``, the number its block's icon shows."""
    sources: dict[tuple[Any, ...], dict[str, Any]] = {}
    for view in views:
        for text in view["views"]:
            key = (text["lang"], text.get("source_title"), text.get("effective_date"), text.get("provenance"),
                   text.get("translator"), text.get("imported"))
            if key not in sources:
                sources[key] = {"no": len(sources) + 1, "lang": text["lang"], "title": text.get("source_title"),
                                "effective_date": text.get("effective_date"), "provenance": text.get("provenance"),
                                "translator": text.get("translator"), "imported": text.get("imported")}
            text["source_no"] = sources[key]["no"]
    return list(sources.values())


def _share_text(view: dict[str, Any]) -> str:
    """The text a link to the rule shows when pasted in a chat (og:description): its first text
    shown, else its first subrule's."""
    for item in [view, *view.get("children_entries", [])]:
        for text in item.get("views", []):
            if text.get("text"):
                return str(text["text"])
    return ""


def _paging(request: Request, page: int, total: int) -> dict[str, Any] | None:
    """Where a page of a long range stands (first and last entry, of how many) and the links to the
    pages around it; None for a range that fits on one page."""
    if total <= RULES_PER_PAGE:
        return None

    def href(number: int) -> str:
        params = [(k, v) for k, v in request.query_params.multi_items() if k != "page"] + [("page", str(number))]
        return own_path(request) + "?" + urlencode(params)

    first = (page - 1) * RULES_PER_PAGE + 1
    return {"first": first, "last": min(total, page * RULES_PER_PAGE), "total": total,
            "previous": href(page - 1) if page > 1 else None,
            "next": href(page + 1) if page * RULES_PER_PAGE < total else None}


def _page_title(open_kb: OpenKB, raw: str, reading: tuple[tuple[str, ...], str | None], page: int,
                main: dict[str, Any], paging: dict[str, Any] | None, gettext: Callable[[str], str]) -> str:
    """A rule page's title: its first rule's number and title; a page of a long range, the range's own
    (``702 Keyword Abilities, page 2``, or the range as typed) with the page, never its first rule's."""
    if paging is None:
        return f"{main['number']} {main['title'] or ''}".strip()
    head = main if page == 1 else open_kb.lookup_page(raw, *reading, 1, 1)[0][0]
    number = RuleNumber.try_parse(raw.strip())
    name = f"{head['number']} {head['title'] or ''}".strip() if number and str(number) == head["number"] else raw
    return gettext("%(title)s, page %(page)s") % {"title": name, "page": page}


def _neighbours(open_kb: OpenKB, number: str) -> dict[str, str | None]:
    """The parent, previous and next number in rules order (every section, chapter, rule and
    subrule: 611.3d -> 612 -> 612.1), the links under a rule."""
    parsed = RuleNumber.parse(number)
    numbers = open_kb.numbers
    at = bisect.bisect_left(numbers, parsed)
    held = at < len(numbers) and numbers[at] == parsed
    previous = numbers[at - 1] if at > 0 else None
    following = numbers[at + 1 if held else at] if (at + 1 if held else at) < len(numbers) else None
    parent = parsed.parent
    while parent is not None and parent not in open_kb.number_set:
        parent = parent.parent
    return {"parent": str(parent) if parent else None, "previous": str(previous) if previous else None,
            "next": str(following) if following else None}


def english_release_date(kb: KnowledgeBase, release: str | None) -> str | None:
    """The effective date of the English release the rules are read in (``release``, else the newest)."""
    if release is not None:
        return release
    return next((d.effective_date for d in kb.documents().values()
                 if d.active and d.format == "cr-text" and d.lang == "en"), None)


def _stale(lang: str, item: dict[str, Any], reference: dict[str, Any] | None) -> dict[str, str] | None:
    """A translation dated before the English text it stands beside may lag behind it."""
    if lang == "en" or reference is None:
        return None
    mine, theirs = item.get("effective_date"), reference.get("effective_date")
    if theirs and (not mine or mine < theirs):
        return {"date": mine or "", "reference_date": theirs}
    return None


def reading_view(reading: dict[str, Any] | None) -> dict[str, Any] | None:
    """How a question was read, for the "Read as" line: the search's reading with ``words_read_as``
    (its words' part) and ``card_names`` (the cards it names, from ``cards``) apart, so the page says
    "Cards:" in the interface language and links each card (a card it does not hold, ``cards_not_held``, is marked
    and not linked). The search's ``read_as`` ends
    ``; Cards: NAME · …`` when it names cards, then ``; No card held: NAME · …`` for the names of cards it
    does not hold (``not_held_names``); a ``read_as`` not ending so is shown whole."""
    if reading is None:
        return None
    from indexer.present import cards_said, not_held_said, typed_guess

    cards = [card for card in reading.get("cards") or [] if card.get("name")]
    names = [str(card["name"]) for card in cards]
    unheld_cards = [str(card["name"]) for card in cards if card.get("held") is False]
    words = str(reading.get("read_as") or "")
    not_held = [str(name) for name in reading.get("not_cards") or []]
    unheld = not_held_said(not_held, reading.get("not_cards_like"))
    if not_held and words.endswith(unheld):  # said apart, in the interface language (not_held_names)
        words = words[:-len(unheld)].rstrip().removesuffix(";").rstrip()
    else:
        not_held = []
    named = cards_said(cards)
    if names and words.endswith(named):
        words = words[:-len(named)].rstrip().removesuffix(";").rstrip()
    else:
        names, unheld_cards = [], []
    typed = {str(card["name"]): typed for card in cards if (typed := typed_guess(card))}
    return {**reading, "words_read_as": words, "card_names": names, "not_held_names": not_held,
            "cards_not_held": unheld_cards, "cards_typed": typed if names else {}}


_SPACED_NUMBER = re.compile(r"([0-9]{3})\s+([0-9]{1,3}[a-z]?)", re.IGNORECASE)


def selector_as_typed(raw: str) -> str:
    """A rule page's selector as people copy or type it, read as the rule: a trailing period left
    out (``702.19.``, from "see rule 702.19.", is 702.19 with its subrules, where ``mtgkb rule 702.19.``
    means the rule alone) and a space between rule and chapter read as a period (``702 19``, as the
    search box reads ``702,19``). Anything else is returned as it is."""
    text = raw.strip()
    spaced = _SPACED_NUMBER.fullmatch(text)
    if spaced:
        text = f"{spaced.group(1)}.{spaced.group(2)}"
    stripped = text.rstrip(".")
    if stripped != text and RuleNumber.try_parse(stripped) is not None:
        text = stripped
    return text if text != raw.strip() else raw


def typed_rule_number(query: str) -> RuleNumber | None:
    """The rule number a search box's query is, as people type one (``702,19``, ``702.19B``, ``regola 400.7``,
    ``CR 400.7``, ``702.19 b``: :func:`kb.numbering.normalise_selector`; ``702 19``: :func:`selector_as_typed`);
    None for anything else."""
    try:
        found = parse_selector(selector_as_typed(query)) if query else None
    except NumberError:
        return None
    return found if isinstance(found, RuleNumber) else None
