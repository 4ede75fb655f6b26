"""Rank rules and glossary entries for a question: the rule where the question's words meet.

At build, :func:`write_question_docs` writes ``questions.json`` beside the whoosh index: one
document per rule (under its English reference number, its examples folded in at
``index.example_share``) and per glossary entry, with the analysed terms of each language's text.
:class:`QuestionIndex` reads it once per open index and ranks with BM25 per group of a
:class:`~indexer.reading.Reading`, every number from a :class:`~indexer.params.Params`:

* a group (a content word or game term) scores its best alternative (the word as typed, its
  English translations) in a document, times the alternative's weight;
* a document's score is the sum over groups, times its *coverage* (the share of the groups'
  weight it holds) to the power ``question.coverage_power``: a subrule holding loyalty counters,
  planeswalker and damage ranks above the heading that defines only one of them;
* the candidates (:meth:`QuestionIndex.candidates`) go to the rerank stage (:mod:`indexer.rerankers`),
  which scales each score by the factors of the rerankers that concern the document and orders them;
  each hit keeps the factors applied (``Candidate.changes``, shown by ``--explain``).

The ranking is complete before it is cut, so the first hits never depend on how many are asked for.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from kb.digests import code_digest, data_digest

from . import bm25
from .analysis import LANGS, terms
from .params import DEFAULT, Params
from .phrasings import Placement, add_paraphrases, english_rule_texts, phrases_for, placement
from .reading import Alternative, Group, Reading
from .rerankers import Asked, Traits, cascade
from .rule_places import ancestors, is_heading_or_keyword, lineage
from .vocab import vocabulary

QUESTION_DOCS = "questions.json"  # in the index folder
KEPT_TERMS = "question-terms.json"  # in the index folder: the terms of each text analysed for QUESTION_DOCS
# a predefined token named (term:treasure-token, 111.10) is a token too: the rules of tokens (111) are its home as well
TOKEN, TOKEN_KIND = "term:token", "-token"


@dataclass
class Candidate:
    """A question document that holds a word of the question, with its score (the rerank stage scales it)."""

    uid: str  # the whoosh document shown for it (the English version where there is one)
    kind: str
    keys: tuple[str, ...]  # the ids it is shown under: its uid, and a rule's reference number
    score: float
    matched: dict[str, set[str]]  # lang -> terms matched (for snippets)
    traits: Traits  # what the rerankers read of the document
    held: int = 0  # how many of the reading's groups it holds
    phrased: bool = False  # whether it holds players' phrasings (indexer.phrasings)
    changes: list[tuple[str, float]] = field(default_factory=list)  # (reranker, factor) applied to its score
    phrasing: float = 0.0  # the share of the question its best players' phrasing holds (phrasing_shares)


def write_question_docs(items: Iterable, target: Path, previous: Path | None = None,
                        placed: Placement | None = None) -> None:
    """Write :data:`QUESTION_DOCS` from the index's items (rules, their examples, glossary terms). The
    texts' terms are read back from the ``previous`` index folder where it analysed the same texts
    (:class:`KeptTerms`). The players' phrasings are those ``placed`` on the rules (default: placed
    here on the items' English rules, :func:`indexer.phrasings.placement`)."""
    analysed = KeptTerms(previous)
    items = list(items)
    placed = placed or placement(english_rule_texts(items))
    docs: dict[str, dict] = {}
    titles: dict[tuple[str, str], str] = {}  # (number, lang) -> a rule's heading
    for item in items:
        if item.kind == "rule" and item.number and item.title:
            titles[(item.number, item.lang)] = item.title
        if item.kind == "rule" and item.number:
            key = f"rule/{item.number}"
        elif item.kind == "example" and item.number:
            key = f"rule/{item.number}"
        elif item.kind == "term" and not item.extra.get("obsolete"):
            key = item.uid
        else:
            continue
        doc = docs.setdefault(key, {"uid": "", "kind": "rule" if item.kind != "term" else "term", "tf": {}})
        if item.lang == "en" and item.kind == "rule":
            add_paraphrases(doc["tf"].setdefault("en", {}), item.content)
            for lang, phrase in phrases_for(item.number, item.content, placed):
                doc["phrased"] = True
                phrased = doc["tf"].setdefault(lang, {})
                for term in analysed(phrase, lang):
                    phrased[term] = phrased.get(term, 0) + DEFAULT.index.phrase_share
                doc.setdefault("phrases", []).append([lang, sorted(set(analysed(phrase, lang)))])
        if item.kind != "example" and (not doc["uid"] or item.lang == "en"):
            doc["uid"] = item.uid
            if item.kind == "rule" and (keywords := keyword_concepts(item.number)):
                doc["keyword"] = keywords
        counts = doc["tf"].setdefault(item.lang, {})
        text = f"{item.title}\n{item.content}" if item.kind != "example" else item.content
        for term in analysed(text, item.lang):
            counts[term] = counts.get(term, 0) + (DEFAULT.index.example_share if item.kind == "example" else 1)
    analysed.save(target)
    kept = [dict(doc, key=key) for key, doc in docs.items() if doc["uid"]]
    cited = citations(items)
    for doc in kept:
        _add_heading_terms(doc, titles)
        if (count := cited.get(doc["key"].removeprefix("rule/"), 0)) and doc["kind"] == "rule":
            doc["cited"] = count
    postings: dict[str, dict[str, list[int]]] = {lang: {} for lang in LANGS}
    lengths: dict[str, list[int]] = {lang: [0] * len(kept) for lang in LANGS}
    for index, doc in enumerate(kept):
        for lang, counts in doc.pop("tf").items():
            if lang in postings:
                lengths[lang][index] = sum(counts.values())
                for term, count in counts.items():
                    postings[lang].setdefault(term, []).extend((index, count))
    data = {"docs": kept, "lengths": lengths, "postings": postings,
            "keyword_terms": {" ".join(key): ids for key, ids in keyword_terms().items()}}
    (Path(target) / QUESTION_DOCS).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                                              encoding="utf-8")


class KeptTerms:
    """:func:`~indexer.analysis.terms` of the question documents' texts, kept beside the index
    (:data:`KEPT_TERMS`, by digest of language and text) with the code and vocabulary they were
    analysed by: the next build reads back those of the texts it holds again (an import changes few)."""

    def __init__(self, previous: Path | None = None) -> None:
        self.key = code_digest("kb", "indexer") + data_digest()
        self.kept = self._read(Path(previous) / KEPT_TERMS) if previous is not None else {}
        self.found: dict[str, list[str]] = {}

    def __call__(self, text: str, lang: str) -> list[str]:
        digest = hashlib.sha1(f"{lang}\0{text}".encode("utf-8")).hexdigest()[:20]
        found = self.kept.get(digest)
        self.found[digest] = found if found is not None else terms(text, lang)
        return self.found[digest]

    def save(self, target: Path) -> None:
        (Path(target) / KEPT_TERMS).write_text(json.dumps({"key": self.key, "terms": self.found}, ensure_ascii=False,
                                                          separators=(",", ":")), encoding="utf-8")

    def _read(self, path: Path) -> dict[str, list[str]]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return data["terms"] if data.get("key") == self.key and isinstance(data.get("terms"), dict) else {}
        except (OSError, ValueError, AttributeError, KeyError):
            return {}


def citations(items: Iterable) -> dict[str, int]:
    """How many English rules, examples and glossary entries cite each rule number (``See rule 117.1a``)."""
    from kb.refs import find_refs_many

    english = [item.content for item in items if item.lang == "en" and item.kind in ("rule", "example", "term")]
    counts: dict[str, int] = defaultdict(int)
    for found in find_refs_many(english):
        for number in set(found):
            counts[number] += 1
    return counts


def _add_heading_terms(doc: dict, titles: dict[tuple[str, str], str]) -> None:
    """A subrule also holds, once, the words of its nearest titled rule (``303.4c`` the chapter's
    *Enchantments*, ``702.19c`` *Trample*): a question names the subject, the subrule often only *it*."""
    number = doc["key"].removeprefix("rule/") if doc["kind"] == "rule" else ""
    for lang, counts in doc["tf"].items():
        for parent in ancestors(number):
            if (title := titles.get((parent, lang))):
                for term in set(terms(title, lang)):
                    counts.setdefault(term, 1)
                break


def keyword_concepts(number: str) -> list[str]:
    """The keyword ability or action a rule of 701 or 702 belongs to (``702.19c`` → Trample)."""
    match = re.match(r"^(70[12]\.\d+)", number or "")
    if not match:
        return []
    return sorted(c.id for c in vocabulary().by_rule(match.group(1)) if c.kind in ("keyword-ability", "keyword-action"))


class QuestionIndex:
    """The question documents of one index, with BM25 statistics per language."""

    def __init__(self, index_dir: Path) -> None:
        path = Path(index_dir) / QUESTION_DOCS
        data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        self.docs: list[dict] = data.get("docs", [])
        # lang -> term -> [doc, tf, doc, tf, ...]; lang -> each document's length in terms
        self.postings: dict[str, dict[str, list[int]]] = data.get("postings", {})
        self.lengths: dict[str, list[int]] = data.get("lengths", {})
        saved = data.get("keyword_terms")
        self.keyword_terms = ({tuple(key.split(" ")): tuple(ids) for key, ids in saved.items()}
                              if isinstance(saved, dict) else None)  # None: an index saved before, computed
        self._cache: dict[tuple, dict[int, float]] = {}  # BM25 of a term, per document (and k1, b)
        self._static: dict[int, Traits] = {}  # the traits of a document, read once
        self._phrase_sets: dict[int, list[tuple[str, frozenset[str]]]] = {}  # a document's phrasings, read once
        self._by_key: dict[str, int] | None = None  # a document's key (rule/613.1) -> its place, when asked
        self.count = {lang: sum(1 for n in self.lengths.get(lang, ()) if n) for lang in LANGS}
        self.average = {lang: sum(self.lengths[lang]) / self.count[lang] if self.count[lang] else 1.0 for lang in LANGS}

    def __bool__(self) -> bool:
        return bool(self.docs)

    def idf(self, lang: str, term: str) -> float:
        return bm25.idf(self.count.get(lang, 0), len(self.postings.get(lang, {}).get(term, ())) // 2)

    def candidates(self, reading: Reading, kinds: set[str] | None = None,
                   params: Params | None = None) -> list[Candidate]:
        """Every document (of ``kinds``) holding a word of ``reading``, with its score (:meth:`lexical`)."""
        params = params or DEFAULT
        scores, matched, held = self.lexical(reading, params)
        shares = self.phrasing_shares(reading, scores, params) if params.on("phrasing") else {}
        found = []
        for doc, score in scores.items():
            info = self.docs[doc]
            if kinds and info["kind"] not in kinds:
                continue
            found.append(Candidate(info["uid"], info["kind"], (info["uid"], info["key"]), score, matched.get(doc, {}),
                                   self._traits(doc), held.get(doc, 0), info.get("phrased", False),
                                   phrasing=shares.get(doc, 0.0)))
        return found

    def phrasing_shares(self, reading: Reading, scores: dict[int, float], params: Params) -> dict[int, float]:
        """For the ``phrasing.depth`` best-scored documents, the share of the question's weight (its groups'
        best alternatives' weights, the story's left out) that one players' phrasing of the document holds,
        the best of its phrasings: a group is held when every term of one of its alternatives in the
        phrasing's language is, and a phrasing counts when it holds two groups at least (one word met is no
        situation told: *custode* alone is Ward's word, not a question about it)."""
        groups = [(max((a.weight for a in g.alternatives), default=0.0),
                   [(a.lang, frozenset(a.terms)) for a in g.alternatives if a.terms])
                  for g in reading.groups if not g.story]
        total = sum(weight for weight, _ in groups)
        if not total:
            return {}
        needed = min(2, len(groups))  # one word met is no situation told
        shares = {}
        for doc in heapq.nlargest(params.phrasing.depth, scores, key=lambda d: (scores[d], -d)):
            best = 0.0
            for lang, phrase_terms in self._phrases(doc):
                met = [weight for weight, alts in groups
                       if any(alt_lang == lang and alt_terms <= phrase_terms for alt_lang, alt_terms in alts)]
                if len(met) >= needed:
                    best = max(best, sum(met))
            if best:
                shares[doc] = best / total
        return shares

    def _phrases(self, doc: int) -> list[tuple[str, frozenset[str]]]:
        """A document's players' phrasings: (language, their terms), read once."""
        found = self._phrase_sets.get(doc)
        if found is None:
            found = self._phrase_sets[doc] = [(lang, frozenset(terms)) for lang, terms in self.docs[doc].get("phrases", ())]
        return found

    def brought(self, numbers: Iterable[str], present: list[Candidate], share: float) -> list[Candidate]:
        """The rules numbered ``numbers`` (brought by the cards a question names) that are not among the
        ``present`` candidates, each at ``share`` of the best present score (1 when none is present); those
        present below that score are raised to it (a word of the question in them is no reason to count less)."""
        if self._by_key is None:
            self._by_key = {info["key"]: doc for doc, info in enumerate(self.docs)}
        score = share * max((c.score for c in present), default=1.0 / share if share else 1.0)
        wanted = {f"rule/{number}" for number in numbers}
        held = set()
        for candidate in present:
            if candidate.keys[-1] in wanted:
                held.add(candidate.keys[-1])
                candidate.score = max(candidate.score, score)
        found = []
        for number in sorted(set(numbers)):
            doc = self._by_key.get(f"rule/{number}")
            if doc is None or f"rule/{number}" in held:
                continue
            info = self.docs[doc]
            found.append(Candidate(info["uid"], info["kind"], (info["uid"], info["key"]), score, {},
                                   self._traits(doc), 0, info.get("phrased", False)))
        return found

    def rank(self, reading: Reading, kinds: set[str] | None = None, params: Params | None = None) -> list[Candidate]:
        """:meth:`candidates` through the rerankers of ``params``, best first (:func:`~indexer.rerankers.cascade`)."""
        params = params or DEFAULT
        return cascade(self.candidates(reading, kinds, params), self.asked(reading), params)

    def asked(self, reading: Reading) -> Asked:
        """What the rerankers read of the question: the game terms and keywords it names, their rules."""
        named = ({g.concept for g in reading.groups if g.concept and not g.denied}
                 | keywords_by_terms(reading, self.keyword_terms))
        named |= {TOKEN for concept in named if concept.endswith(TOKEN_KIND)}  # a Treasure token is a token
        # a query of game terms only (étape d'entretien) is answered by their rules, headings or not
        named_rules = {f"rule/{number}" for concept in named if (c := vocabulary().get(concept))
                       for number in c.rules} if all(g.concept for g in reading.groups) else set()
        homes = {number for concept in named if (c := vocabulary().get(concept)) for number in c.rules}
        return Asked(frozenset(named), frozenset(named_rules), frozenset(homes))

    def _traits(self, doc: int) -> Traits:
        """What the rerankers read of a document alone, once per index."""
        if (found := self._static.get(doc)) is None:
            info = self.docs[doc]
            found = self._static[doc] = Traits(
                info, is_heading_or_keyword(info["key"]),
                frozenset(lineage(info["key"])) if info["kind"] == "rule" else frozenset(), info.get("cited", 0))
        return found

    def lexical(self, reading: Reading, params: Params | None = None
                ) -> tuple[dict[int, float], dict[int, dict[str, set[str]]], dict[int, int]]:
        """BM25 per group (its best alternative, weighted) summed, times the document's coverage;
        with the terms each document matched, by language, and how many groups it holds. The groups
        no document holds are noted in ``reading.unmatched``."""
        params = params or DEFAULT
        scores: dict[int, float] = defaultdict(float)
        held: dict[int, float] = defaultdict(float)
        groups: dict[int, int] = defaultdict(int)
        matched: dict[int, dict[str, set[str]]] = defaultdict(dict)
        reading.unmatched = []
        total = 0.0
        for group in reading.groups:
            strength, best = self._group(group, reading.lang, params)
            total += strength
            if not best and not group.story:
                reading.unmatched.append(group.text)
            for doc, (value, alts) in best.items():
                scores[doc] += value
                held[doc] += strength
                groups[doc] += not group.story  # a story word (indexer.reading) is not counted as held
                for alt in alts:
                    matched[doc].setdefault(alt.lang, set()).update(alt.terms)
        power = params.question.coverage_power
        covered = {doc: score * (held[doc] / total if total else 0.0) ** power for doc, score in scores.items()}
        return covered, matched, groups

    def _group(self, group: Group, lang: str | None, params: Params
               ) -> tuple[float, dict[int, tuple[float, list[Alternative]]]]:
        """A group's strength (its best alternative's weight × rarest term's idf) and, per document
        holding every term of some alternative, the best alternative's weighted BM25 (plus
        ``question.own_language_share`` of the best in the question's ``lang`` when that is another)
        and the alternatives counted."""
        best: dict[int, tuple[float, Alternative]] = {}
        own: dict[int, tuple[float, Alternative]] = {}  # the best alternative in the question's language
        strength = 0.0
        for alt in group.alternatives:
            strength = max(strength, alt.weight * max((self.idf(alt.lang, t) for t in alt.terms), default=0.0))
            per_term = [self._scores(alt.lang, term, params) for term in alt.terms]
            if not per_term or not all(per_term):
                continue
            for doc in set(per_term[0]).intersection(*per_term[1:]):
                value = alt.weight * sum(p[doc] for p in per_term)
                if value > best.get(doc, (0.0, alt))[0]:
                    best[doc] = (value, alt)
                if alt.lang == lang and value > own.get(doc, (0.0, alt))[0]:
                    own[doc] = (value, alt)
        share = params.question.own_language_share
        found: dict[int, tuple[float, list[Alternative]]] = {}
        for doc, (value, alt) in best.items():
            also = own.get(doc)
            found[doc] = (value + share * also[0], [alt, also[1]]) if also and also[1] is not alt else (value, [alt])
        return strength, found

    def _scores(self, lang: str, term: str, params: Params) -> dict[int, float]:
        key = (lang, term, params.bm25.k1, params.bm25.question_b)
        if key not in self._cache:
            self._cache[key] = bm25.scores(self.postings.get(lang, {}).get(term, []), self.lengths.get(lang, []),
                                           self.average.get(lang, 1.0), self.idf(lang, term), *key[2:])
        return self._cache[key]


def keywords_by_terms(reading: Reading, by_terms: dict[tuple[str, ...], tuple[str, ...]] | None = None) -> set[str]:
    """The keywords a question names in another form than their names (*sacrificed*: Sacrifice):
    those whose English name a word's English alternative analyses to (``by_terms``: the index's
    :func:`keyword_terms`, saved at build)."""
    by_terms = keyword_terms() if by_terms is None else by_terms
    return {concept for g in reading.groups if not g.denied for a in g.alternatives if a.lang == "en"
            for concept in by_terms.get(a.terms, ())}


@lru_cache(maxsize=1)
def keyword_terms() -> dict[tuple[str, ...], tuple[str, ...]]:
    """The analysed English name of each keyword ability and action → their ids (saved with the
    question documents: analysing them costs a cold search some 30 ms)."""
    found: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for concept in vocabulary().concepts:
        if concept.kind in ("keyword-ability", "keyword-action") and concept.en:
            found[tuple(terms(concept.en, "en"))].append(concept.id)
    return {key: tuple(ids) for key, ids in found.items() if key}

