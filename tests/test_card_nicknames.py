"""Players' nicknames of cards (``corpus/card-nicknames.tsv``) found in questions as those cards
(:mod:`indexer.card_finder`): *snappy* is Snapcaster Mage, *Jace TMS* Jace, the Mind Sculptor.

The knowledge base is the shared MTGJSON set files (Double Masters holds Dark Confidant, Jace, the Mind
Sculptor, Sword of Feast and Famine; Commander 2021 Solemn Simulacrum) and Innistrad from the 580-set
archive (Snapcaster Mage); True-Name Nemesis, of Commander 2013, is in none of them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from indexer import card_finder
from indexer.card_finder import CardFinder, Nickname, card_nicknames, card_table, distinct
from kb.cli import main
from kb.errors import ParseError

from .cardtools import archive_sets
from .conftest import SHARED_CORPUS, require_shared


@pytest.fixture(scope="module")
def nick_kb(kb_cache, tmp_path_factory) -> Path:
    sets = archive_sets(tmp_path_factory.mktemp("nick-sets"), ("ISD",))
    return kb_cache.shared([*sets, require_shared(SHARED_CORPUS / "mtgjson")])


@pytest.fixture(scope="module")
def finder(nick_kb) -> CardFinder:
    from kb.store import KnowledgeBase

    found = CardFinder.open(KnowledgeBase.open(nick_kb).index_dir)
    assert found, "the build wrote no card table"
    return found


def cards(finder: CardFinder, text: str) -> list[tuple[str, str, str]]:
    return [(c.name, c.typed, c.how) for c in distinct(finder.find(text))]


@pytest.mark.parametrize("text, expected", [
    ("snappy gives flashback to a split card", [("Snapcaster Mage", "snappy", "nickname")]),
    ("does Snappy's flashback work on a split card?", [("Snapcaster Mage", "Snappy's", "nickname")]),
    ("SNAPPY targets a sorcery", [("Snapcaster Mage", "SNAPPY", "nickname")]),  # case folded
    ("Bob and my Jace TMS", [("Dark Confidant", "Bob", "nickname"),
                            ("Jace, the Mind Sculptor", "Jace TMS", "nickname")]),
    ("I control two Bobs: who loses life first?", [("Dark Confidant", "Bobs", "nickname")]),  # a plural
    ("does the sad robot trigger when it is exiled?", [("Solemn Simulacrum", "sad robot", "nickname")]),
    ("Feast and Famine untaps my lands", [("Sword of Feast and Famine", "Feast and Famine", "nickname")]),
    # the whole name typed around a nickname is the name
    ("I equip Sword of Feast and Famine", [("Sword of Feast and Famine", "Sword of Feast and Famine", "name")]),
    # French and Italian players type the English nicknames
    ("est-ce que le Snappy peut donner flashback à un sort scindé ?", [("Snapcaster Mage", "Snappy", "nickname")]),
    ("lo snappy dà flashback a una carta divisa?", [("Snapcaster Mage", "snappy", "nickname")]),
])
def test_a_nickname_is_its_card(finder, text, expected) -> None:
    assert cards(finder, text) == expected


def test_a_nickname_is_cut_out_of_the_words_searched(finder) -> None:
    text = "snappy gives flashback to a split card"
    assert finder.without_cards(text, finder.find(text)) == "gives flashback to a split card"


@pytest.mark.parametrize("text", [
    "my bobcat attacks: can it be blocked?",  # a nickname inside another word
    "Bobby's creature has flashback",
    "a snappier answer to a split card",
    "a snappy-looking creature",  # a hyphen joins it to another word
    "Paladia-Bob deals damage",
])
def test_a_nickname_inside_another_word_is_no_card(finder, text) -> None:
    assert cards(finder, text) == []


def test_bob_among_players_named_so_is_a_player_not_dark_confidant(finder) -> None:
    # the rules' examples and judges name players Alice and Bob
    assert cards(finder, "Alice attacks Bob with two creatures: can Bob block both with one?") == []
    assert cards(finder, "Bob's trigger revealed a split card") == [("Dark Confidant", "Bob's", "nickname")]


def test_a_nickname_whose_card_the_knowledge_base_lacks_is_that_card_not_held(finder) -> None:
    """True-Name Nemesis is no card of the build, but one of the archive's (``corpus/card-names.tsv``): its
    nickname is that card, not held (it brings what the card is), not words to read."""
    text = "can my TNN be blocked by a creature with protection?"
    [tnn] = finder.find(text)
    assert (tnn.name, tnn.typed, tnn.how, tnn.held) == ("True-Name Nemesis", "TNN", "nickname", False)
    assert any(rule.startswith("702.16") for rule, _why in tnn.evidence)  # protection


def test_a_nickname_whose_card_no_list_knows_stays_a_word() -> None:
    table = card_table([("Snapcaster Mage", [], 1, [], {})], [],
                       nicknames=[Nickname("TNN", "tnn", "True-Name Nemesis")])
    finder = CardFinder.of(table)
    text = "can my TNN be blocked by a creature with protection?"
    strays: list[str] = []
    assert finder.find(text, strays) == [] and strays == []
    assert finder.without_cards(text, [], strays) == text


def test_explain_says_the_card_was_found_by_its_nickname(nick_kb) -> None:
    question = "snappy gives flashback to a split card"
    result = CliRunner().invoke(main, ["search", "--kb", str(nick_kb), "--explain", question])
    assert result.exit_code == 0, result.output
    assert "snappy → card Snapcaster Mage [nickname]" in result.stdout
    result = CliRunner().invoke(main, ["search", "--kb", str(nick_kb), "--explain", "--json", question])
    assert result.exit_code == 0, result.output
    [card] = json.loads(result.stdout)["read_as"]["cards"]
    assert (card["name"], card["typed"], card["how"]) == ("Snapcaster Mage", "snappy", "nickname")


def test_the_table_skips_nicknames_of_cards_it_lacks_or_spelled_as_a_name() -> None:
    nicknames = [Nickname("snappy", "snappy", "Snapcaster Mage"), Nickname("TNN", "tnn", "True-Name Nemesis"),
                 Nickname("Misstep", "misstep", "Mental Misstep")]
    table = card_table([("Snapcaster Mage", [], 1, [], {}), ("Mental Misstep", [], 1, [], {}),
                        ("Misstep", [], 1, [], {})], [], nicknames=nicknames)
    assert table.nicknames == {"snappy": 0}
    assert table.nicknames_skipped == ["TNN", "Misstep"]
    assert table.nicknames_line().startswith("card nicknames: 1 found in questions, 0 read as cards not held, 2 skipped")
    finder = CardFinder.of(table)
    assert cards(finder, "Misstep on my snappy") == [("Misstep", "Misstep", "name"),
                                                     ("Snapcaster Mage", "snappy", "nickname")]


@pytest.mark.parametrize("text, expected", [
    ("two Bobs on the battlefield", [("Dark Confidant", "Bobs", "nickname")]),
    ("my snappies", [("Snapcaster Mage", "snappies", "nickname")]),
    ("two O-Rings", [("Oblivion Ring", "O-Rings", "nickname")]),
    ("two MoR", [("Mother of Runes", "MoR", "nickname")]),
    ("two MoRs", []),  # initials take no plural: Palladia-Mors is no Mother of Runes
    ("Palladia-Mors deals damage", []),
])
def test_a_nickname_s_plural_is_its_card_but_not_the_plural_of_initials(text, expected) -> None:
    nicknames = [Nickname("Bob", "bob", "Dark Confidant"), Nickname("snappy", "snappy", "Snapcaster Mage"),
                 Nickname("O-Ring", "o ring", "Oblivion Ring"), Nickname("MoR", "mor", "Mother of Runes")]
    table = card_table([(name, [], 1, [], {}) for name in
                        ("Dark Confidant", "Snapcaster Mage", "Oblivion Ring", "Mother of Runes")], [],
                       nicknames=nicknames)
    assert cards(CardFinder.of(table), text) == expected


def test_the_embedded_table_reads() -> None:
    """Every line of ``corpus/card-nicknames.tsv`` is well formed, each nickname names one card."""
    nicknames = card_nicknames()
    assert len(nicknames) >= 150
    assert len({n.key for n in nicknames}) == len(nicknames)
    assert {"snappy", "jace tms", "sad robot"} <= {n.key for n in nicknames}


@pytest.mark.parametrize("lines, line, message", [
    ("snappy\tSnapcaster Mage\nTNN\n", 3, "expected 2 to 4 tab-separated cells"),
    ("snappy\tSnapcaster Mage\n\tTrue-Name Nemesis\n", 3, "a nickname and the English name of its card"),
    ("snappy\tSnapcaster Mage\t\tde\n", 2, "languages 'de'"),
    ("snappy\tSnapcaster Mage\nSnappy\tSnapback\n", 3,
     "nickname 'Snappy' names Snapback, and Snapcaster Mage on line 2"),
])
def test_a_bad_line_is_an_error_naming_file_and_line(tmp_path, lines, line, message) -> None:
    path = tmp_path / "card-nicknames.tsv"
    path.write_text("# nickname\tEnglish card name\tnote\tlangs\n" + lines, encoding="utf-8")
    with pytest.raises(ParseError) as error:
        card_nicknames(path)
    assert str(error.value).startswith(f"{path}:{line}: {message}")


def test_a_bad_line_ends_the_build_with_one_line(tmp_path, monkeypatch) -> None:
    bad = tmp_path / "card-nicknames.tsv"
    bad.write_text("snappy\tSnapcaster Mage\nBob\n", encoding="utf-8")
    monkeypatch.setattr(card_finder, "NICKNAMES", str(bad))  # an absolute path: the corpus folder is ignored
    source = require_shared(SHARED_CORPUS / "mtgjson" / "VOC.json")
    result = CliRunner().invoke(main, ["build", "--kb", str(tmp_path / "kb"), "--corpus", str(source)])
    assert result.exit_code == 1, result.output
    assert result.stderr.strip().splitlines()[-1] == (
        f"Error: {bad}:2: expected 2 to 4 tab-separated cells (nickname, English card name, note, langs), got 1")
    assert "Traceback" not in result.output


def test_the_build_says_how_many_nicknames_it_skipped(tmp_path) -> None:
    """Commander 2021's Vow set holds Geist of Saint Traft (GoST), not Snapcaster Mage (snappy)."""
    source = require_shared(SHARED_CORPUS / "mtgjson" / "VOC.json")
    result = CliRunner().invoke(main, ["build", "--kb", str(tmp_path / "kb"), "--corpus", str(source)])
    assert result.exit_code == 0, result.output
    [line] = [line for line in result.stderr.splitlines() if line.startswith("card nicknames:")]
    found, unheld, skipped, known = (int(word) for word in line.replace(",", "").split() if word.isdigit())
    assert found >= 1 and unheld >= 1 and found + unheld + skipped == len(card_nicknames())
    assert known > 20_000  # the archive's cards the Vow set does not hold (corpus/card-names.tsv)
