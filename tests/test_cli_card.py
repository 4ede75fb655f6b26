"""``mtgkb card`` and :mod:`kb.cards` on the embedded corpus: a card by any of its names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.text import match_key


def run(kb_dir: Path, *args: str):
    return CliRunner().invoke(main, [*args, "--kb", str(kb_dir)])


def test_card_by_its_italian_name(product_kb: Path) -> None:
    result = run(product_kb, "card", "Titano Solare")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:4] == ["Sun Titan  {4}{W}{W}", "  it: Titano Solare", "  fr: Titan solaire",
                         "  Creature — Giant    6/6"]
    # the rules text keeps its line breaks; the printed Italian text follows
    assert "  Vigilance" in lines and any(line.startswith("  Whenever Sun Titan enters") for line in lines)
    # said where it was printed: a printing's text may predate the Oracle text (the forty-eighth cold trial: Umori's
    # Italian text still says the companion rule of 2020)
    assert ("  [it] Titano Solare — Creatura — Gigante  (printed: C21, 2021-04-23; the English above is the Oracle "
            "text)") in lines and "  Cautela" in lines
    assert "Rulings (4):" in lines
    assert "  - A permanent card is an artifact, creature, enchantment, land, or planeswalker card. " \
           "(2010-08-15, Wizards of the Coast)" in lines
    assert "  Vigilance: 702.20 Vigilance" in lines
    assert lines[-1] == "Sources: MTGJSON C21: Commander 2021, 2022-04-25"


def test_card_json_shape_and_rulings_once_each(product_kb: Path) -> None:
    card = json.loads(run(product_kb, "card", "Titano Solare", "--json").output)
    assert {"name", "match", "names", "mana_cost", "type", "power", "toughness", "loyalty", "defense", "text",
            "keywords", "foreign", "sets", "sources", "rulings", "rules"} <= set(card)
    assert card["names"] == {"en": "Sun Titan", "it": "Titano Solare", "fr": "Titan solaire"}
    assert (card["power"], card["toughness"], card["keywords"]) == ("6", "6", ["Vigilance"])
    assert [(r["keyword"], r["number"], r["title"]) for r in card["rules"]] == [("Vigilance", "702.20", "Vigilance")]
    texts = [match_key(r["text"]) for r in card["rulings"]]
    assert len(texts) == len(set(texts)) == 4
    assert all(r["date"] and r["source"] == "wotc" and r["document"]["title"] for r in card["rulings"])


def test_a_card_printed_in_several_sets_has_each_ruling_once_with_its_translation(product_kb: Path) -> None:
    card = json.loads(run(product_kb, "card", "Écuyère des Custodi", "--json").output)
    assert card["name"] == "Custodi Squire" and [s["id"] for s in card["sources"]] == ["CNS", "VOC"]
    texts = [match_key(r["text"]) for r in card["rulings"]]
    assert len(texts) == len(set(texts)) == 7
    abstain = next(r for r in card["rulings"] if r["text"].startswith("You must vote for one of the available"))
    assert [(t["lang"], t["text"][:30]) for t in abstain["translations"]] == [("it", "Bisogna votare per una delle o")]
    assert {"Flying", "Will of the council"} == {r["keyword"] for r in card["rules"]}
    assert [r["number"] for r in card["rules"]] == ["702.9", "207.2c"]


def test_a_misspelt_name_finds_the_card_and_says_so(product_kb: Path) -> None:
    result = run(product_kb, "card", "Titano", "Solre")
    assert result.exit_code == 0
    assert result.output.startswith("(No card named exactly so; the nearest is Sun Titan.)\nSun Titan  {4}{W}{W}")


def test_a_name_several_cards_start_with_is_not_guessed(product_kb: Path) -> None:
    result = run(product_kb, "card", "titan")
    assert result.exit_code == 1
    assert result.output.startswith("Error: no card named 'titan' in the knowledge base; did you mean: ")
    assert "Sun Titan" in result.output and "\n" == result.output[-1] and result.output.count("\n") == 1
    assert "Titan solaire" not in result.output  # typed in English: the English names


def test_an_italian_or_french_name_not_held_is_answered_with_the_names_of_its_language(product_kb: Path) -> None:
    """Issue 31 (fourth trial): a user typing Italian got suggestions in English only. Fails before
    (``did you mean: Sun Titan, Triplicate Titan``)."""
    italian = run(product_kb, "card", "Titano")
    assert italian.exit_code == 1
    assert italian.output == ("Error: no card named 'Titano' in the knowledge base; did you mean: "
                              "Titano Solare (Sun Titan), Titano Triplice (Triplicate Titan)\n")
    french = run(product_kb, "card", "Ecuyer")
    assert french.output.endswith(
        "did you mean: Écuyère des Custodi (Custodi Squire), Écuyère dévouée (Selfless Squire)\n")


@pytest.mark.parametrize("typed", ["Fulmine", "Lightning Bolt"])
def test_a_card_the_knowledge_base_lacks_is_said_so_without_guessing_near_names(product_kb: Path, typed: str) -> None:
    """The seventeenth session's review: Fulmine (Lightning Bolt, not held) was followed by "did you mean: Sword of
    Feast and Famine" (Famine is two edits from Fulmine), Lightning Bolt by Lightning Axe, Lightning Greaves."""
    result = run(product_kb, "card", typed)
    assert result.exit_code == 1
    assert result.output == ("Error: Lightning Bolt is a card of MTGJSON this knowledge base does not hold: build with "
                             "card data that holds it (mtgkb update --cards)\n")


def test_a_mistyped_first_word_suggests_the_cards_it_starts(product_kb: Path) -> None:
    """Issue 31 (fourth trial): ``Ragavn`` was answered with no suggestion; here ``Custdi`` (Custodi
    Squire, Custodi Lich, …). Fails before."""
    result = run(product_kb, "card", "Custdi")
    assert result.exit_code == 1
    assert result.output.startswith("Error: no card named 'Custdi' in the knowledge base; did you mean: Custodi ")
    assert "Custodi Squire" in result.output


def test_a_planeswalker_shows_its_loyalty(product_kb: Path) -> None:
    result = run(product_kb, "card", "Gideon, Champion of Justice")
    assert result.output.splitlines()[0] == "Gideon, Champion of Justice  {2}{W}{W}"
    assert "Legendary Planeswalker — Gideon    Loyalty 4" in result.output


def test_a_split_card_by_its_full_name_and_by_each_face(product_kb: Path) -> None:
    for name, match in (("Incubation // Incongruity", "exact"), ("Incongruity", "face"), ("incubation", "face"),
                        ("Incubation//Incongruity", "exact")):
        result = run(product_kb, "card", name, "--json")
        assert result.exit_code == 0, (name, result.output)
        card = json.loads(result.output)
        assert (card["name"], card["match"]) == ("Incubation // Incongruity", match), name
        assert card["type"] == "Sorcery // Instant"
    printed = run(product_kb, "card", "Incongruity").output.splitlines()
    assert printed[:2] == ["(A face of Incubation // Incongruity.)", "Incubation // Incongruity  {G/U} // {1}{G}{U}"]
    # a card whose name only starts like a face is not a face: Incubation Druid is its own card
    assert json.loads(run(product_kb, "card", "Incubation Druid", "--json").output)["name"] == "Incubation Druid"


def test_a_face_name_in_another_language_finds_its_card() -> None:
    from kb.cards import cards_with_face

    names = [("Incubation // Incongruity", "en", "Incubation // Incongruity"),
             ("Incubation // Incongruity", "it", "Incubazione // Incongruenza"),
             ("Incubation Druid", "it", "Druida dell'Incubazione")]
    assert cards_with_face(names, "incongruenza") == ["Incubation // Incongruity"]
    assert cards_with_face(names, "Incubazione//Incongruenza") == ["Incubation // Incongruity"]
    assert cards_with_face(names, "Druida dell'Incubazione") == []  # not a multi-face card: the exact look-up's


def test_a_card_lists_the_rules_its_rulings_are_linked_to(product_kb) -> None:
    out = CliRunner().invoke(main, ["card", "Magister of Worth", "--kb", str(product_kb), "--json"]).output
    card = json.loads(out)
    assert [(r["number"], r["rulings"]) for r in card["ruling_rules"]] == [("701.38", 5)]
    text = CliRunner().invoke(main, ["card", "Magister dei Meritevoli", "--kb", str(product_kb)]).output
    assert "Rules its rulings are linked to:\n  701.38 Vote (5 rulings)" in text


def test_a_card_only_a_rules_text_names_says_so(product_kb) -> None:
    text = CliRunner().invoke(main, ["card", "Arcangelo Mirabile", "--kb", str(product_kb)]).output
    assert "(Only its name is held, from Regolamento Completo, sezione 4: Zone: no card file" in text
    assert "(no rules text)" not in text


def test_a_card_not_held_named_whole_is_said_so_not_opened_as_another_starting_so(product_kb: Path) -> None:
    """The fifty-fifth cold trial: ``card Humble`` on the embedded corpus, which does not hold Humble, opened Humble
    Defector as "the one card whose name starts so": another card's text, read at the table as the one asked."""
    result = run(product_kb, "card", "Humble")
    assert result.exit_code == 1
    assert result.output.startswith("Error: Humble is a card of MTGJSON this knowledge base does not hold")
    assert "did you mean: Humble Defector" in result.output


def test_a_card_named_after_a_variant_typed_alone_is_that_card(product_kb: Path) -> None:
    """Two-Headed Giant in a question is the variant played; typed alone to ``card`` it is the card, which the embedded
    corpus does not hold (the review of the thirtieth session: it read "no card named")."""
    result = run(product_kb, "card", "Two-Headed Giant")
    assert result.exit_code == 1
    assert result.output.startswith("Error: Two-Headed Giant is a card of MTGJSON this knowledge base does not hold")
