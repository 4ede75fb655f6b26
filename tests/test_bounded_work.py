"""Bounded work: nothing a file, a query or a command line carries makes mtgkb hang, eat memory or
print a traceback; each attack ends in a result, a warning or a one-line error."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.errors import ParseError, SourceError
from kb.ingest import ingest
from kb.parsers import parse_source, wiki_html
from kb.refs import MAX_RANGE_SPAN, find_refs
from kb.sources import read_source, source_from_bytes

from .conftest import FIXTURES
from .timing import growth

CLEAN = FIXTURES / "cr_defects" / "clean.txt"
MTGJSON_HEAD = '{"meta": {"date": "2022-04-25", "version": "5.2.0"}, "data": {"baseSetSize": 1, "code": "XXX", '


def test_a_citation_range_of_ten_million_rules_is_kept_as_its_ends() -> None:
    assert find_refs("See rule 100.2-9999999.") == ("100.2", "100.9999999")
    span = MAX_RANGE_SPAN + 1
    assert find_refs(f"rules 100.1-100.{span}") == tuple(f"100.{n}" for n in range(1, span + 1))
    assert find_refs(f"rules 100.1-100.{span + 1}") == ("100.1", f"100.{span + 1}")


def test_forty_thousand_citations_are_each_found_once() -> None:
    # its cost (linear, not quadratic) is measured by benchmarks/bounded_work.py
    text = " ".join(f"See rule {100 + i % 800}.{i % 97}." for i in range(40000))
    assert len(find_refs(text)) == 40000


def test_a_five_thousand_digit_rule_number_in_a_file_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text(CLEAN.read_text(encoding="utf-8").replace("505.3. First", "505." + "3" * 5000 + ". First"),
                    encoding="utf-8")
    doc = parse_source(read_source(path))
    assert doc.rule_map()["505.3"].text.startswith("First")
    [warning] = doc.warnings
    assert warning.startswith(f"{path}:") and "(too long) after 505.2" in warning and "taken as 505.3" in warning
    assert len(warning) < 300


@pytest.mark.parametrize("argument", ["400." + "7" * 5000, "4" * 5000, "400.7-" + "9" * 5000])
def test_a_five_thousand_digit_rule_number_on_the_command_line_is_one_line(kb_cache, argument: str) -> None:
    kb_dir = kb_cache.shared([CLEAN])
    result = CliRunner().invoke(main, ["rule", argument, "--kb", str(kb_dir)])
    assert result.exit_code == 1 and result.output.count("\n") == 1 and len(result.output) < 200
    assert result.output.startswith("Error: ")


def test_leading_zero_chapters_round_trip_through_a_build(kb_cache, tmp_path: Path) -> None:
    path = tmp_path / "odd.txt"
    path.write_text("These rules are effective as of November 8, 2024.\n\n012. Odd Chapter\n\n012.1. A rule.\n\n"
                    "012.1a Its subrule.\n\n100. General\n\n100.9999. Long.\n\n100.10000. Longer.\n", encoding="utf-8")
    kb_dir = kb_cache.shared([path])
    result = CliRunner().invoke(main, ["rule", "012.1", "--kb", str(kb_dir), "--json"])
    assert result.exit_code == 0, result.output
    assert [entry["number"] for entry in json.loads(result.output)] == ["012.1", "012.1a"]
    result = CliRunner().invoke(main, ["rule", "100", "--kb", str(kb_dir), "--json"])
    assert [entry["number"] for entry in json.loads(result.output)] == ["100", "100.9999", "100.10000"]


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_special_files_are_refused_before_they_are_read(tmp_path: Path, special: str) -> None:
    if special == "fifo":
        special = str(tmp_path / "pipe")
        os.mkfifo(special)
    elif not Path(special).exists():
        pytest.skip(f"{special} is not on this system")
    result = CliRunner().invoke(main, ["build", "--kb", str(tmp_path / "kb"), "--corpus", special])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith(f"Error: {special}: is a ")
    assert "not a regular file: give a file or a folder" in result.output
    assert not (tmp_path / "kb" / "CURRENT").exists()


def test_special_files_in_a_folder_are_skipped_with_the_reason(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    report = ingest([tmp_path])
    assert [(Path(s.path).name, s.reason) for s in report.skipped] == [
        ("pipe", "not a regular file (a FIFO, device, socket or broken link)")]


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 2048)
    with pytest.raises(SourceError, match=r"big.txt: file is larger than 1,024 bytes \(2,048\)"):
        read_source(path, max_bytes=1024)


@pytest.mark.parametrize("body, message", [
    ('"cards": [' + "[" * 100000 + "]" * 100000 + "]}}", "MTGJSON: JSON nested too deeply to read"),
    ('"cards": [], "totalSetSize": ' + "9" * 5000 + "}}", "MTGJSON: unreadable JSON value: Exceeds the limit"),
])
def test_json_nested_too_deep_or_with_huge_integers_is_one_line(body: str, message: str) -> None:
    source = source_from_bytes((MTGJSON_HEAD + body).encode(), "set.json")
    with pytest.raises(ParseError) as info:
        parse_source(source)
    assert str(info.value).startswith(f"set.json:1: {message}") and "\n" not in str(info.value)


def test_html_nested_ten_thousand_deep_is_one_line() -> None:
    page = ('<html><body><div class="mw-parser-output">' + "<div>" * 10000 + "x" + "</div>" * 10000
            + "</div></body></html>")
    with pytest.raises(ParseError, match=r"^deep.html:\d+: HTML nested more than 100 blocks deep"):
        parse_source(source_from_bytes(page.encode(), "deep.html"))


def test_wide_ranges_are_matched_lazily_in_rules_order(search_kb) -> None:
    from indexer.search import search

    ranges = " ".join(f"{100 + i}.1-{999 - i}.9" for i in range(8))
    english = search(search_kb, ranges, lang="en")
    french = search(search_kb, ranges + " lang:fr")
    assert [h.number for h in english[:4]] == ["100.1", "100.1a", "100.1b", "100.2"]
    # with lang:fr, a rule the French source lacks is shown in English and says so (as mtgkb rule --lang fr)
    assert [h.number for h in french[:2]] == ["100.1", "100.1a"]
    assert all(h.lang == "fr" or h.extra["fallback"] == {"asked": ["fr"], "shown": "en"} for h in french)
    found = search(search_kb, "400.1-400.9 lang:fr")  # one hit per rule, in French where French holds it
    assert len({h.number for h in found}) == len(found) and found[0].number == "400.1" and found[0].lang == "fr"


def test_a_wide_range_walks_only_the_number_keys_a_page_needs(search_kb) -> None:
    from indexer.ranges import CHECK_EVERY, range_query
    from indexer.search import open_searcher

    checks = []
    searcher = open_searcher(search_kb).searcher
    query = range_query(searcher, "1001", "9999~", 30, None, lambda: checks.append(1))
    assert len(query.subqueries) <= 60  # about a page of keys in each of the two number fields
    assert checks == []  # fewer than CHECK_EVERY keys walked: the range was not expanded
    assert CHECK_EVERY == 256


@pytest.mark.parametrize("query, message", [
    ("vote " * 201, "query too long (1005 characters; at most 1000)"),
    (" ".join(f"{100 + i}.1" for i in range(9)), "too many rule numbers and ranges in one query (at most 8)"),
])
def test_query_size_limits_are_one_line_errors(search_kb, query: str, message: str) -> None:
    from indexer.search import QueryError, search

    with pytest.raises(QueryError) as info:
        search(search_kb, query)
    assert str(info.value) == message


def test_a_search_over_its_budget_stops_with_a_message(search_kb) -> None:
    from indexer.query import SearchTimeout
    from indexer.search import search

    with pytest.raises(SearchTimeout, match=r"^the search took more than 1e-09 s of work and was stopped"):
        search(search_kb, "battlefield zone", budget=1e-9)
    assert search(search_kb, "battlefield zone", budget=5.0)


def test_misnumbered_lines_are_parsed_in_linear_time() -> None:
    line = b"400.7a Effects from static abilities that give an object a characteristic apply.\n"

    def parse_of(count: int):
        source = source_from_bytes(line * count, "repeated.txt")
        return lambda: parse_source(source)

    # 8 x the lines: linear work takes about 8 x the time, quadratic about 64 x (the old lookahead
    # took 11.5 x for 4 x the lines); a wide margin, so a busy machine does not fail linear work
    assert growth(parse_of, 2000, factor=8) <= 16


def _wiki_page(content: str) -> bytes:
    return ('<html><body><h1 id="firstHeading">Voto</h1><div class="mw-parser-output">\n' + content
            + "</div></body></html>").encode()


def test_a_wiki_page_of_many_sibling_blocks_is_read_in_linear_time() -> None:
    def lines_of(count: int):
        blocks = "".join(f"<div>\n<p>Paragrafo {i}.</p>\n</div>\n" for i in range(count))
        source = source_from_bytes(_wiki_page(blocks), "siblings.html")
        return lambda: wiki_html.page_lines(source)

    # 8 x the blocks: linear about 8 x, quadratic about 64 x (matching two trees with difflib took
    # 10 x the time for 4 x the blocks)
    assert growth(lines_of, 500, factor=8) <= 16


def test_sibling_blocks_keep_their_html_lines() -> None:
    rules = "".join(f"<div>\n<ul><li>701.{i}. Rule {i}.</li></ul>\n</div>\n" for i in range(1, 4))
    doc = parse_source(source_from_bytes(_wiki_page("<h2>701 - Azioni</h2>\n" + rules), "three.html"))
    assert [(r.number, r.line) for r in doc.rules if r.kind == "rule"] == [("701.1", 4), ("701.2", 7), ("701.3", 10)]
    assert doc.accounting.unparsed == () and doc.accounting.accounted == doc.accounting.total


def test_a_wiki_page_nested_too_deep_is_refused_as_soon_as_the_limit_is_read() -> None:
    def refuse_of(count: int):  # 200 blocks deep, then ``count`` elements the parser must never reach
        page = _wiki_page("<div>\n" * 200 + "<b>x</b>" * count + "</div>" * 200)
        source = source_from_bytes(page, "deep.html")

        def refuse() -> None:
            with pytest.raises(ParseError, match=r"^deep.html:101: HTML nested more than 100 blocks deep"):
                parse_source(source)
        return refuse

    # 8 x the content past the limit: read through, it took 8 x the time; refused at the limit, about
    # 1-1.5 x (the page is decoded whole first), 2.3 x measured once with the suite on both cores, 3.4 x once with the
    # suite and two more test processes on the two cores (2026-12-07): 4 still tells the two apart
    assert growth(refuse_of, 10000, factor=8) <= 4
