"""A page of search hits: each hit once, at most ``limit`` (:class:`Page`), and how many
candidates a tier reads to fill one (:func:`candidates`)."""

from __future__ import annotations

from typing import Iterable

from .hits import Hit
from .snippets import same_text_key


class Page(list):
    """The hits of one search, at most ``limit``, each once: by id, a rule by its reference
    number (one hit for all its languages), and rulings by their text."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.seen: set[str] = set()

    @property
    def full(self) -> bool:
        return len(self) >= self.limit

    def add(self, new: Iterable[Hit]) -> None:
        for hit in new:
            if self.full:
                break
            key = same_text_key(hit)
            if hit.id in self.seen or key in self.seen:
                continue
            self.seen.update((hit.id, key))
            self.append(hit)

    def insert_after_best(self, hits: list[Hit]) -> None:
        """``hits`` right after the first hit that is not a rule-number hit (the best match), or
        before it when it holds only some of the words (``la pila è vuota``: 405 Stack before a
        rule matching ``è``); one already further down moves up, so the order of the first hits
        does not depend on how many are asked for."""
        at = next((i + (h.reason != "partial") for i, h in enumerate(self) if h.reason != "number"), len(self))
        head = self[:at]
        held = {k for h in head for k in (h.id, same_text_key(h))}
        inserted: list[Hit] = []
        for hit in hits:
            keys = {hit.id, same_text_key(hit)}
            if not keys & held:
                inserted.append(hit)
                held |= keys
        tail = [h for h in self[at:] if not {h.id, same_text_key(h)} & held]
        self[:] = (head + inserted + tail)[:self.limit]
        self.seen |= held


def candidates(limit: int) -> int:
    """How many items a tier reads to fill a page of ``limit`` hits (some merge or repeat)."""
    return limit * 2 + 10
