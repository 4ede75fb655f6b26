"""A small core of official game terms, Italian and French to English, for query expansion.

A query word or phrase found here is also searched, below direct matches, as
its English counterpart, so an Italian or French query reaches the English rules
where no text in its own language exists (``campo di battaglia`` → the English
rules of chapter 403). Entries are matched on analysed terms, so plurals and
missing accents match too (``zone pubbliche``, ``cimetiere``).

The alignment work learns a bilingual lexicon from parallel texts; this core is
the hand-checked fallback (facts: the official Italian and French card
vocabulary), and :func:`expansions` is the one place a learned lexicon plugs in.
"""

from __future__ import annotations

from functools import lru_cache

from .analysis import terms

CORE: dict[str, tuple[tuple[str, str], ...]] = {
    "it": (
        ("campo di battaglia", "battlefield"), ("cimitero", "graveyard"), ("grimorio", "library"),
        ("mano", "hand"), ("pila", "stack"), ("esilio", "exile"), ("esiliare", "exile"),
        ("zona di comando", "command zone"), ("zona pubblica", "public zone"), ("zona nascosta", "hidden zone"),
        ("zona", "zone"), ("voto", "vote"), ("votare", "vote"), ("votazione", "vote"), ("pareggio", "tie"),
        ("abilità", "ability"), ("magia", "spell"), ("creatura", "creature"), ("giocatore", "player"),
        ("avversario", "opponent"), ("proprietario", "owner"), ("controllore", "controller"),
        ("innescata", "triggered"), ("attivata", "activated"), ("stregoneria", "sorcery"),
        ("istantaneo", "instant"), ("incantesimo", "enchantment"), ("artefatto", "artifact"),
        ("terra", "land"), ("segnalino", "counter"), ("pedina", "token"), ("sacrificare", "sacrifice"),
        ("distruggere", "destroy"), ("pescare", "draw"), ("scartare", "discard"), ("rivelare", "reveal"),
        ("fuori dal gioco", "outside the game"), ("faccia in giù", "face down"), ("bersaglio", "target"),
        ("costo", "cost"), ("danno", "damage"), ("turno", "turn"), ("partita", "game"),
    ),
    "fr": (
        ("champ de bataille", "battlefield"), ("cimetière", "graveyard"), ("bibliothèque", "library"),
        ("main", "hand"), ("pile", "stack"), ("exil", "exile"), ("exiler", "exile"),
        ("zone de commandement", "command zone"), ("zone publique", "public zone"),
        ("zone cachée", "hidden zone"), ("zone", "zone"), ("vote", "vote"), ("voter", "vote"),
        ("égalité", "tie"), ("capacité", "ability"), ("sort", "spell"), ("créature", "creature"),
        ("joueur", "player"), ("adversaire", "opponent"), ("propriétaire", "owner"),
        ("contrôleur", "controller"), ("déclenchée", "triggered"), ("activée", "activated"),
        ("rituel", "sorcery"), ("éphémère", "instant"), ("enchantement", "enchantment"),
        ("artefact", "artifact"), ("terrain", "land"), ("marqueur", "counter"), ("jeton", "token"),
        ("sacrifier", "sacrifice"), ("détruire", "destroy"), ("piocher", "draw"), ("défausser", "discard"),
        ("révéler", "reveal"), ("engager", "tap"), ("face cachée", "face down"), ("cible", "target"),
        ("coût", "cost"), ("blessures", "damage"), ("tour", "turn"), ("partie", "game"),
    ),
}


@lru_cache(maxsize=None)
def entries(lang: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """(analysed source terms, English phrase) for ``lang``, longest first."""
    analysed = [(tuple(terms(src, lang)), en) for src, en in CORE.get(lang, ())]
    return tuple(sorted(((k, en) for k, en in analysed if k), key=lambda e: -len(e[0])))


def expansions(lang: str, analysed: list[str]) -> list[tuple[int, int, str]]:
    """Non-overlapping lexicon matches in a sequence of analysed terms: (start, end, English phrase)."""
    found: list[tuple[int, int, str]] = []
    taken = [False] * len(analysed)
    for key, english in entries(lang):
        size = len(key)
        for start in range(len(analysed) - size + 1):
            if tuple(analysed[start:start + size]) == key and not any(taken[start:start + size]):
                found.append((start, start + size, english))
                for i in range(start, start + size):
                    taken[i] = True
    return sorted(found)
