"""Dates written out in English, Italian or French (``November 8, 2024``,
``23 Novembre 2024``, ``1er février 2025``, ``16 juin 2023``) and ISO dates.

``babel.dates.parse_date`` does not read month names, so the month table is
built from babel's locale data (wide and abbreviated, format and stand-alone),
keyed by :func:`kb.text.fold` (``février`` and ``fevrier`` are the same month).
"""

from __future__ import annotations

import datetime as _dt
import re
from functools import lru_cache

from babel import Locale

from .text import fold

DATE_LANGUAGES = ("en", "it", "fr")


def _month_key(word: str) -> str:
    """``Févr.`` -> ``fevr``: folded, without the abbreviation's final dot."""
    return fold(word.rstrip("."))


@lru_cache(maxsize=None)
def month_table() -> dict[str, int]:
    """Month name (accent-folded, lower case, no final dot) -> month number."""
    table: dict[str, int] = {}
    for lang in DATE_LANGUAGES:
        months = Locale(lang).months
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                for number, name in months[context][width].items():
                    table.setdefault(_month_key(name), number)
    return table


_MONTH = r"([^\W\d_]+\.?)"
_PATTERNS = (
    # 23 Novembre 2024 · 1er février 2025 · 16 juin 2023
    re.compile(rf"\b(\d{{1,2}})(?:er|º|°)?\s+{_MONTH}\s+(\d{{4}})\b"),
    # November 8, 2024
    re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b"),
)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def find_date(text: str) -> _dt.date | None:
    """The first date written in ``text`` in any of the three languages, or None."""
    found: list[tuple[int, _dt.date]] = []
    iso = _ISO.search(text)
    if iso:
        try:
            found.append((iso.start(), _dt.date(*map(int, iso.groups()))))
        except ValueError:
            pass
    for index, pattern in enumerate(_PATTERNS):
        for match in pattern.finditer(text):
            groups = match.groups()
            day, month_name, year = (groups if index == 0 else (groups[1], groups[0], groups[2]))
            month = month_table().get(_month_key(month_name))
            if month is None:
                continue
            try:
                found.append((match.start(), _dt.date(int(year), month, int(day))))
            except ValueError:
                continue
            break
    return min(found)[1] if found else None


def iso_date(value: object) -> str | None:
    """``YYYY-MM-DD`` from a value that starts with an ISO date (``2022-04-25``, ``2022-04-25T10:00``), else None."""
    if not isinstance(value, str):
        return None
    try:
        return _dt.date.fromisoformat(value[:10]).isoformat()
    except ValueError:
        return None
