"""The same checks for every format in kb.export.EXPORTERS.

Schema validity where a schema exists (XLIFF 1.2 strict, XLIFF 2.1, TMX DTD; PO through
``msgfmt --check``; TBX, CSV and JSON structurally), round trip (write -> read gives back
the same ids and texts, with è, œ, « », ’, curly quotes, {T} and newlines), an empty
selection, a one-subrule selection, byte-identical output from two builds of the same
sources, and a golden file per format (``MTGKB_UPDATE_GOLDEN=1`` rewrites them).
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import etree

from kb.pipeline import build_kb
from kb.export import EXPORTERS, Selection, select
from kb.store import KnowledgeBase

from .conftest import FIXTURES, SHARED, require_shared

GOLDEN = Path(__file__).resolve().parent / "golden"
SCHEMAS = SHARED / "schemas"
SOURCES = [FIXTURES / "export_en_excerpt.txt", FIXTURES / "export_it_excerpt.txt"]
FORMATS = sorted(EXPORTERS)


def build_fixture_kb(kb_dir: Path) -> KnowledgeBase:
    build_kb(kb_dir, list(SOURCES))
    return KnowledgeBase.open(kb_dir)


@pytest.fixture(scope="module")
def kb(tmp_path_factory) -> KnowledgeBase:
    return build_fixture_kb(tmp_path_factory.mktemp("exportkb"))


@pytest.fixture(scope="module")
def selection(kb: KnowledgeBase) -> Selection:
    return select(kb, ["1"], "en", ["it"], ("examples", "glossary"))


# -- validity -------------------------------------------------------------------------------

def _xsd(name: str) -> etree.XMLSchema:
    return etree.XMLSchema(file=str(require_shared(SCHEMAS / name)))


def _check_tbx(data: bytes) -> None:
    root = etree.fromstring(data)
    ns = "{urn:iso:std:iso:30042:ed-2}"
    assert root.tag == f"{ns}tbx" and root.get("type") == "TBX-Basic"
    assert [c.tag for c in root] == [f"{ns}tbxHeader", f"{ns}text"]
    body = root.find(f"{ns}text/{ns}body")
    assert body is not None
    for concept in body:
        assert concept.tag == f"{ns}conceptEntry" and concept.get("id")
        for lang_sec in concept.findall(f"{ns}langSec"):
            assert lang_sec.get("{http://www.w3.org/XML/1998/namespace}lang")
            assert [t.tag for t in lang_sec] == [f"{ns}termSec"]
            assert lang_sec.find(f"{ns}termSec/{ns}term").text


def _check_po(data: bytes, tmp_path: Path) -> None:
    if shutil.which("msgfmt") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("msgfmt (gettext) is required under CI=true")
        pytest.skip("msgfmt (gettext) not installed")
    path = tmp_path / "out.po"
    path.write_bytes(data)
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert b'"Language: it\\n"' in data and b"#, fuzzy\nmsgid \"\"" not in data


def validate(name: str, data: bytes, tmp_path: Path) -> None:
    if name == "xliff12":
        schema = _xsd("xliff-core-1.2-strict.xsd")
        assert schema.validate(etree.fromstring(data)), schema.error_log
    elif name == "xliff21":
        schema = _xsd("xliff-core-2.0.xsd")
        assert schema.validate(etree.fromstring(data)), schema.error_log
    elif name == "tmx":
        dtd = etree.DTD(str(require_shared(SCHEMAS / "tmx14.dtd")))
        assert dtd.validate(etree.fromstring(data)), dtd.error_log
    elif name == "po":
        _check_po(data, tmp_path)
    elif name == "tbx":
        _check_tbx(data)
    elif name == "csv":
        rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
        assert rows[0][:2] == ["number", "chapter"] and all(len(r) == len(rows[0]) for r in rows)
    elif name == "json":
        assert json.loads(data)["format"] == "mtgkb-export"
    else:  # a new format must say how it is validated
        pytest.fail(f"no validity check for format {name}")


@pytest.mark.parametrize("name", FORMATS)
def test_output_is_valid(name: str, selection: Selection, tmp_path: Path) -> None:
    data = EXPORTERS[name].write(selection)
    assert data.decode("utf-8")  # UTF-8 throughout
    validate(name, data, tmp_path)


@pytest.mark.parametrize("name", FORMATS)
def test_empty_selection_is_valid_and_reads_back_empty(name: str, selection: Selection, tmp_path: Path) -> None:
    empty = Selection("en", ("it",), selection.source_release, selection.source_doc)
    data = EXPORTERS[name].write(empty)
    validate(name, data, tmp_path)
    if EXPORTERS[name].read:
        assert EXPORTERS[name].read(data, "empty").units == ()


# -- round trip -----------------------------------------------------------------------------

def expected_texts(name: str, selection: Selection) -> dict[str, tuple[str | None, str | None]]:
    if name == "tbx":
        return {e.id: (e.names.get("en"), e.names.get("it")) for e in selection.terms if "it" in e.names}
    return {u.id: (u.source, u.target("it")) for u in selection.units}


@pytest.mark.parametrize("name", FORMATS)
def test_round_trip_gives_back_the_same_texts(name: str, selection: Selection) -> None:
    exporter = EXPORTERS[name]
    assert exporter.read is not None, f"{name} cannot be read back"
    back = exporter.read(exporter.write(selection), f"out.{exporter.extension}")
    got: dict[str, tuple[str | None, str | None]] = {}
    for unit in back.units:
        if unit.lang in (None, "it"):
            previous = got.get(unit.id, (None, None))
            got[unit.id] = (unit.source or previous[0], unit.target if unit.target else previous[1])
    assert got == expected_texts(name, selection)
    assert back.source_lang == "en"


def test_round_trip_selection_holds_the_hard_characters(selection: Selection) -> None:
    """The round trip above is only worth something if the texts carry the hard cases."""
    every = "\n".join(t for u in selection.units for t in (u.source, u.target("it") or ""))
    for needle in ("è", "œ", "«", "»", "’", "“", "”", "{T}", "\n"):
        assert needle in every, needle
    assert {u.state("it") for u in selection.units} >= {"new", "translated"}


@pytest.mark.parametrize("name", [n for n in FORMATS if n != "tbx"])
def test_one_subrule(name: str, kb: KnowledgeBase) -> None:
    one = select(kb, ["100.1a"], "en", ["it"])
    assert [u.id for u in one.units] == ["100.1a"]
    back = EXPORTERS[name].read(EXPORTERS[name].write(one), "one")
    assert {u.id for u in back.units} == {"100.1a"}
    assert [u.target for u in back.units if u.lang == "it"] == [one.units[0].target("it")]


# -- stability and golden files -------------------------------------------------------------

@pytest.mark.parametrize("name", FORMATS)
def test_two_builds_give_identical_bytes(name: str, selection: Selection, tmp_path: Path) -> None:
    other = build_fixture_kb(tmp_path / "again")
    again = select(other, ["1"], "en", ["it"], ("examples", "glossary"))
    assert EXPORTERS[name].write(again) == EXPORTERS[name].write(selection)


@pytest.mark.parametrize("name", FORMATS)
def test_golden_file(name: str, kb: KnowledgeBase) -> None:
    small = select(kb, ["100"], "en", ["it"])
    data = EXPORTERS[name].write(small)
    golden = GOLDEN / f"chapter100-{name}.{EXPORTERS[name].extension}"
    if os.environ.get("MTGKB_UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_bytes(data)
    assert golden.exists(), f"{golden} missing: run with MTGKB_UPDATE_GOLDEN=1 and review it"
    assert data == golden.read_bytes()
