"""mtgkb import: CAT-edited files, rejected units, the section 4 round trip with the Italian seed,
staleness across releases, and mtgkb status."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.export import read_translations

from .conftest import CORPUS, FIXTURES, copy_kb, cr_release

SOURCES = [FIXTURES / "export_en_excerpt.txt", FIXTURES / "export_it_excerpt.txt"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture()
def fixture_kb(kb_cache, tmp_path: Path) -> Path:
    """A knowledge base of the two export excerpts, this test's own copy."""
    return kb_cache.copy(SOURCES, tmp_path / "kb")


def test_cat_edited_xliff12_is_read_whatever_the_markup() -> None:
    path = FIXTURES / "xliff12_cat_edited.xlf"
    back = read_translations(path.read_bytes(), str(path))
    units = {u.id: u for u in back.units}
    assert back.format == "xliff12" and back.source_release == "2024-11-08"
    assert units["100.1"].target == "Queste regole «modificate» — l’œuvre, il caffè, “virgolette” e {T}: Aggiungi {C}."
    assert units["100.2"].target == "Per giocare, ogni giocatore ha un mazzo."
    assert units["101.1"].state == "stale" and units["101"].state == "new"
    assert any("alt-trans" in note for note in back.ignored)


def test_cat_edited_xliff21_is_read_whatever_the_markup() -> None:
    path = FIXTURES / "xliff21_cat_edited.xlf"
    (unit,) = read_translations(path.read_bytes(), str(path)).units
    assert unit.id == "101.1" and unit.lang == "it"
    assert unit.target == "Quando il testo di una carta contraddice queste regole, prevale la carta’s."


def test_import_applies_good_units_and_lists_the_others(fixture_kb: Path) -> None:
    result = run("import", str(FIXTURES / "xliff12_cat_edited.xlf"), "--kb", str(fixture_kb), "--json")
    assert result.exit_code == 1, result.output  # some units rejected: the others applied, the import incomplete
    report = json.loads(result.output)
    assert report["lang"] == "it" and report["complete"] is False
    assert report["applied"] == ["100.1", "100.2", "100.2#example-1"]
    rejected = {r["id"]: r["reason"] for r in report["rejected"]}
    assert rejected == {"100.1a": "source text no longer matches the en release 2024-11-08",
                        "intro-note": "not a rule number or glossary entry"}
    assert report["fuzzy"] == ["101.1"]  # work in progress: not applied, not an error
    assert report["untranslated"] == ["101"]
    # every unit of the file is accounted for exactly once
    assert len(report["applied"]) + len(report["unchanged"]) + len(rejected) + len(report["untranslated"]) \
        + len(report["fuzzy"]) == 7
    shown = json.loads(run("rule", "100.2", "--lang", "it", "--kb", str(fixture_kb), "--json").output)
    assert shown[0]["texts"]["it"]["text"] == "Per giocare, ogni giocatore ha un mazzo."
    assert shown[0]["texts"]["it"]["provenance"] == "translator"
    assert shown[0]["examples"]["it"] == ["Un giocatore con “Sol Ring” lo TAPpa: {T}: Aggiungi {C}{C}."]
    stored = json.loads((fixture_kb / "imports" / "it-2024-11-08.json").read_text(encoding="utf-8"))
    assert {u["id"]: u["file"] for u in stored["units"]}["100.2"] == "xliff12_cat_edited.xlf"


def test_reimporting_the_same_file_changes_nothing(fixture_kb: Path) -> None:
    path = str(FIXTURES / "xliff12_cat_edited.xlf")
    assert run("import", path, "--kb", str(fixture_kb)).exit_code == 1  # it has rejected units
    again = json.loads(run("import", path, "--kb", str(fixture_kb), "--json").output)
    assert again["applied"] == [] and again["unchanged"] == ["100.1", "100.2", "100.2#example-1"]


def test_import_errors_are_one_line(fixture_kb: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.xlf"
    broken.write_text('<?xml version="1.0"?>\n<xliff version="1.2">\n<file>\n</xliff>\n', encoding="utf-8")
    result = run("import", str(broken), "--kb", str(fixture_kb))
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {broken}:4: not well-formed XML")
    assert result.output.count("\n") == 1
    text = tmp_path / "notes.txt"
    text.write_text("just some notes\n", encoding="utf-8")
    result = run("import", str(text), "--kb", str(fixture_kb))
    assert result.exit_code == 1 and "not a translation file mtgkb reads" in result.output


@pytest.mark.parametrize("format_name", ["po", "csv", "tmx", "xliff21", "json"])
def test_export_edit_import_in_every_importable_format(fixture_kb: Path, tmp_path: Path, format_name: str) -> None:
    out = tmp_path / f"out.{format_name}"
    assert run("export", "--kb", str(fixture_kb), "-f", format_name, "--target", "it", "--rules", "101",
               "-o", str(out)).exit_code == 0
    text = out.read_text(encoding="utf-8")
    english = "Whenever a card’s text contradicts these rules, the card takes precedence."
    assert english in text
    edited = _fill_first_empty_target(format_name, text, "Quando il testo «contraddice» le regole, vince la carta.")
    out.write_text(edited, encoding="utf-8")
    report = json.loads(run("import", str(out), "--lang", "it", "--kb", str(fixture_kb), "--json").output)
    assert "101.1" in report["applied"], report
    shown = json.loads(run("rule", "101.1", "--lang", "it", "--kb", str(fixture_kb), "--json").output)
    assert shown[0]["texts"]["it"]["text"] == "Quando il testo «contraddice» le regole, vince la carta."


def _fill_first_empty_target(format_name: str, text: str, translation: str) -> str:
    """What a translator does: write the Italian for rule 101.1 into the exported file."""
    english = "Whenever a card’s text contradicts these rules, the card takes precedence."
    if format_name == "po":
        return text.replace(f'msgctxt "101.1"\nmsgid "{english}"\nmsgstr ""',
                            f'msgctxt "101.1"\nmsgid "{english}"\nmsgstr "{translation}"')
    if format_name == "csv":
        return text.replace(f'101.1,101. Golden Rules,"{english}",,new', f'101.1,101. Golden Rules,"{english}","{translation}",new')
    if format_name == "tmx":
        return text.replace(f"<seg>{english}</seg>\n      </tuv>",
                            f"<seg>{english}</seg>\n      </tuv>\n      <tuv xml:lang=\"it\"><seg>{translation}</seg></tuv>")
    if format_name == "xliff21":
        return text.replace(f"<source>{english}</source>", f"<source>{english}</source><target>{translation}</target>")
    data = json.loads(text)
    rule = data["rules"][0]["children"][0]
    rule["texts"]["it"]["text"] = translation
    return json.dumps(data, ensure_ascii=False)


# -- the Italian seed, section 4, real English releases --------------------------------------

@pytest.fixture()
def seed_kb(kb_cache, tmp_path: Path) -> Path:
    """The English release of 2024-11-08 with the Italian section 4 seed (this test's own copy)."""
    return kb_cache.copy([cr_release("20241108"), CORPUS / "004_033ca0c87611b1e4.txt"], tmp_path / "kb")


def test_section_4_round_trip_with_the_italian_seed(seed_kb: Path, tmp_path: Path) -> None:
    out = tmp_path / "zones.it.xlf"
    assert run("export", "--format", "xliff", "--source", "en", "--target", "it", "--rules", "4",
               "-o", str(out), "--kb", str(seed_kb)).exit_code == 0
    text = out.read_text(encoding="utf-8")
    seed_text = ("Un oggetto che si sposta da una zona a un'altra diventa un nuovo oggetto senza memoria o "
                 "relazione con la sua precedente esistenza. Questa regola ha le seguenti eccezioni.")
    assert f'<target state="translated">{seed_text}</target>' in text
    assert '<trans-unit id="401.1" resname="401.1" xml:space="preserve" mtgkb:rev="none">' in text
    assert 'state="new"' in text
    new = "Un oggetto che cambia zona diventa un oggetto nuovo, senza memoria della sua esistenza precedente."
    out.write_text(text.replace(seed_text, new), encoding="utf-8")
    result = run("import", str(out), "--kb", str(seed_kb))
    assert result.exit_code == 0, result.output
    assert "applied 1," in result.output
    shown = run("rule", "400.7", "--lang", "it", "--kb", str(seed_kb))
    assert f"[it] {new}" in shown.output
    # the subrules still come from the seed
    assert "[it] Gli effetti di magie, abilità attivate" in shown.output


def test_status_for_italian_against_2024_11_08(seed_kb: Path) -> None:
    report = json.loads(run("status", "--source", "en", "--target", "it", "--release", "2024-11-08",
                            "--kb", str(seed_kb), "--json").output)
    chapters = {c["chapter"]: c for c in report["chapters"]}
    assert chapters["400"]["status"] == "translated"
    assert chapters["400"]["missing"] == [] and len(chapters["400"]["translated"]) == chapters["400"]["rules"] == 29
    for number in range(401, 409):
        entry = chapters[str(number)]
        assert entry["status"] == "pointer", entry
        assert entry["pointer"].startswith("Vedi ") and entry["translated"] == []
    assert chapters["500"]["status"] == "missing"
    text = run("status", "--target", "it", "--kb", str(seed_kb)).output
    assert "400. General / Generale: translated (29/29 translated" in text
    assert "401. Library / Grimorio: pointer" in text and "missing: 401.1-401.7" in text


def test_a_translation_goes_stale_when_the_source_changes(seed_kb: Path, tmp_path: Path) -> None:
    """400.7e was reworded in the 2025-11-14 release; 400.7a was not."""
    out = tmp_path / "z.po"
    assert run("export", "-f", "po", "--rules", "400.7", "-o", str(out), "--kb", str(seed_kb)).exit_code == 0
    text = out.read_text(encoding="utf-8")
    for number in ("400.7a", "400.7e"):
        head, _, rest = text.partition(f'msgctxt "{number}"\n')
        text = head + f'msgctxt "{number}"\n' + rest.replace('msgstr "', 'msgstr "[rivisto] ', 1)
    out.write_text(text, encoding="utf-8")
    report = json.loads(run("import", str(out), "--kb", str(seed_kb), "--json").output)
    assert report["applied"] == ["400.7a", "400.7e"]
    # a new English release arrives: rebuild with it (the imports come along by themselves)
    kb_dir = str(seed_kb)
    assert run("build", "--kb", kb_dir, "--corpus", str(cr_release("20241108")), "--corpus",
               str(cr_release("20251114")), "--corpus", str(CORPUS / "004_033ca0c87611b1e4.txt")).exit_code == 0
    report = json.loads(run("status", "--target", "it", "--kb", kb_dir, "--json").output)
    chapter = {c["chapter"]: c for c in report["chapters"]}["400"]
    assert report["source"]["release"] == "2025-11-14"
    assert [s["number"] for s in chapter["stale"]] == ["400.7e"]
    assert chapter["stale"][0]["reason"] == "translated from another English text (the release 2024-11-08)"
    assert "400.7a" in chapter["translated"]
    po = run("export", "-f", "po", "--rules", "400.7e", "--kb", kb_dir).output
    assert "#, fuzzy\n#| msgid " in po and "msgctxt \"400.7e\"" in po
    xlf = run("export", "-f", "xliff12", "--rules", "400.7e", "--kb", kb_dir).output
    assert 'state="needs-review-translation"' in xlf


def test_selection_and_include_errors_are_one_line(fixture_kb: Path) -> None:
    result = run("export", "--rules", "999.1", "--kb", str(fixture_kb))
    assert result.exit_code == 1 and result.output.startswith("Error: no rule 999.1 in the knowledge base")
    result = run("export", "--include", "decks", "--kb", str(fixture_kb))
    assert result.exit_code == 1
    assert result.output == "Error: --include: unknown part 'decks' (choose from examples, glossary, rulings, cards)\n"
    result = run("export", "-f", "docx", "--kb", str(fixture_kb))
    assert result.exit_code == 1 and "unknown export format 'docx'" in result.output


def test_commands_have_help() -> None:
    for name in ("export", "import", "status"):
        result = run(name, "--help")
        assert result.exit_code == 0 and "Usage:" in result.output


def test_unwritable_output_and_malformed_imports_are_one_line(tmp_path: Path, product_kb: Path) -> None:
    from click.testing import CliRunner

    from kb.cli import main

    kb_dir = copy_kb(product_kb, tmp_path / "kb")  # the embedded corpus, this test's own copy
    runner = CliRunner()
    out = tmp_path / "missing-folder" / "zones.xlf"
    result = runner.invoke(main, ["export", "--kb", str(kb_dir), "--format", "xliff", "--target", "it",
                                  "--rules", "400", "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == f"Error: {out}: No such file or directory"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mtgkb-export", "version": 1, "source": "en", "targets": ["it"]}', encoding="utf-8")
    result = runner.invoke(main, ["import", str(bad), "--kb", str(kb_dir)])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1].startswith(f"Error: {bad}:1: malformed mtgkb JSON export")
    english = tmp_path / "en.csv"
    english.write_text("number,en,it\n400.1,A zone is a place.,Una zona\n", encoding="utf-8")
    result = runner.invoke(main, ["import", str(english), "--kb", str(kb_dir), "--lang", "en"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == f"Error: {english}: cannot import 'en' translations of 'en' texts " \
                                             "(targets: it, fr)"


# -- malformed files are refused whole; what is not applied makes the exit status 1 ----------------

ENGLISH_101_1 = "Whenever a card’s text contradicts these rules, the card takes precedence."


def _export_101(kb_dir: Path, tmp_path: Path, format_name: str) -> Path:
    out = tmp_path / f"101.it.{format_name}"
    assert run("export", "101", "--kb", str(kb_dir), "-f", format_name, "--target", "it", "-o", str(out)).exit_code == 0
    return out


def _refused(kb_dir: Path, path: Path) -> str:
    """The one-line error of importing ``path``, after checking it stored nothing."""
    result = run("import", str(path), "--kb", str(kb_dir))
    assert result.exit_code == 1 and result.stdout == "", result.output
    assert not (kb_dir / "imports" / "it-2024-11-08.json").exists()
    (line,) = result.stderr.splitlines()
    return line


def test_a_csv_row_with_a_missing_or_extra_field_is_refused_whole(fixture_kb: Path, tmp_path: Path) -> None:
    import csv
    import io

    rows = list(csv.reader(io.StringIO(_export_101(fixture_kb, tmp_path, "csv").read_text(encoding="utf-8"),
                                       newline="")))
    header, rule, subrule = rows
    rule[3] = "Regole d'oro,\nscritte su due righe"  # a quoted cell with a comma and a newline: row 3 starts on line 4
    bad = tmp_path / "101.it.csv"
    for cut, fields in ((subrule[:3] + subrule[4:], 7), (subrule[:2], 2), (subrule + ["?"], 9)):
        text = io.StringIO()
        csv.writer(text, lineterminator="\r\n").writerows([header, rule, cut])
        bad.write_text(text.getvalue(), encoding="utf-8")
        assert _refused(fixture_kb, bad) == f"Error: {bad}:4: row has {fields} fields, the header has 8"


def _with_two_translations(format_name: str, text: str, first: str, second: str) -> str:
    """``text`` (rule 101 exported) giving 101.1 the translation ``first``, then ``second`` further on."""
    if format_name == "json":
        data = json.loads(text)
        rules = data["rules"][0]["children"]
        rules[0]["texts"]["it"]["text"] = first
        rules.append(json.loads(json.dumps(rules[0])))
        rules[1]["texts"]["it"]["text"] = second
        return json.dumps(data, ensure_ascii=False, indent=2)
    if format_name == "tmx":  # two Italian tuv in one tu
        source = f"<seg>{ENGLISH_101_1}</seg>\n      </tuv>"
        return text.replace(source, f'{source}\n      <tuv xml:lang="it"><seg>{first}</seg></tuv>'
                                    f'\n      <tuv xml:lang="it"><seg>{second}</seg></tuv>')
    block = {"po": r'msgctxt "101\.1"\n.*?msgstr ""\n', "csv": r"101\.1,.*?\n",
             "xliff12": r' *<trans-unit id="101\.1".*?</trans-unit>\n', "xliff21": r' *<unit id="u101\.1".*?</unit>\n'}
    unit = re.search(block[format_name], text, re.S).group(0)
    filled = [_fill_first_empty_target(format_name, unit, t) if format_name != "xliff12" else
              unit.replace('<target state="new"></target>', f'<target state="translated">{t}</target>')
              for t in (first, second)]
    return text.replace(unit, filled[0] + ("\n" if format_name == "po" else "") + filled[1])


# where each format says which unit a line is about (a PO message's line is its msgid's)
UNIT_MARKS = {"po": 'msgid "Whenever', "csv": "101.1,", "xliff12": 'resname="101.1"', "xliff21": 'name="101.1"',
              "tmx": '<tuv xml:lang="it">', "json": '"id": "101.1"'}


@pytest.mark.parametrize("format_name", list(UNIT_MARKS))
def test_two_different_translations_of_one_unit_are_refused_in_every_format(fixture_kb: Path, tmp_path: Path,
                                                                           format_name: str) -> None:
    path = _export_101(fixture_kb, tmp_path, format_name)
    text = path.read_text(encoding="utf-8")
    path.write_text(_with_two_translations(format_name, text, "Vince la carta.", "Vince sempre la carta."),
                    encoding="utf-8")
    lines = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if UNIT_MARKS[format_name] in line]
    assert len(lines) == 2
    assert _refused(fixture_kb, path) == f"Error: {path}:{lines[1]}: a second, different translation of 101.1 " \
                                         f"(the first at line {lines[0]})"
    # the same text twice is one translation: applied once
    path.write_text(_with_two_translations(format_name, text, "Vince la carta.", " Vince  la carta."),
                    encoding="utf-8")
    report = json.loads(run("import", str(path), "--kb", str(fixture_kb), "--json").output)
    assert report["applied"] == ["101.1"] and report["untranslated"] == ["101"] and report["complete"]


def test_json_giving_one_key_two_values_is_refused(fixture_kb: Path, tmp_path: Path) -> None:
    path = _export_101(fixture_kb, tmp_path, "json")
    text = path.read_text(encoding="utf-8")
    at = text.index('"text": null', text.index('"id": "101.1"'))
    path.write_text(text[:at] + '"text": "Vince la carta.", "text": "Vince sempre la carta."' +
                    text[at + len('"text": null'):], encoding="utf-8")
    line = text[:at].count("\n") + 1  # the line of the object's first key, the one given twice
    assert _refused(fixture_kb, path) == f'Error: {path}:{line}: the key "text" twice in one object, ' \
                                         "with different values"


def test_a_rejected_unit_makes_the_import_incomplete_and_the_exit_status_1(fixture_kb: Path, tmp_path: Path) -> None:
    path = _export_101(fixture_kb, tmp_path, "xliff12")
    text = path.read_text(encoding="utf-8").replace('<target state="new"></target>',
                                                    '<target state="translated">Regole d’oro</target>', 1)
    good = text.replace('<target state="new"></target>', '<target state="translated">Vince la carta.</target>')
    # a number the release does not have, over a source text no unit has (one whose source text is a
    # unit's English would be matched to that unit by it)
    bad = good.replace('id="101.1" resname="101.1"', 'id="199.9" resname="199.9"')
    path.write_text(bad.replace("the card takes precedence.</source>", "the card takes precedence (edited).</source>"),
                    encoding="utf-8")
    line = next(n for n, x in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if 'resname="199.9"' in x)
    result = run("import", str(path), "--kb", str(fixture_kb))
    assert result.exit_code == 1
    summary = result.stdout.splitlines()
    assert f"  rejected: 199.9 (line {line}): no 199.9 in the en release 2024-11-08" in summary
    assert summary[-1] == "  incomplete (exit status 1): 1 rejected unit not applied; the other units are applied"
    stored = json.loads((fixture_kb / "imports" / "it-2024-11-08.json").read_text(encoding="utf-8"))["units"]
    assert [(u["id"], u["text"]) for u in stored] == [("101", "Regole d’oro")]  # the good unit is applied
    path.write_text(good, encoding="utf-8")  # the unit given its right number: everything in
    result = run("import", str(path), "--kb", str(fixture_kb))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "  complete: every translation in the file is in the knowledge base"


def test_a_conflict_and_a_rejection_are_both_counted_in_the_outcome() -> None:
    from kb.export.importer import Conflict, ImportReport, Verdict, outcome

    report = ImportReport("x.po", "po", "it", "2024-11-08", rejected=[Verdict("199.9", 3, "no 199.9")],
                          conflicts=[Conflict("101", 9, "a", "b", "none", "1234567890")])
    assert outcome(report) == "incomplete (exit status 1): 1 rejected unit and 1 conflict not applied; nothing applied"
    assert not report.complete and report.to_dict()["complete"] is False


def test_a_file_without_the_language_asked_for_is_an_error(fixture_kb: Path, tmp_path: Path) -> None:
    path = _export_101(fixture_kb, tmp_path, "po")
    result = run("import", str(path), "--lang", "fr", "--kb", str(fixture_kb))
    assert result.exit_code == 1
    assert result.stderr == f"Error: {path}: the file holds it translations, none in fr\n"


def test_po_errors_name_the_line_once_and_the_encoding_expected(fixture_kb: Path, tmp_path: Path) -> None:
    path = _export_101(fixture_kb, tmp_path, "po")
    lines = path.read_text(encoding="utf-8").splitlines()
    at = lines.index('msgctxt "101.1"') + 1
    path.write_text("\n".join([*lines[:at], "this is garbage", *lines[at:]]) + "\n", encoding="utf-8")
    assert _refused(fixture_kb, path) == \
        f"Error: {path}:{at + 1}: not a readable PO file: unknown or misformatted keyword: 'this is garbage'"
    latin = "\n".join(lines).replace('msgstr ""', 'msgstr "È la carta che vince."')
    path.write_bytes(latin.encode("cp1252"))  # an editor that saved Windows-1252 under a UTF-8 header
    first = next(n for n, line in enumerate(latin.splitlines(), 1) if not line.isascii())
    byte = next(c for c in latin.splitlines()[first - 1] if not c.isascii()).encode("cp1252")[0]
    assert _refused(fixture_kb, path) == f"Error: {path}:{first}: byte 0x{byte:02x} is not UTF-8, " \
                                         "the charset the header declares; save the file as UTF-8"


def test_a_json_syntax_error_names_the_line_once(fixture_kb: Path, tmp_path: Path) -> None:
    path = _export_101(fixture_kb, tmp_path, "json")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"text": null', '"text": ', 1), encoding="utf-8")
    line = text[:text.index('"text": null')].count("\n") + 1
    assert _refused(fixture_kb, path) == f"Error: {path}:{line}: not a JSON export: expecting value (column 19)"


def test_a_csv_missing_its_number_or_target_column_says_which(fixture_kb: Path, tmp_path: Path) -> None:
    import csv
    import io

    rows = list(csv.reader(io.StringIO(_export_101(fixture_kb, tmp_path, "csv").read_text(encoding="utf-8"),
                                       newline="")))
    bad = tmp_path / "101.it.csv"
    for drop, error in ((0, "no 'number' (or 'id') column in the header"),
                        (3, "the header needs a source and a target language column (en, it, fr, "
                            "or English, Italiano, Français...)")):
        text = io.StringIO()
        csv.writer(text, lineterminator="\r\n").writerows([row[:drop] + row[drop + 1:] for row in rows])
        bad.write_text(text.getvalue(), encoding="utf-8")
        assert _refused(fixture_kb, bad) == f"Error: {bad}:1: {error}"
