"""The whoosh schema of the search index.

One index document per searchable item: a rule or subrule in one language, an
example, a glossary term, a ruling (and each of its translations), a keyword
page, a card in one language. Each language has its own title and text fields,
analysed with that language's chain (:mod:`indexer.analysis`); an item fills
only its own language's pair. Cards fill a pair of their own (``ctitle_it``,
``ctext_it``): a search for rules, glossary entries and rulings never walks the
postings of 100,000 card texts, and a search of everything asks both pairs. The unstemmed words
of every item, for spelling suggestions, typo tolerance and prefixes, are kept beside the index
(:mod:`indexer.word_counts`). Stored fields are enough to print a hit without opening the
knowledge base.
"""

from __future__ import annotations

from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.formats import Positions

from .analysis import LANGS, WordCachedAnalyzer, analyzer_for
from .params import DEFAULT

# Kinds of hit, in the order ties are broken.
KINDS = ("rule", "term", "page", "card", "ruling", "example")



def title_field(lang: str, cards: bool = False) -> str:
    return f"ctitle_{lang}" if cards else f"title_{lang}"


def text_field(lang: str, cards: bool = False) -> str:
    return f"ctext_{lang}" if cards else f"text_{lang}"


def fields_of(lang: str, scope: str = "all") -> tuple[str, ...]:
    """The text and title fields of ``lang`` that ``scope`` searches."""
    sides = {"all": (False, True), "rules": (False,), "cards": (True,)}[scope]
    return tuple(f for cards in sides for f in (text_field(lang, cards), title_field(lang, cards)))


def population(fieldname: str) -> str:
    """The ``population`` value of the items a language field holds (``it`` or ``it/card``)."""
    lang = fieldname.rpartition("_")[2]
    return f"{lang}/card" if fieldname.startswith("c") else lang


class TermPositions(Positions):
    """whoosh's positions format, which, indexing a text, takes its terms as one list from the analyzer
    (:meth:`~indexer.analysis.WordCachedAnalyzer.indexed_terms`) rather than a token at a time: the
    same terms, frequencies, weights and positions."""

    def word_values(self, value, analyzer, **kwargs):
        if kwargs != {"mode": "index"} or not isinstance(value, str) or not isinstance(analyzer, WordCachedAnalyzer):
            return super().word_values(value, analyzer, **kwargs)
        return self._term_values(*analyzer.indexed_terms(value))

    def _term_values(self, first: int, terms: list[str]):
        positions: dict[str, list[int]] = {}
        for position, term in enumerate(terms, first):
            positions.setdefault(term, []).append(position)
        boost = self.field_boost
        return [(term, len(found), float(len(found)) * boost, self.encode(found)) for term, found in positions.items()]


def language_text(lang: str, boost: float = 1.0) -> TEXT:
    """A text field of ``lang``: its analysis chain, positions (:class:`TermPositions`)."""
    field = TEXT(analyzer=analyzer_for(lang), field_boost=boost)
    field.format = TermPositions(field_boost=boost)
    return field


def build_schema() -> Schema:
    fields = {
        "uid": ID(unique=True, stored=True),
        "kind": ID(stored=True),
        "lang": ID(stored=True),
        # language, and "/card" for cards: the items a language field's statistics count
        "population": ID,
        "number": ID(stored=True),
        "numkey": ID(stored=True, sortable=True),
        # the sort key of the reference-language number a rule text is aligned to
        "akey": ID(stored=True),
        # the sort key of the number a rule text's source gives it, where not the reference number
        "srckey": ID,
        "section": ID,
        "doc": ID(stored=True),
        # Folded, punctuation-free names (card names, term names, page titles) for exact-name hits.
        "name_key": KEYWORD(commas=True, lowercase=False, scorable=False),
        # Vocabulary concepts an item defines (its rule, glossary entry, keyword page).
        "concepts": KEYWORD(commas=True, lowercase=False, scorable=False),
        "title": STORED,
        "content": STORED,
        "aligned": STORED,
        "extra": STORED,
    }
    for lang in LANGS:
        for cards in (False, True):
            fields[title_field(lang, cards)] = language_text(lang, DEFAULT.index.title_boost)
            fields[text_field(lang, cards)] = language_text(lang)
    return Schema(**fields)
