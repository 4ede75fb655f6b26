"""eval/: the question set split by situation, the measures, the coordinate search and the final look."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace

import pytest

from eval import qrels, split, tune
from eval.qrels import Figures, load_questions, paired_bootstrap, rank_of


def test_no_situation_is_on_both_sides_of_the_committed_split() -> None:
    questions = load_questions(split=None)
    dev = [q for q in questions if q.half == "dev"]
    test = [q for q in questions if q.half == "test"]
    assert len(dev) + len(test) == len(questions) == 300
    dev_gold = {g for q in dev for g in q.gold}
    dev_notes = {q.note.strip().lower() for q in dev}
    assert [q.query for q in test if set(q.gold) & dev_gold or q.note.strip().lower() in dev_notes] == []
    for lang in qrels.LANGS:  # each language about evenly split
        assert 45 <= sum(q.lang == lang for q in dev) <= 55


def test_the_committed_split_is_what_the_split_script_deals() -> None:
    questions = load_questions(split=None)
    half_of = split.deal(questions, split.situations(questions))
    assert [half_of[i] for i in range(len(questions))] == [q.half for q in questions]


def test_a_situation_asked_in_three_languages_is_one_group() -> None:
    q = [qrels.Question("a", "it", "", ("rule/514.3",), "priority in cleanup step", 1),
         qrels.Question("b", "fr", "", ("rule/514.3a",), "Priority in cleanup step", 2),
         qrels.Question("c", "en", "", ("rule/514.3a", "rule/514.1"), "cleanup", 3),
         qrels.Question("d", "en", "", ("rule/100.1",), "other", 4)]
    assert split.situations(q) == [[0, 1, 2], [3]]


def test_ranks_and_figures() -> None:
    assert rank_of(["rule/1", "ruling/en/x/ab", "rule/702.19"], ("rule/702.19",)) == 3
    assert rank_of(["rule/1", "ruling/en/x/ab"], ("ruling/en/*/ab",)) == 2
    assert rank_of(["rule/%d" % i for i in range(20)], ("rule/15",)) is None  # below the tenth
    figures = Figures.of([1, 2, None, 4])
    assert (figures.n, round(figures.mrr, 4), figures.top3, figures.top10) == (4, round((1 + .5 + .25) / 4, 4), .5, .75)


def test_the_paired_bootstrap_interval_holds_the_difference() -> None:
    better = [1.0] * 30 + [0.5] * 30
    worse = [0.5] * 30 + [0.5] * 30
    gain, low, high = paired_bootstrap(better, worse)
    assert gain == pytest.approx(0.25) and 0 < low <= gain <= high
    gain, low, high = paired_bootstrap(worse, worse)
    assert gain == low == high == 0
    with pytest.raises(ValueError):
        paired_bootstrap([1.0], [])


@dataclass(frozen=True)
class _Group:
    enabled: bool = True
    weight: float = 1.0
    window: int = 4


@dataclass(frozen=True)
class _Params:
    """A stand-in with the shape of indexer.params.Params, to test the search itself."""

    boost: _Group = _Group()

    def replace(self, **changes):
        out = self
        for name, value in changes.items():
            group, field = name.split(".")
            out = replace(out, **{group: replace(getattr(out, group), **{field: value})})
        return out


def test_the_coordinate_search_keeps_a_change_only_when_the_score_rises() -> None:
    def score(p: _Params) -> float:  # best at weight 2.0, window has no effect
        return 1 - abs(p.boost.weight - 2.0) / 10

    seen: list[str] = []
    tuned, best = tune.coordinate_search(score, _Params(), ["boost.weight", "boost.window"], say=seen.append)
    assert tuned.boost.weight == 2.0 and tuned.boost.window == 4 and best == 1.0
    assert tune.numbers(tuned) == {"boost.weight": 2.0, "boost.window": 4}  # the switch is left out
    assert any("kept boost.weight = 2.0" in line for line in seen)


def test_without_final_only_the_development_half_is_searched(product_kb, monkeypatch) -> None:
    import importlib.util

    from kb.store import KnowledgeBase
    from tests.conftest import ROOT

    spec = importlib.util.spec_from_file_location("search_quality", ROOT / "benchmarks" / "search_quality.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    asked: list = []

    def recording(path=qrels.QUESTIONS, split="dev"):
        asked.append(split)
        return load_questions(path, split)[:3]

    monkeypatch.setattr(module, "load_questions", recording)
    logged: list = []
    monkeypatch.setattr(module, "log_final", lambda name, figures, note: logged.append((name.split()[0], note)))
    args = argparse.Namespace(show_misses=False, record=False, final=False, note="", set=None)
    module.run_questions(KnowledgeBase.open(product_kb), args)
    assert asked == ["dev", "dev"] and logged == []  # both sets, their development halves only
    module.run_questions(KnowledgeBase.open(product_kb), argparse.Namespace(**{**vars(args), "final": True, "note": "n"}))
    assert asked == ["dev", "dev"] * 2 + ["test", "test"] and logged == [("first", "n"), ("table", "n")]


# -- the second set (issue 31): table style, stories naming cards, mixed languages -----------------

def _table() -> list[qrels.Question]:
    return load_questions(qrels.TABLE_QUESTIONS, split=None)


def test_the_table_set_holds_a_hundred_questions_a_language_in_every_style() -> None:
    questions = _table()
    for lang in qrels.LANGS:
        mine = [q for q in questions if q.lang == lang]
        assert len(mine) >= 100, lang
        assert {q.style for q in mine} == set(qrels.STYLES), lang
    assert all(q.situation and q.gold for q in questions)
    assert sum(bool(q.cards) for q in questions) >= len(questions) // 2  # most name real cards


def test_no_situation_of_the_table_set_is_on_both_sides_of_its_split() -> None:
    questions = _table()
    dev = [q for q in questions if q.half == "dev"]
    test = [q for q in questions if q.half == "test"]
    assert len(dev) + len(test) == len(questions)
    dev_gold, dev_situations = {g for q in dev for g in q.gold}, {q.situation for q in dev}
    assert [q.query for q in test if set(q.gold) & dev_gold or q.situation in dev_situations] == []
    for lang in qrels.LANGS:
        share = sum(q.lang == lang for q in dev) / sum(q.lang == lang for q in questions)
        assert 0.4 <= share <= 0.6, lang
    half_of = split.deal(questions, split.situations(questions))
    assert [half_of[i] for i in range(len(questions))] == [q.half for q in questions]


def test_every_gold_answer_of_the_table_set_is_a_rule_of_the_release_it_was_checked_against() -> None:
    """The header says 2025-11-14, the release the corpus embeds: each gold rule is held there."""
    from kb.corpus import embedded_files
    from kb.parsers import parse_source
    from kb.sources import read_source

    header = [line for line in qrels.TABLE_QUESTIONS.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    assert any("2025-11-14 Comprehensive Rules" in line for line in header)
    release = next(p for p in embedded_files("release") if "20251114" in p.name)
    numbers = {rule.number for rule in parse_source(read_source(release)).rules}
    golds = {g.removeprefix("rule/") for q in _table() for g in q.gold}
    assert golds and all(g.startswith("rule/") for q in _table() for g in q.gold)
    assert sorted(golds - numbers) == []


def test_no_card_of_the_card_mention_set_is_on_both_sides_of_its_split() -> None:
    from eval.card_mentions import KINDS, deal, load_mentions

    every = load_mentions(split=None)
    assert len(every) == 237 and {m.lang for m in every} == {"it", "fr", "en"} and {m.kind for m in every} <= set(KINDS)
    sides: dict[str, set[str]] = {}
    for mention in every:
        for card in mention.cards:
            sides.setdefault(card, set()).add(mention.half)
    assert all(len(halves) == 1 for halves in sides.values())
    assert [m.half for m in every] == deal([(m.lang, m.cards) for m in every])  # as the split dealt it
    assert all(not m.cards for m in every if m.kind == "none") and all(m.cards for m in every if m.kind != "none")


def test_the_card_mention_figures_count_sentences_recall_and_precision() -> None:
    from eval.card_mentions import Figures, Mention, findings

    mentions = [Mention("en", "a", ("Fog",), "exact", "dev", 1), Mention("en", "b", (), "none", "dev", 2),
                Mention("en", "c", ("Shock", "Opt"), "part", "dev", 3)]
    found = findings(lambda s: {"a": ["Fog"], "b": ["Bob"], "c": ["Shock"]}[s], mentions)
    figures = Figures.of(found)
    assert (figures.right, figures.recall, figures.precision) == (1 / 3, 2 / 3, 2 / 3)


def test_the_cold_trials_questions_have_gold_rules_of_the_release() -> None:
    from benchmarks.trial_questions import COLUMNS, TRIALS
    from kb import tsv
    from kb.parsers import parse_source
    from kb.sources import read_source

    from .conftest import cr_release

    numbers = {r.number for r in parse_source(read_source(cr_release("20251114"))).rules}
    rows = [cells for _line, cells in tsv.rows(TRIALS, COLUMNS)]
    assert len(rows) == 1596 and {r[0] for r in rows} == {f"trial{n}" for n in range(6, 74)}
    assert all(r[5].split() and set(r[5].split()) <= numbers for r in rows)


def _each_situation_in_three_languages_and_styles(rows: list[list[str]]) -> bool:
    """Whether each situation of a table-style set's ``rows`` (its id before the language) is asked in Italian,
    French and English, one style each."""
    situations: dict[str, set[tuple[str, str]]] = {}
    for _set, id_, lang, style, _question, _gold, _reason in rows:
        situations.setdefault(id_.rsplit("-", 1)[0], set()).add((lang, style))
    return all({lang for lang, _ in asked} == {"it", "fr", "en"} and len({s for _, s in asked}) == 3
               for asked in situations.values())


def test_the_second_table_sets_questions_ask_every_situation_in_three_languages_of_rules_the_first_did_not_tune(
        ) -> None:
    from benchmarks.trial_questions import COLUMNS
    from eval.qrels import QUESTION_SETS, load_questions
    from kb import tsv
    from kb.parsers import parse_source
    from kb.sources import read_source

    from .conftest import ROOT, cr_release

    numbers = {r.number for r in parse_source(read_source(cr_release("20251114"))).rules}
    rows = [cells for _line, cells in tsv.rows(ROOT / "eval" / "table2-questions.tsv", COLUMNS)]
    assert len(rows) == 216 and {r[0] for r in rows} == {"table2-A", "table2-B", "table2-C"}
    assert _each_situation_in_three_languages_and_styles(rows)
    tuned = {g.removeprefix("rule/") for q in load_questions(QUESTION_SETS["table"], split="dev") for g in q.gold}
    assert all(r[5].split() and set(r[5].split()) <= numbers and not set(r[5].split()) & tuned for r in rows)


def test_the_third_table_sets_questions_avoid_the_gold_answers_of_the_two_sets_tuned_on() -> None:
    from benchmarks.trial_questions import COLUMNS
    from eval.qrels import QUESTION_SETS, load_questions
    from kb import tsv

    from .conftest import ROOT

    rows = [cells for _line, cells in tsv.rows(ROOT / "eval" / "table3-questions.tsv", COLUMNS)]
    second = [cells for _line, cells in tsv.rows(ROOT / "eval" / "table2-questions.tsv", COLUMNS)]
    assert len(rows) == 108 and {r[0] for r in rows} == {"table3-A", "table3-B", "table3-C"}
    tuned = {g.removeprefix("rule/") for q in load_questions(QUESTION_SETS["table"], split="dev") for g in q.gold}
    tuned |= {number for r in second for number in r[5].split()}
    assert all(r[5].split() and not set(r[5].split()) & tuned for r in rows)
    assert {r[1].rsplit("-", 1)[1] for r in rows} == {"it", "fr", "en"}


@pytest.mark.parametrize("name, earlier", [("table4", ("table2", "table3")), ("table5", ("table2", "table3", "table4")),
                                           ("table6", ("table2", "table3", "table4", "table5")),
                                           ("table7", ("table2", "table3", "table4", "table5", "table6")),
                                           ("table8", ("table2", "table3", "table4", "table5", "table6", "table7")),
                                           ("table9", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                       "table8")),
                                           ("table10", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9")),
                                           ("table11", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10")),
                                           ("table12", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11")),
                                           ("table13", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12")),
                                           ("table14", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12",
                                                        "table13")),
                                           ("table15", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12",
                                                        "table13", "table14")),
                                           ("table16", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12",
                                                        "table13", "table14", "table15")),
                                           ("table17", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12",
                                                        "table13", "table14", "table15", "table16")),
                                           ("table18", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12",
                                                        "table13", "table14", "table15", "table16", "table17")),
                                           ("table19", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12",
                                                        "table13", "table14", "table15", "table16", "table17",
                                                        "table18")),
                                           ("table20", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12",
                                                        "table13", "table14", "table15", "table16", "table17",
                                                        "table18", "table19")),
                                           ("table21", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12",
                                                        "table13", "table14", "table15", "table16", "table17",
                                                        "table18", "table19", "table20")),
                                           ("table22", ("table2", "table3", "table4", "table5", "table6", "table7",
                                                        "table8", "table9", "table10", "table11", "table12",
                                                        "table13", "table14", "table15", "table16", "table17",
                                                        "table18", "table19", "table20", "table21"))])
def test_a_holdout_table_sets_questions_avoid_the_gold_answers_of_every_set_tuned_on(name, earlier) -> None:
    from benchmarks.trial_questions import COLUMNS
    from eval.qrels import QUESTION_SETS, load_questions
    from kb import tsv
    from kb.parsers import parse_source
    from kb.sources import read_source

    from .conftest import ROOT, cr_release

    numbers = {r.number for r in parse_source(read_source(cr_release("20251114"))).rules}
    rows = [cells for _line, cells in tsv.rows(ROOT / "eval" / f"{name}-questions.tsv", COLUMNS)]
    assert len(rows) == 108 and {r[0] for r in rows} == {f"{name}-A", f"{name}-B", f"{name}-C"}
    assert len({r[1].rsplit("-", 1)[0] for r in rows}) == 36 and _each_situation_in_three_languages_and_styles(rows)
    tuned = {g.removeprefix("rule/") for q in load_questions(QUESTION_SETS["table"], split="dev") for g in q.gold}
    for each in earlier:
        tuned |= {number for _line, r in tsv.rows(ROOT / "eval" / f"{each}-questions.tsv", COLUMNS)
                  for number in r[5].split()}
    assert all(r[5].split() and set(r[5].split()) <= numbers and not set(r[5].split()) & tuned for r in rows)
