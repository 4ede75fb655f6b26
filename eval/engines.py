"""The engines a quality set is run through: mtgkb and two SQLite FTS5 baselines over the same items.

* ``FTS5 raw``: every searchable item of the knowledge base (title and text) in an FTS5 table with
  its default tokenizer (unicode61), ranked by bm25(); a term query's words all required, a
  question's words ORed. No stemming, no stop words, no phrasings: the floor.
* ``FTS5``: the best simple system with the same data. Porter stemming and accents folded
  (``porter unicode61 remove_diacritics 2``), the function words of the three languages left out of
  the query (:data:`kb.text.STOPWORDS`), and each rule's players' phrasings (``corpus/rule-phrases.tsv``,
  the lines the engine applies to that text) indexed with the rule. For the questions, whose answers
  are all rules, it holds the rules only (in every language): with the cards and rulings beside
  them it scores 0.33 on the development half instead of 0.55.
* ``mtgkb``: :func:`indexer.search.search` with a :class:`indexer.params.Params` (default: the tuned one).

Each returns the ranked hit ids of a query; every language's version of a rule is one hit,
``rule/<number>``, as mtgkb counts it.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Callable

from kb.store import KnowledgeBase
from kb.text import STOPWORDS, fold

Run = Callable[[str], list[str]]
DEPTH = 10
WORD = re.compile(r"\w+")


def hit_id(uid: str) -> str:
    """An index item's id as a hit id: every language's version of a rule is ``rule/<number>``."""
    return re.sub(r"^rule/(?:en|it|fr)/(?=\d)", "rule/", uid).split("@")[0]


class FTS5:
    """The knowledge base's items in an SQLite FTS5 table (see the module's docstring)."""

    def __init__(self, build_dir: Path, honest: bool, all_words: bool = False,
                 kinds: frozenset[str] | None = None) -> None:
        from indexer.build import collect_items

        self.honest, self.all_words = honest, all_words
        with KnowledgeBase(build_dir) as kb:
            items = [i for i in collect_items(kb) if kinds is None or i.kind in kinds]
        tokenizer = "porter unicode61 remove_diacritics 2" if honest else "unicode61"
        self.db = sqlite3.connect(":memory:")
        self.db.execute(f"CREATE VIRTUAL TABLE items USING fts5(uid UNINDEXED, title, content, tokenize='{tokenizer}')")
        self.db.executemany("INSERT INTO items VALUES (?, ?, ?)",
                            [(i.uid, i.title, i.content + (self._phrasings(i) if honest else "")) for i in items])
        self.db.commit()
        self.stop = frozenset().union(*STOPWORDS.values()) if honest else frozenset()

    @staticmethod
    def _phrasings(item) -> str:
        """The players' phrasings the engine applies to an English rule's text, as more text."""
        if item.kind != "rule" or item.lang != "en":
            return ""
        from indexer.phrasings import phrases_for

        return "".join("\n" + phrase for _lang, phrase in phrases_for(item.number, item.content))

    def words(self, query: str) -> list[str]:
        return [w for w in WORD.findall(query) if fold(w) not in self.stop]

    def search(self, query: str, limit: int = DEPTH) -> list[str]:
        words = self.words(query)
        if not words:
            return []
        match = (" " if self.all_words else " OR ").join('"' + w.replace('"', '""') + '"' for w in words)
        rows = self.db.execute("SELECT uid FROM items WHERE items MATCH ? ORDER BY bm25(items) LIMIT ?",
                               (match, limit * 3))
        return list(dict.fromkeys(hit_id(r[0]) for r in rows))[:limit]


def mtgkb(kb: KnowledgeBase, params=None) -> Run:
    """mtgkb's search with ``params`` (None: the tuned defaults), as ranked hit ids."""
    from indexer.search import QueryError, search

    def run(query: str) -> list[str]:
        try:
            return [h.id for h in search(kb, query, limit=DEPTH, params=params)]
        except QueryError:
            return []

    return run
