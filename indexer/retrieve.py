"""The second stage of a search, **retrieve**: a :class:`~indexer.plan.Plan` becomes lists of candidate
hits, each list with its reason, in the precedence :mod:`indexer.fuse` keeps (:meth:`Retriever.retrieve`).

The retrievers, each a method of :class:`Retriever`, over the whoosh index (public API only):

1. ``number``: the rules the query's numbers name (English reference numbers), then their subrules;
2. ``concept``: the rules, glossary entries and keyword pages of a game concept the words name;
3. ``name``: the items whose exact name the query is (a card in its languages, its rulings);
4. ``question``: for a query read as a question, every rule and glossary entry holding one of its
   words, scored by one BM25 over the rules' texts and the players' phrasings
   (:class:`~indexer.questions.QuestionIndex`); the rerank stage orders them;
5. ``text``: the words as typed with their translations and corrections (:mod:`indexer.text_queries`),
   then items holding only some of the words, tier by tier until enough candidates are found.

A question naming cards (:mod:`indexer.card_finder`) also gets what the cards bring
(:meth:`Retriever.card_evidence`): the rules their types, keywords and kinds of ability point to, and
their rulings that meet the question's other words with the rules those are linked to. Those rules
are weighed by the rerank stage (``card``, ``card_ruling``); the ones no word of the question reaches
are added as candidates; the rulings are a list of their own (reason ``card``) the fuse stage shows
under the rules.

A concept named inside a longer query, and a question read from words found nowhere as typed, give
candidates the fuse stage places right after the best match. Retrieval stops reading once the
lists hold a page (:class:`Pool`), so a question's page reads no text matches.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from whoosh import query as Q
from whoosh.idsets import BitSet

from kb.numbering import RuleNumber

from .analysis import name_key, terms
from .card_evidence import (FACE_SEPARATOR, NAMED_BY_A_RULE, NAMED_BY_AN_EXAMPLE, dependent, rules_for_pairs, together,
                            with_named)
from .card_finder import CardFinder
from .card_rulings import CardRulings
from .concepts import kept_out, named_by, primary_rules, rules_of
from .hits import Hit
from .page import candidates
from .phrasings import matching_phrases
from .params import Cards
from .plan import Concepts, Plan
from .questions import Candidate, QuestionIndex
from .ranges import range_query
from .reading import Reading
from .rerankers import Asked, backed_by_a_card
from .rule_places import lineage
from .schema import fields_of, text_field
from .scoring import EXACT_SCORE, kind_order, rule_order
from .snippets import same_text_key
from .text_queries import TextQueries
from .tiers import Ranked, tiers
from .versions import not_asked
from .vocab import homonyms
from .windows import Denials, WindowCollector, Windows, read_bound

# where the fuse stage puts a list of candidates: in precedence order, right after the best match, or
# at the end of the page in places kept for them (the rulings of the cards a question names)
IN_ORDER, AFTER_BEST, KEPT_AT_END = "in order", "after best", "kept at end"


@dataclass
class Candidates:
    """One retriever's candidates, best first, with where the fuse stage places them. A question's
    candidates are scored only (``ranked``): the rerank stage orders them, and reading the list
    makes its first ``limit`` into hits."""

    hits: Iterable[Hit] = ()
    place: str = IN_ORDER
    ranked: list[Candidate] | None = None  # a question's candidates (rerank stage)
    asked: Asked | None = None  # what the rerankers read of the question
    make: Callable[[list[Candidate]], Iterator[Hit]] | None = None  # a question's candidates as hits

    def __iter__(self) -> Iterator[Hit]:
        yield from (self.hits if self.make is None else self.make(self.ranked))


@dataclass
class Retrieved:
    """The retrieve stage's result: the candidate lists in precedence order, and how the query was
    finally read (a card's exact name is not read as a question; a question's concepts give no hits)."""

    lists: list[Candidates] = field(default_factory=list)
    reading: Reading | None = None  # the reading the hits used (None: not read)
    shown_reading: bool = False  # whether the reading is shown (a question, or words read all the same)
    concepts: Concepts = field(default_factory=dict)  # the concepts the hits used


@dataclass
class Brought:
    """What the cards a question names bring to it (:meth:`Retriever.card_evidence`)."""

    card_rules: tuple[frozenset[str], ...] = ()  # per card, the rules its nature points to
    ruling_rules: frozenset[str] = frozenset()  # the rules their rulings meeting the question's words are linked to
    rulings: list[Hit] = field(default_factory=list)  # those rulings, best first
    # per card of card_rules, how much each rule it brings alone tells of it (CardFinder.evidence_weights)
    card_weights: tuple[dict[str, float], ...] = ()


class Pool:
    """How many distinct hits the lists hold so far (a rule once in all its languages, a ruling
    text once), to stop retrieving at a page: the fuse stage counts them the same way."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.seen: set[str] = set()
        self.kinds: list[str] = []

    @property
    def full(self) -> bool:
        return len(self.kinds) >= self.limit

    @property
    def has_rules(self) -> bool:
        """Whether a rule or a glossary entry is among them (else card texts would answer alone)."""
        return any(k in ("rule", "term") for k in self.kinds)

    def __bool__(self) -> bool:
        return bool(self.kinds)

    def add(self, hits: Iterable[Hit]) -> None:
        for hit in hits:
            if self.full:
                break
            self.hold(hit.kind, (hit.id, same_text_key(hit)))

    def hold(self, kind: str, keys: tuple[str, ...]) -> None:
        if not self.full and not self.seen & set(keys):
            self.seen.update(keys)
            self.kinds.append(kind)

    def reserve(self, unordered: list[Candidate]) -> None:
        """Count candidates whose order is not known yet, of which the page shows the first it has room
        for: all of them when there is room for all, else as many as there is room for."""
        room = self.limit - len(self.kinds)
        if len(unordered) < room:
            for candidate in unordered:
                self.hold(candidate.kind, candidate.keys)
        else:
            self.kinds += [candidate.kind for candidate in unordered[:room]]


class Retriever:
    """The retrievers over one open whoosh ``searcher`` (see the module docstring)."""

    def __init__(self, searcher, index_dir, cards: Callable[[], CardFinder] | None = None) -> None:
        self.searcher = searcher
        self.cards = cards or CardFinder  # the index's card finder (indexer.searcher.Searcher.cards); none: an empty one
        self.windows = Windows(searcher)
        self.denials = Denials(searcher)
        self.index_dir = index_dir
        self._filters: dict[str, object] = {}
        self._questions: QuestionIndex | None = None
        self.card_rulings = CardRulings(searcher)
        self._plan: Plan | None = None  # the plan being retrieved (its budget is checked while reading)

    def retrieve(self, plan: Plan) -> Retrieved:
        """Every retriever's candidates for ``plan``, in precedence order (see the module docstring)."""
        self._plan = plan
        parsed, limit, found = plan.parsed, plan.limit, Retrieved()
        pool = Pool(limit)

        def take(hits: Iterable[Hit], place: str = IN_ORDER) -> None:
            hits = list(hits)
            found.lists.append(Candidates(hits, place))
            if place == IN_ORDER:
                pool.add(hits)

        take(self.number_hits(plan))
        concept_hits = self.concept_hits(plan) if plan.concepts else []
        if plan.whole:
            take(concept_hits)
        names = self.name_hits(plan)
        take(names)
        reading = None if names else plan.reading
        concepts = plan.concepts
        if reading is not None and reading.question:
            brought = self.card_evidence(plan, reading) if plan.cards or plan.strays else Brought()
            found.lists.append(self.questions(plan, reading, pool, brought=brought))
            if brought.rulings and (not parsed.kinds or "ruling" in parsed.kinds):
                found.lists.append(Candidates(brought.rulings, KEPT_AT_END))
            concept_hits, concepts = [], {}
        only_function_words = reading is not None and not reading.groups  # "cosa succede se?": nothing to find
        if parsed.items and not pool.full and not only_function_words:
            cards_last = bool(concepts)  # a card named so is already above, among the names
            for reached in self.text_hits(plan, pool, cards_last, homonyms(plan.matches), concepts):
                found.lists.append(Candidates(reached))
        read_too = (reading is not None and not reading.question and not pool.has_rules
                    and reading.surely_translated(plan.params.reading.sure_translation))
        if read_too:  # words found nowhere as typed, or only in card texts, are still read (vuoto: empty)
            found.lists.append(self.questions(plan, reading, None, AFTER_BEST if pool else IN_ORDER))
        if concept_hits and not plan.whole and not any(h.kind == "card" for h in names):
            take([h for h in concept_hits if h.kind != "rule" or "." not in (h.number or "")
                  or h.extra.get("subkind") == "rule"], AFTER_BEST)
        found.reading, found.concepts = reading, concepts
        found.shown_reading = reading is not None and (reading.question or read_too)
        return found

    def number_hits(self, plan: Plan) -> list[Hit]:
        """The rules numbered so in the reference release (``numkey``), then their subrules."""
        parsed, limit = plan.parsed, plan.limit
        hits: list[Hit] = []
        if not parsed.numbers or (parsed.kinds and "rule" not in parsed.kinds):
            return hits
        flt = self.rule_filter(parsed)
        for selector in parsed.numbers:
            if isinstance(selector, RuleNumber):
                exact = Q.Term("numkey", selector.sort_key)
                queries = [exact, Q.AndNot(Q.Prefix("numkey", selector.sort_key), exact)]
            else:
                queries = [range_query(self.searcher, selector.start.sort_key, selector.end.sort_key + "~",
                                       limit * 3, flt, self.check_budget)]
            for query in queries:
                self.check_budget()
                q = Q.And([query, Q.Term("kind", "rule")])
                found = self.searcher.search(q, filter=flt, limit=limit * 3, sortedby="numkey")
                batch = [self.hit(h.fields(), EXACT_SCORE, "number", set()) for h in found]
                hits += sorted(batch, key=lambda h: (h.extra["_numkey"], not_asked(h, parsed), rule_order(h)))
        return hits

    def concept_hits(self, plan: Plan) -> list[Hit]:
        """The rules, glossary entries and keyword pages defining the plan's concepts, in that order; of a
        concept's rules, those the query's name stands for, in the vocabulary's order."""
        parsed, negation = plan.parsed, plan.texts.negation(plan.parsed)
        hits: list[Hit] = []
        for concept, rules in plan.concepts.items():
            query = Q.Term("concepts", concept)
            query = Q.AndNot(query, negation) if negation is not None else query
            found = self.searcher.search(query, filter=self.rule_filter(parsed, kinds=True), limit=None)
            batch = [self.hit(h.fields(), EXACT_SCORE, "concept", set()) for h in found]
            batch = [h for h in batch if (named_by(h, rules) if h.kind == "rule" else not not_asked(h, parsed))]
            first = primary_rules(rules or rules_of(concept))
            hits += sorted(batch, key=lambda h: (kind_order(h)[0], first(h), not_asked(h, parsed), rule_order(h)))
        return hits

    def name_hits(self, plan: Plan) -> list[Hit]:
        """Every item of the query's exact name (a card in its languages, the rulings on it), the card first."""
        parsed = plan.parsed
        if len(parsed.groups) != 1 or not parsed.items or parsed.negated:
            return []
        key = name_key(parsed.plain_text())
        if not key:
            return []
        found = self.searcher.search(Q.Term("name_key", key), filter=self.filter(parsed), limit=None)
        return sorted((self.hit(h.fields(), EXACT_SCORE, "name", set()) for h in found), key=kind_order)[:plan.limit]

    def questions(self, plan: Plan, reading: Reading, pool: Pool | None = None, place: str = IN_ORDER,
                  brought: Brought | None = None) -> Candidates:
        """The rules and glossary entries holding a word of the question, scored (not yet ordered: the
        rerank stage does it), with the rules the cards it names bring (``brought``); ``pool`` counts
        those the page will show."""
        kinds = (plan.parsed.kinds & {"rule", "term"}) or None
        index = self.question_index()
        ranked = index.candidates(reading, kinds, plan.params)
        asked = index.asked(reading)
        if brought is not None and (brought.card_rules or brought.ruling_rules):
            asked = dataclasses.replace(asked, card_rules=brought.card_rules, ruling_rules=brought.ruling_rules,
                                        card_weights=brought.card_weights)
            if not kinds or "rule" in kinds:
                ranked += index.brought(frozenset().union(*brought.card_rules, brought.ruling_rules), ranked,
                                        plan.params.cards.found_share)
        if pool is not None:  # the page shows the first ``limit`` in the rerank stage's order
            pool.reserve(ranked)
        return Candidates(place=place, ranked=ranked, asked=asked,
                          make=lambda ordered: self.question_hits(ordered, plan, reading))

    def question_index(self) -> QuestionIndex:
        """The question documents' index (:mod:`indexer.questions`), opened on first use."""
        if self._questions is None:
            self._questions = QuestionIndex(self.index_dir)
        return self._questions

    def card_evidence(self, plan: Plan, reading: Reading) -> Brought:
        """What the cards ``plan`` names bring: the rules their nature points to (saved at build,
        :mod:`indexer.card_evidence`), and their rulings that meet the question's words (``cards.ruling_words``
        of them, all when it has fewer), best first, each with the rules it is linked to; and the rules that write a
        name it types that no card held bears (:meth:`~indexer.card_finder.CardFinder.rules_naming`)."""
        with_evidence = [card for card in plan.cards if card.evidence]
        finder = self.cards()
        alone = tuple(frozenset(rule for rule, _ in card.evidence) for card in with_evidence)
        card_rules = together(alone, tuple(card.copies for card in with_evidence), finder.together, finder.of_several,
                              tuple(rules_for_pairs(card.evidence) for card in with_evidence))
        common = finder.evidence_weights(plan.params.cards.common, plan.params.cards.common_floor)
        cards = plan.params.cards
        weights = tuple(weights_told(card.evidence, common, named_weights(cards, finder.printings[card.card]))
                        for card in with_evidence)
        if with_evidence and (homes := self.question_index().asked(reading).homes):  # a card and a game term named
            term_rules = frozenset(number for rule in homes for number in lineage(f"rule/{rule}"))  # counters: 122
            card_rules += with_named(card_rules[:len(with_evidence)], term_rules, finder.with_named)
        if finder.dependency and dependent(card.layers for card in plan.cards if card.layers):
            card_rules += (frozenset(finder.dependency),)  # one effect changes what the other applies to: 613.8
        # a name no card held bears that the rules write (Magar of the Magic Strings, newer than the card data)
        unheld = [rules for name in plan.strays if (rules := finder.rules_naming(name))]
        weights += ({},) * (len(card_rules) - len(weights)) + tuple(
            {rule: plan.params.cards.named_rule for rule, _reason in rules} for rules in unheld)
        card_rules += tuple(frozenset(rule for rule, _reason in rules) for rules in unheld)
        if not plan.cards:
            return Brought(card_rules, card_weights=weights)
        # rulings are Wizards' English texts: the English alternatives meet them (the others would
        # only open posting lists that no ruling of the cards holds)
        alternatives = [alt.terms for group in reading.groups for alt in group.alternatives
                        if alt.terms and alt.lang == "en"]
        # a ruling on one card that names another card the question names is about the two together
        # (Humility's ruling on Opalescence): each other card's English name counts as one word met
        named = {key: tuple(terms(card.name.split(FACE_SEPARATOR)[0], "en")) for card in plan.cards
                 if (key := name_key(card.name))} if len(plan.cards) > 1 else {}
        alternatives += [name for name in named.values() if name]
        if not alternatives:
            return Brought(card_rules, card_weights=weights)
        keys = [key for card in plan.cards if (key := name_key(card.name))]
        links = {digest: rules for card in plan.cards for digest, rules in card.links.items()}
        needed = max(1, min(plan.params.cards.ruling_words, len(reading.groups)))
        best: dict[str, tuple[int, float, dict]] = {}
        for score, docnum, matched in self.card_rulings.meeting(keys, alternatives,
                                                                self.filter(plan.parsed, kinds=False)):
            met = sum(1 for group in reading.groups if any(
                alt.terms and all((text_field(alt.lang), t) in matched for t in alt.terms) for alt in group.alternatives))
            met += sum(1 for key, name in named.items() if name and ("name_key", key) not in matched
                       and all((text_field("en"), t) in matched for t in name))
            if met >= needed:
                stored = self.searcher.stored_fields(docnum)
                digest = stored.get("uid", "").rpartition("/")[2]
                if digest not in best or (met, score) > best[digest][:2]:
                    best[digest] = (met, score, dict(stored, _matched=matched))
        ordered = in_turn_by_card(sorted(best.items(), key=lambda item: (-item[1][0], -item[1][1], item[0])))
        ordered = ordered[:max(1, plan.params.cards.rulings) * 2]
        rulings = []
        for digest, (met, score, stored) in ordered:
            hit = self.hit(stored, score, "card", stored.pop("_matched"))
            hit.extra["rules"] = list(links.get(digest, []))
            rulings.append(hit)
        ruling_rules = frozenset(rule for hit in rulings for rule in hit.extra["rules"])
        return Brought(card_rules, ruling_rules, rulings[:plan.params.cards.rulings], weights)

    def question_hits(self, ranked: list[Candidate], plan: Plan, reading: Reading) -> Iterator[Hit]:
        """The first ``limit`` of a question's candidates (in the rerank stage's order) as hits."""
        parsed = plan.parsed
        for candidate in ranked[:plan.limit]:
            found = self.searcher.document_number(uid=candidate.uid)
            if found is None:
                continue
            stored = self.searcher.stored_fields(found)
            if parsed.langs and stored.get("kind") == "term" and stored.get("lang") not in parsed.langs:
                continue
            matched = {(f, t) for lang, ts in candidate.matched.items() for t in ts for f in fields_of(lang)}
            hit = self.hit(stored, candidate.score, "question", matched)
            hit.extra["_rerankers"] = candidate.changes
            if candidate.phrased and hit.number:
                own = set(terms(stored.get("content", "") or "", stored.get("lang", "en")))
                english = stored.get("content", "") if stored.get("lang", "en") == "en" else None
                if phrases := matching_phrases(hit.number, own, candidate.matched, reading.lang, english_text=english):
                    hit.extra["phrases"] = phrases
            if reading.held is None:
                reading.held = candidate.held
                reading.backed = backed_by_a_card(candidate.changes, plan.params)
            yield hit

    def text_hits(self, plan: Plan, pool: Pool, cards_last: bool, others: set[str] = frozenset(),
                  concepts: Concepts | None = None) -> Iterator[Ranked]:
        """Words as typed and their translations and corrections together (expansion always
        runs), then documents with only some of the words; for a concept, card texts come
        after the rules, glossary entries and rulings, searched as typed (translations would
        walk every card of the other languages for little). Each tier's candidates, best first."""
        parsed = plan.parsed
        flt = self.filter(parsed)
        scopes = ["rules", "cards"] if cards_last and (not parsed.kinds or parsed.kinds - {"card"}) else ["all"]
        for scope in scopes:
            scoped: TextQueries = plan.texts.scoped(scope)
            negation = scoped.negation(parsed)
            if others:  # the rules and entries of another concept the English translation names
                negation = Q.Or(kept_out(others, concepts) + ([negation] if negation is not None else []))
            # what the negation leaves out, read once for the scope's tiers, queries and windows
            deny = self.denials.of(negation) if negation is not None and not pool.full else None
            for tier in tiers(scoped, parsed):
                if pool.full:
                    break
                if all(q is None for q, _ in tier):
                    continue
                reached = self.tier(tier, deny, flt, pool.limit)
                pool.add(reached)
                yield reached
                if len(reached) >= candidates(pool.limit):
                    break

    def tier(self, queries: list[tuple[Q.Query | None, str]], deny, flt, limit: int) -> Ranked:
        """The hits of a tier's queries merged, best score kept (the first reason found), none of
        ``deny``; direct matches before the hits only a translation or correction reached. The
        queries read enough candidates for repeated texts merged away on the page."""
        merged: dict[int, list] = {}  # docnum -> [score, reason, terms of the query]
        for query, reason in queries:
            if query is None:
                continue
            self.check_budget()
            # The query's own terms mark the snippets (make_snippet keeps those the text holds).
            matched = {(f, t.decode("utf-8") if isinstance(t, bytes) else t) for f, t in query.iter_all_terms()}
            for docnum, score in self.run(query, flt, limit, deny):
                known = merged.get(docnum)
                if known is None:
                    merged[docnum] = [score, reason, matched]
                elif score > known[0] + 1e-9:
                    known[0], known[2] = score, matched
        return Ranked(self, merged)

    def run(self, query: Q.Query, flt, limit: int, deny=None) -> list[tuple[int, float]]:
        """(docnum, score) of the best candidates for a page of ``limit`` hits, rulings and card
        texts read in bounded windows (:mod:`indexer.windows`), none of ``deny``. Enough candidates
        are kept for a page whose repeated texts merge away (they cost nothing until made into hits)."""
        collector = WindowCollector(candidates(limit * 5), self.windows, read_bound(limit), allow=flt,
                                    check=self.check_budget, deny=deny)
        self.searcher.search_with_collector(query, collector)
        return [(docnum, score) for score, docnum in collector.results().top_n]

    def check_budget(self) -> None:
        """Stop a query that used up its time budget or passed its deadline (:class:`~indexer.budget.Budget`)."""
        if self._plan is not None:
            self._plan.budget.check()

    def rule_filter(self, parsed, kinds: bool = False):
        """:meth:`filter` with English let through as well: a rule asked for by number or
        concept is shown in English when no asked language holds it (``travolgere --lang it``
        finds 702.19 though only section 4 is translated), as ``mtgkb rule --lang`` does."""
        return self.filter(parsed, kinds, langs=set(parsed.langs) | {"en"} if parsed.langs else None)

    def filter(self, parsed, kinds: bool = True, langs: set[str] | None = None):
        """The documents the query's filters (languages, kinds, sections) let through, or None."""
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

    def hit(self, stored: dict, score: float, reason: str, matched: set[tuple[str, str]]) -> Hit:
        """A stored document as a hit; its snippet is cut only for the hits kept (indexer.present)."""
        lang = stored.get("lang", "")
        extra = json.loads(stored["extra"]) if stored.get("extra") else {}
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


def in_turn_by_card(ordered: list[tuple[str, tuple[int, float, dict]]]) -> list[tuple[str, tuple[int, float, dict]]]:
    """Rulings best first, but each card's best before any card's second (one card's many rulings never
    crowd out the one ruling on another card named that settles the question)."""
    rounds: dict[str, int] = {}
    ranked = []
    for position, (digest, held) in enumerate(ordered):
        card = held[2].get("title", "")
        rounds[card] = rounds.get(card, -1) + 1
        ranked.append((rounds[card], position, (digest, held)))
    return [entry for _, _, entry in sorted(ranked)]


def named_weights(params: Cards, printings: int) -> dict[str, float]:
    """How much a rule tells of a card printed ``printings`` times when it names the card
    (:func:`~indexer.card_evidence.rules_naming`):
    ``params.named_rule`` when its own text does (707.14, Magar of the Magic Strings) or its example names a card
    of a few printings (608.2k's Wall of Tears); ``params.named_example`` when its example names an everyday card
    (120.5's Lightning Bolt, in questions about anything)."""
    rare = printings <= params.example_printings
    return {NAMED_BY_A_RULE: params.named_rule, NAMED_BY_AN_EXAMPLE: params.named_rule if rare else params.named_example}


def weights_told(evidence: list[list[str]], common: dict[str, float], named: dict[str, float]
                     ) -> dict[str, float]:
    """How much each rule of a card's ``evidence`` tells of it: as ``common`` says (1 when it does not), times
    what ``named`` says (:func:`named_weights`) for a rule brought only as naming the card."""
    reasons: dict[str, set[str]] = {}
    for rule, reason in evidence:
        reasons.setdefault(rule, set()).add(reason)
    weights = {rule: common.get(rule, 1.0) * (max(named[how] for how in why) if why <= named.keys() else 1.0)
               for rule, why in reasons.items()}
    return {rule: weight for rule, weight in weights.items() if weight != 1.0}
