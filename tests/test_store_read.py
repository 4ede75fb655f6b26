"""kb.store.read: the queries a page runs start from what the page asks for (its indexes)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kb.store import KnowledgeBase, current_build


def _plans(kb: KnowledgeBase, call) -> list[str]:
    """The query plan (EXPLAIN QUERY PLAN's details) of every statement ``call`` runs."""
    statements: list[str] = []
    kb.db.set_trace_callback(statements.append)
    try:
        call()
    finally:
        kb.db.set_trace_callback(None)
    plans = []
    for sql in statements:
        if sql.lstrip().upper().startswith("SELECT"):
            try:
                plans.append(" | ".join(row[3] for row in kb.db.execute("EXPLAIN QUERY PLAN " + sql)))
            except sqlite3.Error:
                continue
    return plans


def test_a_card_s_ruling_rules_start_from_the_card_s_rulings(product_kb: Path) -> None:
    """Issue 33.2: the query started from every ruling-rule link (CAST(a.a_id AS INTEGER) = c.seq
    cannot use an index), 0.62-0.68 s a card page on the archive. Fails before: its plan's first
    step searched alignments by kind."""
    kb = KnowledgeBase(current_build(product_kb))
    try:
        counts = kb.card_ruling_rules("Magister of Worth")
        plans = _plans(kb, lambda: kb.card_ruling_rules("Magister of Worth"))
    finally:
        kb.close()
    assert "701.38" in counts
    assert len(plans) == 1
    steps = plans[0].split(" | ")
    assert "rulings_card" in steps[0], plans[0]
    assert any("alignments_a" in step for step in steps), plans[0]
