"""What a translator's import must never do: lose or corrupt a translation silently.

The defects a translator found (issue 19), each on real files: a renumbered unit re-translated,
a PO cut short or saved with the wrong charset, XML declaring entities, a CAT tool dropping
``mtgkb:rev``, an untouched unit of an older file; then undo, which puts an import back byte
for byte.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main

from .conftest import CORPUS, copy_kb, cr_release
from .test_export_translators import edit_po, edit_xliff, third_party

SEED_SOURCES = lambda: [cr_release("20241108"), CORPUS / "004_033ca0c87611b1e4.txt"]  # noqa: E731
NEW_400_7 = "Un oggetto che cambia zona diventa un oggetto nuovo, senza memoria della sua esistenza precedente."


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def run_json(*args: str):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def tree_hash(kb_dir: Path) -> str:
    """One hash of every file of the knowledge base folder, names and bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in kb_dir.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(kb_dir)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


@pytest.fixture()
def seed_kb(kb_cache, tmp_path: Path) -> Path:
    return kb_cache.copy(SEED_SOURCES(), tmp_path / "kb")


def refused(kb_dir: Path, path: Path, *more: str) -> str:
    """Import ``path``: it must fail in one line, exit 1, and leave every byte of the knowledge base."""
    before = tree_hash(kb_dir)
    result = run("import", str(path), "--kb", str(kb_dir), *more)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert tree_hash(kb_dir) == before
    return result.output.strip()


# -- 1. a renumbered unit re-translated ------------------------------------------------------------

def test_retranslating_a_renumbered_unit_keeps_the_other_translation(kb_cache, tmp_path: Path) -> None:
    """702.124i/j of 2025-04-04 are 702.124j/k in 2025-11-14: a new 702.124j replaces the old i's text
    (the same rule), and the old j's (now k) stays, with its translator named in every export."""
    kb = str(kb_cache.copy([cr_release("20250404")], tmp_path / "kb"))
    first = tmp_path / "first.po"
    assert run("export", "702.124i", "702.124j", "-f", "po", "-o", str(first), "--kb", kb).exit_code == 0
    edit_po(first, {"702.124i": "Partner con [nome] rappresenta due abilità.",
                    "702.124j": "Amici per sempre significa che puoi designare due creature leggendarie."})
    assert run_json("import", str(first), "--translator", "Anna", "--kb", kb)["applied"] == ["702.124i", "702.124j"]
    assert run("build", "--kb", kb, "--add", str(cr_release("20251114"))).exit_code == 0
    second = tmp_path / "second.po"
    assert run("export", "702.124j", "-f", "po", "-o", str(second), "--kb", kb).exit_code == 0
    edit_po(second, {"702.124j": "Partner con [nome] indica due abilità."})
    report = run_json("import", str(second), "--translator", "Bruno", "--kb", kb)
    assert report["applied"] == ["702.124j"] and report["complete"]

    shown = {r["number"]: r["texts"]["it"] for r in run_json("rule", "702.124j", "702.124k", "--lang", "it", "--kb", kb)}
    assert shown["702.124j"]["text"] == "Partner con [nome] indica due abilità."
    assert shown["702.124j"]["translator"] == "Bruno"
    assert shown["702.124k"]["text"] == "Amici per sempre significa che puoi designare due creature leggendarie."
    assert shown["702.124k"]["translator"] == "Anna"
    again = run_json("import", str(second), "--translator", "Bruno", "--kb", kb)
    assert again["applied"] == [] and again["unchanged"] == ["702.124j"] and again["rejected"] == []

    polib = third_party("polib")
    out = tmp_path / "check.po"
    assert run("export", "702.124j", "702.124k", "-f", "po", "-o", str(out), "--kb", kb).exit_code == 0
    notes = {e.msgctxt: e.comment for e in polib.pofile(str(out))}
    assert "by Bruno" in notes["702.124j"] and "Anna" not in notes["702.124j"]
    assert "by Anna" in notes["702.124k"] and "Bruno" not in notes["702.124k"]


def test_a_translation_of_one_release_never_replaces_that_of_another_release_s_english(kb_cache, tmp_path: Path
                                                                                        ) -> None:
    """405.4's English changed from 2025-06-06 to 2025-11-14: a translation imported for each release is kept
    with its release, in either order, and each release shows its own, not stale. Before, the second import
    moved the first one's unit to its own release and replaced it: the older release then showed the newer
    text as stale, the older text was gone from imports/, and the summary said only 'applied'."""
    releases = [cr_release("20250606"), cr_release("20251114")]
    texts = {"2025-06-06": "Ogni magia ha le caratteristiche della carta; il suo controllore è la persona che l'ha lanciata.",
             "2025-11-14": "Ogni magia ha le caratteristiche della carta; il suo controllore è il giocatore che l'ha lanciata."}
    for order in (["2025-06-06", "2025-11-14"], ["2025-11-14", "2025-06-06"]):
        kb = str(kb_cache.copy(releases, tmp_path / f"kb-{order[0]}"))
        for release in order:
            path = tmp_path / f"{order[0]}-{release}.po"
            assert run("export", "405.4", "-f", "po", "--release", release, "-o", str(path), "--kb", kb).exit_code == 0
            edit_po(path, {"405.4": texts[release]})
            assert run_json("import", str(path), "--translator", "Anna", "--kb", kb)["applied"] == ["405.4"]
        for release, text in texts.items():
            (shown,) = run_json("rule", "405.4", "--lang", "it", "--release", release, "--kb", kb)
            assert shown["texts"]["it"]["text"] == text and "stale" not in shown["texts"]["it"], (order, release)
            stored = json.loads((Path(kb) / "imports" / f"it-{release}.json").read_text(encoding="utf-8"))
            assert [u["text"] for u in stored["units"] if u["id"] == "405.4"] == [text]


def test_one_unit_in_another_language_or_with_invisible_characters_is_warned_about(seed_kb: Path, tmp_path: Path
                                                                                   ) -> None:
    """One French text among Italian ones, and a zero width space inside a word, were stored without a word
    (a translator's trial): each is applied with a warning naming the unit."""
    po = tmp_path / "zones.po"
    assert run("export", "400.1-400.3", "-f", "po", "--target", "it", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.1": "Una zona è un luogo dove gli oggetti possono trovarsi durante una partita.",
                 "400.2": "Une zone est un endroit où les objets peuvent se trouver pendant une partie de jeu.",
                 "400.3": "Le zone pub\u200bbliche sono quelle in cui tutti i giocatori possono vedere le carte."})
    report = run_json("import", str(po), "--translator", "Anna", "--kb", str(seed_kb))
    assert set(report["applied"]) == {"400.1", "400.2", "400.3"}
    warned = {(w["id"], w["warning"].split(":")[0]) for w in report["warnings"]}
    assert ("400.2", "the translation reads as French, not Italian") in warned
    assert ("400.3", "the translation holds invisible characters (U+200B)") in warned
    assert not any(unit == "400.1" for unit, _ in warned)


def test_a_unit_repeated_with_an_empty_entry_says_the_empty_one_is_left_aside(seed_kb: Path, tmp_path: Path) -> None:
    """Two entries of 400.1, one empty and one translated (msgcat of two files): the text is imported and
    the empty one is named (it was in no list: 'untranslated 0')."""
    po = tmp_path / "twice.po"
    assert run("export", "400.1", "-f", "po", "--target", "it", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.1": "Una zona è un luogo dove gli oggetti possono trovarsi durante una partita."})
    text = po.read_text(encoding="utf-8")
    entry = text[text.index('msgctxt "400.1"'):]
    po.write_text(text + "\n" + entry.split("msgstr", 1)[0] + 'msgstr ""\n', encoding="utf-8")
    report = run_json("import", str(po), "--kb", str(seed_kb))
    assert report["applied"] == ["400.1"]
    assert any(note.startswith("400.1 is in the file 2 times: the empty entry (line") for note in report["ignored"])


def test_a_glossary_translation_is_carried_to_another_release_by_its_english_name(kb_cache, tmp_path: Path) -> None:
    """A definition translated against 2025-11-14 is shown when exporting 2025-06-06, whose English entry is the
    same (a translator's trial: it was not, while rules are carried); one whose English changed would be stale."""
    kb = str(kb_cache.copy([cr_release("20250606"), cr_release("20251114")], tmp_path / "kb"))
    po = tmp_path / "glossary.po"
    assert run("export", "--glossary", "-f", "po", "--target", "it", "-o", str(po), "--kb", kb).exit_code == 0
    edit_po(po, {"glossary/Abandon": "Abbandonare", "glossary/Abandon#definition": "Girare un piano a faccia in giù."})
    assert sorted(run_json("import", str(po), "--kb", kb)["applied"]) == ["glossary/Abandon",
                                                                           "glossary/Abandon#definition"]
    older = tmp_path / "older.json"
    assert run("export", "--glossary", "-f", "json", "--target", "it", "--release", "2025-06-06", "-o", str(older),
               "--kb", kb).exit_code == 0
    shown = {u["id"]: u["texts"]["it"] for u in json.loads(older.read_text(encoding="utf-8"))["glossary"]}
    assert shown["glossary/Abandon#definition"]["text"] == "Girare un piano a faccia in giù."
    assert shown["glossary/Abandon#definition"]["state"] == "translated"


def test_a_name_carried_along_with_a_definition_keeps_its_own_author(kb_cache, tmp_path: Path) -> None:
    """A definition needs its entry's name: the game vocabulary's 'Travolgere' is stored with it, but it is not
    the translator's work (a translator's trial: it was stored credited to her)."""
    kb = str(kb_cache.copy([cr_release("20251114")], tmp_path / "kb"))
    po = tmp_path / "glossary.po"
    assert run("export", "--glossary", "-f", "po", "--target", "it", "-o", str(po), "--kb", kb).exit_code == 0
    edit_po(po, {"glossary/Trample#definition": "Una parola chiave che permette a una creatura di infliggere il "
                                                "danno in eccesso al giocatore in difesa."})
    assert "glossary/Trample#definition" in run_json("import", str(po), "--translator", "Giulia", "--kb", kb)["applied"]
    stored = json.loads((Path(kb) / "imports" / "it-2025-11-14.json").read_text(encoding="utf-8"))["units"]
    units = {u["id"]: u for u in stored}
    assert units["glossary/Trample#definition"]["translator"] == "Giulia"
    name = units["glossary/Trample"]
    assert name["text"] == "Travolgere" and name.get("carried_from") and name.get("translator") != "Giulia"


def test_a_file_of_an_older_release_exported_before_a_newer_translation_is_no_conflict(kb_cache, tmp_path: Path
                                                                                        ) -> None:
    """A translator's trial: a 2025-06-06 file exported before 405.4 was translated for 2025-11-14 (another
    English) was refused as a conflict ('changed in the knowledge base since this file was exported'): the
    knowledge base showed the newer release's text there, stale. Both are kept, each with its release."""
    kb = str(kb_cache.copy([cr_release("20250606"), cr_release("20251114")], tmp_path / "kb"))
    old, new = tmp_path / "old.po", tmp_path / "new.po"
    assert run("export", "405.4", "-f", "po", "--release", "2025-06-06", "-o", str(old), "--kb", kb).exit_code == 0
    assert run("export", "405.4", "-f", "po", "--release", "2025-11-14", "-o", str(new), "--kb", kb).exit_code == 0
    edit_po(new, {"405.4": "Il controllore di una magia è il giocatore che l'ha lanciata."})
    assert run_json("import", str(new), "--kb", kb)["applied"] == ["405.4"]
    edit_po(old, {"405.4": "Il controllore di una magia è la persona che l'ha lanciata."})
    report = run_json("import", str(old), "--kb", kb)
    assert report["applied"] == ["405.4"] and report["conflicts"] == []
    for release, text in (("2025-06-06", "la persona"), ("2025-11-14", "il giocatore")):
        (shown,) = run_json("rule", "405.4", "--lang", "it", "--release", release, "--kb", kb)
        assert text in shown["texts"]["it"]["text"] and "stale" not in shown["texts"]["it"], release


def test_a_unit_empty_when_exported_is_not_reported_emptied_by_the_tool(kb_cache, tmp_path: Path) -> None:
    """A translator's trial: an older file, whose 702.21 was empty when exported, was said to have emptied a
    translation imported since ('units the knowledge base holds a translation for are empty in the file'),
    a report meant for a CAT tool that emptied a held text."""
    kb = str(kb_cache.copy([cr_release("20251114")], tmp_path / "kb"))
    old, new = tmp_path / "old.po", tmp_path / "new.po"
    for path in (old, new):
        assert run("export", "702.21", "-f", "po", "--target", "it", "-o", str(path), "--kb", kb).exit_code == 0
    edit_po(new, {"702.21": "Formazione"})
    assert run_json("import", str(new), "--kb", kb)["applied"] == ["702.21"]
    report = run_json("import", str(old), "--kb", kb)
    assert report["emptied"] == [] and report["applied"] == []


def test_a_tmx_unit_without_one_language_is_untranslated_there_not_missing(kb_cache, tmp_path: Path) -> None:
    """A translator's trial: a two-language TMX whose tu for 702.22a has an Italian tuv and no French one
    said '1 unit of the exported selection is missing from the file: 702.22a' for French."""
    from lxml import etree

    kb = str(kb_cache.copy([cr_release("20251114")], tmp_path / "kb"))
    tmx = tmp_path / "banding.tmx"
    assert run("export", "702.22", "-f", "tmx", "-o", str(tmx), "--kb", kb).exit_code == 0
    tree = etree.parse(str(tmx))
    for tu in tree.iter("tu"):
        for lang in ("it", "fr") if tu.get("tuid") != "702.22a" else ("it",):
            tuv = etree.SubElement(tu, "tuv", {"{http://www.w3.org/XML/1998/namespace}lang": lang})
            etree.SubElement(tuv, "seg").text = f"Testo {lang} della regola {tu.get('tuid')} da leggere bene."
    tree.write(str(tmx), xml_declaration=True, encoding="UTF-8")
    reports = {r["lang"]: r for r in run_json("import", str(tmx), "--lang", "it", "--lang", "fr", "--kb", kb)}
    assert reports["fr"]["missing"] == [] and reports["fr"]["untranslated"] == ["702.22a"]
    assert reports["it"]["missing"] == [] and "702.22a" in reports["it"]["applied"]


# -- 2, 5. PO files cut short or in another charset than declared ------------------------------------

def test_a_po_cut_inside_a_msgstr_is_refused(seed_kb: Path, tmp_path: Path) -> None:
    po = tmp_path / "cut.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})
    text = po.read_text(encoding="utf-8")
    po.write_text(text[:text.index(NEW_400_7[:30]) + 20], encoding="utf-8")  # cut inside the msgstr
    message = refused(seed_kb, po)
    assert message.startswith(f"Error: {po}:") and "does not end on its line" in message and "cut short" in message


def test_a_po_declaring_latin1_holding_utf8_is_refused(seed_kb: Path, tmp_path: Path) -> None:
    po = tmp_path / "charset.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.7": "La regola dell’abilità — un oggetto nuovo."})
    po.write_bytes(po.read_bytes().replace(b"charset=utf-8", b"charset=ISO-8859-1"))
    message = refused(seed_kb, po)
    assert "declares the charset ISO-8859-1, but the file's bytes are UTF-8" in message


def test_a_po_really_in_latin1_still_imports(seed_kb: Path, tmp_path: Path) -> None:
    po = tmp_path / "latin1.po"
    assert run("export", "400.7.", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.7": "Un oggetto che cambia zona è un oggetto nuovo."})
    text = po.read_text(encoding="utf-8").replace("charset=utf-8", "charset=ISO-8859-1")
    po.write_bytes(text.encode("latin-1"))
    report = run_json("import", str(po), "--kb", str(seed_kb))
    assert report["applied"] == ["400.7"]
    shown = run_json("rule", "400.7.", "--lang", "it", "--kb", str(seed_kb))[0]["texts"]["it"]["text"]
    assert shown == "Un oggetto che cambia zona è un oggetto nuovo."


# -- 3. XML declaring entities --------------------------------------------------------------------

DECLARATIONS = {"internal": '<!DOCTYPE {root} [<!ENTITY e "ciao">]>',
                "external": '<!DOCTYPE {root} [<!ENTITY e SYSTEM "file:///etc/passwd">]>'}


@pytest.mark.parametrize("format_name, root", [("xliff12", "xliff"), ("xliff21", "xliff"), ("tmx", "tmx")])
@pytest.mark.parametrize("kind", sorted(DECLARATIONS))
def test_xml_declaring_entities_is_refused_whole(seed_kb: Path, tmp_path: Path, format_name: str, root: str,
                                                 kind: str) -> None:
    path = tmp_path / f"entities.{format_name}"
    assert run("export", "402.2", "-f", format_name, "--target", "it", "-o", str(path), "--kb", str(seed_kb)).exit_code == 0
    head, _, body = path.read_text(encoding="utf-8").partition("?>")
    body = body.replace('<!DOCTYPE tmx SYSTEM "tmx14.dtd">', "").lstrip("\n")
    body = body.replace("</seg>" if format_name == "tmx" else "</target>", "&e;</seg>" if format_name == "tmx"
                        else "&e;</target>", 1)
    path.write_text(head + "?>\n" + DECLARATIONS[kind].format(root=root) + "\n" + body, encoding="utf-8")
    message = refused(seed_kb, path)
    assert f"{path}:2: the file declares a DTD or entities" in message and "nothing imported" in message


def test_an_entity_no_dtd_declares_is_refused() -> None:
    from kb.errors import ParseError
    from kb.export.base import parse_xml

    with pytest.raises(ParseError, match="uses the entity &e;"):
        parse_xml(b"<?xml version='1.0'?>\n<!DOCTYPE xliff SYSTEM 'x.dtd'>\n<xliff><target>&e;</target></xliff>", "x.xlf")


def test_the_exported_tmx_with_its_public_dtd_reference_still_imports(seed_kb: Path, tmp_path: Path) -> None:
    path = tmp_path / "zones.tmx"
    assert run("export", "402", "-f", "tmx", "-o", str(path), "--kb", str(seed_kb)).exit_code == 0
    assert b'<!DOCTYPE tmx SYSTEM "tmx14.dtd">' in path.read_bytes()
    assert run_json("import", str(path), "--lang", "it", "--kb", str(seed_kb))["complete"]


# -- 4, 6. revisions: dropped by a CAT tool, or a unit the translator did not touch ------------------

def _newer_import(kb_dir: Path, tmp_path: Path) -> None:
    po = tmp_path / "newer.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", str(kb_dir)).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})
    assert run_json("import", str(po), "--translator", "Giulia", "--kb", str(kb_dir))["applied"] == ["400.7"]


def test_a_file_without_revisions_does_not_revert_a_newer_import(seed_kb: Path, tmp_path: Path) -> None:
    older = tmp_path / "older.xlf"
    assert run("export", "400", "-f", "xliff", "-o", str(older), "--kb", str(seed_kb)).exit_code == 0
    _newer_import(seed_kb, tmp_path)
    edit_xliff(older, {"400.7": "Un testo più vecchio di 400.7."})
    older.write_text(older.read_text(encoding="utf-8").replace(' mtgkb:rev="', ' data-gone="'), encoding="utf-8")
    before = tree_hash(seed_kb)
    result = run("import", str(older), "--kb", str(seed_kb), "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    (conflict,) = report["conflicts"]
    assert conflict["id"] == "400.7" and conflict["kb_text"] == NEW_400_7 and "no revision" in conflict["why"]
    assert report["applied"] == [] and tree_hash(seed_kb) == before
    assert run_json("rule", "400.7.", "--lang", "it", "--kb", str(seed_kb))[0]["texts"]["it"]["text"] == NEW_400_7
    forced = run_json("import", str(older), "--force", "--kb", str(seed_kb))
    assert forced["applied"] == forced["forced"] == ["400.7"]


def test_an_untouched_unit_of_an_older_file_is_not_a_conflict(seed_kb: Path, tmp_path: Path) -> None:
    older = tmp_path / "older.xlf"
    assert run("export", "400", "-f", "xliff", "-o", str(older), "--kb", str(seed_kb)).exit_code == 0
    _newer_import(seed_kb, tmp_path)
    edit_xliff(older, {"400.1": "Una zona è un luogo dove gli oggetti possono stare durante una partita."})
    result = run("import", str(older), "--kb", str(seed_kb), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["applied"] == ["400.1"] and report["conflicts"] == [] and report["kept"] == ["400.7"]
    assert run_json("rule", "400.7.", "--lang", "it", "--kb", str(seed_kb))[0]["texts"]["it"]["text"] == NEW_400_7


# -- undo ---------------------------------------------------------------------------------------------

def test_undo_puts_the_knowledge_base_back(seed_kb: Path, tmp_path: Path) -> None:
    kb = str(seed_kb)
    _newer_import(seed_kb, tmp_path)
    imports = seed_kb / "imports"
    stored = {p.name: p.read_bytes() for p in imports.glob("*.json")}
    everything = run("export", "-f", "json", "--include", "examples,glossary", "--kb", kb).stdout_bytes
    wrong = tmp_path / "wrong.po"
    assert run("export", "400.1", "400.7", "-f", "po", "-o", str(wrong), "--kb", kb).exit_code == 0
    edit_po(wrong, {"400.1": "Testo sbagliato.", "400.7": "Anche questo è sbagliato."})
    assert run_json("import", str(wrong), "--force", "--kb", kb)["applied"] == ["400.1", "400.7"]
    listed = run_json("imports", "--kb", kb)
    assert [(e["id"], e["translator"], e["applied"]) for e in listed] == [(1, "Giulia", ["400.7"]),
                                                                           (2, None, ["400.1", "400.7"])]
    undone = run_json("import", "--undo", "--kb", kb)
    assert undone["undone"] == 2
    assert {p.name: p.read_bytes() for p in imports.glob("*.json")} == stored
    assert run("export", "-f", "json", "--include", "examples,glossary", "--kb", kb).stdout_bytes == everything
    assert run_json("imports", "--kb", kb)[-1]["undone"] is True
    again = run("import", "--revert", "2", "--kb", kb)
    assert again.exit_code == 1 and "import 2 was already taken back" in again.output
    assert run_json("import", "--undo", "--kb", kb)["undone"] == 1
    assert not list(imports.glob("*.json"))
    result = run("import", "--undo", "--kb", kb)
    assert result.exit_code == 1 and result.output.strip() == "Error: no import to undo (mtgkb imports lists them)"


def test_revert_refuses_an_import_a_later_one_built_on(seed_kb: Path, tmp_path: Path) -> None:
    """A later import that changed the same unit keeps it (one that changed other units of the same file
    does not stop the undo: tests/test_export_undo.py)."""
    kb = str(seed_kb)
    _newer_import(seed_kb, tmp_path)
    po = tmp_path / "later.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", kb).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7 + " Di nuovo."})
    assert run_json("import", str(po), "--kb", kb)["applied"] == ["400.7"]
    result = run("import", "--revert", "1", "--kb", kb)
    assert result.exit_code == 1
    assert result.output.strip() == ("Error: cannot undo 400.7 of import 1: import 2 changed it since; "
                                     "undo that first (mtgkb import --revert 2 --unit 400.7)")


# -- 8. one concept, one termbase entry ----------------------------------------------------------------

def test_no_english_term_is_both_an_entry_and_another_entrys_synonym(product_kb: Path, tmp_path: Path) -> None:
    from lxml import etree

    out = tmp_path / "mtg.tbx"  # the termbase of the embedded corpus (the 2025-11-14 release), read only
    assert run("export", "-f", "tbx", "-o", str(out), "--kb", str(product_kb)).exit_code == 0
    entries = []
    for entry in etree.parse(str(out)).iter("termEntry"):
        english = [s for s in entry.iter("langSet") if s.get("{http://www.w3.org/XML/1998/namespace}lang") == "en"]
        entries.append([t.text for s in english for t in s.iter("term")])
    preferred = {names[0].casefold() for names in entries if names}
    assert len(entries) > 400
    assert [(names[0], n) for names in entries for n in names[1:] if n.casefold() in preferred] == []
    tap = next(names for names in entries if names and names[0] == "Tap and Untap")
    assert "Tap" not in tap and any(names and names[0] == "Tap" for names in entries)


# -- a stale unit shows what changed ------------------------------------------------------------------

def _make_stale(kb_dir: Path, work: Path) -> Path:
    """400.7a and 400.7e translated against 2024-11-08; 400.7e reworded in 2025-11-14, 400.7a not."""
    work.mkdir(exist_ok=True)
    po = work / "z.po"
    assert run("export", "-f", "po", "--rules", "400.7", "-o", str(po), "--kb", str(kb_dir)).exit_code == 0
    edit_po(po, {"400.7a": "[rivisto] 400.7a", "400.7e": "[rivisto] 400.7e"})
    assert run_json("import", str(po), "--kb", str(kb_dir))["applied"] == ["400.7a", "400.7e"]
    assert run("build", "--kb", str(kb_dir), "--corpus", str(cr_release("20241108")), "--corpus",
               str(cr_release("20251114")), "--corpus", str(CORPUS / "004_033ca0c87611b1e4.txt")).exit_code == 0
    return kb_dir


def _stale(kb_cache) -> Path:
    """The knowledge base of :data:`SEED_SOURCES` with a stale import (:func:`_make_stale`), made once
    per test run (``kb_cache``)."""
    return kb_cache.derived(SEED_SOURCES(), "stale import of 400.7a and 400.7e",
                            lambda kb_dir: _make_stale(kb_dir, kb_dir.with_name(kb_dir.name + "-work")))


@pytest.fixture()
def stale_kb(kb_cache, tmp_path: Path) -> Path:
    """This test's own knowledge base with a stale import (:func:`_make_stale`), to change."""
    return copy_kb(_stale(kb_cache), tmp_path / "kb")


@pytest.fixture()
def stale_kb_read_only(kb_cache) -> Path:
    """A knowledge base with a stale import (:func:`_make_stale`) that the tests using it only read."""
    return _stale(kb_cache)


def _release_text(date: str, number: str) -> str:
    from .conftest import parsed_release

    return next(r.text for r in parsed_release(date).rules if r.number == number)


def test_a_stale_unit_carries_the_source_it_was_translated_from(stale_kb_read_only: Path, tmp_path: Path) -> None:
    from lxml import etree

    kb = str(stale_kb_read_only)
    old, new = _release_text("20241108", "400.7e"), _release_text("20251114", "400.7e")
    assert old != new
    polib = third_party("polib")
    po = tmp_path / "stale.po"
    assert run("export", "400.7", "-f", "po", "-o", str(po), "--kb", kb).exit_code == 0
    entries = {e.msgctxt: e for e in polib.pofile(str(po))}
    assert entries["400.7e"].previous_msgid == old and entries["400.7e"].msgid == new and entries["400.7e"].fuzzy
    assert entries["400.7a"].previous_msgid is None and not entries["400.7a"].fuzzy

    xlf = tmp_path / "stale.xlf"
    assert run("export", "400.7", "-f", "xliff12", "-o", str(xlf), "--kb", kb).exit_code == 0
    ns = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
    unit = etree.parse(str(xlf)).find(".//x:trans-unit[@id='400.7e']", ns)
    (alt,) = unit.findall("x:alt-trans", ns)
    assert alt.get("alttranstype") == "previous-version"
    assert alt.findtext("x:source", namespaces=ns) == old and alt.findtext("x:target", namespaces=ns) == "[rivisto] 400.7e"
    report = run_json("import", str(xlf), "--kb", kb)  # our own alt-trans is not reported as ignored
    assert report["ignored"] == [] and "400.7e" in report["unchanged"]

    xlf2 = run("export", "400.7e", "-f", "xliff21", "--kb", kb).stdout_bytes
    notes = etree.fromstring(xlf2).findall(".//{urn:oasis:names:tc:xliff:document:2.0}note[@category='previous-source']")
    assert [n.text for n in notes] == [old]
    tmx = run("export", "400.7e", "-f", "tmx", "--target", "it", "--kb", kb).stdout_bytes
    assert [p.text for p in etree.fromstring(tmx).iter("prop") if p.get("type") == "x-previous-source"] == [old]
    rows = run("export", "400.7e", "-f", "csv", "--kb", kb).stdout
    import csv
    import io
    (row,) = list(csv.DictReader(io.StringIO(rows)))
    assert row["previous_source_it"] == old and row["en"] == new
    tree = json.loads(run("export", "400.7e", "-f", "json", "--kb", kb).stdout)
    assert json.dumps(tree, ensure_ascii=False).count(json.dumps(old, ensure_ascii=False)) == 1


def test_status_shows_a_word_diff_and_takes_selectors(stale_kb_read_only: Path, tmp_path: Path) -> None:
    kb = str(stale_kb_read_only)
    report = run_json("status", "400.7", "--kb", kb)
    (stale,) = [s for c in report["chapters"] for s in c["stale"]]
    assert stale["number"] == "400.7e" and stale["previous_source"] == _release_text("20241108", "400.7e")
    assert report["totals"]["rules"] == len([c for c in report["chapters"] for _ in c["translated"]]) + \
        report["totals"]["missing"] + report["totals"]["stale"]
    printed = run("status", "--rules", "400.7", "--kb", kb).output
    assert "    stale: 400.7e (translated from another English text (the release 2024-11-08))" in printed
    diff = next(line for line in printed.splitlines() if line.startswith("      source changed: "))
    assert "[-" in diff or "{+" in diff

    polib = third_party("polib")
    for selectors, include in ((("702",), "examples"), (("4",), "examples,glossary")):
        po = tmp_path / "part.po"
        assert run("export", *selectors, "-f", "po", "--include", include, "-o", str(po), "--kb", kb).exit_code == 0
        catalog = polib.pofile(str(po))
        flags = ["--glossary"] if "glossary" in include else []
        units = run_json("status", *selectors, *flags, "--kb", kb)["units"]
        assert units["total"] == len(catalog)
        assert units["stale"] == len(catalog.fuzzy_entries())
        assert units["translated"] == len(catalog.translated_entries())
    glossary = run_json("status", "--glossary", "--kb", kb)["glossary"]
    assert glossary["units"] > 400 and glossary["units"] == len(glossary["translated"]) + \
        len(glossary["missing"]) + len(glossary["stale"])


# -- size limits (issue 21, finding 10) ---------------------------------------------------------------

def test_a_file_over_the_size_limit_is_refused_before_it_is_read(seed_kb: Path, tmp_path: Path) -> None:
    po = tmp_path / "big.po"
    assert run("export", "400.7.", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})
    with po.open("a", encoding="utf-8") as handle:  # comments a PO reader would skip: 1.2 MB of them
        handle.write("\n" + ("# " + "x" * 98 + "\n") * 12_000)
    message = refused(seed_kb, po, "--max-size", "1")
    assert message == (f"Error: {po}: 1.2 MB is over the import limit of 1 MB (a whole-CR export with every language "
                       "is about 5 MB); --max-size raises the limit")
    assert run_json("import", str(po), "--max-size", "2", "--kb", str(seed_kb))["applied"] == ["400.7"]


def test_a_translation_far_longer_than_its_source_is_rejected(seed_kb: Path, tmp_path: Path) -> None:
    po = tmp_path / "long.po"
    assert run("export", "400.1", "400.2", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.1": "Una zona." * 2000, "400.2": "Un testo normale di 400.2."})
    result = run("import", str(po), "--kb", str(seed_kb), "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["applied"] == ["400.2"]
    (verdict,) = report["rejected"]
    assert verdict["id"] == "400.1" and verdict["reason"].startswith("the translation has 18,000 characters, over 10 x")


_MEMORY_PROBE = """
import resource, sys
unit = ('<trans-unit id="400.{i}" resname="400.{i}"><source>An object that moves from one zone to another becomes '
        'a new object {i}.</source><target state="translated">Un oggetto che cambia zona diventa un oggetto nuovo '
        '{i}.</target><note from="mtgkb">400. General</note></trans-unit>\\n')
data = ('<?xml version="1.0" encoding="UTF-8"?>\\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">'
        '<file original="cr-en-2024-11-08" source-language="en" target-language="it" datatype="plaintext"><body>'
        '<group id="g">\\n' + "".join(unit.format(i=i) for i in range(50_000)) + '</group></body></file></xliff>\\n').encode()
from kb.export import read_translations
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
units = read_translations(data, "x.xlf").units
print(len(units), (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024 / len(data))
"""


def test_a_long_xliff_is_read_with_memory_flat_in_its_length() -> None:
    """14 MB of XLIFF: the peak memory grows by under 4 x the file (the whole tree took 9.5 x)."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _MEMORY_PROBE], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent).stdout.split()
    assert int(out[0]) == 50_000 and float(out[1]) < 4.0, out


# -- an import updates the search index instead of writing it whole ------------------------------------

def _hits(kb: str, query: str) -> list[tuple[str, str, str]]:
    return [(h["number"] or h["title"], h["lang"], h["snippet"]) for h in run_json("search", query, "--kb", kb, "--limit", "8")]


def test_an_import_updates_the_index_and_finds_what_a_whole_index_finds(seed_kb: Path, tmp_path: Path) -> None:
    kb = str(seed_kb)
    index = lambda: seed_kb / "builds" / (seed_kb / "CURRENT").read_text().strip() / "index"  # noqa: E731
    segments = len(list(index().glob("*.seg")))
    po = tmp_path / "two.po"
    assert run("export", "400.1", "400.2", "-f", "po", "-o", str(po), "--kb", kb).exit_code == 0
    edit_po(po, {"400.1": "Una zona è un luogo sorvegliato da un custode immaginario.",
                 "400.2": "Le zone pubbliche sono visibili a ogni custode immaginario."})
    assert run_json("import", str(po), "--kb", kb)["applied"] == ["400.1", "400.2"]
    assert len(list(index().glob("*.seg"))) == segments + 1  # a segment of the changed items, added
    queries = ["custode immaginario", "zona pubblica", "public zone", "graveyard", "400.1", "zone publique"]
    updated = {q: _hits(kb, q) for q in queries}
    assert [n for n, _, _ in updated["custode immaginario"][:2]] == ["400.1", "400.2"]
    # an English hit shows the translator's Italian beside it, as mtgkb rule does (not the wiki seed's)
    public = next(h for h in run_json("search", "public zones", "--kb", kb) if h["number"] == "400.2")
    assert public["texts"]["it"]["text"] == "Le zone pubbliche sono visibili a ogni custode immaginario."
    assert run("build", "--reindex", "--kb", kb).exit_code == 0  # the same knowledge base, its index written whole
    assert len(list(index().glob("*.seg"))) == 1
    assert {q: _hits(kb, q) for q in queries} == updated


def test_rule_marks_a_stale_import_and_status_kept_an_untouched_stale_unit(stale_kb: Path, tmp_path: Path) -> None:
    kb = str(stale_kb)
    shown = run("rule", "400.7e", "400.7a", "--lang", "it", "--kb", kb).output
    line_e = next(line for line in shown.splitlines() if line.startswith("  [it] [rivisto] 400.7e"))
    assert "(stale: translated from another English text (the release 2024-11-08)" in line_e
    line_a = next(line for line in shown.splitlines() if line.startswith("  [it] [rivisto] 400.7a"))
    assert "stale" not in line_a
    older = tmp_path / "older.po"
    assert run("export", "400.7e", "-f", "po", "-o", str(older), "--kb", kb).exit_code == 0
    newer = tmp_path / "newer.po"
    assert run("export", "400.7e", "-f", "po", "-o", str(newer), "--kb", kb).exit_code == 0
    edit_po(newer, {"400.7e": "[rivisto di nuovo] 400.7e"})
    assert run_json("import", str(newer), "--kb", kb)["applied"] == ["400.7e"]
    report = run_json("import", str(older), "--kb", kb)  # still fuzzy, untouched: the newer text stays
    assert report["kept"] == ["400.7e"] and report["rejected"] == [] and report["complete"]


def test_sources_name_every_translator_of_the_texts_shown(seed_kb: Path, tmp_path: Path) -> None:
    kb = str(seed_kb)
    times = []
    for number, who in (("400.1", "Anna"), ("400.2", "Bruno")):
        po = tmp_path / f"{number}.po"
        assert run("export", number, "-f", "po", "-o", str(po), "--kb", kb).exit_code == 0
        edit_po(po, {number: f"Testo di {who}."})
        times.append(run_json("import", str(po), "--translator", who, "--kb", kb)["imported"])
    sources = run("rule", "400.1", "400.2", "--lang", "it", "--kb", kb).output.splitlines()[-1]
    when = times[0] if times[0] == times[1] else f"{times[0]} to {times[1]}"
    assert f"(translator, imported by Anna and Bruno, {when})" in sources
    assert "imported by Anna," in run("rule", "400.1", "--lang", "it", "--kb", kb).output.splitlines()[-1]


def test_a_file_made_from_a_release_not_held_says_so(seed_kb: Path, tmp_path: Path) -> None:
    po = tmp_path / "old.po"
    assert run("export", "400.7.", "-f", "po", "-o", str(po), "--kb", str(seed_kb)).exit_code == 0
    edit_po(po, {"400.7": NEW_400_7})
    po.write_text(po.read_text(encoding="utf-8").replace("mtgkb-cr-en 2024-11-08", "mtgkb-cr-en 2023-10-13"),
                  encoding="utf-8")
    report = run_json("import", str(po), "--kb", str(seed_kb))
    assert report["source_release"] == "2024-11-08" and report["applied"] == ["400.7"]
    assert report["note"].startswith("the file was made from the en release 2023-10-13, which this knowledge base "
                                     "does not hold")


def test_a_moved_knowledge_base_reads_its_own_imports(seed_kb: Path, tmp_path: Path) -> None:
    """A build records its sources without its imports folder, so after the folder is moved an
    import rebuilds from the moved folder's imports, not the old path's (which is gone)."""
    _newer_import(seed_kb, tmp_path)
    moved = tmp_path / "moved-kb"
    shutil.move(str(seed_kb), moved)
    undone = run("import", "--undo", "--kb", str(moved))
    assert undone.exit_code == 0, undone.output
    assert not list((moved / "imports").glob("*.json"))
    assert not seed_kb.exists()
