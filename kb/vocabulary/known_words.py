"""The words the lemmatiser knows, as a Bloom filter, so a search tells a typo from a real word without it.

A word no item holds is corrected only when it is no word of the question's language
(:func:`indexer.language.is_real_word`): ``corpus/lemma-forms.tsv`` lists the 50,000 most frequent words of
each language, and simplemma's dictionaries know the rarer ones. Loading simplemma and one of its
dictionaries cost a cold question with a typo about 0.3 s, for a yes or a no. This module writes every word
of simplemma's Italian, French and English dictionaries (in lower case) into one Bloom filter, committed as
``corpus/lemmatiser-words.bloom`` (about 1.4 MB). A word the dictionaries hold is always found; one they do not
hold is found by chance about once in :data:`FALSE_POSITIVES` words (then it is read as a real word, and
left as typed, as simplemma's rarer words are)::

    python -m kb.vocabulary.known_words -o corpus/lemmatiser-words.bloom
"""

from __future__ import annotations

import hashlib
import math
import unicodedata
from pathlib import Path
from typing import Iterable

LANGS = ("it", "fr", "en")
FALSE_POSITIVES = 1000  # one word in this many that the dictionaries lack is found all the same
MAGIC = b"mtgkb-words-bloom 1\n"


class WordFilter:
    """A Bloom filter of ``(lang, word)``: ``bits`` bits, ``hashes`` positions per word (double hashing)."""

    def __init__(self, bits: int, hashes: int, data: bytearray | bytes | None = None, about: str = "") -> None:
        self.bits, self.hashes, self.about = bits, hashes, about
        self.data = bytearray((bits + 7) // 8) if data is None else data
        if len(self.data) != (bits + 7) // 8:
            raise ValueError(f"a filter of {bits} bits has {(bits + 7) // 8} bytes, not {len(self.data)}")

    @classmethod
    def sized_for(cls, count: int, about: str = "") -> "WordFilter":
        """An empty filter for ``count`` words with one false positive in :data:`FALSE_POSITIVES`."""
        bits = max(8, math.ceil(count * math.log(FALSE_POSITIVES) / math.log(2) ** 2))
        return cls(bits, max(1, round(bits / max(count, 1) * math.log(2))), about=about)

    def _positions(self, lang: str, word: str) -> Iterable[int]:
        digest = hashlib.blake2b(f"{lang}\t{word_key(word)}".encode(), digest_size=16).digest()
        first, step = int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:], "little") | 1
        return ((first + i * step) % self.bits for i in range(self.hashes))

    def add(self, lang: str, word: str) -> None:
        for at in self._positions(lang, word):
            self.data[at >> 3] |= 1 << (at & 7)

    def knows(self, lang: str, word: str) -> bool:
        """Whether ``word`` (any case) was added for ``lang``; rarely true of a word never added."""
        return all(self.data[at >> 3] >> (at & 7) & 1 for at in self._positions(lang, word))

    def to_bytes(self) -> bytes:
        header = f"bits={self.bits} hashes={self.hashes} {self.about}".strip().replace("\n", " ")
        return MAGIC + header.encode() + b"\n" + bytes(self.data)

    @classmethod
    def from_bytes(cls, raw: bytes) -> "WordFilter":
        """The filter :meth:`to_bytes` wrote; a ``ValueError`` for anything else."""
        if not raw.startswith(MAGIC) or b"\n" not in raw[len(MAGIC):]:
            raise ValueError("not a word filter of mtgkb")
        header, _, data = raw[len(MAGIC):].partition(b"\n")
        fields = dict(part.split("=", 1) for part in header.decode().split() if "=" in part)
        try:
            bits, hashes = int(fields["bits"]), int(fields["hashes"])
        except (KeyError, ValueError):
            raise ValueError("a word filter's header lacks its bits and hashes") from None
        return cls(bits, hashes, data, about=header.decode())


def word_key(word: str) -> str:
    """How a word is looked up: in lower case, NFC (simplemma's dictionaries are NFC-keyed)."""
    return unicodedata.normalize("NFC", word).lower()


def dictionary_words(lang: str) -> set[str]:
    """Every word of simplemma's dictionary for ``lang``, in lower case (its keys: the forms it knows)."""
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    return {word_key(key if isinstance(key, str) else key.decode()) for key in DefaultDictionaryFactory().get_dictionary(lang)}


def main(argv: list[str] | None = None) -> int:
    import argparse  # the generator's only: a search imports this module for WordFilter

    parser = argparse.ArgumentParser(prog="python -m kb.vocabulary.known_words", description=__doc__.split("\n")[0])
    parser.add_argument("-o", "--output", type=Path, required=True, help="the filter to write")
    args = parser.parse_args(argv)
    from importlib.metadata import version

    words = {lang: dictionary_words(lang) for lang in LANGS}
    count = sum(len(each) for each in words.values())
    about = (f"simplemma={version('simplemma')} " + " ".join(f"{lang}={len(each)}" for lang, each in words.items())
             + " command=python -m kb.vocabulary.known_words")
    found = WordFilter.sized_for(count, about)
    for lang in LANGS:
        for word in sorted(words[lang]):
            found.add(lang, word)
    args.output.write_bytes(found.to_bytes())
    print(f"wrote {count} words ({found.bits} bits, {found.hashes} hashes) to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
