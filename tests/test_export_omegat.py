"""Round trips through Debian's OmegaT 3.6, run headless (``omegat PROJECT --mode=console-translate``).

A translator's work is played by OmegaT's project memory (``omegat/project_save.tmx``): OmegaT
fills each segment it holds, writes ``target/``, and mtgkb imports what it wrote. Skipped when
OmegaT is not installed (``apt-get install omegat``), failed under CI=true (``.ci/run`` installs it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from xml.sax.saxutils import escape

import polib
import pytest
from click.testing import CliRunner

from kb.cli import main

from .conftest import copy_kb

SEGMENTED = re.compile(r"^Total:\s+(\d+)", re.M)


def omegat() -> str:
    found = shutil.which("omegat")
    if found is None:
        message = "OmegaT not found (apt-get install omegat)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " and CI=true requires it")
        pytest.skip(message)
    return found


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture()
def kb(product_kb: Path, tmp_path: Path) -> Path:
    return copy_kb(product_kb, tmp_path / "kb")


def project(folder: Path, memory: dict[str, str], sentences: bool) -> Path:
    """An OmegaT project (English to Italian) whose memory translates each key of ``memory``;
    ``sentences``: OmegaT's default sentence segmentation, else one segment per paragraph."""
    for part in ("source", "target", "tm", "omegat", "glossary", "dictionary"):
        (folder / part).mkdir(parents=True, exist_ok=True)
    (folder / "omegat.project").write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<omegat><project version="1.0">
<source_dir>__DEFAULT__</source_dir><source_dir_excludes/><target_dir>__DEFAULT__</target_dir>
<tm_dir>__DEFAULT__</tm_dir><glossary_dir>__DEFAULT__</glossary_dir><glossary_file>__DEFAULT__</glossary_file>
<dictionary_dir>__DEFAULT__</dictionary_dir><source_lang>EN-US</source_lang><target_lang>IT-IT</target_lang>
<source_tok>org.omegat.tokenizer.LuceneEnglishTokenizer</source_tok>
<target_tok>org.omegat.tokenizer.LuceneItalianTokenizer</target_tok>
<sentence_seg>{str(sentences).lower()}</sentence_seg><support_default_translations>true</support_default_translations>
<remove_tags>false</remove_tags></project></omegat>
""", encoding="utf-8")
    units = "".join(f'<tu><tuv lang="EN-US"><seg>{escape(english)}</seg></tuv>'
                    f'<tuv lang="IT-IT" changeid="Giulia" changedate="20251201T080000Z"><seg>{escape(italian)}</seg>'
                    f"</tuv></tu>\n" for english, italian in memory.items())
    (folder / "omegat" / "project_save.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header creationtool="OmegaT" o-tmf="OmegaT TMX" '
        'adminlang="EN-US" datatype="plaintext" segtype="sentence" srclang="EN-US" creationtoolversion="3.6"/>'
        f"<body>\n{units}</body></tmx>\n", encoding="utf-8")
    return folder


def translate(folder: Path, name: str) -> tuple[int, Path]:
    """Run OmegaT on ``folder``: the segments it found in the source file ``name``, and its target file."""
    result = subprocess.run([omegat(), str(folder), "--mode=console-translate", "--quiet", "--no-team",
                             "--disable-project-locking", f"--config-dir={folder.parent / 'omegat-config'}"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    stats = (folder / "omegat" / "project_stats.txt").read_text(encoding="utf-8")
    files = {line.split("\t")[0].strip(): int(line.split("\t")[1]) for line in stats.splitlines()
             if line.strip().startswith(name)}
    return files.get(name, 0), folder / "target" / name


def english(po: Path, unit_id: str) -> str:
    return next(entry.msgid for entry in polib.pofile(str(po)) if entry.msgctxt == unit_id)


def test_omegat_shows_every_po_unit_and_its_translation_imports_back(kb: Path, tmp_path: Path) -> None:
    omegat()
    source = tmp_path / "p" / "source" / "kw.po"
    source.parent.mkdir(parents=True)
    assert run("export", "702.19-702.21", "-f", "po", "--target", "it", "-o", str(source), "--kb", str(kb)).exit_code == 0
    units = len(polib.pofile(str(source)))
    done = {english(source, "702.19a"): "Travolgere è un'abilità statica che modifica le regole per assegnare il "
                                         "danno da combattimento di una creatura attaccante."}
    segments, target = translate(project(tmp_path / "p", done, sentences=False), "kw.po")
    assert segments == units + 1  # every unit, and the header, which OmegaT's PO filter counts as one
    result = run("import", str(target), "--kb", str(kb), "--translator", "Giulia", "--json")
    report = json.loads(result.output)
    assert result.exit_code == 0 and report["complete"], result.output
    assert report["applied"] == ["702.19a"] and len(report["untranslated"]) == units - 1
    assert report["identical"] == [] and report["missing"] == [] and report["emptied"] == []
    shown = json.loads(run("rule", "702.19a", "--lang", "it", "--json", "--kb", str(kb)).output)
    assert "Travolgere è un'abilità statica" in json.dumps(shown, ensure_ascii=False)


def test_omegat_sentence_segmentation_is_reported_not_hidden(kb: Path, tmp_path: Path) -> None:
    """With OmegaT's default segmentation, held translations of several sentences come back empty and
    a paragraph with one sentence translated comes back half English: the import says both."""
    omegat()
    source = tmp_path / "p" / "source" / "zones.po"
    source.parent.mkdir(parents=True)
    assert run("export", "400.7", "702.19a", "-f", "po", "--target", "it", "-o", str(source),
               "--kb", str(kb)).exit_code == 0
    first = english(source, "702.19a").split(". ")[0] + "."
    segments, target = translate(project(tmp_path / "p", {first: "Travolgere è un'abilità statica."},
                                         sentences=True), "zones.po")
    assert segments > len(polib.pofile(str(source))) + 1  # split into sentences
    emptied = [e.msgctxt for e in polib.pofile(str(target)) if not e.msgstr]
    held = {e.msgctxt for e in polib.pofile(str(source)) if e.msgstr}
    lost = sorted(set(emptied) & held)
    assert lost, "OmegaT kept every held translation: this test no longer shows what it is about"
    result = run("import", str(target), "--kb", str(kb), "--json")
    report = json.loads(result.output)
    assert sorted(report["emptied"]) == lost
    assert [w["id"] for w in report["warnings"]] == ["702.19a"]
    assert "2 sentences of the translation are the English text" in report["warnings"][0]["warning"]
    text = run("import", str(target), "--kb", str(kb)).output
    assert f"{len(lost)} units the knowledge base holds a translation for are empty in the file" in text


def test_omegat_reads_xliff_targets_only_and_its_output_loses_nothing(kb: Path, tmp_path: Path) -> None:
    """OmegaT 3.6 translates what is in <target>: a plain XLIFF export shows only the held
    translations (as its source); imported back, nothing changes."""
    omegat()
    source = tmp_path / "p" / "source" / "zones.xlf"
    source.parent.mkdir(parents=True)
    assert run("export", "400.7", "702.19", "-f", "xliff", "--target", "it", "-o", str(source),
               "--kb", str(kb)).exit_code == 0
    data = source.read_text(encoding="utf-8")
    held = len(re.findall(r'<target state="(?:translated|needs-review-translation)">', data))
    segments, target = translate(project(tmp_path / "p", {}, sentences=False), "zones.xlf")
    assert segments == held and held > 0
    result = run("import", str(target), "--kb", str(kb), "--json")
    report = json.loads(result.output)
    assert result.exit_code == 0 and report["applied"] == [] and report["rejected"] == []
    assert len(report["unchanged"]) == held


def test_omegat_on_a_prefilled_xliff_stores_only_what_it_translated(kb: Path, tmp_path: Path) -> None:
    """Targets pre-filled with the English (state new), as OmegaT 3.6 needs: every unit is a segment,
    and what OmegaT leaves as the English is untranslated, not stored as Italian."""
    omegat()
    source = tmp_path / "p" / "source" / "kw.xlf"
    source.parent.mkdir(parents=True)
    assert run("export", "702.19-702.21", "-f", "xliff", "--target", "it", "-o", str(source),
               "--kb", str(kb)).exit_code == 0
    data = source.read_text(encoding="utf-8")
    filled = re.sub(r"<source>(.*?)</source>(\s*)<target state=\"new\"></target>",
                    r'<source>\1</source>\2<target state="new">\1</target>', data, flags=re.S)
    source.write_text(filled, encoding="utf-8")
    units = data.count("<trans-unit ")
    first = re.search(r'id="702.19a".*?<source>(.*?)</source>', data, re.S).group(1)
    done = {first.replace("&#8217;", "’"): "Travolgere è un'abilità statica che modifica le regole del danno."}
    segments, target = translate(project(tmp_path / "p", done, sentences=False), "kw.xlf")
    assert segments == units
    result = run("import", str(target), "--kb", str(kb), "--json")
    report = json.loads(result.output)
    assert result.exit_code == 0, result.output
    assert report["applied"] == ["702.19a"] and len(report["untranslated"]) == units - 1
