"""The players' phrasings of the rules (corpus/rule-phrases.tsv): in step with the embedded release,
kept off a rule whose text is another, and searched with the rule's question document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from indexer.analysis import terms
from indexer.build import collect_items
from indexer.phrasings import phrases_for, rule_phrases, stamp, text_digest
from indexer.questions import QuestionIndex
from kb.store import KnowledgeBase


@pytest.fixture(scope="module")
def english_rules(product_kb) -> dict[str, str]:
    with KnowledgeBase.open(product_kb) as kb:
        return {item.number: item.content for item in collect_items(kb)
                if item.kind == "rule" and item.lang == "en" and item.number}


def test_every_phrase_is_for_a_rule_of_the_embedded_release_as_its_text_reads(english_rules) -> None:
    table = rule_phrases()
    assert len(table) > 2000  # most rules of 2025-11-14 have some
    stale = [number for number, lines in table.items()
             if number not in english_rules or any(d != text_digest(english_rules[number]) for _, _, d in lines)]
    assert stale == []
    assert {lang for lines in table.values() for lang, _, _ in lines} == {"en", "it", "fr"}


def test_a_rule_whose_text_is_another_takes_none_of_its_phrases(english_rules) -> None:
    assert phrases_for("111.7", english_rules["111.7"])
    assert phrases_for("111.7", english_rules["111.7"] + " Reworded.") == []
    assert phrases_for("999.9", "no such rule") == []


def test_stamping_writes_the_digest_of_each_rules_text_and_names_the_numbers_not_held(tmp_path: Path) -> None:
    table = tmp_path / "phrases.tsv"
    table.write_text("# number\tlang\tphrase\ttext\n104.4a\ten\tboth players lose at once\n"
                     "104.4a\tit\tperdono tutti e due insieme\t0123456789\n999.1\ten\tno such rule\n", encoding="utf-8")
    stamped, missing = stamp(table, {"104.4a": "If all the players remaining in a game lose simultaneously, the game is a draw."})
    assert (stamped, missing) == (2, ["999.1"])
    lines = table.read_text(encoding="utf-8").splitlines()
    digest = text_digest("If all the players remaining in a game lose simultaneously,  the game is a draw.")
    assert lines[0].startswith("#")
    assert lines[1:3] == [f"104.4a\ten\tboth players lose at once\t{digest}", f"104.4a\tit\tperdono tutti e due insieme\t{digest}"]
    assert lines[3] == "999.1\ten\tno such rule"


def test_a_damaged_table_is_one_line_of_error_naming_its_line(tmp_path: Path) -> None:
    from kb.errors import ParseError

    table = tmp_path / "phrases.tsv"
    table.write_text("104.4a\ten\tboth players lose at once\n", encoding="utf-8")
    with pytest.raises(ParseError, match=r"phrases\.tsv:1: expected 4 tab-separated cells"):
        rule_phrases(table)


def test_the_question_document_of_a_rule_holds_its_phrases_words(product_kb, english_rules) -> None:
    with KnowledgeBase.open(product_kb) as kb:
        index = QuestionIndex(kb.index_dir)
    doc = next(i for i, d in enumerate(index.docs) if d["key"] == "rule/111.7")
    phrased = {term for lang, phrase in phrases_for("111.7", english_rules["111.7"]) if lang == "en"
               for term in terms(phrase, "en")}
    extra = phrased - set(terms(english_rules["111.7"], "en"))
    assert extra
    postings = index.postings["en"]
    assert all(doc in postings[term][::2] for term in extra)


def test_a_question_in_players_words_reaches_the_rule_and_says_which_phrasing_it_met(product_kb) -> None:
    from click.testing import CliRunner

    from kb.cli import main

    query = "what happens to a bounced token"
    done = CliRunner().invoke(main, ["search", "--kb", str(product_kb), "-n", "3", "--json", "--explain", query])
    assert done.exit_code == 0, done.output
    hits = json.loads(done.stdout)["hits"]
    # the rules of tokens leaving the battlefield say "a zone other than the battlefield", never "bounce"
    assert {"rule/111.7", "rule/704.5d"} & {hit["id"] for hit in hits}
    assert all(any("bounce" in phrase for phrase in hit["phrases"]) for hit in hits if hit["id"] in ("rule/111.7", "rule/704.5d"))
    shown = CliRunner().invoke(main, ["search", "--kb", str(product_kb), "-n", "3", "--explain", query]).stdout
    assert "    met by our players' phrasing (not the rules' text): “" in shown
    plain = CliRunner().invoke(main, ["search", "--kb", str(product_kb), "-n", "3", query]).stdout
    assert "players' phrasing" not in plain


def test_a_rules_lines_looked_up_in_the_tables_text_are_those_the_full_parse_reads() -> None:
    from indexer.phrasings import lines_of

    table = rule_phrases()
    assert all(lines_of(number) == [list(line) for line in lines] for number, lines in table.items())
    assert lines_of("999.9") == []


def test_the_stamping_command_leaves_the_committed_table_as_it_is(product_kb, tmp_path: Path) -> None:
    from indexer.stamp_phrasings import main

    table = tmp_path / "rule-phrases.tsv"
    committed = (Path(__file__).resolve().parent.parent / "corpus" / "rule-phrases.tsv").read_text(encoding="utf-8")
    table.write_text(committed, encoding="utf-8")
    assert main([str(table), "--kb", str(product_kb)]) == 0
    assert table.read_text(encoding="utf-8") == committed
