"""Where a knowledge base lives and which of its builds is current.

Layout::

    KB_DIR/
      CURRENT               name of the published build (replaced with os.replace)
      LOCK                  held (filelock) by the build writing into KB_DIR
      LOCK.holder           which process holds it, since when
      builds/<name>/
        kb.sqlite           documents, rules, terms, rulings, cards, alignments, lexicon;
                            its `info` table says when and from what the build was made
        index/              the full-text index (written by the indexer package), with what the next
                            build reads back when unchanged (item fingerprints, rules' concepts, analysed texts)
        sources-alignment.json  the alignment of the sources and what they were (kb.incremental): an
                            import aligns only its translations on top of it
        PUBLISHED           present once the build has been made current
"""

from __future__ import annotations

import os
import stat
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import StoreError
from .schema import DB_NAME


CURRENT = "CURRENT"
BUILDS = "builds"
PUBLISHED = "PUBLISHED"  # marks a build folder that was once current (staging folders have none)
INDEX_DIR = "index"
LOCK = "LOCK"
LOCK_HOLDER = "LOCK.holder"  # which process holds LOCK, since when
LOCK_WAIT = 30.0  # seconds a build waits for another build of the same knowledge base


def default_kb_dir() -> Path:
    """``$MTGKB_HOME``, else the platform's user data folder (platformdirs: ``~/.local/share/mtgkb``
    or ``$XDG_DATA_HOME/mtgkb`` on Linux, ``~/Library/Application Support/mtgkb`` on macOS,
    ``%LOCALAPPDATA%\\mtgkb`` on Windows)."""
    env = os.environ.get("MTGKB_HOME")
    if env:
        return Path(env).expanduser()
    import platformdirs  # only here: a command given --kb or $MTGKB_HOME never loads it

    return Path(platformdirs.user_data_dir("mtgkb", appauthor=False))


def current_build(kb_dir: Path) -> Path | None:
    """The published build folder of ``kb_dir``; None when the folder holds no knowledge base at all.

    A ``CURRENT`` that is empty, unreadable or names no build, or a missing ``CURRENT``
    beside published builds, is a :class:`StoreError` that says how to recover: it is
    never taken for "nothing built here" (that would build over the user's data).
    """
    kb_dir = Path(kb_dir)
    pointer = kb_dir / CURRENT
    try:
        name = _read_pointer(pointer)
    except FileNotFoundError:
        if published_builds(kb_dir):
            raise _damaged(kb_dir, "is missing") from None
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise _damaged(kb_dir, f"cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    if name is None:
        raise _damaged(kb_dir, "is not a small regular file (a device, a FIFO, a link to one, or too long)")
    if not name:
        raise _damaged(kb_dir, "is empty")
    build = kb_dir / BUILDS / name
    if "/" in name or "\\" in name or name.startswith(".") or not (build / DB_NAME).is_file():
        raise _damaged(kb_dir, f"names {name[:60]!r}, which is not a build held here")
    return build


def published_builds(kb_dir: Path) -> list[Path]:
    """The builds of ``kb_dir`` that were once published, oldest first."""
    try:
        found = [p for p in (Path(kb_dir) / BUILDS).iterdir() if (p / PUBLISHED).exists() and (p / DB_NAME).exists()]
    except OSError:
        return []
    return sorted(found, key=lambda p: ((p / PUBLISHED).stat().st_mtime, p.name))


def _damaged(kb_dir: Path, problem: str) -> StoreError:
    builds = published_builds(kb_dir)
    pointer = kb_dir / CURRENT
    fix = (f"to go back to the newest build held, write its name into it (echo {builds[-1].name} > {pointer}), "
           "or run 'mtgkb build' to make a new one") if builds else "run 'mtgkb build' to make a new one"
    return StoreError(f"{pointer} {problem}: the knowledge base is damaged; {fix}")


POINTER_MAX_BYTES = 4096  # CURRENT holds one build's name


def _read_pointer(pointer: Path) -> str | None:
    """The build name ``CURRENT`` holds; None when it is no small regular file (``/dev/zero``, a FIFO:
    opened without blocking, read at most a few KB)."""
    fd = os.open(pointer, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        data = os.read(fd, POINTER_MAX_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > POINTER_MAX_BYTES:
        return None
    return data.decode("utf-8").strip()


# -- one build at a time ------------------------------------------------------------

@contextmanager
def build_lock(kb_dir: Path, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold ``KB_DIR/LOCK`` (filelock: flock on Unix, msvcrt on Windows) while writing a build: another
    build waits up to ``wait`` seconds, then is refused with a message naming the process that holds
    it (``KB_DIR/LOCK.holder``). Re-entrant within a thread."""
    from filelock import FileLock, Timeout  # only a build or an import takes the lock

    kb_dir = Path(kb_dir)
    kb_dir.mkdir(parents=True, exist_ok=True)
    lock = FileLock(kb_dir / LOCK, is_singleton=True)  # one per file in a process: nested holds count up
    holder = kb_dir / LOCK_HOLDER
    try:
        lock.acquire(timeout=max(0.0, wait), poll_interval=0.1)
    except Timeout:
        who = holder.read_text(encoding="utf-8", errors="replace").strip() if holder.exists() else ""
        raise StoreError(f"{kb_dir}: another build is writing this knowledge base ({who or 'another build'}); waited "
                         f"{wait:g} s: try again when it has finished (mtgkb build --wait SECONDS waits "
                         "longer)") from None
    try:
        if lock.lock_counter == 1:
            _replace_file(holder, f"build by process {os.getpid()} since {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
        yield
    finally:
        if lock.lock_counter == 1:
            holder.unlink(missing_ok=True)
        lock.release()


def _replace_file(path: Path, text: str) -> None:
    """Write ``text`` to a new file and rename it to ``path``: a symbolic link there is replaced, never
    written through."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
