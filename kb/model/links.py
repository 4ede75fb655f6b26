"""The alignment's links between items of two documents (:class:`Pair`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Pair:
    """One link: item ``a`` (foreign, or a ruling for ``ruling-rule``) to item ``b`` (English).

    What the alignment finds (:mod:`kb.align`) and the store keeps and hands back
    (:meth:`kb.store.KnowledgeBase.alignments`), where an item left unaligned is a pair with
    ``method`` ``unaligned``."""

    kind: str  # rule, example, ruling, term, card, ruling-rule
    a_doc: str
    a_id: str
    b_doc: str
    b_id: str
    method: str
    confidence: float
    note: dict[str, Any] = field(default_factory=dict)
