"""``mtgkb card``, ``/cards/NAME`` and ``/api/cards/NAME`` by a part of a name players use (issue 31, fourth
trial: ``mtgkb card Finks`` found nothing where a search finds Kitchen Finks), on the knowledge base of the
cards players name (:mod:`tests.cardtools`): the search's card finder reads the part; when several cards
fit, they are listed, by their names in the language typed with the English beside."""

from __future__ import annotations

import html
import json
import re
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cards import find_card
from kb.cli import main
from kb.errors import NotFoundError

from .cardtools import cards_kb  # noqa: F401  (a fixture)


@pytest.fixture(scope="module")
def kb_dir(cards_kb) -> Path:  # noqa: F811
    return cards_kb.build_dir.parent.parent


def run(kb_dir: Path, *args: str):
    return CliRunner().invoke(main, [*args, "--kb", str(kb_dir)])


@pytest.mark.parametrize("typed, card", [("Finks", "Kitchen Finks"), ("goyf", "Tarmogoyf"),
                                         ("Bowmasters", "Aerie Bowmasters"), ("Sectionner", "Pithing Needle")])
def test_a_part_of_a_name_players_use_opens_the_card_and_says_so(kb_dir: Path, typed: str, card: str) -> None:
    """Fails before: ``Error: no card named 'Finks' in the knowledge base``."""
    result = run(kb_dir, "card", typed)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"(A part of the name of {card}, as players shorten it.)"
    assert lines[1].startswith(f"{card}  {{")
    found = json.loads(run(kb_dir, "card", typed, "--json").output)
    assert (found["name"], found["match"]) == (card, "part")


def test_a_part_with_words_of_no_card_beside_it_opens_none(kb_dir: Path) -> None:
    result = run(kb_dir, "card", "Finks", "Thalia")
    assert result.exit_code == 1 and result.output.startswith("Error: no card named 'Finks Thalia'")


def test_without_the_search_s_finder_a_part_opens_nothing(cards_kb) -> None:  # noqa: F811
    """The library alone (no card finder given) keeps to names: the part is the search's reading."""
    with pytest.raises(NotFoundError):
        find_card(cards_kb, "Finks")


def test_a_word_of_several_cards_lists_them_in_the_language_typed(kb_dir: Path) -> None:
    """*Spinale* is a word of *Ago Spinale* (Pithing Needle) and *Innesto Spinale* (Spinal Graft): both
    are named, in Italian with the English beside. Fails before (no suggestion)."""
    result = run(kb_dir, "card", "Spinale")
    assert result.exit_code == 1
    assert result.output == ("Error: no card named 'Spinale' in the knowledge base; did you mean: "
                             "Ago Spinale (Pithing Needle), Innesto Spinale (Spinal Graft)\n")



def test_a_mistyped_part_suggests_the_card_whose_name_holds_it(kb_dir: Path) -> None:
    """*Bowmaster* (for *Aerie Bowmasters*), a word further on in the name, mistyped, named in English as
    typed. Fails before (no suggestion)."""
    result = run(kb_dir, "card", "Bowmaster")
    assert result.exit_code == 1
    assert result.output == "Error: no card named 'Bowmaster' in the knowledge base; did you mean: Aerie Bowmasters\n"

@pytest.fixture(scope="module")
def client(kb_dir: Path):
    from .webtools import require_web

    require_web()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        from kb.web.app import create_app

        return TestClient(create_app(kb_dir), raise_server_exceptions=False)


def test_the_card_page_and_api_open_a_part_as_the_cli_does(client) -> None:
    """Fails before: ``/cards/Finks`` was a 404."""
    page = client.get("/cards/Finks", params={"ui": "en"})
    assert page.status_code == 200
    assert '<p class="notice">“Finks” is a part of this card’s name, as players shorten it.</p>' in page.text
    assert re.search(r'<h1 class="card-name">Kitchen Finks ', page.text)
    assert "è una parte del nome di questa carta" in client.get("/cards/Finks", params={"ui": "it"}).text
    answer = client.get("/api/cards/goyf").json()
    assert (answer["name"], answer["match"]) == ("Tarmogoyf", "part")


def test_the_card_page_lists_the_cards_a_word_is_of_by_their_names_in_the_language_typed(client) -> None:
    page = client.get("/cards/Spinale", params={"ui": "en"})
    assert page.status_code == 200
    assert "Cards whose name holds “Spinale” (2), the most printed first:" in page.text
    listed = re.findall(r'<li><a href="([^"]+)">([^<]+)</a>', page.text)
    assert [(href, html.unescape(label)) for href, label in listed] == [
        ("/cards/Pithing%20Needle", "Ago Spinale (Pithing Needle)"),
        ("/cards/Spinal%20Graft", "Innesto Spinale (Spinal Graft)")]



def test_a_mistyped_french_name_s_page_suggests_it_by_its_french_name(client) -> None:
    """*Aiguile* (for *Aiguille à sectionner*): a 404 that suggests the card by its French name, the
    English beside, linked to its page. Fails before (no suggestion)."""
    page = client.get("/cards/Aiguile", params={"ui": "fr"})
    assert page.status_code == 404
    assert '<a href="/cards/Pithing%20Needle">Aiguille à sectionner (Pithing Needle)</a>' in html.unescape(page.text)

def test_the_cards_a_question_names_are_on_its_read_as_line_in_text_and_beside_the_plain_json(kb_dir: Path) -> None:
    """Point 6 of the fourth trial, checked: the text output's ``Read as`` line names the cards, and so does
    the line ``--json`` writes beside its list (on stderr; the list's shape is unchanged)."""
    query = "Kitchen Finks persist with a -1/-1 counter"
    text = CliRunner().invoke(main, ["search", "--kb", str(kb_dir), query])
    assert text.exit_code == 0, text.output
    assert text.stdout.splitlines()[0].startswith("Read as: ")
    assert "; Cards: Kitchen Finks" in text.stdout.splitlines()[0]
    plain = CliRunner().invoke(main, ["search", "--kb", str(kb_dir), "--json", query])
    assert isinstance(json.loads(plain.stdout), list)
    assert any(line.startswith("Read as: ") and "; Cards: Kitchen Finks" in line for line in plain.stderr.splitlines())


def test_a_card_of_the_archive_the_knowledge_base_lacks_is_said_so_not_another_suggested(kb_dir: Path) -> None:
    """True-Name Nemesis is in MTGJSON's archive (corpus/card-names.tsv), not in this knowledge base: before, the
    error offered other cards' names as if it were a typo."""
    result = run(kb_dir, "card", "True-Name Nemesis")
    assert result.exit_code == 1
    assert result.output.strip() == ("Error: True-Name Nemesis is a card of MTGJSON this knowledge base does not hold: "
                                     "build with card data that holds it (mtgkb update --cards)")


def test_a_part_of_the_name_of_a_card_the_knowledge_base_lacks_says_which_card_it_may_be(kb_dir: Path) -> None:
    """The forty-ninth cold trial: ``card Verazol`` said only "no card named", while the whole name said it is a card of
    MTGJSON this knowledge base does not hold; a part the card finder reads as one such card is said, as a guess."""
    result = run(kb_dir, "card", "Verazol")
    assert result.exit_code == 1
    assert result.output.strip() == ("Error: no card named 'Verazol' in the knowledge base; it may be Verazol, the Split "
                                     "Current, a card of MTGJSON this knowledge base does not hold")
    assert "it may be" not in run(kb_dir, "card", "Zzzzqq").output
