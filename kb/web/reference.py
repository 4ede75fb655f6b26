"""The reference pages: the glossary in three languages, one term (``/define/TERM``) and one
card (``/cards/NAME``).

They show what ``mtgkb define`` and ``mtgkb card`` print, with links: a term's rules, a
card's keywords to their rules, the cards of a ruling to their pages. A text language
the entry lacks falls back to English with a notice.
"""

from __future__ import annotations

from datetime import date
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..cards import MAX_SUGGESTIONS, card_candidates, find_card, name_labels, near_card_names
from ..errors import NotFoundError
from ..glossary import Entry, candidate_numbers, entry_json
from ..lookup import rule_heads
from ..render import card_stats
from ..vocabulary import default_vocabulary
from . import html as H
from .handling import card_name_param, text_param
from .pages import Pages, rule_href

GLOSSARY_LIMIT = 2000
GLOSSARY_FOUND = 50
CANDIDATES_SHOWN = 60  # cards listed whose names start with a name typed (the most printed)


class ReferencePages:
    """The glossary, term and card pages, rendered by :class:`~kb.web.pages.Pages`."""

    def __init__(self, pages: Pages) -> None:
        self.pages = pages
        self.site = pages.site

    def glossary(self, request: Request) -> Response:
        """``/glossary?q=``: entries whose names in any language (or texts) hold the words."""
        query = text_param(request, "q")
        langs = self.pages.text_langs(request)
        open_kb = self.site.kb()
        if not query:  # the whole glossary: every term's names in three languages, each a link to its page
            index = [{"term": e.term, "names": e.names} for e in open_kb.glossary.find(limit=GLOSSARY_LIMIT)]
            return self.pages.render(request, "glossary.html", query=query, index=index, terms=[], langs=langs)
        found = open_kb.glossary.find(query, limit=GLOSSARY_FOUND)
        return self.pages.render(request, "glossary.html", query=query, terms=self._views(request, found, langs),
                                 index=[], langs=langs)

    def define(self, request: Request) -> Response:
        """``/define/{name}``: a term by its name in any language, with its rules."""
        name = card_name_param(request, "term")
        langs = self.pages.text_langs(request)
        found = self.site.kb().glossary.define(name)
        if not found.entries:
            return self.pages.render(request, "error.html", status=404, title=name, suggestions=[], search_for=name,
                                     message=f"no term named {name!r} in English, Italian or French",
                                     reason="no-term")
        views = self._views(request, list(found.entries), langs, found.match)
        title = views[0]["term"] if found.match == "exact" or len(views) == 1 else name
        return self.pages.render(request, "define.html", name=name, match=found.match, terms=views, langs=langs,
                                 title=title)

    def _views(self, request: Request, entries: list[Entry], langs: tuple[str, ...],
               match: str = "exact") -> list[dict[str, Any]]:
        open_kb = self.site.kb()
        heads = rule_heads(open_kb.kb, candidate_numbers(entries))
        href = partial(rule_href, request)
        gettext = self.pages.gettext(request)
        views = []
        for entry in entries:
            data = entry_json(entry, heads, langs, match)
            data["html"] = {lang: H.link_rules(t["text"], open_kb.number_set, href, gettext)
                            for lang, t in data["text"].items()}
            views.append(data)
        return views

    def card(self, request: Request) -> Response:
        """``/cards/{name}``: a card by its name in any language, with its rulings and keywords' rules."""
        name = card_name_param(request)
        if not name.strip():  # /cards/: no name to look for
            return self.pages.render(request, "error.html", status=404, title="", message="no card name given",
                                     suggestions=[], reason="no-card-name")
        open_kb = self.site.kb()
        try:
            card = find_card(open_kb.kb, name, open_kb.card_finder)
        except NotFoundError as exc:
            candidates = card_candidates(open_kb.kb, name)
            if candidates:  # a face's name held by several cards, the start of several cards' names, a word of them
                return self.pages.render(request, "cards.html", name=name, title=name, faces=candidates.faces,
                                         starting=candidates.starting[:CANDIDATES_SHOWN],
                                         starting_total=len(candidates.starting),
                                         holding=candidates.holding[:CANDIDATES_SHOWN],
                                         holding_total=len(candidates.holding),
                                         printings=candidates.printings, labels=candidates.labels)
            near, others = near_card_names(open_kb.kb, name)
            shown = (near or others)[:MAX_SUGGESTIONS]
            return self.pages.render(request, "error.html", status=404, title=name, message=str(exc), suggestions=[],
                                     search_for=name, reason="no-card", cards=shown,
                                     labels=name_labels(open_kb.kb, name, shown))
        href = partial(rule_href, request)
        gettext = self.pages.gettext(request)
        keywords = keyword_names(card["rules"])
        langs = self.pages.text_langs(request)
        faces = [{"lang": "en", "name": card["name"], "type": card["type"], "text": card["text"],
                  "date": card.get("text_date"), "html": H.card_text(card["text"], keywords.get("en"), href, gettext)}]
        faces += [{"lang": lang, "name": f["name"], "type": f["type"], "text": f["text"], "printing": f.get("printing"),
                   "html": H.card_text(f["text"], keywords.get(lang), href, gettext)}
                  for lang, f in card["foreign"].items() if f.get("text")]
        # a language chosen whose printed text is not held: the English text shows, with a notice
        chosen = [f for f in faces if not langs or f["lang"] in langs]
        fallback = bool(langs) and not any(f["lang"] in langs and f["lang"] != "en" for f in chosen) \
            and "en" not in langs
        shown = chosen if not fallback else [faces[0], *chosen]
        return self.pages.render(request, "card.html", card=card, faces=shown, fallback=fallback,
                                 old_data=old_card_data(card.get("text_date"), date.today()),
                                 langs=langs, mana=H.card_text(card["mana_cost"], gettext=gettext),
                                 stats=card_stats(card),
                                 title=card["name"], asked=name,
                                 rulings=[{**r, "html": H.card_text(r["text"], gettext=gettext)}
                                          for r in card["rulings"]],
                                 ruling_count=sum(1 for r in card["rulings"] if "heading" not in r))


OLD_CARD_DATA_DAYS = 365  # card data older than this is said to be old on a card's page


def old_card_data(text_date: str | None, today: date) -> str | None:
    """``text_date`` (the card data's date, ``YYYY-MM-DD``) when it is more than a year before
    ``today``: Oracle texts and rulings may have changed since; None otherwise (or with no date)."""
    try:
        held = date.fromisoformat(text_date or "")
    except ValueError:
        return None
    return text_date if (today - held).days > OLD_CARD_DATA_DAYS else None


def keyword_names(rules: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """``lang -> {keyword name: rule number}`` for a card's keyword rules: the English keyword and
    its Italian and French names (the vocabulary's), so printed texts link them too."""
    names: dict[str, dict[str, str]] = {}
    vocabulary = default_vocabulary()
    for rule in rules:
        names.setdefault("en", {})[rule["keyword"]] = rule["number"]
        for match in vocabulary.matches(rule["keyword"], "en"):
            for name in match.concept.names:
                if name.lang != "en" and name.form != "obsolete":
                    names.setdefault(name.lang, {}).setdefault(name.text, rule["number"])
    return names
