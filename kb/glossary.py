"""The glossary in three languages, and ``define``: a game term looked up by any of its names.

:class:`Glossary` gathers, for each English glossary entry of the active release, its
Italian and French names (the game vocabulary, :mod:`kb.vocabulary`, and the alignment's
term pairs) and every Italian or French text aligned to it, whatever document holds it: a
glossary of another language (an imported translation), or a keyword page's description
(the Italian wiki's *Voto*). Concepts of the vocabulary the glossary has no entry for
(ability words, counters) are entries too, without a text. A foreign glossary entry that
nothing aligns stays an entry of its own language.

:meth:`Glossary.define` finds entries by a name in any language: exact names first (case,
accents, elisions and punctuation ignored; match ``exact``), then near spellings (``deathtuch``:
``fuzzy``), then names starting with the words typed (``prefix``). :meth:`Glossary.find_matches`
(the web glossary, ``/api/terms``) labels each entry ``exact``, ``prefix``, ``partial`` or ``text``.
:func:`entry_json` is the shape of ``mtgkb define --json`` and of the web API (see docs/usage.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from .corpus import source_info, source_label
from .lookup import rule_heads
from .model import LANGUAGES
from .store import DocumentInfo, KnowledgeBase
from .text import edit_distance, fold, rule_numbers_in, typo_allowance
from .vocabulary import FORMS, Concept, Vocabulary, concept_rules, default_vocabulary, name_key

GLOSSARY_TEXT = "glossary"
MAX_PARTIAL = 12
KEYWORD_PAGE = "keyword page"


@dataclass(frozen=True)
class Text:
    """One language's text of an entry and the document it comes from."""

    lang: str
    text: str
    doc: DocumentInfo
    what: str = GLOSSARY_TEXT  # or KEYWORD_PAGE
    refs: tuple[str, ...] = ()


@dataclass
class Entry:
    """One glossary entry (or vocabulary concept) with its names and texts in every language."""

    term: str  # the English name (else the first name held)
    kind: str
    order: int
    names: dict[str, list[str]] = field(default_factory=dict)  # lang -> names, preferred first
    texts: dict[str, list[Text]] = field(default_factory=dict)
    concepts: list[Concept] = field(default_factory=list)
    obsolete: bool = False
    keys: dict[str, set[str]] = field(default_factory=dict)  # lang -> name_key of each name

    def add_name(self, lang: str, name: str, key: str | None = None) -> None:
        """``key``: the name's :func:`~kb.vocabulary.name_key` when known."""
        key = name_key(name, lang) if key is None else key
        held = self.keys.setdefault(lang, set())
        if key and key not in held:
            held.add(key)
            self.names.setdefault(lang, []).append(name.strip())

    def add_text(self, text: Text) -> None:
        held = self.texts.setdefault(text.lang, [])
        if all(t.text != text.text for t in held):
            held.append(text)

    @property
    def refs(self) -> list[str]:
        return list(dict.fromkeys(r for texts in self.texts.values() for t in texts for r in t.refs))


@dataclass(frozen=True)
class Found:
    """The entries a query reached and how: ``exact``, ``near`` (a misspelling) or ``partial``."""

    query: str
    match: str
    entries: tuple[Entry, ...]


class Glossary:
    """Every glossary entry of a knowledge base in three languages, searchable by any name."""

    def __init__(self, kb: KnowledgeBase, vocabulary: Vocabulary | None = None,
                 only: Iterable[str] | None = None) -> None:
        """``only`` (folded English names) limits the entries to those names and what is aligned to
        them: enough to answer an exact look-up quickly (:func:`define`)."""
        self.kb = kb
        self.vocabulary = vocabulary or default_vocabulary()
        self.only = None if only is None else set(only)
        self.entries: list[Entry] = []
        self._by_english: dict[str, Entry] = {}
        self._by_key: dict[str, list[Entry]] = {}
        docs = {d.id: d for d in kb.documents().values() if d.active}
        foreign = self._read_glossaries(docs)
        self._add_pairs(docs, foreign)
        self._add_concepts()
        for term_doc, term in foreign.values():  # foreign entries no pair aligned: by the vocabulary, else alone
            self._attach_foreign(term_doc, term)
        for entry in self.entries:
            for keys in entry.keys.values():
                for key in keys:
                    self._index(key, entry)
            for concept in entry.concepts:
                for name in concept.names:
                    if name.form == "variant":
                        self._index(self.vocabulary.key(name.text, name.lang), entry)

    # -- building -------------------------------------------------------------------------

    def _wanted(self, names: Iterable[str]) -> bool:
        return self.only is None or any(fold(n) in self.only for n in names)

    def _joins(self, english: str) -> bool:
        """True if a concept with the English name ``english`` joins an entry, or may become one."""
        return fold(english) in self._by_english or self._wanted([english])

    def _new(self, term: str, kind: str) -> Entry:
        entry = Entry(term, kind, len(self.entries))
        self.entries.append(entry)
        return entry

    def _index(self, key: str, entry: Entry) -> None:
        held = self._by_key.setdefault(key, [])
        if key and entry not in held:
            held.append(entry)

    def _read_glossaries(self, docs: dict[str, DocumentInfo]) -> dict[tuple[str, str], tuple[DocumentInfo, Any]]:
        """English entries made; foreign ones returned by (document, folded name) for the pairs to place."""
        foreign: dict[tuple[str, str], tuple[DocumentInfo, Any]] = {}
        english_first = sorted(docs.values(), key=lambda d: (d.lang != "en", d.provenance == "translator"))
        english = [d.id for d in english_first if d.lang == "en"]  # only the wanted English terms are made
        others = [d.id for d in english_first[len(english):]]
        for record in [*self.kb.terms(english, None if self.only is None else self._wanted), *self.kb.terms(others)]:
            doc, term = docs[record.doc_id], record.term
            if doc.lang != "en":
                for name in term.names:
                    foreign.setdefault((doc.id, fold(name)), (doc, term))
                continue
            if not self._wanted(term.names):
                continue
            entry = self._by_english.get(fold(term.names[0]))
            if entry is None:
                entry = self._new(term.names[0], "term")
                entry.obsolete = term.obsolete
            for name in term.names:
                entry.add_name("en", name)
                self._by_english.setdefault(fold(name), entry)
            entry.add_text(Text("en", term.definition or "", doc, GLOSSARY_TEXT, term.refs))
        return foreign

    def _add_pairs(self, docs: dict[str, DocumentInfo], foreign: dict) -> None:
        """Names (and texts) the alignment paired with English glossary names."""
        pairs = self.kb.term_pairs()
        pages = {p.doc.id: p for p in self.kb.document_pages([p.a_doc for p in pairs if p.method == "keyword-page"])}
        for pair in pairs:
            entry = self._by_english.get(fold(pair.b_id))
            lang = pair.note.get("lang") or (docs[pair.a_doc].lang if pair.a_doc in docs else None)
            if entry is None or lang not in LANGUAGES:
                continue
            entry.add_name(lang, pair.a_id)
            held = foreign.pop((pair.a_doc, fold(pair.a_id)), None)
            if held is not None:
                doc, term = held
                entry.add_text(Text(lang, term.definition or "", doc, GLOSSARY_TEXT, term.refs))
            page = pages.get(pair.a_doc)
            if page is not None and page.introduction.strip() and pair.a_doc in docs:
                entry.add_text(Text(lang, page.introduction.strip(), docs[pair.a_doc], KEYWORD_PAGE))

    def _add_concepts(self) -> None:
        """Each vocabulary concept joins the entry of its English name, or becomes one (with ``only``,
        only the concepts with an English name of an entry or of ``only`` are read: no other joins)."""
        concepts = self.vocabulary.concepts if self.only is None else self.vocabulary.with_english_name(self._joins)
        for concept in concepts:
            english = [n.text for n in concept.names_in("en")]
            entry = next((self._by_english[fold(n)] for n in english if fold(n) in self._by_english), None)
            if entry is None:
                if not english or not self._wanted(english):
                    continue
                entry = self._new(english[0], concept.kind)
                self._by_english[fold(english[0])] = entry
            elif entry.kind == "term":
                entry.kind = concept.kind
            elif concept.kind not in entry.kind.split("/"):
                entry.kind += "/" + concept.kind  # Exile: a keyword action and a zone
            entry.concepts.append(concept)
            for lang in LANGUAGES:
                for name in concept.names_in(lang):
                    if name.form == "preferred" or name.source == "curated":
                        entry.add_name(lang, name.text, self.vocabulary.key(name.text, lang))

    def _attach_foreign(self, doc: DocumentInfo, term: Any) -> None:
        if any(t.doc.id == doc.id and t.text == (term.definition or "") for e in self.entries
               for t in e.texts.get(doc.lang, [])):
            return  # placed already under another of its names
        concepts = [c for name in term.names for c in self.vocabulary.lookup(name, doc.lang)]
        entry = next((e for c in concepts for e in self.entries if c in e.concepts), None)
        if entry is None:
            if not self._wanted(term.names):
                return
            entry = self._new(term.names[0], "term")
            entry.obsolete = term.obsolete
        for name in term.names:
            entry.add_name(doc.lang, name)
        entry.add_text(Text(doc.lang, term.definition or "", doc, GLOSSARY_TEXT, term.refs))

    # -- finding --------------------------------------------------------------------------

    def define(self, query: str) -> Found:
        """The entries one of whose names in any language is ``query``: exact, else the nearest
        spellings, else the names starting with the words typed."""
        key = name_key(query)
        exact = sorted(self._entries_of(key), key=lambda entry: _named_so(entry, key))
        if exact:
            return Found(query, "exact", tuple(exact))
        near = self._near(key)
        if near:
            return Found(query, "fuzzy", tuple(near))
        return Found(query, "prefix", tuple(self._starting(key)[:MAX_PARTIAL]))

    def by_key(self) -> dict[str, list[Entry]]:
        """Every name's key (:func:`~kb.vocabulary.name_key`) and the entries holding it, as :meth:`define` reads."""
        return {key: self._entries_of(key) for key in self._keys()}

    def _keys(self) -> Iterable[str]:
        return self._by_key.keys()

    def _entries_of(self, key: str) -> list[Entry]:
        return self._by_key.get(key, [])

    def _all_names(self, entry: Entry, lang: str) -> list[str]:
        return entry.names.get(lang, []) + [n.text for c in entry.concepts for n in c.names_in(lang)]

    def _near(self, key: str) -> list[Entry]:
        allowed = typo_allowance(key)
        if not allowed:
            return []
        best, found = allowed + 1, []
        for name in self._keys():  # a key's entries are asked only when it is among the nearest
            distance = edit_distance(key, name, allowed)
            if distance < best:
                best, found = distance, list(self._entries_of(name))
            elif distance == best and distance <= allowed:
                found += [e for e in self._entries_of(name) if e not in found]
        return sorted(found, key=lambda e: e.order)

    def _starting(self, key: str) -> list[Entry]:
        if len(key) < 3:
            return []
        found: list[Entry] = []
        for name in sorted(self._keys()):
            if name.startswith(key) or f" {key}" in f" {name}":
                found += [e for e in self._entries_of(name) if e not in found]
        return sorted(found, key=lambda e: (e.kind == "counter", e.order))

    def _searchable(self) -> list[tuple[Entry, dict[str, list[str]], dict[str, list[str]]]]:
        """Each entry that has a text, with its names' keys and its folded texts by language, made on
        the first :meth:`find` (keying every name at each search took 20 ms of an ``/api/terms`` answer)."""
        found = self.__dict__.get("_searchable_rows")
        if found is None:
            found = self.__dict__["_searchable_rows"] = [
                (entry, {lang: [name_key(n, lang) for n in self._all_names(entry, lang)] for lang in LANGUAGES},
                 {lang: [fold(t.text) for t in entry.texts.get(lang, [])] for lang in LANGUAGES})
                for entry in self.entries if entry.texts]
        return found

    def find(self, query: str = "", langs: Iterable[str] = (), limit: int = 50) -> list[Entry]:
        """Entries with a text whose names (first) or texts contain ``query``; all of them for an
        empty query, in glossary order. Names in ``langs`` only, when given."""
        return [entry for entry, _match in self.find_matches(query, langs, limit)]

    def find_matches(self, query: str = "", langs: Iterable[str] = (), limit: int = 50) -> list[tuple[Entry, str]]:
        """:meth:`find`'s entries, each with how it matched: ``exact`` (a name is ``query``), ``prefix``
        (a name starts with it), ``partial`` (a name holds it), ``text`` (only a text holds it); ``all``
        for an empty query."""
        wanted = tuple(langs) or LANGUAGES
        folded = fold(name_key(query)) if query.strip() else ""
        ranked: list[tuple[int, int, Entry]] = []
        for entry, keys, texts in self._searchable():
            rank = _rank(folded, [key for lang in wanted for key in keys.get(lang, ())],
                         [text for lang in wanted for text in texts.get(lang, ())])
            if rank is not None:
                ranked.append((rank, entry.order, entry))
        ranked.sort(key=lambda item: item[:2])
        return [(entry, FIND_MATCHES[rank] if folded else "all") for rank, _o, entry in ranked[:max(0, limit)]]


def _named_so(entry: Entry, key: str) -> int:
    """How an entry's concepts hold the name ``key``: 0 preferred (Italian *pila* is the stack),
    1 a variant (*pila* for a pile), 2 an old wording; 0 for a name of the glossary itself."""
    return min((FORMS.index(n.form) for c in entry.concepts for n in c.names if name_key(n.text, n.lang) == key),
               default=0)


FIND_MATCHES = ("exact", "prefix", "partial", "text")  # by :func:`_rank`'s rank


def _rank(wanted: str, names: list[str], texts: list[str]) -> int | None:
    if not wanted or wanted in names:
        return 0
    if any(n.startswith(wanted) for n in names):
        return 1
    if any(wanted in n for n in names):
        return 2
    if any(wanted in t for t in texts):
        return 3
    return None


# -- one English name, several concepts (Counter: to counter a spell, and a counter) ----------

_SENSE_MARK = re.compile(r"(?:^|(?<=\s))(\d)\.\s+")


def glossary_senses(text: str) -> list[str]:
    """A glossary text's numbered senses (``1. To cancel … 2. A marker …``) without their numbers;
    the whole text alone when it does not number them from 1."""
    marks, expected = [], 1
    for mark in _SENSE_MARK.finditer(text):
        if int(mark.group(1)) == expected:
            marks.append(mark)
            expected += 1
    if len(marks) < 2 or marks[0].start() != 0:
        return [text]
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return [text[m.end():end].strip() for m, end in zip(marks, ends)]


def senses_by_rule(senses: Sequence[str], rules: Sequence[Iterable[str]]) -> list[int | None]:
    """For each concept (given by its rule numbers), the index of the one sense that cites one of its
    rules; all None unless every concept has exactly one such sense and no two share it (Exile's
    "See rule 406" closes its last sense but names the zone of its first: no guess is made)."""
    cited = [set(rule_numbers_in(sense, chapters=True)) for sense in senses]
    chosen: list[int | None] = []
    for numbers in rules:
        wanted = set(numbers)
        matching = [i for i, found in enumerate(cited) if found & wanted]
        chosen.append(matching[0] if len(matching) == 1 else None)
    if None in chosen or len(set(chosen)) != len(chosen):
        return [None] * len(chosen)
    return chosen


def concept_names(entry: Entry, concept: Concept, lang: str) -> list[str]:
    """The names of ``entry`` in ``lang`` that belong to ``concept``: its preferred and curated names,
    then the entry's other names the concept has (in any form)."""
    own = [n.text for n in concept.names_in(lang) if n.form == "preferred" or n.source == "curated"]
    keys = {name_key(n.text, lang) for n in concept.names_in(lang, obsolete=True)}
    held = [n for n in entry.names.get(lang, []) if name_key(n, lang) in keys]
    names: dict[str, str] = {}
    for name in (*own, *held):
        names.setdefault(name_key(name, lang), name)
    return list(names.values())


def entry_senses(entry: Entry, heads: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """When an entry's English name stands for several concepts of the vocabulary (Counter: the keyword
    action 701.6 and the counters of 122), the names and rules of each, kept apart; [] otherwise."""
    if len(entry.concepts) < 2:
        return []
    english = entry.texts.get("en")
    senses = glossary_senses(english[0].text) if english else []
    rules = [[h["number"] for h in concept_rules([c], heads)] for c in entry.concepts]
    which = senses_by_rule(senses, rules) if len(senses) > 1 else [None] * len(rules)
    return [{"concept": c.id, "kind": c.kind, "sense": None if at is None else at + 1, "rules": numbers,
             "names": {lang: names for lang in LANGUAGES if (names := concept_names(entry, c, lang))}}
            for c, numbers, at in zip(entry.concepts, rules, which)]


# -- what a judge is shown ------------------------------------------------------------------

def entry_rules(entry: Entry, heads: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The rules an entry cites: its glossary texts' references, then its concepts' rules."""
    cited = [heads[n] for n in entry.refs if n in heads]
    return cited + [h for h in concept_rules(entry.concepts, heads) if h not in cited]


def candidate_numbers(entries: Iterable[Entry]) -> list[str]:
    """Every rule number the entries may cite, for one :func:`~kb.lookup.rule_heads` call."""
    return list(dict.fromkeys([*(n for e in entries for n in e.refs),
                               *(n for e in entries for c in e.concepts for n in c.rules)]))


def entry_json(entry: Entry, heads: dict[str, dict[str, Any]], langs: Iterable[str] = (),
               match: str = "exact") -> dict[str, Any]:
    """The ``mtgkb define --json`` shape of one entry (see docs/usage.md), texts in ``langs`` (all by default;
    English when none of them holds a text, with ``fallback`` saying so)."""
    wanted = tuple(langs) or LANGUAGES
    texts = {lang: _text_json(entry.texts[lang][0]) for lang in wanted if entry.texts.get(lang)}
    fallback = not texts and bool(entry.texts.get("en"))
    if fallback:
        texts = {"en": _text_json(entry.texts["en"][0])}
    english = entry.texts.get("en")
    return {
        "term": entry.term, "kind": entry.kind, "match": match, "obsolete": entry.obsolete,
        "names": {lang: list(entry.names[lang]) for lang in LANGUAGES if entry.names.get(lang)},
        "senses": entry_senses(entry, heads),
        "text": texts,
        **({"fallback": {"asked": list(wanted), "shown": "en"}} if fallback else {}),
        "rules": entry_rules(entry, heads),
        "source": source_info(english[0].doc) if english else None,
    }


def english_candidates(kb: KnowledgeBase, query: str, vocabulary: Vocabulary | None = None) -> set[str]:
    """Folded English names ``query`` may stand for: itself, the English names of the concepts it
    names in the vocabulary, and those the alignment paired it with."""
    key = name_key(query)
    concepts = (vocabulary or default_vocabulary()).lookup(query)
    return ({fold(query.strip())} | {fold(n.text) for c in concepts for n in c.names_in("en")}
            | {fold(p.b_id) for p in kb.term_pairs() if name_key(p.a_id) == key})


def _english_term_named(kb: KnowledgeBase, name: str) -> bool:
    return any(kb.term_definition(d.id, name.strip()) is not None
               for d in kb.documents().values() if d.active and d.lang == "en")


def _text_json(text: Text) -> dict[str, Any]:
    return {"text": text.text, "kind": text.what, "source": source_info(text.doc), "label": source_label(text.doc)}


def define(kb: KnowledgeBase, query: str, langs: Iterable[str] = (), glossary: Glossary | None = None,
           whole: Callable[[KnowledgeBase], Glossary] = Glossary) -> list[dict[str, Any]]:
    """``mtgkb define``: the entries named ``query`` as JSON-ready dicts, best first (empty when none).

    Without a ``glossary`` at hand, an exact name is looked up in a glossary limited to the English
    names it may stand for (:func:`english_candidates`); only a miss takes the whole glossary, from
    ``whole(kb)`` (built; :func:`kb.saved_glossary.saved_glossary` reads the one saved with the index)."""
    found = None
    if glossary is None:
        candidates = english_candidates(kb, query)
        if candidates - {fold(query.strip())} or _english_term_named(kb, query):
            quick = Glossary(kb, only=candidates).define(query)
            found = quick if quick.match == "exact" else None
        glossary = whole(kb) if found is None else None
    found = found or glossary.define(query)
    heads = rule_heads(kb, candidate_numbers(found.entries))
    return [entry_json(e, heads, langs, found.match) for e in found.entries]
