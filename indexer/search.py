"""Search the index: a small query language, rule numbers first, BM25F for the rest.

Query language (see the README):

* plain words match in every language at once (each word analysed with each
  language's chain); documents must contain every word, and when that finds
  fewer than ``limit`` hits, documents with only some of the words follow;
* ``"a phrase"``; ``OR`` between groups of words; ``NOT word`` or ``-word``;
* ``kind:rule|ruling|term|card|example|page``, ``lang:it|en|fr``, ``section:7``;
* ``vot*``: a prefix of at least 3 letters;
* rule numbers anywhere (``400.7k``, ``rule 701.32``, ``CR 701.32``, ``702.19b-d``,
  ``400.1-400.3``, ``chapter 400``): those rules come first, in rules order, in
  every language, with their subrules;
* a word of 5 or more letters that the index does not hold is corrected to the
  nearest indexed words (edit distance 1, or 2 for longer words);
* Italian and French game terms are also searched as their English
  counterparts (:mod:`indexer.lexicon`), ranked below direct matches.

Malformed input never raises anything but :class:`QueryError` (a one-line message).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh.scoring import BM25F, BM25FScorer

from kb.errors import KBError
from kb.numbering import NumberError, RuleNumber, parse_range

from .analysis import LANGS, analyzer_for, fold, name_key, terms, words
from .lexicon import expansions
from .schema import KINDS, text_field, title_field

MAX_QUERY_CHARS = 1000
MAX_CLAUSES = 32
LANG_ORDER = {"en": 0, "it": 1, "fr": 2}
KIND_ORDER = {k: i for i, k in enumerate(KINDS)}
KIND_ALIASES = {
    "rule": "rule", "rules": "rule", "subrule": "rule", "regola": "rule", "regle": "rule",
    "ruling": "ruling", "rulings": "ruling", "term": "term", "terms": "term", "glossary": "term",
    "card": "card", "cards": "card", "carta": "card", "carte": "card", "example": "example",
    "examples": "example", "page": "page", "pages": "page", "keyword": "page",
}
LANG_ALIASES = {"en": "en", "it": "it", "fr": "fr", "english": "en", "italian": "it", "italiano": "it",
                "french": "fr", "francais": "fr"}
# Words that only introduce a rule number ("rule 400.7k", "CR 701.32").
NUMBER_CUES = {"rule", "rules", "cr", "regola", "regole", "regle", "regles", "chapter", "capitolo",
               "chapitre", "section", "sezione", "see", "vedi", "voir", "r"}
EXPANSION_BOOST = 0.5
CORRECTION_BOOST = 0.7
PREFIX_EXPANSIONS = 64
SNIPPET_CHARS = 220

_TOKEN = re.compile(r'"(?P<phrase>[^"]*)"?|(?P<word>[^\s"]+)')
_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?\.?$|^\d{3}\.\d+[a-z]?\s*[-\u2010-\u2014\u2212]\s*[\d.]*[a-z]?$",
                     re.IGNORECASE)
_FIELD = re.compile(r"^(?P<name>kind|lang|section):(?P<value>.*)$", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class QueryError(KBError):
    """A query that cannot be run (one line, shown to the user)."""


# -- results -------------------------------------------------------------------

@dataclass
class Hit:
    """One result: what it is, where it comes from, and why it matched."""

    kind: str
    id: str
    lang: str
    title: str
    snippet: str
    score: float
    number: str | None = None
    highlights: list[tuple[int, int]] = field(default_factory=list)
    aligned: dict[str, str] = field(default_factory=dict)
    doc: str = ""
    reason: str = "text"  # number | name | aligned | text | expanded | partial
    extra: dict[str, Any] = field(default_factory=dict)

    def marked(self, start: str = "[", end: str = "]") -> str:
        """The snippet with each highlighted span wrapped in ``start`` … ``end``."""
        out, last = [], 0
        for a, b in self.highlights:
            out += [self.snippet[last:a], start, self.snippet[a:b], end]
            last = b
        out.append(self.snippet[last:])
        return "".join(out)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "number": self.number, "lang": self.lang,
                "title": self.title, "snippet": self.snippet,
                "highlights": [list(h) for h in self.highlights], "score": round(self.score, 4),
                "reason": self.reason, "aligned": self.aligned, "doc": self.doc,
                **{k: v for k, v in self.extra.items() if k in ("subkind", "date", "provenance", "card", "type")}}


class Hits(list):
    """A list of :class:`Hit` with did-you-mean ``suggestions`` (corrected queries)."""

    def __init__(self, hits: list[Hit] = (), suggestions: list[str] | None = None) -> None:
        super().__init__(hits)
        self.suggestions = suggestions or []


# -- parsing -------------------------------------------------------------------

@dataclass
class Word:
    text: str
    prefix: bool = False


@dataclass
class Phrase:
    text: str


@dataclass
class Parsed:
    groups: list[list[Word | Phrase]] = field(default_factory=lambda: [[]])
    negated: list[Word | Phrase] = field(default_factory=list)
    numbers: list[RuleNumber | Any] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)
    langs: set[str] = field(default_factory=set)
    sections: set[str] = field(default_factory=set)

    @property
    def items(self) -> list[Word | Phrase]:
        return [item for group in self.groups for item in group]

    def plain_text(self) -> str:
        return " ".join(i.text for i in self.items)


def clean(query: str) -> str:
    """Control characters become spaces; overlong queries are cut at a word boundary."""
    text = _CONTROL.sub(" ", query or "")
    if len(text) > MAX_QUERY_CHARS:
        text = text[:MAX_QUERY_CHARS].rsplit(" ", 1)[0]
    return text.strip()


def parse_query(query: str) -> Parsed:
    """Split a query into word groups, negations, rule numbers and filters."""
    parsed = Parsed()
    negate_next = False
    raw = [(m.group("phrase"), m.group("word")) for m in _TOKEN.finditer(clean(query))]
    for position, (phrase, word) in enumerate(raw):
        if phrase is not None:
            if phrase.strip():
                _add(parsed, Phrase(phrase.strip()), negate_next)
            negate_next = False
            continue
        if word == "OR":
            if parsed.groups[-1]:
                parsed.groups.append([])
            continue
        if word in ("NOT", "AND"):
            negate_next = word == "NOT"
            continue
        negated = negate_next or (word.startswith("-") and len(word) > 1 and not word[1].isdigit())
        negate_next = False
        if word.startswith("-") and negated:
            word = word[1:]
        field_match = _FIELD.match(word)
        if field_match:
            _add_filter(parsed, field_match.group("name").lower(), field_match.group("value"))
            continue
        number = _rule_number(word, previous=raw[position - 1][1] if position else None,
                              alone=len(raw) == 1)
        if number is not None:
            parsed.numbers.append(number)
            continue
        if word.endswith("*"):
            stem = word.rstrip("*")
            if len(words(stem)) == 1 and len(stem) >= 3:
                _add(parsed, Word(stem, prefix=True), negated)
                continue
            if stem:
                raise QueryError(f"prefix {word!r} is too short: give at least 3 letters before '*'")
            continue
        for token in words(word) if len(words(word)) > 1 else [word]:
            _add(parsed, Word(token), negated)
    if parsed.numbers:  # "rule 400.7k": the cue word is not something to search for
        for group in parsed.groups:
            group[:] = [i for i in group if not (isinstance(i, Word) and fold(i.text.lower()) in NUMBER_CUES)]
    parsed.groups = [g for g in parsed.groups if g] or [[]]
    return parsed


def _add(parsed: Parsed, item: Word | Phrase, negated: bool) -> None:
    if negated:
        parsed.negated.append(item)
    elif len(parsed.items) < MAX_CLAUSES:
        parsed.groups[-1].append(item)


def _add_filter(parsed: Parsed, name: str, value: str) -> None:
    values = [v for v in re.split(r"[,|]", fold(value.strip().lower())) if v]
    for v in values:
        if name == "kind":
            if v not in KIND_ALIASES:
                raise QueryError(f"unknown kind {v!r}: use one of rule, ruling, term, card, example, page")
            parsed.kinds.add(KIND_ALIASES[v])
        elif name == "lang":
            if v not in LANG_ALIASES:
                raise QueryError(f"unknown language {v!r}: use it, en or fr")
            parsed.langs.add(LANG_ALIASES[v])
        elif not re.fullmatch(r"[1-9]", v):
            raise QueryError(f"unknown section {v!r}: sections are numbered 1 to 9")
        else:
            parsed.sections.add(v)


def _rule_number(word: str, previous: str | None, alone: bool):
    """A rule number or range in ``word`` (trailing punctuation ignored), else None."""
    text = word.strip("()[],;:").lower()
    if not _NUMBER.match(text):
        return None
    if re.fullmatch(r"\d{3}", text.rstrip(".")):
        cue = previous is not None and fold(previous.strip("(").lower()) in NUMBER_CUES
        if not (cue or alone):
            return None
    try:
        if any(d in text for d in "-\u2010\u2011\u2012\u2013\u2014\u2212"):
            return parse_range(text)
        return RuleNumber.parse(text)
    except NumberError:
        return None


# -- searching -----------------------------------------------------------------

# In the partial tier, a word found in more than this share of the index is left out.
PARTIAL_MAX_SHARE = 0.02


class PerLanguageBM25F(BM25F):
    """BM25F whose statistics for a language's field count only that language's documents.

    whoosh averages field lengths and computes idf over every document, so a
    field that only Italian items fill would look tiny on average and Italian
    matches would score far below English ones. Here ``text_it``'s average
    length and idf use the number of Italian items.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._stats: dict[str, tuple[int, float]] = {}

    def scorer(self, searcher, fieldname, text, qf=1):
        lang = fieldname.rpartition("_")[2]
        if lang not in LANGS or not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf)
        parent = searcher.get_parent()
        if fieldname not in self._stats:
            docs = max(parent.doc_frequency("lang", lang), 1)
            self._stats[fieldname] = (docs, (parent.field_length(fieldname) / docs) or 1.0)
        docs, average = self._stats[fieldname]
        scorer = BM25FScorer(searcher, fieldname, text, self._field_B.get(fieldname, self.B), self.K1, qf=qf)
        scorer.idf = math.log(docs / (parent.doc_frequency(fieldname, text) + 1)) + 1.0
        scorer.avgfl = average
        return scorer


class Searcher:
    """An open index; reuse it for many queries (``search()`` caches one per folder)."""

    def __init__(self, index_dir: Path) -> None:
        index_dir = Path(index_dir)
        if not whoosh_index.exists_in(str(index_dir)):
            raise QueryError(f"{index_dir}: no search index here; run 'mtgkb build'")
        self.index_dir = index_dir
        self.ix = whoosh_index.open_dir(str(index_dir))
        self.searcher = self.ix.searcher(weighting=PerLanguageBM25F(B=0.75, K1=1.2))
        self.reader = self.searcher.reader()

    def close(self) -> None:
        self.searcher.close()

    # public
    def search(self, query: str, lang: str | None = None, kind: str | None = None, limit: int = 10) -> Hits:
        parsed = parse_query(query)
        if lang:
            _add_filter(parsed, "lang", lang)
        if kind:
            _add_filter(parsed, "kind", kind)
        limit = max(1, min(int(limit), 1000))
        langs = sorted(parsed.langs, key=LANG_ORDER.get) if parsed.langs else list(LANGS)
        corrections: dict[str, list[str]] = {}
        hits: list[Hit] = []
        seen: set[str] = set()

        def add(new: list[Hit]) -> None:
            for hit in new:
                key = same_text_key(hit)
                if hit.id in seen or key in seen or len(hits) >= limit:
                    continue
                seen.update((hit.id, key))
                hits.append(hit)
                if hit.extra.get("pointer"):  # a chapter whose text lives elsewhere: show its versions
                    add(self._aligned_hits(hit, parsed))

        add(self._number_hits(parsed, limit))
        add(self._name_hits(parsed, limit))
        if parsed.items and len(hits) < limit:
            flt = self._filter(parsed)
            direct, _, negation = self._text_queries(parsed, langs, corrections, expand=False)
            strict, relaxed, _ = self._text_queries(parsed, langs, corrections, expand=True)
            # Tiers: direct matches of every word, then with translations and typo corrections,
            # then documents with only some of the words.
            for query, reason in ((direct, "text"), (strict, "expanded"), (relaxed, "partial")):
                if query is None or len(hits) >= limit:
                    continue
                batch = self._run(query, negation, flt, limit, reason)
                add(batch)
                if len(batch) >= _candidates(limit):
                    # More matches than a page shows: looser tiers would only rank below. If
                    # repeated texts merged away too many, read further into this tier instead.
                    if len(hits) < limit:
                        add(self._run(query, negation, flt, limit * 5, reason))
                    break
        suggestions = self._suggest(parsed, corrections) if len(hits) < 3 or corrections else []
        return Hits(_with_snippets(hits), suggestions)

    # rule numbers and names
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
                start, end = selector.start.sort_key, selector.end.sort_key + "~"
                queries = [Q.Or([Q.TermRange("numkey", start, end), Q.TermRange("akey", start, end)])]
            for query in queries:
                q = Q.And([query, Q.Term("kind", "rule")])
                found = self.searcher.search(q, filter=flt, limit=limit * 3, sortedby="numkey")
                batch = [self._hit(h, 1000.0 - i * 0.001, "number", set()) for i, h in enumerate(found)]
                batch.sort(key=lambda h: (h.extra.get("_numkey", ""), LANG_ORDER.get(h.lang, 9), h.id))
                hits += batch
        return hits

    def _name_hits(self, parsed: Parsed, limit: int) -> list[Hit]:
        if len(parsed.groups) != 1 or not parsed.items or parsed.negated:
            return []
        key = name_key(parsed.plain_text())
        if not key:
            return []
        found = self.searcher.search(Q.Term("name_key", key), filter=self._filter(parsed), limit=limit)
        hits = [self._hit(h, 500.0, "name", set()) for h in found]
        hits.sort(key=lambda h: (KIND_ORDER.get(h.kind, 9), LANG_ORDER.get(h.lang, 9), h.id))
        return hits

    def _aligned_hits(self, hit: Hit, parsed: Parsed) -> list[Hit]:
        """The other languages' versions of ``hit`` (allowed by the filters), in language order."""
        uids = [uid for lang, uid in sorted(hit.aligned.items(), key=lambda p: LANG_ORDER.get(p[0], 9))
                if not parsed.langs or lang in parsed.langs]
        if not uids:
            return []
        found = self.searcher.search(Q.Or([Q.Term("uid", u) for u in uids]), limit=len(uids))
        return sorted((self._hit(h, hit.score - 0.001, "aligned", set()) for h in found),
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

    # text
    def _text_queries(self, parsed: Parsed, langs: list[str], corrections: dict[str, list[str]], expand: bool):
        strict_groups, every_clause = [], []
        for group in parsed.groups:
            required, optional = [], []
            for clause, is_optional in self._group_clauses(group, langs, corrections, expand):
                (optional if is_optional else required).append(clause)
            every_clause += required + optional
            if required:
                strict = Q.And(required)
                strict_groups.append(Q.AndMaybe(strict, Q.Or(optional)) if optional else strict)
            elif optional:
                strict_groups.append(Q.Or(optional))
        strict = Q.Or(strict_groups) if strict_groups else None
        relaxed = self._partial_query(every_clause)
        negated = [q for q in (self._item_query(i, langs, corrections, fuzzy=False) for i in parsed.negated)
                   if q is not None]
        return strict, relaxed, (Q.Or(negated) if negated else None)

    def _partial_query(self, clauses: list[Q.Query]) -> Q.Query | None:
        """Items holding only some of the words: the rarer words only.

        A word found in a large share of the index (``abilità`` in Italian card texts,
        ``exile``) adds little as a partial match and makes whoosh score most of the
        index; the rarest word is always kept.
        """
        if len(clauses) < 2:
            return None
        cap = PARTIAL_MAX_SHARE * max(self.reader.doc_count(), 1)
        sized = sorted(clauses, key=lambda q: q.estimate_size(self.reader))
        kept = [q for q in sized if q.estimate_size(self.reader) <= cap] or sized[:1]
        return Q.Or(kept, scale=0.9)

    def _group_clauses(self, group: list[Word | Phrase], langs: list[str], corrections: dict[str, list[str]],
                       expand: bool):
        """(query, optional?) per item of a group; lexicon phrases become one clause when ``expand``."""
        spans = self._lexicon_spans(group) if expand else []
        index = 0
        while index < len(group):
            span = next((s for s in spans if s[0] == index), None)
            if span is not None:
                start, end, english = span
                direct = [q for q in (self._item_query(i, langs, corrections) for i in group[start:end + 1])
                          if q is not None]
                alternatives = [Q.And(direct)] if direct else []
                if "en" in langs:
                    english_terms = [Q.Or([Q.Term(f, t) for f in (text_field("en"), title_field("en"))])
                                     for t in terms(english, "en")]
                    alternatives.append(Q.And(english_terms, boost=EXPANSION_BOOST))
                yield Q.Or(alternatives), False
                index = end + 1
                continue
            item = group[index]
            query = self._item_query(item, langs, corrections, fuzzy=expand)
            if query is not None:
                yield query, isinstance(item, Word) and not item.prefix and _is_stopword_somewhere(item.text)
            index += 1

    def _lexicon_spans(self, group: list[Word | Phrase]) -> list[tuple[int, int, str]]:
        """Runs of words that a lexicon entry translates, longest first, never overlapping."""
        candidates: list[tuple[int, int, str]] = []
        for lang in ("it", "fr"):
            sequence: list[tuple[int, str]] = [(i, t) for i, item in enumerate(group)
                                              if isinstance(item, Word) and not item.prefix
                                              for t in terms(item.text, lang)]
            for start, end, english in expansions(lang, [t for _, t in sequence]):
                candidates.append((sequence[start][0], sequence[end - 1][0], english))
        spans: list[tuple[int, int, str]] = []
        covered: set[int] = set()
        for first, last, english in sorted(candidates, key=lambda c: (c[0] - c[1], c[0])):
            if not covered & set(range(first, last + 1)):
                spans.append((first, last, english))
                covered |= set(range(first, last + 1))
        return spans

    def _item_query(self, item: Word | Phrase, langs: list[str], corrections: dict[str, list[str]],
                    fuzzy: bool = True) -> Q.Query | None:
        if isinstance(item, Phrase):
            return self._phrase_query(item.text, langs, expand=fuzzy)
        if item.prefix:
            return self._prefix_query(item.text, langs)
        direct = self._word_terms(item.text, langs)
        if not direct:
            return None
        if fuzzy and not any(self.reader.doc_frequency(f, t) for f, t in direct):
            fixed = self._corrections(item.text)
            if fixed:
                corrections[item.text] = fixed
                alternatives = [Q.Term(f, t) for f, t in direct]
                for word in fixed:
                    alternatives += [Q.Term(f, t, boost=CORRECTION_BOOST) for f, t in self._word_terms(word, langs)]
                return Q.Or(alternatives)
        return Q.Or([Q.Term(f, t) for f, t in direct])

    @staticmethod
    def _word_terms(word: str, langs: list[str]) -> list[tuple[str, str]]:
        pairs = []
        for lang in langs:
            for t in dict.fromkeys(terms(word, lang)):
                pairs += [(text_field(lang), t), (title_field(lang), t)]
        return pairs

    def _phrase_query(self, text: str, langs: list[str], expand: bool = True) -> Q.Query | None:
        alternatives = []
        for lang in langs:
            analysed = terms(text, lang)
            for f in (text_field(lang), title_field(lang)):
                if len(analysed) == 1:
                    alternatives.append(Q.Term(f, analysed[0]))
                elif analysed:
                    alternatives.append(Q.Phrase(f, analysed))
        for lang in ("it", "fr") if expand else ():
            analysed = terms(text, lang)
            for start, end, english in expansions(lang, analysed):
                if (start, end) == (0, len(analysed)) and "en" in langs:
                    target = terms(english, "en")
                    for f in (text_field("en"), title_field("en")):
                        alternatives.append(Q.Phrase(f, target, boost=EXPANSION_BOOST) if len(target) > 1
                                            else Q.Term(f, target[0], boost=EXPANSION_BOOST))
        return Q.Or(alternatives) if alternatives else None

    def _prefix_query(self, prefix: str, langs: list[str]) -> Q.Query:
        start = fold(prefix.lower())
        found = []
        for term in self.reader.expand_prefix("words", start):
            term = term.decode("utf-8") if isinstance(term, bytes) else term
            found.append((-self.reader.doc_frequency("words", term), term))
        chosen = [t for _, t in sorted(found)[:PREFIX_EXPANSIONS]]
        pairs = {pair for word in chosen for pair in self._word_terms(word, langs)}
        return Q.Or([Q.Term(f, t) for f, t in sorted(pairs)]) if pairs else Q.NullQuery

    def _corrections(self, word: str) -> list[str]:
        """Indexed words within edit distance 1 (2 for 7+ letters) of a 5+ letter word."""
        folded = fold(word.lower())
        if len(folded) < 5 or not folded.isalpha():
            return []
        for distance in (1, 2) if len(folded) >= 7 else (1,):
            found = [(-self.reader.doc_frequency("words", w), w)
                     for w in self.reader.terms_within("words", folded, distance, prefix=1)]
            if found:
                return [w for _, w in sorted(found)[:3]]
        return []

    def _run(self, query: Q.Query, negation: Q.Query | None, flt: Q.Query | None, limit: int,
             reason: str) -> list[Hit]:
        if negation is not None:
            query = Q.AndNot(query, negation)
        # The query's own terms mark the snippets (make_snippet keeps those the text holds).
        found = self.searcher.search(query, filter=flt, limit=_candidates(limit))
        matched = {(f, t.decode("utf-8") if isinstance(t, bytes) else t) for f, t in query.iter_all_terms()}
        hits = [self._hit(h, h.score, reason, matched) for h in found]
        hits.sort(key=lambda h: (-round(h.score, 4), KIND_ORDER.get(h.kind, 9), LANG_ORDER.get(h.lang, 9),
                                 h.extra.get("_numkey", ""), h.id))
        return hits

    def _hit(self, found, score: float, reason: str, matched: set[tuple[str, str]]) -> Hit:
        stored = found.fields()
        lang = stored.get("lang", "")
        extra = json.loads(stored["extra"]) if stored.get("extra") else {}
        # The snippet is cut only for the hits kept (see _with_snippets): a tier reads
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

    # did you mean
    def _suggest(self, parsed: Parsed, corrections: dict[str, list[str]]) -> list[str]:
        changed, out = False, []
        for item in parsed.items:
            if isinstance(item, Word) and not item.prefix:
                folded = fold(item.text.lower())
                known = self.reader.doc_frequency("words", folded) > 0
                fixed = corrections.get(item.text) or ([] if known else self._corrections_loose(folded))
                if fixed and not known:
                    out.append(fixed[0])
                    changed = True
                    continue
            out.append(item.text if isinstance(item, Word) else f'"{item.text}"')
        return [" ".join(out)] if changed else []

    def _corrections_loose(self, folded: str) -> list[str]:
        if len(folded) < 4 or not folded.isalpha():
            return []
        found = [(-self.reader.doc_frequency("words", w), w)
                 for w in self.reader.terms_within("words", folded, 2, prefix=1)]
        return [w for _, w in sorted(found)[:1]]


def _candidates(limit: int) -> int:
    """How many items a tier reads to fill a page of ``limit`` hits (some merge or repeat)."""
    return limit * 2 + 10


def _with_snippets(hits: list[Hit]) -> list[Hit]:
    for hit in hits:
        content, marks = hit.extra.pop("_content", None), hit.extra.pop("_marks", set())
        if content is not None:
            hit.snippet, hit.highlights = make_snippet(content, hit.lang, marks)
    return hits


def same_text_key(hit: Hit) -> str:
    """Rulings repeated word for word on many cards are one hit (their id ends in a text digest)."""
    if hit.kind == "ruling":
        return f"ruling-text/{hit.lang}/{hit.id.rsplit('/', 1)[-1]}"
    return hit.id


def _is_stopword_somewhere(word: str) -> bool:
    """A word that some language drops (``di``, ``the``, ``de``) is not required to match."""
    return any(not terms(word, lang) for lang in LANGS)


def make_snippet(content: str, lang: str, highlight: set[str]) -> tuple[str, list[tuple[int, int]]]:
    """A window of ``content`` around the first matched word, with the matched spans."""
    text = re.sub(r"\s", " ", content)
    spans: list[tuple[int, int]] = []
    if highlight and lang in LANGS:
        for token in analyzer_for(lang)(text, chars=True, positions=False, mode="index"):
            if token.text in highlight:
                spans.append((token.startchar, token.endchar))
    start = 0
    if spans and spans[0][0] > SNIPPET_CHARS // 3:
        start = text.rfind(" ", 0, spans[0][0] - SNIPPET_CHARS // 4) + 1
    end = len(text)
    if end - start > SNIPPET_CHARS:
        end = text.rfind(" ", start, start + SNIPPET_CHARS)
        end = end if end > start else start + SNIPPET_CHARS
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    window = prefix + text[start:end].strip() + suffix
    shift = len(prefix) - start - (len(text[start:end]) - len(text[start:end].lstrip()))
    shown = [(a + shift, b + shift) for a, b in spans if a >= start and b <= end]
    return window, shown


_SEARCHERS: dict[str, Searcher] = {}


def open_searcher(source) -> Searcher:
    """A cached :class:`Searcher` for an index folder or a :class:`~kb.store.KnowledgeBase`."""
    index_dir = Path(getattr(source, "index_dir", source))
    key = str(index_dir.resolve())
    searcher = _SEARCHERS.get(key)
    if searcher is None:
        # Keep only the newest index open: a rebuild publishes a new folder and removes old ones.
        for old in _SEARCHERS.values():
            old.close()
        _SEARCHERS.clear()
        searcher = _SEARCHERS[key] = Searcher(index_dir)
    return searcher


def search(source, query: str, lang: str | None = None, kind: str | None = None, limit: int = 10) -> Hits:
    """Search an index folder or a knowledge base; the best hits first (see the module docstring)."""
    return open_searcher(source).search(query, lang=lang, kind=kind, limit=limit)
