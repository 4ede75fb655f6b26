"""kb.rulings: near-duplicate rulings folded, translations beside their ruling, most general first."""

from __future__ import annotations

import pytest

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


def _pairwise_groups(rulings: list[dict]) -> list[list[str]]:
    """The grouping as the first wording of each group against every group met before it (the reference)."""
    from kb.rulings import similar

    groups: list[tuple[list[str], list[str]]] = []
    for r in rulings:
        words = ruling_words(r)
        held = next((g for g in groups if similar(g[0], words)), None)
        if held is None:
            groups.append((words, []))
            held = groups[-1]
        held[1].append(r["text"])
    return sorted(sorted(g[1]) for g in groups)


def _varied_rulings(count: int, seed: int) -> list[dict]:
    """``count`` rulings from a few templates, a word or two changed in each (some fold, some not)."""
    import random

    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(60)]
    templates = [[rng.choice(vocab) for _ in range(rng.randint(4, 30))] for _ in range(count // 6 + 1)]
    out = []
    for i in range(count):
        words = list(rng.choice(templates))
        for _ in range(rng.randint(0, 4)):
            words[rng.randrange(len(words))] = rng.choice(vocab)
        out.append(ruling(" ".join(words), (f"Card {i}",)))
    return out


def test_grouping_matches_the_pairwise_comparison_of_every_ruling() -> None:
    for seed in range(6):
        rulings = _varied_rulings(300, seed)
        assert sorted(sorted(m["text"] for m in g.members) for g in group_rulings(rulings)) == \
            _pairwise_groups(rulings)


def test_grouping_compares_far_fewer_pairs_than_every_pair(monkeypatch) -> None:
    """A chapter's 2,740 rulings were compared pair by pair (3.1 million comparisons, 119 s): the
    comparisons now grow with the rulings. Fails before the prefix index: 2,000 distinct rulings
    made 1,999,000 comparisons."""
    import kb.rulings as rulings_module

    calls = []
    real = rulings_module.similar
    monkeypatch.setattr(rulings_module, "similar", lambda a, b: calls.append(1) or real(a, b))
    distinct = [ruling(f"ruling number {i} says thing{i} and other{i * 7} happen to card{i * 13}") for i in range(2000)]
    assert len(group_rulings(distinct)) == 2000
    assert len(calls) < 20 * len(distinct)


def test_folding_past_its_cpu_budget_stops() -> None:
    """Issue 34.3: a page's or command's folding works under a CPU budget, as a search does."""
    from kb.rulings import FoldingStopped

    rulings = _varied_rulings(2000, 3)
    with pytest.raises(FoldingStopped):
        group_rulings(rulings, budget=0.0)
    assert group_rulings(rulings[:100], budget=5.0)
