"""Decoding: every encoding and line end WotC shipped, and bad input."""

from __future__ import annotations

import codecs

import pytest

from kb.errors import SourceError
from kb.sources import decode, read_source, split_lines
from kb.text import fold_quotes

from .conftest import SHARED_CORPUS, require_shared

TEXT = "100.1. These “Magic” rules’ text — é\n\n100.1a Second line\n"


@pytest.mark.parametrize("encoded, encoding, bom", [
    (TEXT.encode("utf-8"), "utf-8", False),
    (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8", True),
    (codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), "utf-16-le", True),
    (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "utf-16-be", True),
    (TEXT.encode("utf-16-le"), "utf-16-le", False),
    (TEXT.encode("cp1252"), "cp1252", False),
])
def test_decode_every_encoding(encoded: bytes, encoding: str, bom: bool) -> None:
    decoded = decode(encoded)
    assert decoded.text == TEXT
    assert decoded.encoding == encoding
    assert decoded.bom is bom


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n", "\u2028", "\u2029"])
def test_split_lines_on_every_line_end(newline: str) -> None:
    text = newline.join(["a", "", "b “c”"]) + newline
    assert split_lines(text) == ["a", "", "b “c”"]


def test_curly_quotes_kept_and_folded_only_for_matching() -> None:
    text = decode("“the vote is tied” l’exil « zone »".encode()).text
    assert "“" in text and "’" in text
    assert fold_quotes(text) == '"the vote is tied" l\'exil " zone "'


def test_binary_file_is_an_error_with_line(tmp_path) -> None:
    path = tmp_path / "image.bin"
    path.write_bytes(b"line one\nline two\n\x00\x01\x02\x03" + bytes(range(256)))
    with pytest.raises(SourceError) as info:
        read_source(path).text
    assert str(info.value) == f"{path}:3: binary file (NUL byte), not text"


def test_empty_file_is_an_error(tmp_path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"\r\n  \n")
    with pytest.raises(SourceError, match="empty.txt: file is empty"):
        read_source(path)


def test_undecodable_bytes_report_their_line(tmp_path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"ok\nstill ok\n\x81\x8d\x8f bad\n")
    with pytest.raises(SourceError, match=r"bad.txt:3: undecodable bytes"):
        read_source(path).text


def test_shared_releases_decode_as_the_manifest_says() -> None:
    folder = require_shared(SHARED_CORPUS / "cr-en")
    expected = {
        "20120701": ("utf-8", False, "\r\n"),  # ASCII is valid UTF-8
        "20160826": ("utf-16-le", True, "\r\n"),
        "20180713": ("cp1252", False, "\r\n"),
        "20221118": ("utf-16-be", True, "\r"),
        "20231013": ("utf-8", True, "\r\n"),
        "20250404": ("utf-8", True, "\r"),
    }
    for date, (encoding, bom, newline) in expected.items():
        decoded = read_source(folder / f"MagicCompRules {date}.txt").decoded
        assert (decoded.encoding, decoded.bom, decoded.newline) == (encoding, bom, newline), date
        assert "\r" not in "".join(split_lines(decoded.text))


def test_reading_a_small_source_reserves_memory_for_its_size_not_the_limit(tmp_path) -> None:
    import tracemalloc

    path = tmp_path / "small.txt"
    path.write_text("100.1. A rule.\n" * 10, encoding="utf-8")
    tracemalloc.start()
    try:
        source = read_source(path, max_bytes=256 << 20)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert source.data == path.read_bytes()
    assert peak < 1 << 20, f"reading 150 bytes reserved {peak:,} bytes"


def test_a_source_over_the_limit_is_still_refused(tmp_path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 5000)
    with pytest.raises(SourceError, match="larger than 4,096 bytes"):
        read_source(path, max_bytes=4096)


def test_a_memory_error_is_one_line_not_a_traceback(tmp_path, monkeypatch) -> None:
    from click.testing import CliRunner

    import kb.sources
    from kb.cli import main

    def no_memory(*_args, **_kwargs):
        raise MemoryError

    monkeypatch.setattr(kb.sources, "source_from_bytes", no_memory)
    path = tmp_path / "cr.txt"
    path.write_text("100.1. A rule.\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--corpus", str(path), "--kb", str(tmp_path / "kb")])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.output.strip().splitlines()[-1].startswith("Error: out of memory"), result.output


def test_lf_cr_is_one_line_end() -> None:
    assert split_lines("a\n\rb\nc\r\n\r\nd\n\r\n") == ["a", "b", "c", "", "d", ""]
