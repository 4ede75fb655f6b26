"""The phrasings share no run of five words with a question of the measured set (issue 30)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("decontaminate_phrasings",
                                                  ROOT / "benchmarks" / "decontaminate_phrasings.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_runs_fold_accents_and_skip_stop_word_runs():
    script = _script()
    assert ("la", "creature", "e", "stata", "distrutta") in script.runs("La créature è stata distrutta")
    assert script.runs("if it is in the") == set()  # stop words only
    assert script.runs("four words only here") == set()


def test_no_phrasing_shares_a_five_word_run_with_a_question_of_either_set(tmp_path):
    # before 2026-12-05 only the first set was checked here: 76 lines sharing a run with the table set remained
    script = _script()
    table = tmp_path / "rule-phrases.tsv"
    table.write_text((ROOT / "corpus" / "rule-phrases.tsv").read_text(encoding="utf-8"), encoding="utf-8")
    assert [path.name for path in script.QUESTION_SETS] == ["questions.tsv", "table-questions.tsv"]
    assert all(path.is_file() for path in script.QUESTION_SETS)
    assert script.decontaminate(table, script.QUESTION_SETS, write=False) == {}


def test_a_shared_run_drops_the_line_and_keeps_the_rest(tmp_path):
    script = _script()
    table, questions = tmp_path / "phrases.tsv", tmp_path / "questions.tsv"
    table.write_text("# head\n111.7\ten\ttoken bounced to its owner hand\tabc\n"
                     "111.7\tit\tla pedina cessa di esistere\tabc\n", encoding="utf-8")
    questions.write_text("what if a token bounced to its owner hand?\ten\tdev\trule/111.7\tnote\n", encoding="utf-8")
    assert script.decontaminate(table, questions) == {"en": 1}
    assert table.read_text(encoding="utf-8") == "# head\n111.7\tit\tla pedina cessa di esistere\tabc\n"


def test_a_set_of_the_trials_columns_is_read_by_its_question_column(tmp_path):
    script = _script()
    table, questions = tmp_path / "phrases.tsv", tmp_path / "table9-questions.tsv"
    table.write_text("111.7\ten\ttoken bounced to its owner hand\tabc\n", encoding="utf-8")
    questions.write_text("table9-A\tA-01-en\ten\tphone\twhat if a token bounced to its owner hand?\t111.7\twhy\n",
                         encoding="utf-8")
    assert script.question_runs(questions) == script.runs("what if a token bounced to its owner hand?")
    assert script.decontaminate(table, questions, write=False) == {"en": 1}
