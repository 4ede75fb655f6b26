"""Fetch the current official English rules release and rebuild the knowledge base with it.

Steps: fetch the rules page, find the link to the ``.txt`` release in its HTML,
download it, check that it decodes and parses as an English rules text, store
it as ``KB_DIR/corpus/MagicCompRules YYYYMMDD.txt`` (recorded with its
effective date and sha256 in ``KB_DIR/corpus/MANIFEST.json``), then rebuild the
knowledge base from the sources of the current build plus the new file.

A release already held (same sha256 or same effective date) is not downloaded
again when the link names its date, and never stored twice. Every failure is a
one-line :class:`~kb.errors.KBError` raised before anything is replaced: the
existing knowledge base stays as it was.
"""

from __future__ import annotations

import json
import os
import re
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable
from urllib.parse import unquote, urljoin, urlsplit

from ..errors import KBError
from ..model import Document
from ..sources import source_from_bytes
from ..store import KnowledgeBase, current_build
from ..text import counted

if TYPE_CHECKING:
    import http.client
    import threading

RULES_PAGE = "https://magic.wizards.com/en/rules"
TIMEOUT = 30.0  # seconds for each whole download (the rules page, then the release)
MAX_DOWNLOAD = 32 * 2**20  # bytes; a rules release is about 1 MB (the UTF-16 ones 1.7 MB), its page less
_CHUNK = 64 * 1024
CORPUS_FOLDER = "corpus"
MANIFEST = "MANIFEST.json"
RELEASE_KIND = "release"  # a manifest entry's kind: a rules release (entries written before kinds have none)
_DATE_IN_NAME = re.compile(r"(20\d{2})(\d{2})(\d{2})")
_USER_AGENT = "mtgkb (rules release update)"


@dataclass(frozen=True)
class UpdateResult:
    """What ``update`` did: ``downloaded`` a new release (and rebuilt), or found it ``held``."""

    status: str
    url: str
    effective_date: str | None
    sha256: str | None = None
    path: str | None = None
    sources: tuple[str, ...] = ()


RELEASE_SIZE = "a rules release is about 1 MB"
# what a download has read so far, and its announced length (None when the server gave none)
BytesRead = Callable[[int, "int | None"], None]


def fetch(url: str, timeout: float, max_bytes: int = MAX_DOWNLOAD, *, usual_size: str = RELEASE_SIZE,
          on_bytes: BytesRead | None = None) -> bytes:
    """The body at ``url``, read within ``timeout`` seconds in all and at most ``max_bytes`` long.

    Timeouts, oversized bodies, HTTP errors and unreachable hosts become one-line errors; the error of
    an oversized body says ``usual_size`` (what such a file weighs). The download runs in a worker
    thread, so a server dripping bytes cannot stretch the wait: at the deadline the worker is told to
    stop and the caller gets the error. ``on_bytes`` is told, from that thread, of each part read.
    """
    import threading  # here, not at import: `mtgkb rule` must start fast

    check_web_url(url)
    outcome: dict[str, object] = {}
    stop = threading.Event()
    reading = _Reading(max_bytes, usual_size, on_bytes)
    worker = threading.Thread(target=_download, args=(url, timeout, reading, stop, outcome), daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        stop.set()
        if "answered" not in outcome:
            raise KBError(f"{url}: no answer within {timeout:g} s")
        raise KBError(f"{url}: download not finished within {timeout:g} s (--timeout limits the whole download)")
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["data"]  # type: ignore[return-value]


WEB_SCHEMES = ("http", "https")


def check_web_url(url: str) -> None:
    """Refuse a URL that is not http or https (``file://``, ``ftp://``…): an update reads the web only."""
    scheme = urlsplit(url).scheme.lower()
    if scheme not in WEB_SCHEMES:
        raise KBError(f"{url}: only http and https addresses are read (not {scheme or 'a bare path'}:)")


def _web_only_opener():
    """An opener whose redirects may lead to http and https addresses only."""
    import urllib.request

    class WebOnlyRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req, fp, code, msg, headers, newurl):
            check_web_url(urljoin(req.full_url, newurl))
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    return urllib.request.build_opener(WebOnlyRedirects)


@dataclass(frozen=True)
class _Reading:
    """How a body is read: its limit, what such a file usually weighs, who is told of the bytes read."""

    max_bytes: int
    usual_size: str
    on_bytes: BytesRead | None


def _download(url: str, timeout: float, reading: _Reading, stop: threading.Event, outcome: dict[str, object]) -> None:
    """Read ``url`` into ``outcome["data"]`` (or a :class:`KBError` into ``outcome["error"]``) until ``stop``."""
    import http.client
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, headers={"User-Agent": _USER_AGENT})
    try:
        with _web_only_opener().open(request, timeout=timeout) as response:
            outcome["answered"] = True
            outcome["data"] = _read_bounded(response, url, reading, stop)
    except KBError as exc:
        outcome["error"] = exc
    except urllib.error.HTTPError as exc:
        outcome["error"] = KBError(f"{url}: HTTP error {exc.code} ({exc.reason})")
    except urllib.error.URLError as exc:
        if isinstance(exc.reason, (TimeoutError, socket.timeout)):
            outcome["error"] = KBError(f"{url}: no answer within {timeout:g} s")
        else:
            outcome["error"] = KBError(f"{url}: cannot connect ({exc.reason})")
    except (TimeoutError, socket.timeout):
        outcome["error"] = KBError(f"{url}: no answer within {timeout:g} s")
    except (OSError, ValueError, http.client.HTTPException) as exc:
        outcome["error"] = KBError(f"{url}: cannot download ({exc})")


def _read_bounded(response: http.client.HTTPResponse, url: str, reading: _Reading, stop: threading.Event) -> bytes:
    """The response body, refused as soon as it is known to pass the limit; empty once ``stop`` is set."""
    max_bytes = reading.max_bytes
    too_big = (f"{url}: the download is larger than {max_bytes / 2**20:g} MB, the limit "
               f"({reading.usual_size}): not read")
    announced = response.headers.get("Content-Length", "")
    if announced.isdigit() and int(announced) > max_bytes:
        raise KBError(too_big)
    length = int(announced) if announced.isdigit() else None
    chunks: list[bytes] = []
    size = 0
    while not stop.is_set():
        chunk = response.read1(_CHUNK)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > max_bytes:
            raise KBError(too_big)
        chunks.append(chunk)
        if reading.on_bytes is not None:
            reading.on_bytes(size, length)
    return b""


def find_release_link(html: bytes | str, page_url: str) -> str:
    """The absolute URL of the rules text (``.txt``) linked from the rules page."""
    from bs4 import BeautifulSoup  # here, not at import: `mtgkb rule` must start fast

    soup = BeautifulSoup(html, "lxml")
    links = [urljoin(page_url, a["href"].strip()) for a in soup.find_all("a", href=True)]
    texts = [link for link in links if urlsplit(link).path.lower().endswith(".txt")]
    if not texts:
        raise KBError(f"{page_url}: no link to a rules text (.txt) release found on the page")
    named = [link for link in texts if "comprules" in unquote(urlsplit(link).path).lower().replace(" ", "")]
    return (named or texts)[0]


def date_in_name(url: str) -> str | None:
    """``.../MagicCompRules%2020250606.txt`` -> ``2025-06-06``."""
    match = _DATE_IN_NAME.search(unquote(urlsplit(url).path.rsplit("/", 1)[-1]))
    return "-".join(match.groups()) if match else None


def check_release(data: bytes, url: str) -> Document:
    """Parse downloaded bytes: they must be an English official rules text with an effective date."""
    name = unquote(urlsplit(url).path.rsplit("/", 1)[-1]) or url
    from ..parsers import parse_source

    document = parse_source(source_from_bytes(data, name))
    if document.format != "cr-text" or document.lang != "en" or not document.effective_date:
        raise KBError(f"{url}: not an English Comprehensive Rules text with an effective date")
    return document


def held_releases(kb_dir: Path) -> dict[str, str]:
    """sha256 -> effective date of the English releases in the knowledge base and the corpus folder."""
    held: dict[str, str] = {}
    for entry in read_manifest(kb_dir):
        if entry.get("kind", RELEASE_KIND) == RELEASE_KIND:  # not the card data (kb.releases.card_data)
            held[entry["sha256"]] = entry["effective_date"]
    if current_build(kb_dir) is not None:
        kb = KnowledgeBase.open(kb_dir)
        try:
            for release in kb.releases():
                if release.lang == "en":
                    held[release.sha256] = release.effective_date
        finally:
            kb.close()
    return held


def read_manifest(kb_dir: Path) -> list[dict]:
    path = Path(kb_dir) / CORPUS_FOLDER / MANIFEST
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        raise KBError(f"{path}: unreadable download record ({exc})") from None


def release_path(kb_dir: Path, document: Document) -> Path:
    return Path(kb_dir) / CORPUS_FOLDER / f"MagicCompRules {(document.effective_date or '').replace('-', '')}.txt"


def store_release(kb_dir: Path, data: bytes, document: Document, url: str) -> Path:
    """Write the release into the corpus folder (atomically) and record it in the manifest."""
    path = release_path(kb_dir, document)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(path, data)
    entries = [e for e in read_manifest(kb_dir) if e.get("file") != path.name]
    entries.append({"file": path.name, "kind": RELEASE_KIND, "effective_date": document.effective_date,
                    "sha256": document.sha256,
                    "url": url, "downloaded_at": time.strftime("%Y-%m-%dT%H:%M:%S%z")})
    write_atomic(folder / MANIFEST, json.dumps(entries, indent=2).encode("utf-8"))
    return path


def write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def build_sources(kb_dir: Path, new_file: Path, default: Callable[[], Path]) -> list[Path]:
    """The current build's sources plus ``new_file`` (unless a folder among them already holds it)."""
    sources: list[Path] = []
    if current_build(kb_dir) is not None:
        kb = KnowledgeBase.open(kb_dir)
        try:
            sources = [Path(s) for s in kb.info().get("sources", [])]
        finally:
            kb.close()
    sources = sources or [default()]
    inside = any(s.is_dir() and new_file.resolve().is_relative_to(s.resolve()) for s in sources)
    return sources if inside or new_file in sources else [*sources, new_file]


def update(kb_dir: Path, url: str = RULES_PAGE, timeout: float = TIMEOUT,
           rebuild: Callable[[Path, list[Path]], object] | None = None,
           progress: Callable[[str], None] | None = None) -> UpdateResult:
    """Download the release linked from ``url`` into ``kb_dir`` and rebuild; see the module doc."""
    from ..ingest import embedded_corpus

    if rebuild is None:
        from ..pipeline import build_kb as rebuild

    say = progress or (lambda message: None)
    say(f"Reading {url}")
    link = find_release_link(fetch(url, timeout), url)
    held = held_releases(kb_dir)
    named_date = date_in_name(link)
    if named_date and named_date in held.values():
        return UpdateResult("held", link, named_date)
    say(f"Downloading {link}")
    data = fetch(link, timeout)
    document = check_release(data, link)
    if document.sha256 in held or document.effective_date in held.values():
        return UpdateResult("held", link, document.effective_date, document.sha256)
    manifest_before = read_manifest(kb_dir)
    file_before = release_path(kb_dir, document).exists()
    path = store_release(kb_dir, data, document, link)
    sources = build_sources(kb_dir, path, embedded_corpus)
    say(f"Rebuilding the knowledge base from {counted(len(sources), 'source')}")
    try:
        rebuild(Path(kb_dir), sources)
    except BaseException:
        _forget(kb_dir, path, manifest_before, keep_file=file_before)
        raise
    return UpdateResult("downloaded", link, document.effective_date, document.sha256, str(path),
                        tuple(str(s) for s in sources))


def _forget(kb_dir: Path, path: Path, manifest: list[dict], keep_file: bool) -> None:
    """Undo :func:`store_release` after a failed rebuild."""
    if not keep_file:
        path.unlink(missing_ok=True)
    write_atomic(Path(kb_dir) / CORPUS_FOLDER / MANIFEST, json.dumps(manifest, indent=2).encode("utf-8"))
