"""Search the index: rule numbers first, then exact names, then text in tiers.

A query (:mod:`indexer.query`) is answered in this order, each hit once:

1. the rules its numbers name, in rules order, in every language, with their subrules;
2. an exact card name, glossary term, keyword page or rule heading;
3. text matches (:mod:`indexer.text_queries`, ranked by :mod:`indexer.scoring`):
   documents holding every word, then with translations and typo corrections, then
   documents with only some of the words, until ``limit`` hits are found.

A hit on a chapter that is only a pointer in its language is followed by its versions
in the other languages; rulings repeated word for word on many cards are one hit.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Callable

from whoosh import index as whoosh_index
from whoosh import query as Q

from kb.numbering import RuleNumber

from .analysis import name_key
from .hits import Hit, Hits
from .query import Parsed, QueryError, SearchTimeout, add_filter, parse_query
from .ranges import range_query
from .schema import text_field, title_field
from .scoring import (LANG_ORDER, NAME_SCORE, NUMBER_SCORE, STEP, in_languages, kind_order, rule_order,
                      score_order, weighting)
from .snippets import same_text_key, with_snippets
from .text_queries import TextQueries


class Searcher:
    """An open index; reuse it for many queries (``search()`` caches one per folder)."""

    def __init__(self, index_dir: Path) -> None:
        index_dir = Path(index_dir)
        if not whoosh_index.exists_in(str(index_dir)):
            raise QueryError(f"{index_dir}: no search index here; run 'mtgkb build'")
        self.index_dir = index_dir
        self.ix = whoosh_index.open_dir(str(index_dir))
        self.searcher = self.ix.searcher(weighting=weighting())
        self.reader = self.searcher.reader()
        self._budget: float | None = None
        self._deadline: float | None = None

    def close(self) -> None:
        self.searcher.close()

    def search(self, query: str, lang: str | None = None, kind: str | None = None, limit: int = 10,
               budget: float | None = None) -> Hits:
        """The best hits for ``query`` (see the module docstring), at most ``limit``; with a ``budget``
        (seconds of this thread's CPU time, so a busy machine does not make a cheap query look
        expensive), a query still running after it is stopped with a :class:`SearchTimeout`."""
        self._budget = budget
        self._deadline = time.thread_time() + budget if budget else None
        parsed = parse_query(query)
        if lang:
            add_filter(parsed, "lang", lang)
        if kind:
            add_filter(parsed, "kind", kind)
        limit = max(1, min(int(limit), 1000))
        texts = TextQueries(self.reader, in_languages(parsed.langs))
        page = _Page(limit, lambda hit: self._aligned_hits(hit, parsed))
        page.add(self._number_hits(parsed, limit))
        page.add(self._name_hits(parsed, limit))
        if parsed.items and not page.full:
            self._add_text_hits(parsed, texts, page)
        suggestions = texts.suggest(parsed) if len(page) < 3 or texts.corrections else []
        return Hits(with_snippets(page), suggestions)

    def _add_text_hits(self, parsed: Parsed, texts: TextQueries, page: _Page) -> None:
        """Tiers: direct matches of every word, then with translations and typo corrections,
        then documents with only some of the words."""
        flt = self._filter(parsed)
        direct, _, negation = texts.build(parsed, expand=False)
        strict, relaxed, _ = texts.build(parsed, expand=True)
        for query, reason in ((direct, "text"), (strict, "expanded"), (relaxed, "partial")):
            if query is None or page.full:
                continue
            self._check_budget()
            batch = self._run(query, negation, flt, page.limit, reason)
            page.add(batch)
            if len(batch) >= _candidates(page.limit):
                # More matches than a page shows: looser tiers would only rank below. If
                # repeated texts merged away too many, read further into this tier instead.
                if not page.full:
                    page.add(self._run(query, negation, flt, page.limit * 5, reason))
                break

    def _number_hits(self, parsed: Parsed, limit: int) -> list[Hit]:
        hits: list[Hit] = []
        if not parsed.numbers:
            return hits
        flt = self._filter(parsed, kinds=False)
        if parsed.kinds and "rule" not in parsed.kinds:
            return hits
        for selector in parsed.numbers:
            if isinstance(selector, RuleNumber):
                key = selector.sort_key
                exact = Q.Or([Q.Term("numkey", key), Q.Term("akey", key)])
                below = Q.Or([Q.Prefix("numkey", key), Q.Prefix("akey", key)])
                queries = [exact, Q.AndNot(below, exact)]
            else:
                queries = [self._range(selector, flt, limit * 3)]
            for query in queries:
                self._check_budget()
                q = Q.And([query, Q.Term("kind", "rule")])
                found = self.searcher.search(q, filter=flt, limit=limit * 3, sortedby="numkey")
                batch = [self._hit(h, NUMBER_SCORE - i * STEP, "number", set()) for i, h in enumerate(found)]
                hits += sorted(batch, key=rule_order)
        return hits

    def _range(self, selector, flt: Q.Query | None, wanted: int) -> Q.Query:
        """A range's rules, read from its start until ``wanted`` of them pass the filter."""
        return range_query(self.searcher, selector.start.sort_key, selector.end.sort_key + "~", wanted, flt,
                           self._check_budget)

    def _check_budget(self) -> None:
        """Stop a query that used up its time budget (see :meth:`search`)."""
        if self._deadline is not None and time.thread_time() > self._deadline:
            raise SearchTimeout(f"the search took more than {self._budget:g} s of work and was stopped: "
                                "narrow it down (fewer words, rule numbers or ranges)")

    def _name_hits(self, parsed: Parsed, limit: int) -> list[Hit]:
        if len(parsed.groups) != 1 or not parsed.items or parsed.negated:
            return []
        key = name_key(parsed.plain_text())
        if not key:
            return []
        found = self.searcher.search(Q.Term("name_key", key), filter=self._filter(parsed), limit=limit)
        return sorted((self._hit(h, NAME_SCORE, "name", set()) for h in found), key=kind_order)

    def _aligned_hits(self, hit: Hit, parsed: Parsed) -> list[Hit]:
        """The other languages' versions of ``hit`` (allowed by the filters), in language order."""
        uids = [uid for lang, uid in sorted(hit.aligned.items(), key=lambda p: LANG_ORDER.get(p[0], 9))
                if not parsed.langs or lang in parsed.langs]
        if not uids:
            return []
        found = self.searcher.search(Q.Or([Q.Term("uid", u) for u in uids]), limit=len(uids))
        return sorted((self._hit(h, hit.score - STEP, "aligned", set()) for h in found),
                      key=lambda h: uids.index(h.id) if h.id in uids else 99)

    def _filter(self, parsed: Parsed, kinds: bool = True) -> Q.Query | None:
        parts = []
        if parsed.langs:
            parts.append(Q.Or([Q.Term("lang", l) for l in sorted(parsed.langs)]))
        if kinds and parsed.kinds:
            parts.append(Q.Or([Q.Term("kind", k) for k in sorted(parsed.kinds)]))
        if parsed.sections:
            parts.append(Q.Or([Q.Term("section", s) for s in sorted(parsed.sections)]))
        return Q.And(parts) if parts else None

    def _run(self, query: Q.Query, negation: Q.Query | None, flt: Q.Query | None, limit: int,
             reason: str) -> list[Hit]:
        if negation is not None:
            query = Q.AndNot(query, negation)
        # The query's own terms mark the snippets (make_snippet keeps those the text holds).
        found = self.searcher.search(query, filter=flt, limit=_candidates(limit))
        matched = {(f, t.decode("utf-8") if isinstance(t, bytes) else t) for f, t in query.iter_all_terms()}
        return sorted((self._hit(h, h.score, reason, matched) for h in found), key=score_order)

    def _hit(self, found, score: float, reason: str, matched: set[tuple[str, str]]) -> Hit:
        stored = found.fields()
        lang = stored.get("lang", "")
        extra = json.loads(stored["extra"]) if stored.get("extra") else {}
        # The snippet is cut only for the hits kept (see with_snippets): a tier reads
        # three times as many candidates as it shows.
        extra["_content"] = stored.get("content", "") or ""
        extra["_marks"] = {t for f, t in matched if f in (text_field(lang), title_field(lang))}
        # rules sort by the number they are aligned to (a renumbered translation beside its source)
        extra["_numkey"] = stored.get("akey") or stored.get("numkey", "")
        return Hit(kind=stored.get("kind", ""), id=stored.get("uid", ""), lang=lang,
                   title=stored.get("title", "") or "", snippet="", score=float(score),
                   number=stored.get("number") or None,
                   aligned=json.loads(stored["aligned"]) if stored.get("aligned") else {},
                   doc=stored.get("doc", ""), reason=reason, extra=extra)


class _Page(list):
    """The hits of one search, at most ``limit``, each once: by id, and rulings by their text.

    A chapter that is only a pointer in its language is followed by ``aligned(hit)``,
    its versions in the other languages.
    """

    def __init__(self, limit: int, aligned: Callable[[Hit], list[Hit]]) -> None:
        super().__init__()
        self.limit = limit
        self.aligned = aligned
        self.seen: set[str] = set()

    @property
    def full(self) -> bool:
        return len(self) >= self.limit

    def add(self, new: list[Hit]) -> None:
        for hit in new:
            key = same_text_key(hit)
            if hit.id in self.seen or key in self.seen or self.full:
                continue
            self.seen.update((hit.id, key))
            self.append(hit)
            if hit.extra.get("pointer"):
                self.add(self.aligned(hit))


def _candidates(limit: int) -> int:
    """How many items a tier reads to fill a page of ``limit`` hits (some merge or repeat)."""
    return limit * 2 + 10


_OPEN = threading.local()  # each thread its own searchers: a whoosh searcher is not safe to share


def open_searcher(source) -> Searcher:
    """A cached :class:`Searcher` for an index folder or a :class:`~kb.store.KnowledgeBase` (one per thread)."""
    index_dir = Path(getattr(source, "index_dir", source))
    key = str(index_dir.resolve())
    searchers: dict[str, Searcher] = _OPEN.__dict__.setdefault("searchers", {})
    searcher = searchers.get(key)
    if searcher is None:
        # Keep only the newest index open: a rebuild publishes a new folder and removes old ones.
        for old in searchers.values():
            old.close()
        searchers.clear()
        searcher = searchers[key] = Searcher(index_dir)
    return searcher


def search(source, query: str, lang: str | None = None, kind: str | None = None, limit: int = 10,
           budget: float | None = None) -> Hits:
    """Search an index folder or a knowledge base; the best hits first (see the module docstring)."""
    return open_searcher(source).search(query, lang=lang, kind=kind, limit=limit, budget=budget)
