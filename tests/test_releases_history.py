"""kb.releases.history: one rule followed across the nine shared English releases."""

from __future__ import annotations

import pytest
from .conftest import SHARED_RELEASES, parsed_release

from kb.errors import NotFoundError
from kb.releases.history import history
from kb.releases.render import render_history

VOTE = {"2012-07-01": None, "2016-08-26": "701.29", "2018-07-13": "701.31", "2022-11-18": "701.32",
        "2023-10-13": "701.32", "2024-11-08": "701.32", "2025-04-04": "701.32", "2025-06-06": "701.38",
        "2025-11-14": "701.38"}


def _releases():
    return [parsed_release(date) for date in SHARED_RELEASES]


def _numbers(result):
    return {step.release.effective_date: step.number for step in result.steps}


@pytest.mark.parametrize("query", ["vote", "Vote", "701.38", "CR 701.38", "voto", "Voto", "voter"])
def test_vote_through_nine_releases(query):
    result = history(query, _releases())
    assert _numbers(result) == VOTE
    status = {step.release.effective_date: step.status for step in result.steps}
    assert status["2012-07-01"] == ("absent",)
    assert status["2016-08-26"] == ("added",)
    assert "renumbered" in status["2018-07-13"] and "renumbered" in status["2025-06-06"]
    assert status["2023-10-13"] == ("unchanged",)
    moved = next(s for s in result.steps if s.release.effective_date == "2025-06-06")
    assert (moved.previous_number, moved.number) == ("701.32", "701.38")


def test_an_old_number_is_read_in_the_release_named():
    result = history("701.32", _releases(), release="2025-04-04")
    assert result.name == "Vote"
    assert _numbers(result) == VOTE
    # without a release, 701.32 is the newest release's 701.32: Set in Motion
    assert history("701.32", _releases()).name == "Set in Motion"


def test_the_ring_tempts_you():
    result = history("the ring tempts you", _releases())
    numbers = _numbers(result)
    assert numbers["2022-11-18"] is None
    assert numbers["2023-10-13"] == numbers["2025-04-04"] == "701.52"
    assert numbers["2025-06-06"] == numbers["2025-11-14"] == "701.54"
    step = next(s for s in result.steps if s.release.effective_date == "2025-06-06")
    # 701.52d cites 701.52a, updated to 701.54a by the renumbering itself
    assert any(c.refs_renumbered == (("701.52a", "701.54a"),) for c in step.changes)


def test_rewording_is_reported_with_the_words():
    result = history("set in motion", _releases())
    step = next(s for s in result.steps if s.release.effective_date == "2018-07-13")
    assert "reworded" in step.status and "renumbered" in step.status
    inserted = " ".join(seg.text for c in step.changes for seg in c.words if seg.op == "insert")
    assert "considered to have been set in motion" in inserted


def test_render_and_json():
    result = history("vote", _releases())
    text = render_history(result)
    assert "2025-06-06  701.38    renumbered 701.32 -> 701.38" in text
    assert "2012-07-01  -         absent" in text
    data = result.to_dict()
    assert [s["number"] for s in data["steps"]] == list(VOTE.values())


def test_unknown_rule_or_words():
    with pytest.raises(NotFoundError, match="no rule matching 'zzyzx'"):
        history("zzyzx", _releases())
    with pytest.raises(NotFoundError, match="no rule 799.99"):
        history("799.99", _releases())
    with pytest.raises(NotFoundError, match="no release 2019-01-01"):
        history("vote", _releases(), release="2019-01-01")


@pytest.mark.parametrize("query, number, name", [("travolgere", "702.19", "Trample"),
                                                 ("piétinement", "702.19", "Trample"),
                                                 ("legame vitale", "702.15", "Lifelink"),
                                                 ("esilio", "406", "Exile"),
                                                 ("segnalino", "122", "Counters"),  # not 701.6 Counter
                                                 ("neutralizzare", "701.6", "Counter"),
                                                 ("iniziativa", "725", "The Initiative")])
def test_a_game_term_in_italian_or_french_names_its_english_rule(query, number, name):
    result = history(query, [parsed_release("20251114")])
    assert (result.number, result.name) == (number, name)


def test_a_word_naming_two_game_terms_asks_which():
    with pytest.raises(NotFoundError, match="'pila' names several game terms: Stack, Pile; ask for one of them"):
        history("pila", [parsed_release("20251114")])


def test_one_release_is_not_said_in_the_plural(product_kb) -> None:
    from click.testing import CliRunner

    from kb.cli import main

    result = CliRunner().invoke(main, ["history", "voto", "--kb", str(product_kb)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("701.38 Vote (as numbered in 2025-11-14), 1 release from 2025-11-14 to 2025-11-14:")


@pytest.mark.parametrize("query, added", [("initiative", "2022-11-18"), ("717", "2022-11-18"), ("719", "2024-11-08")])
def test_a_new_chapter_is_added_not_an_older_one_renamed(query, added):
    # "The Monarch" is not "The Initiative", nor "Saga Cards" "Attraction Cards": half their words
    result = history(query, _releases())
    first = next(s for s in result.steps if s.number is not None)
    assert (first.release.effective_date, first.status) == (added, ("added",))


def test_a_renamed_chapter_whose_rules_read_alike_is_followed():
    # "Checklist Cards" became "Substitute Cards": half the title, and the rules under it read alike
    result = history("substitute cards", _releases())
    renamed = next(s for s in result.steps if s.release.effective_date == "2022-11-18")
    assert (renamed.previous_number, renamed.number) == ("713", "714") and "renumbered" in renamed.status


@pytest.mark.parametrize("old, new", [("20160826", "20251114"), ("20180713", "20221118")])
def test_release_matching_pairs_headings_by_title_and_rules(old, new):
    # "Meld Cards" is not "Saga Cards" (half the title, rules nothing alike); Checklist → Substitute is a rename
    from kb.matching import Side, match_rules

    before, after = Side(parsed_release(old)), Side(parsed_release(new))
    pairs = match_rules(before, after).pairs
    renamed = {(before.rules[o].title, after.rules[n].title) for o, n in pairs.items()
               if "." not in o and len(o) == 3 and before.rules[o].title != after.rules[n].title}
    assert renamed == {("Checklist Cards", "Substitute Cards")}
