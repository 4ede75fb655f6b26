"""How ``pytest -n auto --dist loadscope`` shares the tests between the workers: longest work first.

xdist's ``loadscope`` hands each worker a whole module (or class) at a time, the modules with the
most tests first; a module of four tests that take a minute then comes last and leaves the other
worker idle at the end. :class:`LongestFirst` keeps ``loadscope``'s units, but hands out the unit
that took longest in the last run first (each test's time is kept in pytest's cache, the
``.pytest_cache`` folder, by :func:`record` and :func:`save`; a fresh clone, CI's, has none and reads the times
committed in :data:`SNAPSHOT` instead, written from a cache by ``python -m tests.scheduling``), and
makes each test of :data:`ONE_BY_ONE` a unit of its own: their tests are long and share nothing a
module builds (their knowledge bases come from ``kb_cache``, shared by the workers).
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

import pytest

CACHE_KEY = "mtgkb/test-durations"
# Modules of long, independent tests: each test is scheduled alone.
ONE_BY_ONE = ("tests/test_docs_commands.py", "tests/test_import_incremental.py", "tests/test_export_imports.py",
              "tests/test_export_translators.py", "tests/test_export_importer.py",
              "tests/test_releases_update.py")
UNKNOWN = 0.5  # seconds assumed for a test the cache has no time for (a fresh clone's first run)
UNKNOWN_LONG = 10.0  # ... for a test of ONE_BY_ONE: long, so handed out first
# The tests' times of a full run, committed, for a run with no cache (CI's fresh checkout): the tests of
# MIN_SNAPSHOT seconds or more, each rounded to 0.1 s; a test it does not list took less (SNAPSHOT_UNLISTED).
SNAPSHOT = Path(__file__).with_name("durations.json")
MIN_SNAPSHOT = 0.2
SNAPSHOT_UNLISTED = 0.05

_durations: dict[str, float] = defaultdict(float)


def make_scheduler(config: pytest.Config, log):
    """:class:`LongestFirst` under ``--dist loadscope``; None (xdist's own) otherwise."""
    if getattr(config.option, "dist", None) != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class LongestFirst(LoadScopeScheduling):
        """``loadscope``, the longest unit first, the tests of :data:`ONE_BY_ONE` one unit each."""

        def __init__(self, config: pytest.Config, log=None) -> None:
            super().__init__(config, log)
            self.last = last_durations(config)
            self.unlisted = None  # a test the cache has no time for: guess()
            if not self.last:  # a fresh clone: the committed times
                self.last, self.unlisted = snapshot(), SNAPSHOT_UNLISTED

        def _split_scope(self, nodeid: str) -> str:
            if nodeid.split("::", 1)[0] in ONE_BY_ONE:
                return nodeid
            return super()._split_scope(nodeid)

        def _assign_work_unit(self, node) -> None:
            longest = max(self.workqueue, key=lambda scope: sum(self.last.get(test, self.unlisted or guess(test))
                                                                for test in self.workqueue[scope]))
            self.workqueue.move_to_end(longest, last=False)
            super()._assign_work_unit(node)

    return LongestFirst(config, log)


def guess(nodeid: str) -> float:
    """The time assumed for a test the cache has no time for."""
    return UNKNOWN_LONG if nodeid.split("::", 1)[0] in ONE_BY_ONE else UNKNOWN


def last_durations(config: pytest.Config) -> dict[str, float]:
    """Each test's time in the last run that ran it (setup, call and teardown), by node id."""
    cache = getattr(config, "cache", None)
    found = cache.get(CACHE_KEY, {}) if cache is not None else {}
    return found if isinstance(found, dict) else {}


def record(report: pytest.TestReport) -> None:
    """Add one phase of a test to its time in this run."""
    _durations[report.nodeid] += report.duration


def save(config: pytest.Config) -> None:
    """Keep this run's times in pytest's cache (the controller's, which sees every worker's reports)."""
    cache = getattr(config, "cache", None)
    if cache is None or hasattr(config, "workerinput") or not _durations:
        return
    cache.set(CACHE_KEY, {**last_durations(config), **{k: round(v, 3) for k, v in _durations.items()}})


def snapshot() -> dict[str, float]:
    """The committed times of :data:`SNAPSHOT` (none when it is absent or unreadable)."""
    try:
        found = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def write_snapshot(cache_dir: Path = Path(".pytest_cache")) -> int:
    """Write :data:`SNAPSHOT` from the times a full run left in ``cache_dir``; how many tests it lists."""
    times = json.loads((cache_dir / "v" / CACHE_KEY).read_text(encoding="utf-8"))
    kept = {test: round(seconds, 1) for test, seconds in sorted(times.items()) if seconds >= MIN_SNAPSHOT}
    SNAPSHOT.write_text(json.dumps(kept, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    return len(kept)


if __name__ == "__main__":  # python -m tests.scheduling [CACHE_DIR]: after a full run with the cache
    print(f"{write_snapshot(*(Path(a) for a in sys.argv[1:]))} tests' times written to {SNAPSHOT}")
