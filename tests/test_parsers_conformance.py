"""The same checks for every source format in kb.parsers.FORMATS, each on its own sample.

Every registered format declares a small sample below (real excerpts where we have them,
see fixtures/README.md) and gets, without writing a test of its own:

* detection: its detector scores its sample higher than every other format's does;
* accounting: every unit of the sample is accounted for, nothing unparsed. The unit is the
  line, but for the card-data formats (``mtgjson``, ``mtgjson-atomic``, ``scryfall-rulings``), whose
  accounts count JSON entries by design (their module docstrings say so);
* encodings: copies with CRLF, with LF and in UTF-16 with a BOM give the same Document;
* non-ASCII: the accents, curly quotes, guillemets and ``œ`` of the sample reach the Document;
* truncation: a copy cut in the middle (after half its lines, or inside a JSON value) is a
  one-line ``file:line: message`` error, for the formats that can tell (``RAISES``). The
  line-based formats whose last part is optional cannot tell a page cut after a complete
  item from a shorter page (``ACCOUNTS``): their cut copy still accounts every line.

A new format is one module, one registry line, and one ``Sample`` here.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

from kb.errors import SourceError
from kb.model import Document, to_dict
from kb.parsers import FORMATS, detect_format
from kb.sources import Source, read_source, source_from_bytes

from .conftest import CORPUS, FIXTURES

RAISES = "raises"  # a truncated copy is an error naming a line
ACCOUNTS = "accounts"  # truncation cannot be told from a shorter page: every line still accounted


def _json(source: Source) -> Any:
    return json.loads(source.data)


def _mtgjson_entries(source: Source) -> int:
    data = _json(source)["data"]
    return len(data["cards"]) + len(data.get("tokens", []))


def _atomic_faces(source: Source) -> int:
    return sum(len(faces) for faces in _json(source)["data"].values())


def _scryfall_objects(source: Source) -> int:
    payload = _json(source)
    return len(payload["data"] if isinstance(payload, dict) else payload)


@dataclass(frozen=True)
class Sample:
    """A format's sample and what the checks expect of it."""

    path: Path
    needles: tuple[str, ...]  # non-ASCII text of the sample that must reach the Document
    truncated: str  # RAISES or ACCOUNTS
    units: Callable[[Source], int] | None = None  # what the account counts, when not lines
    json: bool = False  # cut inside a JSON value rather than at a line


SAMPLES: dict[str, Sample] = {
    "cr-text": Sample(FIXTURES / "cr_en_20241108_excerpt.txt", ("Cátinò", "’", "“", "”", "—"), RAISES),
    "mtgjson": Sample(FIXTURES / "mtgjson_c21_excerpt.json", ("Cœur du progrès", "Éphémère", "’", "“", "è"),
                      RAISES, units=_mtgjson_entries, json=True),
    "mtgjson-atomic": Sample(FIXTURES / "mtgjson_atomic_excerpt.json", ("Remue-méninges", "Éphémère", "’", "“"),
                             RAISES, units=_atomic_faces, json=True),
    "scryfall-rulings": Sample(FIXTURES / "scryfall_card_rulings.json", ("can’t", "“", "”"), RAISES,
                               units=_scryfall_objects, json=True),
    "wiki-cr-text": Sample(FIXTURES / "wiki_cr_sezione4_excerpt.txt", ("è", "à", "ù"), ACCOUNTS),
    "wiki-keyword-text": Sample(CORPUS / "000_a6d3485c321a44a0.txt", ("è", "à", "ò", "finché"), ACCOUNTS),
    "rulings-page": Sample(FIXTURES / "rulings_page_fr_excerpt.txt",
                           ("générée", "—", "qu’un", "« the", "œuvré"), ACCOUNTS),
    "wiki-html": Sample(FIXTURES / "wiki_voto.html", ("è", "à", "ò", "ù"), RAISES),
    "mtgkb-translation": Sample(FIXTURES / "translation_fr.json", ("Généralités", "s’appliquent", "« Règles",
                                                                   "œuvre"), RAISES, json=True),
}
NAMES = sorted(FORMATS)


def sample(name: str) -> Sample:
    assert name in SAMPLES, f"format {name} declares no sample in SAMPLES"
    return SAMPLES[name]


def source_of(name: str) -> Source:
    return read_source(sample(name).path)


def copy_of(source: Source, text: str, encoding: str = "utf-8") -> Source:
    """A copy of ``source`` with other bytes, under the same path (so the same document id)."""
    return source_from_bytes(text.encode(encoding), source.path)


BYTES_FACTS = ("encoding", "bom", "newline")  # what a Document may record of its bytes (cr-text does)


def content(document: Document) -> dict[str, Any]:
    """The Document but for what it says of the bytes it was read from (hash, encoding, line ends)."""
    data = to_dict(document)
    data.pop("sha256")
    data["meta"] = {key: value for key, value in data["meta"].items() if key not in BYTES_FACTS}
    return data


def strings_of(value: Any) -> str:
    """Every string in a Document, keys and values, one per line."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "\n".join(strings_of(k) + "\n" + strings_of(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "\n".join(strings_of(v) for v in value)
    return ""


def test_every_format_declares_a_sample() -> None:
    assert sorted(SAMPLES) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_detects_its_own_sample_best(name: str) -> None:
    source = source_of(name)
    scores = {other: fmt.detect(source) for other, fmt in FORMATS.items()}
    runner_up = max(score for other, score in scores.items() if other != name)
    assert scores[name] > runner_up, scores
    assert detect_format(source).name == name


@pytest.mark.parametrize("name", NAMES)
def test_every_unit_is_accounted_for(name: str) -> None:
    source = source_of(name)
    account = FORMATS[name].parse(source).accounting
    count = sample(name).units
    assert account.total == (count(source) if count else len(source.lines))
    assert account.accounted == account.total and account.unparsed == ()


@pytest.mark.parametrize("variant", ["crlf", "lf", "utf-16"])
@pytest.mark.parametrize("name", NAMES)
def test_line_ends_and_utf16_copies_parse_the_same(name: str, variant: str) -> None:
    source = source_of(name)
    text = source.text
    if variant == "utf-16":
        copy = copy_of(source, text, "utf-16")  # Python writes the BOM
        assert copy.data[:2] in (b"\xff\xfe", b"\xfe\xff")
    else:
        copy = copy_of(source, re.sub(r"\r\n|\r|\n", "\r\n" if variant == "crlf" else "\n", text))
    assert detect_format(copy).name == name
    assert content(FORMATS[name].parse(copy)) == content(FORMATS[name].parse(source))


@pytest.mark.parametrize("name", NAMES)
def test_non_ascii_text_reaches_the_document(name: str) -> None:
    source = source_of(name)
    tree = strings_of(to_dict(FORMATS[name].parse(source)))
    for needle in sample(name).needles:
        assert needle in source.text, f"the sample lacks {needle!r}: choose a better needle"
        assert needle in tree, needle
    letters = {c for c in source.text if ord(c) > 127 and unicodedata.category(c).startswith("L")}
    assert letters <= set(tree), letters - set(tree)


def truncated_copy(name: str) -> Source:
    """The sample cut in the middle: after half its lines, or inside the JSON string value
    that follows the middle of the file."""
    source = source_of(name)
    text = source.text
    if sample(name).json:
        value = text.index('": "', len(text) // 2) + 6
        return copy_of(source, text[:value])
    lines = source.lines[: len(source.lines) // 2]
    return copy_of(source, "".join(line + source.decoded.newline for line in lines))


@pytest.mark.parametrize("name", [n for n in NAMES if sample(n).truncated == RAISES])
def test_truncated_copy_is_a_one_line_error_with_a_line_number(name: str) -> None:
    copy = truncated_copy(name)
    with pytest.raises(SourceError) as caught:
        FORMATS[name].parse(copy)
    error = caught.value
    assert isinstance(error.line, int) and 1 <= error.line <= len(copy.lines)
    assert str(error).startswith(f"{copy.path}:{error.line}: ") and "\n" not in str(error)


@pytest.mark.parametrize("name", [n for n in NAMES if sample(n).truncated == ACCOUNTS])
def test_truncated_copy_of_an_open_ended_format_still_accounts_every_line(name: str) -> None:
    copy = truncated_copy(name)
    account = FORMATS[name].parse(copy).accounting
    assert account.total == len(copy.lines) < len(source_of(name).lines)
    assert account.accounted == account.total
