"""A ruling on a card or a game concept, with its translations."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling on a card or a game concept."""

    text: str
    lang: str = "en"
    date: str | None = None  # ISO date
    source: str | None = None  # wotc, scryfall, community ...
    provenance: str = "official"
    card: str | None = None
    translations: tuple[tuple[str, str, str], ...] = ()  # (lang, text, provenance)
    line: int | None = None
