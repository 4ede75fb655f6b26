"""Helpers for the web tests: the optional extra and the system Chromium.

Both skip with a clear reason on a developer's machine that lacks them and fail
under ``CI=true``, where ``.ci/run`` installs them.
"""

from __future__ import annotations

import importlib.util
import os
import shutil

import pytest


def _skip_or_fail(message: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " and CI=true requires it", pytrace=False)
    pytest.skip(message, allow_module_level=True)


def require_web() -> None:
    """The ``web`` extra (Starlette, Jinja2, uvicorn) and httpx for the test client."""
    missing = [m for m in ("starlette", "jinja2", "uvicorn", "httpx") if importlib.util.find_spec(m) is None]
    if missing:
        _skip_or_fail(f"the web extra is not installed (missing {', '.join(missing)}; "
                      "pip install -e '.[test,web]')")


def web_client(kb_dir):
    """A Starlette test client of ``mtgkb serve`` on ``kb_dir`` (server errors answered, not raised)."""
    require_web()
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        from kb.web.app import create_app

        return TestClient(create_app(kb_dir), raise_server_exceptions=False)


def chromium_paths() -> tuple[str, str]:
    """The system Chromium and its driver (Debian's chromium and chromium-driver packages)."""
    if importlib.util.find_spec("selenium") is None:
        _skip_or_fail("selenium is not installed (pip install -e '.[test,web]')")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        _skip_or_fail("Chromium or chromedriver not found (apt-get install chromium chromium-driver)")
    return browser, driver  # type: ignore[return-value]
