"""kb.web: the JSON API and the pages, through Starlette's test client.

Two knowledge bases: one built from real data (the seeds, two English releases and
an MTGJSON set), and one written from a hand-made document whose texts carry
``<``, ``>``, ``&`` and quotes, to check that every text is escaped.
"""

from __future__ import annotations

import html
import json
import re
import threading
import warnings
from pathlib import Path
from urllib.parse import unquote

import pytest

from kb import store
from kb.ingest import ingest, embedded_corpus
from kb.model import Card, Document, Example, Rule, Ruling, Term

from .conftest import ROOT, SEEDS, cr_release
from .webtools import require_web

require_web()

with warnings.catch_warnings():  # Starlette's notice about httpx's successor
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from kb.web.app import KBHandle, create_app  # noqa: E402
from kb.web.html import anchor, link_rules, number_from_anchor  # noqa: E402
from kb.web.i18n import choose_ui, parse_accept_language  # noqa: E402

DANGER = "<script>alert(\"x\")</script> & 'it' > <b>"


def client_for(kb_dir: Path) -> TestClient:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(kb_dir), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def real_kb(kb_cache) -> Path:
    """The embedded corpus (seeds, the 2025-11-14 release, five MTGJSON sets) and the 2025-04-04 release."""
    return kb_cache.shared([embedded_corpus(), cr_release("20250404")])


@pytest.fixture(scope="module")
def real(real_kb: Path) -> TestClient:
    return client_for(real_kb)


def hand_made_document() -> Document:
    """Hand-made: texts with markup characters in every field the pages show."""
    return Document(
        id="hand-en", lang="en", format="cr-text", effective_date="2030-01-01", provenance="official",
        rules=(
            Rule("9", "section", title="Tests & <Trials>"),
            Rule("900", "chapter", title="Quotes \"and\" 'marks'"),
            Rule("900.1", "rule", text=f"First {DANGER} (see rule 900.2a)."),
            Rule("900.2", "rule", text="Second <i>rule</i>."),
            Rule("900.2a", "subrule", text="A subrule & more.",
                 examples=(Example(f"Example: {DANGER}"),), refs=("900.1",)),
        ),
        terms=(Term(("Fire & <Ice>",), f"A term {DANGER} See rule 900.1."),),
        cards=(Card("Fire & <Ice>", "Instant", f"Deal 2 damage {DANGER}",
                    foreign=(("fr", "Feu & <Glace>", "Éphémère", "Inflige 2 blessures « à »"),)),),
        rulings=(Ruling(f"Ruling {DANGER}", date="2030-01-02", card="Fire & <Ice>"),),
    )


@pytest.fixture(scope="module")
def hand(tmp_path_factory) -> TestClient:
    kb_dir = tmp_path_factory.mktemp("web-hand")
    build = store.stage(kb_dir)
    store.write_documents(build, [hand_made_document()])
    store.publish(kb_dir, build)
    return client_for(kb_dir)


def visible_text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


# -- rules --------------------------------------------------------------------------

def test_api_rules_is_the_cli_json_shape(real: TestClient, real_kb: Path) -> None:
    from click.testing import CliRunner

    from kb.cli import main

    cli = CliRunner().invoke(main, ["rule", "400.7", "--json", "--kb", str(real_kb)])
    assert cli.exit_code == 0
    response = real.get("/api/rules/400.7")
    assert response.status_code == 200
    assert response.json() == json.loads(cli.output)
    assert [e["number"] for e in response.json()][:3] == ["400.7", "400.7a", "400.7b"]
    assert set(response.json()[0]["texts"]) == {"en", "it"}


def test_api_rules_range_language_and_release(real: TestClient) -> None:
    entries = real.get("/api/rules/702.19b-d", params={"lang": "en"}).json()
    assert [e["number"] for e in entries] == ["702.19b", "702.19c", "702.19d"]
    assert all(set(e["texts"]) == {"en"} for e in entries)
    old = real.get("/api/rules/701.32", params={"lang": "en", "release": "2025-04-04"}).json()
    assert old[0]["texts"]["en"]["text"] == "Vote"
    assert old[0]["texts"]["en"]["effective_date"] == "2025-04-04"


def test_api_rules_unknown_number_404_with_suggestions(real: TestClient) -> None:
    response = real.get("/api/rules/400.99")
    assert response.status_code == 404
    body = response.json()
    assert body["status"] == 404 and "400.99" in body["error"]
    assert "400" in body["suggestions"] and "400.12" in body["suggestions"]


def test_rule_page_texts_side_by_side_with_provenance_and_links(real: TestClient) -> None:
    page = real.get("/rules/400.7").text
    assert 'id="R4007"' in page and 'id="R4007b"' in page
    assert 'lang="it"' in page and 'lang="en"' in page
    # sources by title and date, never by file name
    assert "Magic: The Gathering Comprehensive Rules, 2025-11-14 · official" in page
    assert "Regolamento Completo, sezione 4: Zone · community" in page
    assert "004_033ca0c87611b1e4" not in page and "cr-en-2025-11-14" not in page
    # the Italian 400.7b cites 611.3d, which the English release holds: a link
    assert 'href="/rules/611.3d#R6113d">611.3d</a>' in page
    # parent, previous and next
    assert 'rel="up" href="/rules/400#R400"' in page
    assert 'rel="prev" href="/rules/400.6#R4006"' in page and 'rel="next" href="/rules/400.7a#R4007a"' in page
    # the undated Italian wiki text beside a dated English release is flagged as possibly out of date
    assert ("The IT text (Regolamento Completo, sezione 4: Zone, community) gives no date; the English release is "
            "of <time datetime=\"2025-11-14\">2025-11-14</time>") in page
    assert page.count("notice stale") == 1


def test_subrule_page_and_anchor_addresses(real: TestClient) -> None:
    page = real.get("/rules/701.38a").text
    assert '<h1 class="num"><a href="/rules/701.38a#R70138a">701.38a</a>' in page
    assert 'rel="up" href="/rules/701.38#R70138"' in page
    moved = real.get("/rules/R70138a", follow_redirects=False)
    assert moved.status_code == 301 and moved.headers["location"] == "/rules/701.38a#R70138a"
    assert number_from_anchor("R4") == "4" and number_from_anchor("R400") == "400"
    assert number_from_anchor("R4007k") == "400.7k" and anchor("701.38a") == "R70138a"
    assert number_from_anchor("R40") is None and number_from_anchor("Rx") is None


def test_link_rules_links_held_rule_numbers_only() -> None:
    from kb.numbering import RuleNumber

    held = {RuleNumber.parse(n) for n in ("701", "701.32", "701.32a", "611.3d")}
    html_text = str(link_rules("See rule 701.32a. Also 701.32, 611.3d, chapter 701, 1701.3, 701.32ab, 999.1 & <b>",
                               held, lambda n: f"/r/{n}"))
    assert html_text == ('See rule <a class="ref" href="/r/701.32a">701.32a</a>. Also <a class="ref" href="/r/701.32">'
                         '701.32</a>, <a class="ref" href="/r/611.3d">611.3d</a>, chapter <a class="ref" href="/r/701">'
                         '701</a>, 1701.3, 701.32ab, 999.1 &amp; &lt;b&gt;')
    # a bare chapter number is a reference only after a word that names one
    assert str(link_rules("701 cards; règle 701, regola 701", held, lambda n: f"/r/{n}")) == (
        '701 cards; règle <a class="ref" href="/r/701">701</a>, regola <a class="ref" href="/r/701">701</a>')


def test_unknown_rule_page_404_with_suggestions(real: TestClient) -> None:
    response = real.get("/rules/400.99")
    assert response.status_code == 404
    assert 'href="/rules/400.12#R40012"' in response.text
    assert "Traceback" not in response.text
    garbage = real.get("/rules/x<y>")
    assert garbage.status_code == 404 and "x&lt;y&gt;" in garbage.text and "<y>" not in garbage.text


def test_one_language_remembered_in_a_cookie(real: TestClient) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        client = TestClient(real.app)
    linked = client.get("/rules/400.7", params={"lang": "it"})  # a shared link: for its page only
    assert "langs" not in linked.cookies and 'lang="it"' in linked.text
    first = client.get("/rules/400.7", params={"lang": "it", "remember": "1"})  # the menu's choice
    assert first.cookies.get("langs") == "it"
    again = client.get("/rules/400.7").text
    assert 'lang="it"' in again and '<section class="text" lang="en">' not in again
    client.get("/rules/400.7", params={"lang": "all", "remember": "1"})
    assert '<section class="text" lang="en">' in client.get("/rules/400.7").text


# -- terms, cards, health, diff -------------------------------------------------------

def test_api_terms(real: TestClient) -> None:
    terms = real.get("/api/terms", params={"q": "vote"}).json()
    assert terms[0]["term"] == "Vote" and terms[0]["names"]["en"] == ["Vote"]
    assert terms[0]["text"]["en"]["source"]["effective_date"] == "2025-11-14"
    assert "701.38" in [r["number"] for r in terms[0]["rules"]]
    folded = real.get("/api/terms", params={"q": "VÔTE", "limit": 1}).json()
    assert [t["term"] for t in folded] == ["Vote"]
    assert len(real.get("/api/terms", params={"limit": 3}).json()) == 3
    # Italian and French names find the entry too; lang= looks in that language's names
    assert real.get("/api/terms", params={"q": "zona pubblica"}).json()[0]["term"] == "Public Zone"
    assert real.get("/api/terms", params={"q": "voto", "lang": "it"}).json()[0]["term"] == "Vote"
    assert real.get("/api/terms", params={"q": "voto", "lang": "fr"}).json() == []


def test_api_define_is_the_cli_json_shape(real: TestClient, real_kb: Path) -> None:
    from click.testing import CliRunner

    from kb.cli import main

    cli = CliRunner().invoke(main, ["define", "legame", "vitale", "--json", "--kb", str(real_kb)])
    assert cli.exit_code == 0, cli.output
    answer = real.get("/api/define/legame vitale")
    assert answer.status_code == 200 and answer.json() == json.loads(cli.output)
    assert answer.json()[0]["term"] == "Lifelink"
    missing = real.get("/api/define/nothing at all here")
    assert missing.status_code == 404 and "no term named" in missing.json()["error"]


def test_api_cards_any_language_with_rulings(real: TestClient) -> None:
    card = real.get("/api/cards/Custodi Squire").json()
    # CNS holds it in English only, VOC with its French name: the card merges both
    assert card["foreign"]["fr"]["name"] == "Écuyère des Custodi"
    assert [(s["id"], s["title"]) for s in card["sources"]] == [("CNS", "MTGJSON CNS: Conspiracy"),
                                                                ("VOC", "MTGJSON VOC: Crimson Vow Commander")]
    assert card["mana_cost"] == "{4}{W}" and (card["power"], card["toughness"]) == ("3", "3")
    assert any("vote" in r["text"].lower() for r in card["rulings"])
    assert real.get("/api/cards/ecuyere des CUSTODI").json()["name"] == "Custodi Squire"
    missing = real.get("/api/cards/Custodi Nobody")
    assert missing.status_code == 404 and "did you mean: Custodi Lich, " in missing.json()["error"]
    assert "Custodi Squire" in missing.json()["error"]
    from click.testing import CliRunner

    from kb.cli import main

    cli = CliRunner().invoke(main, ["card", "Titano", "Solare", "--json", "--kb", str(real.app.state.site.handle.kb_dir)])
    assert cli.exit_code == 0 and real.get("/api/cards/Titano Solare").json() == json.loads(cli.output)


def test_api_health(real: TestClient) -> None:
    data = real.get("/api/health").json()
    assert data["status"] == "ok"
    dates = {(r["lang"], r["effective_date"], r["active"]) for r in data["releases"]}
    assert ("en", "2025-11-14", True) in dates and ("en", "2025-04-04", False) in dates
    assert data["counts"]["rules"] > 5000 and data["counts"]["cards"] > 100


def test_api_diff_between_held_releases(real: TestClient) -> None:
    response = real.get("/api/diff", params={"old": "2025-04-04", "new": "2025-11-14"})
    assert response.status_code == 200
    data = response.json()
    assert data["old"]["effective_date"] == "2025-04-04" and data["new"]["effective_date"] == "2025-11-14"
    moves = {(c["old_number"], c["new_number"]) for c in data["rules"] if c["kind"] == "moved"}
    assert ("701.32", "701.38") in moves
    # documents are named by id, title and date, never by a path on the server
    assert data["new"] == {"id": "cr-en-2025-11-14", "title": "Magic: The Gathering Comprehensive Rules",
                           "effective_date": "2025-11-14", "lang": "en", "provenance": "official"}
    assert "path" not in data["old"] and "/" not in data["old"]["id"]
    assert str(ROOT.parent) not in response.text and ".txt" not in response.text
    assert real.get("/api/diff", params={"old": "2020-01-01", "new": "2025-11-14"}).status_code == 404
    # a path is never read: only release dates are accepted
    bad = real.get("/api/diff", params={"old": "/etc/passwd", "new": "2025-11-14"})
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.json()["error"]


def test_openapi_lists_every_api_route(real: TestClient) -> None:
    spec = real.get("/openapi.json").json()
    # OpenAPI writes a path parameter without Starlette's converter ({name:path} is {name})
    routes = {re.sub(r"\{(\w+):\w+\}", r"{\1}", route.path) for route in real.app.routes
              if route.path.startswith("/api/")}
    assert set(spec["paths"]) == routes
    assert {"/api/define/{name}", "/api/cards/{name}", "/api/terms"} <= routes


# -- bad parameters, safety ----------------------------------------------------------

@pytest.mark.parametrize("url, status, words", [
    ("/api/rules/400.7?lang=xx", 400, "unknown language 'xx'"),
    ("/api/rules/400.7?release=yesterday", 400, "YYYY-MM-DD"),
    ("/api/terms?limit=abc", 400, "'limit' must be a whole number"),
    ("/api/terms?limit=0", 400, "'limit' must be a whole number"),
    ("/api/terms?q=" + "a" * 201, 400, "too long"),
    ("/api/terms?q=a%00b", 400, "control characters"),
    ("/api/rules/" + "4" * 41, 400, "too long"),
    ("/api/cards/" + "x" * 151, 400, "too long"),
    ("/api/define/" + "x" * 151, 400, "term too long"),
    ("/api/define/vote?lang=xx", 400, "unknown language 'xx'"),
    ("/api/diff?new=2025-11-14", 400, "'old' is required"),
    ("/api/nowhere", 404, "page not found"),
])
def test_bad_parameters_give_a_message(real: TestClient, url: str, status: int, words: str) -> None:
    response = real.get(url)
    assert response.status_code == status
    assert words in response.json()["error"]
    assert "Traceback" not in response.text


def test_limit_above_the_maximum_is_refused_with_a_message(real: TestClient) -> None:
    assert len(real.get("/api/terms", params={"limit": 50}).json()) == 50
    response = real.get("/api/terms", params={"limit": 100000})
    assert response.status_code == 400
    assert response.json()["error"] == "parameter 'limit' is 100000, above the maximum of 50"


def test_every_text_is_escaped(hand: TestClient) -> None:
    pages = {
        "/rules/900": ["Quotes \"and\" 'marks'"],
        "/rules/900.1": [f"First {DANGER} (see rule 900.2a)."],
        "/rules/900.2": [f"Example: {DANGER}", "Second <i>rule</i>."],
        "/rules/9": ["Tests & <Trials>"],
        "/glossary": ["Fire & <Ice>"],
        "/glossary?q=fire": ["Fire & <Ice>", f"A term {DANGER} See rule 900.1."],
        "/define/Fire & <Ice>": ["Fire & <Ice>", f"A term {DANGER} See rule 900.1."],
        "/cards/Fire & <Ice>": [f"Deal 2 damage {DANGER}", "Feu & <Glace>", f"Ruling {DANGER}"],
        "/search?q=<script>": [],
    }
    for url, texts in pages.items():
        page = hand.get(url).text
        assert "<script>" not in page and "<b>" not in page and "<i>" not in page, url
        for text in texts:
            assert text in visible_text(page), (url, text)
    # cross-references inside an escaped text are still links
    assert '(see rule <a class="ref" href="/rules/900.2a#R9002a">900.2a</a>).' in hand.get("/rules/900.1").text


def test_security_headers(hand: TestClient) -> None:
    response = hand.get("/rules/900")
    assert "default-src 'none'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"


def test_no_request_path_reaches_the_file_system(hand: TestClient) -> None:
    for url in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/style.css/../../app.py",
                "/rules/..%2F..%2Fkb.sqlite", "/cards/..%2F..%2FCURRENT"):
        response = hand.get(url)
        assert response.status_code == 404, url
        assert "import" not in response.text and "SQLite" not in response.text
    assert hand.get("/static/style.css").headers["content-type"].startswith("text/css")


# -- interface language ----------------------------------------------------------------

def test_interface_language_from_accept_language_and_switch(real: TestClient) -> None:
    assert 'lang="it"' in real.get("/", headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}).text[:60]
    italian = real.get("/rules/400.7", headers={"Accept-Language": "it"}).text
    assert "<h2>Fonti</h2>" in italian and "Regole vicine" in italian
    french = real.get("/glossary", params={"ui": "fr"}, headers={"Accept-Language": "it"})
    assert "Glossaire" in french.text and french.cookies.get("ui") == "fr"
    fresh = client_for(Path(real.app.state.site.handle.kb_dir))
    assert "Glossary" in fresh.get("/glossary", headers={"Accept-Language": "de, *;q=0.1"}).text
    assert parse_accept_language("fr;q=0.2, it, en;q=0") == ["it", "fr"]
    assert choose_ui(None, "fr", "it") == "fr" and choose_ui("xx", None, "de,it;q=0.5") == "it"


def test_catalogs_translate_every_interface_string() -> None:
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import read_po

    from kb.web.i18n import catalog_path, translations

    from babel.messages.frontend import parse_mapping_cfg

    web = Path(__file__).resolve().parent.parent / "kb" / "web"
    with (web / "babel.cfg").open(encoding="utf-8") as config:  # what pybabel extract reads
        method_map, options_map = parse_mapping_cfg(config)
    ids = {msg for _f, _l, msg, _c, _x in extract_from_dir(web, method_map=method_map, options_map=options_map)}
    assert len(ids) > 30 and {"Glossary", "white", "%(count)s generic", "community"} <= ids
    for lang in ("it", "fr"):
        with catalog_path(lang).open("rb") as handle:
            catalog = read_po(handle)
        untranslated = sorted(m for m in ids if m not in catalog or not catalog[m].string)
        assert untranslated == [], (lang, untranslated)
    assert translations("it").gettext("Glossary") == "Glossario"
    assert translations("fr").gettext("See also:") == "Voir aussi :"


# -- several threads, a new build ---------------------------------------------------

def test_one_connection_per_thread_and_reopen_after_publish(tmp_path: Path) -> None:
    build = store.stage(tmp_path)
    store.write_documents(build, [hand_made_document()])
    store.publish(tmp_path, build)
    handle = KBHandle(tmp_path)
    seen: list[tuple[object, str]] = []  # the objects themselves, so no id is reused after a thread ends

    def read() -> None:
        open_kb = handle.get()
        seen.append((open_kb.kb, str(open_kb.numbers[-1])))

    threads = [threading.Thread(target=read) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(kb) for kb, _ in seen}) == 4 and {n for _, n in seen} == {"900.2a"}
    documents = ingest(SEEDS).documents
    newer = store.stage(tmp_path)
    store.write_documents(newer, documents)
    store.publish(tmp_path, newer)
    assert "400.7" in {str(n) for n in handle.get().numbers}


def test_the_databases_lent_to_requests_share_their_build_s_glossary_and_numbers(tmp_path: Path) -> None:
    """Issue 33 (pages under load): each request borrows its own database, and the glossary and rule
    numbers made from one (60-80 ms on the archive) serve every other of the same build."""
    from kb.store import current_build

    build = store.stage(tmp_path)
    store.write_documents(build, [hand_made_document()])
    store.publish(tmp_path, build)
    handle = KBHandle(tmp_path)
    first, second = handle._borrow(current_build(tmp_path)), handle._borrow(current_build(tmp_path))
    assert first.kb is not second.kb
    assert first.glossary is second.glossary and first.numbers is second.numbers
    assert first.kb.memo is second.kb.memo  # card names, rulings' translations (kb.cards, kb.rulings)
    assert str(second.numbers[-1]) == "900.2a" and first.glossary.find_matches("", limit=1)
    newer = store.stage(tmp_path)
    store.write_documents(newer, ingest(SEEDS).documents)
    store.publish(tmp_path, newer)
    third = handle._borrow(current_build(tmp_path))
    assert third.glossary is not first.glossary and "400.7" in {str(n) for n in third.numbers}
    assert third.kb.memo is not first.kb.memo


# -- search (indexer.search) -----------------------------------------------------------

def _require_search() -> None:
    import importlib.util
    import os

    if importlib.util.find_spec("indexer.search") is None:
        if os.environ.get("CI", "").lower() == "true" and (Path(__file__).parent.parent / "indexer" / "search.py").exists():
            pytest.fail("indexer/search.py exists but cannot be imported", pytrace=False)
        pytest.skip("indexer.search is not in this build: /api/search and /search answer 503")


def test_api_search_is_the_cli_json_shape(real: TestClient, real_kb: Path) -> None:
    _require_search()
    from click.testing import CliRunner

    from kb.cli import main

    cli = CliRunner().invoke(main, ["search", "pareggio", "--json", "--limit", "5", "--kb", str(real_kb)])
    assert cli.exit_code == 0
    response = real.get("/api/search", params={"q": "pareggio", "limit": 5})
    assert response.status_code == 200
    assert response.json() == json.loads(cli.stdout)
    assert any("pareggio" in hit["snippet"] for hit in response.json())
    assert real.get("/api/search", params={"q": "vote", "kind": "rule", "lang": "en"}).json()[0]["kind"] == "rule"
    assert real.get("/api/search", params={"q": "vote", "kind": "spell"}).status_code == 400
    assert real.get("/api/search").status_code == 400


def test_search_page_marks_matches_and_escapes(real: TestClient) -> None:
    _require_search()
    page = real.get("/search", params={"q": "pareggio"}).text
    assert "<mark>pareggio</mark>" in page
    hostile = real.get("/search", params={"q": "<script>x</script> \"vote\""})
    assert hostile.status_code in (200, 400) and "<script>x" not in hostile.text
    jump = real.get("/search", params={"q": "701.38a"}, follow_redirects=False)
    assert jump.status_code == 303 and jump.headers["location"] == "/rules/701.38a#R70138a"


def test_a_rule_number_typed_as_people_type_it_opens_the_rule(real: TestClient) -> None:
    """A phone trial typed 702,19 (the Italian and French decimal comma), 702.19B, 'regola 400.7' and 'CR
    400.7': each listed hits instead of opening the rule, as 702.19 does."""
    for query, where in (("702,19", "/rules/702.19#R70219"), ("702.19B", "/rules/702.19b#R70219b"),
                         ("regola 400.7", "/rules/400.7#R4007"), ("CR 400.7", "/rules/400.7#R4007"),
                         ("702.19 b", "/rules/702.19b#R70219b")):
        jump = real.get("/search", params={"q": query}, follow_redirects=False)
        assert jump.status_code == 303 and jump.headers["location"] == where, query


def test_without_search_the_search_routes_say_so(real: TestClient, monkeypatch) -> None:
    import kb.web.app as web_app

    monkeypatch.setattr(web_app, "_search_function", lambda: None)
    api = real.get("/api/search", params={"q": "vote"})
    assert api.status_code == 503 and api.json()["error"] == "search index not available in this build"
    page = real.get("/search", params={"q": "vote"})
    assert page.status_code == 503 and "search index not available in this build" in page.text
    # a rule number typed in the search box still opens its page
    assert real.get("/search", params={"q": "400.7"}, follow_redirects=False).status_code == 303


def test_the_staleness_warning_shows_with_one_language_as_with_all(product_kb: Path) -> None:
    """The Italian Vote page (undated) beside the 2025-11-14 release: possibly out of date, whether
    English is shown beside it or not."""
    client = client_for(product_kb)
    notice = "The IT text (Voto"
    for query in ("", "?lang=it"):
        page = client.get("/rules/701.38" + query).text
        assert notice in page and "may be out of date" in page, query
        assert page.count('class="stale-mark"') == page.count('<section class="text" lang="it">') > 0, query
    assert "notice stale" not in client.get("/rules/701.38?lang=en").text


def test_split_cards_are_reached_by_their_links_and_by_a_face(product_kb: Path) -> None:
    client = client_for(product_kb)
    found = client.get("/search", params={"q": "Incongruity", "kind": "card"}).text
    links = set(re.findall(r'href="(/cards/[^"]*)"', found))
    assert links == {"/cards/Incubation%20%2F%2F%20Incongruity"}
    for link in (*links, "/cards/Incubation%20//%20Incongruity", "/cards/Incongruity"):
        page = client.get(link)
        assert page.status_code == 200 and '<h1 class="card-name">Incubation // Incongruity' in page.text, link
    answer = client.get("/api/cards/Incubation%20%2F%2F%20Incongruity")
    assert answer.status_code == 200 and answer.json()["type"] == "Sorcery // Instant"
    assert client.get("/api/cards/Incongruity").json()["match"] == "face"


def test_italian_and_french_pages_say_the_data_s_words_in_their_language(product_kb: Path) -> None:
    """Provenance, alignment method, search kinds, text kinds, mana symbols and not-found messages
    go through the catalogs: no raw English word of the data on an Italian or French page."""
    client = client_for(product_kb)
    rule = client.get("/rules/701.38", params={"ui": "it"}).text
    assert "Abbinata per contenuto, affidabilità 0.841." in rule and "per content" not in rule
    assert "2025-11-14 · ufficiale" in rule and "Voto, 2024-11-23 · comunità" in rule and "(comunità)" in rule
    assert "· community" not in rule and "· official" not in rule and "(community)" not in rule
    assert "Il testo IT (Voto, comunità)" in rule
    assert "(comunità)" in client.get("/", params={"ui": "it"}).text
    options = re.findall(r'<option value="(\w+)"[^>]*>([^<]*)<',
                         client.get("/search", params={"q": "voto", "ui": "it"}).text)
    assert [label for value, label in options if value not in ("all", "en", "it", "fr")] == \
        ["regola", "ruling", "termine", "carta", "esempio", "pagina della parola chiave"]
    found = client.get("/search", params={"q": "voto", "ui": "fr"}).text
    assert set(re.findall(r'class="kind">([^<]*)<', found)) <= {"règle", "décision", "terme", "carte", "exemple",
                                                               "page du mot-clé"}
    assert "· page du mot-clé · communauté" in client.get("/define/voto", params={"ui": "fr"}).text
    card = client.get("/cards/Titano Solare", params={"ui": "it"}).text
    assert 'title="4 generico"' in card and 'title="bianco"' in card and ' generic"' not in card
    missing = {"/rules/999.9": "La base di conoscenza non contiene la regola «999.9».",
               "/cards/Nessuna Carta": "Nessuna carta si chiama «Nessuna Carta» in inglese, italiano o francese.",
               "/define/xyzzy": "Nessun termine si chiama «xyzzy» in inglese, italiano o francese.",
               "/nowhere": "Non esiste una pagina a questo indirizzo."}
    for path, message in missing.items():
        answer = client.get(path, params={"ui": "it"})
        assert answer.status_code == 404 and f'<p class="error">{message}</p>' in answer.text, path
    assert "«Incongruity» è una delle facce di questa carta." in client.get("/cards/Incongruity",
                                                                          params={"ui": "it"}).text


def test_api_terms_labels_each_match_truthfully(product_kb: Path) -> None:
    client = client_for(product_kb)

    def matches(query: str) -> list[tuple[str, str]]:
        return [(t["term"], t["match"]) for t in client.get("/api/terms", params={"q": query, "limit": 50}).json()]

    assert matches("vitale") == [("Lifelink", "partial")]  # a word inside "legame vitale", not its name
    assert matches("legame vitale") == [("Lifelink", "exact")]
    assert matches("legame") == [("Lifelink", "prefix")]
    life = dict(matches("life"))
    assert (life["Life"], life["Lifelink"], life["Afterlife"]) == ("exact", "prefix", "partial")
    assert {match for _term, match in matches("")} == {"all"}
    assert "text" in {match for _term, match in matches("combat damage")}  # only a definition holds it


def test_search_page_names_a_page_s_rulings_by_its_title(product_kb: Path) -> None:
    page = client_for(product_kb).get("/search", params={"q": "voto", "limit": 20}).text
    assert "<strong>Voto, 2024-11-23</strong>" in page
    assert "<strong>Clarifications officielles de Wizards of the Coast, 2023-06-16</strong>" in page
    assert "000_a6d3485c321a44a0" not in page and "001_c70b93c6d7c03b3c" not in page


def test_search_page_says_what_the_query_was_read_as_and_when_english_stands_in(product_kb: Path) -> None:
    client = client_for(product_kb)
    page = client.get("/search", params={"q": "travolgere", "lang": "it", "ui": "it"}).text
    assert 'Termine di gioco: Trample · travolgere · piétinement <a href="/rules/702.19' in page
    head = page.index("702.19</a> Trample")
    # the hit shown in English is marked; the notice is said once, above the hits
    assert 'class="fallback-mark" title="Nessun testo nella lingua scelta: è mostrato l\'inglese."' \
        in page[head - 300:head]
    assert page.count("Nessun testo nella lingua scelta per") == 1


def test_search_page_says_when_a_source_numbers_another_rule_as_asked(product_kb: Path) -> None:
    page = client_for(product_kb).get("/search", params={"q": "701.31 planeswalk", "ui": "fr"}).text
    assert ("La source Voto (IT) numérote 701.38 comme 701.31 ; le 701.31 ci-dessous est celui de la version "
            'anglaise. <a href="/rules/701.38') in page


def test_a_rule_number_in_the_search_box_keeps_the_languages_chosen(product_kb: Path) -> None:
    jump = client_for(product_kb).get("/search", params={"q": "701.31", "lang": "it", "ui": "fr"},
                                      follow_redirects=False)
    assert jump.status_code == 303 and jump.headers["location"] == "/rules/701.31?lang=it&ui=fr#R70131"


def test_a_question_is_read_in_the_interface_language_and_the_page_says_how(real: TestClient) -> None:
    _require_search()
    page = real.get("/search", params={"q": "una creatura tappata può bloccare?", "ui": "it"})
    assert page.status_code == 200
    assert "Letta come:" in page.text and "creature · tapped · block" in page.text
    api = real.get("/api/search", params={"q": "que se passe-t-il si je pioche dans une bibliothèque vide ?"})
    assert api.status_code == 200 and "draw" in unquote(api.headers["X-Read-As"])


def test_a_long_range_is_paged(real_kb: Path) -> None:
    from kb.web.pages import RULES_PER_PAGE

    real = client_for(real_kb)  # no interface language remembered by other tests
    first = real.get("/rules/1-9", params={"lang": "en"})
    assert first.status_code == 200 and first.text.count('<article class="rule') == RULES_PER_PAGE
    total = int(re.search(r"Rules 1–100 of (\d+)", first.text).group(1))
    assert total > 3 * RULES_PER_PAGE and len(first.content) < 300_000
    assert 'rel="next" href="/rules/1-9?lang=en&amp;page=2"' in first.text and 'rel="prev" href="/rules/1-9?' not in first.text
    second = real.get("/rules/1-9", params={"lang": "en", "page": 2})
    assert second.status_code == 200 and "Rules 101–200 of" in second.text
    assert 'rel="prev" href="/rules/1-9?lang=en&amp;page=1"' in second.text
    last_page = -(-total // RULES_PER_PAGE)
    assert real.get("/rules/1-9", params={"page": last_page}).status_code == 200
    beyond = real.get("/rules/1-9", params={"page": last_page + 1})
    assert beyond.status_code == 404 and f"it has {last_page} pages" in beyond.text
    assert real.get("/rules/1-9", params={"page": "0"}).status_code == 400
    assert "Previous page" not in real.get("/rules/400.7").text  # a rule and its subrules: one page


def test_a_search_that_finds_nothing_says_why_on_the_page_and_in_the_api(product_kb: Path) -> None:
    _require_search()
    client = client_for(product_kb)
    page = client.get("/search", params={"q": "rule 999.9", "ui": "en"})
    assert page.status_code == 200 and "No results for" in page.text
    assert "No rule 999.9 in the Comprehensive Rules of 2025-11-14" in page.text
    api = client.get("/api/search", params={"q": "xyzzy"})
    assert api.status_code == 200 and api.json() == []
    assert unquote(api.headers["X-Empty-Reason"]) == "no item holds 'xyzzy' in any language"
    assert "X-Empty-Reason" not in client.get("/api/search", params={"q": "trample"}).headers


def test_the_search_page_says_a_negation_was_ignored(product_kb: Path) -> None:
    _require_search()
    page = client_for(product_kb).get("/search", params={"q": "cosa succede se la magia non è in pila?", "ui": "it"})
    assert "Letta come:" in page.text and "spell · stack (negazione ignorata: non)" in page.text


def test_the_search_page_says_a_close_call(product_kb: Path) -> None:
    _require_search()
    client = client_for(product_kb)
    page = client.get("/search", params={"q": "can I respond to a mana ability?", "ui": "fr"})
    assert "Réponse serrée : 605." in page.text and "lisez les deux." in page.text
    plain = client.get("/search", params={"q": "una creatura tappata può bloccare?", "ui": "it"})
    assert "Risposta incerta" not in plain.text


def test_a_page_with_more_rulings_than_are_folded_names_its_rules_with_their_counts(real: TestClient,
                                                                                     monkeypatch) -> None:
    """Issue 33.1: /rules/702 folded its 2,740 rulings on every request (31-48 s, 1.5 MB). A page
    holding more than MAX_FOLDED rulings now lists its rules with how many each has; a rule's own
    page folds them. Fails before: the chapter page folded them all."""
    import kb.rulings

    folded = real.get("/rules/702.9", params={"ui": "en"}).text
    held = folded.count('<li lang="')
    assert held >= 2 and "ruling-counts" not in folded
    monkeypatch.setattr(kb.rulings, "MAX_FOLDED", held - 1)
    page = real.get("/rules/702", params={"ui": "en"}).text
    assert 'class="ruling-counts"' in page and "Too many to show on one page" in page
    assert '<a href="/rules/702.9#R7029">702.9</a>' in page and '<p class="ruling-text">' not in page


@pytest.mark.parametrize("number, previous, following", [
    ("611.3d", "611.3c", "612"), ("612", "611.3d", "612.1"), ("612.2a", "612.2", "612.3"),
    ("702.19g", "702.19f", "702.20"), ("702.20", "702.19g", "702.20a")])
def test_previous_and_next_follow_every_number_in_rules_order(real: TestClient, number: str, previous: str,
                                                             following: str) -> None:
    """Issue 33.10: next of 611.3d was 612.2a (612, 612.1 and 612.2 skipped), of 702.19g 702.20a:
    each kind of number had its own chain. Fails before."""
    page = real.get(f"/rules/{number}").text
    assert f'rel="prev" href="/rules/{previous}#{anchor(previous)}"' in page
    assert f'rel="next" href="/rules/{following}#{anchor(following)}"' in page


def test_pages_are_compressed_tagged_and_the_stylesheet_kept(real: TestClient) -> None:
    """Issue 33.3: the 171 KB home page went uncompressed and uncached (2.2 s on a slow line).
    Fails before: no gzip, no ETag, the stylesheet kept an hour."""
    home = real.get("/", headers={"Accept-Encoding": "gzip"})
    assert home.headers["content-encoding"] == "gzip"
    assert int(home.headers["content-length"]) * 3 < len(home.content)
    again = real.get("/", headers={"If-None-Match": home.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    css = re.search(r'href="(/static/style\.css\?v=[0-9a-f]+)"', home.text)
    assert css is not None
    sheet = real.get(css.group(1))
    assert "immutable" in sheet.headers["cache-control"] and "max-age=31536000" in sheet.headers["cache-control"]
    assert real.get("/static/style.css?v=old").headers["cache-control"] == "public, max-age=3600"


def test_a_long_range_of_the_api_is_paged(real: TestClient) -> None:
    """Issue 34.3: /api/rules/1-9 answered every rule at once (4.2 MB, 3.5 s on the archive).
    Fails before: one list of every entry, no paging headers."""
    from kb.web.api import API_RULES_PER_PAGE

    first = real.get("/api/rules/1-9")
    total = int(first.headers["x-total-count"])
    assert total > API_RULES_PER_PAGE and len(first.json()) == API_RULES_PER_PAGE
    assert first.headers["link"] == '</api/rules/1-9?page=2>; rel="next"'
    last_page = -(-total // API_RULES_PER_PAGE)
    last = real.get(f"/api/rules/1-9?page={last_page}")
    assert len(last.json()) == total - (last_page - 1) * API_RULES_PER_PAGE and "link" not in last.headers
    assert real.get(f"/api/rules/1-9?page={last_page + 1}").status_code == 404
    assert [e["number"] for e in real.get("/api/rules/400.7").json()][:2] == ["400.7", "400.7a"]


def test_a_rule_page_previews_its_rule_when_shared(real: TestClient) -> None:
    """Issue 33.18: no og:title or og:description, so a link pasted in a chat showed nothing of the
    rule. Fails before."""
    page = real.get("/rules/702.19b", params={"lang": "en"}).text
    assert '<meta property="og:title" content="702.19b">' in page
    description = re.search(r'<meta property="og:description" content="([^"]*)">', page)
    assert description is not None and html.unescape(description.group(1)).startswith(
        "The controller of an attacking creature with trample first assigns damage")


def test_pages_of_many_rules_are_made_on_the_heavy_page_thread(real: TestClient, monkeypatch) -> None:
    """Issue 33.1 / 34.3: a chapter page's work went on the threads every page shares, raising their
    p95 while it loaded. Fails before: made on the shared threads."""
    from kb.web import handling

    threads = []
    real.app.state.kept_pages.clear()  # pages made here, not kept from earlier tests (kb.web.keep)
    real_lookup = handling.OpenKB.lookup_page
    monkeypatch.setattr(handling.OpenKB, "lookup_page",
                        lambda self, *a: threads.append(threading.current_thread().name) or real_lookup(self, *a))
    assert real.get("/rules/702").status_code == 200 and real.get("/api/rules/1-9").status_code == 200
    assert real.get("/rules/400.7").status_code == 200 and real.get("/api/rules/400.7").status_code == 200
    assert [name.startswith("mtgkb-heavy-page") for name in threads] == [True, True, False, False]


# -- a rule page on a phone (issue 33.14) ---------------------------------------------

def test_a_rule_page_names_each_source_once_with_an_icon_on_each_text(real: TestClient) -> None:
    """Every text block repeated its full source line (400.7: 14 times); now the page's sources are
    listed once and each block carries an icon linking to its source. Fails before."""
    page = real.get("/rules/400.7", params={"ui": "en"}).text  # the client keeps the interface cookie of other tests
    main = visible_text(page[page.index("<main>"):page.index("</main>")])
    assert main.count("Magic: The Gathering Comprehensive Rules, 2025-11-14 · official") == 1
    blocks = re.findall(r'<section class="text" lang="(\w+)">\s*<header>(.*?)</header>', page, re.S)
    assert len(blocks) > 10
    icons = {lang: set(re.findall(r'<a class="src" href="#src-(\d+)"', header)) for lang, header in blocks}
    assert all(len(found) == 1 for found in icons.values()) and icons["en"] != icons["it"]
    for number in icons["en"] | icons["it"]:
        assert f'<li id="src-{number}">' in page
    italian = page[page.index(f'<li id="src-{next(iter(icons["it"]))}">'):]
    assert visible_text(italian[:italian.index("</li>")]).endswith("IT Regolamento Completo, sezione 4: Zone · community")


def test_a_rule_page_links_see_rule_510_in_its_text_and_draws_symbols(real: TestClient) -> None:
    """"See rule 510" was plain text with a "See also: 510" line below; {2} was written as braces.
    Now the chapter is linked in the text (no See also line for it), symbols are drawn as on card
    pages, named in the interface language, and examples keep their label. Fails before."""
    page = real.get("/rules/702.19a").text
    assert '(See rule <a class="ref" href="/rules/510#R510">510</a>, “Combat Damage Step.”)' in page
    assert 'class="refs"' not in page
    page = real.get("/rules/601.2f?ui=it").text
    assert "{0}" not in visible_text(page[page.index("<main>"):])
    assert '<abbr class="ms ms-n" title="0 generico">0</abbr>' in page
    page = real.get("/rules/107.4?ui=en").text
    assert re.search(r'<p class="example"><span class="example-label" lang="en">Example:</span> '
                     r'<abbr class="ms ms-g-w" title="green / white">G/W</abbr>', page)


# -- the interface admits its gaps (issue 33.15) -----------------------------------------

def test_the_home_page_says_when_no_rules_text_is_held_in_the_interface_language(real: TestClient,
                                                                                 tmp_path: Path) -> None:
    """The French interface never said that the tool holds no French rules text. Fails before."""
    french = real.get("/?ui=fr").text
    assert ("La base de connaissances ne contient aucun texte des règles en français : elles sont affichées "
            "en anglais et italien.") in french
    assert "no-rules-text" not in real.get("/?ui=it").text and "no-rules-text" not in real.get("/?ui=en").text
    # computed from what the knowledge base holds: with a French release, no such notice
    build = store.stage(tmp_path)
    store.write_documents(build, [
        Document(id=f"cr-{lang}", lang=lang, format="cr-text", effective_date="2030-01-01", provenance="official",
                 rules=(Rule("1", "section", title=title), Rule("100", "chapter", title=title),
                        Rule("100.1", "rule", text=title)))
        for lang, title in (("en", "General"), ("fr", "Généralités"))])
    store.publish(tmp_path, build)
    with_french = client_for(tmp_path)
    assert "no-rules-text" not in with_french.get("/?ui=fr").text
    assert "no-rules-text" not in with_french.get("/?ui=en").text
    assert "non contiene testi delle regole in italiano: sono mostrate in inglese e francese." in \
        with_french.get("/?ui=it").text


ERROR_PAGES = ["/search?q=%01", "/search?q=x&limit=0", "/search?q=x&limit=99", "/search?q=x&lang=de",
               "/search?q=x&kind=zz", "/search?q=%FF", "/rules/400.7?page=x", "/rules/400.7?page=5",
               "/rules/400.7?release=2020", "/rules/400.7?release=2020-01-01", "/rules/999.9?release=2025-11-14",
               "/rules/" + "1" * 41, "/cards/%FF", "/define/%FF", "/cards/" + "a" * 151, "/define/" + "a" * 151,
               "/glossary?q=" + "a" * 201]


@pytest.mark.parametrize("ui", ["it", "fr"])
def test_error_messages_are_said_in_the_interface_language(real: TestClient, ui: str) -> None:
    """Error messages stayed in English in the Italian and French interfaces. Each error a page can
    give is said in the interface language, its values kept. Fails before."""
    def error(url: str, lang: str, method: str = "GET") -> str:
        page = real.request(method, url + ("&" if "?" in url else "?") + f"ui={lang}")
        assert page.status_code in (400, 404, 405), (url, page.status_code)
        return page.text[page.text.index('<p class="error">'):].split("</p>")[0]

    for url in ERROR_PAGES:
        english, translated = error(url, "en"), error(url, ui)
        assert 'lang="en"' not in translated and translated != english, (url, translated)
    assert "Il limite deve essere un numero intero da 1 a 50." in error("/search?q=x&limit=0", "it")
    assert "Il n’y a pas de page 5 pour &#39;400.7&#39; (pages : 1)." in error("/rules/400.7?page=5", "fr")
    assert "ne modifie rien" in error("/", "fr", "POST")


def test_an_unknown_error_message_is_shown_in_english_and_said_so() -> None:
    from kb.web.errortext import error_text
    from kb.web.i18n import translations

    shown = str(error_text("something <new> happened", translations("it").gettext))
    assert shown == ('Non è stato possibile rispondere alla richiesta. I dettagli, in inglese: '
                     '<span lang="en">something &lt;new&gt; happened</span>')
    assert str(error_text("something happened", translations("en").gettext)) == "Something happened"  # a sentence


def test_the_400_page_of_a_search_has_a_search_box(real: TestClient) -> None:
    """A bad search (400) answered with no search box at all (the search page hides the header's).
    Now the header's box is there, holding the query. Fails before."""
    page = real.get("/search?q=pareggio&limit=0&ui=en")
    assert page.status_code == 400
    assert re.search(r'<form class="find" action="/search"[^>]*>\s*<input type="search" name="q" value="pareggio"',
                     page.text)


# -- a card by its name (issue 33.16) --------------------------------------------------------

def test_an_exact_card_name_in_the_search_box_opens_the_card(real: TestClient) -> None:
    """A rule number opened its rule, a card's exact name did not. When the search's first answer is
    the card the query names, in any language (case, spaces and the apostrophe's form aside), its
    page opens; a name that is not exact lists the hits. Fails before."""
    for query, where in (("Sun Titan", "/cards/Sun%20Titan?ui=en"), ("titano  solare", "/cards/Sun%20Titan?ui=en"),
                         ("council’s judgment", "/cards/Council%27s%20Judgment?ui=en")):
        answer = real.get("/search", params={"q": query, "ui": "en"}, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == where, query
    assert real.get("/search", params={"q": "Sun Tita", "ui": "en"}, follow_redirects=False).status_code == 200
    # words that name no card: the hits are listed
    assert real.get("/search", params={"q": "vote", "ui": "en"}, follow_redirects=False).status_code == 200


def test_a_card_found_in_three_languages_is_listed_once(real: TestClient) -> None:
    """Searching a card's name listed it once per language (Magister of Worth three times). Now once,
    with its other names beside it. Fails before."""
    page = real.get("/search", params={"q": "Magister", "ui": "en"}).text
    assert page.count('href="/cards/Magister%20of%20Worth"') == 1
    head = page[page.index('href="/cards/Magister%20of%20Worth"'):].split("</div>")[0]
    assert '<span class="lang">FR</span> Magister de la valeur' in head
    assert '<span class="lang">IT</span> Magister dei Meritevoli' in head
