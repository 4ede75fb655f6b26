"""Search the index: rule numbers first, then game concepts and exact names, then text.

A query (:mod:`indexer.query`) is answered in this order, each hit once:

1. the rules its numbers name (English reference numbers), in rules order, with their subrules;
2. when the whole query names a game concept (:mod:`indexer.vocab`: ``travolgere``,
   ``cimetière``, ``valore di mana``), the concept's rules, glossary entries and keyword pages;
3. an exact card name, glossary term, keyword page or rule heading;
4. for a query read as a question (:mod:`indexer.reading`: ``una creatura tappata può
   bloccare?``), the rules and glossary entries where its words meet (:mod:`indexer.questions`),
   before anything else the words match;
5. text matches (:mod:`indexer.text_queries`, ranked by :mod:`indexer.scoring`): the words
   as typed and, always, their translations and typo corrections, ranked together; then
   documents with only some of the words, until ``limit`` hits are found. When the query
   names a concept, rules, glossary entries and rulings come before card texts. A concept
   named by a phrase inside a longer query comes right after the best match.

The order is a precedence (:mod:`indexer.fuse`, which also gives each hit a score falling with its
rank), and every number that changes it comes from a :class:`~indexer.params.Params`.

One hit per rule: its versions in every language are one hit, numbered by the English
reference release, carrying each language's text (``texts``, the matched language first);
a version numbered otherwise by its source says so (``source_number``). Rulings repeated
word for word on many cards are one hit.
"""

from __future__ import annotations

import json
import threading
from functools import cache
from pathlib import Path
from typing import Callable

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh.idsets import BitSet

from kb.numbering import RuleNumber

from .analysis import name_key, terms
from .bm25 import weighting
from .budget import Budget
from .concepts import described, kept_out, named_by, primary_rules, rules_of
from .empty import RulesHeld, empty_reason
from .fuse import fuse
from .hits import Hit, Hits
from .questions import QuestionIndex
from .query import IndexMissing, Parsed, Word, add_filter, parse_query
from .page import Page, candidates
from .params import DEFAULT, Params
from .phrasings import matching_phrases
from .ranges import range_query
from .language import query_language
from .reading import Reading, read
from .schema import fields_of
from .scoring import EXACT_SCORE, in_languages, kind_order, rule_order
from .snippets import with_snippets
from .spelling import Spelling
from .versions import not_asked, with_texts
from .storage import open_index
from .word_counts import IndexedWords
from .text_queries import TextQueries, words_per_prefix
from .tiers import Ranked, tiers
from .vocab import homonyms, read_forms, spot, words_of
from .windows import Denials, WindowCollector, Windows, read_bound

MAX_LIMIT = 200  # hits one search returns at most


class Searcher:
    """An open index; reuse it for many queries (``search()`` caches one per folder)."""

    def __init__(self, index_dir: Path) -> None:
        index_dir = Path(index_dir)
        if not whoosh_index.exists_in(str(index_dir)):
            raise IndexMissing(f"{index_dir}: no search index here; run 'mtgkb build'")
        self.index_dir = index_dir
        read_forms(index_dir)
        self.ix = open_index(index_dir)
        self._weightings = {DEFAULT.bm25: weighting(DEFAULT.bm25)}  # one per set of BM25 parameters
        self.searcher = self.ix.searcher(weighting=self._weightings[DEFAULT.bm25])
        self.reader = self.searcher.reader()
        self.windows = Windows(self.searcher)
        self.denials = Denials(self.searcher)
        self.words = IndexedWords(index_dir, self.reader)
        self.spelling = Spelling(self.words)
        self._filters: dict[str, object] = {}
        self._questions: QuestionIndex | None = None
        self._held: RulesHeld | None = None  # the rule numbers held, read when a search finds nothing
        self._budget = Budget()
        self._params = DEFAULT  # the parameters of the search running

    def close(self) -> None:
        self.searcher.close()

    def search(self, query: str, lang: str | None = None, kind: str | None = None, limit: int = 10,
               budget: float | None = None, query_lang: str | None = None, deadline: float | None = None,
               params: Params | None = None) -> Hits:
        """The best hits for ``query`` (see the module docstring), at most ``limit`` (up to
        :data:`MAX_LIMIT`); with a ``budget`` (seconds of this thread's CPU time, so a busy machine
        does not make a cheap query look expensive) or a ``deadline`` (an instant of ``time.monotonic``:
        a server's answer due), a query still running after either is stopped with a
        :class:`SearchTimeout`, checked while the documents are read. ``query_lang`` says which
        language the query is written in (the web page's interface language) without filtering
        the hits by it, as ``lang`` does. Every number that orders the hits comes from ``params``
        (:mod:`indexer.params`; None: :data:`~indexer.params.DEFAULT`)."""
        params = self._params = params or DEFAULT
        if params.bm25 not in self._weightings:
            self._weightings[params.bm25] = weighting(params.bm25)
        self.searcher.weighting = self._weightings[params.bm25]
        self._budget = Budget(budget, deadline)
        self._check_budget()  # a query that waited past its deadline does not start
        parsed = parse_query(query)
        # a question is read from the text as typed (+1/+1 is one word there), unless the text
        # holds filters or rule numbers of its own
        as_typed = None if parsed.kinds or parsed.langs or parsed.sections or parsed.numbers else query
        if lang:
            add_filter(parsed, "lang", lang)
        if kind:
            add_filter(parsed, "kind", kind)
        limit = max(1, min(int(limit), MAX_LIMIT))
        # the query's language is identified only when a question is read or a word might be corrected
        language = cache(lambda: query_language(parsed.langs, parsed.plain_text(), query_lang))
        texts = TextQueries(self.reader, self.words, in_languages(parsed.langs), spelling=self.spelling,
                            prefix_words=words_per_prefix(parsed), language=language,
                            boosts=params.expansion, partial=params.partial)
        page = Page(limit)
        page.add(self._number_hits(parsed, limit))
        concepts, whole, matches = self._concepts(parsed, texts)  # concept id -> the rules its name stands for
        concept_hits = self._concept_hits(parsed, concepts, texts.negation(parsed), limit) if concepts else []
        if whole:
            page.add(concept_hits)
        names = self._name_hits(parsed, limit)
        page.add(names)
        reading = self._reading(parsed, whole, names, language, as_typed)
        if reading is not None and reading.question:
            reading = self._spelled(parsed, texts, reading)
            page.add(self._question_hits(parsed, reading, limit))
            concept_hits, concepts = [], {}
        only_function_words = reading is not None and not reading.groups  # "cosa succede se?": nothing to find
        if parsed.items and not page.full and not only_function_words:
            cards_last = bool(concepts)  # a card named so is already above, among the names
            others = homonyms(matches)  # computed only when text hits run: a question needs none
            self._add_text_hits(parsed, texts, page, cards_last, others, concepts)
        read_too = reading is not None and not reading.question and not page.has_rules and reading.surely_translated(
            params.reading.sure_translation)
        if read_too:  # words found nowhere as typed, or only in card texts, are still read (vuoto: empty)
            if page:
                page.insert_after_best(self._question_hits(parsed, reading, limit)[:params.fuse.after_best])
            else:
                page.add(self._question_hits(parsed, reading, limit))
        if concept_hits and not whole and not any(h.kind == "card" for h in names):
            page.insert_after_best([h for h in concept_hits if h.kind != "rule" or "." not in (h.number or "")
                                    or h.extra.get("subkind") == "rule"][:params.fuse.after_best])
        # a question searched with its words corrected says so itself: no "did you mean" again
        spelled = reading is not None and reading.spelled
        suggestions = texts.suggest(parsed) if not spelled and (len(page) < 3 or texts.corrections) else []
        hits = Hits(with_snippets(with_texts(self.searcher, fuse(page), parsed)), suggestions, described(concepts),
                    self._elsewhere(parsed))
        hits.reading = reading.to_dict() if reading is not None and (reading.question or read_too) else None
        if not hits:  # say why, and what to try (indexer.empty)
            self._held = self._held or RulesHeld.of(self.searcher)
            hits.empty_reason = empty_reason(parsed, texts, self._held,
                                             lambda: reading or read(parsed.plain_text(), *language(),
                                                                          weights=params.reading))
        return hits

    def _reading(self, parsed: Parsed, whole: bool, names: list[Hit], language: Callable[[], tuple[str | None, float]],
                 as_typed: str | None = None) -> Reading | None:
        """How a query of plain words is read as a question (:mod:`indexer.reading`), in its ``language()``
        (the language and how sure); None for a phrase alone, prefixes, alternatives or exclusions, or a
        card or term named whole."""
        words = [i for i in parsed.items if isinstance(i, Word)]
        if (whole or names or len(parsed.groups) != 1 or parsed.negated or not words
                or any(i.prefix for i in words)):
            return None  # a phrase is read as part of a question, not alone ("the vote is tied")
        if parsed.kinds and not parsed.kinds & {"rule", "term"}:
            return None
        return read(as_typed or parsed.plain_text(), *language(), weights=self._params.reading)

    def _spelled(self, parsed: Parsed, texts: TextQueries, reading: Reading) -> Reading:
        """``reading`` of the question with its misspelt words corrected, when any was (``can i
        targt my own creatur with hexprof``: target, creature, hexproof); words the index or a
        language knows are never corrected (:meth:`~indexer.text_queries.TextQueries.suggest`)."""
        suggested = texts.suggest(parsed)
        if not suggested:
            return reading
        corrected = read(suggested[0], reading.lang, reading.confidence, weights=self._params.reading)
        if not corrected.groups:
            return reading
        corrected.question, corrected.spelled, corrected.corrections = True, suggested[0], texts.changes
        return corrected

    def _question_hits(self, parsed: Parsed, reading: Reading, limit: int) -> list[Hit]:
        """The rules and glossary entries where the question's words meet, best first."""
        if self._questions is None:
            self._questions = QuestionIndex(self.index_dir)
        kinds = (parsed.kinds & {"rule", "term"}) or None
        hits = []
        for ranked in self._questions.rank(reading, kinds, self._params)[:limit]:
            found = self.searcher.document_number(uid=ranked.uid)
            if found is None:
                continue
            stored = self.searcher.stored_fields(found)
            if parsed.langs and stored.get("kind") == "term" and stored.get("lang") not in parsed.langs:
                continue
            matched = {(f, t) for lang, ts in ranked.matched.items() for t in ts for f in fields_of(lang)}
            hit = self._hit(stored, ranked.score, "question", matched)
            hit.extra["_rerankers"] = ranked.changes
            if ranked.phrased and hit.number:
                own = set(terms(stored.get("content", "") or "", stored.get("lang", "en")))
                english = stored.get("content", "") if stored.get("lang", "en") == "en" else None
                if phrases := matching_phrases(hit.number, own, ranked.matched, reading.lang, english_text=english):
                    hit.extra["phrases"] = phrases
            hits.append(hit)
            if reading.held is None:
                reading.held = ranked.held
        return hits

    def _concepts(self, parsed: Parsed, texts: TextQueries) -> tuple[dict[str, tuple[str, ...] | None], bool, list]:
        """The concepts the query's words name (typos corrected towards the vocabulary when the
        words name none), each with the rules the names used stand for (Italian *pescare*: 121 of
        *Draw*'s 121 and 104.4), whether one concept is the whole query, and the vocabulary matches
        (whose homonyms, :func:`~indexer.vocab.homonyms`, are kept out of its text hits)."""
        if len(parsed.groups) != 1 or not parsed.items:
            return {}, False, []
        text = parsed.plain_text()
        lang = next(iter(parsed.langs)) if len(parsed.langs) == 1 else None  # its names first
        found = spot(text, lang)
        if not found and all(isinstance(i, Word) and not i.prefix for i in parsed.items):
            corrected = texts.vocabulary_spelling(text)
            fixed = spot(corrected, lang)
            # a correction names a concept only when it reads the whole query as one ("travolgre"),
            # never a word of a longer one ("porteur de l'Anneau" is not Reach)
            if len(fixed) == 1 and fixed[0].end - fixed[0].start == len(words_of(corrected)):
                text, found = corrected, fixed
        named: dict[str, tuple[str, ...] | None] = {}  # None: every rule of the concept
        for match in (m for s in found for m in s.matches):
            known = named.get(match.concept.id, ())
            named[match.concept.id] = None if known is None or not match.name.rules else known + match.name.rules
        whole = len(found) == 1 and found[0].end - found[0].start == len(words_of(text))
        if not whole and any(not isinstance(i, Word) or i.prefix for i in parsed.items):
            return {}, False, []  # a phrase or a prefix is taken as typed unless it names a concept whole
        return named, whole, [m for s in found for m in s.matches]

    def _concept_hits(self, parsed: Parsed, concepts: dict[str, tuple[str, ...] | None], negation: Q.Query | None,
                      limit: int) -> list[Hit]:
        """The rules, glossary entries and keyword pages defining ``concepts``, in that order; of a
        concept's rules, those the query's name stands for, in the vocabulary's order."""
        hits: list[Hit] = []
        for concept, rules in concepts.items():
            query = Q.Term("concepts", concept)
            query = Q.AndNot(query, negation) if negation is not None else query
            found = self.searcher.search(query, filter=self._rule_filter(parsed, kinds=True), limit=None)
            batch = [self._hit(h.fields(), EXACT_SCORE, "concept", set()) for h in found]
            batch = [h for h in batch if (named_by(h, rules) if h.kind == "rule" else not not_asked(h, parsed))]
            first = primary_rules(rules or rules_of(concept))
            hits += sorted(batch, key=lambda h: (kind_order(h)[0], first(h), not_asked(h, parsed), rule_order(h)))
        return hits

    def _add_text_hits(self, parsed: Parsed, texts: TextQueries, page: "Page", cards_last: bool,
                       others: set[str] = frozenset(), concepts: dict | None = None) -> None:
        """Words as typed and their translations and corrections together (expansion always
        runs), then documents with only some of the words; for a concept, card texts come
        after the rules, glossary entries and rulings, searched as typed (translations would
        walk every card of the other languages for little)."""
        flt = self._filter(parsed)
        scopes = ["rules", "cards"] if cards_last and (not parsed.kinds or parsed.kinds - {"card"}) else ["all"]
        for scope in scopes:
            scoped = texts.scoped(scope)
            negation = scoped.negation(parsed)
            if others:  # the rules and entries of another concept the English translation names
                negation = Q.Or(kept_out(others, concepts) + ([negation] if negation is not None else []))
            # what the negation leaves out, read once for the scope's tiers, queries and windows
            deny = self.denials.of(negation) if negation is not None and not page.full else None
            for tier in tiers(scoped, parsed):
                if page.full:
                    break
                if all(q is None for q, _ in tier):
                    continue
                reached = self._tier(tier, deny, flt, page.limit)
                page.add(reached)
                if len(reached) >= candidates(page.limit):
                    break

    def _tier(self, queries: list[tuple[Q.Query | None, str]], deny, flt, limit: int) -> Ranked:
        """The hits of a tier's queries merged, best score kept (the first reason found), none of
        ``deny``; direct matches before the hits only a translation or correction reached. The
        queries read enough candidates for repeated texts merged away on the page."""
        merged: dict[int, list] = {}  # docnum -> [score, reason, terms of the query]
        for query, reason in queries:
            if query is None:
                continue
            self._check_budget()
            # The query's own terms mark the snippets (make_snippet keeps those the text holds).
            matched = {(f, t.decode("utf-8") if isinstance(t, bytes) else t) for f, t in query.iter_all_terms()}
            for docnum, score in self._run(query, flt, limit, deny):
                known = merged.get(docnum)
                if known is None:
                    merged[docnum] = [score, reason, matched]
                elif score > known[0] + 1e-9:
                    known[0], known[2] = score, matched
        return Ranked(self, merged)

    def _number_hits(self, parsed: Parsed, limit: int) -> list[Hit]:
        """The rules numbered so in the reference release (``numkey``), then their subrules."""
        hits: list[Hit] = []
        if not parsed.numbers or (parsed.kinds and "rule" not in parsed.kinds):
            return hits
        flt = self._rule_filter(parsed)
        for selector in parsed.numbers:
            if isinstance(selector, RuleNumber):
                exact = Q.Term("numkey", selector.sort_key)
                queries = [exact, Q.AndNot(Q.Prefix("numkey", selector.sort_key), exact)]
            else:
                queries = [range_query(self.searcher, selector.start.sort_key, selector.end.sort_key + "~",
                                       limit * 3, flt, self._check_budget)]
            for query in queries:
                self._check_budget()
                q = Q.And([query, Q.Term("kind", "rule")])
                found = self.searcher.search(q, filter=flt, limit=limit * 3, sortedby="numkey")
                batch = [self._hit(h.fields(), EXACT_SCORE, "number", set()) for h in found]
                hits += sorted(batch, key=lambda h: (h.extra["_numkey"], not_asked(h, parsed), rule_order(h)))
        return hits

    def _elsewhere(self, parsed: Parsed) -> list[dict]:
        """Rule texts whose source numbers them as a number asked for, while they are another rule
        of the reference release (``701.31``: the Italian Voto's Vote, here 701.38)."""
        found = []
        for selector in (n for n in parsed.numbers if isinstance(n, RuleNumber)):
            query = Q.And([Q.Term("srckey", selector.sort_key), Q.Term("kind", "rule")])
            for hit in self.searcher.search(query, limit=5):
                stored = hit.fields()
                extra = json.loads(stored.get("extra") or "{}")
                if stored.get("number") and stored["number"] != str(selector):
                    found.append({"asked": str(selector), "lang": stored.get("lang", ""),
                                  "source": extra.get("source", ""), "number": stored["number"]})
        return found

    def _check_budget(self) -> None:
        """Stop a query that used up its time budget or passed its deadline (see :meth:`search`)."""
        self._budget.check()

    def _name_hits(self, parsed: Parsed, limit: int) -> list[Hit]:
        if len(parsed.groups) != 1 or not parsed.items or parsed.negated:
            return []
        key = name_key(parsed.plain_text())
        if not key:
            return []
        # every item of that name (a card in its languages, the rulings on it), the card first
        found = self.searcher.search(Q.Term("name_key", key), filter=self._filter(parsed), limit=None)
        return sorted((self._hit(h.fields(), EXACT_SCORE, "name", set()) for h in found), key=kind_order)[:limit]

    def _rule_filter(self, parsed: Parsed, kinds: bool = False) -> Q.Query | None:
        """:meth:`_filter` with English let through as well: a rule asked for by number or
        concept is shown in English when no asked language holds it (``travolgere --lang it``
        finds 702.19 though only section 4 is translated), as ``mtgkb rule --lang`` does."""
        return self._filter(parsed, kinds, langs=set(parsed.langs) | {"en"} if parsed.langs else None)

    def _filter(self, parsed: Parsed, kinds: bool = True, langs: set[str] | None = None) -> Q.Query | None:
        parts = []
        langs = langs or parsed.langs
        if langs:
            parts.append(Q.Or([Q.Term("lang", l) for l in sorted(langs)]))
        if kinds and parsed.kinds:
            parts.append(Q.Or([Q.Term("kind", k) for k in sorted(parsed.kinds)]))
        if parsed.sections:
            parts.append(Q.Or([Q.Term("section", s) for s in sorted(parsed.sections)]))
        return self._docset(Q.And(parts)) if parts else None

    def _docset(self, query: Q.Query):
        """The documents a filter lets through, computed once per open index (whoosh would
        otherwise walk every document of ``kind:rule`` or ``lang:it`` at each search)."""
        key = repr(query)
        found = self._filters.get(key)
        if found is None:
            found = self._filters[key] = BitSet(self.searcher.docs_for_query(query), size=self.searcher.doc_count_all())
        return found

    def _run(self, query: Q.Query, flt, limit: int, deny=None) -> list[tuple[int, float]]:
        """(docnum, score) of the best candidates for a page of ``limit`` hits, rulings and card
        texts read in bounded windows (:mod:`indexer.windows`), none of ``deny``. Enough candidates
        are kept for a page whose repeated texts merge away (they cost nothing until made into hits)."""
        collector = WindowCollector(candidates(limit * 5), self.windows, read_bound(limit), allow=flt,
                                    check=self._check_budget, deny=deny)
        self.searcher.search_with_collector(query, collector)
        return [(docnum, score) for score, docnum in collector.results().top_n]

    def _hit(self, stored: dict, score: float, reason: str, matched: set[tuple[str, str]]) -> Hit:
        lang = stored.get("lang", "")
        extra = json.loads(stored["extra"]) if stored.get("extra") else {}
        # The snippet is cut only for the hits kept (see with_snippets): a tier reads
        # more candidates than it shows.
        extra["_content"] = stored.get("content", "") or ""
        fields = fields_of(lang)
        extra["_marks"] = {t for f, t in matched if f in fields}
        extra["_matched"] = matched
        extra["_numkey"] = stored.get("numkey", "")
        extra["_uid"] = stored.get("uid", "")
        extra["_stored"] = stored
        return Hit(kind=stored.get("kind", ""), id=stored.get("uid", ""), lang=lang,
                   title=stored.get("title", "") or "", snippet="", score=float(score),
                   number=stored.get("number") or None,
                   aligned=json.loads(stored["aligned"]) if stored.get("aligned") else {},
                   doc=stored.get("doc", ""), reason=reason, extra=extra)


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
           budget: float | None = None, query_lang: str | None = None, deadline: float | None = None,
           params: Params | None = None) -> Hits:
    """Search an index folder or a knowledge base; the best hits first (see the module docstring),
    ordered by ``params`` (:mod:`indexer.params`; None: the tuned :data:`~indexer.params.DEFAULT`)."""
    return open_searcher(source).search(query, lang=lang, kind=kind, limit=limit, budget=budget,
                                        query_lang=query_lang, deadline=deadline, params=params)
