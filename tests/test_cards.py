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


def test_databases_given_one_memo_read_what_every_card_shares_once(product_kb) -> None:
    """A server opens up to 40 databases per process on one build, and each read the card names,
    their keys (0.4 s on the archive), the rulings' translations and the keyword rules again the
    first time it served a name not held exactly. With one memo (kb.web.handling gives every
    database of a build the same) the second database reads none of them. Fails before: each
    database read them for itself."""
    first, second = KnowledgeBase.open(product_kb), KnowledgeBase.open(product_kb)
    second.memo = first.memo
    shared = ("json_each(c.foreign_data)", "a.kind = 'ruling'", "COALESCE(r.title, r.text)")  # names, translations, keywords
    read = statements(first, "Magister of Wort")  # a typo: the names are read and keyed, then the card
    assert all(any(mark in sql for sql in read) for mark in shared)
    assert not [sql for sql in statements(second, "Krosan Gri") if any(mark in sql for mark in shared)]
    assert find_card(second, "Krosan Gri") == find_card(KnowledgeBase.open(product_kb), "Krosan Gri")


def test_names_found_by_bisection_are_those_found_by_reading_every_name(product_kb) -> None:
    """cards_starting and near_card_names over the build's names (by bisection and by length) find
    what reading every name finds (near_card_names given the names reads each; the scan of before)."""
    from kb.cards import card_names, cards_starting, near_card_names
    from kb.text import match_key

    kb = KnowledgeBase.open(product_kb)
    names = card_names(kb)
    keys = {(english, match_key(held)) for english, _lang, held in names}
    for name in ("Magister", "Magister of Wort", "Krosan", "krosan grip", "Titano Solre", "Sun Titn", "Jace",
                 "Fire", "Ice", "Gri", "xyzzyq", "Ab", "Goblin", "Mago", "Lame"):
        key = match_key(name)
        read = sorted({e for e, other in keys if len(key) >= 3 and other.startswith(key)
                       and not other[len(key):len(key) + 1].isalnum()})
        assert cards_starting(kb, name) == read, name
        assert near_card_names(kb, name) == near_card_names(kb, name, list(names)), name


def test_a_did_you_mean_names_the_card_most_alike_first() -> None:
    """The fiftieth cold trial: ``card "Guida Karmica"`` offered "Guida Abzan, Guida Aerea, Guida Ainok…", the first five
    of 34 cards holding *Guida*, and not Guida del Karma (Karmic Guide), the card meant."""
    from types import SimpleNamespace

    from kb.cards import most_alike

    names = {"Abzan Guide": [("en", "Abzan Guide"), ("it", "Guida Abzan")],
             "Aerial Guide": [("en", "Aerial Guide"), ("it", "Guida Aerea")],
             "Karmic Guide": [("en", "Karmic Guide"), ("it", "Guida del Karma"), ("fr", "Guide karmique")]}
    kb = SimpleNamespace(memo={"card_names_by_card": names})
    assert most_alike(kb, "Guida Karmica", list(names)) == ["Karmic Guide", "Abzan Guide", "Aerial Guide"]
    assert most_alike(kb, "Guida", list(names)) == list(names)  # none clearly most alike: the order given
