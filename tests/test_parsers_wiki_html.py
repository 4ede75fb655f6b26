"""Wiki pages as HTML give the same Document as their text form (hand-made fixtures, see fixtures/README.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from .conftest import CORPUS, FIXTURES
from kb.errors import ParseError
from kb.model import Document, to_dict
from kb.parsers import parse_source, wiki_cr_text, wiki_html, wiki_keyword_text
from kb.sources import read_source, source_from_bytes

VOTO_HTML = FIXTURES / "wiki_voto.html"
VOTO_TEXT = CORPUS / "000_a6d3485c321a44a0.txt"
CR_HTML = FIXTURES / "wiki_cr_sezione4_excerpt.html"
CR_TEXT = FIXTURES / "wiki_cr_sezione4_excerpt.txt"


def _content(doc: Document) -> dict:
    """What a page says, without where it says it (id, path, hash, format, line numbers, accounting)."""
    def strip_lines(value):
        if isinstance(value, dict):
            return {k: strip_lines(v) for k, v in value.items() if k not in ("line", "end_line")}
        if isinstance(value, (list, tuple)):
            return [strip_lines(v) for v in value]
        return value
    data = strip_lines(to_dict(doc))
    for key in ("id", "path", "sha256", "format", "accounting", "warnings"):
        data.pop(key)
    return data


def test_keyword_page_html_equals_text_form():
    html = wiki_html.parse(read_source(VOTO_HTML))
    text = wiki_keyword_text.parse(read_source(VOTO_TEXT))
    assert html.format == "wiki-html"
    assert _content(html) == _content(text)
    assert len(html.rulings) == 5 and [r.number for r in html.rules][-1] == "701.31d"
    assert html.effective_date == "2024-11-23"


def test_cr_page_html_equals_text_form_but_for_the_page_title():
    html = wiki_html.parse(read_source(CR_HTML))
    text = wiki_cr_text.parse(read_source(CR_TEXT))
    assert html.title == "Regolamento Completo/Sezione 4"  # only the HTML page carries a title
    assert text.title is None
    assert _content(replace(html, title=None)) == _content(text)
    rules = html.rule_map()
    assert rules["400"].title == "Generale"  # edit link dropped
    assert rules["401"].pointer == "Vedi Grimorio."
    assert rules["400.7b"].refs == ("611.3d",)  # the rule number is a link in the HTML
    assert html.cards[0].foreign == (("it", "Arcangelo Mirabile", "", ""),)


@pytest.mark.parametrize("path", [VOTO_HTML, CR_HTML])
def test_every_html_line_accounted_with_html_line_numbers(path):
    source = read_source(path)
    doc = wiki_html.parse(source)
    acc = doc.accounting
    assert acc.total == len(source.lines)
    assert acc.accounted == acc.total
    assert acc.unparsed == ()
    assert acc.boilerplate["markup"] > 0


def test_cr_html_rules_carry_their_html_lines():
    source = read_source(CR_HTML)
    doc = wiki_html.parse(source)
    for rule in doc.rules:
        if rule.line is not None:
            number = rule.number if rule.kind != "chapter" else f"{rule.number} - "
            assert number in source.lines[rule.line - 1], rule.number


def test_multi_line_paragraph_lines_all_landed():
    source = read_source(VOTO_HTML)
    doc = wiki_html.parse(source)
    quote_line = doc.rules[0].line
    assert "Tratto dal Regolamento" in source.lines[quote_line - 1]
    rule_lines = [n for n, text in enumerate(source.lines, 1) if "<b>701.31" in text]
    assert rule_lines == list(range(quote_line + 1, quote_line + 6))
    # Landed: title h1 (2 lines), 3 infobox fields (3 lines each), description, 5 rulings,
    # the quote paragraph's 6 lines. Without spreading a paragraph over its lines only 18.
    assert doc.accounting.landed == 2 + 9 + 1 + 5 + 6


def _html(body: str, name: str = "page.html"):
    return source_from_bytes(body.encode("utf-8"), name)


def test_html_without_parser_output():
    with pytest.raises(ParseError) as err:
        wiki_html.parse(_html("<html><body><p>Nothing here</p></body></html>"))
    assert err.value.line == 1 and "mw-parser-output" in err.value.message


def test_html_with_empty_parser_output_names_its_line():
    page = "<html>\n<body>\n<div class=\"mediawiki\">\n<div class=\"mw-parser-output\">\n\n</div>\n</div>\n</body></html>"
    with pytest.raises(ParseError) as err:
        parse_source(_html(page))
    assert err.value.line == 4 and "empty" in err.value.message
    assert str(err.value).count("\n") == 0


def test_html_with_unrelated_content():
    page = "<html><body>\n<div class=\"mw-parser-output\">\n<p>Una pagina qualsiasi.</p>\n</div></body></html>"
    with pytest.raises(ParseError) as err:
        wiki_html.parse(_html(page))
    assert "neither" in err.value.message and err.value.line == 3


def test_garbled_html_rule_reports_html_line():
    text = read_source(CR_HTML).text.replace("<li>400.4b ", "<li>400.4c ", 1).replace("<li>400.4a ", "<li>400.4c ", 1)
    line = next(n for n, t in enumerate(text.split("\n"), 1) if "400.4c" in t) + 1
    with pytest.raises(ParseError) as err:
        wiki_html.parse(_html(text, "garbled.html"))
    assert err.value.line == line and "duplicated" in err.value.message


def test_line_breaks_footnotes_and_edit_links_in_a_pointer_only_page():
    page = ('<html><body><div class="mw-parser-output">\n'
            '<h2><span class="mw-headline">401 - Grimorio</span></h2>\n'
            '<p>Vedi<br>Grimorio.<sup class="reference">[1]</sup></p>\n'
            '<h2>402 - Mano<span class="mw-editsection">[edit]</span></h2>\n'
            '<p>Vedi Mano.</p>\n</div></body></html>')
    doc = wiki_html.parse(_html(page))
    assert [(r.number, r.title, r.pointer, r.line) for r in doc.rules] == [
        ("4", None, None, None), ("401", "Grimorio", "Vedi Grimorio.", 2), ("402", "Mano", "Vedi Mano.", 4)]
