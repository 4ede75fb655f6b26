"""The MTGJSON parser on the shared real set files (CNS, CN2, C21, VOC, 2XM)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb import store
from kb.errors import ParseError
from kb.parsers import FORMATS, detect_format
from kb.parsers.mtgjson import FACE_TEXT_SEPARATOR, merge_documents, parse
from kb.sources import read_source, source_from_bytes


@pytest.fixture(scope="module")
def mtgjson_dir(shared_corpus: Path) -> Path:
    return shared_corpus / "mtgjson"


@pytest.fixture(scope="module")
def docs(mtgjson_dir: Path) -> dict:
    return {code: parse(read_source(mtgjson_dir / f"{code}.json")) for code in ("CNS", "CN2", "C21", "VOC", "2XM")}


def raw_cards(path: Path) -> list[dict]:
    return json.loads(path.read_bytes())["data"]["cards"]


def card(doc, name):
    found = [c for c in doc.cards if c.name == name]
    assert len(found) == 1, f"{name}: {len(found)} cards"
    return found[0]


def rulings_of(doc, name):
    return [r for r in doc.rulings if r.card == name]


def test_set_files_are_detected_as_mtgjson(mtgjson_dir: Path):
    for path in sorted(mtgjson_dir.glob("*.json")):
        assert detect_format(read_source(path)) is FORMATS["mtgjson"], path.name


def test_document_identity_and_counts(docs, mtgjson_dir: Path):
    doc = docs["CNS"]
    raw = json.loads((mtgjson_dir / "CNS.json").read_bytes())
    assert (doc.lang, doc.format, doc.provenance) == ("en", "mtgjson", "official")
    assert doc.effective_date == raw["meta"]["date"]
    assert doc.meta["sets"][0]["code"] == "CNS"
    assert doc.meta["printings"] == len(raw["data"]["cards"])
    assert doc.meta["ruling_entries"] == sum(len(c["rulings"]) for c in raw["data"]["cards"])


def test_every_card_entry_is_accounted(docs, mtgjson_dir: Path):
    for code, doc in docs.items():
        raw = json.loads((mtgjson_dir / f"{code}.json").read_bytes())["data"]
        acc = doc.accounting
        assert acc.total == len(raw["cards"]) + len(raw["tokens"])
        assert acc.landed == len(raw["cards"])
        assert acc.boilerplate == {"token": len(raw["tokens"])}
        assert acc.accounted == acc.total and not acc.unparsed


def test_magister_of_worth_rulings_once_with_italian_and_french_names(docs):
    # CNS has the card without translations, C21 with Italian and French.
    merged = merge_documents([docs["CNS"], docs["C21"]])
    magister = card(merged, "Magister of Worth")
    rulings = rulings_of(merged, "Magister of Worth")
    assert len(rulings) == 5 == len({r.text for r in rulings})
    assert {r.date for r in rulings} == {"2014-05-29"}
    assert all((r.lang, r.source, r.provenance) == ("en", "wotc", "official") for r in rulings)
    names = {lang: name for lang, name, _type, _text in magister.foreign}
    assert names == {"it": "Magister dei Meritevoli", "fr": "Magister de la valeur"}
    italian_text = next(text for lang, _n, _t, text in magister.foreign if lang == "it")
    assert "vota grazia o condanna" in italian_text
    assert magister.sets == ("C21", "CNS")  # newest release first


def test_councils_judgment_rulings_match_the_file(docs, mtgjson_dir: Path):
    raw = next(c for c in raw_cards(mtgjson_dir / "CNS.json") if c["name"] == "Council's Judgment")
    rulings = rulings_of(docs["CNS"], "Council's Judgment")
    assert [(r.date, r.text) for r in rulings] == [(r["date"], r["text"]) for r in raw["rulings"]]
    assert any("vote" in r.text for r in rulings)


def test_councils_judgment_twice_in_2xm_is_one_card(docs, mtgjson_dir: Path):
    printings = [c for c in raw_cards(mtgjson_dir / "2XM.json") if c["name"] == "Council's Judgment"]
    assert len(printings) == 2
    judgment = card(docs["2XM"], "Council's Judgment")
    assert len(rulings_of(docs["2XM"], "Council's Judgment")) == len(printings[0]["rulings"])
    assert [lang for lang, *_ in judgment.foreign] == ["fr"]


def test_cards_in_cns_and_cn2_are_merged_once(docs, mtgjson_dir: Path):
    shared_names = ({c["name"] for c in raw_cards(mtgjson_dir / "CNS.json")}
                    & {c["name"] for c in raw_cards(mtgjson_dir / "CN2.json")})
    assert shared_names, "CNS and CN2 share reprints"
    merged = merge_documents([docs["CNS"], docs["CN2"]])
    names = [c.name for c in merged.cards]
    assert len(names) == len(set(names))
    for name in shared_names:
        assert set(card(merged, name).sets) == {"CNS", "CN2"}
        separate = {(r.date, r.text) for r in rulings_of(docs["CNS"], name) + rulings_of(docs["CN2"], name)}
        merged_rulings = [(r.date, r.text) for r in rulings_of(merged, name)]
        assert sorted(merged_rulings) == sorted(separate)
    assert merged.meta["printings"] == docs["CNS"].meta["printings"] + docs["CN2"].meta["printings"]
    assert merged.accounting.accounted == merged.accounting.total


def test_rulings_are_unique_per_card_date_text(docs):
    for doc in docs.values():
        keys = [(r.card, r.date, r.text) for r in doc.rulings]
        assert len(keys) == len(set(keys))


def test_italian_and_french_names_from_c21_and_voc(docs, mtgjson_dir: Path):
    for code in ("C21", "VOC"):
        for raw in raw_cards(mtgjson_dir / f"{code}.json"):
            if raw.get("side"):
                continue
            foreign = {f["language"]: f for f in raw["foreignData"]}
            kept = card(docs[code], raw["name"]).foreign
            for language, lang in (("Italian", "it"), ("French", "fr")):
                if language in foreign:
                    entry = foreign[language]
                    assert (lang, entry["name"], entry.get("type", ""), entry.get("text", "")) in kept


def test_split_card_faces_are_joined(docs, mtgjson_dir: Path):
    faces = [c for c in raw_cards(mtgjson_dir / "C21.json") if c.get("side")]
    assert faces, "C21 has a split card"
    name = faces[0]["name"]
    joined = card(docs["C21"], name)
    ordered = sorted((c for c in faces if c["name"] == name), key=lambda c: c["side"])
    assert joined.text == FACE_TEXT_SEPARATOR.join(c["text"] for c in ordered[:2])
    assert joined.type == " // ".join(c["type"] for c in ordered[:2])


def test_all_printings_layout(mtgjson_dir: Path, tmp_path: Path):
    sets = {code: json.loads((mtgjson_dir / f"{code}.json").read_bytes()) for code in ("CNS", "C21")}
    bundle = {"meta": sets["CNS"]["meta"], "data": {code: s["data"] for code, s in sets.items()}}
    path = tmp_path / "AllPrintings.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    source = read_source(path)
    assert detect_format(source) is FORMATS["mtgjson"]
    doc = parse(source)
    assert [row["code"] for row in doc.meta["sets"]] == ["C21", "CNS"]
    magister = card(doc, "Magister of Worth")
    assert magister.sets == ("C21", "CNS") and len(rulings_of(doc, "Magister of Worth")) == 5
    assert ("it", "Magister dei Meritevoli") in {(lang, name) for lang, name, *_ in magister.foreign}


def test_truncated_json_names_file_and_line(mtgjson_dir: Path):
    data = (mtgjson_dir / "CN2.json").read_bytes()
    pretty = json.dumps(json.loads(data), indent=1).encode()
    cut = pretty[: len(pretty) // 2]
    with pytest.raises(ParseError) as info:
        parse(source_from_bytes(cut, "CN2-cut.json"))
    error = info.value
    assert error.line == cut.count(b"\n") + 1
    assert str(error).startswith(f"CN2-cut.json:{error.line}: ") and "truncated" in str(error)
    assert "\n" not in str(error)


def hand_made_set(code: str, release: str, cards: list[dict]) -> bytes:
    return json.dumps({"meta": {"date": "2022-04-25", "version": "5.2.0"},
                       "data": {"baseSetSize": len(cards), "code": code, "name": f"Test {code}",
                                "releaseDate": release, "cards": cards, "tokens": []}}).encode()


def opt(italian_text: str, rulings: list[dict] = ()) -> dict:
    return {"name": "Opt", "type": "Instant", "text": "Scry 1.\nDraw a card.", "rulings": list(rulings),
            "foreignData": [{"language": "Italian", "name": "Opzione", "type": "Istantaneo",
                             "text": italian_text}]}


def test_card_without_name_is_unparsed_with_reason():
    cards = [opt("Profetizza 1.\nPesca una carta."), {"type": "Instant", "text": "No name here."}]
    doc = parse(source_from_bytes(hand_made_set("TST", "2022-01-01", cards), "TST.json"))
    assert [c.name for c in doc.cards] == ["Opt"]
    (unparsed,) = doc.accounting.unparsed
    assert unparsed.line == 2 and "no name" in unparsed.reason
    assert doc.accounting.accounted == doc.accounting.total == 2


def test_ruling_without_text_is_reported_not_kept():
    rulings = [{"date": "2021-04-16", "text": ""}, {"date": "2021-04-16", "text": "You scry before you draw."}]
    doc = parse(source_from_bytes(hand_made_set("TST", "2022-01-01", [opt("x", rulings), opt("x", rulings)]),
                                  "TST.json"))
    assert [r.text for r in doc.rulings] == ["You scry before you draw."]
    assert doc.meta["rulings_ignored"] == [{"card": "Opt", "date": "2021-04-16", "text": ""}]
    assert len(doc.warnings) == 1 and "ruling without text" in doc.warnings[0]


def test_newest_wording_comes_first_whatever_the_merge_order():
    old = parse(source_from_bytes(hand_made_set("OLD", "2010-01-01", [opt("Vecchio testo.")]), "OLD.json"))
    new = parse(source_from_bytes(hand_made_set("NEW", "2020-01-01", [opt("Testo nuovo.")]), "NEW.json"))
    for order in ([old, new], [new, old]):
        merged = merge_documents(order)
        (card_,) = merged.cards
        assert [text for _l, _n, _t, text in card_.foreign] == ["Testo nuovo.", "Vecchio testo."]
        assert card_.sets == ("NEW", "OLD")


def test_json_that_is_not_mtgjson_is_not_detected():
    other = {"meta": {"version": "1.0"}, "data": {"users": [{"name": "a"}], "count": 1}}
    source = source_from_bytes(json.dumps(other).encode(), "other.json")
    assert FORMATS["mtgjson"].detect(source) == 0.0
    with pytest.raises(ParseError):
        parse(source)


def test_mana_cost_characteristics_and_keywords_are_kept(docs):
    titan = card(docs["C21"], "Sun Titan")
    assert (titan.mana_cost, titan.power, titan.toughness, titan.loyalty) == ("{4}{W}{W}", "6", "6", "")
    assert titan.keywords == ("Vigilance",) and titan.text.startswith("Vigilance\nWhenever Sun Titan")
    gideon = card(docs["C21"], "Gideon, Champion of Justice")
    assert (gideon.mana_cost, gideon.loyalty, gideon.power) == ("{2}{W}{W}", "4", "")
    split = card(docs["C21"], "Incubation // Incongruity")
    assert split.mana_cost == "{G/U} // {1}{G}{U}" and split.power == ""


def test_a_face_without_power_keeps_its_place(tmp_path: Path):
    faces = [{"name": "Front // Back", "faceName": n, "side": side, "type": t, "text": "", "manaCost": cost,
              "power": p, "toughness": p, "keywords": kw, "uuid": side, "otherFaceIds": ["b" if side == "a" else "a"]}
             for n, side, t, cost, p, kw in (("Front", "a", "Sorcery", "{1}", None, ["Scry"]),
                                            ("Back", "b", "Creature", "", "4", ["Trample", "Scry"]))]
    doc = parse(source_from_bytes(hand_made_set("TST", "2022-01-01", faces), "TST.json"))
    (joined,) = doc.cards
    assert (joined.mana_cost, joined.power, joined.toughness) == ("{1}", " // 4", " // 4")
    assert joined.keywords == ("Scry", "Trample")
    build = store.stage(tmp_path)  # the store keeps them
    store.write_documents(build, [doc])
    store.publish(tmp_path, build)
    with store.KnowledgeBase.open(tmp_path) as kb:
        assert kb.cards_named("Front // Back")[0].card == joined


def test_records_of_the_wrong_type_are_warnings_naming_file_and_json_path():
    bad_text = {**opt("Profetizza 1."), "text": 42, "keywords": "Scry",
                "rulings": [{"date": "2021-04-16", "text": 3}, {"date": "2021-04-16", "text": "You scry first."}]}
    bad_foreign = {**opt("x"), "name": "Shock", "foreignData": [{"language": "Italian", "name": "Shock", "text": 5}, 7]}
    cards = [bad_text, {**opt("x"), "name": ["Opt"]}, "a card?", bad_foreign]
    doc = parse(source_from_bytes(hand_made_set("TST", "2022-01-01", cards), "TST.json"))
    assert doc.warnings == (
        "TST.json: data.cards[0].text: a number (42), not a string: read as empty",
        "TST.json: data.cards[1].name: a list, not a string: card left out (in the report of unparsed entries)",
        "TST.json: data.cards[2]: a string, not a card object: left out (in the report of unparsed entries)",
        "TST.json: data.cards[0].keywords: a string, not a list of strings: only its strings read",
        "TST.json: data.cards[0].rulings[0]: text is a number (3), not a string: ruling of Opt left out",
        "TST.json: data.cards[3].foreignData[0].text: a number (5), not a string: read as empty",
        "TST.json: data.cards[3].foreignData[1]: a number (7), not an object: left out",
    )
    assert [c.name for c in doc.cards] == ["Opt", "Shock"] and [r.text for r in doc.rulings] == ["You scry first."]
    assert [u.line for u in doc.accounting.unparsed] == [2, 3]


def test_all_printings_paths_name_the_set(tmp_path: Path):
    payload = {"meta": {"version": "5.2.0"}, "data": {"AAA": {"code": "AAA", "releaseDate": "2020-01-01",
                                                             "cards": [{**opt("x"), "type": ["Instant"]}]}}}
    doc = parse(source_from_bytes(json.dumps(payload).encode(), "AllPrintings.json"))
    assert doc.warnings == ("AllPrintings.json: data.AAA.cards[0].type: a list, not a string: read as empty",)


def test_a_repeated_key_is_a_warning():
    """Issue 34 point 19: a second "rulings" dropped the first without a word."""
    data = hand_made_set("TST", "2022-01-01", [opt("x", [{"date": "2021-04-16", "text": "First ruling."}])])
    second = b'"rulings": [{"date": "2021-04-17", "text": "Second ruling."}], "rulings":'
    doubled = data.replace(b'"rulings":', second, 1)
    assert doubled != data
    doc = parse(source_from_bytes(doubled, "TST.json"))
    assert [r.text for r in doc.rulings] == ["First ruling."]  # the last value is read, as JSON readers do
    assert any("TST.json:1: MTGJSON: key 'rulings' repeated in 1 JSON object(s)" in w for w in doc.warnings), \
        doc.warnings
    assert not parse(source_from_bytes(data, "TST.json")).warnings


def test_records_per_card_are_capped_with_a_warning(monkeypatch):
    """Issue 34 point 21: one card with 1,000,000 rulings built for 208 s at 2.2 GB."""
    import kb.parsers.mtgjson as mtgjson

    monkeypatch.setattr(mtgjson, "MAX_RULINGS_PER_CARD", 5)
    monkeypatch.setattr(mtgjson, "MAX_TRANSLATIONS_PER_FACE", 3)
    rulings = [{"date": "2021-04-16", "text": f"Ruling number {i}."} for i in range(12)]
    card = opt("Profetizza 1.", rulings)
    card["foreignData"] = [{"language": "German", "name": f"Name {i}"} for i in range(4)] + card["foreignData"]
    doc = parse(source_from_bytes(hand_made_set("TST", "2022-01-01", [card]), "TST.json"))
    assert [r.text for r in doc.rulings] == [f"Ruling number {i}." for i in range(5)]
    assert any("12 rulings of Opt: only the first 5 read, 7 left out" in w for w in doc.warnings), doc.warnings
    assert any("5 translations of Opt: only the first 3 read, 2 left out" in w for w in doc.warnings), doc.warnings


def test_a_reversible_printing_of_one_card_is_that_card(tmp_path: Path):
    """Secret Lair prints Propaganda as a reversible card, ``Propaganda // Propaganda`` (two faces, the same card):
    the nineteenth session's cold trial saw its rulings shown under that name, as if it were a split card."""
    text = "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you."
    ruling = [{"date": "2004-10-04", "text": "This checks on declare attackers."}]
    faces = [{"name": "Propaganda // Propaganda", "faceName": "Propaganda", "side": side, "type": "Enchantment",
              "text": text, "manaCost": "{2}{U}", "uuid": side, "otherFaceIds": ["b" if side == "a" else "a"],
              "rulings": ruling} for side in ("a", "b")]
    lair = parse(source_from_bytes(hand_made_set("SLD", "2021-01-01", faces), "SLD.json"))
    plain = parse(source_from_bytes(hand_made_set("TMP", "1997-10-14", [
        {"name": "Propaganda", "type": "Enchantment", "text": text, "manaCost": "{2}{U}", "rulings": ruling}]),
        "TMP.json"))
    (card_,) = merge_documents([lair, plain]).cards
    assert (card_.name, card_.text, card_.mana_cost, card_.sets) == ("Propaganda", text, "{2}{U}", ("SLD", "TMP"))
    assert [r.card for r in merge_documents([lair, plain]).rulings] == ["Propaganda"]
    two_faced = [dict(face, name="Front // Back", faceName=name) for face, name in zip(faces, ("Front", "Back"))]
    assert [c.name for c in parse(source_from_bytes(hand_made_set("TST", "2022-01-01", two_faced), "T.json")).cards
            ] == ["Front // Back"]  # faces of two names stay one card of two faces
