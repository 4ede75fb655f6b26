"""The whole glossary saved beside a build's search index (``marshal``), for ``mtgkb define``.

A name that no quick look-up finds (a misspelling: ``deathtuch``) is looked for among the names of
every entry; reading them back (:func:`saved_glossary`) makes only the entries it reaches, where
building the glossary reads every term and concept of the knowledge base at each such start.

Derived data, written when a build is indexed (:func:`save_glossary`, by :mod:`kb.pipeline`) and
published with it (a published build never changes). A saved glossary is read only when saved with
the same vocabulary table and :data:`FORMAT`; else the glossary is built.
"""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any, Iterable

from .glossary import Entry, Glossary, Text
from .store import KnowledgeBase
from .vocabulary import Vocabulary, default_table_path, default_vocabulary

SAVED_NAME = "glossary.marshal"  # in a build's index folder
FORMAT = 2  # raise when Glossary makes its entries otherwise: glossaries saved before are then built again


def save_glossary(build_dir: Path) -> None:
    """Save the whole glossary of the build in ``build_dir`` (staged or published) in its index folder."""
    with KnowledgeBase(Path(build_dir)) as kb:
        glossary = Glossary(kb)
        if any(glossary.vocabulary.get(c.id) != c for e in glossary.entries for c in e.concepts):
            return  # a concept is not found back by its id: nothing is saved, the glossary is built
        position = {id(entry): at for at, entry in enumerate(glossary.entries)}
        keys = {key: [position[id(e)] for e in entries] for key, entries in glossary.by_key().items()}
        rows = [marshal.dumps(_entry_row(entry)) for entry in glossary.entries]  # each read when its entry is made
        (kb.index_dir / SAVED_NAME).write_bytes(marshal.dumps((_header(), rows, keys)))


def saved_glossary(kb: KnowledgeBase) -> Glossary:
    """The whole glossary of ``kb``: the one saved with its index when it can be read, else built."""
    saved = read_saved(kb)
    return saved if saved is not None else Glossary(kb)


def read_saved(kb: KnowledgeBase) -> Glossary | None:
    """The glossary saved with ``kb``'s index, when saved with this vocabulary table and format; else None."""
    try:
        header, rows, keys = marshal.loads((kb.index_dir / SAVED_NAME).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return SavedGlossary(kb, rows, keys) if header == _header() else None


class SavedGlossary(Glossary):
    """A glossary read back from its saved rows: an entry is made when first reached."""

    def __init__(self, kb: KnowledgeBase, rows: list[bytes], keys: dict[str, list[int]],
                 vocabulary: Vocabulary | None = None) -> None:  # Glossary.__init__ is not run: nothing is built
        self.kb = kb
        self.vocabulary = vocabulary or default_vocabulary()
        self.only = None
        self._rows = rows
        self._saved_keys = keys
        self._made: dict[int, Entry] = {}

    @property
    def entries(self) -> list[Entry]:
        return [self._entry(at) for at in range(len(self._rows))]

    def _keys(self) -> Iterable[str]:
        return self._saved_keys.keys()

    def _entries_of(self, key: str) -> list[Entry]:
        return [self._entry(at) for at in self._saved_keys.get(key, ())]

    def _entry(self, at: int) -> Entry:
        if at not in self._made:
            self._made[at] = _entry_from_row(marshal.loads(self._rows[at]), self.kb.documents(), self.vocabulary)
        return self._made[at]


def _header() -> tuple[int, bytes]:
    return FORMAT, Path(default_table_path()).read_bytes()


def _entry_row(entry: Entry) -> tuple:
    texts = {lang: [(t.text, t.doc.id, t.what, t.refs) for t in held] for lang, held in entry.texts.items()}
    return (entry.term, entry.kind, entry.order, entry.names, texts, [c.id for c in entry.concepts],
            entry.obsolete, {lang: sorted(keys) for lang, keys in entry.keys.items()})


def _entry_from_row(row: tuple, docs: dict[str, Any], vocabulary: Vocabulary) -> Entry:
    term, kind, order, names, texts, concepts, obsolete, keys = row
    return Entry(term, kind, order, names,
                 {lang: [Text(lang, text, docs[doc], what, refs) for text, doc, what, refs in held]
                  for lang, held in texts.items()},
                 [vocabulary.get(c) for c in concepts], obsolete, {lang: set(held) for lang, held in keys.items()})
