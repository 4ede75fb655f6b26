"""The alignment's links as the store hands them out (:class:`~kb.model.Pair`), and how rows become them.

Apart from :mod:`~kb.store.term_records` so that reading the term pairs (``mtgkb define`` looking for
a misspelt name) makes none of the glossary records' classes.
"""

from __future__ import annotations

import json

from ..model import Pair


def alignment_from_row(row: tuple) -> Pair:
    kind, a_doc, a_id, b_doc, b_id, method, confidence, note = row
    return Pair(kind, a_doc, a_id, b_doc, b_id, method, confidence, json.loads(note or "{}"))
