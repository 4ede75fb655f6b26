"""What every source parser shares: the :class:`Format` record and the line ledger."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..model import Document, LineAccount, Unparsed
from ..sources import Source


@dataclass(frozen=True)
class Format:
    """A source format: how to recognise it and how to parse it.

    ``detect`` returns a confidence from 0 (not this format) to 1 (certainly this
    format) looking at content, never at the file name.
    """

    name: str
    description: str
    detect: Callable[[Source], float]
    parse: Callable[[Source], Document]


class LineLedger:
    """Records what became of each line while a parser walks a source."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.landed = 0
        self.blank = 0
        self.boilerplate: dict[str, int] = {}
        self.unparsed: list[Unparsed] = []
        self.warnings: list[str] = []

    def land(self, count: int = 1) -> None:
        self.landed += count

    def skip_blank(self) -> None:
        self.blank += 1

    def skip(self, what: str) -> None:
        self.boilerplate[what] = self.boilerplate.get(what, 0) + 1

    def reject(self, line: int, text: str, reason: str) -> None:
        self.unparsed.append(Unparsed(line, text, reason))

    def warn(self, path: str, line: int, message: str) -> None:
        self.warnings.append(f"{path}:{line}: {message}")

    def account(self) -> LineAccount:
        return LineAccount(total=self.total, landed=self.landed, blank=self.blank,
                           boilerplate=dict(self.boilerplate), unparsed=tuple(self.unparsed))
