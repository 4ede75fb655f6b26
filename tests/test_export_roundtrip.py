"""A translator's round trip on the embedded release: what a tool leaves in a target that is not a
translation (the English copied, a unit translated in part, pretty-printing, invisible text) is never
stored as one, what it emptied or deleted is reported, and every unit has an id of its own."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner
from lxml import etree

from kb.cli import main
from kb.export import EXPORTERS

from .conftest import copy_kb
from .test_export_translators import edit_po


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def run_json(*args: str) -> dict:
    result = run(*args, "--json")
    return json.loads(result.output)


def gettext_tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        message = f"{name} not found (apt-get install gettext)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " and CI=true requires it")
        pytest.skip(message)
    return found


@pytest.fixture()
def kb(product_kb: Path, tmp_path: Path) -> Path:
    return copy_kb(product_kb, tmp_path / "kb")


def export(kb: Path, path: Path, *args: str) -> Path:
    result = run("export", *args, "-o", str(path), "--kb", str(kb))
    assert result.exit_code == 0, result.output
    return path


def italian(kb: Path, number: str) -> str | None:
    data = run_json("rule", number, "--lang", "it", "--kb", str(kb))
    found = re.findall(r'"text": "([^"]*)"', json.dumps(data, ensure_ascii=False))
    return found[0] if found else None


# -- 1: a copy of the English is not a translation ------------------------------------------

def test_msgen_copies_are_not_stored_as_italian(kb: Path, tmp_path: Path) -> None:
    """Every target msgen copied is the English, titles too: 'Trample', 'Vigilance' and 'Banding' are no Italian
    names (Travolgere, Cautela, Formazione), so none is stored (two translators' trials found short titles
    stored as Italian: a text of three words or fewer the same as the English was applied as a shared name)."""
    po = export(kb, tmp_path / "kw.po", "702.19-702.21", "-f", "po", "--target", "it")
    copied = tmp_path / "kw.en.po"
    subprocess.run([gettext_tool("msgen"), str(po), "-o", str(copied)], check=True)
    before = run_json("status", "702.19-702.21", "--kb", str(kb))
    result = run("import", str(copied), "--kb", str(kb), "--json")
    report = json.loads(result.output)
    assert result.exit_code == 1 and report["complete"] is False
    units = [e.msgctxt for e in polib.pofile(str(po))]
    assert sorted(report["identical"]) == sorted(units) and len(units) == 18 and report["applied"] == []
    assert "18 targets are the English text, not applied (--accept-identical stores them)" in \
        run("import", str(copied), "--kb", str(kb)).output
    after = run_json("status", "702.19-702.21", "--kb", str(kb))
    assert after["units"]["translated"] == before["units"]["translated"]
    forced = run_json("import", str(copied), "--accept-identical", "--kb", str(kb))
    assert sorted(forced["applied"]) == sorted(units) and forced["complete"]


def test_a_short_name_the_same_in_both_languages_is_applied(kb: Path, tmp_path: Path) -> None:
    """French says Vigilance and Flash as English does: the game's vocabulary knows them as French names."""
    po = export(kb, tmp_path / "kw.fr.po", "702.8", "702.20", "-f", "po", "--target", "fr")
    edit_po(po, {"702.8": "Flash", "702.20": "Vigilance"})
    report = run_json("import", str(po), "--kb", str(kb))
    assert sorted(report["applied"]) == ["702.20", "702.8"] and report["identical"] == []


def test_an_xliff_target_copied_from_its_source_with_state_new_is_untranslated(kb: Path, tmp_path: Path) -> None:
    xlf = export(kb, tmp_path / "kw.xlf", "702.19-702.21", "-f", "xliff", "--target", "it")
    data = xlf.read_text(encoding="utf-8")
    filled = re.sub(r"<source>(.*?)</source>(\s*)<target state=\"new\"></target>",
                    r'<source>\1</source>\2<target state="new">\1</target>', data, flags=re.S)
    assert filled != data
    xlf.write_text(filled, encoding="utf-8")
    report = run_json("import", str(xlf), "--kb", str(kb))
    assert report["applied"] == [] and report["identical"] == [] and report["complete"]
    assert len(report["untranslated"]) == data.count("<trans-unit ")


# -- 2: a unit translated in part is not stored --------------------------------------------

def test_an_xliff21_unit_with_one_segment_of_four_translated_is_rejected(kb: Path, tmp_path: Path) -> None:
    xlf = export(kb, tmp_path / "tap.xlf", "107.5", "-f", "xliff21", "--target", "it")
    data = xlf.read_text(encoding="utf-8")
    source = re.search(r"<source>(.*?)</source>", data, re.S).group(1)
    parts = re.split(r"(?<=\.) ", source)
    assert len(parts) >= 4
    segments = [f'<segment state="translated"><source>{parts[0]} </source><target>Il simbolo di TAP è {{T}}. '
                f'</target></segment>']
    segments += [f"<segment><source>{part}{' ' if at < len(parts) - 1 else ''}</source></segment>"
                 for at, part in enumerate(parts[1:], 1)]
    split = re.sub(r'<segment state="initial">.*?</segment>', "".join(segments), data, flags=re.S)
    xlf.write_text(split, encoding="utf-8")
    result = run("import", str(xlf), "--kb", str(kb), "--json")
    report = json.loads(result.output)
    assert result.exit_code == 1 and report["applied"] == []
    (verdict,) = report["rejected"]
    assert verdict["id"] == "107.5"
    assert verdict["reason"].startswith(f"only part of the unit is translated (1 of {len(parts)} segments)")
    assert italian(kb, "107.5") != "Il simbolo di TAP è {T}."


def test_an_xliff12_target_with_empty_segment_marks_is_rejected(kb: Path, tmp_path: Path) -> None:
    xlf = export(kb, tmp_path / "tap.xlf", "107.5", "-f", "xliff", "--target", "it")
    data = xlf.read_text(encoding="utf-8")
    source = re.search(r"<source>(.*?)</source>", data, re.S).group(1)
    first, rest = source.split(". ", 1)
    marked = (f'<source>{source}</source><seg-source><mrk mtype="seg" mid="1">{first}.</mrk> '
              f'<mrk mtype="seg" mid="2">{rest}</mrk></seg-source>'
              f'<target state="translated"><mrk mtype="seg" mid="1">Il simbolo di TAP è {{T}}.</mrk> '
              f'<mrk mtype="seg" mid="2"></mrk></target>')
    xlf.write_text(re.sub(r"<source>.*?</source>\s*<target[^>]*></target>", marked, data, flags=re.S),
                   encoding="utf-8")
    report = run_json("import", str(xlf), "--kb", str(kb))
    assert [v["id"] for v in report["rejected"]] == ["107.5"] and report["applied"] == []
    assert "only part of the unit is translated (1 of 2 segments)" in report["rejected"][0]["reason"]


def test_a_po_paragraph_half_english_is_applied_with_a_warning(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "tap.po", "107.5", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    (entry,) = [e for e in catalog if e.msgctxt == "107.5"]
    first, rest = entry.msgid.split(". ", 1)
    entry.msgstr = f"Il simbolo di TAP è {{T}}. {rest}"
    catalog.save()
    report = run_json("import", str(po), "--kb", str(kb))
    assert report["applied"] == ["107.5"] and report["complete"]
    (warning,) = report["warnings"]
    assert warning["id"] == "107.5" and warning["warning"].startswith("3 sentences of the translation are the English")


# -- 4: one id per glossary entry ---------------------------------------------------------

def _ids(name: str, data: bytes) -> list[str]:
    exporter = EXPORTERS[name]
    if exporter.read is not None:
        return [f"{unit.id}|{unit.lang}" for unit in exporter.read(data, f"all.{exporter.extension}").units]
    root = etree.fromstring(data)
    return [e.get("id") for e in root.iter() if isinstance(e.tag, str) and etree.QName(e).localname in
            ("termEntry", "conceptEntry")]


@pytest.mark.parametrize("name", sorted(EXPORTERS))
def test_every_export_of_the_whole_release_has_unique_ids(name: str, product_kb: Path, tmp_path: Path) -> None:
    args = ["-f", name, "--include", "examples,glossary,rulings"]
    if not EXPORTERS[name].multi_target:
        args += ["--target", "it"]
    data = export(product_kb, tmp_path / "all", *args).read_bytes()
    ids = _ids(name, data)
    assert len(ids) > 700
    assert [i for i, n in Counter(ids).items() if n > 1] == []


def test_active_player_and_the_apnap_order_are_two_entries(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "g.po", "--rules", "101.4", "--rules", "102.1", "-f", "po", "--target", "it",
                "--include", "glossary")
    catalog = polib.pofile(str(po))
    by_id = {e.msgctxt: e for e in catalog}
    assert by_id["glossary/Active Player"].msgid == "Active Player"
    apnap = by_id["glossary/Active Player, Nonactive Player Order"]
    assert apnap.msgid == "Active Player / Nonactive Player Order" and apnap.msgstr == ""  # nothing borrowed
    assert run_json("import", str(po), "--kb", str(kb))["complete"]  # untouched: imports back clean
    by_id["glossary/Active Player#definition"].msgstr = "Il giocatore di cui è il turno. Vedi regola 102.1."
    apnap.msgstr = "Ordine giocatore attivo, giocatore non attivo"
    by_id["glossary/Active Player, Nonactive Player Order#definition"].msgstr = \
        "Un sistema che determina l'ordine in cui i giocatori fanno le scelte. Vedi regola 101.4."
    catalog.save()
    report = run_json("import", str(po), "--kb", str(kb))
    assert report["complete"] and len(report["applied"]) == 3, report
    again = {e.msgctxt: e.msgstr for e in polib.pofile(str(export(kb, tmp_path / "again.po", "--rules", "101.4",
                                                                   "--rules", "102.1", "-f", "po", "--target",
                                                                   "it", "--include", "glossary")))}
    assert again["glossary/Active Player#definition"].startswith("Il giocatore di cui è il turno")
    assert again["glossary/Active Player, Nonactive Player Order#definition"].startswith("Un sistema")
    assert again["glossary/Active Player, Nonactive Player Order"] == "Ordine giocatore attivo, giocatore non attivo"


# -- 5: white space a tool added ------------------------------------------------------------

def test_a_pretty_printed_target_is_stored_as_one_line_keeping_nbsp(kb: Path, tmp_path: Path) -> None:
    xlf = export(kb, tmp_path / "v.xlf", "702.20a", "-f", "xliff", "--target", "it")
    data = xlf.read_text(encoding="utf-8")
    pretty = "\n            La vigilanza è un’abilità statica\n            che modifica le regole\u00a0dell’attacco.\n   "
    xlf.write_text(re.sub(r"<target[^>]*>.*?</target>", f'<target state="translated">{pretty}</target>', data,
                          count=1, flags=re.S), encoding="utf-8")
    report = run_json("import", str(xlf), "--kb", str(kb))
    assert report["applied"] == ["702.20a"]
    stored = [json.loads(line.rstrip(",")) for line in (kb / "imports" / report["stored"].split("/")[-1])
              .read_text(encoding="utf-8").splitlines()[1:-1]]
    assert stored[0]["text"] == "La vigilanza è un’abilità statica che modifica le regole\u00a0dell’attacco."


# -- 7: what a tool emptied or deleted ---------------------------------------------------

def test_a_unit_deleted_from_the_file_and_one_emptied_are_reported(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "z.po", "400.7", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    held = [e for e in catalog if e.msgstr]
    assert len(held) > 3
    catalog.remove(next(e for e in catalog if e.msgctxt == "400.7c"))
    next(e for e in catalog if e.msgctxt == "400.7b").msgstr = ""
    catalog.save()
    result = run("import", str(po), "--kb", str(kb))
    assert "1 unit the knowledge base holds a translation for is empty in the file (the knowledge base keeps " \
           "its text): 400.7b" in result.output
    assert "1 unit of the exported selection is missing from the file: 400.7c" in result.output
    assert "complete: every translation in the file is in the knowledge base (but 1 unit emptied, 1 unit " \
           "missing: see above)" in result.output


# -- issue 34.20: invisible or control-only translations ----------------------------------

@pytest.mark.parametrize(("text", "reason"), [("\u200b\u00ad", "the translation holds no visible character"),
                                              ("\u2060 \u00a0", "the translation holds no visible character"),
                                              ("Vigilanza\x07", "the translation holds the control character U+0007")])
def test_an_invisible_or_control_translation_is_rejected(kb: Path, tmp_path: Path, text: str, reason: str) -> None:
    po = export(kb, tmp_path / "v.po", "702.20", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    next(e for e in catalog if e.msgctxt == "702.20").msgstr = text
    catalog.save()
    report = run_json("import", str(po), "--kb", str(kb))
    assert [(v["id"], v["reason"]) for v in report["rejected"]] == [("702.20", reason)]


# -- 6: a new release is added, not swapped in ---------------------------------------------

def test_a_build_that_would_drop_sources_is_refused_and_add_keeps_them(kb: Path, tmp_path: Path, shared_corpus) \
        -> None:
    po = export(kb, tmp_path / "t.po", "702.19", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    next(e for e in catalog if e.msgctxt == "702.19a").msgstr = "La travolgere è un'abilità statica."
    catalog.save()
    assert run_json("import", str(po), "--kb", str(kb))["applied"] == ["702.19a"]
    new = shared_corpus / "cr-en" / "MagicCompRules 20250606.txt"
    refused = run("build", "--kb", str(kb), "--corpus", str(new))
    assert refused.exit_code == 1
    assert "this build would drop" in refused.output and "nothing was built" in refused.output
    assert "--add FILE" in refused.output and "--replace" in refused.output
    plain = run("build", "--kb", str(kb))  # the embedded corpus alone: what the current build holds, no drop
    assert plain.exit_code == 0, plain.output
    added = run("build", "--kb", str(kb), "--add", str(new), "--json")
    assert added.exit_code == 0, added.output
    docs = {d["id"] for d in json.loads(added.output)["documents"]}
    assert {"cr-en-2025-06-06", "cr-en-2025-11-14"} <= docs
    assert any(d.startswith("translations-it") for d in docs)
    again = run("build", "--kb", str(kb))  # a plain build would now drop the added release
    assert again.exit_code == 1 and "cr-en-2025-06-06" in again.output
    replaced = run("build", "--kb", str(kb), "--replace", "--json")
    assert replaced.exit_code == 0
    assert "cr-en-2025-06-06" not in {d["id"] for d in json.loads(replaced.output)["documents"]}
    assert "La travolgere" in json.dumps(run_json("rule", "702.19a", "--lang", "it", "--kb", str(kb)),
                                         ensure_ascii=False)


# -- 8: the wrong language ------------------------------------------------------------------

ITALIAN = {"702.19a": "Travolgere è un'abilità statica che modifica le regole per assegnare il danno da combattimento.",
           "702.19b": "Il controllore di una creatura attaccante con travolgere assegna prima il danno alle creature "
                      "che la bloccano.",
           "702.19c": "Assegnare danno letale a una creatura bloccante è tutto ciò che serve per travolgere.",
           "702.20a": "Cautela è un'abilità statica che fa sì che una creatura non venga TAPpata quando attacca.",
           "702.20b": "Attaccare con una creatura con cautela non la fa TAPpare."}


def test_italian_in_a_file_labelled_french_is_refused_unless_lang_says_so(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "kw.fr.po", "702.19-702.20", "-f", "po", "--target", "fr")
    catalog = polib.pofile(str(po))
    for entry in catalog:
        entry.msgstr = ITALIAN.get(entry.msgctxt, entry.msgstr)
    catalog.save()
    refused = run("import", str(po), "--kb", str(kb))
    assert refused.exit_code == 1
    assert refused.output.strip().splitlines()[-1] == (
        f"Error: {po}: the file says its translations are fr, but 5 of 5 read as it: refused, nothing imported "
        "(if they are it, import with --lang it; --lang fr imports them as fr)")
    report = run_json("import", str(po), "--lang", "it", "--kb", str(kb))
    assert report["lang"] == "it" and sorted(report["applied"]) == sorted(ITALIAN)


# -- 10, 11: msgmerge output; equal texts ---------------------------------------------------

def test_msgmerge_output_is_checked_against_the_release_its_msgids_match(kb: Path, tmp_path: Path,
                                                                        shared_corpus) -> None:
    assert run("build", "--kb", str(kb), "--add", str(shared_corpus / "cr-en" / "MagicCompRules 20241108.txt"))\
        .exit_code == 0
    old = export(kb, tmp_path / "old.po", "400.7", "-f", "po", "--target", "it", "--release", "2024-11-08")
    catalog = polib.pofile(str(old))
    for entry in catalog:
        if entry.msgctxt in ("400.7a", "400.7e"):
            entry.msgstr = f"[rivisto] {entry.msgctxt}"
    catalog.save()
    new = export(kb, tmp_path / "new.po", "400.7", "-f", "po", "--target", "it")
    merged = tmp_path / "merged.po"
    subprocess.run([gettext_tool("msgmerge"), "--quiet", "--previous", str(old), str(new), "-o", str(merged)],
                   check=True)
    catalog = polib.pofile(str(merged))
    assert "2024-11-08" in catalog.metadata["Project-Id-Version"]  # msgmerge keeps the old header
    reviewed = next(e for e in catalog if e.msgctxt == "400.7e")
    assert reviewed.fuzzy and reviewed.previous_msgid  # its English changed: msgmerge marks it
    reviewed.flags.remove("fuzzy")
    reviewed.msgstr = "[rivisto e aggiornato] 400.7e"
    catalog.save()
    report = run_json("import", str(merged), "--kb", str(kb))
    assert report["source_release"] == "2025-11-14"
    assert "names the en release 2024-11-08, but its source texts are those of 2025-11-14" in report["note"]
    assert sorted(report["applied"]) == ["400.7a", "400.7e"] and report["rejected"] == [], report


def test_the_same_text_on_both_sides_is_no_conflict(kb: Path, tmp_path: Path, shared_corpus) -> None:
    """400.7e translated against 2024-11-08 is stale in 2025-11-14 (its English changed); a file that gives
    it the very text the knowledge base holds, with no revision (a tool dropped the comments), confirms it."""
    assert run("build", "--kb", str(kb), "--add", str(shared_corpus / "cr-en" / "MagicCompRules 20241108.txt"))\
        .exit_code == 0
    old = export(kb, tmp_path / "old.po", "400.7e", "-f", "po", "--target", "it", "--release", "2024-11-08")
    catalog = polib.pofile(str(old))
    catalog[0].msgstr = "Gli effetti di prevenzione continuano ad applicarsi."
    catalog.save()
    assert run_json("import", str(old), "--kb", str(kb))["applied"] == ["400.7e"]
    new = export(kb, tmp_path / "new.po", "400.7e", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(new))
    assert catalog[0].fuzzy and catalog[0].msgstr == "Gli effetti di prevenzione continuano ad applicarsi."
    catalog[0].flags.remove("fuzzy")
    catalog[0].comment = ""  # the revision comment dropped
    catalog.save()
    report = run_json("import", str(new), "--kb", str(kb))
    assert report["conflicts"] == [] and report["applied"] == ["400.7e"] and report["complete"], report
    assert run_json("status", "400.7e", "--kb", str(kb))["units"]["translated"] == 1


# -- issue 34.11: CSV formula injection -------------------------------------------------------

@pytest.mark.parametrize("text", ['=HYPERLINK("http://example.com/x","Travolgere è un\'abilità statica")',
                                  "-1/-1: travolgere è un'abilità statica che modifica il danno.",
                                  "@SUM(A1) travolgere è un'abilità statica che modifica il danno."])
def test_a_csv_cell_never_starts_a_formula_and_the_import_restores_it(kb: Path, tmp_path: Path, text: str) -> None:
    po = export(kb, tmp_path / "t.po", "702.19a", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    catalog[0].msgstr = text
    catalog.save()
    assert run_json("import", str(po), "--kb", str(kb))["applied"] == ["702.19a"]
    sheet = export(kb, tmp_path / "t.csv", "702.19a", "-f", "csv", "--target", "it")
    import csv as csv_module
    rows = list(csv_module.DictReader(sheet.read_text(encoding="utf-8").splitlines()))
    assert rows[0]["it"] == "'" + text and not any(cell.startswith(("=", "+", "-", "@")) for cell in rows[0].values())
    report = run_json("import", str(sheet), "--kb", str(kb))
    assert report["unchanged"] == ["702.19a"] and report["applied"] == []


# -- 12: the real reason of a mismatch -----------------------------------------------------

def _csv_rows(path: Path) -> list[list[str]]:
    import csv as csv_module
    return list(csv_module.reader(path.read_text(encoding="utf-8").splitlines()))


def _write_csv(path: Path, rows: list[list[str]], encoding: str = "utf-8") -> None:
    import csv as csv_module
    import io
    buffer = io.StringIO()
    csv_module.writer(buffer, lineterminator="\r\n").writerows(rows)
    path.write_bytes(buffer.getvalue().encode(encoding, errors="replace"))


def test_a_number_a_spreadsheet_changed_is_named_as_such(kb: Path, tmp_path: Path) -> None:
    sheet = export(kb, tmp_path / "z.csv", "400.10", "-f", "csv", "--target", "it")
    rows = _csv_rows(sheet)
    assert rows[1][0] == "'400.10"  # kept as text by a spreadsheet
    rows[1][0], rows[1][3] = "400.1", "Se un oggetto passa a una zona nascosta, diventa un oggetto nuovo."
    _write_csv(sheet, rows)
    (verdict,) = run_json("import", str(sheet), "--kb", str(kb))["rejected"]
    assert verdict["reason"] == "the rule number looks changed by a spreadsheet (400.10 read as 400.1): its " \
                                "source text is 400.10's"


def test_characters_lost_to_windows_1252_are_named(kb: Path, tmp_path: Path) -> None:
    sheet = export(kb, tmp_path / "inf.csv", "702.186a", "-f", "csv", "--target", "it")
    rows = _csv_rows(sheet)
    rows[1][3] = "∞ (il simbolo matematico dell'infinito) è una parola chiave delle carte Infinito."
    _write_csv(sheet, rows, "cp1252")
    (verdict,) = run_json("import", str(sheet), "--kb", str(kb))["rejected"]
    assert verdict["reason"] == "the file lost characters its encoding cannot hold (∞ became ?): save it as " \
                                "UTF-8 and export again"


def test_an_edited_msgctxt_is_named_as_such(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "z.po", "400.7a", "400.7b", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    catalog[1].msgctxt, catalog[1].msgstr = "400.7c", "Gli effetti delle abilità statiche continuano ad applicarsi."
    catalog.save()
    (verdict,) = run_json("import", str(po), "--kb", str(kb))["rejected"]
    assert verdict["id"] == "400.7c" and verdict["reason"] == "the unit id looks edited: its source text is that " \
                                                              "of 400.7b, not 400.7c"


# -- issue 34.24: an export with rulings imports back -----------------------------------------

@pytest.mark.parametrize("include", ["examples,rulings", "examples,cards", "examples,glossary,rulings,cards"])
def test_an_export_with_rulings_or_cards_imports_back(kb: Path, tmp_path: Path, include: str) -> None:
    po = export(kb, tmp_path / "r.po", "702.19", "-f", "po", "--target", "it", "--include", include)
    rulings = [e.msgctxt for e in polib.pofile(str(po)) if e.msgctxt.startswith("ruling/")]
    result = run("import", str(po), "--kb", str(kb), "--json")
    report = json.loads(result.output)
    assert result.exit_code == 0 and report["complete"] and report["rejected"] == [], result.output
    if "rulings" in include:
        assert len(rulings) > 100
        assert any(note.startswith(f"{len(rulings)} ruling units (ruling/general/1 …): rulings are not imported")
                   for note in report["ignored"])


# -- 14: renumbering alone --------------------------------------------------------------------

def test_a_renumbered_unit_with_the_same_english_is_not_stale(kb_cache, tmp_path: Path, shared_corpus) -> None:
    """Vote is 701.32 in 2025-04-04 and 701.38 in 2025-11-14; of its units only the English of those
    that changed makes them stale."""
    kb = kb_cache.copy([shared_corpus / "cr-en" / "MagicCompRules 20250404.txt"], tmp_path / "kb")
    po = export(kb, tmp_path / "vote.po", "701.32", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    for at, entry in enumerate(catalog):
        entry.msgstr = f"Testo italiano numero {at} della regola {entry.msgctxt}, tradotto a mano."
    catalog.save()
    assert run_json("import", str(po), "--kb", str(kb))["complete"]
    assert run("build", "--kb", str(kb), "--add", str(shared_corpus / "cr-en" / "MagicCompRules 20251114.txt"))\
        .exit_code == 0
    old = {e.msgctxt: e.msgid for e in catalog}
    new = {e.msgctxt: e.msgid for e in polib.pofile(str(export(kb, tmp_path / "new.po", "701.38", "-f", "po",
                                                              "--target", "it")))}
    renamed = {"701.38" + k[len("701.32"):] if k.startswith("701.32") else k: v for k, v in old.items()}
    changed = sorted(k for k, v in new.items() if k in renamed and " ".join(renamed[k].split()) != " ".join(v.split()))
    status = run_json("status", "701.38", "--kb", str(kb))
    stale = sorted(s["number"] for c in status["chapters"] for s in c["stale"])
    assert sorted(new) == sorted(renamed) and len(new) == 5
    assert stale == sorted(k for k in changed if "#" not in k)
    assert status["units"]["translated"] == len(new) - len(changed)


# -- 13: both numbers ---------------------------------------------------------------------------

def test_an_import_from_an_older_release_names_the_number_now(kb_cache, tmp_path: Path, shared_corpus) -> None:
    kb = kb_cache.copy([shared_corpus / "cr-en" / "MagicCompRules 20250404.txt"], tmp_path / "kb")
    assert run("build", "--kb", str(kb), "--add", str(shared_corpus / "cr-en" / "MagicCompRules 20251114.txt"))\
        .exit_code == 0
    po = export(kb, tmp_path / "vote.po", "701.32a", "702.19a", "-f", "po", "--target", "it", "--release", "2025-04-04")
    catalog = polib.pofile(str(po))
    catalog[0].msgstr = "Alcune magie e abilità chiedono ai giocatori di votare per una scelta fra quelle di una lista."
    catalog[1].msgstr = "Travolgere è un'abilità statica che modifica le regole per assegnare il danno da combattimento."
    catalog.save()
    result = run("import", str(po), "--kb", str(kb))
    assert "applied: 701.32a (now 701.38a in the newest release), 702.19a\n" in result.output


# -- 9: symbols and references ------------------------------------------------------------------

def test_changed_symbols_and_rule_references_are_warned_about(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "tap.po", "107.5", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    catalog[0].msgstr = ("Il simbolo di TAP è {Q}. Il simbolo di TAP in un costo di attivazione significa «TAPpa "
                         "questo permanente». Un permanente già TAPpato non può essere TAPpato di nuovo per pagare il "
                         "costo. Un'abilità attivata di una creatura con il simbolo di TAP nel suo costo di attivazione "
                         "non può essere attivata a meno che la creatura non sia stata sotto il controllo del suo "
                         "controllore ininterrottamente dall'inizio del suo turno più recente. Vedi regola 302.7.")
    catalog.save()
    report = run_json("import", str(po), "--kb", str(kb))
    assert report["applied"] == ["107.5"] and report["complete"]
    assert [w["warning"] for w in report["warnings"]] == [
        "symbols differ from the English: {T} in the English, {Q} in the translation",
        "rule references differ from the English: 302.6 in the English, 302.7 in the translation"]


# -- 15, 16: fuzzy is work in progress; the glossary alone; status counts what export holds ------

def test_a_fuzzy_po_entry_is_work_in_progress_not_an_error(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "wip.po", "702.19", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    catalog[1].msgstr, catalog[1].flags = "Travolgere è un'abilità statica (bozza da rivedere).", ["fuzzy"]
    catalog[2].msgstr = "Il controllore di una creatura attaccante con travolgere assegna prima il danno alle bloccanti."
    catalog.save()
    result = run("import", str(po), "--kb", str(kb), "--json")
    report = json.loads(result.output)
    assert result.exit_code == 0 and report["complete"]
    assert report["fuzzy"] == [catalog[1].msgctxt] and report["applied"] == [catalog[2].msgctxt]
    assert report["rejected"] == []


def test_the_glossary_exports_alone_and_imports_back(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "glossary.po", "--glossary", "-f", "po", "--target", "it")
    ids = [e.msgctxt for e in polib.pofile(str(po))]
    assert ids and all(i.startswith("glossary/") for i in ids) and len(set(ids)) == len(ids)
    assert len(ids) == 2 * sum(1 for i in ids if i.endswith("#definition"))
    assert run_json("status", "--glossary", "--kb", str(kb))["glossary"]["units"] == len(ids)
    report = run_json("import", str(po), "--kb", str(kb))
    assert report["complete"] and report["rejected"] == [] and report["missing"] == []


def test_status_glossary_counts_what_an_export_with_examples_and_glossary_holds(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "s.po", "702.19", "-f", "po", "--target", "it", "--include", "examples,glossary")
    status = run_json("status", "702.19", "--glossary", "--kb", str(kb))
    assert status["units"]["total"] == len(polib.pofile(str(po)))


# -- 18: matching by source text ------------------------------------------------------------------

def test_units_without_ids_are_matched_by_their_source_text(kb: Path, tmp_path: Path) -> None:
    """OmegaT's own memory (project_save.tmx) has no unit ids: a source text that is exactly one rule's
    English is that rule."""
    po = export(kb, tmp_path / "t.po", "702.19a", "702.19c", "-f", "po", "--target", "it")
    english = {e.msgctxt: e.msgid for e in polib.pofile(str(po))}
    from xml.sax.saxutils import escape
    units = "".join(f'<tu><tuv lang="EN-US"><seg>{escape(english[key])}</seg></tuv><tuv lang="IT-IT"><seg>{text}</seg>'
                    f"</tuv></tu>\n" for key, text in (
                        ("702.19a", "Travolgere è un'abilità statica che modifica le regole del danno da combattimento."),
                        ("702.19c", "Assegnare danno letale a tutte le bloccanti basta per travolgere.")))
    tmx = tmp_path / "project_save.tmx"
    tmx.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header creationtool="OmegaT" '
                   'o-tmf="OmegaT TMX" adminlang="EN-US" datatype="plaintext" segtype="paragraph" srclang="EN-US" '
                   f'creationtoolversion="3.6"/><body>\n{units}</body></tmx>\n', encoding="utf-8")
    report = run_json("import", str(tmx), "--lang", "it", "--kb", str(kb))
    assert sorted(report["applied"]) == ["702.19a", "702.19c"] and report["complete"], report
    assert [w["warning"] for w in report["warnings"] if "matched" in w["warning"]] == [
        "the file's id '' is no unit of the release: matched to 702.19a by its source text",
        "the file's id '' is no unit of the release: matched to 702.19c by its source text"]


def test_a_two_language_csv_imported_in_one_run_sets_no_language_aside(kb: Path, tmp_path: Path) -> None:
    sheet = export(kb, tmp_path / "two.csv", "702.19a", "-f", "csv", "--target", "it,fr")
    rows = _csv_rows(sheet)
    header = rows[0]
    rows[1][header.index("it")] = "Travolgere è un'abilità statica che modifica le regole del danno da combattimento."
    rows[1][header.index("fr")] = "Le piétinement est une capacité statique qui modifie l'attribution des blessures."
    _write_csv(sheet, rows)
    reports = run_json("import", str(sheet), "--lang", "it", "--lang", "fr", "--kb", str(kb))
    assert [r["lang"] for r in reports] == ["it", "fr"] and all(r["applied"] == ["702.19a"] for r in reports)
    assert all(r["ignored"] == [] for r in reports), reports


def test_reverting_an_import_the_history_does_not_hold_names_it(kb: Path, tmp_path: Path) -> None:
    po = export(kb, tmp_path / "t.po", "702.19a", "-f", "po", "--target", "it")
    catalog = polib.pofile(str(po))
    catalog[0].msgstr = "Travolgere è un'abilità statica che modifica le regole del danno da combattimento."
    catalog.save()
    assert run_json("import", str(po), "--kb", str(kb))["import_id"] == 1
    result = run("import", "--revert", "99", "--kb", str(kb))
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == \
        f"Error: no import 99 in the history of {kb} (mtgkb imports lists them)"
