"""The archive's card names (``corpus/card-names.tsv``, :mod:`kb.vocabulary.card_names`) and what the card finder
does with the cards a knowledge base does not hold (:mod:`indexer.card_finder`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.card_finder import CardFinder, Nickname, card_table, distinct, known_cards
from kb.corpus import embedded_corpus
from kb.errors import ParseError
from kb.vocabulary.card_names import KnownCard, main, read_known_cards, set_files, write_known_cards

from .conftest import SHARED_CORPUS, require_shared


def test_the_list_reads_back_as_written(tmp_path) -> None:
    cards = [KnownCard("Lightning Bolt", 24, {"it": ["Fulmine"], "fr": ["Foudre"]}),
             KnownCard("Delver of Secrets // Insectile Aberration", 4,
                       {"it": ["Scopritore di Segreti // Insetto Aberrante"]}), KnownCard("Clone", 14)]
    path = tmp_path / "names.tsv"
    write_known_cards(cards, path, ["a test list"])
    assert read_known_cards(path) == cards


def test_a_bad_line_names_the_file_and_line(tmp_path) -> None:
    path = tmp_path / "names.tsv"
    path.write_text("# english\tprintings\tit\tfr\nLightning Bolt\t24\tFulmine\tFoudre\nClone\tmany\t\t\n",
                    encoding="utf-8")
    with pytest.raises(ParseError, match=r"names\.tsv:3: a card needs its English name and a number of printings"):
        read_known_cards(path)


def test_the_list_holds_the_tournament_cards_of_the_set_files_and_their_printed_names(tmp_path) -> None:
    source = require_shared(SHARED_CORPUS / "mtgjson" / "VOC.json")
    out = tmp_path / "names.tsv"
    assert main([str(source), "-o", str(out)]) == 0
    cards = {card.english: card for card in read_known_cards(out)}
    assert 140 <= len(cards) <= 160  # Crimson Vow Commander's 150 cards, faces joined
    assert "Olivia's Wrath" in cards and cards["Olivia's Wrath"].printings == 1
    assert all(card.names() for card in cards.values() if card.printed)
    assert [name for name, _data in set_files(source)] == [str(source)]


def test_the_embedded_list_holds_every_card_of_the_embedded_sets() -> None:
    """The list was made from the archive that holds the five embedded sets: none of their cards is missing."""
    from kb.parsers import parse_source
    from kb.sources import read_source

    listed = {card.english for card in known_cards()}
    assert len(listed) > 20_000
    for path in sorted((embedded_corpus() / "mtgjson").glob("*.json")):
        held = {card.name for card in parse_source(read_source(path)).cards}
        assert held and held <= listed, (path.name, sorted(held - listed)[:5])


@pytest.fixture(scope="module")
def few_held() -> CardFinder:
    """A knowledge base holding a few cards whose words are words of famous cards it does not hold."""
    held = [("Twin Bolt", [("it", "Doppio Fulmine")], 1, [["702", "test"]], {}),
            ("Peace Strider", [], 2, [], {}), ("Clone Shell", [("fr", "Carapace clone")], 2, [], {}),
            ("Dragon Throne of Tarkir", [], 1, [], {}), ("Disallow", [], 3, [], {}),
            ("Thalia, Guardian of Thraben", [], 1, [["704.5j", "legendary"]], {})]
    known = [KnownCard("Lightning Bolt", 24, {"it": ["Fulmine"], "fr": ["Foudre"]}),
             KnownCard("Rest in Peace", 5, {"it": ["Riposa in Pace"], "fr": ["Repose en paix"]}),
             KnownCard("Clone", 14, {"it": ["Clone"], "fr": ["Clone"]}), KnownCard("Twin Bolt", 1),
             KnownCard("Thalia, Guardian of Thraben", 9), KnownCard("Thalia, Heretic Cathar", 2),
             KnownCard("Act of Treason", 12, {"fr": ["Acte de trahison"]})]
    return CardFinder.of(card_table(held, [], nicknames=[Nickname("bolt", "bolt", "Lightning Bolt")], known=known))


@pytest.mark.parametrize("text, cards, strays", [
    # before: Twin Bolt, Peace Strider, Clone Shell (the one card held holding the word)
    ("He cast Bolt on my Clone in response", [], ["Bolt", "Clone"]),
    ("Rest in Peace is out and my creature dies", [], ["Rest in Peace"]),
    ("ho lanciato Fulmine sul Clone", [], ["Fulmine", "Clone"]),
    ("j'ai lancé Acte de trahison sur sa créature", [], ["Acte de trahison"]),
    ("bolt the goblin", [], ["bolt"]),  # a nickname of a card not held
    # the cards held are still found, their own names first
    ("I cast Twin Bolt on the Clone Shell", ["Twin Bolt", "Clone Shell"], []),
    # a held card counts the list's printings: Thalia is the Guardian of Thraben, not the Heretic Cathar
    ("my Thalia taxes spells", ["Thalia, Guardian of Thraben"], []),
])
def test_a_card_the_knowledge_base_does_not_hold_is_no_card_held_never_another(few_held, text, cards, strays) -> None:
    found_strays: list[str] = []
    assert [c.name for c in distinct(few_held.find(text, found_strays))] == cards
    assert found_strays == strays


def test_the_names_of_cards_known_not_held_are_said_apart_and_their_words_stay(few_held) -> None:
    """A card the list knows brings nothing: its name is said (*No card held*) and its words are the question's
    still (*Clone* tells of copying), while a name no list knows is cut from the words read."""
    text = "He cast Bolt on my Clone. Disa the Restless is out"
    strays: list[str] = []
    not_held: list[str] = []
    assert few_held.find(text, strays, not_held) == []
    assert not_held == ["Bolt", "Clone"] and strays == ["Disa the Restless"]
    assert few_held.without_cards(text, [], strays) == "He cast Bolt on my Clone. is out"


@pytest.mark.parametrize("text, strays", [
    ("fulmine su invasion of tarkir toglie 3 segnalini difesa", ["invasion of tarkir"]),
    ("mon adversaire a lancé Invasion of Tarkir", ["Invasion of Tarkir"]),
    ("disa the restless crea token", ["disa the restless"]),
    # named again alone, the card not held is that card again (its name cut from the words read)
    ("mon ami jouait Disa the Restless. Disa ne dit rien", ["Disa the Restless", "Disa"]),
])
def test_a_part_inside_a_name_of_a_card_no_list_knows_is_no_card(few_held, text, strays) -> None:
    """Cards newer than the list: *Invasion of Tarkir* (2023) is no Dragon Throne of Tarkir, *Disa the Restless*
    (2025) no Disallow (before: both read as the card held)."""
    found_strays: list[str] = []
    assert few_held.find(text, found_strays) == [] and found_strays == strays
    assert "Disa" not in few_held.without_cards(text, [], found_strays)


def test_a_part_of_the_card_held_keeps_its_card(few_held) -> None:
    assert [c.name for c in distinct(few_held.find("the Dragon Throne of Tarkir is out: the Throne"))] == [
        "Dragon Throne of Tarkir"]
    assert [c.name for c in few_held.find("does the power of Thalia change?")] == ["Thalia, Guardian of Thraben"]


def test_the_cards_not_held_bring_nothing_and_count_in_no_rule_share(few_held) -> None:
    assert few_held.brought_by == {"702": 1, "704.5j": 1}
    assert few_held.evidence_weights(0.5, 0.3) == {"702": 1.0, "704.5j": 1.0}


def test_a_question_of_cards_not_held_only_says_so(tmp_path) -> None:
    from click.testing import CliRunner

    from kb.cli import main as cli

    source = require_shared(SHARED_CORPUS / "mtgjson" / "VOC.json")
    kb = tmp_path / "kb"
    assert CliRunner().invoke(cli, ["build", "--kb", str(kb), "--corpus", str(source)]).exit_code == 0
    result = CliRunner().invoke(cli, ["search", "--kb", str(kb), "can i bolt the goyf?"])
    assert result.exit_code == 0
    assert "names cards this knowledge base does not hold (bolt, goyf)" in result.output
