"""Names of cards the knowledge base does not hold, inside questions (issue 31): a run of capitalised words
of no language is such a name, not words to read, spell-correct or translate
(:func:`indexer.card_finder.unheld_names`, :func:`indexer.plan.plan`); a players' word (regen) is no piece of a card's name."""

from __future__ import annotations

import pytest

from indexer.card_finder import CardFinder, distinct, tokens, unheld_names
from indexer.searcher import search

from .cardtools import cards_kb  # noqa: F401  (a fixture)


def unheld(text: str) -> list[str]:
    words = tokens(text)
    return [text[start:end] for start, end in unheld_names(words, [False] * len(words))]


@pytest.mark.parametrize("text, expected", [
    ("Pithing Needle nomina il mio planeswalker", ["Pithing Needle"]),
    ("my opponent has Orcish Bowmasters, does it trigger?", ["Orcish Bowmasters"]),
    ("mon général est exilé par Swords to Plowshares, il va où ?", ["Swords to Plowshares"]),
    ("can a Ragavan attack the turn it comes in?", ["Ragavan"]),
    ("Ragavan attacks: can I block it?", []),  # one word at a sentence's start: maybe no name
    ("Last night at FNM my friend cast a wrath", []),  # players' words, no name
    ("Wizards of the Coast says the Legend Rule changed", []),  # words of a language
    ("Can Shock kill a 2/2 in response?", []),
    ("the ETB of my creature triggers with SBA?", []),
    ("is Hexproof the same as Shroud?", []),  # game terms
    ("mes terrains deviennent des créatures Saprobionte 1/1", []),  # a creature type where one stands
    ("my lands become Saproling creatures", []),
    ("Marc prend l'initiative et s'aventure dans l'Undercity ?", []),  # the dungeon of the rules (the 35th trial)
    # the forty-ninth trial: "No card held: Mistmoors", and overlord read as a word
    ("J'ai cast Overlord of the Mistmoors pour son impending cost", ["Overlord of the Mistmoors"]),
    # the sixty-fifth trial: a name of everyday words and a game term (Party) a verb of casting uses as a card was
    # read as the words (the Party of 700.8)
    ("J'ai cast Boarding Party, le cascade révèle une carte sans coût", ["Boarding Party"]),
    ("I cast Nuclear Fallout and everybody got rad counters", ["Nuclear Fallout"]),
    ("Brainstorm: can I cast the Bolt I just drew?", []),  # a pronoun after a name
])
def test_a_run_of_capitalised_words_of_no_language_is_a_name(text, expected) -> None:
    assert unheld(text) == expected


def test_game_words_a_verb_of_casting_uses_are_no_name() -> None:
    """Subtypes and words of the rules after *cast* name what is cast, not a card (Sigarda's Aid's text)."""
    text = "it lets me cast Auras and Equipment whenever I could cast an instant"
    words = tokens(text)
    assert unheld_names(words, [False] * len(words), frozenset({"equipment"}), lambda key: key == "aura") == []
    assert unheld_names(words, [False] * len(words)) != []  # told no rules word nor subtype, it reads a name


def reading(kb, query: str) -> dict:
    hits = search(kb, query, limit=5)
    assert hits.reading is not None
    assert not hits.suggestions, hits.suggestions  # before: "Did you mean: putting Needle …"
    return hits.reading


def test_a_card_the_kb_lacks_is_neither_corrected_nor_searched_as_words(search_kb) -> None:
    # before: "Spelling corrected: Pithing → putting", "In no rule: putting, needle" (the example); a card
    # of MTGJSON's archive (corpus/card-names.tsv) is read by what it is, one no list knows is said to be no card held
    read = reading(search_kb, "Pithing Needle nomina il mio planeswalker: posso ancora attivare le sue abilità di fedeltà?")
    assert [(c["name"], c.get("held", True)) for c in read["cards"]] == [("Pithing Needle", False)]
    assert not read.get("corrections")
    assert "needle" not in read["read_as"].split("; Cards:")[0] and "putting" not in read["read_as"]
    assert read["lang"] == "it"
    read = reading(search_kb, "Orcish Bowmasters nomina il mio planeswalker: posso ancora attivare le sue abilità?")
    assert read["not_cards"] == ["Orcish Bowmasters"] and read["read_as"].endswith("; No card held: Orcish Bowmasters")
    assert not read.get("corrections") and "orcish" not in read["read_as"]


def test_two_cards_no_list_knows_are_each_said_once(search_kb) -> None:
    """Found by the seventeenth session's development run: a question naming two cards no list knows crashed
    (``named_once`` without its ``re``), and the search answered with a traceback."""
    read = reading(search_kb, "I have Orcish Bowmasters, my opponent Sheoldred the Apocalypse. I draw: what triggers first?")
    assert read["read_as"].endswith("; No card held: Orcish Bowmasters · Sheoldred the Apocalypse")
    read = reading(search_kb, "Disa the Restless attacks, then Disa dies: does it trigger?")
    assert read["read_as"].endswith("; No card held: Disa the Restless")


def test_the_name_alone_of_a_card_not_held_says_so_above_results_that_share_its_words(search_kb) -> None:
    """The thirty-third cold trial: ``--kind card "Violent Eruption"`` answered Gratuitous Violence, a card held, with
    nothing said; the results are those of the words of its name."""
    from kb.cli.search import render_hits

    hits = search(search_kb, "Violent Eruption", limit=5)
    assert hits and hits.not_held == ("Violent Eruption: a card of MTGJSON this knowledge base does not hold; the "
                                      "results are those of the words of its name (mtgkb update --cards)")
    assert render_hits(hits, "Violent Eruption", color=False).splitlines()[0] == f"Note: {hits.not_held}"
    assert search(search_kb, "Wrath of God", limit=5).not_held is None  # a card held is its own answer


def test_a_name_alone_is_still_looked_up_as_typed(search_kb) -> None:
    hits = search(search_kb, "Pithing Needle", limit=5)
    assert hits.reading is None or not hits.reading.get("not_cards")
    assert not hits.suggestions  # read as a question of no words, it was offered "putting Needle"
    assert hits or "Pithing Needle: a card of MTGJSON this knowledge base does not hold" in hits.empty_reason



def test_a_players_word_is_no_piece_of_a_one_word_name(cards_kb) -> None:  # noqa: F811
    """A cold trial: regen (regenerate, corpus/jargon.tsv) named the card Regeneration, of which it is a piece."""
    from indexer.build import collect_items
    from indexer.card_finder import card_table

    rules = [f"{i.title}\n{i.content}" for i in collect_items(cards_kb) if i.kind in ("rule", "term", "example")]
    finder = CardFinder.of(card_table(((n, [], 1, [], {}) for n in ["Regeneration", "Tarmogoyf"]), rules))
    assert finder.find("can i regen my creature in response to wrath") == []
    assert [c.name for c in distinct(finder.find("does goyf count the bolt?"))] == ["Tarmogoyf"]


def test_a_part_inside_a_longer_name_typed_is_no_other_card(cards_kb) -> None:  # noqa: F811
    # a cold trial: "Thalia, Guardiana di Thraben" (the Italian name misremembered) also found Soul Warden by
    # its Italian name's word *Guardiana*; the name typed goes on, through *di*, with a word of no name of it
    from indexer.build import collect_items
    from indexer.card_finder import card_table

    rules = [f"{i.title}\n{i.content}" for i in collect_items(cards_kb) if i.kind in ("rule", "term", "example")]
    cards = [("Thalia, Guardian of Thraben", [("it", "Thalia, Protettrice di Thraben")], 1, [], {}),
             ("Soul Warden", [("it", "Guardiana dell'Anima")], 1, [], {}),
             ("Lightning Bolt", [("it", "Fulmine")], 1, [], {})]
    finder = CardFinder.of(card_table(cards, rules))
    text = "il mio amico aveva in campo Thalia, Guardiana di Thraben. Io ho lanciato Fulmine"
    strays: list[str] = []
    found = distinct(finder.find(text, strays))
    assert [c.name for c in found] == ["Thalia, Guardian of Thraben", "Lightning Bolt"]
    # the rest of Thalia's name as remembered goes with it: cut, and not said to be "No card held" (the
    # fifth cold judge trial: the knowledge base holds Thalia)
    assert found[0].typed == "Thalia, Guardiana di Thraben" and strays == []
    assert "Guardiana" not in finder.without_cards(text, finder.find(text), strays)
    # through di, only a word of a card found already says the name goes on (Marco's Guardiana is the card)
    assert [c.name for c in distinct(finder.find("la sua Guardiana di Marco fa guadagnare vita"))] == ["Soul Warden"]


def test_a_subtype_cards_print_is_no_card_the_kb_lacks(search_kb) -> None:
    """The fortieth and forty-first cold trials: "Shapeshifter Rogue" and "No card held: Gobelin" (French) named creature
    types as cards; the words of the subtypes the held cards' type lines print, in every language, are none."""
    from indexer.card_finder import subtype_words

    assert subtype_words(["Créature légendaire : oiseau et psychagogue", "Creature — Goblin Warrior // Sorcery",
                          "Artifact"]) == {"oiseau", "psychagogue", "goblin", "warrior"}
    assert unheld("mon Gobelin attaque, il a equipe une epee") == ["Gobelin"]  # of no language: alone, a name
    for text in ("mon Gobelin attaque, il a equipe une epee", "I copy it and get a Shapeshifter Rogue token"):
        read = reading(search_kb, text)
        assert not read.get("not_cards") and "No card held" not in read["read_as"], read["read_as"]


def test_the_five_colours_typed_as_players_do_are_words_not_a_card_no_list_knows(search_kb) -> None:
    """The forty-fifth cold trial's I03 read "No card held: WUBRG": players' shorthand for the five colours."""
    read = reading(search_kb, "posso castare il mio commander dalla command zone pagando WUBRG come costo alternativo?")
    assert not read.get("not_cards") and "No card held" not in read["read_as"]
    assert "white blue black red green" in read["read_as"]


def test_a_name_not_held_goes_with_the_ending_a_hyphen_joins_to_it() -> None:
    """Left alone, ``-era`` of *a Zorblax-era cube* was read as a word excluded, and the whole question became the
    game term Block (the thirty-third session, on a table set's development question naming Theros so)."""
    from indexer.card_finder import card_table

    finder = CardFinder.of(card_table([("Brave the Sands", [], 3, [], {})], []))
    text = "We played a Zorblax-era cube and I had Brave the Sands out, so my creatures could block an extra attacker"
    assert finder.without_cards(text, finder.find(text), ["Zorblax"]) == \
        "We played a cube and I had out, so my creatures could block an extra attacker"
