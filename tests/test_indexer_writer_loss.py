"""A whoosh writer process lost during write_index (issue 34 point 1): the build fails, never publishes less.

whoosh's multiprocessing writer drops the segment of a worker that dies and waits for ever on one
that is stopped. The workers are killed or stopped after a few offsets of items, as the attack did
(the out-of-memory killer is the realistic cause).
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from indexer import build
from kb.errors import KBError

ITEMS = 600


def items() -> list[build.Item]:
    return [build.Item(uid=f"rule/en/{100 + i // 10}.{i % 10 + 1}", kind="rule", lang="en", doc="cr",
                       title=f"Rule {i}", content=f"trample creature damage number {i}", number=f"{100 + i // 10}.{i % 10 + 1}")
            for i in range(ITEMS)]


@pytest.fixture()
def parallel(monkeypatch):
    """Make write_index use the two-process writer on a small list, and record its watch."""
    monkeypatch.setattr(build, "PARALLEL_THRESHOLD", 10)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    watches: list[build.WorkerWatch] = []
    enter = build.WorkerWatch.__enter__

    def recording(self):
        watches.append(self)
        return enter(self)

    monkeypatch.setattr(build.WorkerWatch, "__enter__", recording)
    return watches


def _signal_at(monkeypatch, watches, offset: int, how: int, which: slice) -> None:
    """Send ``how`` to the ``which`` workers when the ``offset``-th item is added."""
    order = build.index_order

    def ordered(given):
        for n, item in enumerate(order(given)):
            if n == offset:
                assert len(watches[-1].tasks) == 2
                for task in watches[-1].tasks[which]:
                    os.kill(task.pid, how)
                time.sleep(0.5)  # the watch sees it
            yield item

    monkeypatch.setattr(build, "index_order", ordered)


def test_all_items_are_written_when_nothing_is_lost(tmp_path: Path, parallel) -> None:
    build.write_index(tmp_path / "index", items())
    from whoosh import index

    assert index.open_dir(str(tmp_path / "index")).doc_count_all() == ITEMS


@pytest.mark.parametrize("offset", [250, 420, ITEMS - 1])  # both processes start by the 200th item
@pytest.mark.parametrize("how, which", [(signal.SIGKILL, slice(0, 1)), (signal.SIGKILL, slice(0, 2)),
                                        (signal.SIGSTOP, slice(0, 1))], ids=["one killed", "both killed", "one stopped"])
def test_a_lost_writer_process_fails_the_index(tmp_path: Path, parallel, monkeypatch, offset: int, how: int,
                                               which: slice) -> None:
    _signal_at(monkeypatch, parallel, offset, how, which)
    started = time.monotonic()
    with pytest.raises(KBError, match="nothing was published"):
        build.write_index(tmp_path / "index", items())
    assert time.monotonic() - started < 30
    for task in parallel[-1].tasks:
        assert task.exitcode is not None  # none left behind, stopped or running
