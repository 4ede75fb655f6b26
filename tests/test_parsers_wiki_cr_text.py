"""The wiki CR text parser on the Italian seed (section 4), on broken copies of it, and format detection."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import CORPUS, FIXTURES, cr_release
from kb.errors import ParseError
from kb.numbering import SUBRULE_LETTERS
from kb.parsers import FORMATS, detect_format
from kb.parsers import wiki_cr_text
from kb.sources import read_source, source_from_bytes

SEED = CORPUS / "004_033ca0c87611b1e4.txt"
KEYWORD_SEED = CORPUS / "000_a6d3485c321a44a0.txt"
RULINGS_SEED = CORPUS / "001_c70b93c6d7c03b3c.txt"


@pytest.fixture(scope="module")
def doc():
    return wiki_cr_text.parse(read_source(SEED))


def test_provenance_and_language(doc):
    assert (doc.lang, doc.provenance, doc.format) == ("it", "community", "wiki-cr-text")
    assert doc.effective_date is None  # the page claims no date


def test_section_is_implied_without_title(doc):
    first = doc.rules[0]
    assert (first.number, first.kind, first.title, first.line) == ("4", "section", None, None)
    assert doc.meta["implied_sections"] == ["4"]


def test_chapter_heading_edit_link_is_stripped(doc):
    chapter = doc.rule_map()["400"]
    assert (chapter.kind, chapter.title, chapter.pointer, chapter.line) == ("chapter", "Generale", None, 1)


def test_rules_and_subrules(doc):
    rules = doc.rule_map()
    assert [n for n in rules if rules[n].kind == "rule"] == [f"400.{i}" for i in range(1, 13)]
    letters = [n[len("400.7"):] for n in rules if n.startswith("400.7") and rules[n].kind == "subrule"]
    assert letters == list("abcdefghijk") + ["m"]
    assert "l" not in SUBRULE_LETTERS  # why m follows k
    assert rules["400.1"].text.startswith("Una zona è un luogo")
    assert rules["400.4a"].text.startswith("Se una carta istantaneo")


def test_example_attached_to_rule_above_with_card_pair(doc):
    rule = doc.rule_map()["400.6"]
    assert len(rule.examples) == 1
    assert rule.examples[0].text.startswith("Arcangelo Mirabile (Exquisite Archangel) ha un'abilità")
    assert rule.examples[0].line == 10
    assert not rule.text.startswith("Esempio")
    cards = {card.name: card for card in doc.cards}
    assert cards["Exquisite Archangel"].foreign == (("it", "Arcangelo Mirabile", "", ""),)
    assert len(doc.cards) == 1


def test_cross_references(doc):
    rules = doc.rule_map()
    assert rules["400.7b"].refs == ("611.3d",)
    assert rules["400.7f"].refs == ("704.5m",)
    assert rules["400.11a"].refs == ("100.4",)


def test_pointer_chapters(doc):
    rules = doc.rule_map()
    titles = ["Grimorio", "Mano", "Campo di battaglia", "Cimitero", "Pila", "Esilio", "Ante", "Comando"]
    for offset, title in enumerate(titles):
        chapter = rules[str(401 + offset)]
        assert (chapter.kind, chapter.title, chapter.pointer, chapter.text) == \
            ("chapter", title, f"Vedi {title}.", "")


def test_every_line_accounted(doc):
    source = read_source(SEED)
    acc = doc.accounting
    assert acc.total == len(source.lines) == 47
    assert acc.accounted == acc.total
    assert acc.unparsed == ()
    assert acc.landed == 47
    assert doc.warnings == ()


def test_text_form_excerpt_fixture_parses_to_seed_rules(doc):
    excerpt = wiki_cr_text.parse(read_source(FIXTURES / "wiki_cr_sezione4_excerpt.txt"))
    seed_rules = doc.rule_map()
    for rule in excerpt.rules:
        seed = seed_rules[rule.number]
        assert (rule.text, rule.title, rule.pointer, rule.refs) == (seed.text, seed.title, seed.pointer, seed.refs)
        assert [e.text for e in rule.examples] == [e.text for e in seed.examples]


# -- bad input -------------------------------------------------------------------

def _broken(lines: list[str], name: str = "broken.txt"):
    return source_from_bytes("\n".join(lines).encode("utf-8"), name)


def _seed_lines() -> list[str]:
    return read_source(SEED).lines


def test_duplicated_number_names_its_line():
    lines = _seed_lines()
    lines.insert(3, lines[2])  # 400.2 twice
    with pytest.raises(ParseError) as err:
        wiki_cr_text.parse(_broken(lines))
    assert err.value.line == 4
    assert "duplicated" in str(err.value) and str(err.value).startswith("broken.txt:4:")


def test_out_of_order_number_names_its_line():
    lines = _seed_lines()
    lines[5], lines[6] = lines[6], lines[5]  # 400.4b before 400.4a
    with pytest.raises(ParseError) as err:
        wiki_cr_text.parse(_broken(lines))
    assert err.value.line == 7 and "out of order" in err.value.message


def test_truncated_inside_a_rule_line():
    lines = _seed_lines()[:12] + ["- 400.7b"]
    with pytest.raises(ParseError) as err:
        wiki_cr_text.parse(_broken(lines))
    assert err.value.line == 13 and "no text" in err.value.message


def test_truncated_after_a_heading():
    lines = _seed_lines()[:33] + ["402 - Mano[]"]
    with pytest.raises(ParseError) as err:
        wiki_cr_text.parse(_broken(lines))
    assert err.value.line == 34 and "truncated" in err.value.message


def test_garbled_rule_number():
    lines = _seed_lines()
    lines[22] = lines[22].replace("400.7m", "400.7l")  # letters skip l
    with pytest.raises(ParseError) as err:
        wiki_cr_text.parse(_broken(lines))
    assert err.value.line == 23
    lines = _seed_lines()
    lines[4] = "- 4OO.4. Le carte"
    with pytest.raises(ParseError) as err:
        wiki_cr_text.parse(_broken(lines))
    assert err.value.line == 5 and "malformed" in err.value.message


def test_text_outside_rules_is_unparsed_not_dropped():
    lines = ["Regolamento Completo", "testo qualsiasi", *_seed_lines()[:4]]
    doc = wiki_cr_text.parse(_broken(lines))
    assert doc.title == "Regolamento Completo"
    assert [(u.line, u.text) for u in doc.accounting.unparsed] == [(2, "testo qualsiasi")]
    assert doc.accounting.accounted == doc.accounting.total == 6


def test_no_rules_at_all():
    with pytest.raises(ParseError) as err:
        wiki_cr_text.parse(_broken(["solo un titolo"]))
    assert err.value.line == 1


# -- French keywords -------------------------------------------------------------

def test_french_wiki_text_uses_french_keywords():
    lines = ["400 - Généralités[modifier]",
             "- 400.1. Une zone est un endroit où des objets peuvent se trouver (voir règle 400.2).",
             "- Exemple : une carte dans la main.",
             "401 - Bibliothèque[]",
             "Voir Bibliothèque."]
    doc = wiki_cr_text.parse(_broken(lines, "fr.txt"))
    rules = doc.rule_map()
    assert doc.lang == "fr"
    assert rules["400"].title == "Généralités"
    assert [e.text for e in rules["400.1"].examples] == ["une carte dans la main."]
    assert rules["400.1"].refs == ("400.2",)
    assert rules["401"].pointer == "Voir Bibliothèque."


def test_card_pair_heuristic():
    pairs = wiki_cr_text.find_card_pairs(
        "Vedi Arcangelo Mirabile (Exquisite Archangel). Il Signore degli Anelli (The Lord of the Rings) "
        "e (Nota che più istanze) e Banding (Obsoleto)")
    assert pairs == [("Arcangelo Mirabile", "Exquisite Archangel"),
                     ("Il Signore degli Anelli", "The Lord of the Rings")]


# -- detection ---------------------------------------------------------------------

@pytest.mark.parametrize("path, expected", [
    (SEED, "wiki-cr-text"),
    (KEYWORD_SEED, "wiki-keyword-text"),
    (RULINGS_SEED, "rulings-page"),
    (FIXTURES / "wiki_cr_sezione4_excerpt.txt", "wiki-cr-text"),
    (FIXTURES / "wiki_cr_sezione4_excerpt.html", "wiki-html"),
    (FIXTURES / "wiki_voto.html", "wiki-html"),
])
def test_detect_format_picks_the_right_parser(path: Path, expected: str):
    source = read_source(path)
    assert detect_format(source).name == expected
    assert FORMATS["cr-text"].detect(source) == 0.0


def test_official_cr_is_not_claimed_by_wiki_formats():
    source = read_source(cr_release("20241108"))
    assert detect_format(source).name == "cr-text"
    for name in ("wiki-cr-text", "wiki-keyword-text", "rulings-page", "wiki-html"):
        assert FORMATS[name].detect(source) == 0.0, name
