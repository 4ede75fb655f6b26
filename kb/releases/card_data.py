"""Fetch MTGJSON's current card data and rebuild the knowledge base with it (``mtgkb update --cards``).

Two files can be fetched: ``AtomicCards.json.xz`` (every card once: its Oracle text, Italian and French
printed names and texts, rulings; read by :mod:`kb.parsers.mtgjson_atomic`) and ``AllPrintings.json.xz``
(every set with every printing; read by the set-file parser, :mod:`kb.parsers.mtgjson`).

Steps: read the checksum MTGJSON publishes beside the file (``<file>.sha256``); when the knowledge
base's corpus folder holds a file of that checksum already (recorded in ``MANIFEST.json``), nothing is
downloaded. Otherwise download the file (with :func:`kb.releases.update.fetch`: a size limit, a timeout
for the whole download), check its sha256 against the published one, unpack it and check that it is
the file asked for (its format recognised from its content), keep it as ``KB_DIR/corpus/<file>``
(recorded with its sha256, URL and the data's date), then rebuild the knowledge base from the sources
of the current build plus the file. The data's date (MTGJSON's ``meta.date``) is its document's date:
the build's report and the ``Sources`` line of ``mtgkb card`` show it.

Every failure is one :class:`~kb.errors.KBError` line, and the knowledge base and its corpus folder stay
as they were: a file that replaced an older one of its kind is put back, the manifest restored.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from ..errors import KBError, SourceError
from ..sources import source_from_bytes, unpack_xz
from ..text import counted
from .update import (CORPUS_FOLDER, MANIFEST, BytesRead, build_sources, fetch, read_manifest, write_atomic)

CARDS_TIMEOUT = 900.0  # seconds for the whole download of a card file (tens of MB on a slow line)
CHECKSUM_TIMEOUT = 30.0
CHECKSUM_BYTES = 4096  # a sha256 file holds 64 hex digits (and perhaps the file's name)
_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
_META_DATE = re.compile(r'"meta"\s*:\s*\{[^{}]*?"date"\s*:\s*"([^"]*)"')


@dataclass(frozen=True)
class CardFile:
    """One of MTGJSON's card files: its name, where it is published, the format it must have, its size limit."""

    kind: str
    name: str
    url: str
    format: str
    max_bytes: int
    what: str


CARD_FILES = {
    "cards": CardFile("cards", "AtomicCards.json.xz", "https://mtgjson.com/api/v5/AtomicCards.json.xz",
                      "mtgjson-atomic", 256 * 2**20, "MTGJSON's AtomicCards (every card once, by name)"),
    "printings": CardFile("printings", "AllPrintings.json.xz", "https://mtgjson.com/api/v5/AllPrintings.json.xz",
                          "mtgjson", 1024 * 2**20, "MTGJSON's AllPrintings (every set, every printing)"),
}


@dataclass(frozen=True)
class CardsResult:
    """What ``update_cards`` did: ``downloaded`` the file and rebuilt, found it ``held`` already (nothing
    done), or ``added`` a file held in the corpus folder back to the sources (rebuilt, nothing downloaded)."""

    status: str
    kind: str
    url: str
    sha256: str
    data_date: str | None = None
    path: str | None = None
    sources: tuple[str, ...] = ()
    cards: int | None = None
    rulings: int | None = None


def published_sha256(data: bytes, url: str) -> str:
    """The checksum of a ``.sha256`` file (64 hex digits, perhaps followed by the file's name), lower case."""
    text = data.decode("ascii", "replace").strip()
    first = text.split()[0] if text else ""
    if not _SHA256.fullmatch(first):
        raise KBError(f"{url}: not a sha256 checksum (expected 64 hexadecimal digits, found {text[:40]!r})")
    return first.lower()


def check_sha256(data: bytes, published: str, url: str, checksum_url: str) -> None:
    """Refuse a download whose sha256 is not the one published."""
    actual = hashlib.sha256(data).hexdigest()
    if actual != published:
        raise KBError(f"{url}: its sha256 is {actual}, not the {published} published in {checksum_url} (a damaged "
                      "or changed download): not kept")


def check_card_file(data: bytes, url: str, spec: CardFile) -> str | None:
    """Unpack the downloaded ``data`` and check that it is ``spec``'s file; the data's date (``meta.date``)
    when its start says it. The whole JSON is read by the rebuild, which refuses a damaged file."""
    from ..parsers import detect_format

    name = urlsplit(url).path.rsplit("/", 1)[-1] or spec.name
    try:
        content = unpack_xz(data, url)
        source = source_from_bytes(content, name)
        found = detect_format(source).name
    except SourceError as exc:
        raise KBError(f"{url}: {exc.message}") from None
    if found != spec.format:
        raise KBError(f"{url}: not {spec.what}: its content reads as {found}")
    date = _META_DATE.search(source.head(4096))
    return date.group(1) if date else None


def card_file_path(kb_dir: Path, spec: CardFile) -> Path:
    return Path(kb_dir) / CORPUS_FOLDER / spec.name


def update_cards(kb_dir: Path, kind: str = "cards", url: str | None = None, timeout: float = CARDS_TIMEOUT,
                 max_bytes: int | None = None, rebuild: Callable[[Path, list[Path]], Any] | None = None,
                 progress: Callable[[str], None] | None = None, on_bytes: BytesRead | None = None) -> CardsResult:
    """Download MTGJSON's card file of ``kind`` (``cards``: AtomicCards, ``printings``: AllPrintings) into
    ``kb_dir`` and rebuild; see the module doc. ``max_bytes`` limits the download (default: the kind's)."""
    from ..ingest import embedded_corpus

    spec = CARD_FILES[kind]
    url = url or spec.url
    if rebuild is None:
        from functools import partial

        from ..pipeline import build_kb

        rebuild = partial(build_kb, progress=progress)
    say = progress or (lambda message: None)
    checksum_url = f"{url}.sha256"
    say(f"Reading {checksum_url}")
    published = published_sha256(fetch(checksum_url, min(timeout, CHECKSUM_TIMEOUT), CHECKSUM_BYTES,
                                       usual_size="a checksum file is 64 characters"), checksum_url)
    path = card_file_path(kb_dir, spec).resolve()
    _recover_interrupted(kb_dir, spec)
    sources = build_sources(kb_dir, path, embedded_corpus)
    held = _held(kb_dir, spec, published)
    if held is not None and _recorded_sources(kb_dir) == sources:
        return CardsResult("held", kind, url, published, held.get("data_date"), str(path), tuple(map(str, sources)))
    if held is not None:  # in the corpus folder, but not among the current build's sources: add it back
        say(f"{path} is already held (sha256 {published}); rebuilding with it")
        summary = _rebuild(rebuild, kb_dir, sources, path, url)
        return _result("added", spec, url, published, held.get("data_date"), path, sources, summary)
    say(f"Downloading {url}")
    data = fetch(url, timeout, max_bytes or spec.max_bytes, usual_size="--max-size raises it", on_bytes=on_bytes)
    check_sha256(data, published, url, checksum_url)
    date = check_card_file(data, url, spec)
    manifest_before = read_manifest(kb_dir) if (path.parent / MANIFEST).exists() else None
    previous = _store(kb_dir, spec, data, url, published, date)
    say(f"Rebuilding the knowledge base from {counted(len(sources), 'source')}")
    try:
        summary = _rebuild(rebuild, kb_dir, sources, path, url)
    except BaseException:
        _put_back(kb_dir, path, previous, manifest_before)
        raise
    if previous is not None:
        previous.unlink(missing_ok=True)
    result = _result("downloaded", spec, url, published, date, path, sources, summary)
    if result.data_date != date:  # the build read a date the file's start did not show
        _record_date(kb_dir, spec, result.data_date)
    return result


def _held(kb_dir: Path, spec: CardFile, sha256: str) -> dict | None:
    """The manifest's entry of ``spec``'s file when it records ``sha256`` and the file is there."""
    for entry in read_manifest(kb_dir):
        if entry.get("file") == spec.name and entry.get("sha256") == sha256 and card_file_path(kb_dir, spec).is_file():
            return entry
    return None


def _recorded_sources(kb_dir: Path) -> list[Path]:
    from ..store import KnowledgeBase, current_build

    if current_build(kb_dir) is None:
        return []
    kb = KnowledgeBase.open(kb_dir)
    try:
        return [Path(s) for s in kb.info().get("sources", [])]
    finally:
        kb.close()


def _rebuild(rebuild: Callable[[Path, list[Path]], Any], kb_dir: Path, sources: list[Path], path: Path,
             url: str) -> Any:
    """Rebuild; a build its checks refuse, or an error in the card file (JSON cut or damaged inside a sound
    xz file), is one line saying that the download was not kept."""
    from ..pipeline import BuildRefused

    kept = "the download was not kept, the knowledge base is unchanged"
    try:
        return rebuild(Path(kb_dir), sources)
    except BuildRefused as exc:
        more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
        raise KBError(f"{exc.problems[0]}{more}; {kept}") from None
    except SourceError as exc:
        if Path(exc.source).resolve() != path:
            raise
        where = f" line {exc.line} of its content:" if exc.line is not None else ""
        raise KBError(f"{url}:{where} {exc.message}; {kept}") from None


def _recover_interrupted(kb_dir: Path, spec: CardFile) -> None:
    """Put back the file an update killed while rebuilding had moved aside, and forget the download it
    left, which no build has read (it is downloaded again)."""
    path = card_file_path(kb_dir, spec)
    previous = path.with_name(f".{path.name}.previous")
    if not previous.exists():
        return
    os.replace(previous, path)
    _write_manifest(kb_dir, [e for e in read_manifest(kb_dir) if e.get("file") != spec.name])


def _store(kb_dir: Path, spec: CardFile, data: bytes, url: str, sha256: str, date: str | None) -> Path | None:
    """Write the file into the corpus folder and record it; the older file of its kind moved aside (returned)."""
    import time

    path = card_file_path(kb_dir, spec)
    path.parent.mkdir(parents=True, exist_ok=True)
    previous = None
    if path.exists():
        previous = path.with_name(f".{path.name}.previous")
        os.replace(path, previous)
    write_atomic(path, data)
    entries = [e for e in read_manifest(kb_dir) if e.get("file") != spec.name]
    entries.append({"file": spec.name, "kind": spec.kind, "data_date": date, "sha256": sha256, "url": url,
                    "downloaded_at": time.strftime("%Y-%m-%dT%H:%M:%S%z")})
    _write_manifest(kb_dir, entries)
    return previous


def _put_back(kb_dir: Path, path: Path, previous: Path | None, manifest: list[dict] | None) -> None:
    """Undo :func:`_store` after a failed rebuild: the corpus folder as it was (``manifest`` None: it had none)."""
    if previous is not None:
        os.replace(previous, path)
    else:
        path.unlink(missing_ok=True)
    if manifest is not None:
        _write_manifest(kb_dir, manifest)
        return
    (path.parent / MANIFEST).unlink(missing_ok=True)
    if not any(path.parent.iterdir()):
        path.parent.rmdir()


def _record_date(kb_dir: Path, spec: CardFile, date: str | None) -> None:
    entries = read_manifest(kb_dir)
    for entry in entries:
        if entry.get("file") == spec.name:
            entry["data_date"] = date
    _write_manifest(kb_dir, entries)


def _write_manifest(kb_dir: Path, entries: list[dict]) -> None:
    write_atomic(Path(kb_dir) / CORPUS_FOLDER / MANIFEST, json.dumps(entries, indent=2).encode("utf-8"))


def _result(status: str, spec: CardFile, url: str, sha256: str, date: str | None, path: Path, sources: list[Path],
            summary: Any) -> CardsResult:
    """The result, with the date, cards and rulings the build read from the file (when it said)."""
    document = _document_of(summary, path)
    counts = document.get("counts", {}) if document else {}
    return CardsResult(status, spec.kind, url, sha256, (document or {}).get("effective_date") or date, str(path),
                       tuple(map(str, sources)), counts.get("cards") if document else None,
                       counts.get("rulings", 0) if document else None)


def _document_of(summary: Any, path: Path) -> dict | None:
    if not isinstance(summary, dict):
        return None
    wanted = Path(path).resolve()
    return next((d for d in summary.get("documents", []) if Path(d.get("path", "")).resolve() == wanted), None)
