"""Tab-separated data files (the corpus's tables, the tests' gold files): one reader for all.

A data line is split on tabs; blank lines and lines starting with ``#`` are skipped. Given the
column names, a line with another number of cells is a :class:`~kb.errors.ParseError` naming the
file and line, so a damaged table is one line of error, never a ``ValueError`` from an unpacking.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterator

from .errors import ParseError


def rows(path: Path | str, names: tuple[str, ...] = (), optional: int = 0) -> Iterator[tuple[int, list[str]]]:
    """``(line number, cells)`` of each data line of ``path``.

    With ``names``, each line must hold that many cells, or down to ``optional`` fewer (the last
    ones, given back as empty strings)."""
    path = Path(path)
    for number, line in enumerate(_text(path).splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if names:
            cells = _checked(cells, names, optional, path, number)
        yield number, cells


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        data = path.read_bytes()
        raise ParseError(str(path), f"byte 0x{data[exc.start]:02x} is not UTF-8",
                         data[:exc.start].count(b"\n") + 1) from None


def _checked(cells: list[str], names: tuple[str, ...], optional: int, path: Path, number: int) -> list[str]:
    """``cells`` padded to ``len(names)``, or a :class:`ParseError` when there are too few or too many."""
    least = len(names) - optional
    if least <= len(cells) <= len(names):
        return cells + [""] * (len(names) - len(cells))
    expected = f"{least} to {len(names)}" if optional else str(len(names))
    raise ParseError(str(path), f"expected {expected} tab-separated cells ({', '.join(names)}), got {len(cells)}",
                     number)


def lines_starting(name: str, prefix: str, most: int = 0) -> list[list[str]]:
    """The cells after ``prefix`` of each line of the embedded corpus's table ``name`` that starts
    with it (the first ``most``; 0: all). A search looks up a few keys, so the table is searched as
    one text with ``str.find``, never parsed whole (a multiline regular expression tries every
    position of the text: 3 to 8 ms a key)."""
    text, key, found = _embedded_text(name), "\n" + prefix, []
    start = text.find(key)
    while start >= 0 and not (most and len(found) >= most):
        end = text.find("\n", start + 1)
        found.append(text[start + len(key):end if end >= 0 else None].rstrip("\r").split("\t"))
        start = text.find(key, end) if end >= 0 else -1
    return found


def lines_keyed(name: str, key: str) -> list[list[str]]:
    """:func:`lines_starting` of ``key`` and a tab, from the lines of the embedded corpus's table ``name``
    grouped by their first cell, once per process: for a table a search looks up many keys of (the
    players' phrasings: grouping its 11,000 lines costs some 4 ms, each ``str.find`` lookup 0.7 ms, and a
    question looks up ten to twenty rules)."""
    return [rest.rstrip("\r").split("\t") for rest in _by_first_cell(name).get(key, ())]


@lru_cache(maxsize=None)
def _by_first_cell(name: str) -> dict[str, list[str]]:
    """The lines of table ``name`` after their first cell and its tab, by first cell (split when looked up)."""
    found: dict[str, list[str]] = {}
    for line in _embedded_text(name).split("\n"):
        first, tab, rest = line.partition("\t")
        if tab:
            found.setdefault(first, []).append(rest)
    return found


@lru_cache(maxsize=None)
def _embedded_text(name: str) -> str:
    """The embedded corpus's table ``name`` as one text after a line break ("\\n" when absent)."""
    from .corpus import embedded_corpus

    path = embedded_corpus() / name
    return "\n" + (path.read_text(encoding="utf-8") if path.is_file() else "")
