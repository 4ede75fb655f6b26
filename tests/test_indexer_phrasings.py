"""The players' phrasings of the rules (corpus/rule-phrases.tsv): in step with the embedded release,
kept off a rule whose text is another, and searched with the rule's question document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from indexer.analysis import terms
from indexer.build import collect_items
from indexer.phrasings import placement, phrases_for, rule_phrases
from kb.curated import text_digest
from indexer.questions import QuestionIndex
from kb.store import KnowledgeBase

from .conftest import parsed_release


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


def test_a_phrase_goes_to_the_rule_holding_its_text_at_its_number_first_never_to_its_old_number() -> None:
    draw, exchange = "If all the players lose simultaneously, the game is a draw.", "To exchange two objects..."
    table = {"104.4a": [("en", "both lose at once", text_digest(draw))],
             "701.10a": [("en", "double power", text_digest("Doubling power and toughness."))],
             "100.1": [("en", "blank", text_digest("Reserved."))],
             "100.9": [("en", "lost", text_digest("Nowhere now."))]}
    placed = placement({"104.4a": "Other text.", "104.5b": draw, "701.9a": "Doubling power  and toughness.",
                        "701.10a": exchange, "100.1": "Reserved.", "100.2": "Reserved.", "100.9": "Now another."},
                       table)
    assert placed.phrases("104.5b") == [("en", "both lose at once")]  # moved: follows its text
    assert placed.phrases("701.9a") == [("en", "double power")] and placed.phrases("701.10a") == []
    assert placed.phrases("100.1") == [("en", "blank")] and placed.phrases("100.2") == []  # own number first
    assert placed.phrases("104.4a") == [] and placed.phrases("100.9") == []
    report = placed.report()
    assert (report["applied"], report["not_applied"], report["not_applied_rules"]) == (3, 1, ["100.9"])
    assert "mtgkb refresh" in report["hint"]


def test_the_table_keyed_to_2025_11_14_applies_701_10a_to_doubling_in_2025_04_04_never_to_exchange() -> None:
    from kb.curated import rule_text


    texts = {rule.number: rule_text(rule) for rule in parsed_release("20250404").rules}
    placed = placement(texts)
    doubling = {phrase for _lang, phrase, _digest in rule_phrases()["701.10a"]}
    assert texts["701.10a"].startswith("To exchange") or "exchange" in texts["701.10a"].lower()
    assert doubling and not doubling & {phrase for _lang, phrase in placed.phrases("701.10a")}
    assert doubling <= {phrase for _lang, phrase in placed.phrases("701.9a")}
    assert placed.applied > 0.85 * sum(len(lines) for lines in rule_phrases().values())


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
    assert "    met by how players ask about it (their words, not a ruling): “" in shown
    plain = CliRunner().invoke(main, ["search", "--kb", str(product_kb), "-n", "3", query]).stdout
    assert "how players ask" not in plain


def test_a_rules_lines_looked_up_in_the_tables_text_are_those_the_full_parse_reads() -> None:
    from indexer.phrasings import lines_of

    table = rule_phrases()
    assert all(lines_of(number) == [list(line) for line in lines] for number, lines in table.items())
    assert lines_of("999.9") == []


def test_the_build_says_how_many_phrasings_it_applied(readme_build, product_kb, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from kb.cli import main
    from kb.cli.build import phrasings_line

    total = sum(len(lines) for lines in rule_phrases().values())
    assert json.loads(readme_build.output)["phrasings"] == {
        "applied": total, "not_applied": 0, "not_applied_rules": [], "table": "corpus/rule-phrases.tsv", "hint": ""}
    from .conftest import copy_kb

    kb_dir = copy_kb(product_kb, tmp_path / "kb")
    out = CliRunner().invoke(main, ["build", "--reindex", "--kb", str(kb_dir)])
    assert out.exit_code == 0, out.output
    assert f"Players' phrasings: {total} applied, 0 not applied\n" in out.output
    line = phrasings_line(placement({"100.1": "Another text."}, {"100.1": [("en", "p", "0123456789")]}).report())
    assert line.startswith("Players' phrasings: 0 applied, 1 not applied (rules 100.1 of corpus/rule-phrases.tsv:")
    assert "mtgkb refresh" in line


def test_the_phrases_shown_for_a_hit_are_those_written_for_its_text_in_its_release() -> None:
    from indexer.phrasings import lines_written_for, matching_phrases
    from kb.curated import rule_text

    texts = {rule.number: rule_text(rule) for rule in parsed_release("20250404").rules}
    shown = {phrase for _lang, phrase, _digest in lines_written_for("701.9a", texts["701.9a"])}
    assert any("doubling power" in phrase for phrase in shown)  # 701.10a of 2025-11-14
    assert not any("discarding" in phrase for phrase in shown)  # 701.9a of 2025-11-14 is Discard
    words = {"en": set(terms("doubling modify layer", "en"))}
    assert matching_phrases("701.9a", set(), words, "en", english_text=texts["701.9a"])
    assert lines_written_for("999.9", "no such text") == []
