"""`mtgkb align`, the alignment in `mtgkb build` and `mtgkb rule` (seeds + English CR 2024-11-08)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli import main
from .conftest import SEEDS, cr_release


@pytest.fixture(scope="module")
def kb_dir(tmp_path_factory, shared_corpus):
    directory = tmp_path_factory.mktemp("kb")
    seeds = [arg for seed in SEEDS for arg in ("--corpus", str(seed))]
    result = CliRunner().invoke(main, ["build", "--kb", str(directory), *seeds,
                                       "--corpus", str(cr_release("20241108"))])
    assert result.exit_code == 0, result.output
    assert "Alignment against cr-en-2024-11-08:" in result.output
    assert "5 renumbered" in result.output
    return directory


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_rule_shows_renumbered_italian_text_with_its_source_number(kb_dir):
    [entry] = json.loads(run("rule", "701.32.", "--lang", "it", "--json", "--kb", str(kb_dir)))
    italian = entry["texts"]["it"]
    assert italian["source_number"] == "701.31"
    assert italian["alignment"]["method"] == "content" and 0.5 < italian["alignment"]["confidence"] <= 1
    assert {r["lang"] for r in entry["rulings"]} == {"it", "en"}  # the official English ones stay
    assert any(r["text"].startswith("Bisogna votare") for r in entry["rulings"])
    text = run("rule", "701.32a", "--lang", "it", "--kb", str(kb_dir))
    assert "numbered 701.31a in Voto" in text


def test_monstrosity_number_shows_no_italian_vote_text(kb_dir):
    entries = json.loads(run("rule", "701.31", "--json", "--kb", str(kb_dir)))
    assert entries[0]["texts"]["en"]["text"] == "Monstrosity"
    assert all("it" not in e["texts"] for e in entries)


def test_english_rule_lists_its_rulings(kb_dir):
    [entry] = json.loads(run("rule", "701.32.", "--lang", "en", "--json", "--kb", str(kb_dir)))
    texts = [r["text"] for r in entry["rulings"]]
    assert "Each player must vote for one of the available options. They can't abstain." in texts
    assert not any("Ring" in t for t in texts)


def test_align_json_counts_pairs_unaligned_and_numbering(kb_dir):
    data = json.loads(run("align", "--lang", "it", "--json", "--kb", str(kb_dir)))
    assert data["reference"] == "cr-en-2024-11-08"
    assert data["counts"]["it"]["rule"] == {"aligned": 39, "renumbered": 5, "unaligned": 0}
    assert {"doc": "000_a6d3485c321a44a0", "lang": "it", "source_number": "701.31", "aligned_number": "701.32",
            "method": "content", "confidence": data["numbering"][0]["confidence"]} in data["numbering"]
    assert any(u["kind"] == "ruling" and u["text"].startswith("I giocatori non possono") for u in data["unaligned"])
    assert all({"method", "confidence"} <= set(p) for p in data["pairs"])


def test_align_text_report(kb_dir):
    text = run("align", "--kb", str(kb_dir))
    # documents by title and date, never by a file hash (the JSON keeps the ids)
    assert "Reference: Magic: The Gathering Comprehensive Rules, 2024-11-08 (cr-en-2024-11-08)" in text
    assert "  [it] Voto, 2024-11-23 · 701.31 -> 701.32  (content" in text
    assert "term    [it] Regolamento Completo, sezione 4: Zone · Grimorio = Library" in text
    assert "Unaligned:" in text and "000_a6d3485c321a44a0" not in text and "004_033ca0c87611b1e4" not in text


def test_align_french_only_is_empty_here(kb_dir):
    data = json.loads(run("align", "--lang", "fr", "--json", "--kb", str(kb_dir)))
    assert data["counts"] == {} or set(data["counts"]) == {"fr"}


def test_align_bad_kb_is_one_line_error(tmp_path):
    (tmp_path / "CURRENT").write_text("nothing\n")
    broken = tmp_path / "builds" / "nothing"
    broken.mkdir(parents=True)
    (broken / "kb.sqlite").write_text("not a database")
    result = CliRunner().invoke(main, ["align", "--kb", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.strip().startswith("Error:") and len(result.output.strip().splitlines()) == 1


def test_align_lists_rules_in_rules_order(product_kb) -> None:
    """400.2 comes before 400.10, 400.9 before 400.10 (rule numbers, not text), in text and JSON."""
    from kb.numbering import RuleNumber

    data = json.loads(run("align", "--lang", "it", "--json", "--kb", str(product_kb)))
    seed = [p["a_id"] for p in data["pairs"] if p["kind"] == "rule" and p["a_doc"] == "004_033ca0c87611b1e4"]
    assert seed == sorted(seed, key=lambda n: RuleNumber.parse(n).sort_key) and len(seed) > 30
    assert seed.index("400.2") < seed.index("400.9") < seed.index("400.10") < seed.index("400.11a")
    printed = [line.split(" · ")[1].split(" ")[0] for line in run("align", "--lang", "it", "--kb", str(product_kb))
               .splitlines() if line.startswith("  rule    [it] Regolamento Completo, sezione 4: Zone · ")]
    assert printed == seed
