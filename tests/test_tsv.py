"""kb.tsv: the one reader of tab-separated data files."""

from __future__ import annotations

import pytest

from kb import tsv
from kb.errors import ParseError


def test_rows_skip_blank_and_comment_lines_and_number_the_others(tmp_path) -> None:
    path = tmp_path / "table.tsv"
    path.write_text("# a comment\nword\trules words\tnote\n\n  \nvote\tvote tied\n", encoding="utf-8")
    assert list(tsv.rows(path)) == [(2, ["word", "rules words", "note"]), (5, ["vote", "vote tied"])]
    assert list(tsv.rows(path, ("word", "rules words", "note"), optional=1))[1] == (5, ["vote", "vote tied", ""])


@pytest.mark.parametrize("names, optional, expected", [
    (("lang", "word"), 0, "expected 2 tab-separated cells (lang, word), got 3"),
    (("a", "b", "c", "d", "e"), 1, "expected 4 to 5 tab-separated cells (a, b, c, d, e), got 3"),
])
def test_a_line_with_the_wrong_number_of_cells_is_one_line_naming_file_and_line(tmp_path, names, optional,
                                                                               expected) -> None:
    path = tmp_path / "table.tsv"
    path.write_text("# header\nit\tvoto\tvote\n", encoding="utf-8")
    with pytest.raises(ParseError) as err:
        list(tsv.rows(path, names, optional))
    assert str(err.value) == f"{path}:2: {expected}"


def test_a_file_that_is_not_utf8_names_its_line(tmp_path) -> None:
    path = tmp_path / "table.tsv"
    path.write_bytes(b"it\tvoto\nfr\tvot\xe9\n")
    with pytest.raises(ParseError) as err:
        list(tsv.rows(path))
    assert str(err.value) == f"{path}:2: byte 0xe9 is not UTF-8"


def test_lines_starting_finds_a_key_of_an_embedded_table_as_the_full_parse_reads_it() -> None:
    from kb.corpus import embedded_corpus

    table = {}
    for _number, (lang, foreign, english, probability, evidence) in tsv.rows(embedded_corpus() / "wordtable.tsv"):
        table.setdefault((lang, foreign), []).append([english, probability, evidence])
    for (lang, foreign), lines in list(table.items())[::250]:
        assert tsv.lines_starting("wordtable.tsv", f"{lang}\t{foreign}\t") == lines
        assert tsv.lines_starting("wordtable.tsv", f"{lang}\t{foreign}\t", most=1) == lines[:1]
    assert tsv.lines_starting("wordtable.tsv", "it\tnessuna-parola-così\t") == []
    assert tsv.lines_starting("no-such-table.tsv", "it\t") == []


def test_lines_keyed_are_the_lines_starting_with_the_key_and_a_tab_in_the_table_s_order() -> None:
    from kb.corpus import embedded_corpus

    numbers = list(dict.fromkeys(cells[0] for _n, cells in tsv.rows(embedded_corpus() / "rule-phrases.tsv")))
    assert len(numbers) > 3000
    for number in numbers[::40] + ["702.79a", "613.1", "100.1"]:
        assert tsv.lines_keyed("rule-phrases.tsv", number) == tsv.lines_starting("rule-phrases.tsv", f"{number}\t")
        assert len(tsv.lines_keyed("rule-phrases.tsv", number)) >= 1
    assert tsv.lines_keyed("wordtable.tsv", "it") == tsv.lines_starting("wordtable.tsv", "it\t")  # the first cell only
    assert tsv.lines_keyed("rule-phrases.tsv", "999.9z") == tsv.lines_keyed("no-such-table.tsv", "it") == []
    first = tsv.lines_keyed("rule-phrases.tsv", "702.79a")
    first[0].append("changed")  # a caller's list is its own
    assert tsv.lines_keyed("rule-phrases.tsv", "702.79a") != first
