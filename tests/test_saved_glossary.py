"""The glossary and the vocabulary saved beside the search index (:mod:`kb.saved_glossary`,
:mod:`kb.vocabulary.saved`) read back the same as built, making only what a command reaches."""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest

from kb import saved_glossary
from kb.glossary import Glossary, define
from kb.saved_glossary import SavedGlossary, read_saved
from kb.store import KnowledgeBase
from kb.vocabulary import Vocabulary, default_table_path
from kb.vocabulary.saved import SAVED_NAME, read_saved as read_saved_vocabulary

QUERIES = ["deathtuch", "Lifelnk", "trampel", "zone publiqe", "votto", "exil", "contre", "tap", "xyzzyq", "pila",
           "zona", "legame vit"]


@pytest.fixture(scope="module")
def kb(product_kb: Path):
    with KnowledgeBase.open(product_kb) as opened:
        yield opened


def test_a_build_saves_its_whole_glossary_and_it_reads_back_equal(kb) -> None:
    built, saved = Glossary(kb), read_saved(kb)
    assert isinstance(saved, SavedGlossary)
    assert saved.entries == built.entries
    assert ({key: [e.order for e in entries] for key, entries in saved.by_key().items()}
            == {key: [e.order for e in entries] for key, entries in built.by_key().items()})


@pytest.mark.parametrize("query", QUERIES)
def test_define_finds_the_same_in_the_saved_glossary(kb, query: str) -> None:
    assert define(kb, query, whole=saved_glossary.saved_glossary) == define(kb, query)


def test_a_misspelling_makes_only_the_entries_it_reaches(kb) -> None:
    saved = read_saved(kb)
    found = saved.define("deathtuch")
    assert found.match == "fuzzy" and [e.term for e in found.entries] == ["Deathtouch"]
    assert len(saved._made) < len(saved._rows) / 10


def test_a_glossary_saved_otherwise_is_built_again(kb, monkeypatch) -> None:
    path = kb.index_dir / saved_glossary.SAVED_NAME
    header, rows, keys = marshal.loads(path.read_bytes())
    assert header == (saved_glossary.FORMAT, Path(default_table_path()).read_bytes())
    monkeypatch.setattr(saved_glossary, "FORMAT", saved_glossary.FORMAT + 1)
    assert read_saved(kb) is None
    whole = saved_glossary.saved_glossary(kb)
    assert type(whole) is Glossary and whole.entries == Glossary(kb).entries


def test_no_saved_glossary_builds_it(kb, monkeypatch) -> None:
    monkeypatch.setattr(saved_glossary, "SAVED_NAME", "no-such-file.marshal")
    assert read_saved(kb) is None and type(saved_glossary.saved_glossary(kb)) is Glossary


def test_the_saved_vocabulary_finds_the_same_making_only_what_it_reaches(kb) -> None:
    built = Vocabulary.load()
    saved = read_saved_vocabulary(kb.index_dir / SAVED_NAME)
    assert saved is not None
    assert saved.lookup("travolgere") == built.lookup("travolgere") and len(saved._made) < 5
    assert all(saved.matches(key) == built.matches(key) for key in built.keys())
    assert saved.by_rule("702.19") == built.by_rule("702.19") and saved.get("zone:exile") == built.get("zone:exile")
    wanted = {"trample", "exile"}
    assert (list(saved.with_english_name(lambda name: name.lower() in wanted))
            == [c for c in built.concepts if any(n.text.lower() in wanted for n in c.names if n.lang == "en")])
    assert saved.concepts == built.concepts and len(saved) == len(built)


def test_a_vocabulary_saved_in_another_format_is_not_read(tmp_path: Path) -> None:
    from kb.vocabulary.saved import _NAME_FIELDS

    older = tmp_path / "older.marshal"  # the layout before FORMAT 2: (table, fields), concepts, keys
    older.write_bytes(marshal.dumps(((Path(default_table_path()).read_bytes(), _NAME_FIELDS), (), ())))
    assert read_saved_vocabulary(older) is None
