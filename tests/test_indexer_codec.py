"""The codec the index is written with (indexer.codec): whoosh's own, minus a cost of its writers."""

from __future__ import annotations


def test_the_writing_codec_writes_the_postings_and_statistics_whoosh_s_own_does(search_kb, tmp_path, monkeypatch) -> None:
    """indexer.codec reads field lengths its own way while writing: every term's postings and
    statistics (the shortest and longest document among them) are those of whoosh's own codec."""
    from whoosh.codec.whoosh3 import W3Codec

    from indexer import build
    from indexer.storage import open_index

    items = build.collect_items(search_kb)[::7]
    build.write_index(tmp_path / "ours", items)
    monkeypatch.setattr(build, "WritingCodec", W3Codec)
    build.write_index(tmp_path / "theirs", items)
    ours, theirs = (open_index(tmp_path / name).reader() for name in ("ours", "theirs"))
    assert list(ours.all_terms()) == list(theirs.all_terms())
    for fieldname, term in theirs.all_terms():
        a, b = ours.term_info(fieldname, term), theirs.term_info(fieldname, term)
        assert (a.weight(), a.doc_frequency(), a.min_length(), a.max_length(), a.max_weight()) == \
               (b.weight(), b.doc_frequency(), b.min_length(), b.max_length(), b.max_weight()), (fieldname, term)
        assert list(ours.postings(fieldname, term).items_as("weight")) == \
               list(theirs.postings(fieldname, term).items_as("weight"))
    assert [s.codec().__class__ for s in open_index(tmp_path / "ours")._segments()] == [W3Codec]
