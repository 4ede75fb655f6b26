"""Odd JSON from outside (issue 34 point 18): a lone surrogate escape (``"\\ud800"``), nesting deeper
than Python reads and integers of thousands of digits, in each JSON file mtgkb reads (MTGJSON,
Scryfall rulings, the translation files of imports/, the JSON export given to ``mtgkb import``),
are a one-line error naming the file and line, exit status 1, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.parsers.json_source import lone_surrogate

from .conftest import FIXTURES

CLEAN = FIXTURES / "cr_defects" / "clean.txt"


@pytest.mark.parametrize("text, found", [
    ('{"a": "plain"}', None),
    ('{"a": "\\ud83d\\ude00 a pair"}', None),
    ('{"a": "\\\\ud800 an escaped backslash, then ud800"}', None),
    ('{"a": "\\\\\\ud800"}', (1, 10, "\\ud800")),  # an escaped backslash, then an escape
    ('{\n  "a": "x\\ud800"}', (2, 10, "\\ud800")),
    ('{"a": "\\uDC00 a low half alone"}', (1, 8, "\\uDC00")),
    ('{"a": "\\ud800\\ud800\\udc00"}', (1, 8, "\\ud800")),  # a high half, then a pair
])
def test_lone_surrogate_escapes_are_found_with_their_line_and_column(text: str, found) -> None:
    assert lone_surrogate(text) == found
    assert lone_surrogate(text.encode()) == found
    assert lone_surrogate(text.encode("utf-16")) == found


def assert_one_line_error(result, *parts: str) -> None:
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("Error: ") and "Traceback" not in result.output, result.output
    for part in parts:
        assert part in last, last


def with_value(fixture: str, change) -> str:
    data = json.loads((FIXTURES / fixture).read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data, ensure_ascii=True, indent=1)


def set_card_name(data) -> None:
    data["data"]["cards"][0]["name"] = "Bad\ud800Name"


def set_atomic_text(data) -> None:
    data["data"]["Krosan Grip"][0]["text"] = "Split second\udc00."


def set_ruling_text(data) -> None:
    data["data"][0]["comment"] = "See rule 100.1 \udcff."


def set_unit_text(data) -> None:
    data["units"][1]["text"] = "R\ud800gle"


@pytest.mark.parametrize("fixture, change, what", [
    ("mtgjson_c21_excerpt.json", set_card_name, "MTGJSON"),
    ("mtgjson_atomic_excerpt.json", set_atomic_text, "MTGJSON AtomicCards"),
    ("scryfall_card_rulings.json", set_ruling_text, "Scryfall rulings"),
    ("translation_fr.json", set_unit_text, "translation file"),
])
def test_a_lone_surrogate_in_a_json_source_is_a_one_line_error(tmp_path: Path, fixture: str, change,
                                                               what: str) -> None:
    """Fails before: the build reached the database and died with a UnicodeEncodeError traceback."""
    path = tmp_path / "odd.json"
    text = with_value(fixture, change)
    path.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "\\ud" in row or "\\udc" in row)
    result = CliRunner().invoke(main, ["build", "--kb", str(tmp_path / "kb"), "--corpus", str(CLEAN),
                                       "--corpus", str(path)])
    assert_one_line_error(result, f"{path}:{line}: {what}: invalid JSON", "lone surrogate")


@pytest.mark.parametrize("value, message", [
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ("9" * 5000, "Exceeds the limit (4300 digits)"),
])
def test_a_translation_file_nested_too_deep_or_with_a_huge_integer_is_one_line(tmp_path: Path, value: str,
                                                                               message: str) -> None:
    """Fails before: RecursionError and ValueError tracebacks."""
    path = tmp_path / "odd.json"
    path.write_text((FIXTURES / "translation_fr.json").read_text(encoding="utf-8")
                    .replace('"version": 1', '"version": ' + value, 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--kb", str(tmp_path / "kb"), "--corpus", str(CLEAN),
                                       "--corpus", str(path)])
    assert_one_line_error(result, f"{path}:1: not a translation file", message)


@pytest.fixture
def exported(kb_cache, tmp_path: Path) -> tuple[Path, str]:
    """A knowledge base of its own and its chapter 100 exported as JSON for Italian."""
    kb_dir = kb_cache.copy([CLEAN], tmp_path / "kb")
    out = tmp_path / "chapter.json"
    result = CliRunner().invoke(main, ["--kb", str(kb_dir), "export", "--format", "json", "--target", "it",
                                       "--rules", "100", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return kb_dir, out.read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, message", [
    ('"text": null', '"text": "Gen\\ud800erale"', "JSON export: invalid JSON: \\ud800"),
    ('"left_out": []', '"left_out": ' + "[" * 100000 + "]" * 100000, "nested too deeply"),
    ('"left_out": []', '"left_out": ' + "9" * 5000, "Exceeds the limit (4300 digits)"),
    ('"text": null', '"text": NaN', "the it text of '100' is a number (nan), not a string or null"),
    ('"id": "100"', '"id": 100', 'an item\'s "id" is a number (100), not a string'),  # a hostile re-test: AttributeError
])
def test_odd_json_given_to_import_is_a_one_line_error(exported, tmp_path: Path, old: str, new: str,
                                                      message: str) -> None:
    """Fails before: UnicodeEncodeError, RecursionError, ValueError and AttributeError tracebacks."""
    kb_dir, text = exported
    assert old in text
    path = tmp_path / "odd.json"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["--kb", str(kb_dir), "import", str(path)])
    assert_one_line_error(result, str(path), message)
