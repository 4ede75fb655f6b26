"""Reading the index fast: bounded windows of rulings and card texts, the index opened from its
memory map, the nearest words of a misspelt one, the protected forms saved with the index.

On the knowledge base of ``search_kb`` (tests/conftest.py), and on small indexes made here."""

from __future__ import annotations

import pytest
from whoosh import index as whoosh_index
from whoosh import query as Q

from indexer.build import Item, index_order
from indexer.schema import build_schema
from indexer.searcher import open_searcher
from indexer.spelling import Spelling
from indexer.storage import BufferStream, open_index
from indexer.windows import Denials, WindowCollector, Windows


def _run(searcher, query, bound: int, limit: int = 10) -> tuple[list[int], WindowCollector]:
    collector = WindowCollector(limit, searcher.windows, bound)
    searcher.searcher.search_with_collector(query, collector)
    return [docnum for _, docnum in collector.results().top_n], collector


def test_index_holds_the_other_kinds_then_rulings_then_cards_shortest_first(search_kb) -> None:
    searcher = open_searcher(search_kb)
    for sub, offset in searcher.searcher.leaf_searchers():
        (_, rulings, _), (r_start, r_end, _), (c_start, c_end, _) = searcher.windows.of(offset)
        reader = sub.reader()
        kinds = [reader.stored_fields(n)["kind"] for n in range(reader.doc_count_all())]
        assert set(kinds[:r_start]) <= {"rule", "example", "term", "page"}
        assert set(kinds[r_start:r_end]) == {"ruling"} and set(kinds[c_start:c_end]) == {"card"}
        lengths = [len(reader.stored_fields(n)["content"]) for n in range(r_start, r_end)]
        assert lengths == sorted(lengths)


def test_a_word_in_more_rulings_than_the_bound_reads_only_the_bound(search_kb) -> None:
    searcher = open_searcher(search_kb)
    query = Q.Term("text_en", "creatur")
    found, collector = _run(searcher, query, bound=5)
    assert collector.bounded and found
    rulings = [n for n in found if searcher.searcher.stored_fields(n)["kind"] == "ruling"]
    assert len(rulings) <= 5 + len(searcher.windows._by_offset)  # each segment rounds its share up
    whole, collector = _run(searcher, query, bound=10 ** 6)
    assert not collector.bounded
    assert whole == [n for _, n in searcher.searcher.search(query, limit=10).top_n]  # exact when unbounded


def test_documents_denied_are_read_as_a_query_excluding_them_reads(search_kb) -> None:
    """A text query's exclusions (words typed with '-', another concept's rules) read once as a
    set of documents give the hits ANDNOT gave, bounded windows included."""
    searcher = open_searcher(search_kb)
    query, excluded = Q.Term("text_en", "creatur"), Q.Term("kind", "rule")
    deny = searcher.searcher._query_to_comb(excluded)
    collector = WindowCollector(10, searcher.windows, 5, deny=deny)
    searcher.searcher.search_with_collector(query, collector)
    denied = [docnum for _, docnum in collector.results().top_n]
    assert denied == _run(searcher, Q.AndNot(query, excluded), bound=5)[0]
    assert denied and not set(denied) & set(deny) and set(denied) != set(_run(searcher, query, bound=5)[0])


def test_an_index_not_in_window_order_is_read_whole(tmp_path) -> None:
    ix = whoosh_index.create_in(str(tmp_path), build_schema())
    with ix.writer() as writer:
        for kind, uid in (("card", "card/en/A"), ("ruling", "ruling/en/A/1"), ("rule", "rule/en/100.1")):
            writer.add_document(**Item(uid=uid, kind=kind, lang="en", doc="d", content="a creature").fields())
    with ix.searcher() as searcher:
        assert Windows(searcher).of(0) == [(0, 3, None)]


def test_index_order_keeps_other_kinds_first_then_shortest_rulings_and_cards() -> None:
    items = [Item(uid=u, kind=k, lang="en", doc="d", content=c) for u, k, c in (
        ("card/en/B", "card", "long card text"), ("ruling/en/x/1", "ruling", "a long ruling"),
        ("rule/en/100.1", "rule", "zzz"), ("ruling/en/y/2", "ruling", "short"), ("card/en/A", "card", "tiny"))]
    assert [i.uid for i in index_order(items)] == [
        "rule/en/100.1", "ruling/en/y/2", "ruling/en/x/1", "card/en/A", "card/en/B"]


def test_the_index_opened_from_the_memory_map_answers_as_whoosh_does(search_kb) -> None:
    query = Q.Term("text_en", "trampl")
    ours = open_index(search_kb.index_dir)
    with ours.searcher() as a, whoosh_index.open_dir(str(search_kb.index_dir)).searcher() as b:
        assert [h["uid"] for h in a.search(query, limit=20)] == [h["uid"] for h in b.search(query, limit=20)]


def test_buffer_stream_reads_lines_and_seeks_without_copying() -> None:
    stream = BufferStream(memoryview(b"first\nsecond\nlast"))
    assert stream.readline() == b"first\n" and stream.tell() == 6
    assert stream.read(3) == b"sec" and stream.seek(-4, 2) == 13 and stream.read() == b"last"
    assert stream.seek(0) == 0 and list(stream) == [b"first\n", b"second\n", b"last"]


def test_pickles_are_read_from_a_buffer_stream_in_one_peek_each_up_to_where_they_end() -> None:
    import pickle

    # protocol 2, unframed, as whoosh writes a posting block's header; two longer than a peek
    values = [(128, 5, 1.0, None, 3, 9), list(range(400)), "x" * 1000, {"a": 1}]
    stream = BufferStream(memoryview(b"".join(pickle.dumps(v, protocol=2) for v in values) + b"end"))
    reads = []
    original = stream.read
    stream.read = lambda size=-1: reads.append(size) or original(size)
    assert [pickle.load(stream) for _ in values] == values
    assert stream.read() == b"end"
    assert len(reads) <= 2 * len(values) + 8  # without peek: a read per opcode (over 400 for the list)
    assert stream.peek(4) == b"" and stream.tell() == len(stream._buf)


@pytest.mark.parametrize("word, distance", [("batlefield", 2), ("abstian", 2), ("votting", 2), ("creatur", 1)])
def test_nearest_words_are_those_whoosh_finds(search_kb, word: str, distance: int) -> None:
    """The same words as whoosh's Damerau-Levenshtein distance (what its terms_within reads) finds."""
    from whoosh.support.levenshtein import distance as whoosh_distance

    words = open_searcher(search_kb).words
    theirs = {w for w in words.starting(word[0]) if w != word and whoosh_distance(w, word, limit=distance) <= distance}
    ranked = sorted(theirs, key=lambda w: (-words.frequency(w), w))
    assert Spelling(words).within(word, distance, 5) == ranked[:5]


def test_the_protected_forms_are_saved_with_the_index(search_kb) -> None:
    import json

    from indexer.vocab import FORMS_FILE, protected_forms

    saved = json.loads((search_kb.index_dir / FORMS_FILE).read_text(encoding="utf-8"))
    assert saved == {lang: protected_forms(lang) for lang in ("en", "it", "fr")}
    assert saved["it"]["mano"] == "mano" and saved["en"]["planeswalk"] == "planeswalk"


def test_the_collector_calls_its_check_while_reading_and_stops_when_it_raises(search_kb) -> None:
    searcher = open_searcher(search_kb)
    query = Q.Or([Q.Term("kind", kind) for kind in ("rule", "ruling", "card")])
    calls = []

    def check() -> None:
        calls.append(1)
        if len(calls) == 5:
            raise TimeoutError("budget")

    with pytest.raises(TimeoutError):
        searcher.searcher.search_with_collector(query, WindowCollector(10, searcher.windows, 400, check=check))
    assert len(calls) == 5


def test_only_our_index_reads_its_compound_parts_from_the_memory_map(search_kb) -> None:
    from whoosh.filedb import compound, structfile

    from indexer.storage import MappedBufferFile, MappedSegment

    ix = open_index(search_kb.index_dir)
    with ix.searcher() as searcher:
        assert searcher.doc_count() > 0
    assert compound.BufferFile is structfile.BufferFile  # whoosh itself is left as it is
    segment = next(s for s in ix._read_toc().segments if s.is_compound())
    parts = MappedSegment(segment).open_compound_file(ix.storage)
    try:
        assert isinstance(parts.open_file(parts.list()[0]), MappedBufferFile)
    finally:
        parts.close()


def test_what_a_query_leaves_out_is_the_union_of_its_parts_each_read_once(search_kb, monkeypatch) -> None:
    searcher = open_searcher(search_kb).searcher
    parts = [Q.Term("concepts", "keyword-ability:trample"), Q.Prefix("numkey", "77020019")]
    expected = frozenset(searcher.docs_for_query(Q.Or(parts)))
    assert expected
    denials, reads = Denials(searcher), []
    real = searcher.docs_for_query
    monkeypatch.setattr(searcher, "docs_for_query", lambda q: reads.append(q) or real(q))
    assert denials.of(Q.Or(parts)) == expected
    assert denials.of(Q.Or(parts[1:])) == frozenset(real(parts[1]))
    assert reads == parts  # the second query's part was read by the first
