"""kb.cards read as a card page reads it, many times over one open knowledge base (issue 33's card
pages under load): each card's rows found through the indexes, and what every card shares read once."""

from __future__ import annotations

from kb.cards import find_card
from kb.glossary import Glossary
from kb.store import KnowledgeBase


def statements(kb: KnowledgeBase, name: str) -> list[str]:
    """The SQL statements (values bound) that looking ``name`` up runs."""
    seen: list[str] = []
    kb.db.set_trace_callback(seen.append)
    try:
        find_card(kb, name)
    finally:
        kb.db.set_trace_callback(None)
    return seen


def test_a_card_s_records_are_read_through_the_index_of_names_never_by_reading_every_card(product_kb) -> None:
    kb = KnowledgeBase.open(product_kb)
    for name in ("Magister of Worth", "magister of worth", "Krosan Grip"):
        plans = [row[3] for sql in statements(kb, name) for row in kb.db.execute("EXPLAIN QUERY PLAN " + sql)]
        assert plans and not [p for p in plans if p.startswith("SCAN cards")], (name, plans)


def test_what_every_card_shares_is_read_once_per_open_knowledge_base(product_kb) -> None:
    kb = KnowledgeBase.open(product_kb)
    first = statements(kb, "Magister of Worth")
    second = statements(kb, "Krosan Grip")
    shared = ("a.kind = 'ruling'", "COALESCE(r.title, r.text)")  # the rulings' translations; the keyword rules
    assert all(any(mark in sql for sql in first) for mark in shared)
    assert not [sql for sql in second if any(mark in sql for mark in shared)]
    assert find_card(kb, "Magister of Worth") == find_card(KnowledgeBase.open(product_kb), "Magister of Worth")


def test_the_glossary_keys_its_names_once_not_at_each_find(product_kb, monkeypatch) -> None:
    import kb.glossary as glossary

    found = Glossary(KnowledgeBase.open(product_kb))
    first = found.find_matches("campo di battaglia", limit=10)
    calls: list[str] = []
    keyed = glossary.name_key
    monkeypatch.setattr(glossary, "name_key", lambda text, lang=None: calls.append(text) or keyed(text, lang))
    again = found.find_matches("campo di battaglia", limit=10)
    assert again == first and first[0][1] == "exact"
    assert calls == ["campo di battaglia"]  # the query alone
    assert [e.term for e, _ in found.find_matches("vitale", ["it"], limit=5)][:1] == ["Lifelink"]
