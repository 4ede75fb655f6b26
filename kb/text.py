"""The text helpers: one way to fold, straighten quotes, cut elisions, drop stop
words and find rule numbers, shared by parsing, alignment, search and lookup.

* :func:`fold`: case, ligatures (``œ`` → ``oe``, ``æ`` → ``ae``, ``ß`` → ``ss``),
  diacritics (``abilità`` → ``abilita``) and apostrophes (``’`` → ``'``);
* :func:`fold_quotes`: straight quotes for curly ones, guillemets and primes
  (for matching only: stored text keeps its own quotes);
* :func:`match_key`: a text reduced for comparing (fold, quotes, single spaces);
* :data:`ELISIONS` / :func:`strip_elision`: the elided articles and prepositions
  of Italian and French (``dell'abilità`` → ``abilità``, ``l’exil`` → ``exil``);
* :data:`STOPWORDS` / :func:`is_stopword`: function words per language, folded;
  :data:`DISTINCT_STOPWORDS`: those no other language shares, for telling languages apart;
* :func:`edit_distance` / :func:`typo_allowance`: how far a misspelt name may be from a real one;
* :data:`RULE_NUMBER_IN_TEXT` / :func:`rule_numbers_in`: the one pattern that
  finds rule numbers (``701.32a``) and, on request, chapters (``701``) in text;
* :func:`counted`: a count and its English noun in the right number (``1 release``, ``2 releases``).

Nothing here imports the search engine, so the lookup path stays light.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Callable


# -- folding ------------------------------------------------------------------------------

APOSTROPHES = "'’‘`´ʼ′"
_QUOTES = (("\u2018", "'"), ("\u2019", "'"), ("\u201a", "'"), ("\u201b", "'"), ("\u2032", "'"),
           ("\u02bc", "'"), ("`", "'"), ("\u00b4", "'"),
           ("\u201c", '"'), ("\u201d", '"'), ("\u201e", '"'), ("\u201f", '"'), ("\u2033", '"'),
           ("\u00ab", '"'), ("\u00bb", '"'))
_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "ﬁ": "fi", "ﬂ": "fl"})
_APOSTROPHE_FOLD = str.maketrans({a: "'" for a in APOSTROPHES[1:]})


def fold_quotes(text: str) -> str:
    """Straight quotes for curly ones, low-9 quotes, guillemets and primes."""
    if text.isascii() and "`" not in text:
        return text
    for curly, straight in _QUOTES:  # a replace per quote present: many times faster than str.translate
        if curly in text:
            text = text.replace(curly, straight)
    return text


@lru_cache(maxsize=200_000)
def fold(text: str) -> str:
    """Lower case without ligatures, diacritics or curly apostrophes:
    ``Œuvre`` → ``oeuvre``, ``Égalité`` → ``egalite``, ``l’exil`` → ``l'exil``."""
    if text.isascii():
        return text.lower().translate(_APOSTROPHE_FOLD) if "`" in text else text.lower()
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_APOSTROPHE_FOLD)


def normalise_space(text: str) -> str:
    """Runs of white space (line ends included) as single spaces, trimmed."""
    return " ".join(text.split())


def one_line(text: str, limit: int | None = 400) -> str:
    """``text`` on one line (white space runs as single spaces), cut to ``limit`` characters with ``…``."""
    text = normalise_space(text)
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


def match_key(text: str) -> str:
    """A text reduced for comparing: folded, straight quotes, single spaces."""
    return normalise_space(fold(fold_quotes(text)))


# -- words ----------------------------------------------------------------------------------

# A word, with apostrophes inside it kept for elision cutting (dell'abilità, l’exil, it's).
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_WORD_APOSTROPHE = re.compile(r"['’]")
_APOSTROPHE = re.compile(f"[{re.escape(APOSTROPHES)}]")

ELISIONS: dict[str, frozenset[str]] = {
    "it": frozenset("""
        l un d c m t s v n dell all dall nell sull coll pell quell quest nessun alcun ciascun
        anch tutt senz dev com dov cos buon bell sant gl mezz
    """.split()),
    "fr": frozenset("""
        l d j m t s c n qu jusqu lorsqu puisqu quoiqu presqu quelqu
    """.split()),
    "en": frozenset(),
}
ALL_ELISIONS: frozenset[str] = frozenset().union(*ELISIONS.values())


def strip_elision(word: str, elisions: frozenset[str]) -> tuple[str, int]:
    """``word`` without its leading elided articles, and how many characters were cut.

    ``elisions`` is one language's set from :data:`ELISIONS` (or :data:`ALL_ELISIONS`);
    both ``'`` and ``’`` (and the other apostrophes of :data:`APOSTROPHES`) count.
    """
    cut = 0
    while (apostrophe := _APOSTROPHE.search(word)) is not None:
        index = apostrophe.start()
        head, tail = word[:index], word[index + 1:]
        if not tail or fold(head) not in elisions:
            break
        cut += index + 1
        word = tail
    return word, cut


def words(text: str, lang: str) -> list[str]:
    """The words of ``text`` in lower case, elisions cut in Italian and French
    (``l'astensione`` → ``astensione``), English possessives cut (``player's`` → ``player``)."""
    elisions = ELISIONS.get(lang, frozenset())
    out = []
    for word in WORD.findall(text.lower()):
        if _APOSTROPHE.search(word):  # most words have none: nothing to cut
            word, _ = strip_elision(word, elisions)
            if lang == "en":
                word = _WORD_APOSTROPHE.split(word, 1)[0]
        out.append(word)
    return [w for w in out if w]


# Function words per language (lower case, accents as written; compare with is_stopword).
# The same list serves the search index and the alignment lexicon. "until" is not in it:
# "until end of turn" = "fino alla fine del turno", and "until"/"finché" is evidence the
# alignment pairs rulings by (without it two Italian Vote rulings stay unaligned).
_STOPWORD_TEXT = {
    "en": """a about above after again against all am an and any are as at be because been before being
        below between both but by can cannot could did do does doing don down during each few for from further
        had has have having he her here hers herself him himself his how i if in into is it its itself just me
        more most my myself no nor not now of off on once only or other our ours ourselves out over own s same
        she should so some such t than that the their theirs them themselves then there these they this those
        through to too under up very was we were what when where which while who whom why will with
        would you your yours yourself yourselves also must onto whose""",
    "it": """a ad agl agli ai al all alla alle allo anche avere aveva avevano c che chi ci coi col come con contro
        cui da dagl dagli dai dal dall dalla dalle dallo degl degli dei del dell della delle dello di dov dove e ed
        è era erano essere fu gli ha hai hanno ho i il in io l la le lei li lo loro lui ma mi mia mie miei mio ne
        negl negli nei nel nell nella nelle nello noi non nostra nostre nostri nostro o od per perché più quale
        quel quella quelle quelli quello questa queste questi questo se sei si sia siano sono su sua sue sugl sugli sui
        sul sull sulla sulle sullo suo suoi ti tra fra tu tua tue tuo tuoi un una uno vi voi""",
    "fr": """a ai au aux avec c ce ces cet cette d dans de des du elle elles en est et été être eu il ils j je l la
        le les leur leurs lui m ma mais me même mes moi mon n ne nos notre nous on ont ou par pas pour qu que qui
        s sa se ses soit son sont sur t ta te tes toi ton tu un une vos votre vous y à était étaient
        quoi sans plus aussi comme mien mienne miens miennes tien tienne tiens tiennes sien sienne siens siennes""",
}
STOPWORDS: dict[str, frozenset[str]] = {
    lang: frozenset(fold(w) for w in text.split()) for lang, text in _STOPWORD_TEXT.items()
}


# The stop words of one language that are none of another's ("the", "della", "avec"; not
# "a", "la" or "on"): the words that tell the languages apart in language detection.
DISTINCT_STOPWORDS: dict[str, frozenset[str]] = {
    lang: words - frozenset().union(*(other for o, other in STOPWORDS.items() if o != lang))
    for lang, words in STOPWORDS.items()
}


@lru_cache(maxsize=200_000)
def is_stopword(word: str, lang: str) -> bool:
    """True if ``word`` (any case, with or without accents) is a function word of ``lang``."""
    return fold(word) in STOPWORDS.get(lang, frozenset())


# -- rule numbers in text ------------------------------------------------------------------

RULE_NUMBER = r"\d{3}\.\d+[a-z]?"
# A rule number (701.32, 701.32a) or, as the second alternative, a chapter (701), standing
# alone: not inside a longer number or word ("1701.3", "701.32ab", "4.5"), a final full stop allowed.
RULE_NUMBER_IN_TEXT = re.compile(rf"(?<![\w.])(?:(?P<rule>{RULE_NUMBER})|(?P<chapter>\d{{3}}))(?!\w|\.\d)")


# Words that only introduce a rule number, as people type them before one ("CR 400.7", "regola
# 400.7", "règle 400.7", "rule 400.7"), folded.
NUMBER_CUES = frozenset({"cr", "rule", "rules", "regola", "regole", "regle", "regles", "chapter", "chapters",
                         "capitolo", "capitoli", "chapitre", "chapitres", "section", "sezione", "see", "vedi",
                         "voir", "r", "§"})
# A cue written against its number: "CR400.7", "regola400.7", "règle400.7", "§400.7", "r.400.7".
_GLUED_CUE = re.compile(r"^(?:cr|rules?|regol[ae]|r[eè]gles?|§|r)\.?(?=\d)", re.IGNORECASE)


def is_number_cue(word: str) -> bool:
    """True if ``word`` only introduces a rule number (``CR``, ``regola``, ``Règle:``)."""
    return fold(word).strip(".:") in NUMBER_CUES


def without_number_cue(text: str) -> str:
    """``text`` without the words that introduce a rule number: ``CR 400.7``, ``CR400.7``,
    ``regola 400.7`` and ``règle 400.7`` → ``400.7``."""
    words = text.split()
    while len(words) > 1 and is_number_cue(words[0]):
        words = words[1:]
    return _GLUED_CUE.sub("", " ".join(words)) if words else text.strip()


def rule_numbers_in(text: str, chapters: bool = False) -> list[str]:
    """The rule numbers written in ``text`` in order (``see rule 701.32a.`` → ``701.32a``);
    with ``chapters``, bare three-digit chapter numbers too."""
    return [m.group(0) for m in RULE_NUMBER_IN_TEXT.finditer(text) if chapters or m.group("rule")]


# -- near spellings -----------------------------------------------------------------------

def edit_distance(a: str, b: str, limit: int = 2) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from ``a`` to ``b``; ``limit + 1``
    as soon as it is certain to exceed ``limit`` (``deathtuch`` → ``deathtouch``: 1). The optimal
    string alignment distance of rapidfuzz, at C speed."""
    return _osa_distance()(a, b, score_cutoff=limit)


@lru_cache(maxsize=1)
def _osa_distance() -> Callable[..., int]:
    """rapidfuzz's distance, imported by the first command that measures a typo (not by ``mtgkb rule``)."""
    from rapidfuzz.distance import OSA

    return OSA.distance


def typo_allowance(text: str) -> int:
    """How many edits a misspelt name of this length may be from the real one: none under
    5 letters, 1 up to 6, 2 from 7 (the search's rule for unknown words)."""
    letters = sum(c.isalnum() for c in text)
    return 0 if letters < 5 else 1 if letters < 7 else 2


# -- messages -------------------------------------------------------------------------------

def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``1 release``, ``2 releases``, ``0 releases``: an English noun in the number its count asks for
    (``plural`` when it is not the noun plus ``s``)."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"
