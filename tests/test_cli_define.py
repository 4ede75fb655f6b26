"""``mtgkb define`` and :mod:`kb.glossary`: a game term by its name in any language.

Real answers on the embedded corpus (``product_kb``), and hand-made glossaries for the
foreign glossary texts a translator's import brings.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb import store
from kb.cli import main
from kb.glossary import Glossary, define
from kb.model import Document, Rule, Term


def run(kb_dir: Path, *args: str):
    return CliRunner().invoke(main, [*args, "--kb", str(kb_dir)])


@pytest.mark.parametrize("query, term, rule, names", [
    ("voto", "Vote", "701.38 Vote", {"it": "votare", "fr": "voter"}),
    ("zone publique", "Public Zone", "400.2 Public zones are zones", {"it": "zona pubblica", "fr": "zone publique"}),
    ("legame vitale", "Lifelink", "702.15 Lifelink", {"it": "legame vitale", "fr": "lien de vie"}),
    ("Vote", "Vote", "701.38 Vote", {}),
    ("piétinement", "Trample", "702.19 Trample", {"it": "travolgere"}),
])
def test_define_reaches_the_term_and_its_rules_from_any_language(product_kb: Path, query, term, rule, names) -> None:
    result = run(product_kb, "define", query)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(term + "  (")
    assert "  [en] " in result.output and "Magic: The Gathering Comprehensive Rules, 2025-11-14" in result.output
    assert any(line.strip().startswith(rule) for line in lines[lines.index("  Rules:"):]), result.output
    for lang, name in names.items():
        assert any(line.startswith(f"  {lang}: ") and name in line for line in lines), (lang, name)


def test_define_json_shape(product_kb: Path) -> None:
    result = run(product_kb, "define", "voto", "--json")
    assert result.exit_code == 0
    [entry] = json.loads(result.output)
    assert {"term", "kind", "match", "names", "text", "rules", "source"} <= set(entry)
    assert entry["term"] == "Vote" and entry["match"] == "exact" and entry["kind"] == "keyword-action"
    assert entry["names"]["en"] == ["Vote"] and "votare" in entry["names"]["it"] and "voter" in entry["names"]["fr"]
    assert entry["rules"] == [{"number": "701.38", "title": "Vote", "text": "Vote", "lang": "en"}]
    assert entry["source"]["title"] == "Magic: The Gathering Comprehensive Rules"
    assert entry["text"]["en"]["text"].startswith("Some cards instruct players to vote")
    # the Italian wiki page on Vote describes it: an Italian text, with where it comes from
    italian = entry["text"]["it"]
    assert italian["kind"] == "keyword page" and italian["source"]["provenance"] == "community"
    assert italian["text"].startswith("Vote è un'azione definita da parola chiave")


def test_a_misspelling_finds_the_nearest_term(product_kb: Path) -> None:
    result = run(product_kb, "define", "deathtuch")
    assert result.exit_code == 0
    assert result.output.startswith("(No term named 'deathtuch'; the nearest is Deathtouch.)\nDeathtouch  (")
    assert "702.2 Deathtouch" in result.output and "it: tocco letale" in result.output


def test_a_fragment_lists_the_terms_to_choose_from(product_kb: Path) -> None:
    result = run(product_kb, "define", "zon")
    assert result.exit_code == 0
    assert result.output.startswith("No term named 'zon'; terms with a close name:")
    listed = [line.strip() for line in result.output.splitlines()[1:-1]]
    assert "Public Zone (zona pubblica, zone publique)" in listed and "Hidden Zone (zona nascosta, zone cachée)" in listed


def test_lang_shows_that_language_or_says_it_shows_english(product_kb: Path) -> None:
    italian = run(product_kb, "define", "vote", "--lang", "it").output
    assert "  [it] Vote è un'azione" in italian and "  [en] " not in italian
    french = run(product_kb, "define", "lifelink", "--lang", "fr").output
    assert "(No French definition held: showing English.)" in french and "  [en] A keyword ability" in french


def test_an_unknown_term_is_one_line_and_status_1(product_kb: Path) -> None:
    result = run(product_kb, "define", "qwxzyk")
    assert result.exit_code == 1
    assert result.output == "Error: no term named 'qwxzyk' in English, Italian or French\n"


def test_an_ability_word_has_no_glossary_entry_but_its_rule(product_kb: Path) -> None:
    [entry] = json.loads(run(product_kb, "define", "volontà del concilio", "--json").output)
    assert entry["kind"] == "ability-word" and entry["text"] == {} and entry["source"] is None
    assert [r["number"] for r in entry["rules"]] == ["207.2c"]


# -- glossary texts in other languages, whatever document holds them ----------------------------

def _kb(tmp_path: Path, *documents: Document) -> store.KnowledgeBase:
    build = store.stage(tmp_path)
    store.write_documents(build, list(documents))
    store.publish(tmp_path, build)
    return store.KnowledgeBase.open(tmp_path)


ENGLISH = Document(id="cr-en", lang="en", format="cr-text", effective_date="2025-11-14",
                   title="Magic: The Gathering Comprehensive Rules",
                   rules=(Rule("701.38", "rule", text="Vote"), Rule("701.10", "rule", text="Double"),
                          Rule("702.15", "rule", text="Lifelink")),
                   terms=(Term(("Vote",), "Some cards instruct players to vote. See rule 701.38, “Vote.”",
                               refs=("701.38",)),
                          Term(("Lifelink",), "A keyword ability. See rule 702.15, “Lifelink.”", refs=("702.15",))))


def test_an_imported_italian_glossary_text_joins_its_english_term(tmp_path: Path) -> None:
    italian = Document(id="imported-it", lang="it", format="mtgkb-translation", provenance="translator",
                       title="Glossario (traduzione)", effective_date="2025-12-01",
                       terms=(Term(("Voto",), "Alcune carte chiedono ai giocatori di votare. Vedi regola 701.38."),
                              Term(("Parola inventata",), "Un termine che nessun vocabolario conosce.")))
    with _kb(tmp_path, ENGLISH, italian) as kb:
        [vote] = define(kb, "voto")
        assert vote["term"] == "Vote" and vote["text"]["it"]["text"].startswith("Alcune carte chiedono")
        assert vote["text"]["it"]["source"] == {"id": "imported-it", "title": "Glossario (traduzione)",
                                                "effective_date": "2025-12-01", "lang": "it",
                                                "provenance": "translator"}
        assert define(kb, "vote") == [vote]
        # a foreign entry nothing aligns is an entry of its own language, not lost
        [alone] = define(kb, "parola inventata")
        assert alone["term"] == "Parola inventata" and set(alone["text"]) == {"it"} and alone["source"] is None
        # the glossary lists both, and finds them by their Italian names
        glossary = Glossary(kb)
        assert [e.term for e in glossary.find("voto", ("it",))] == ["Vote"]
        assert [e.term for e in glossary.find("voto", ("fr",))] == []


def test_a_vocabulary_rule_number_of_another_release_is_not_shown(tmp_path: Path) -> None:
    # here 702.15 is Lifelink but 701.38 is not Vote: the vocabulary's 701.38 for Vote must not be shown
    english = Document(id="cr-en", lang="en", format="cr-text", effective_date="2024-11-08",
                       rules=(Rule("701.38", "rule", text="Explore"),),
                       terms=(Term(("Vote",), "Some cards instruct players to vote.", refs=()),))
    with _kb(tmp_path, english) as kb:
        [vote] = define(kb, "voto")
        assert vote["term"] == "Vote" and vote["rules"] == []


def test_define_json_labels_how_each_entry_matched(product_kb: Path) -> None:
    def matches(query: str) -> set[str]:
        result = run(product_kb, "define", query, "--json")
        assert result.exit_code == 0, result.output
        return {entry["match"] for entry in json.loads(result.output)}

    assert matches("legame vitale") == {"exact"}
    assert matches("deathtuch") == {"fuzzy"}  # a misspelling: the nearest spelling
    assert matches("zon") == {"prefix"}  # names starting with the letters typed


def test_an_english_name_of_two_concepts_keeps_their_names_apart(product_kb: Path) -> None:
    """Counter is to counter a spell (701.6) and a counter (122): segnalino is never a name of neutralizzare."""
    result = run(product_kb, "define", "segnalino")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    action, counter = lines.index("  as a keyword action (sense 1, rule 701.6):"), \
        lines.index("  as a counter (sense 2, rule 122):")
    assert lines[action + 1] == "    it: neutralizzare, neutralizza" and lines[counter + 1] == "    it: segnalino"
    assert not any("neutralizzare" in line and "segnalino" in line for line in lines)
    [entry] = json.loads(run(product_kb, "define", "esilio", "--json").output)
    senses = {s["concept"]: s for s in entry["senses"]}
    assert senses["zone:exile"]["names"]["it"] == ["esilio"] and senses["zone:exile"]["rules"] == ["406"]
    assert "esilio" not in senses["keyword-action:exile"]["names"]["it"]
    assert senses["zone:exile"]["sense"] is None  # its "See rule 406" closes the other sense: no guess
    assert json.loads(run(product_kb, "define", "voto", "--json").output)[0]["senses"] == []
