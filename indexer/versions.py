"""A page's rule hits with their versions in every language (:func:`with_texts`): one hit per rule,
under its English reference number, the matched language's text first."""

from __future__ import annotations

from whoosh import query as Q

from .hits import Hit, held_first, shown_in, text_of
from .query import Parsed
from .scoring import LANG_ORDER


def with_texts(searcher, page: list[Hit], parsed: Parsed) -> list[Hit]:
    """Each rule hit with its texts in every language (allowed by the filters), the matched
    one first, under the English reference number (``rule/702.19``)."""
    keys = {h.extra.get("_numkey") for h in page if h.kind == "rule" and h.number}
    versions: dict[str, list] = {}
    if keys:
        query = Q.And([Q.Term("kind", "rule"), Q.Or([Q.Term("numkey", k) for k in sorted(keys)])])
        for found in searcher.search(query, limit=len(keys) * 6):
            stored = found.fields()
            versions.setdefault(stored.get("numkey", ""), []).append(stored)
    for hit in page:
        if hit.kind != "rule":
            continue
        texts = [v for v in versions.get(hit.extra.get("_numkey"), []) if not parsed.langs or v["lang"] in parsed.langs]
        texts.sort(key=lambda v: (v["uid"] != hit.extra.get("_uid"), v["lang"] != hit.lang,
                                  LANG_ORDER.get(v["lang"], 9), held_first(v), v["uid"]))
        hit.texts = {}
        for stored in texts or [hit.extra.get("_stored", {})]:
            hit.texts.setdefault(stored.get("lang", hit.lang), text_of(stored))
        if not_asked(hit, parsed) and texts:  # found in English, held in a language asked for: shown in it
            shown_in(hit, texts[0])
        if not_asked(hit, parsed):
            hit.extra["fallback"] = {"asked": sorted(parsed.langs, key=LANG_ORDER.get), "shown": hit.lang}
        hit.id = f"rule/{hit.number}" if hit.number else hit.id
        hit.aligned = {}
        for key in ("source", "source_number"):
            hit.extra.pop(key, None)
    for hit in page:
        for key in ("_stored", "_uid", "_matched"):
            hit.extra.pop(key, None)
    return page


def not_asked(hit: Hit, parsed: Parsed) -> bool:
    """A hit in a language the query's ``--lang`` or ``lang:`` did not ask for (English shown instead)."""
    return bool(parsed.langs) and hit.lang not in parsed.langs
