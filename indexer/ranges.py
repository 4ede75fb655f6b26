"""A rule-number range matched as a range: the index's sorted number keys are walked from the
range's start, only as far as a page of hits needs (never every number of ``100.1-999.9``
turned into one query), keeping the keys whose rules pass the query's filters."""

from __future__ import annotations

from typing import Callable

from whoosh import query as Q

NUMBER_FIELDS = ("numkey", "akey")  # a rule's own number, and the number it is aligned to
CHECK_EVERY = 256  # keys walked between two calls of the time-budget check


def range_query(searcher, start: str, end: str, wanted: int, flt,
                check: Callable[[], None] = lambda: None) -> Q.Query:
    """The rules whose number (or aligned number) key lies from ``start`` to ``end``, in rules order,
    as many as hold ``wanted`` rules that pass ``flt`` (all of them when fewer do). ``flt`` is a
    query or the set of document numbers a filter lets through, or None."""
    allowed = set(searcher.docs_for_query(Q.Term("kind", "rule")))
    if isinstance(flt, Q.Query):
        allowed &= set(searcher.docs_for_query(flt))
    elif flt is not None:
        allowed &= set(flt)
    reader = searcher.reader()
    terms: list[Q.Query] = []
    for field in NUMBER_FIELDS if allowed else ():
        found = 0
        for walked, (key, _info) in enumerate(reader.iter_field(field, start)):
            text = key.decode("utf-8") if isinstance(key, bytes) else key
            if text > end or found >= wanted:
                break
            if walked % CHECK_EVERY == CHECK_EVERY - 1:
                check()
            passing = sum(1 for doc in reader.postings(field, key).all_ids() if doc in allowed)
            if passing:
                terms.append(Q.Term(field, text))
                found += passing
    return Q.Or(terms) if terms else Q.NullQuery
