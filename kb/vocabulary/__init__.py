"""The game's vocabulary in English, Italian and French, as data.

Every keyword action (701.x) and keyword ability (702.x), ability word (207.2c), zone,
phase and step, card type and supertype, kind of counter and glossary term of the
reference release, with its Italian and French names: learned from parallel card texts
(:mod:`kb.vocabulary.learn`), merged with the curated core lexicon, reviewed by hand, and
committed as ``corpus/vocabulary.tsv``. Reading it (:class:`Vocabulary`) needs only the
standard library and :mod:`kb.text`.

    >>> from kb.vocabulary import default_vocabulary
    >>> [c.rule for c in default_vocabulary().lookup("travolgere")]
    ['702.19']
"""

from .lookup import Match, Spot, Vocabulary, default_vocabulary, name_key
from .model import FORMS, KINDS, Concept, Name, concept_id, concept_rules
from .table import default_table_path, read_table

__all__ = ["FORMS", "KINDS", "Concept", "Match", "Name", "Spot", "Vocabulary", "concept_id", "concept_rules",
           "default_table_path", "default_vocabulary", "name_key", "read_table"]
