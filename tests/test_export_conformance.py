"""The same checks for every format in kb.export.EXPORTERS.

Validity by each record's own validator (XLIFF 1.2 strict, XLIFF 2.1, TMX DTD; PO through
``msgfmt --check``; TBX, CSV and JSON structurally), the help, alias and error texts that
come from the records, round trip (write -> read gives back
the same ids and texts, with è, œ, « », ’, curly quotes, {T} and newlines), an empty
selection, a one-subrule selection, byte-identical output from two builds of the same
sources, and a golden file per format (``MTGKB_UPDATE_GOLDEN=1`` rewrites them).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.errors import KBError, UnknownFormatError
from kb.export import ALIASES, EXPORTERS, Selection, ValidatorUnavailable, exporter, read_translations, select
from kb.pipeline import build_kb
from kb.store import KnowledgeBase

from .conftest import FIXTURES, SHARED

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

def validate(name: str, data: bytes) -> None:
    """The format's own validator accepts ``data`` (a missing schema or tool skips, fails under CI)."""
    try:
        problems = EXPORTERS[name].validate(data, SCHEMAS)
    except ValidatorUnavailable as exc:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{exc}, and CI=true requires it")
        pytest.skip(str(exc))
    assert problems == []


@pytest.mark.parametrize("name", FORMATS)
def test_output_is_valid(name: str, selection: Selection) -> None:
    data = EXPORTERS[name].write(selection)
    assert data.decode("utf-8")  # UTF-8 throughout
    validate(name, data)


@pytest.mark.parametrize("name", FORMATS)
def test_empty_selection_is_valid_and_reads_back_empty(name: str, selection: Selection) -> None:
    empty = Selection("en", ("it",), selection.source_release, selection.source_doc)
    data = EXPORTERS[name].write(empty)
    validate(name, data)
    if EXPORTERS[name].read:
        assert EXPORTERS[name].read(data, "empty").units == ()


@pytest.mark.parametrize("name", FORMATS)
def test_validator_rejects_a_file_cut_in_half(name: str, selection: Selection) -> None:
    data = EXPORTERS[name].write(selection)
    try:
        # cut just after an opening quote: a string left open (a comment line of a PO cut in
        # half is still a valid PO file)
        cut = data.index(b'"', len(data) // 2) + 1
        problems = EXPORTERS[name].validate(data[:cut], SCHEMAS)
    except ValidatorUnavailable as exc:
        pytest.skip(str(exc))
    assert problems


# -- what the records carry into help, errors and import --------------------------------------

def test_records_name_their_format_for_users() -> None:
    names = [*EXPORTERS, *ALIASES]
    assert len(names) == len(set(names)), "a name or alias is used twice"
    for name, exp in EXPORTERS.items():
        assert exp.name == name and exp.label and exp.help and re.fullmatch(r"[a-z0-9]+", exp.extension)
        assert all(exporter(alias) is exp for alias in (name, name.upper(), *exp.aliases))


def test_format_help_names_every_format_alias_and_help_line() -> None:
    result = CliRunner().invoke(main, ["export", "--help"], terminal_width=1000)
    assert result.exit_code == 0, result.output
    line = next(text for text in result.output.splitlines() if "-f, --format" in text)
    for exp in EXPORTERS.values():
        named = f"{exp.name} (or {', '.join(exp.aliases)})" if exp.aliases else exp.name
        assert f"{named}: {exp.help}" in line


def test_unknown_format_error_names_every_format() -> None:
    with pytest.raises(KBError) as caught:
        exporter("docx")
    assert str(caught.value) == f"unknown export format 'docx' (choose from {', '.join(EXPORTERS)})"


def test_unreadable_translation_file_names_the_readable_formats() -> None:
    with pytest.raises(UnknownFormatError) as caught:
        read_translations(b"shopping list\nmilk\n", "notes.txt")
    labels = ", ".join(exp.label for exp in EXPORTERS.values() if exp.read is not None and exp.carries == "units")
    assert str(caught.value) == f"notes.txt:1: not a translation file mtgkb reads ({labels})"


@pytest.mark.parametrize("name", [n for n in EXPORTERS if EXPORTERS[n].carries == "terms"])
def test_a_termbase_is_refused_on_import_as_an_export_only_format(name: str, selection: Selection) -> None:
    exporter = EXPORTERS[name]
    with pytest.raises(KBError) as caught:
        read_translations(exporter.write(selection), f"terms.{exporter.extension}")
    assert str(caught.value).startswith(f"terms.{exporter.extension}: a {exporter.label} termbase is an "
                                        "export-only format (terms for translators' tools); import a translation "
                                        "file instead (XLIFF")
    assert "TBX" not in str(caught.value).split("instead")[1]


# -- round trip -----------------------------------------------------------------------------

def expected_texts(name: str, selection: Selection) -> dict[str, tuple[str | None, str | None]]:
    if EXPORTERS[name].carries == "terms":
        return {e.id: (e.name("en"), e.name("it")) for e in selection.terms if "it" in e.names}
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


@pytest.mark.parametrize("name", [n for n in FORMATS if EXPORTERS[n].carries == "units"])
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
