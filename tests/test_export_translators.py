"""What translators do with mtgkb's files, checked with the tools they use.

Conflicts (a file exported before a newer import never reverts it), all-or-nothing imports,
who and when, the glossary round trip, files as spreadsheets save them, and third-party
readers (polib, translate-toolkit: test-only dependencies) reading every exported format
with the counts and ids mtgkb wrote and ``mtgkb status`` prints.
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.store import KnowledgeBase

from .conftest import CORPUS, cr_release


def third_party(name: str):
    """A test-only reader (the ``test`` extra): skipped without it, required under CI=true."""
    try:
        return pytest.importorskip(name)
    except pytest.skip.Exception:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{name} is not installed, and CI=true requires it (pip install -e '.[test]')")
        raise


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    return result


def run_json(*args: str):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


SEED_SOURCES = lambda: [cr_release("20241108"), CORPUS / "004_033ca0c87611b1e4.txt"]  # noqa: E731
VOTE_SOURCES = lambda: [cr_release("20251114"), CORPUS / "000_a6d3485c321a44a0.txt",  # noqa: E731
                        CORPUS / "004_033ca0c87611b1e4.txt"]
NEW_400_7 = "Un oggetto che cambia zona diventa un oggetto nuovo, senza memoria della sua esistenza precedente."


@pytest.fixture()
def seed_kb(kb_cache, tmp_path: Path) -> Path:
    """The English release of 2024-11-08 with the Italian section 4 seed (this test's own copy)."""
    return kb_cache.copy(SEED_SOURCES(), tmp_path / "kb")


@pytest.fixture()
def vote_kb(kb_cache, tmp_path: Path) -> Path:
    """The English release of 2025-11-14 with the Italian Vote page and section 4 seeds (own copy)."""
    return kb_cache.copy(VOTE_SOURCES(), tmp_path / "kb")


def edit_po(path: Path, texts: dict[str, str]) -> None:
    """What a translator does in a PO editor: write msgstr for the given msgctxt, clear fuzzy."""
    polib = third_party("polib")
    catalog = polib.pofile(str(path))
    for entry in catalog:
        if entry.msgctxt in texts:
            entry.msgstr = texts[entry.msgctxt]
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
    catalog.save(str(path))


# -- conflicts, re-imports, force ----------------------------------------------------------------

def edit_xliff(path: Path, texts: dict[str, str]) -> None:
    """A translator's edit in an XLIFF 1.2 editor: the targets of the given units replaced."""
    from lxml import etree

    tree = etree.parse(str(path))
    for unit in tree.iter("{urn:oasis:names:tc:xliff:document:1.2}trans-unit"):
        if unit.get("id") in texts:
            unit.find("{urn:oasis:names:tc:xliff:document:1.2}target").text = texts[unit.get("id")]
    tree.write(str(path), xml_declaration=True, encoding="UTF-8")


REVISED_400_7 = "Un oggetto che si sposta da una zona a un'altra diventa un oggetto nuovo (rivisto)."


def test_an_older_export_reports_a_conflict_and_leaves_the_newer_edit(seed_kb: Path, tmp_path: Path) -> None:
    kb = str(seed_kb)
    older = tmp_path / "zones.it.xlf"
    assert run("export", "4", "--format", "xliff", "--target", "it", "-o", str(older), "--kb", kb).exit_code == 0
    edit_xliff(older, {"400.7": REVISED_400_7})  # the translator of the older file changed 400.7 too
    po = tmp_path / "400.7.it.po"
    assert run("export", "400.7", "--format", "po", "--target", "it", "-o", str(po), "--kb", kb).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})
    report = run_json("import", str(po), "--translator", "Giulia Rossi", "--kb", kb)
    assert report["applied"] == ["400.7"] and report["conflicts"] == []

    conflicted = run("import", str(older), "--kb", kb, "--json")
    assert conflicted.exit_code == 1, conflicted.output  # a conflict not applied fails, summary printed
    report = json.loads(conflicted.stdout)
    assert report["applied"] == []
    (conflict,) = report["conflicts"]
    assert conflict["id"] == "400.7" and conflict["kb_text"] == NEW_400_7
    assert conflict["file_text"] == REVISED_400_7
    assert "Giulia Rossi" in conflict["kb_source"]
    shown = run_json("rule", "400.7.", "--lang", "it", "--kb", kb)[0]["texts"]["it"]
    assert shown["text"] == NEW_400_7 and shown["translator"] == "Giulia Rossi" and shown["imported"]

    printed = run("import", str(older), "--kb", kb)
    assert printed.exit_code == 1
    printed = printed.stdout
    assert "conflicts 1," in printed and "conflict: 400.7" in printed
    assert f"knowledge base (translations-it-2024-11-08, Giulia Rossi, {shown['imported']}): {NEW_400_7}" in printed
    assert "file: Un oggetto che si sposta" in printed

    forced = run_json("import", str(older), "--force", "--kb", kb)
    assert forced["applied"] == forced["forced"] == ["400.7"]
    shown = run_json("rule", "400.7.", "--lang", "it", "--kb", kb)[0]["texts"]["it"]
    assert shown["text"] == REVISED_400_7 and shown["translator"] is None


def test_reimporting_a_file_is_a_no_op(seed_kb: Path, tmp_path: Path) -> None:
    kb = str(seed_kb)
    po = tmp_path / "400.7.it.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", kb).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7, "400.7a": "Testo nuovo di 400.7a."})
    assert sorted(run_json("import", str(po), "--kb", kb)["applied"]) == ["400.7", "400.7a"]
    stored = (seed_kb / "imports" / "it-2024-11-08.json").read_bytes()
    build = (seed_kb / "CURRENT").read_text()
    again = run_json("import", str(po), "--kb", kb)
    assert again["applied"] == [] and again["conflicts"] == [] and "400.7" in again["unchanged"]
    assert (seed_kb / "imports" / "it-2024-11-08.json").read_bytes() == stored
    assert (seed_kb / "CURRENT").read_text() == build  # nothing rebuilt


def test_a_failed_rebuild_leaves_the_knowledge_base_as_it_was(seed_kb: Path, tmp_path: Path, monkeypatch) -> None:
    kb = str(seed_kb)
    po = tmp_path / "a.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", kb).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})
    assert run_json("import", str(po), "--kb", kb)["applied"] == ["400.7"]
    stored = (seed_kb / "imports" / "it-2024-11-08.json").read_bytes()
    build = (seed_kb / "CURRENT").read_text()
    builds = sorted(p.name for p in (seed_kb / "builds").iterdir())

    import indexer.build

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(indexer.build, "build_index", broken)
    monkeypatch.setattr("kb.pipeline.build_index", broken)
    edit_po(po, {"400.7a": "Una modifica che non deve restare."})
    result = run("import", str(po), "--kb", kb)
    assert result.exit_code == 1 and "no space left on the device: free some space" in result.output
    assert (seed_kb / "imports" / "it-2024-11-08.json").read_bytes() == stored
    assert (seed_kb / "CURRENT").read_text() == build
    assert sorted(p.name for p in (seed_kb / "builds").iterdir()) == builds
    monkeypatch.undo()
    assert run_json("rule", "400.7a", "--lang", "it", "--kb", kb)[0]["texts"]["it"]["provenance"] != "translator"


def test_a_failed_first_import_leaves_no_stored_file(seed_kb: Path, tmp_path: Path, monkeypatch) -> None:
    po = tmp_path / "a.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("kb.pipeline.build_index", interrupted)
    assert run("import", str(po), "--kb", str(seed_kb)).exit_code != 0
    assert not (seed_kb / "imports" / "it-2024-11-08.json").exists()


def test_status_says_who_imported_and_when(seed_kb: Path, tmp_path: Path) -> None:
    po = tmp_path / "a.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})
    report = run_json("import", str(po), "--translator", "Giulia Rossi", "--kb", str(seed_kb))
    status = run_json("status", "--target", "it", "--kb", str(seed_kb))
    assert status["translators"] == [{"translator": "Giulia Rossi", "texts": 1, "last_imported": report["imported"]}]
    text = run("status", "--target", "it", "--kb", str(seed_kb)).output
    assert f"imported by Giulia Rossi: 1 text held, last {report['imported']}" in text
    shown = run("rule", "400.7.", "--lang", "it", "--kb", str(seed_kb)).output
    assert (f"it = Translations imported with mtgkb (it, from the en release 2024-11-08) (translator, imported by"
            f" Giulia Rossi, {report['imported']})"
            in shown)


def test_import_summary_lists_the_first_few_and_all_with_verbose(seed_kb: Path, tmp_path: Path) -> None:
    xlf = tmp_path / "z.xlf"
    assert run("export", "4", "-o", str(xlf), "--kb", str(seed_kb)).exit_code == 0
    short = run("import", str(xlf), "--kb", str(seed_kb)).output
    assert "applied 0, unchanged 39, kept 0, conflicts 0, untranslated 50, rejected 0" in short
    assert "untranslated: 4, 401.1, 401.2, 401.3, 401.4 … and 45 more (--verbose lists them)" in short
    full = run("import", str(xlf), "--verbose", "--kb", str(seed_kb)).output
    assert "… and" not in full and "408.3" in full


# -- states and counts as third-party tools read them ---------------------------------------------

def toolkit_counts(format_name: str, data: bytes, lang: str) -> tuple[dict[str, str], dict[str, int]]:
    """Unit id -> state, and the translated / fuzzy / untranslated counts, as translate-toolkit reads them."""
    third_party("translate.storage")
    from translate.storage import pypo, tmx, xliff, xliff2

    if format_name == "xliff12":
        units = xliff.xlifffile.parsestring(data).units
        ident = lambda u: u.xmlelement.get("id")  # noqa: E731
    elif format_name == "xliff21":
        units = xliff2.Xliff2File.parsestring(data).units
        ident = lambda u: u.getunitelement().get("name")  # noqa: E731
    elif format_name == "po":
        units = [u for u in pypo.pofile.parsestring(data).units if not u.isheader()]
        ident = lambda u: u.getcontext()  # noqa: E731
    else:
        units = tmx.tmxfile.parsestring(data, sourcelanguage="en", targetlanguage=lang).units
        ident = lambda u: u.getid()  # noqa: E731
    states = {ident(u): "translated" if u.istranslated() else "fuzzy" if u.isfuzzy() else "untranslated"
              for u in units}
    counts = {state: list(states.values()).count(state) for state in ("translated", "fuzzy", "untranslated")}
    return states, counts


@pytest.mark.parametrize("format_name", ["xliff12", "xliff21", "po", "tmx"])
def test_translate_toolkit_counts_what_mtgkb_status_prints(vote_kb: Path, format_name: str) -> None:
    status = run_json("status", "--target", "it", "--kb", str(vote_kb))["units"]
    assert status["translated"] > 30 and status["stale"] >= 5 and status["new"] > 3000
    data = run("export", "-f", format_name, "--target", "it", "--kb", str(vote_kb)).stdout_bytes
    states, counts = toolkit_counts(format_name, data, "it")
    assert len(states) == status["total"]
    if format_name == "tmx":  # TMX has no review state: a stale text (marked in its props) reads as a pair
        assert counts == {"translated": status["translated"] + status["stale"], "fuzzy": 0,
                          "untranslated": status["new"]}
    else:
        assert counts == {"translated": status["translated"], "fuzzy": status["stale"], "untranslated": status["new"]}
    assert states["400.7a"] == "translated" and states["401.1"] == "untranslated"
    assert states["701.38a"] == ("translated" if format_name == "tmx" else "fuzzy")  # renumbered 701.31a


def test_xliff12_translated_units_are_approved_and_stale_ones_never(vote_kb: Path) -> None:
    data = run("export", "400.7", "701.38", "--target", "it", "--kb", str(vote_kb)).stdout_bytes
    states, counts = toolkit_counts("xliff12", data, "it")
    assert counts == {"translated": 13, "fuzzy": 5, "untranslated": 0}
    text = data.decode("utf-8")
    assert text.count('approved="yes"') == 13
    stale = text[text.index('<trans-unit id="701.38a"'):].split("</trans-unit>")[0]
    assert "approved" not in stale and 'state="needs-review-translation"' in stale
    polib = third_party("polib")
    po = polib.pofile(run("export", "400.7", "701.38", "-f", "po", "--target", "it",
                          "--kb", str(vote_kb)).stdout)
    assert (len(po.translated_entries()), len(po.fuzzy_entries()), len(po.untranslated_entries())) == (13, 5, 0)
    assert {e.msgctxt for e in po} == set(states)


def test_translate_toolkit_reads_the_termbase(vote_kb: Path) -> None:
    third_party("translate.storage")
    from translate.storage import tbx

    data = run("export", "-f", "tbx", "--kb", str(vote_kb)).stdout_bytes
    assert data.startswith(b"<?xml") and b"<martif type=\"TBX-Basic-V1\"" in data
    names: dict[str, dict[str, list[str]]] = {}
    definitions: dict[str, str] = {}
    for lang in ("it", "fr"):
        store = tbx.tbxfile.parsestring(data, sourcelanguage="en", targetlanguage=lang)
        for unit in store.units:
            names.setdefault(unit.source, {})[lang] = [t.text for t in unit.get_target_terms()]
            definitions[unit.source] = " ".join(n.text for n in unit.get_common_notes(source=True)
                                                if n.origin == "definition")
    assert len(names) > 800
    # the vocabulary names a keyword action by its nouns too since issue 33.9 (votazione)
    assert names["Vote"]["it"] == ["Votare", "Voto", "Votazione"] and names["Vote"]["fr"] == ["Voter", "Vote"]
    assert names["Lifelink"] == {"it": ["Legame vitale"], "fr": ["Lien de vie"]}
    assert names["Public Zone"]["it"][0] == "Zona pubblica" and names["Public Zone"]["fr"] == ["Zone publique"]
    assert "vote from among given options" in definitions["Vote"]
    assert "causes a player to gain life" in definitions["Lifelink"]
    assert "A zone in which all players can be expected to see" in definitions["Public Zone"]
    assert "Comprehensive Rules: 701.38" in data.decode("utf-8")


def test_the_v3_termbase_holds_the_same_entries(vote_kb: Path) -> None:
    from kb.export import EXPORTERS

    martif = EXPORTERS["tbx"].read(run("export", "-f", "tbx", "--kb", str(vote_kb)).stdout_bytes, "a.tbx")
    v3_data = run("export", "-f", "tbx3", "--kb", str(vote_kb)).stdout_bytes
    assert b'<tbx xmlns="urn:iso:std:iso:30042:ed-2" type="TBX-Basic" style="dca"' in v3_data
    v3 = EXPORTERS["tbx3"].read(v3_data, "a.tbx")
    assert [(u.id, u.source, u.target, u.lang) for u in v3.units] == \
        [(u.id, u.source, u.target, u.lang) for u in martif.units]


def test_a_termbase_of_selected_rules_holds_the_terms_citing_them(vote_kb: Path) -> None:
    data = run("export", "701.38", "702.15", "-f", "tbx", "--kb", str(vote_kb)).stdout
    assert 'id="term-vote"' in data and 'id="term-lifelink"' in data and 'id="term-public-zone"' not in data


# -- the glossary round trip ----------------------------------------------------------------------

def test_glossary_translations_import_back_with_provenance(vote_kb: Path, tmp_path: Path) -> None:
    kb = str(vote_kb)
    for lang, name, definition in (
            ("it", "Legame vitale", "Un'abilità chiave che fa guadagnare punti vita a un giocatore."),
            ("fr", "Lien de vie", "Une capacité mot-clé qui fait gagner des points de vie à un joueur.")):
        po = tmp_path / f"glossary.{lang}.po"
        assert run("export", "702.15", "-f", "po", "--target", lang, "--include", "glossary", "-o", str(po),
                   "--kb", kb).exit_code == 0
        assert 'msgctxt "glossary/Lifelink#definition"' in po.read_text(encoding="utf-8")
        edit_po(po, {"glossary/Lifelink": name, "glossary/Lifelink#definition": definition})
        report = run_json("import", str(po), "--translator", "Ada", "--kb", kb)
        assert report["applied"] == ["glossary/Lifelink#definition"], report  # the name was already held
        assert report["rejected"] == []
        with KnowledgeBase.open(vote_kb) as opened:
            from kb.glossary import define

            (held,) = define(opened, name, (lang,))  # mtgkb define shows the imported text under Lifelink
            text = held["text"][lang]
            assert held["term"] == "Lifelink" and name in held["names"][lang]
            assert text["text"] == definition and text["source"]["provenance"] == "translator"
            assert [r["number"] for r in held["rules"]] == ["702.15"]
            pairs = [p for p in opened.term_pairs() if p.b_id == "Lifelink" and p.a_id == name]
            assert [p.method for p in pairs if p.a_doc == text["source"]["id"]] == ["declared"]
    termbase = run("export", "702.15", "-f", "tbx", "--kb", kb).stdout
    assert "Un'abilità chiave che fa guadagnare punti vita" in termbase
    assert "Une capacité mot-clé qui fait gagner des points de vie" in termbase
    again = run("export", "702.15", "-f", "po", "--target", "it", "--include", "glossary", "--kb", kb).stdout
    assert "by Ada, imported" in again
    assert 'msgctxt "glossary/Lifelink#definition"\nmsgid "A keyword ability' in again
    assert "Un'abilità chiave" in again


def test_a_glossary_definition_needs_a_name(vote_kb: Path, tmp_path: Path) -> None:
    po = tmp_path / "g.po"
    assert run("export", "701.33", "-f", "po", "--include", "glossary", "-o", str(po), "--kb", str(vote_kb)).exit_code == 0
    edit_po(po, {"glossary/Abandon#definition": "Girare a faccia in giù un piano continuo scoperto."})
    result = run("import", str(po), "--kb", str(vote_kb), "--json")
    report = json.loads(result.output)
    assert result.exit_code == 1 and report["applied"] == [] and report["complete"] is False
    assert report["rejected"] == [{"id": "glossary/Abandon#definition", "line": None,
                                   "reason": "glossary/Abandon has no it text in the file or the knowledge base"}]


# -- files as people have them ---------------------------------------------------------------------

def test_a_semicolon_csv_with_a_bom_imports(seed_kb: Path, tmp_path: Path) -> None:
    import csv
    import io

    data = run("export", "400.7", "-f", "csv", "--target", "it", "--kb", str(seed_kb)).stdout_bytes
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    assert rows[0] == ["number", "chapter", "en", "it", "status", "revision", "reason", "previous_source"]
    row = next(r for r in rows if r[0] == "400.7")
    # what Excel in an Italian locale saves: ';' between cells, a BOM, its own header names
    row[3] = NEW_400_7
    text = io.StringIO()
    writer = csv.writer(text, delimiter=";", lineterminator="\r\n")
    writer.writerows([["number", "chapter", "English", "Italiano", "status", "revision"], row[:6]])
    excel = tmp_path / "zones.csv"
    excel.write_bytes(b"\xef\xbb\xbf" + text.getvalue().encode("utf-8"))
    report = run_json("import", str(excel), "--kb", str(seed_kb))
    assert report["format"] == "csv" and report["lang"] == "it" and report["applied"] == ["400.7"]
    assert run_json("rule", "400.7.", "--lang", "it", "--kb", str(seed_kb))[0]["texts"]["it"]["text"] == NEW_400_7


def test_a_csv_with_the_target_column_first_imports(seed_kb: Path, tmp_path: Path) -> None:
    """Excel in an Italian locale, the Italian column before the English one: English is the source."""
    import csv
    import io

    kb_dir = seed_kb
    data = run("export", "400.7.", "-f", "csv", "--target", "it", "--kb", str(kb_dir)).stdout_bytes
    header, row = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))[:2]
    assert header == ["number", "chapter", "en", "it", "status", "revision", "reason", "previous_source"] and row[0] == "400.7"
    text = io.StringIO()
    csv.writer(text, delimiter=";", lineterminator="\r\n").writerows(
        [["id", "Italiano", "English", "revision"], [row[0], NEW_400_7 + " È così.", row[2], row[5]]])
    reordered = tmp_path / "zone.csv"
    reordered.write_bytes(text.getvalue().encode("cp1252"))
    for lang in ((), ("--lang", "it")):
        report = run_json("import", str(reordered), *lang, "--kb", str(kb_dir))
        assert (report["lang"], report["source_release"]) == ("it", "2024-11-08"), lang
        assert report["applied"] + report["unchanged"] == ["400.7"], lang
    shown = run_json("rule", "400.7.", "--lang", "it", "--kb", str(kb_dir))[0]["texts"]["it"]
    assert shown["text"] == NEW_400_7 + " È così."


def test_csv_reading_sniffs_separators_encodings_and_language_names() -> None:
    import csv
    import io

    from kb.export import read_translations

    rows = [["number", "English", "fr-FR"], ["400.1", 'A zone, "quoted"', "Une zone; « citée »"]]
    for sep, encoding, bom in ((",", "utf-8", ""), (";", "utf-8", "\ufeff"), ("\t", "utf-16", ""),
                               (";", "cp1252", "")):
        text = io.StringIO()
        csv.writer(text, delimiter=sep, lineterminator="\r\n").writerows(rows)
        back = read_translations((bom + text.getvalue()).encode(encoding), "x.csv")
        (unit,) = back.units
        assert (back.format, back.source_lang, unit.lang, unit.id) == ("csv", "en", "fr", "400.1"), (sep, encoding)
        assert (unit.source, unit.target) == ('A zone, "quoted"', "Une zone; « citée »"), (sep, encoding)


def test_export_takes_rule_selectors_as_arguments(vote_kb: Path) -> None:
    by_argument = run("export", "701.38", "401.1", "--format", "po", "--kb", str(vote_kb))
    assert by_argument.exit_code == 0, by_argument.output
    contexts = [line for line in by_argument.stdout.splitlines() if line.startswith("msgctxt")]
    assert contexts == ['msgctxt "401.1"', *(f'msgctxt "701.38{x}"' for x in ("", "a", "b", "c", "d"))]
    by_option = run("export", "--rules", "701.38", "--rules", "401.1", "--format", "po", "--kb", str(vote_kb))
    assert by_option.stdout == by_argument.stdout
    mixed = run("export", "701.38", "--rules", "401.1", "--format", "po", "--kb", str(vote_kb))
    assert mixed.stdout == by_argument.stdout


def test_the_web_rule_page_names_the_translator_and_time(seed_kb: Path, tmp_path: Path) -> None:
    from .webtools import require_web

    require_web()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette warns about its httpx test client
        from starlette.testclient import TestClient

    from kb.web.app import create_app

    po = tmp_path / "a.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})
    report = run_json("import", str(po), "--translator", "Giulia Rossi", "--kb", str(seed_kb))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette warns about its httpx test client
        client = TestClient(create_app(seed_kb))
    with client:
        page = client.get("/rules/400.7?lang=it").text
    assert NEW_400_7 in page
    assert f'<span class="translator">Giulia Rossi, <time datetime="{report["imported"]}">' in page


def test_an_import_killed_before_its_build_was_published_is_rolled_back(seed_kb: Path, tmp_path: Path) -> None:
    po = tmp_path / "a.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})
    assert run_json("import", str(po), "--kb", str(seed_kb))["applied"] == ["400.7"]
    imports = seed_kb / "imports"
    stored = imports / "it-2024-11-08.json"
    good = stored.read_bytes()
    # what a kill -9 during the rebuild of a second import leaves: its history entry as the journal,
    # the new file written, the old build published
    bad = good.replace(NEW_400_7.encode(), b"Un testo mai pubblicato.")
    entry = {"id": 2, "applied": ["400.7"], "before": {stored.name: good.decode()},
             "after": {stored.name: hashlib.sha256(bad).hexdigest()}}
    (seed_kb / "import-history" / "0002.json").write_text(json.dumps(entry), encoding="utf-8")
    (seed_kb / "import-history" / "journal").write_text("0002.json", encoding="ascii")
    stored.write_bytes(bad)
    other = tmp_path / "b.po"
    assert run("export", "400.1", "-f", "po", "-o", str(other), "--kb", str(seed_kb)).exit_code == 0
    run_json("import", str(other), "--kb", str(seed_kb))
    assert stored.read_bytes() == good and not (seed_kb / "import-history" / "journal").exists()
    assert [e["id"] for e in run_json("imports", "--kb", str(seed_kb))] == [1]  # the killed one is gone
    # killed after its build was published: the stored file is the one the build read, and stays
    (seed_kb / "import-history" / "journal").write_text("0001.json", encoding="ascii")
    run_json("import", str(other), "--kb", str(seed_kb))
    assert stored.read_bytes() == good and not (seed_kb / "import-history" / "journal").exists()
    assert [e["id"] for e in run_json("imports", "--kb", str(seed_kb))] == [1]


def test_import_takes_several_languages_of_one_file(seed_kb: Path, tmp_path: Path) -> None:
    import csv
    import io

    kb_dir = seed_kb
    data = run("export", "400.7.", "-f", "csv", "--target", "it,fr", "--kb", str(kb_dir)).stdout_bytes
    header, row = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))[:2]
    assert header[2:5] == ["en", "it", "fr"]
    row[3], row[4] = NEW_400_7, "Un objet qui change de zone devient un nouvel objet."
    text = io.StringIO()
    csv.writer(text, lineterminator="\r\n").writerows([header, row])
    both = tmp_path / "400.7.csv"
    both.write_text(text.getvalue(), encoding="utf-8")
    assert "several languages: it, fr; say which with --lang" in run("import", str(both), "--kb", str(kb_dir)).output
    reports = run_json("import", str(both), "--lang", "it,fr", "--kb", str(kb_dir))
    assert [(r["lang"], r["applied"]) for r in reports] == [("it", ["400.7"]), ("fr", ["400.7"])]
    texts = run_json("rule", "400.7.", "--lang", "it", "--lang", "fr", "--kb", str(kb_dir))[0]["texts"]
    assert (texts["it"]["text"], texts["fr"]["text"]) == (NEW_400_7, row[4])


# -- stale translations: every format keeps the text and says it needs review -------------------
VOTE_A_IT = "Alcune magie e abilità chiedono a un giocatore di votare"


@pytest.mark.parametrize("format_name,marker", [
    ("xliff12", 'state="needs-review-translation"'), ("xliff21", 'subState="mtgkb:stale"'), ("po", "#, fuzzy"),
    ("csv", ",stale,"), ("json", '"state": "stale"'), ("tmx", '<prop type="x-state">stale</prop>')])
def test_every_format_keeps_a_stale_translation_marked_for_review(vote_kb: Path, format_name: str,
                                                                  marker: str) -> None:
    text = run("export", "701.38", "-f", format_name, "--target", "it", "--kb", str(vote_kb)).stdout
    assert VOTE_A_IT in text and marker in text
    assert "numbered 701.31 in its source" in text  # why it is stale


def test_a_tmx_stale_text_imports_back_stale_and_a_revised_one_translated(vote_kb: Path, tmp_path: Path) -> None:
    from lxml import etree

    kb = str(vote_kb)
    tmx = tmp_path / "vote.tmx"
    assert run("export", "701.38", "-f", "tmx", "--target", "it", "-o", str(tmx), "--kb", kb).exit_code == 0
    again = run_json("import", str(tmx), "--kb", kb)
    assert again["applied"] == [] and "701.38a" in again["unchanged"] and again["rejected"] == []
    root = etree.parse(str(tmx))
    (seg,) = root.xpath('//tu[@tuid="701.38a"]/tuv[@xml:lang="it"]/seg')
    assert seg.text.startswith(VOTE_A_IT)
    seg.text = "Alcune magie e abilità chiedono ai giocatori di votare per una tra più opzioni."
    root.write(str(tmx), encoding="UTF-8", xml_declaration=True)
    revised = run_json("import", str(tmx), "--kb", kb)
    assert revised["applied"] == ["701.38a"] and "701.38b" in revised["unchanged"]
    (keywords,) = [c for c in run_json("status", "--target", "it", "--kb", kb)["chapters"] if c["chapter"] == "701"]
    stale = {s["number"] for s in keywords["stale"]}
    assert "701.38a" not in stale and {"701.38", "701.38b"} <= stale


def test_a_glossary_name_standing_for_two_concepts_gets_no_single_translation() -> None:
    from kb.export.glossary import vocabulary_name

    assert vocabulary_name("Trample", "it") == "Travolgere"
    # Counter: neutralizzare (701.6) and segnalino (122): one name would be wrong for the other sense
    assert vocabulary_name("Counter", "it") is None and vocabulary_name("Counter", "fr") is None
