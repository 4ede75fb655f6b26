"""Card pages and ``/api/cards`` on small hand-made MTGJSON sets: the printed texts shown (the
newest printing that has one), short names, MTGJSON's heading lines and the texts' language."""

from __future__ import annotations

import html
import json
import re
import warnings

import pytest

from kb import store
from kb.model import Document
from kb.parsers.mtgjson import parse
from kb.sources import source_from_bytes

from .webtools import require_web

require_web()

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from kb.web.app import create_app  # noqa: E402

BOLT_IT = "Il Fulmine infligge 3 danni a un qualsiasi bersaglio."


def card(name: str, text: str, foreign: list[tuple[str, str, str]] = (), rulings: list[str] = ()) -> dict:
    return {"name": name, "type": "Instant", "text": text, "manaCost": "{R}", "layout": "normal",
            "uuid": f"{name}-uuid", "foreignData": [{"language": lang, "name": n, "text": t, "type": "Istantaneo"}
                                                    for lang, n, t in foreign],
            "rulings": [{"date": "2017-08-25", "text": r} for r in rulings]}


def set_file(code: str, date: str, cards: list[dict]) -> Document:
    payload = {"meta": {"version": "5.2.0", "date": "2022-04-25"},
               "data": {"code": code, "name": f"Set {code}", "releaseDate": date, "cards": cards}}
    return parse(source_from_bytes(json.dumps(payload).encode(), f"{code}.json"))



@pytest.fixture(scope="module")
def client(tmp_path_factory) -> TestClient:
    old = set_file("OLD", "1994-04-01", [card("Lightning Bolt", "Lightning Bolt deals 3 damage to any target.",
                                              [("Italian", "Fulmine", ""), ("French", "Foudre", "")]),
                                         card("Rag Man", "Rag Man text."),
                                         card("Jace, the Mind Sculptor", "Fateseal 1."), card("Fire // Ice", "One.")])
    new = set_file("NEW", "2021-04-23", [
        card("Lightning Bolt", "Lightning Bolt deals 3 damage to any target.",
             [("Italian", "Fulmine", BOLT_IT)]),
        card("Ragavan, Nimble Pilferer", "Whenever Ragavan deals combat damage, create a Treasure token."),
        card("Teferi's Protection", "You gain protection from everything.", rulings=[
            '---------- The following rulings focus on the "protection from" keyword ----------',
            "A player with protection from everything can't be targeted."]),
        card("Shock Wave", "One."), card("Shock Trooper", "Two."),
        card("Jace Beleren", "Draw."), card("Jace's Archivist", "Discard."),
        card("Jace, the Mind Sculptor", "Brainstorm."),
        card("Fire // Ice", "One."), card("Start // Fire", "Two."), card("Fire Ants", "Three.")])
    kb_dir = tmp_path_factory.mktemp("web-cards")
    build = store.stage(kb_dir)
    store.write_documents(build, [old, new])
    store.publish(kb_dir, build)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(kb_dir), raise_server_exceptions=False)


def test_the_printed_text_is_the_newest_printing_that_has_one_and_says_which(client: TestClient) -> None:
    """Issue 33.4 and 33.8: the old printing held the Italian name only, and its blank text was shown."""
    bolt = client.get("/api/cards/Fulmine").json()
    assert bolt["foreign"]["it"]["text"] == BOLT_IT
    assert bolt["foreign"]["it"]["printing"] == {"set": "NEW", "set_name": "Set NEW", "date": "2021-04-23"}
    assert bolt["foreign"]["fr"]["name"] == "Foudre" and bolt["foreign"]["fr"]["text"] == ""
    assert bolt["text_date"] == "2022-04-25"
    page = client.get("/cards/Fulmine", params={"ui": "en"}).text
    assert BOLT_IT in page and "Printed text" in page
    assert '(NEW, <time datetime="2021-04-23">2021-04-23</time>)' in page
    assert "Oracle text of the card data of <time datetime=\"2022-04-25\">2022-04-25</time>" in page


def test_a_name_that_starts_one_card_s_name_opens_that_card(client: TestClient) -> None:
    """Issue 33.5: ``Ragavan`` opened Rag Man (a near spelling) though Ragavan, Nimble Pilferer is held."""
    assert client.get("/api/cards/Ragavan").json()["name"] == "Ragavan, Nimble Pilferer"
    assert client.get("/api/cards/Ragavan").json()["match"] == "prefix"
    several = client.get("/api/cards/Shock")
    assert several.status_code == 404
    assert "Shock Trooper" in several.json()["error"] and "Shock Wave" in several.json()["error"]


def test_mtgjson_heading_lines_are_headings_not_rulings(client: TestClient) -> None:
    """Issue 33.7: the separator line showed as a ruling dated and credited to Wizards of the Coast."""
    rulings = client.get("/api/cards/Teferi's Protection").json()["rulings"]
    assert rulings[0] == {"heading": 'The following rulings focus on the "protection from" keyword',
                          "text": rulings[0]["text"]}
    assert "date" not in rulings[0] and rulings[1]["date"] == "2017-08-25"
    page = client.get("/cards/Teferi's Protection", params={"ui": "en"}).text
    assert "Rulings (1)" in page and '<h3>The following rulings focus on the &#34;protection from&#34; keyword</h3>' \
        in page and "-----" not in page


def test_a_link_s_language_is_for_its_page_and_english_shows_without_a_printed_text(client: TestClient) -> None:
    """Issue 33.6: a shared ?lang=it link set a year-long cookie, and a card without an Italian
    text then showed the Italian name only, without the English text or a notice."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fresh = TestClient(client.app)
    linked = fresh.get("/cards/Rag Man", params={"lang": "it", "ui": "en"})
    assert "langs" not in linked.cookies
    assert "Rag Man text." in linked.text and "No printed text in the language chosen" in linked.text
    chosen = fresh.get("/cards/Lightning Bolt", params={"lang": "it", "remember": "1"})
    assert chosen.cookies.get("langs") == "it"
    page = fresh.get("/cards/Lightning Bolt").text
    assert BOLT_IT in page and 'class="text cardface" lang="en"' not in page


def test_a_face_name_held_by_several_cards_lists_them(client: TestClient) -> None:
    """Issue 33 (third trial): /cards/Fire said "No card is named Fire" (404) though Fire // Ice and
    Start // Fire both have a face so named. Fails before."""
    page = client.get("/cards/Fire", params={"ui": "en"})
    assert page.status_code == 200
    faces = re.search(r'Cards with a face named “Fire” \(2\):</p>\s*<ul class="choices card-choices">(.*?)</ul>',
                      page.text, re.S)
    assert faces, page.text
    assert re.findall(r'<a href="([^"]+)">', faces.group(1)) == ["/cards/Fire%20%2F%2F%20Ice",
                                                                "/cards/Start%20%2F%2F%20Fire"]
    assert "Fire Ants" in page.text  # the cards whose name starts with the word, after
    assert client.get("/api/cards/Fire").status_code == 404  # the API names them in its error, as before


def test_a_first_name_lists_every_card_starting_so_the_most_printed_first(client: TestClient) -> None:
    """Issue 33 (third trial): /cards/Jace offered five names in alphabetical order and missed Jace,
    the Mind Sculptor; now every card whose name starts with the word, the most printed first, with
    a count, each a list item (44-px tap targets in the stylesheet). Fails before."""
    page = client.get("/cards/Jace", params={"ui": "en"})
    assert page.status_code == 200
    listed = re.search(r'starts with “Jace” \(3\), the most printed first:</p>\s*<ul class="choices card-choices">'
                       r'(.*?)</ul>', page.text, re.S)
    assert listed, page.text
    names = [html.unescape(n) for n in re.findall(r'<li><a href="[^"]+">([^<]+)</a>', listed.group(1))]
    assert names == ["Jace, the Mind Sculptor", "Jace Beleren", "Jace's Archivist"]
    assert "sets: 2" in listed.group(1)
    error = client.get("/api/cards/Jace").json()["error"]  # the API and the CLI name them in the same order
    assert error.endswith("did you mean: Jace, the Mind Sculptor, Jace Beleren, Jace's Archivist")
    italian = client.get("/cards/Jace", params={"ui": "it"}).text
    assert "Carte il cui nome inizia con «Jace» (3)" in italian


def test_a_mistyped_name_s_page_suggests_the_nearest_names(client: TestClient) -> None:
    """Issue 31 (fourth trial): ``/cards/Ragavn`` was a 404 with no suggestion. Fails before."""
    page = client.get("/cards/Ragavn", params={"ui": "en"})
    assert page.status_code == 404
    link = '<a href="/cards/Ragavan%2C%20Nimble%20Pilferer">Ragavan, Nimble Pilferer</a>'
    assert f"<p>Did you mean: {link}</p>" in page.text, page.text
    assert client.get("/api/cards/Ragavn").json()["error"].endswith("did you mean: Ragavan, Nimble Pilferer")


def test_card_data_older_than_a_year_is_said_near_the_top_in_the_reader_s_words(client: TestClient) -> None:
    """Issue 33 (third trial): the card page showed the Oracle texts of 2022-04-25 with the date in
    small print under the text only. Fails before. Fourth trial: the notice told a phone reader to run
    ``mtgkb update --cards``; the page says what it means for the reader instead, in the interface
    language (the command stays the CLI's). Fails before (the command was on the page)."""
    from datetime import date

    from kb.web.reference import old_card_data

    page = client.get("/cards/Lightning Bolt", params={"ui": "en"}).text
    notice = page.index('<p class="notice old-data">The card data is of <time datetime="2022-04-25">2022-04-25</time>,'
                        ' more than a year old: the Oracle texts and rulings shown are those of that date, and may'
                        ' have changed since.</p>')
    assert notice < page.index('<div class="texts">')
    for ui, words in (("it", "I dati delle carte sono del"), ("fr", "Les données des cartes datent du")):
        translated = client.get("/cards/Lightning Bolt", params={"ui": ui}).text
        old = re.search(r'<p class="notice old-data">(.*?)</p>', translated, re.S)
        assert old and old.group(1).startswith(words), (ui, translated)
        assert "mtgkb" not in old.group(1) and "<code>" not in old.group(1)
    assert "mtgkb update" not in page
    assert old_card_data("2022-04-25", date(2023, 4, 25)) is None  # a year exactly: not yet
    assert old_card_data("2022-04-25", date(2023, 4, 27)) == "2022-04-25"
    assert old_card_data(None, date(2030, 1, 1)) is None and old_card_data("", date(2030, 1, 1)) is None
