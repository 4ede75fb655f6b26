"""kb.web.keep: pages made once per build and kept (issue 33, pages under load).

A page asked again is answered from the bytes kept, which are the bytes the page is made of (the
same body, headers and ETag as a server keeping nothing); its languages, interface and gzip each
make their own page; nothing kept is served once a new build is published; the store is bounded.
"""

from __future__ import annotations

import asyncio
import threading
import warnings
from pathlib import Path

import pytest

from kb import store
from kb.ingest import embedded_corpus
from kb.model import Document, Rule

from .webtools import require_web

require_web()

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from kb.web import handling  # noqa: E402
from kb.web.app import create_app  # noqa: E402
from kb.web.keep import Kept, PageStore  # noqa: E402
from kb.web.pages import Pages  # noqa: E402

PAGES = ["/", "/rules/702", "/rules/702.19", "/rules/400.7?lang=it", "/rules/1-9?page=2", "/glossary",
         "/glossary?q=vitale", "/define/Trample", "/cards/Sun%20Titan", "/cards/Titano%20Solare",
         "/api/rules/400.7", "/api/rules/1-9?page=2", "/api/terms?q=vote&limit=5", "/api/cards/Sun%20Titan"]
ASKED = [({"Accept-Language": "it"}, {}), ({"Accept-Language": "fr", "Accept-Encoding": "identity"}, {}),
         ({}, {"langs": "it", "ui": "en"})]


def client(kb_dir: Path, **options) -> TestClient:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(kb_dir, **options), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def kb_dir(kb_cache) -> Path:
    return kb_cache.shared([embedded_corpus()])


def asked(answer) -> tuple:
    headers = {k: v for k, v in answer.headers.items() if k != "date"}
    return answer.status_code, headers, answer.content


@pytest.mark.parametrize("headers, cookies", ASKED)
def test_a_page_kept_is_the_page_made(kb_dir: Path, headers: dict, cookies: dict) -> None:
    """Each page, asked twice (made, then kept), has the body, headers and ETag of a server that
    keeps nothing, in each interface language, texts' language and encoding."""
    keeping, making = client(kb_dir), client(kb_dir, keep_bytes=0)
    for path in PAGES:
        made = asked(making.get(path, headers=headers, cookies=cookies))
        assert made[0] == 200, path
        assert asked(keeping.get(path, headers=headers, cookies=cookies)) == made, path
        assert asked(keeping.get(path, headers=headers, cookies=cookies)) == made, path  # kept
    assert len(keeping.app.state.kept_pages) == len(PAGES) and len(making.app.state.kept_pages) == 0


def test_each_language_interface_and_encoding_is_a_page_of_its_own(kb_dir: Path) -> None:
    keeping = client(kb_dir)
    pages = [keeping.get("/rules/400.7", headers=h, cookies=c).content for h, c in ASKED]
    pages += [keeping.get("/rules/400.7?lang=it").content, keeping.get("/rules/400.7?lang=en").content]
    assert len(set(pages)) == len(pages)
    gzipped = keeping.get("/rules/400.7", headers={"Accept-Encoding": "gzip"})
    plain = keeping.get("/rules/400.7", headers={"Accept-Encoding": "identity"})
    assert gzipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert gzipped.content == plain.content


def test_a_chapter_asked_again_is_not_made_again(kb_dir: Path, monkeypatch) -> None:
    """A chapter page (/rules/702: 1.5 MB, 130 ms of CPU on the archive) was made at every request.
    Fails before: made three times."""
    made = count_pages_made(monkeypatch)
    keeping = client(kb_dir)
    first = keeping.get("/rules/702")
    assert keeping.get("/rules/702").content == first.content
    again = keeping.get("/rules/702", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == first.headers["etag"]
    assert made == ["/rules/702"]
    keeping.get("/rules/702?lang=it")
    assert made == ["/rules/702", "/rules/702"]


def test_a_page_asked_by_several_at_once_is_made_once(kb_dir: Path, monkeypatch) -> None:
    """Clients loading the same chapter at once: the later ones wait for its making. Fails before:
    made by each."""
    made = count_pages_made(monkeypatch, hold=0.5)
    app = create_app(kb_dir)

    async def together() -> list[int]:
        return list(await asyncio.gather(*(asgi_get(app, "/rules/702") for _ in range(4))))

    assert asyncio.run(together()) == [200] * 4
    assert made == ["/rules/702"]


def test_nothing_kept_is_served_after_a_new_build(tmp_path: Path) -> None:
    """Once a newer build is published, its pages are made from it: nothing of the older is served
    (and what was kept of it is dropped)."""
    publish(tmp_path, "The first wording.")
    keeping = client(tmp_path)
    paths = ["/rules/900.1", "/api/rules/900.1", "/rules/9", "/"]
    before = {path: keeping.get(path).text for path in paths}
    assert "The first wording." in before["/rules/900.1"] and "The first wording." in before["/api/rules/900.1"]
    publish(tmp_path, "The second wording.")
    for path in paths[:2]:
        now = keeping.get(path).text
        assert "The second wording." in now and "The first wording." not in now, path
    assert len(keeping.app.state.kept_pages) == 2


def test_the_store_is_bounded_and_keeps_only_the_published_build(tmp_path: Path) -> None:
    kept = PageStore(max_bytes=10_000)
    build, other = tmp_path / "a", tmp_path / "b"
    kept.see_build(build)
    page = Kept(200, [(b"etag", b'"x"')], b"x" * 3000)
    for n in range(5):
        assert kept.put(build, n, page)
    assert kept.bytes <= 10_000 and [kept.get(n) is not None for n in range(5)] == [False, False, True, True, True]
    assert not kept.put(other, 9, page)  # made from a build that is not the published one
    assert not kept.put(build, 10, Kept(200, [], b"x" * 10_001))  # larger than the whole store
    kept.see_build(other)
    assert len(kept) == 0 and kept.bytes == 0


# -- helpers ------------------------------------------------------------------------------

def count_pages_made(monkeypatch, hold: float = 0.0) -> list[str]:
    """The rule pages made from now on (each path, in order), each taking ``hold`` seconds more."""
    made: list[str] = []
    real = Pages._rule
    lock = threading.Lock()

    def counted(self, request):
        with lock:
            made.append(request.url.path)
        threading.Event().wait(hold)
        return real(self, request)

    monkeypatch.setattr(Pages, "_rule", counted)
    monkeypatch.setattr(handling, "HEAVY_RULES", 10**6)  # on the shared threads: each made where it is asked
    return made


async def asgi_get(app, path: str) -> int | None:
    """The status of GET ``path`` sent straight to the ASGI app (its body read whole)."""
    sent: list[dict] = []
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"testserver")], "client": ("127.0.0.1", 5000), "server": ("testserver", 80)}
    requested = False

    async def receive() -> dict:
        nonlocal requested
        if not requested:
            requested = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.sleep(60)
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return next((m["status"] for m in sent if m["type"] == "http.response.start"), None)


def publish(kb_dir: Path, wording: str) -> None:
    """A new build of a one-rule document whose rule 900.1 says ``wording``, published."""
    build = store.stage(kb_dir)
    store.write_documents(build, [Document(
        id="keep-en", lang="en", format="cr-text", effective_date="2030-01-01", provenance="official",
        rules=(Rule("9", "section", title="Tests"), Rule("900", "chapter", title="Kept pages"),
               Rule("900.1", "rule", text=wording)))])
    store.publish(kb_dir, build)
