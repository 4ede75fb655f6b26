"""A rule-number range matched as a range: the index's sorted number keys are read from the
range's start, only as far as a page of hits needs (never every number of ``100.1-999.9``)."""

from __future__ import annotations

from whoosh import query as Q

NUMBER_FIELDS = ("numkey", "akey")  # a rule's own number, and the number it is aligned to


def range_keys(reader, field: str, start: str, end: str, wanted: int) -> tuple[list[str], bool]:
    """Keys of ``field`` from ``start`` to ``end`` (inclusive), in order, until they hold ``wanted``
    documents; and whether the range was read to its end."""
    keys: list[str] = []
    docs = 0
    for key, info in reader.iter_field(field, start):
        text = key.decode("utf-8") if isinstance(key, bytes) else key
        if text > end:
            return keys, True
        if docs >= wanted:
            return keys, False
        keys.append(text)
        docs += info.doc_frequency()
    return keys, True


def range_query(reader, start: str, end: str, wanted: int) -> tuple[Q.Query, bool]:
    """The rules whose number (or aligned number) key lies from ``start`` to ``end``, read lazily:
    the first ones in rules order holding about ``wanted`` documents; and whether that is all of them."""
    terms: list[Q.Query] = []
    complete = True
    for field in NUMBER_FIELDS:
        keys, whole = range_keys(reader, field, start, end, wanted)
        terms += [Q.Term(field, key) for key in keys]
        complete = complete and whole
    return (Q.Or(terms) if terms else Q.NullQuery), complete
