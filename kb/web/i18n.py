"""The interface's own strings in Italian, English and French (babel catalogs).

The catalogs are the ``.po`` files under ``locale/<lang>/LC_MESSAGES/``; they
are read and compiled in memory when the app starts, so an editable or a plain
install needs no build step. The language of a request comes from ``?ui=``,
then the ``ui`` cookie, then ``Accept-Language``, then English.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

UI_LANGUAGES = ("en", "it", "fr")
DEFAULT_UI = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "fr": "Français"}


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"


@lru_cache(maxsize=None)
def translations(lang: str) -> Translations:
    """The compiled catalog of ``lang`` (English is the source language: its catalog may be empty)."""
    with catalog_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(fp=buffer)


def parse_accept_language(header: str) -> list[str]:
    """Language codes of an ``Accept-Language`` header, most wanted first (``q=0`` dropped)."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")[:32]):
        pieces = part.strip().split(";")
        tag = pieces[0].strip().lower()
        weight = 1.0
        for param in pieces[1:]:
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag and weight > 0:
            ranked.append((-weight, position, tag.split("-")[0].split("_")[0]))
    return [tag for _w, _p, tag in sorted(ranked)]


def choose_ui(query_value: str | None, cookie_value: str | None, accept_language: str) -> str:
    """The interface language for a request."""
    for value in (query_value, cookie_value):
        if value in UI_LANGUAGES:
            return value
    for tag in parse_accept_language(accept_language):
        if tag in UI_LANGUAGES:
            return tag
    return DEFAULT_UI
