"""kb.releases.card_data and ``mtgkb update --cards`` against a local HTTP server on 127.0.0.1 (never the internet).

The files served are made here from ``fixtures/mtgjson_atomic_excerpt.json`` (seven cards of the shared
MTGJSON set files in AtomicCards' layout, see fixtures/README.md) and ``fixtures/mtgjson_c21_excerpt.json``:
the xz file, its published ``.sha256``, a wrong checksum, an xz file cut short, one holding JSON cut short,
a set file where AtomicCards is expected, a file over the size limit, and addresses that answer 404.
"""

from __future__ import annotations

import hashlib
import json
import lzma
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.errors import KBError
from kb.releases.card_data import update_cards
from kb.store import KnowledgeBase

from .conftest import CORPUS, FIXTURES
from .httptools import LocalServer, QuietHandler

CLEAN = FIXTURES / "cr_defects" / "clean.txt"  # a tiny hand-made rules text: the knowledge base to update
ATOMIC = (FIXTURES / "mtgjson_atomic_excerpt.json").read_bytes()
SET_FILE = (FIXTURES / "mtgjson_c21_excerpt.json").read_bytes()


def newer_atomic() -> bytes:
    """The excerpt as a later MTGJSON build would publish it: another date, two cards' texts changed."""
    data = json.loads(ATOMIC)
    data["meta"] = {"date": "2026-12-01", "version": "5.3.0+20261201"}
    for name in ("Magister of Worth", "Council's Judgment"):
        data["data"][name][0]["text"] += "\nThis text was changed for the test."
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def all_printings() -> bytes:
    """An AllPrintings file of one set: the C21 excerpt under its code."""
    data = json.loads(SET_FILE)
    return json.dumps({"meta": data["meta"], "data": {"C21": data["data"]}}, ensure_ascii=False).encode("utf-8")


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).hexdigest().encode("ascii")


GOOD = lzma.compress(ATOMIC)
NEWER = lzma.compress(newer_atomic())
CUT_XZ = GOOD[: len(GOOD) // 2]
CUT_JSON = lzma.compress(ATOMIC[: len(ATOMIC) // 2])
NOT_ATOMIC = lzma.compress(SET_FILE)
PRINTINGS = lzma.compress(all_printings())
BIG = lzma.compress(b"x") + b"\0" * (3 * 2**20)  # 3 MB (refused at a 1 MB limit before its checksum matters)


def routes() -> dict[str, bytes]:
    files = {"/v5/AtomicCards.json.xz": GOOD, "/newer/AtomicCards.json.xz": NEWER, "/cut/AtomicCards.json.xz": CUT_XZ,
             "/cutjson/AtomicCards.json.xz": CUT_JSON, "/set/AtomicCards.json.xz": NOT_ATOMIC,
             "/v5/AllPrintings.json.xz": PRINTINGS, "/big/AtomicCards.json.xz": BIG}
    served = {path: data for path, data in files.items()}
    served.update({f"{path}.sha256": sha256(data) for path, data in files.items()})
    served["/badsum/AtomicCards.json.xz"] = GOOD
    served["/badsum/AtomicCards.json.xz.sha256"] = sha256(b"another file") + b"  AtomicCards.json.xz\n"
    served["/nofile/AtomicCards.json.xz.sha256"] = sha256(GOOD)  # the checksum is there, the file is not
    served["/notsum/AtomicCards.json.xz.sha256"] = b"<html>Not a checksum</html>"
    return served


class _Server(LocalServer):
    """Serves :func:`routes` (404 for anything else); counts the requests per path."""

    def __init__(self) -> None:
        served = routes()
        self.hits: Counter[str] = Counter()
        hits = self.hits

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                hits[self.path] += 1
                body = served.get(self.path)
                self.send_response(200 if body is not None else 404)
                body = body if body is not None else b"not found"
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except OSError:
                    pass

        super().__init__(Handler)


@pytest.fixture(scope="module")
def _module_server():
    server = _Server()
    yield server
    server.close()


@pytest.fixture
def server(_module_server):
    _module_server.hits.clear()
    return _module_server


@pytest.fixture
def kb_dir(kb_cache, tmp_path: Path) -> Path:
    return kb_cache.copy([CLEAN], tmp_path / "kb")


def _state(kb_dir: Path) -> tuple:
    """What must not change when an update fails: the published build, the corpus folder and its files."""
    corpus = kb_dir / "corpus"
    files = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(corpus.iterdir())} \
        if corpus.exists() else {}
    return (kb_dir / "CURRENT").read_text(), sorted(p.name for p in (kb_dir / "builds").iterdir()), files


def _documents(kb_dir: Path) -> dict[str, tuple[str, str | None]]:
    kb = KnowledgeBase.open(kb_dir)
    try:
        return {d.id: (d.format, d.effective_date) for d in kb.documents().values()}
    finally:
        kb.close()


def test_update_cards_downloads_checks_keeps_and_rebuilds(server, kb_dir):
    result = update_cards(kb_dir, url=f"{server.url}/v5/AtomicCards.json.xz", timeout=10)
    stored = kb_dir.resolve() / "corpus" / "AtomicCards.json.xz"
    assert (result.status, result.kind, result.data_date, result.path) == ("downloaded", "cards", "2022-04-25",
                                                                           str(stored))
    assert stored.read_bytes() == GOOD and result.sha256 == sha256(GOOD).decode()
    assert (result.cards, result.rulings) == (7, 22)
    [entry] = json.loads((kb_dir / "corpus" / "MANIFEST.json").read_text())
    assert {k: entry[k] for k in ("file", "kind", "data_date", "sha256", "url")} == {
        "file": "AtomicCards.json.xz", "kind": "cards", "data_date": "2022-04-25", "sha256": result.sha256,
        "url": f"{server.url}/v5/AtomicCards.json.xz"}
    assert _documents(kb_dir)["AtomicCards"] == ("mtgjson-atomic", "2022-04-25")
    kb = KnowledgeBase.open(kb_dir)
    try:
        assert str(stored) in kb.info()["sources"] and str(CLEAN.resolve()) in kb.info()["sources"]
    finally:
        kb.close()
    card = CliRunner().invoke(main, ["card", "Magister dei Meritevoli", "--kb", str(kb_dir)])
    assert card.exit_code == 0, card.output
    assert "Magister of Worth" in card.stdout and "  it: Magister dei Meritevoli" in card.stdout
    assert card.stdout.rstrip().splitlines()[-1] == "Sources: MTGJSON AtomicCards, 2022-04-25"


def test_a_file_already_held_is_not_downloaded_again(server, kb_dir):
    update_cards(kb_dir, url=f"{server.url}/v5/AtomicCards.json.xz", timeout=10)
    before = _state(kb_dir)
    again = update_cards(kb_dir, url=f"{server.url}/v5/AtomicCards.json.xz", timeout=10)
    assert (again.status, again.data_date) == ("held", "2022-04-25")
    assert server.hits["/v5/AtomicCards.json.xz"] == 1 and server.hits["/v5/AtomicCards.json.xz.sha256"] == 2
    assert _state(kb_dir) == before


def test_the_card_file_is_no_rules_release_to_the_rules_update(server, kb_dir):
    """``mtgkb update`` (the rules) reads the same manifest: a card entry is not a release it holds, and its
    own entries keep the card file's."""
    from kb.releases.update import held_releases

    before = held_releases(kb_dir)
    result = update_cards(kb_dir, url=f"{server.url}/v5/AtomicCards.json.xz", timeout=10)
    assert held_releases(kb_dir) == before and result.sha256 not in before


def test_a_file_held_but_left_out_of_the_sources_is_added_back_without_a_download(server, kb_dir):
    update_cards(kb_dir, url=f"{server.url}/v5/AtomicCards.json.xz", timeout=10)
    replaced = CliRunner().invoke(main, ["build", "--kb", str(kb_dir), "--replace", "--corpus", str(CLEAN)])
    assert replaced.exit_code == 0 and "AtomicCards" not in _documents(kb_dir)
    added = update_cards(kb_dir, url=f"{server.url}/v5/AtomicCards.json.xz", timeout=10)
    assert (added.status, added.cards) == ("added", 7)
    assert server.hits["/v5/AtomicCards.json.xz"] == 1
    assert _documents(kb_dir)["AtomicCards"] == ("mtgjson-atomic", "2022-04-25")


@pytest.mark.parametrize("path, max_mb, message", [
    ("/badsum", None, "/badsum/AtomicCards.json.xz: its sha256 is "),
    ("/cut", None, "/cut/AtomicCards.json.xz: the xz file ends before its data does (truncated?): not read"),
    ("/cutjson", None, "/cutjson/AtomicCards.json.xz: line 323 of its content: MTGJSON AtomicCards: invalid JSON: "
                       "file ends in the middle of the JSON (truncated?)"),
    ("/set", None, "/set/AtomicCards.json.xz: not MTGJSON's AtomicCards (every card once, by name): its content "
                   "reads as mtgjson"),
    ("/big", 1, "/big/AtomicCards.json.xz: the download is larger than 1 MB, the limit (--max-size raises it): "
                "not read"),
    ("/nofile", None, "/nofile/AtomicCards.json.xz: HTTP error 404 (Not Found)"),
    ("/missing", None, "/missing/AtomicCards.json.xz.sha256: HTTP error 404 (Not Found)"),
    ("/notsum", None, "/notsum/AtomicCards.json.xz.sha256: not a sha256 checksum (expected 64 hexadecimal digits"),
])
def test_a_bad_file_is_refused_whole_and_the_knowledge_base_stays(server, kb_dir, path, max_mb, message):
    before = _state(kb_dir)
    with pytest.raises(KBError) as caught:
        update_cards(kb_dir, url=f"{server.url}{path}/AtomicCards.json.xz", timeout=10,
                     max_bytes=int(max_mb * 2**20) if max_mb else None)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert _state(kb_dir) == before


def test_newer_data_replaces_the_older_and_a_failed_update_puts_it_back(server, kb_dir):
    update_cards(kb_dir, url=f"{server.url}/v5/AtomicCards.json.xz", timeout=10)
    held = _state(kb_dir)
    with pytest.raises(KBError, match=r"invalid JSON.*; the download was not kept, the knowledge base is unchanged"):
        update_cards(kb_dir, url=f"{server.url}/cutjson/AtomicCards.json.xz", timeout=10)
    assert _state(kb_dir) == held  # the older file is back, and its manifest entry
    newer = update_cards(kb_dir, url=f"{server.url}/newer/AtomicCards.json.xz", timeout=10)
    assert (newer.status, newer.data_date) == ("downloaded", "2026-12-01")
    assert sorted(p.name for p in (kb_dir / "corpus").iterdir()) == ["AtomicCards.json.xz", "MANIFEST.json"]
    assert [e["data_date"] for e in json.loads((kb_dir / "corpus" / "MANIFEST.json").read_text())] == ["2026-12-01"]
    card = CliRunner().invoke(main, ["card", "Magister of Worth", "--kb", str(kb_dir)])
    assert "This text was changed for the test." in card.stdout
    assert card.stdout.rstrip().splitlines()[-1] == "Sources: MTGJSON AtomicCards, 2026-12-01"


def test_the_current_oracle_text_is_shown_over_an_older_set_file(server, kb_cache, tmp_path):
    """The embedded 2XM set file (2022) and newer AtomicCards both hold Council's Judgment: its card shows the
    newer Oracle text, whichever document's id sorts first ("2XM" before "AtomicCards")."""
    directory = kb_cache.copy([CLEAN, CORPUS / "mtgjson" / "2XM.json"], tmp_path / "kb")
    update_cards(directory, url=f"{server.url}/newer/AtomicCards.json.xz", timeout=10)
    card = CliRunner().invoke(main, ["card", "Council's Judgment", "--kb", str(directory)])
    assert "This text was changed for the test." in card.stdout
    assert card.stdout.rstrip().splitlines()[-1] == \
        "Sources: MTGJSON AtomicCards, 2026-12-01; MTGJSON 2XM: Double Masters, 2022-04-25"


def test_cards_printings_reads_allprintings_with_the_set_file_parser(server, kb_dir):
    result = update_cards(kb_dir, "printings", url=f"{server.url}/v5/AllPrintings.json.xz", timeout=10)
    assert (result.status, result.kind, result.data_date, result.cards) == ("downloaded", "printings", "2022-04-25", 3)
    assert Path(result.path).name == "AllPrintings.json.xz"
    assert _documents(kb_dir)["AllPrintings"] == ("mtgjson", "2022-04-25")


def test_cli_update_cards_shows_progress_and_prints_json_without_it(server, kb_dir):
    runner = CliRunner()
    url = f"{server.url}/v5/AtomicCards.json.xz"
    done = runner.invoke(main, ["update", "--cards", "--url", url, "--kb", str(kb_dir)])
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith(f"Downloaded AtomicCards.json.xz of 2022-04-25 (sha256 {sha256(GOOD).decode()}) to ")
    assert done.stdout.rstrip().endswith("knowledge base rebuilt from 2 sources: 7 cards, 22 rulings.")
    kb_size = f"{len(GOOD) / 1024:.0f} KB"
    assert f"  {kb_size} of {kb_size} (100 %)" in done.stderr.splitlines()
    assert f"Downloading {url}" in done.stderr
    held = runner.invoke(main, ["update", "--cards", "--url", url, "--kb", str(kb_dir), "--json"])
    assert held.exit_code == 0 and held.stderr == ""
    assert {k: v for k, v in json.loads(held.stdout).items() if k in ("status", "kind", "data_date")} == \
        {"status": "held", "kind": "cards", "data_date": "2022-04-25"}
    bad = runner.invoke(main, ["update", "--cards", "--url", f"{server.url}/badsum/AtomicCards.json.xz",
                               "--kb", str(kb_dir)])
    assert bad.exit_code == 1 and "Traceback" not in bad.output
    assert bad.stderr.strip().splitlines()[-1].startswith(f"Error: {server.url}/badsum/AtomicCards.json.xz: its sha256 is ")


@pytest.mark.parametrize("args, refusal", [
    (["--cards", "--cards-printings"], "--cards and --cards-printings fetch one file each"),
    (["--max-size", "10"], "--max-size limits a card file: give it with --cards or --cards-printings"),
])
def test_cli_update_refuses_options_that_do_not_go_together(tmp_path, args, refusal):
    result = CliRunner().invoke(main, ["update", *args, "--kb", str(tmp_path / "kb")])
    assert result.exit_code == 2 and refusal in result.output


def test_cli_update_help_shows_the_card_options_with_examples():
    result = CliRunner().invoke(main, ["update", "--help"])
    assert result.exit_code == 0
    for text in ("--cards ", "--cards-printings", "--max-size MB", "Examples:", "mtgkb update --cards --json",
                 "https://mtgjson.com/api/v5/AtomicCards.json.xz"):
        assert text in result.output, text
