"""kb.rulings: near-duplicate rulings folded, translations beside their ruling, most general first."""

from __future__ import annotations

from kb.rulings import group_rulings, handful, ruling_words


def ruling(text: str, cards: tuple[str, ...] = (), lang: str = "en") -> dict:
    return {"text": text, "lang": lang, "date": "2014-05-29", "source": "wotc", "provenance": "official",
            "cards": list(cards)}


def test_wordings_of_one_ruling_are_folded_and_name_every_card() -> None:
    groups = group_rulings([
        ruling("Because the votes are cast in turn order, each player will know the votes of players who voted "
               "beforehand.", ("Council's Judgment",)),
        ruling("Because the votes are made in turn order, each player will know the votes of players who voted "
               "beforehand.", ("Expropriate",)),
        ruling("The phrase “the vote is tied” refers only to when there is more than one choice.", ("Ad",)),
        ruling('The phrase "the vote is tied" refers only to when there is more than one choice.', ("Be",)),
    ])
    # curly or straight quotes: one wording
    assert [(g.cards, g.wordings) for g in groups] == [(["Council's Judgment", "Expropriate"], 2), (["Ad", "Be"], 1)]


def test_a_qualified_ruling_is_not_folded_into_the_general_one() -> None:
    groups = group_rulings([
        ruling("Because the votes are cast in turn order, each player will know the votes of players who voted "
               "beforehand.", ("Council's Judgment",)),
        ruling("In the case of non-secret voting, votes are cast in turn order, and each player will know the votes "
               "of players who voted beforehand."),
    ])
    assert len(groups) == 2


def test_different_rulings_stay_apart_even_when_they_start_alike() -> None:
    groups = group_rulings([
        ruling("Players can’t do anything after they finishing voting but before the “winning” permanent or "
               "permanents are exiled.", ("Council's Judgment",)),
        ruling("Players can’t do anything after they finishing voting but before the spell or ability that "
               "included the vote finishes resolving.", ("Magister of Worth",)),
    ])
    assert len(groups) == 2


def test_a_card_naming_itself_is_the_same_ruling() -> None:
    first = ruling("Ballot Broker’s ability is cumulative. If you control two of them, you vote three times.",
                   ("Ballot Broker",))
    second = ruling("Brago's Representative’s ability is cumulative. If you control two of them, you vote three "
                    "times.", ("Brago's Representative",))
    assert ruling_words(first) == ruling_words(second)
    assert len(group_rulings([first, second])) == 1


def test_translations_go_under_their_english_ruling_and_general_rulings_come_first() -> None:
    english = ruling("You must vote for one of the available options. You can’t abstain.", ("Custodi Squire",))
    italian = ruling("Bisogna votare per una delle opzioni disponibili.", lang="it")
    lonely = ruling("Una regola senza originale inglese.", lang="it")
    general = ruling("Abilities that trigger whenever players finish voting trigger once all players have voted.")
    translations = {"you must vote for one of the available options. you can't abstain.":
                    [{"lang": "it", "text": italian["text"], "provenance": "community"}]}
    groups = group_rulings([english, italian, lonely, general], translations)
    assert [g.first["text"] for g in groups] == [general["text"], english["text"], lonely["text"]]
    assert groups[1].translations == translations["you must vote for one of the available options. you can't abstain."]
    shown, rest = handful(groups, 2)
    assert len(shown) == 2 and rest == 1 and handful(groups, None) == (groups, 0)
