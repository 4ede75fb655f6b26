"""The embedded vocabulary saved in a quick form beside a search index (``marshal``, its names'
keys computed): read in about a third of the time of parsing ``vocabulary.tsv`` and keying its
names at each start (0.02 s against 0.06 s on a busy machine).

Derived data, written with the index and rebuilt with it; a saved copy is used only when it was
saved from the same table (byte for byte: it holds a copy) with the same name fields and
:data:`FORMAT`, else the table is read.
"""

from __future__ import annotations

import marshal
from dataclasses import fields
from pathlib import Path

from .lookup import Vocabulary, name_key, use_instead
from .model import Concept, Name
from .table import default_table_path

SAVED_NAME = "vocabulary.marshal"  # in a search index's folder (indexer.vocab.write_forms)
FORMAT = 2  # 2: each concept marshalled on its own, read when first needed, beside its outline
_NAME_FIELDS = tuple(f.name for f in fields(Name))


def save_vocabulary(vocabulary: Vocabulary, target: Path, table: Path | None = None) -> None:
    """Save ``vocabulary`` (read from ``table``, the embedded one by default) as ``target``."""
    concepts = vocabulary.concepts
    outlines = tuple((c.id, c.rules, tuple((n.text, n.lang) for n in c.names)) for c in concepts)
    rows = tuple(marshal.dumps(_concept_row(c)) for c in concepts)  # each read when its concept is first needed
    keys = tuple(name_key(n.text, n.lang) for c in concepts for n in c.names)
    Path(target).write_bytes(marshal.dumps((_header(table), outlines, rows, keys)))


def read_saved(saved: Path, table: Path | None = None) -> Vocabulary | None:
    """The vocabulary ``saved`` holds, when saved from ``table`` (the embedded one by default); else None.
    Its concepts are made when first needed: a command that looks up a few names makes only theirs."""
    try:
        header, outlines, rows, keys = marshal.loads(Path(saved).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if header != _header(table):
        return None

    def make(at: int) -> Concept:
        concept_id, kind, rules, names = marshal.loads(rows[at])
        return Concept(concept_id, kind, rules, tuple(Name(*name) for name in names))

    return Vocabulary.outlined(outlines, make, keys)


def _concept_row(concept: Concept) -> tuple:
    return concept.id, concept.kind, concept.rules, tuple(tuple(getattr(n, f) for f in _NAME_FIELDS)
                                                          for n in concept.names)


def _header(table: Path | None) -> tuple:
    return FORMAT, Path(table or default_table_path()).read_bytes(), _NAME_FIELDS


def use_saved(saved: Path) -> None:
    """Read the embedded vocabulary from ``saved`` when first needed (if saved from the same table)."""
    use_instead(lambda: read_saved(saved))
