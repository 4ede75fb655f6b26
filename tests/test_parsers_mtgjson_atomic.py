"""The MTGJSON AtomicCards parser: on the committed excerpt (seven cards of the shared set files in
AtomicCards' layout), against the set-file parser on the same cards, and on damaged input."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.errors import SourceError
from kb.parsers import detect_format
from kb.parsers.mtgjson import merge_documents, parse as parse_set
from kb.parsers.mtgjson_atomic import parse
from kb.sources import read_source, source_from_bytes

from .conftest import FIXTURES, SHARED_CORPUS, require_shared

EXCERPT = FIXTURES / "mtgjson_atomic_excerpt.json"


def atomic(data: dict, meta: dict | None = None):
    payload = {"meta": meta or {"date": "2026-12-01", "version": "5.3.0"}, "data": data}
    return parse(source_from_bytes(json.dumps(payload).encode("utf-8"), "AtomicCards.json"))


def face(name: str, **fields) -> dict:
    return {"name": name, "type": "Instant", "text": f"{name} text.", "layout": "normal", **fields}


@pytest.fixture(scope="module")
def excerpt():
    return parse(read_source(EXCERPT))


def test_the_excerpt_is_recognised_as_atomiccards_and_a_set_file_is_not() -> None:
    assert detect_format(read_source(EXCERPT)).name == "mtgjson-atomic"
    assert detect_format(read_source(FIXTURES / "mtgjson_c21_excerpt.json")).name == "mtgjson"


def test_cards_rulings_and_printed_texts(excerpt) -> None:
    cards = {c.name: c for c in excerpt.cards}
    assert sorted(cards) == ["Brainstorm", "Council's Judgment", "Incubation // Incongruity", "Krosan Grip",
                             "Magister of Worth", "Mana Crypt", "Swords to Plowshares"]
    magister = cards["Magister of Worth"]
    assert (magister.type, magister.mana_cost, magister.power, magister.toughness) == \
        ("Creature — Angel", "{4}{W}{B}", "4", "4")
    assert magister.keywords == ("Flying", "Will of the council")
    assert magister.sets == ("C21", "CNS", "PCNS", "PRM", "VMA")  # MTGJSON's printings, in its order
    assert [(lang, name) for lang, name, _, _ in magister.foreign] == \
        [("fr", "Magister de la valeur"), ("it", "Magister dei Meritevoli")]
    split = cards["Incubation // Incongruity"]
    assert (split.type, split.mana_cost) == ("Sorcery // Instant", "{G/U} // {1}{G}{U}")
    assert split.text.startswith("Look at the top five cards") and "\n//\nExile target creature." in split.text
    assert len([r for r in excerpt.rulings if r.card == "Magister of Worth"]) == 5
    assert len([r for r in excerpt.rulings if r.card == split.name]) == 1  # each face repeats it: kept once
    assert (excerpt.title, excerpt.effective_date, excerpt.id) == ("MTGJSON AtomicCards", "2022-04-25",
                                                                   "mtgjson_atomic_excerpt")


def test_legalities_keep_the_banned_and_restricted_cards_of_each_format(excerpt) -> None:
    legalities = excerpt.meta["legalities"]
    assert legalities["restricted"] == {"vintage": ["Brainstorm", "Mana Crypt"]}
    assert legalities["banned"]["legacy"] == ["Mana Crypt"]
    assert legalities["banned"]["historic"] == ["Brainstorm", "Swords to Plowshares"]
    assert legalities["entries"] == {"Legal": 43, "Banned": 5, "Restricted": 2}


def test_the_same_cards_and_rulings_as_the_set_file_parser_gives() -> None:
    """The excerpt's cards were taken from the shared set files: both parsers must read them alike."""
    folder = require_shared(SHARED_CORPUS / "mtgjson")
    sets = merge_documents(parse_set(read_source(folder / f"{code}.json")) for code in ("2XM", "C21", "CN2", "CNS", "VOC"))
    by_name = {c.name: c for c in sets.cards}
    atomic_doc = parse(read_source(EXCERPT))
    for card in atomic_doc.cards:
        printed = by_name[card.name]
        fields = ("type", "text", "mana_cost", "power", "toughness", "loyalty", "defense")
        assert [getattr(card, f) for f in fields] == [getattr(printed, f) for f in fields], card.name
        assert set(card.keywords) <= set(printed.keywords), card.name
        assert set(card.foreign) <= set(printed.foreign), card.name
        assert {(r.date, r.text) for r in atomic_doc.rulings if r.card == card.name} == \
            {(r.date, r.text) for r in sets.rulings if r.card == card.name}, card.name


def test_variants_named_alike_read_the_first_with_a_warning() -> None:
    doc = atomic({"Everythingamajig": [face("Everythingamajig", text="First."), face("Everythingamajig", text="Second.")],
                  "Fire // Ice": [face("Fire // Ice", faceName="Fire", side="a", text="Fire."),
                                  face("Fire // Ice", faceName="Ice", side="b", text="Ice.")]})
    assert [(c.name, c.text) for c in doc.cards] == [("Everythingamajig", "First."), ("Fire // Ice", "Fire.\n//\nIce.")]
    assert doc.accounting.boilerplate == {"variant named alike": 1} and doc.accounting.landed == 3
    assert doc.warnings == ('AtomicCards.json: data["Everythingamajig"]: 2 cards named alike (MTGJSON\'s variants '
                            "of one name): only the first is read",)


def test_damaged_entries_are_unparsed_or_warned_never_dropped_silently() -> None:
    doc = atomic({"Not A List": {"name": "Not A List"},
                  "Half Broken": [face("Half Broken", printings="C21", legalities=["legacy"]), 42], "Nothing": []})
    assert [c.name for c in doc.cards] == ["Half Broken"] and doc.cards[0].sets == ()
    assert [(u.reason, u.line) for u in doc.accounting.unparsed] == \
        [("not a list of card faces", 1), ("Half Broken: card face is not an object", 3)]
    assert doc.warnings == (
        'AtomicCards.json: data["Not A List"]: an object, not a list of card faces: card left out (in the report of '
        "unparsed entries)",
        'AtomicCards.json: data["Half Broken"][1]: a number (42), not a card face object: left out (in the report of '
        "unparsed entries)",
        "AtomicCards.json: data[\"Half Broken\"][0].printings: a string, not a list of set codes: only its strings read",
        'AtomicCards.json: data["Half Broken"][0].legalities: a list, not an object: no legality read',
        'AtomicCards.json: data["Nothing"]: an empty list: no card face to read')


def test_a_file_without_a_data_map_is_a_one_line_error() -> None:
    with pytest.raises(SourceError, match=r'^AtomicCards.json:1: not an MTGJSON AtomicCards file: no "data" object'):
        parse(source_from_bytes(b'{"meta": {}, "data": [1, 2]}', "AtomicCards.json"))


def test_an_xz_file_is_read_as_its_content_and_built(tmp_path: Path, kb_cache) -> None:
    packed = tmp_path / "AtomicCards.json.xz"
    packed.write_bytes(lzma.compress(EXCERPT.read_bytes()))
    source = read_source(packed)
    assert (source.id, source.data) == ("AtomicCards", EXCERPT.read_bytes())
    kb_dir = kb_cache.copy([FIXTURES / "cr_defects" / "clean.txt"], tmp_path / "kb")
    built = CliRunner().invoke(main, ["build", "--kb", str(kb_dir), "--add", str(packed)])
    assert built.exit_code == 0, built.output
    assert f"{packed}: mtgjson-atomic [en 2022-04-25, official]: 22 rulings, 7 cards; 8 of 8 card entries read" \
        in built.stdout.splitlines()


@pytest.mark.parametrize("damage, message", [
    (lambda packed: packed[: len(packed) // 2], "the xz file ends before its data does (truncated?): not read"),
    (lambda packed: packed[:12] + bytes(b ^ 0x55 for b in packed[12:40]) + packed[40:], "a damaged xz file ("),
    (lambda packed: packed + b"more", "4 bytes after the end of the xz data: not read"),
])
def test_a_damaged_xz_file_is_one_line_naming_it(tmp_path: Path, damage, message) -> None:
    packed = tmp_path / "AtomicCards.json.xz"
    packed.write_bytes(damage(lzma.compress(EXCERPT.read_bytes())))
    with pytest.raises(SourceError) as caught:
        read_source(packed)
    assert str(caught.value).startswith(f"{packed}: {message}")


def test_an_xz_file_unpacking_past_the_limit_is_refused(tmp_path: Path) -> None:
    packed = tmp_path / "big.json.xz"
    packed.write_bytes(lzma.compress(b" " * 100_000))
    with pytest.raises(SourceError, match=r"the xz file unpacks to more than 50,000 bytes: not a source mtgkb reads"):
        read_source(packed, max_bytes=50_000)
