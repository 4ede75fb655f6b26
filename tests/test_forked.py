"""kb.forked: work done in a forked child gives what the same work gives here, errors included."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kb.align as align
import kb.ingest
from kb import forked
from kb.errors import KBError
from kb.ingest import ingest
from tests.conftest import CORPUS, FIXTURES

needs_fork = pytest.mark.skipif(not forked.can_fork(), reason="fork is not how this platform starts processes")


def _pid_and_square(n: int) -> tuple[int, int]:
    return os.getpid(), n * n


def _fails(message: str) -> None:
    raise ValueError(message)


def _unpicklable() -> object:
    return lambda: "made here"


@needs_fork
def test_the_work_is_done_in_another_process_and_its_result_comes_back() -> None:
    pid, square = forked.in_child(_pid_and_square, 12)()
    assert square == 144 and pid != os.getpid()


@needs_fork
def test_a_failing_child_makes_this_process_raise_the_error_itself() -> None:
    result = forked.in_child(_fails, "no such rule: 999.9")
    with pytest.raises(ValueError, match="no such rule: 999.9"):
        result()


@needs_fork
def test_a_result_that_cannot_come_back_is_made_here() -> None:
    assert forked.in_child(_unpicklable)()() == "made here"


def test_without_fork_the_work_is_done_here_when_asked(monkeypatch) -> None:
    monkeypatch.setattr(forked, "can_fork", lambda: False)
    pid, square = forked.in_child(_pid_and_square, 3)()
    assert (pid, square) == (os.getpid(), 9)


@needs_fork
def test_the_english_rulings_linked_in_a_child_give_the_same_alignment(monkeypatch) -> None:
    """The release and a set file of the embedded corpus aligned with the rulings' links made in a
    child (as a large corpus is) and here: the same pairs, in the same order."""
    docs = ingest([next((CORPUS / "cr-en").glob("*.txt")), CORPUS / "mtgjson" / "CNS.json"]).documents
    core = align.read_core()
    monkeypatch.setattr(align, "FORK_RULINGS", 1)
    forked_pairs = align.align_sources(docs, core).pairs
    monkeypatch.setattr(align, "FORK_RULINGS", 10**9)
    here = align.align_sources(docs, core).pairs
    assert [p for p in here if p.kind == "ruling-rule"] and forked_pairs == here


def _mixed_folder(tmp_path):
    """Real sources, a copy of one, and files that are not sources, in name order."""
    folder = tmp_path / "sources"
    folder.mkdir()
    for name, source in [("a_rulings.txt", FIXTURES / "rulings_page_fr_excerpt.txt"),
                         ("b_cards.json", FIXTURES / "mtgjson_c21_excerpt.json"),
                         ("c_notes.txt", None), ("d_same.json", FIXTURES / "mtgjson_c21_excerpt.json"),
                         ("e_voto.html", FIXTURES / "wiki_voto.html"), ("f_empty.json", None)]:
        (folder / name).write_bytes(source.read_bytes() if source else b"shopping list\n" if "notes" in name else b"")
    return folder


@needs_fork
def test_a_corpus_parsed_on_two_cores_gives_what_one_gives(tmp_path, monkeypatch) -> None:
    """The second half of the files parsed by a child: the same documents and the same skipped files
    with their reasons (a copy of a file, a file that is not a source, an empty one), in order."""
    folder = _mixed_folder(tmp_path)
    monkeypatch.setattr(kb.ingest, "FORK_BYTES", 0)
    two = ingest([folder])
    monkeypatch.setattr(kb.ingest, "FORK_BYTES", 10**12)
    one = ingest([folder])
    assert [d.id for d in two.documents] == [d.id for d in one.documents] and len(one.documents) == 3
    assert two.documents == one.documents
    assert [(s.path.rsplit("/", 1)[1], s.reason) for s in two.skipped] == \
        [(s.path.rsplit("/", 1)[1], s.reason) for s in one.skipped] == [
            ("c_notes.txt", "format not recognised"), ("d_same.json", f"same content as {folder / 'b_cards.json'}"),
            ("f_empty.json", "file is empty")]


@needs_fork
def test_a_file_named_on_its_own_that_a_child_cannot_read_is_the_error_it_is_here(tmp_path, monkeypatch) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\n", encoding="utf-8")
    monkeypatch.setattr(kb.ingest, "FORK_BYTES", 0)
    with pytest.raises(KBError, match="notes.txt:1: format not recognised"):
        ingest([FIXTURES / "rulings_page_fr_excerpt.txt", notes])


# -- a child lost (issue 34 point 6) -----------------------------------------------------------------

def _big_result(pid_file: str, size: int) -> bytes:
    Path(pid_file).write_text(str(os.getpid()))
    return b"x" * size


def _slow_in_child(pid_file: str, parent: int) -> str:
    if os.getpid() != parent:
        Path(pid_file).write_text(str(os.getpid()))
        time.sleep(60)
    return f"made by {os.getpid()}"


def _pid_from(pid_file: Path) -> int:
    deadline = time.monotonic() + 10
    while not (pid_file.exists() and pid_file.read_text()):
        assert time.monotonic() < deadline, "the child never started"
        time.sleep(0.02)
    return int(pid_file.read_text())


@needs_fork
@pytest.mark.parametrize("after", [0.05, 0.3])
def test_a_child_killed_while_sending_its_result_makes_this_process_do_the_work(tmp_path, after: float) -> None:
    pid_file = tmp_path / "child.pid"
    result = forked.in_child(_big_result, str(pid_file), 32 << 20)
    child = _pid_from(pid_file)
    time.sleep(after)  # the child is writing its 32 MB into a pipe nobody reads yet
    os.kill(child, signal.SIGKILL)
    assert result() == b"x" * (32 << 20)
    assert int(pid_file.read_text()) == os.getpid()  # made here


@needs_fork
def test_a_stopped_child_makes_this_process_do_the_work(tmp_path) -> None:
    pid_file = tmp_path / "child.pid"
    result = forked.in_child(_slow_in_child, str(pid_file), os.getpid(), every=0.1)
    child = _pid_from(pid_file)
    os.kill(child, signal.SIGSTOP)
    started = time.monotonic()
    assert result() == f"made by {os.getpid()}"
    assert time.monotonic() - started < 10
    assert not Path(f"/proc/{child}").exists() or "Z" in Path(f"/proc/{child}/stat").read_text().split(")")[1][:3]


@needs_fork
def test_a_child_ends_when_this_process_is_killed(tmp_path) -> None:
    pid_file = tmp_path / "child.pid"
    script = (f"import os, sys, time; sys.path.insert(0, {str(Path(__file__).parent.parent)!r}); "
              f"from kb import forked; from tests.test_forked import _slow_in_child; "
              f"r = forked.in_child(_slow_in_child, {str(pid_file)!r}, os.getpid()); time.sleep(60)")
    parent = subprocess.Popen([sys.executable, "-c", script])
    try:
        child = _pid_from(pid_file)
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 5
    while Path(f"/proc/{child}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not Path(f"/proc/{child}").exists(), "the child outlived its parent"
