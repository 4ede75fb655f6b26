"""Every lookup path uses the English reference number (issue 12, item 5): with the 2025-11-14
release the Italian seed's Vote (its own 701.31) is 701.38, shown as "numbered 701.31 in its
source", and never under 701.31 (Planeswalk)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.lookup import lookup
from kb.store import KnowledgeBase
from .webtools import web_client

SEED_VOTE = "000_a6d3485c321a44a0"
ITALIAN_VOTE = "votare"  # a word of every Italian Vote subrule but 701.31b and of the seed's rulings


@pytest.fixture(scope="module")
def kb_dir(product_kb) -> Path:
    """The embedded corpus: the seeds, the five shared MTGJSON sets and the 2025-11-14 release."""
    return product_kb


@pytest.fixture(scope="module")
def kb(kb_dir: Path):
    with KnowledgeBase.open(kb_dir) as opened:
        yield opened


def italian_entries(kb: KnowledgeBase, selector: str) -> dict[str, dict]:
    return {e["number"]: e["texts"]["it"] for e in lookup(kb, [selector], ["it"]) if "it" in e["texts"]}


@pytest.mark.parametrize("selector", ["701.31", "701.31a", "701.31.", "701.30-701.32", "701.31b-d"])
def test_701_31_shows_no_italian_text(kb, selector):
    entries = lookup(kb, [selector], ["it"])
    assert entries and all("it" not in e["texts"] for e in entries)
    assert all(r["lang"] != "it" for e in entries for r in e["rulings"])


def test_italian_vote_is_701_38_numbered_701_31_in_its_source(kb):
    texts = italian_entries(kb, "701.38")
    assert sorted(texts) == ["701.38", "701.38a", "701.38b", "701.38c", "701.38d"]
    assert all(t["source"] == SEED_VOTE and t["source_number"] == n.replace("701.38", "701.31") for n, t in texts.items())
    rulings = [r for e in lookup(kb, ["701.38."], ["it"]) for r in e["rulings"]]
    italian = [r for r in rulings if r["lang"] == "it"]
    assert len(italian) == 5 and all(r["link"]["method"] == "keyword-page" for r in italian)
    # the official English rulings stay beside the Italian ones: asking for Italian hides none
    assert len([r for r in rulings if r["lang"] == "en"]) == len(lookup(kb, ["701.38."], ["en"])[0]["rulings"]) > 5


def test_chapter_701_puts_the_italian_vote_under_701_38_only(kb):
    texts = italian_entries(kb, "701")  # a chapter shows its rules, not their subrules
    assert {n for n in texts if n.startswith("701.")} == {"701.38"}
    assert texts["701.38"]["source_number"] == "701.31"


def test_cli_text_and_json_use_the_reference_number(kb_dir):
    runner = CliRunner()
    shown = runner.invoke(main, ["rule", "701.31", "--lang", "it", "--kb", str(kb_dir)])
    assert shown.exit_code == 0 and ITALIAN_VOTE not in shown.output and "701.31" in shown.output
    vote = runner.invoke(main, ["rule", "701.38a", "--lang", "it", "--kb", str(kb_dir)])
    assert ITALIAN_VOTE in vote.output and "numbered 701.31a in Voto" in vote.output
    data = json.loads(runner.invoke(main, ["rule", "701.31", "--lang", "it", "--json", "--kb", str(kb_dir)]).output)
    # no Italian text under 701.31 (Planeswalk): the English one, said to be a fallback
    assert [(set(e["texts"]), e["fallback"]["shown"]) for e in data] == [({"en"}, "en")] * 5


def test_web_rule_pages_read_the_same_lookup(kb_dir):
    client = web_client(kb_dir)
    page = client.get("/rules/701.31?lang=it")
    assert page.status_code == 200 and ITALIAN_VOTE not in page.text
    planeswalk = client.get("/api/rules/701.31?lang=it").json()[0]
    assert set(planeswalk["texts"]) == {"en"} and planeswalk["fallback"] == {"asked": ["it"], "shown": "en"}
    vote = client.get("/rules/701.38?lang=it")
    assert ITALIAN_VOTE in vote.text and "701.31" in vote.text  # only in the "numbered ... in its source" notice
    assert 'href="/rules/701.31' not in vote.text
