"""Players' phrasings of the rules: ``corpus/rule-phrases.tsv``, indexed with each rule's question document.

The rules are written in words players seldom use: a question about a token bounced to its owner's
hand shares only *token* with 111.7 (*a token that's in a zone other than the battlefield ceases to
exist*).
The table holds, per rule of the 2025-11-14 release, a few short phrases in the words players and
judges use for the situation the rule settles (*bounce*, *flicker*, *fizzle*), mostly English, some
Italian and French. They were written by the team from the rule texts alone, without the question
sets the search is measured on (document expansion). Each line carries the digest of the English
text it was written for: a rule whose text is another in the release being built (a renumbered or
reworded rule) does not take them.

Refresh the digests after editing the table (:mod:`indexer.stamp_phrasings`)::

    python -m indexer.stamp_phrasings --kb KB_DIR corpus/rule-phrases.tsv
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from kb import tsv
from kb.corpus import embedded_corpus

from .analysis import terms

PHRASES = "rule-phrases.tsv"  # in the embedded corpus
COLUMNS = ("number", "lang", "phrase", "text")


# How players name what the rules spell out: a rule holding the phrase also holds the word, once
# ("a library with no cards in it" is an empty library: 121.4, 704.5b).
PARAPHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bwith no cards in (?:it|them)\b|\bhas no cards in\b", re.I), "empty"),
)


def add_paraphrases(counts: dict, text: str) -> None:
    """Add the word of each :data:`PARAPHRASES` phrase ``text`` holds to its English term counts."""
    for pattern, word in PARAPHRASES:
        if pattern.search(text or ""):
            for term in terms(word, "en"):
                counts.setdefault(term, 1)


def text_digest(text: str) -> str:
    """The digest a phrase keeps of the English rule text it was written for."""
    return hashlib.sha1(" ".join((text or "").split()).encode("utf-8")).hexdigest()[:10]


@lru_cache(maxsize=4)
def rule_phrases(path: Path | None = None) -> dict[str, list[tuple[str, str, str]]]:
    """rule number → [(lang, phrase, text digest)] of the table (empty when the corpus holds none)."""
    path = path or embedded_corpus() / PHRASES
    found: dict[str, list[tuple[str, str, str]]] = {}
    if not path.is_file():
        return found
    for _line, (number, lang, phrase, digest) in tsv.rows(path, COLUMNS):
        found.setdefault(number, []).append((lang, phrase, digest))
    return found


def phrases_for(number: str, english_text: str) -> list[tuple[str, str]]:
    """(lang, phrase) of rule ``number`` whose English text is ``english_text`` (none when it was
    written for another text)."""
    kept = rule_phrases().get(number, ())
    if not kept:
        return []
    digest = text_digest(english_text)
    return [(lang, phrase) for lang, phrase, wanted in kept if wanted == digest]


def lines_of(number: str) -> list[list[str]]:
    """The (lang, phrase, digest) cells of rule ``number``'s lines, looked up in the table's text
    (a search shows the phrasings of a few hits; parsing the whole table costs some 20 ms)."""
    return [cells for cells in tsv.lines_starting(PHRASES, f"{number}\t") if len(cells) == len(COLUMNS) - 1]


def matching_phrases(number: str, own: set[str], matched: dict[str, set[str]], lang: str | None = None,
                     most: int = 2) -> list[str]:
    """The phrases of rule ``number`` that hold a word of the question its own text does not
    (``own``: the analysed words of its text; ``matched``: lang → the question's words it matched),
    in the question's ``lang`` or English, those of its language and holding the most first: why a
    rule that does not say the question's words answers it."""
    found = []
    for phrase_lang, phrase, *_digest in lines_of(number):
        if lang and phrase_lang not in (lang, "en"):
            continue
        words = set(terms(phrase, phrase_lang)) & matched.get(phrase_lang, set())
        if words - own:
            found.append((phrase_lang != lang, -len(words), phrase))
    return [phrase for *_, phrase in sorted(found, key=lambda f: f[:2])[:most]]


def stamp(path: Path, texts: dict[str, str]) -> tuple[int, list[str]]:
    """Write each line's digest of ``texts`` (rule number → English text) into the table at
    ``path``; the numbers ``texts`` does not hold are returned, their lines left as they were."""
    lines, missing, stamped = [], [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if line.startswith("#") or not line.strip() or len(cells) < 3:
            lines.append(line)
            continue
        if cells[0] in texts:
            cells[3:] = [text_digest(texts[cells[0]])]
            stamped += 1
        elif cells[0] not in missing:
            missing.append(cells[0])
        lines.append("\t".join(cells))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return stamped, missing
