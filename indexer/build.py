"""Build the search index inside a staged knowledge base build.

:func:`build_index` reads the build through the store's reader
(:class:`kb.store.KnowledgeBase`; only the active documents: the newest official
release per language and every other source) and writes ``build_dir/index``. The folder is staged with the rest of the build, so it
becomes visible atomically when the build is published.

Hit ids are stable across builds and readable: ``rule/en/400.2``,
``example/it/400.6#1``, ``term/en/Vote``, ``ruling/en/Magister of Worth/1a2b3c4d``,
``card/fr/Council's Judgment`` (English name; the title is the French name),
``page/it/Voto``. Where two documents give the same rule id, the second gets
``@<document id>`` appended.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import queue
import shutil
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator

from kb.digests import code_digest, data_digest
from kb.errors import KBError
from kb.numbering import RuleNumber
from kb.store import INDEX_DIR, DocumentInfo, KnowledgeBase
from kb.text import fold_quotes
from kb.vocabulary import Vocabulary

from .analysis import ANALYSIS_VERSION, name_key
from .card_evidence import (DEPENDENCY, WITH_NAMED, capitalised_runs, card_evidence, carried_pairs, carried_rules,
                            carried_together, keyword_rules, nonbasic_land, rules_naming, ruling_links, token_rules,
                            type_changes, with_cited_chapters)
from .card_finder import (RULES, SIDE_SET_TYPES, CardTable, card_nicknames, flag_words, name_keys, named_cards,
                          rule_words, subtype_words, write_card_table)
from .codec import WritingCodec
from .known_cards import embedded_known_cards, known_cards_key
from .phrasings import english_rule_texts, placement
from .tagging import tag_concepts, write_concepts
from .questions import write_question_docs
from .schema import text_field, title_field
from .vocab import using_vocabulary, write_forms
from .word_counts import write_word_counts
from .windows import WINDOW_KINDS

# Above this many items the multiprocessing writer pays for its start-up.
PARALLEL_THRESHOLD = 20_000
WRITER_LIMIT_MB = 256
FINGERPRINTS = "fingerprints.json"  # uid -> [kind, digest of its fields], beside the index
UPDATE_AT_MOST = 2000  # items an index update rewrites at most (more: the index is written whole)


@dataclass
class Item:
    """One searchable item, before it becomes a whoosh document."""

    uid: str
    kind: str
    lang: str
    doc: str
    title: str = ""
    content: str = ""
    number: str = ""
    names: list[str] = field(default_factory=list)
    aligned: dict[str, str] = field(default_factory=dict)
    extra: dict = field(default_factory=dict)
    akey: str = ""  # rules: sort key of the aligned (reference-language) number
    group: str = ""  # items sharing a group are each other's aligned versions
    concepts: list[str] = field(default_factory=list)  # vocabulary concepts this item defines

    def words_text(self) -> str:
        """The text whose words are the item's indexed words (:mod:`indexer.word_counts`)."""
        return f"{self.title}\n{self.content}"

    def fields(self) -> dict:
        parsed = RuleNumber.try_parse(self.number) if self.number else None
        doc = {
            "uid": self.uid, "kind": self.kind, "lang": self.lang, "doc": self.doc,
            "title": self.title, "content": self.content,
            "aligned": json.dumps(self.aligned, ensure_ascii=False) if self.aligned else "",
            "extra": json.dumps(self.extra, ensure_ascii=False) if self.extra else "",
            text_field(self.lang, self.kind == "card"): self.content,
            "population": f"{self.lang}/card" if self.kind == "card" else self.lang,
        }
        if self.kind != "ruling":  # a ruling's title is its card's name: no reason for it to match
            doc[title_field(self.lang, self.kind == "card")] = self.title
        if parsed is not None:
            doc.update(number=str(parsed), numkey=parsed.sort_key, section=str(parsed.section))
        if self.akey:
            doc["akey"] = self.akey
        own = RuleNumber.try_parse(self.extra.get("source_number") or "") if self.kind == "rule" else None
        if own is not None:
            doc["srckey"] = own.sort_key
        keys = [k for k in (name_key(n) for n in self.names) if k]
        if keys:
            doc["name_key"] = ",".join(keys)
        if self.concepts:
            doc["concepts"] = ",".join(self.concepts)
        return doc


def build_index(build_dir: Path, progress: Callable[[str], None] | None = None,
                previous: Path | None = None, vocabulary: Vocabulary | None = None,
                carried_to: str | None = None) -> dict:
    """Write ``build_dir/index`` from the build's database (staged or published). With the ``previous``
    build's index, only the items that changed since are rewritten in a copy of it, when that
    can be done (:func:`update_index`). ``vocabulary``: the game's vocabulary with its rule numbers
    carried to the release built, ``carried_to`` (:func:`kb.curated.carried_vocabulary`; None: the
    embedded one). Returns the players' phrasings applied and not applied
    (:meth:`indexer.phrasings.Placement.report`)."""
    with using_vocabulary(vocabulary):
        return _build_index(Path(build_dir), progress, previous, carried_to if vocabulary is not None else None)


def _build_index(build_dir: Path, progress: Callable[[str], None] | None, previous: Path | None,
                 carried_to: str | None) -> dict:
    with KnowledgeBase(build_dir) as kb:
        items = collect_items(kb)
        cards = cards_of(kb, items, carried_to is not None)
    if progress is not None:
        progress(cards.nicknames_line())
    link_aligned(items)
    name_rulings(items)
    target = build_dir / INDEX_DIR
    concepts = tag_concepts(items, Path(previous) if previous is not None else None)
    prints = {item.uid: fingerprint(item) for item in items}
    if previous is None or not update_index(Path(previous), target, items, prints, progress):
        write_index(target, items, progress)
    write_word_counts(target, (item.words_text() for item in items))
    write_card_table(target, cards)
    write_concepts(target, concepts)
    write_fingerprints(target, items, prints)
    write_forms(target, carried_to)
    placed = placement(english_rule_texts(items))
    write_question_docs(items, target, previous=Path(previous) if previous is not None else None, placed=placed)
    return placed.report()


def write_index(target: Path, items: list[Item], progress: Callable[[str], None] | None = None) -> None:
    """A new index of ``items`` in ``target``."""
    from whoosh import index

    from .schema import build_schema

    target.mkdir(exist_ok=True)
    if progress:
        progress(f"indexing {len(items)} items for search")
    ix = index.create_in(str(target), build_schema())
    procs = min(os.cpu_count() or 1, 4) if len(items) >= PARALLEL_THRESHOLD else 1
    options = {"limitmb": WRITER_LIMIT_MB, "codec": WritingCodec()}
    if procs > 1:
        options.update(procs=procs, multisegment=True)
    writer = ix.writer(**options)
    with WorkerWatch(writer) as watch:
        try:
            for item in index_order(items):
                watch.check()
                writer.add_document(**item.fields())
        except BaseException:
            writer.cancel()
            raise
        writer.commit()
        watch.check()
    written = index.open_dir(str(target)).doc_count_all()
    if written != len(items):
        raise KBError(f"{target}: the index holds {written:,} of the {len(items):,} items given (a writer process "
                      "was lost); nothing was published: build again")


class WorkerWatch:
    """Watch the processes of whoosh's multiprocessing writer, which drops the part of a process that dies
    and waits for ever on one that stops: when one dies or is stopped (the out-of-memory killer, a
    signal), every worker is ended, the queue they read is emptied (so no put waits for ever) and
    :meth:`check` raises."""

    def __init__(self, writer, every: float = 0.2) -> None:
        self.writer, self.every = writer, every
        self.parallel = hasattr(writer, "jobqueue")  # whoosh's MpWriter (its processes start as work comes)
        self.lost: str | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True, name="index-writer-watch")

    @property
    def tasks(self) -> list:
        return list(getattr(self.writer, "tasks", []))

    def __enter__(self) -> "WorkerWatch":
        if self.parallel:
            self._thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self._done.set()
        if self.parallel:
            self._thread.join()

    def check(self) -> None:
        if self.lost:
            raise KBError(f"the index writer failed: {self.lost}; nothing was published: build again "
                          "(with more memory if the system ended it)")

    def _watch(self) -> None:
        while not self._done.wait(self.every):
            for task in self.tasks:
                if task.exitcode not in (None, 0) or _stopped(task.pid):
                    self.lost = self.lost or f"writer process {task.pid} " + (
                        "was stopped" if task.exitcode is None else f"ended with status {task.exitcode}")
            if self.lost:
                self._end_workers()

    def _end_workers(self) -> None:
        for task in self.tasks:
            if task.exitcode is None:
                task.kill()
        try:
            while True:
                self.writer.jobqueue.get_nowait()
        except (queue.Empty, OSError, ValueError):
            pass


def _stopped(pid: int | None) -> bool:
    """Process ``pid`` is stopped (SIGSTOP, a debugger): it will not answer (as kb.forked.process_stopped;
    the search engine does not import kb.forked)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state in ("T", "t")


def fingerprint(item: Item) -> str:
    """A digest of everything ``item`` puts in the index: its attributes, which the index code and
    analysis (:func:`index_code`, recorded with the fingerprints) turn into its fields and terms."""
    return hashlib.sha256(f"{ANALYSIS_VERSION}:{item!r}".encode("utf-8")).hexdigest()[:20]


def index_code() -> str:
    """What an index's items, fields and terms are made by: the analysis version, the code (the
    packages kb and indexer) and the curated data (the English forms the analysis reads among them)."""
    return f"{ANALYSIS_VERSION}:{code_digest('kb', 'indexer')}:{data_digest()}"


def write_fingerprints(target: Path, items: list[Item], prints: dict[str, str]) -> None:
    """Each item's kind and fingerprint (``prints``, by uid), and the code that made them, beside the
    index (what the next update compares)."""
    data = {"code": index_code(), "items": {item.uid: [item.kind, prints[item.uid]] for item in items}}
    (target / FINGERPRINTS).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def update_index(previous: Path, target: Path, items: list[Item], prints: dict[str, str],
                 progress: Callable[[str], None] | None = None, most: int = UPDATE_AT_MOST) -> bool:
    """Copy the ``previous`` index to ``target`` and rewrite there only the items whose fingerprints
    (``prints``, by uid) changed, were added or are gone; False (nothing written) when the previous
    index has no fingerprints or was made by other code, when more than ``most`` items changed, or when a ruling or card text changed (those are kept in
    bounded windows in index order, :mod:`indexer.windows`): a new index is then written whole."""
    from .storage import IndexDamaged, open_index

    try:
        kept = json.loads((previous / FINGERPRINTS).read_text(encoding="utf-8"))
        old = kept["items"] if kept.get("code") == index_code() else None
    except (OSError, ValueError, AttributeError, KeyError):
        return False
    if not isinstance(old, dict):
        return False
    new = {item.uid: item for item in items}
    changed = [item for item in items if old.get(item.uid, [None, None])[1] != prints[item.uid]]
    gone = [uid for uid in old if uid not in new]
    kinds = {item.kind for item in changed} | {old[uid][0] for uid in gone}
    if len(changed) + len(gone) > most or kinds & set(WINDOW_KINDS):
        return False
    shutil.copytree(previous, target)
    try:
        writer = open_index(target).writer(limitmb=WRITER_LIMIT_MB, codec=WritingCodec())
    except IndexDamaged:  # written whole instead
        shutil.rmtree(target)
        return False
    if progress:
        progress(f"updating {len(changed) + len(gone)} of {len(items)} items in the search index")
    try:
        for uid in [*(item.uid for item in changed), *gone]:
            writer.delete_by_term("uid", uid)
        for item in index_order(changed):
            writer.add_document(**item.fields())
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    return True


def index_order(items: list[Item]) -> list[Item]:
    """Rules, examples, glossary terms and keyword pages first (as collected), then rulings, then
    cards, each of those two shortest text first.

    The searcher reads rulings and card texts in index order and stops after a bounded number
    of matches (:mod:`indexer.windows`): shortest first puts first the texts BM25 ranks highest
    for the same words, so the bounded read keeps the best of them.
    """
    rest = [i for i in items if i.kind not in WINDOW_KINDS]
    windows = [sorted((i for i in items if i.kind == kind), key=lambda i: (len(i.content), i.uid))
               for kind in WINDOW_KINDS]
    return rest + [i for window in windows for i in window]


def collect_items(kb: KnowledgeBase) -> list[Item]:
    """Every searchable item of the active documents, in a stable order."""
    items: list[Item] = []
    seen: set[str] = set()
    for item in _all_items(kb):
        if item.uid in seen:
            if item.kind in ("ruling", "card", "term", "page"):
                continue  # the same ruling or card from another source: one hit is enough
            item.uid = f"{item.uid}@{item.doc}"
            if item.uid in seen:
                continue
        seen.add(item.uid)
        items.append(item)
    return items


def _all_items(kb: KnowledgeBase) -> Iterator[Item]:
    docs = kb.documents()
    by_lang = sorted((d for d in docs.values() if d.active), key=lambda d: (d.lang, d.id))
    yield from rule_items(kb, by_lang)
    yield from term_items(kb, by_lang)
    yield from page_items(kb)
    yield from ruling_items(kb, docs)
    yield from card_items(kb)


def rule_items(kb: KnowledgeBase, docs: list[DocumentInfo]) -> Iterator[Item]:
    for version in kb.rule_versions(d.id for d in docs):
        rule, doc = version.rule, version.doc
        number, kind, title, text, lang = rule.number, rule.kind, rule.title, rule.text, doc.lang
        aligned = version.align_method != "unaligned"
        # English numbers everywhere: a text is shown under the reference number it is aligned to;
        # its own number only as "numbered X in SOURCE", and an unaligned text under none.
        key, ref = (version.aligned_key, version.aligned_number) if aligned else ("", "")
        extra = {"subkind": kind, "date": doc.effective_date, "provenance": doc.provenance, "ref": ref,
                 "source": doc.title or doc.id}
        if ref != number:
            extra["source_number"] = number
        if rule.pointer:
            extra["pointer"] = rule.pointer
        if version.align_method != "number":
            extra["align_method"] = version.align_method
        body = "\n".join(p for p in (text, rule.pointer) if p)
        heading = title or (text if kind != "subrule" and text and len(text) < 40
                             and not text.endswith(".") else "")
        uid = f"rule/{lang}/{ref}" if ref else f"rule/{lang}/unaligned/{number}"
        yield Item(uid=uid, kind="rule", lang=lang, doc=doc.id, title=heading,
                   content=body or (title or ""), number=ref, names=[heading] if heading else [],
                   extra=extra, akey=key, group=f"rule:{key}" if key else "")
        for index, example in enumerate(rule.examples, 1):
            yield Item(uid=f"example/{lang}/{ref or number}#{index}", kind="example", lang=lang, doc=doc.id,
                       title="", content=example.text, number=ref,
                       extra={"date": doc.effective_date, "provenance": doc.provenance, "ref": ref,
                              **({"source_number": number} if ref != number else {})},
                       group=f"example:{key}#{index}" if key else "")


def term_items(kb: KnowledgeBase, docs: list[DocumentInfo]) -> Iterator[Item]:
    langs = {d.id: d.lang for d in docs}
    for record in kb.terms(langs):
        names, lang = list(record.term.names), langs[record.doc_id]
        yield Item(uid=f"term/{lang}/{names[0]}", kind="term", lang=lang, doc=record.doc_id, title=", ".join(names),
                   content=record.term.definition or "", names=names,
                   extra={"obsolete": True} if record.term.obsolete else {}, group=f"term:{name_key(names[0])}")


def page_items(kb: KnowledgeBase) -> Iterator[Item]:
    """Keyword pages: documents other than official releases that carry page metadata."""
    pages = sorted((p for p in kb.document_pages() if p.doc.format != "cr-text"), key=lambda p: (p.doc.lang, p.doc.id))
    for page in pages:
        doc, meta = page.doc, page.meta
        if not doc.title or not ({"infobox", "keyword"} & set(meta)):
            continue
        infobox = meta.get("infobox") or {}
        lines = [page.introduction] + [f"{k}: {v}" for k, v in infobox.items() if isinstance(v, str)]
        keyword = meta.get("keyword") or {}
        names = [doc.title] + [v for v in keyword.values() if isinstance(v, str)]
        english = keyword.get("en") if isinstance(keyword.get("en"), str) else None
        yield Item(uid=f"page/{doc.lang}/{doc.title}", kind="page", lang=doc.lang, doc=doc.id, title=doc.title,
                   content="\n".join(l for l in lines if l), names=names, extra={"provenance": doc.provenance},
                   group=f"term:{name_key(english)}" if english else "")


def ruling_items(kb: KnowledgeBase, docs: dict[str, DocumentInfo]) -> Iterator[Item]:
    for record in kb.rulings(sorted(kb.active_ids())):
        ruling, doc_id = record.ruling, record.doc_id
        card, lang, text = ruling.card, ruling.lang, ruling.text
        digest = text_digest(text)
        subject = card or doc_id
        extra = {"date": ruling.date, "source": ruling.source, "provenance": ruling.provenance, "card": card,
                 "doc_title": docs[doc_id].title}
        group = f"ruling:{subject}/{digest}"
        yield Item(uid=f"ruling/{lang}/{subject}/{digest}", kind="ruling", lang=lang, doc=doc_id,
                   title=card or "", content=text, extra=extra, group=group)
        for t_lang, t_text, t_prov in ruling.translations:
            yield Item(uid=f"ruling/{t_lang}/{subject}/{digest}", kind="ruling", lang=t_lang, doc=doc_id,
                       title=card or "", content=t_text, extra={**extra, "provenance": t_prov}, group=group)


def text_digest(text: str) -> str:
    """A short digest of a ruling's text, blind to quote style and spacing."""
    normal = " ".join(fold_quotes(text).split())
    return hashlib.sha1(normal.encode("utf-8")).hexdigest()[:8]


def card_items(kb: KnowledgeBase) -> Iterator[Item]:
    for record in kb.cards(sorted(kb.active_ids())):
        card, doc_id = record.card, record.doc_id
        name, type_ = card.name, card.type
        group = f"card:{name}"
        yield Item(uid=f"card/en/{name}", kind="card", lang="en", doc=doc_id, title=name,
                   content="\n".join(p for p in (type_, card.text) if p), names=card_names(name),
                   extra={"type": type_}, group=group)
        seen_langs = set()
        for f_lang, f_name, f_type, f_text in card.foreign:
            if f_lang in seen_langs or f_lang not in ("it", "fr"):
                continue  # the first entry of a language is its current wording
            seen_langs.add(f_lang)
            yield Item(uid=f"card/{f_lang}/{name}", kind="card", lang=f_lang, doc=doc_id, title=f_name or name,
                       content="\n".join(p for p in (f_type, f_text) if p), names=card_names(f_name or name),
                       extra={"type": f_type, "english": name}, group=group)


_CARD_TABLES: dict[str, CardTable] = {}  # the digest of what a card table is made of -> the table (cards_of)
_NAMED_TABLES: dict[str, CardTable] = {}  # ... of what its cards' names and evidence are made of -> those (cards_of)
CARD_TABLES_KEPT = 4  # card tables a process keeps (the tests build a few knowledge bases, each many times)


@dataclass
class HeldCards:
    """What a build's card table is made of that the build's database holds: its cards, the codes of its side
    sets, its rulings (``(id, card, text)``) and the rules they are linked to (``(ruling document, ruling id,
    rule)``)."""

    cards: list
    side_sets: set[str]
    rulings: list[tuple[str, str, str]]
    ruling_rules: list[tuple[str, str, str]]

    def key(self) -> tuple:
        """What the held cards are, as a value (the side sets in order)."""
        return self.cards, sorted(self.side_sets), self.rulings, self.ruling_rules

    @classmethod
    def read(cls, kb: KnowledgeBase) -> "HeldCards":
        active = sorted(kb.active_ids())
        return cls([record.card for record in kb.cards(active)], side_set_codes(kb),
                   [(f"{r.doc_id}#{r.seq}", r.ruling.card, r.ruling.text) for r in kb.rulings(active) if r.ruling.card],
                   [(p.a_doc, p.a_id, p.b_id) for p in kb.alignments() if p.kind == "ruling-rule"])


def cards_of(kb: KnowledgeBase, items: list[Item], other_release: bool = False) -> CardTable:
    """The table of the cards the build holds (:func:`named_card_table_of`), made once per process of the same cards,
    rulings, English rules, vocabulary, nicknames and card list, and the same words of the rules' texts in every
    language (:func:`~indexer.card_finder.rule_words`): a translator's import rebuilds the index of the same cards.
    An imported text can change those words, which only flag the table's words (:func:`finished_card_table`): the
    rest is made once. Never change the table returned: the next build may be given it too."""
    from .vocab import vocabulary

    held = HeldCards.read(kb)
    nicknames = card_nicknames()
    english = [(item.kind, item.number, item.content) for item in items
               if item.kind in ("rule", "example") and item.lang == "en"]
    named_key = value_digest(held.key(), english, other_release, vocabulary().concepts, nicknames, known_cards_key())
    named = _remembered(_NAMED_TABLES, named_key, lambda: named_card_table_of(held, items, other_release, nicknames))
    return _remembered(_CARD_TABLES, value_digest(named_key, sorted(words := rule_words(rule_texts_of(items)))),
                       lambda: finished_card_table(named, words, items))


def rule_texts_of(items: list[Item]) -> tuple[str, ...]:
    """The titles and texts of the rules, examples and glossary terms among ``items``, in every language."""
    return tuple(f"{item.title}\n{item.content}" for item in items if item.kind in ("rule", "term", "example"))


def _remembered(tables: dict[str, CardTable], key: str, make: Callable[[], CardTable]) -> CardTable:
    """``tables[key]``, made by ``make`` on first use; the oldest forgotten past :data:`CARD_TABLES_KEPT`."""
    if key not in tables:
        if len(tables) >= CARD_TABLES_KEPT:
            tables.pop(next(iter(tables)))
        tables[key] = make()
    return tables[key]


def value_digest(*parts) -> str:
    """A digest of ``parts`` by their values alone: pickled without its memo, so that two equal values, one sharing
    its strings and one not, give the same digest (the vocabulary read again for an import is equal, not alike)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(parts)
    return hashlib.sha256(buffer.getvalue()).hexdigest()


def finished_card_table(named: CardTable, words_of_rules: frozenset[str], items: list[Item]) -> CardTable:
    """A copy of the ``named`` cards' table (left as it is) with its words flagged
    (:func:`~indexer.card_finder.flag_words`: ``words_of_rules`` and the words of the game's terms in every language,
    *legame vitale*) and the rules naming its cards (:func:`add_rules_naming`, which reads those flags)."""
    from .vocab import vocabulary

    table = replace(named, cards=[list(card) for card in named.cards])
    flag_words(table, words_of_rules, (name.text for concept in vocabulary().concepts for name in concept.names))
    add_rules_naming(table, items)
    return table


def named_card_table_of(held: HeldCards, items: list[Item], other_release: bool, nicknames: list) -> CardTable:
    """The table of the ``held`` cards, found in questions (:mod:`indexer.card_finder`), each with
    what it brings to a question (:mod:`indexer.card_evidence`) and the rules its rulings are linked to,
    and the players' ``nicknames`` of those cards (``corpus/card-nicknames.tsv``), its words not yet flagged
    (:func:`finished_card_table`). When the release built is ``other_release`` than the vocabulary's, the rules the
    evidence names are carried to it by content (:func:`evidence_in_release`)."""
    from kb.vocabulary import default_vocabulary

    from .vocab import vocabulary

    by_name: dict[str, list] = {}
    side_sets = held.side_sets
    side_only: dict[str, int] = {}  # a card's printings in side sets (playtest, un-sets, art cards)
    for card in held.cards:
        named = by_name.setdefault(card.name, [card, [], 0])
        named[1] += [(lang, name) for lang, name, *_ in card.foreign if lang in ("it", "fr") and name]
        if card.sets and all(code in side_sets for code in card.sets):
            side_only[card.name] = side_only.get(card.name, 0) + 1
        else:
            named[2] += 1
    side = {name for name, named in by_name.items() if not named[2] and name in side_only}
    for name in side:
        by_name[name][2] = side_only[name]
    links = ruling_links([(ruling, card, text_digest(text)) for ruling, card, text in held.rulings], held.ruling_rules)
    # built of another release: the evidence names the rules of the vocabulary's, carried once to it (below)
    from kb.curated import vocabulary_release_rules

    reference = vocabulary_release_rules() if other_release else None
    release_rules = ([(rule.number, rule.text) for rule in reference] if reference else
                     [(item.number, item.content) for item in items if item.kind == "rule" and item.lang == "en"])
    keywords = with_cited_chapters(keyword_rules((default_vocabulary() if reference else vocabulary()).concepts),
                                   release_rules)
    tokens = token_rules(release_rules)
    carried = evidence_in_release(items, reference) if reference else None
    evidence = evidence_memo(keywords, tokens)
    table = named_cards(((name, list(dict.fromkeys(printed)), printings,
                          carried_evidence(evidence(name, card), carried),
                          links.get(name, {}), _layers(card))
                         for name, (card, printed, printings) in sorted(by_name.items())), side,
                        nicknames, [replace(card, evidence=carried_evidence(card.evidence, carried))
                                    for card in embedded_known_cards()] if carried else embedded_known_cards())
    table.subtypes = subtype_words(line for card, _printed, _printings in by_name.values()
                                   for line in (card.type, *(foreign[2] for foreign in card.foreign)))
    table.together, table.of_several = carried_together(carried)
    table.dependency = carried_rules(DEPENDENCY, carried)
    table.with_named = carried_pairs(WITH_NAMED, carried)
    return table


def add_rules_naming(table: CardTable, items: list[Item]) -> None:
    """Each card of ``table`` the release's English rules or their examples name (:func:`rules_naming`: Garth One-Eye,
    707.13) brings those rules too; the runs of capitalised words they write are kept for a card no card held names
    (:func:`capitalised_runs`: Magar of the Magic Strings, 707.14, newer than the card data)."""
    texts = tuple((item.number, item.content, item.kind == "example") for item in items
                  if item.kind in ("rule", "example") and item.lang == "en" and item.number)
    words_of_rules = frozenset(word for word, flags in table.flags.items() if flags & RULES)
    named = rules_naming({face for card in table.cards for face in card_names(card[0])}, texts, words_of_rules)
    for card in table.cards:
        brought = [entry for face in card_names(card[0]) for entry in named.get(face, ())]
        card[2] = card[2] + [entry for entry in brought if entry not in card[2]]
    table.rule_runs = [[rule, " ".join(name_keys(run)), reason] for rule, run, reason in capitalised_runs(texts)]


_EVIDENCE: dict[str, dict[tuple, list[list[str]]]] = {}  # per keyword and token rules: a card's evidence
EVIDENCE_RULE_SETS = 4  # releases whose evidence a process keeps (the tests build several, each many times)


def evidence_memo(keywords: dict[str, tuple[str, ...]], tokens: dict[str, str]) -> Callable[[str, object], list]:
    """:func:`~indexer.card_evidence.card_evidence` of a card ``(name, card)`` under these keyword and token rules,
    each card computed once per process: a translator's import rebuilds the index with the same cards and
    rules, and the evidence is a function of the card's English text and those rules alone."""
    rules_key = hashlib.sha256(json.dumps([sorted(keywords.items()), sorted(tokens.items())]).encode()).hexdigest()
    if rules_key not in _EVIDENCE and len(_EVIDENCE) >= EVIDENCE_RULE_SETS:
        _EVIDENCE.pop(next(iter(_EVIDENCE)))
    known = _EVIDENCE.setdefault(rules_key, {})

    def evidence(name: str, card) -> list[list[str]]:
        key = (name, card.type, card.text, tuple(card.keywords), card.mana_cost)
        found = known.get(key)
        if found is None:
            found = known[key] = card_evidence(card.type, card.text, card.keywords, card.mana_cost, keywords,
                                               name, tokens)
        return found
    return evidence


def _layers(card) -> list:
    """A card's type-changing effects and whether it is a nonbasic land (:func:`type_changes`), or ``[]``."""
    changes = type_changes(card.text)
    return [changes, nonbasic_land(card.type)] if changes else []


def evidence_in_release(items: list[Item], reference: list) -> dict[str, str | None]:
    """Each rule number of the ``reference`` release (the vocabulary's, for which
    :mod:`indexer.card_evidence` names its rules: 723 is Ending Turns and Phases there) → the number of the rule of
    the release built that holds its text (the same number, or the one rule holding it elsewhere: in
    2025-06-06, 723 is The Monarch), else None: never a rule that says something else."""
    from kb.curated import rule_digest, text_digest

    built = {item.number: text_digest(item.content) for item in items if item.kind == "rule" and item.lang == "en"}
    holders: dict[str, list[str]] = {}
    for number, digest in built.items():
        holders.setdefault(digest, []).append(number)
    carried: dict[str, str | None] = {}
    for rule in reference:
        digest = rule_digest(rule)
        found = holders.get(digest, [])
        carried[rule.number] = rule.number if built.get(rule.number) == digest else (
            found[0] if len(found) == 1 else None)
    return carried


def carried_evidence(evidence: list[list[str]], carried: dict[str, str | None] | None) -> list[list[str]]:
    """``evidence`` (``[rule, reason]``) with each rule carried (:func:`evidence_in_release`; None: as it is),
    those in no rule of the release built left out."""
    if carried is None:
        return evidence
    found = [[carried.get(rule), reason] for rule, reason in evidence]
    return [[rule, reason] for rule, reason in found if rule is not None]


def side_set_codes(kb: KnowledgeBase) -> set[str]:
    """The codes of the sets of no tournament card the knowledge base holds (MTGJSON set types
    :data:`~indexer.card_finder.SIDE_SET_TYPES`: playtest and un-sets, gold-bordered and art cards)."""
    codes = set()
    for page in kb.document_pages():
        rows = page.meta.get("sets") if isinstance(page.meta, dict) else None
        for row in rows if isinstance(rows, list) else ():
            if isinstance(row, dict) and row.get("type") in SIDE_SET_TYPES and isinstance(row.get("code"), str):
                codes.add(row["code"])
    return codes


def card_names(name: str) -> list[str]:
    """The names a card is found by exactly: its whole name and, for a card of several faces or halves
    (``Delver of Secrets // Insectile Aberration``, ``Fire // Ice``), each face's name."""
    faces = [face.strip() for face in name.split("//")] if "//" in name else []
    return list(dict.fromkeys([name, *(face for face in faces if face)]))


def link_aligned(items: list[Item]) -> None:
    """Give each item the ids of its counterparts in the other languages (first one per language)."""
    groups: dict[str, dict[str, str]] = {}
    for item in items:
        if item.group:
            groups.setdefault(item.group, {}).setdefault(item.lang, item.uid)
    for item in items:
        versions = groups.get(item.group) if item.group else None
        if versions:
            item.aligned = {lang: uid for lang, uid in versions.items() if lang != item.lang}


def name_rulings(items: list[Item]) -> None:
    """Give each ruling on a card the card's names in every language, for exact-name hits: a
    card's name finds the card, then its rulings (a ruling's card name is not text it holds)."""
    names: dict[str, list[str]] = {}
    for item in items:
        if item.kind == "card":
            names.setdefault(item.extra.get("english") or item.title, []).extend(item.names)
    for item in items:
        if item.kind == "ruling" and item.extra.get("card"):
            item.names = list(dict.fromkeys(names.get(item.extra["card"], [item.extra["card"]])))
