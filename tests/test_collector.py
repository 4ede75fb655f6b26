"""The garbage collector's thresholds: set by the process entries, not by the library (kb.collector)."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest
from click.testing import CliRunner

from kb.collector import COLLECTOR_THRESHOLDS
from .conftest import ROOT


@pytest.fixture()
def default_collector():
    """CPython's thresholds before the test, and again after it."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_the_mtgkb_command_sets_the_collector(default_collector) -> None:
    from kb.cli import main

    assert CliRunner().invoke(main, ["--version"]).exit_code == 0
    assert gc.get_threshold() == COLLECTOR_THRESHOLDS


def test_importing_the_library_leaves_its_host_s_collector() -> None:
    """In a fresh interpreter: no module sets the thresholds when it is imported."""
    code = ("import gc; before = gc.get_threshold(); import kb.pipeline, kb.cli, kb.web.app, indexer.search; "
            "print(before == gc.get_threshold())")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=ROOT).stdout.strip() == "True"


def test_each_web_worker_sets_the_collector(default_collector, product_kb, monkeypatch) -> None:
    pytest.importorskip("starlette")
    from kb.web.app import create_app_from_env

    monkeypatch.setenv("MTGKB_SERVE_KB", str(product_kb))
    create_app_from_env()
    assert gc.get_threshold() == COLLECTOR_THRESHOLDS
