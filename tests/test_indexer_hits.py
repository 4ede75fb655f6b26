"""A hit marks its matched spans and turns into the JSON ``mtgkb search --json`` prints."""

from __future__ import annotations

from indexer.hits import Hit, Hits


def make_hit(**fields) -> Hit:
    base = {"kind": "ruling", "id": "ruling/it/000_a/82dfe1e8", "lang": "it", "title": "Consiglio",
            "snippet": "Se la votazione finisce in pareggio, nessuno vince.", "score": 3.14159}
    return Hit(**{**base, **fields})


def test_marked_wraps_each_span() -> None:
    hit = make_hit(highlights=[(6, 15), (27, 35)])
    assert hit.marked() == "Se la [votazione] finisce in [pareggio], nessuno vince."
    assert hit.marked("<b>", "</b>").count("<b>") == 2
    assert make_hit().marked() == make_hit().snippet


def test_to_dict_rounds_the_score_and_keeps_only_public_extras() -> None:
    hit = make_hit(highlights=[(27, 35)], extra={"date": "2024-11-08", "_content": "x", "pointer": True})
    data = hit.to_dict()
    assert data["score"] == 3.1416 and data["highlights"] == [[27, 35]]
    assert data["date"] == "2024-11-08" and "_content" not in data and "pointer" not in data


def test_hits_carry_suggestions() -> None:
    hits = Hits([make_hit()], ["trample"])
    assert len(hits) == 1 and hits.suggestions == ["trample"]
    assert Hits().suggestions == []
