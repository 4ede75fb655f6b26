"""The rule tree: immutable records that every parser produces and every consumer reads.

A :class:`Document` is what one source file yields. Its ``rules`` hold sections,
chapters, rules and subrules alike (``kind`` says which), in source order, each
with its examples and cross-references; ``terms`` are glossary entries,
``rulings`` card or keyword rulings, ``cards`` card records. ``accounting``
says what became of every line of the source (see :class:`LineAccount`).

The records live in six modules: :mod:`~kb.model.rules` (:class:`Rule`, :class:`Example`),
:mod:`~kb.model.rulings` (:class:`Ruling`), :mod:`~kb.model.terms` (:class:`Term`), :mod:`~kb.model.cards`
(:class:`Card`), :mod:`~kb.model.links` (:class:`Pair`) and :mod:`~kb.model.documents` (:class:`Document`,
:class:`LineAccount`, :class:`Unparsed`, :func:`to_dict`). Each name is imported from here and
loaded when first used: making a frozen dataclass costs about a millisecond, so ``mtgkb rule``
makes only the classes of what it reads.
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_names

LANGUAGES = ("en", "it", "fr")

_MODULES = {
    "rules": ("Example", "Rule"),
    "rulings": ("Ruling",),
    "terms": ("Term",),
    "cards": ("Card",),
    "links": ("Pair",),
    "documents": ("Document", "LineAccount", "Unparsed", "to_dict"),
}

if TYPE_CHECKING:
    from .cards import Card
    from .documents import Document, LineAccount, Unparsed, to_dict
    from .links import Pair
    from .rules import Example, Rule
    from .rulings import Ruling
    from .terms import Term


__getattr__ = lazy_names(__name__, _MODULES, globals())


__all__ = ["LANGUAGES", "Card", "Document", "Example", "LineAccount", "Pair", "Rule", "Ruling", "Term", "Unparsed",
           "to_dict"]
