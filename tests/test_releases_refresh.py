"""``mtgkb refresh``: the curated files carried across a release by content (issue 30).

Today's files are keyed to 2025-11-14; carried back to an older release and forward again, every line
ends on a rule whose text is the text it was written for, or is listed for review (reworded, unplaced).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.curated import CURATED, CuratedFile, rule_digest
from kb.matching import Side
from kb.releases import refresh as refresh_module
from kb.releases.refresh import refresh, write_all

from .conftest import ROOT, cr_release, parsed_release

PHRASES = CURATED[0]


def _copy_curated(root: Path) -> None:
    for curated in CURATED:
        target = root / curated.path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / curated.path, target)


def _phrase_lines(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


@pytest.mark.parametrize("older", ["20250404", "20250606"])
def test_phrasings_carried_back_and_forward_land_on_the_text_they_were_written_for(tmp_path: Path, older: str):
    new, old = parsed_release("20251114"), parsed_release(older)
    new_side, old_side = Side(new), Side(old)
    _copy_curated(tmp_path)
    table = tmp_path / PHRASES.path
    written_for = _phrase_lines(table)
    assert all(rule_digest(new_side.rules[n]) == d for n, _l, _p, d in written_for)  # keyed to 2025-11-14

    back = refresh(new, old, tmp_path)
    write_all(tmp_path, back)
    carried_back = _phrase_lines(table)
    assert len(carried_back) == len(written_for)  # nothing dropped
    flagged = set()
    statuses = [change.status for change in back.files[0].changes]  # one a line, in order
    for (number, _lang, _phrase, _digest), (now, _l, _p, digest), status in zip(written_for, carried_back, statuses):
        if status in ("reworded", "unplaced"):
            flagged.add(number)
            continue
        assert old_side.key(now) == new_side.key(number), (number, now)  # the same text (cited numbers masked)
        assert rule_digest(old_side.rules[now]) == digest
    moved = back.files[0].counts()["moved"]
    assert moved > (600 if older == "20250404" else 150)

    forward = refresh(old, new, tmp_path)
    write_all(tmp_path, forward)
    # at most one rule's lines cannot be placed again (903.11's: its lines were carried back to a text that
    # did not come forward; four lines since the fourth round of phrasings, one before)
    assert len({change.old for change in forward.files[0].changes if change.status == "unplaced"}) <= 1
    again = _phrase_lines(table)
    statuses = [change.status for change in forward.files[0].changes]
    for original, now, status in zip(written_for, again, statuses):
        if original[0] not in flagged and status not in ("reworded", "unplaced"):
            assert now == original  # back where it was written, with its digest


def test_701_10a_doubling_phrasings_never_land_on_exchange(tmp_path: Path):
    old = parsed_release("20250404")
    exchange = Side(old).rules["701.10a"].text
    assert "exchange" in exchange.lower()
    _copy_curated(tmp_path)
    doubling = {(lang, phrase) for number, lang, phrase, _d in _phrase_lines(tmp_path / PHRASES.path)
                if number == "701.10a"}
    write_all(tmp_path, refresh(parsed_release("20251114"), old, tmp_path))
    landed = {(lang, phrase): number for number, lang, phrase, _d in _phrase_lines(tmp_path / PHRASES.path)
              if (lang, phrase) in doubling}
    assert doubling and set(landed.values()) == {"701.9a"}
    assert "doubling" in Side(old).rules["701.9a"].text.lower()


def test_gold_answers_and_vocabulary_rules_follow_their_rule(tmp_path: Path):
    _copy_curated(tmp_path)
    result = refresh(parsed_release("20251114"), parsed_release("20250404"), tmp_path)
    by_file = {f.path: f for f in result.files}
    vote = [c for c in by_file["corpus/vocabulary.tsv"].changes if c.old == "701.38"]
    assert vote and {c.new for c in vote} == {"701.32"} and {c.status for c in vote} == {"moved"}
    gold = by_file["eval/questions.tsv"]
    assert gold.counts()["moved"] > 0
    assert sum(gold.counts().values()) == sum(
        cells[3].count("rule/") - sum("*" in i for i in cells[3].split("|"))
        for cells in _phrase_lines(tmp_path / "eval/questions.tsv"))


def test_the_command_writes_nothing_on_a_dry_run_and_reports_per_file(tmp_path: Path):
    _copy_curated(tmp_path)
    before = {c.path: (tmp_path / c.path).read_bytes() for c in CURATED}
    args = ["refresh", str(cr_release("20251114")), str(cr_release("20250606")), "--root", str(tmp_path)]
    out = CliRunner().invoke(main, [*args, "--dry-run", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert [f["file"] for f in report["files"]] == [c.path for c in CURATED]
    assert report["files"][0]["moved"] > 0 and report["dry_run"] is True
    assert before == {c.path: (tmp_path / c.path).read_bytes() for c in CURATED}
    assert not (tmp_path / "refresh-review.tsv").exists()

    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    assert "corpus/rule-phrases.tsv:" in out.output and "moved" in out.output
    review = (tmp_path / "refresh-review.tsv").read_text(encoding="utf-8").splitlines()
    assert len(review) == 2 + len(report["review"])
    assert before["corpus/rule-phrases.tsv"] != (tmp_path / PHRASES.path).read_bytes()


def test_a_damaged_line_is_one_line_of_error_and_nothing_is_written(tmp_path: Path):
    _copy_curated(tmp_path)
    vocabulary = tmp_path / "corpus" / "vocabulary.tsv"
    vocabulary.write_text(vocabulary.read_text(encoding="utf-8") + "broken line\n", encoding="utf-8")
    before = {c.path: (tmp_path / c.path).read_bytes() for c in CURATED}
    out = CliRunner().invoke(main, ["refresh", str(cr_release("20251114")), str(cr_release("20250606")),
                                    "--root", str(tmp_path)])
    assert out.exit_code == 1
    assert out.output.strip().count("\n") == 0 and "corpus/vocabulary.tsv:" in out.output
    assert before == {c.path: (tmp_path / c.path).read_bytes() for c in CURATED}


def test_a_failed_write_leaves_every_file_as_it_was(tmp_path: Path, monkeypatch):
    _copy_curated(tmp_path)
    before = {c.path: (tmp_path / c.path).read_bytes() for c in CURATED}
    result = refresh(parsed_release("20251114"), parsed_release("20250606"), tmp_path)
    real_write = Path.write_text

    def failing(self, *args, **kwargs):
        if "questions" in self.name:
            raise OSError("disk full")
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", failing)
    with pytest.raises(refresh_module.KBError, match="nothing written"):
        write_all(tmp_path, result)
    assert before == {c.path: (tmp_path / c.path).read_bytes() for c in CURATED}
    assert sorted(p.name for p in (tmp_path / "corpus").iterdir()) == ["rule-phrases.tsv", "vocabulary.tsv"]


def test_a_file_absent_under_the_root_is_reported_not_refreshed(tmp_path: Path):
    _copy_curated(tmp_path)
    files = [CURATED[1], CuratedFile("corpus/none.tsv", "rules", 2)]
    result = refresh(parsed_release("20250606"), parsed_release("20251114"), tmp_path, files)
    assert result.to_dict()["files"][1] == {"file": "corpus/none.tsv", "present": False, "unchanged": 0,
                                            "moved": 0, "reworded": 0, "unplaced": 0}


def test_a_folder_holding_no_curated_file_is_one_line_of_error(tmp_path: Path):
    out = CliRunner().invoke(main, ["refresh", str(cr_release("20250606")), str(cr_release("20251114")),
                                    "--root", str(tmp_path)])
    assert out.exit_code == 1 and "none of the curated files is here" in out.output
    assert out.output.strip().count("\n") == 0


def test_the_committed_curated_files_name_rules_of_the_embedded_release_2025_11_14():
    release = parsed_release("20251114")
    result = refresh(release, release, ROOT)
    # the glossary's Map token cites 110.10, which 2025-11-14 does not hold (predefined tokens are 111.10)
    assert [(c.path, c.old) for f in result.files for c in f.changes if c.status != "unchanged"] == [
        ("corpus/vocabulary.tsv", "110.10")]


def test_a_file_refreshed_to_another_release_than_old_is_refused(tmp_path: Path):
    _copy_curated(tmp_path)
    write_all(tmp_path, refresh(parsed_release("20251114"), parsed_release("20250606"), tmp_path))
    before = {c.path: (tmp_path / c.path).read_bytes() for c in CURATED}
    out = CliRunner().invoke(main, ["refresh", str(cr_release("20251114")), str(cr_release("20250404")),
                                    "--root", str(tmp_path)])
    assert out.exit_code == 1 and "refreshed to 2025-06-06, not to OLD (2025-11-14)" in out.output
    assert before == {c.path: (tmp_path / c.path).read_bytes() for c in CURATED}


def test_the_vocabulary_first_rules_are_checked_against_an_older_release_built():
    from kb.cli.build import vocabulary_line
    from kb.curated import vocabulary_in_release

    assert vocabulary_in_release(parsed_release("20251114"))["checked"] is False  # its own release
    report = vocabulary_in_release(parsed_release("20250404"))
    assert report["checked"] and report["release"] == "2025-11-14" and report["built"] == "2025-04-04"
    assert "701.38" in report["elsewhere"]  # Vote: 701.32 in 2025-04-04
    assert report["moved"] >= len(report["elsewhere"]) > 50 and report["unplaced"] > 0
    assert sum(report[s] for s in ("unchanged", "moved", "reworded", "unplaced")) == report["first_rules"]
    assert "mtgkb refresh" in vocabulary_line(report)
