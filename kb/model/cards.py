"""A card: its names, characteristics and texts in every language."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Card:
    """A card: English name, type and text, its names and texts in other languages, the keywords
    its printings carry (MTGJSON's ``keywords``: ``Flying``, ``Will of the council``), its mana cost
    and characteristics.

    The faces of a multi-face card are joined with `` // `` in ``type``, ``mana_cost`` and the
    characteristics (``power`` ``"3 // 5"``: a face without one leaves its place empty, so the
    faces can be paired again).
    """

    name: str
    type: str = ""
    text: str = ""
    foreign: tuple[tuple[str, str, str, str], ...] = ()  # (lang, name, type, text)
    sets: tuple[str, ...] = ()
    line: int | None = None
    keywords: tuple[str, ...] = ()
    mana_cost: str = ""
    power: str = ""
    toughness: str = ""
    loyalty: str = ""
    defense: str = ""
