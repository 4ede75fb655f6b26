"""kb.export.selection on the embedded corpus: what a selection holds, said honestly in every file's header."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from kb.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_target_in_the_source_language_is_refused_in_one_line(product_kb: Path) -> None:
    for args in (["status", "--target", "en"], ["export", "4", "--source", "it", "--target", "it", "-f", "po"],
                 ["export", "4", "--target", "en,it", "-f", "tmx"]):
        result = run(*args, "--kb", str(product_kb))
        assert result.exit_code == 1, args
        (line,) = result.output.strip().splitlines()
        assert "source and target are both" in line and "Traceback" not in line


def test_an_italian_source_has_its_documents_date_not_1970(product_kb: Path) -> None:
    po = run("export", "4", "--source", "it", "-f", "po", "--kb", str(product_kb))
    assert po.exit_code == 0, po.output
    header = po.stdout.split("\n\n")[0]
    assert "it texts of 004_033ca0c87611b1e4 (undated; no official it release) -> en" in header
    assert "1970" not in header and "release unknown" not in header
    assert "POT-Creation-Date" not in header  # the section 4 page has no date: none is invented
    assert '"Language: en\\n"' in header and "mtgkb-cr-it no-release" in header
    vote = run("export", "701.38", "--source", "it", "-f", "xliff", "--kb", str(product_kb))
    assert 'date="2024-11-23T00:00:00Z"' in vote.stdout  # the Voto page's date
    status = run("status", "--source", "it", "--kb", str(product_kb)).stdout
    assert status.startswith("en against it texts of 004_033ca0c87611b1e4, 000_a6d3485c321a44a0 (dated 2024-11-23")


def test_every_unit_left_out_is_counted_by_reason(product_kb: Path) -> None:
    from .test_export_conformance import validate

    english = run("export", "4", "-f", "csv", "--target", "it", "--kb", str(product_kb)).stdout
    asked = len(english.strip().splitlines()) - 1  # every unit of section 4 in the English release
    po = run("export", "4", "--source", "it", "-f", "po", "--kb", str(product_kb))
    written = po.stdout.count("\nmsgctxt ")
    assert "# Not in this file: 1 unit with an empty it source text (a PO message needs one): 4\n" in po.stdout
    assert "# Not in this file: 49 units with no it source text (held in other languages only): 401.1-401.7, " \
           "402.1-402.3" in po.stdout
    assert written + 49 + 1 == asked == 89
    assert "Not exported: 49 units with no it source text" in po.stderr  # said on the terminal too
    for name in ("po", "xliff12", "xliff21", "tmx", "json"):
        data = run("export", "4", "--source", "it", "-f", name, "--kb", str(product_kb)).stdout_bytes
        assert b"no it source text" in data and (b"405.1-405.6h" in data or b'"405.6h"' in data), name
        if name != "json":
            validate(name, data)
    assert "Not exported" not in run("export", "4", "-f", "po", "--kb", str(product_kb)).stderr


def test_the_termbase_gives_each_concept_of_one_english_name_its_own_entry(product_kb: Path) -> None:
    from lxml import etree

    data = run("export", "-f", "tbx", "--target", "it,fr", "--kb", str(product_kb)).stdout_bytes
    entries = {e.get("id"): e for e in etree.fromstring(data).iter("termEntry")}

    def terms(ident: str) -> list[str]:
        return [t.text for t in entries[ident].iter("term")]

    def definition(ident: str) -> str:
        return next(d.text for d in entries[ident].iter("descrip") if d.get("type") == "definition")

    assert "term-counter" not in entries and "term-exile" not in entries
    assert terms("term-counter-keyword-action") == ["Counter", "Neutralizzare", "Neutralizza", "Contrecarrer",
                                                    "Contrecarrez"]
    assert terms("term-counter-counter") == ["Counter", "Segnalino", "Segnalini", "Marqueur", "Marqueurs"]
    assert definition("term-counter-counter").startswith("A marker placed on an object")
    assert "Comprehensive Rules: 122" in [n.text for n in entries["term-counter-counter"].iter("note")]
    assert "Esilio" in terms("term-exile-zone") and "Esiliare" not in terms("term-exile-zone")
    for entry in entries.values():  # no other entry mixes the two
        names = {t.text for t in entry.iter("term")}
        assert not ({"Neutralizzare", "Segnalino"} <= names or {"Esilio", "Esiliare"} <= names), entry.get("id")
