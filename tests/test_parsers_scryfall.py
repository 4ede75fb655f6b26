"""The Scryfall rulings parser on hand-made fixtures in Scryfall's published layout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.errors import ParseError
from kb.parsers import FORMATS, detect_format
from kb.parsers.scryfall import parse, with_card_names
from kb.sources import read_source, source_from_bytes

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CARD_RULINGS = FIXTURES / "scryfall_card_rulings.json"
BULK = FIXTURES / "scryfall_rulings_bulk.json"


def objects(path: Path) -> list[dict]:
    payload = json.loads(path.read_text(encoding="utf-8"))
    return payload["data"] if isinstance(payload, dict) else payload


@pytest.mark.parametrize("path", [CARD_RULINGS, BULK], ids=["card-list", "bulk"])
def test_detected_as_scryfall_rulings(path: Path):
    assert detect_format(read_source(path)) is FORMATS["scryfall-rulings"]


def test_card_rulings_list():
    doc = parse(read_source(CARD_RULINGS))
    raw = objects(CARD_RULINGS)
    assert (doc.lang, doc.format) == ("en", "scryfall-rulings")
    assert [r.text for r in doc.rulings] == [o["comment"] for o in raw]
    assert {r.card for r in doc.rulings} == {f"oracle:{raw[0]['oracle_id']}"}
    assert [(r.source, r.provenance) for r in doc.rulings] == [
        (o["source"], "official" if o["source"] == "wotc" else "community") for o in raw]
    assert doc.effective_date == max(o["published_at"] for o in raw)
    assert doc.accounting.landed == doc.accounting.total == len(raw)
    assert doc.meta["by_source"] == {"wotc": 5, "scryfall": 1}


def test_bulk_file_accounts_for_every_object():
    doc = parse(read_source(BULK))
    raw = objects(BULK)
    acc = doc.accounting
    assert acc.total == len(raw) and acc.accounted == acc.total
    assert acc.boilerplate == {"duplicate ruling": 1}
    reasons = sorted(u.reason for u in acc.unparsed)
    assert reasons == ["not a ruling object (card)", "ruling without a comment"]
    assert [u.line for u in acc.unparsed] == [7, 8]  # positions in the array
    texts = [(r.card, r.date, r.text) for r in doc.rulings]
    assert len(texts) == len(set(texts)) == acc.landed
    assert doc.meta["cards"] == 2


def test_names_replace_oracle_ids():
    doc = parse(read_source(CARD_RULINGS))
    oracle_id = objects(CARD_RULINGS)[0]["oracle_id"]
    named = with_card_names(doc, {oracle_id: "Magister of Worth"})
    assert {r.card for r in named.rulings} == {"Magister of Worth"}
    untouched = with_card_names(doc, {"someone-else": "Opt"})
    assert untouched.rulings == doc.rulings


def test_a_name_in_the_object_is_used():
    obj = dict(objects(BULK)[0], name="Council's Judgment")
    doc = parse(source_from_bytes(json.dumps([obj]).encode(), "named.json"))
    assert doc.rulings[0].card == "Council's Judgment"


def test_has_more_is_warned():
    payload = json.loads(CARD_RULINGS.read_text(encoding="utf-8"))
    payload["has_more"] = True
    doc = parse(source_from_bytes(json.dumps(payload).encode(), "page1.json"))
    assert doc.meta["has_more"] and any("has_more" in w for w in doc.warnings)


def test_unknown_source_is_unparsed():
    obj = dict(objects(BULK)[0], source="forum")
    doc = parse(source_from_bytes(json.dumps([obj]).encode(), "odd.json"))
    assert not doc.rulings and "unknown ruling source" in doc.accounting.unparsed[0].reason


def test_truncated_json_names_line():
    data = CARD_RULINGS.read_bytes()
    cut = data[: data.index(b'"comment"', 400)]
    with pytest.raises(ParseError) as info:
        parse(source_from_bytes(cut, "cut.json"))
    assert info.value.line == cut.count(b"\n") + 1
    assert "truncated" in str(info.value)


def test_other_json_is_not_scryfall():
    for other in ({"object": "card", "name": "Opt", "oracle_id": "x"}, {"items": [1, 2]}, [1, 2, 3]):
        source = source_from_bytes(json.dumps(other).encode(), "other.json")
        assert FORMATS["scryfall-rulings"].detect(source) == 0.0
    with pytest.raises(ParseError):
        parse(source_from_bytes(b'{"object": "card", "name": "Opt"}', "card.json"))
