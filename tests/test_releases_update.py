"""kb.releases.update and ``mtgkb update`` against a local HTTP server on 127.0.0.1 (never the internet)."""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from .conftest import FIXTURES, cr_release, two_releases
from .httptools import LocalServer, QuietHandler

from kb.cli import main
from kb.errors import KBError
from kb.store import KnowledgeBase
from kb.releases.update import MAX_DOWNLOAD, date_in_name, fetch, find_release_link, update

PAGE = (FIXTURES / "releases" / "rules_page.html").read_bytes()
# Hand-made pages for the failure cases.
NO_LINK = b"<html><body><h1>Rules</h1><a href='/downloads/MagicCompRules.pdf'>PDF</a></body></html>"
BAD_FILE_PAGE = b"<html><body><a href='/downloads/notes.txt'>TXT</a></body></html>"
FILE_LINK_PAGE = b"<html><body><a href='file:///etc/MagicCompRules%2020250606.txt'>Rules (TXT)</a></body></html>"
UNDATED_PAGE = b"<html><body><a href='/downloads/current.txt'>Comprehensive Rules (TXT)</a></body></html>"


class _Server(LocalServer):
    """Serves the pages and the shared 2025-06-06 release; counts the requests per path."""

    def __init__(self, release: bytes) -> None:
        routes = {"/en/rules": (200, PAGE), "/nolink": (200, NO_LINK), "/badpage": (200, BAD_FILE_PAGE),
                  "/undated": (200, UNDATED_PAGE), "/filelink": (200, FILE_LINK_PAGE),
                  "/downloads/MagicCompRules%2020250606.txt": (200, release),
                  "/downloads/current.txt": (200, release),
                  "/downloads/notes.txt": (200, b"Shopping list\n- bread\n- milk\n")}
        self.hits: Counter[str] = Counter()
        server_self = self

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                server_self.hits[self.path] += 1
                if self.path == "/slow":
                    time.sleep(1.5)
                if self.path in ("/to-file", "/to-ftp"):  # a redirect off the web
                    self.send_response(302)
                    self.send_header("Location", "file:///etc/passwd" if self.path == "/to-file" else
                                     "ftp://127.0.0.1/MagicCompRules%2020250606.txt")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if self.path in ("/endless", "/drip"):
                    return self.stream_forever(slowly=self.path == "/drip")
                status, body = routes.get(self.path, (404, b"not found"))
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except OSError:
                    pass

            def stream_forever(self, slowly: bool) -> None:
                """A body that never ends (``slowly``: a byte every 0.1 s, under any per-read timeout)."""
                self.send_response(200)
                self.end_headers()
                try:
                    for _ in range(100 if slowly else 10**6):
                        self.wfile.write(b"x" if slowly else b"x" * 65536)
                        self.wfile.flush()
                        time.sleep(0.1 if slowly else 0)
                except OSError:
                    pass

        super().__init__(Handler)


@pytest.fixture(scope="module")
def _module_server():
    srv = _Server(cr_release("20250606").read_bytes())
    yield srv
    srv.close()


@pytest.fixture
def server(_module_server):
    _module_server.hits.clear()
    return _module_server


@pytest.fixture
def kb_dir(kb_cache, tmp_path: Path) -> Path:
    """A knowledge base built from the 2025-04-04 release (this test's own copy)."""
    return kb_cache.copy([cr_release("20250404")], tmp_path / "kb")


def _state(kb_dir: Path) -> tuple:
    """What must not change when an update fails: the published build and the corpus folder."""
    corpus = kb_dir / "corpus"
    return ((kb_dir / "CURRENT").read_text(), sorted(p.name for p in (kb_dir / "builds").iterdir()),
            sorted(p.name for p in corpus.iterdir()) if corpus.exists() else [])


def test_update_downloads_stores_and_rebuilds(server, kb_dir):
    result = update(kb_dir, f"{server.url}/en/rules", timeout=5)
    assert (result.status, result.effective_date) == ("downloaded", "2025-06-06")
    stored = Path(result.path)
    assert stored == kb_dir / "corpus" / "MagicCompRules 20250606.txt"
    expected_sha = hashlib.sha256(cr_release("20250606").read_bytes()).hexdigest()
    assert hashlib.sha256(stored.read_bytes()).hexdigest() == result.sha256 == expected_sha
    record = json.loads((kb_dir / "corpus" / "MANIFEST.json").read_text())
    assert [(r["file"], r["effective_date"], r["sha256"]) for r in record] == \
        [("MagicCompRules 20250606.txt", "2025-06-06", expected_sha)]
    kb = KnowledgeBase.open(kb_dir)
    releases = {d.effective_date: d.active for d in kb.releases()}
    assert releases == {"2025-04-04": False, "2025-06-06": True}
    assert str(stored) in kb.info()["sources"] and str(cr_release("20250404")) in kb.info()["sources"]


def test_a_release_already_held_is_not_downloaded_again(server, kb_dir):
    update(kb_dir, f"{server.url}/en/rules", timeout=5)
    current = (kb_dir / "CURRENT").read_text()
    again = update(kb_dir, f"{server.url}/en/rules", timeout=5)
    assert (again.status, again.effective_date) == ("held", "2025-06-06")
    assert server.hits["/downloads/MagicCompRules%2020250606.txt"] == 1
    assert (kb_dir / "CURRENT").read_text() == current


def test_a_link_without_a_date_is_recognised_as_held_by_its_content(server, kb_cache, tmp_path):
    """The undated link's file is the release of 2025-06-06, which the knowledge base was built from."""
    directory = kb_cache.copy(two_releases(), tmp_path / "kb")  # 2025-04-04 and 2025-06-06, and an Italian excerpt
    before = _state(directory)
    result = update(directory, f"{server.url}/undated", timeout=5)
    assert (result.status, result.effective_date) == ("held", "2025-06-06")
    assert _state(directory) == before


@pytest.mark.parametrize("path, timeout, message", [
    ("/slow", 0.3, "/slow: no answer within 0.3 s"),
    ("/missing", 5, "/missing: HTTP error 404 (Not Found)"),
    ("/nolink", 5, "/nolink: no link to a rules text (.txt) release found on the page"),
    ("/badpage", 5, "notes.txt:1: format not recognised"),
])
def test_failures_leave_the_knowledge_base_untouched(server, kb_dir, path, timeout, message):
    before = _state(kb_dir)
    with pytest.raises(KBError) as caught:
        update(kb_dir, server.url + path, timeout=timeout)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert _state(kb_dir) == before


def test_an_endless_body_is_refused_at_the_size_limit(server):
    with pytest.raises(KBError) as caught:
        fetch(f"{server.url}/endless", timeout=30, max_bytes=2 * 2**20)
    assert str(caught.value) == (f"{server.url}/endless: the download is larger than 2 MB, the limit "
                                 "(a rules release is about 1 MB): not read")
    assert MAX_DOWNLOAD == 32 * 2**20


def test_the_timeout_limits_the_whole_download_not_each_read(server):
    started = time.monotonic()
    with pytest.raises(KBError, match=r"/drip: download not finished within 0.5 s \(--timeout limits the whole "):
        fetch(f"{server.url}/drip", timeout=0.5)
    assert time.monotonic() - started < 5 * 0.5  # the drip goes on for 20 x the timeout


def test_a_failed_rebuild_removes_the_stored_file(server, kb_dir):
    before = _state(kb_dir)

    def broken_rebuild(directory, corpus):
        raise KBError("index writer failed")

    with pytest.raises(KBError, match="index writer failed"):
        update(kb_dir, f"{server.url}/en/rules", timeout=5, rebuild=broken_rebuild)
    state = _state(kb_dir)
    assert state[:2] == before[:2]
    assert "MagicCompRules 20250606.txt" not in state[2]


def test_unreachable_host_is_one_line(tmp_path):
    with pytest.raises(KBError, match=r"^http://127\.0\.0\.1:9/x: cannot connect"):
        update(tmp_path / "kb", "http://127.0.0.1:9/x", timeout=2)


def test_cli_update(server, kb_dir):
    runner = CliRunner()
    ok = runner.invoke(main, ["update", "--url", f"{server.url}/en/rules", "--kb", str(kb_dir)])
    assert ok.exit_code == 0, ok.output
    assert "Downloaded release 2025-06-06" in ok.stdout
    held = runner.invoke(main, ["update", "--url", f"{server.url}/en/rules", "--kb", str(kb_dir), "--json"])
    assert json.loads(held.stdout)["status"] == "held"
    bad = runner.invoke(main, ["update", "--url", f"{server.url}/missing", "--kb", str(kb_dir)])
    assert bad.exit_code == 1
    assert bad.stderr.strip().splitlines()[-1] == f"Error: {server.url}/missing: HTTP error 404 (Not Found)"


def test_link_finding_on_the_saved_page():
    link = find_release_link(PAGE, "https://example.test/en/rules")
    assert link == "https://example.test/downloads/MagicCompRules%2020250606.txt"
    assert date_in_name(link) == "2025-06-06"
    assert date_in_name("https://example.test/downloads/current.txt") is None


@pytest.mark.parametrize("where, refusal", [
    ("file:///etc/passwd", "only http and https addresses are read"),
    ("ftp://127.0.0.1/MagicCompRules.txt", "only http and https addresses are read"),
    ("/to-ftp", "only http and https addresses are read"),
    ("/to-file", "Redirection to url 'file:///etc/passwd' is not allowed"),  # urllib's own refusal
])
def test_only_http_and_https_are_read(server, where, refusal):
    """Issue 34 point 17: file:// and ftp:// (given, or as a redirect) are refused in one line."""
    url = server.url + where if where.startswith("/") else where
    with pytest.raises(KBError, match=refusal):
        fetch(url, timeout=5)


def test_a_page_linking_to_a_file_url_is_refused(server, kb_dir):
    before = _state(kb_dir)
    with pytest.raises(KBError, match="only http and https addresses are read"):
        update(kb_dir, server.url + "/filelink", timeout=5)
    assert _state(kb_dir) == before
