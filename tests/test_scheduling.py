"""The test scheduler's committed times (tests/scheduling.py): a fresh clone, CI's, has no pytest cache and hands out
the longest tests first by the times of tests/durations.json."""

from __future__ import annotations

import json

from tests import scheduling


def test_the_snapshot_is_written_from_a_cache_with_the_long_tests_only(tmp_path, monkeypatch) -> None:
    cache = tmp_path / "v" / scheduling.CACHE_KEY
    cache.parent.mkdir(parents=True)
    cache.write_text(json.dumps({"tests/test_a.py::test_long": 12.34, "tests/test_a.py::test_quick": 0.01}))
    monkeypatch.setattr(scheduling, "SNAPSHOT", tmp_path / "durations.json")
    assert scheduling.write_snapshot(tmp_path) == 1
    assert scheduling.snapshot() == {"tests/test_a.py::test_long": 12.3}


def test_the_committed_snapshot_lists_the_long_tests_of_this_checkout() -> None:
    """Read when there is no cache; a test renamed since it was written is only guessed again (0.05 s)."""
    times = scheduling.snapshot()
    assert times and all(seconds >= scheduling.MIN_SNAPSHOT for seconds in times.values())
    assert sum(1 for test in times if (scheduling.SNAPSHOT.parent.parent / test.split("::")[0]).is_file()) >= \
        0.9 * len(times)
