"""Foreign texts are aligned to every English release held, and every lookup in a release reads
that release's alignment: the embedded corpus plus the nine shared releases (2012 to 2025).

The Italian seed's Vote (its own 701.31) is 701.32 in 2022-11-18 to 2025-04-04 and 701.38 from
2025-06-06, where 701.32 is Goad; 2012-07-01 has no Vote and a 400.7 with fewer subrules (no
static-abilities exception, so the prevention one is 400.7b) and no 400.10 of the command zone.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb import store
from kb.align import align
from kb.align.rules import _monotone_pairs
from kb.cli import main
from kb.corpus import embedded_corpus
from kb.export.selection import select
from kb.lookup import lookup
from kb.model import Document, Rule
from kb.store import KnowledgeBase
from .conftest import SHARED_CORPUS, require_shared
from .test_align import EN_RULES, IT_VOTE
from .webtools import web_client

SEED_VOTE = "000_a6d3485c321a44a0"
SEED_ZONES = "004_033ca0c87611b1e4"
VOTE_WORD = "votare"  # in every Italian Vote subrule but 701.31b
VOTE_SUBRULES = ["701.32a", "701.32c", "701.32d"]


@pytest.fixture(scope="module")
def kb_dir(kb_cache) -> Path:
    return kb_cache.shared([embedded_corpus(), require_shared(SHARED_CORPUS / "cr-en")])


@pytest.fixture(scope="module")
def kb(kb_dir):
    with KnowledgeBase.open(kb_dir) as opened:
        yield opened


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def _texts(kb: KnowledgeBase, selector: str, release: str | None, lang: str = "it") -> dict[str, dict]:
    return {e["number"]: e["texts"][lang] for e in lookup(kb, [selector], [lang], release) if lang in e["texts"]}


# -- rules and rulings in the release asked for ------------------------------------------

def test_vote_sits_under_701_32_in_2024_11_08_with_its_italian_texts_and_rulings(kb):
    texts = _texts(kb, "701.32", "2024-11-08")
    assert sorted(texts) == ["701.32", "701.32a", "701.32b", "701.32c", "701.32d"]
    assert all(t["source"] == SEED_VOTE and t["source_number"] == n.replace("701.32", "701.31")
               for n, t in texts.items())
    assert all(VOTE_WORD in texts[n]["text"] for n in VOTE_SUBRULES)
    (entry,) = lookup(kb, ["701.32."], (), "2024-11-08")
    assert entry["texts"]["en"]["text"] == "Vote" and entry["texts"]["en"]["effective_date"] == "2024-11-08"
    english = [r["text"] for r in entry["rulings"] if r["lang"] == "en"]
    italian = [r for r in entry["rulings"] if r["lang"] == "it"]
    assert len(english) > 20 and all("goad" not in t.casefold() for t in english)
    assert sum("vote" in t.casefold() for t in english) > 20
    assert len(italian) == 5 and all(r["link"]["method"] == "keyword-page" for r in italian)


def test_goad_in_2024_11_08_shows_no_vote(kb):
    entries = lookup(kb, ["701.38"], (), "2024-11-08")
    assert entries[0]["texts"]["en"]["text"] == "Goad"
    assert all("it" not in e["texts"] for e in entries)
    rulings = [r["text"].casefold() for e in entries for r in e["rulings"]]
    assert rulings and all("goad" in t and "vote" not in t for t in rulings)
    assert all("elsewhere" not in e for e in entries)  # no source numbers a text 701.38 there


@pytest.mark.parametrize(("release", "number"), [("2016-08-26", "701.29"), ("2022-11-18", "701.32"),
                                                 ("2025-06-06", "701.38"), (None, "701.38")])
def test_vote_follows_its_number_through_the_releases(kb, release, number):
    texts = _texts(kb, number, release)
    assert texts[number]["source_number"] == "701.31"
    assert VOTE_WORD in texts[number + "a"]["text"]


def test_2012_has_no_vote_and_shows_no_italian_vote_anywhere(kb):
    every = lookup(kb, ["701"], ["it"], "2012-07-01")
    assert all(t["source"] != SEED_VOTE for e in every for lang, t in e["texts"].items() if lang == "it")
    assert not any(VOTE_WORD in t["text"] for e in lookup(kb, ["701.1-701.25c"], ["it"], "2012-07-01")
                   for lang, t in e["texts"].items() if lang == "it")


def test_400_7_in_2012_pairs_each_italian_subrule_with_the_english_one_it_translates(kb):
    entries = {e["number"]: e for e in lookup(kb, ["400.7"], (), "2012-07-01")}
    it = {n: e["texts"].get("it", {}) for n, e in entries.items()}
    assert it["400.7a"].get("source_number") is None and "caratteristiche" in it["400.7a"]["text"]
    # English 400.7b is the prevention exception: beside it the Italian 400.7c, not the Italian 400.7b
    assert "Prevention" in entries["400.7b"]["texts"]["en"]["text"]
    assert it["400.7b"]["source_number"] == "400.7c" and "prevenzione" in it["400.7b"]["text"]
    assert [it[n].get("source_number") for n in ("400.7c", "400.7d", "400.7e", "400.7f")] == \
        ["400.7d", "400.7e", "400.7f", "400.7g"]
    # the Italian 400.7b (static abilities) fits no rule of 2012: not shown, and said so
    shown = {t.get("source_number", n) for n, t in it.items() if t}
    assert "400.7b" not in shown
    (note,) = entries["400.7b"]["elsewhere"]
    assert (note["source"], note["source_number"], note["aligned_number"]) == (SEED_ZONES, "400.7b", None)


def test_400_10_and_400_11_in_2012(kb):
    texts = _texts(kb, "400.10-400.11", "2012-07-01")
    assert "fuori dal gioco" in texts["400.10"]["text"] and texts["400.10"]["source_number"] == "400.11"
    assert "Rimescola la tua mano" in texts["400.11"]["text"] and texts["400.11"]["source_number"] == "400.12"
    # the Italian 400.10 (command zone) has no counterpart in 2012, though its words resemble 400.8's
    assert all(t.get("source_number") != "400.10" for t in _texts(kb, "400", "2012-07-01").values())
    assert "source_number" not in _texts(kb, "400.8", "2012-07-01")["400.8"]


def test_content_alignment_agrees_with_the_english_release_matching(kb):
    """Two independent methods: each Italian text's place in a release (aligned by content) is, where
    the English releases' own matching finds the rule, the same rule as its place in the reference."""
    docs = [SEED_VOTE, SEED_ZONES]
    reference = {(a.doc_id, a.number): a.aligned_number for a in kb.aligned_numbers(docs)}
    checked = 0
    for release in {d.effective_date for d in kb.releases() if d.lang == "en"}:
        for placed in kb.aligned_numbers(docs, release):
            known = kb.reference_number(placed.aligned_number, release)
            if known is not None:
                assert known == reference[(placed.doc_id, placed.number)], (release, placed)
                checked += 1
    assert checked > 300


def test_texts_of_one_source_never_share_a_rule(kb):
    for release in {d.effective_date for d in kb.releases() if d.lang == "en"}:
        placed = [(a.doc_id, a.aligned_number) for a in kb.aligned_numbers([SEED_VOTE, SEED_ZONES], release)]
        assert len(placed) == len(set(placed)), release


# -- a number the source gives another rule -------------------------------------------------

def test_701_31_says_where_the_italian_701_31_is(kb_dir):
    text = _run("rule", "701.31", "--lang", "it", "--rulings", "0", "--kb", str(kb_dir))
    assert "[en] Planeswalk" in text and VOTE_WORD not in text
    assert text.count("the Italian source Voto numbers 701.38 (Vote) as 701.31") == 1
    older = _run("rule", "701.31.", "--lang", "it", "--release", "2022-11-18", "--kb", str(kb_dir))
    assert "the Italian source Voto numbers 701.32 (Vote) as 701.31" in older
    data = json.loads(_run("rule", "701.31.", "--lang", "fr", "--json", "--kb", str(kb_dir)))
    assert "elsewhere" not in data[0]  # the French asked for: nothing to say of the Italian


# -- translators ---------------------------------------------------------------------------

def test_export_of_2024_11_08_puts_goad_and_vote_where_they_are(kb_dir):
    out = _run("export", "701.32", "701.38", "--format", "csv", "--target", "it", "--release", "2024-11-08",
               "--kb", str(kb_dir))
    rows = {row["number"]: row for row in csv.DictReader(io.StringIO(out))}
    assert (rows["701.38"]["en"], rows["701.38"]["it"], rows["701.38"]["status"]) == ("Goad", "", "new")
    assert rows["701.32"]["en"] == "Vote" and rows["701.32"]["status"] == "stale"  # renumbered: check it
    assert VOTE_WORD in rows["701.32a"]["it"] and rows["701.38a"]["it"] == ""


def test_status_of_2024_11_08(kb_dir):
    report = json.loads(_run("status", "--target", "it", "--release", "2024-11-08", "--json", "--kb", str(kb_dir)))
    (chapter,) = [c for c in report["chapters"] if c["chapter"] == "701"]
    assert [s["number"] for s in chapter["stale"]] == ["701.32", "701.32a", "701.32b", "701.32c", "701.32d"]
    assert {"701.38", "701.38a"} <= set(chapter["missing"]) and "701.32" not in chapter["missing"]


def test_diff_lang_reads_the_italian_texts_in_the_old_release(kb_dir):
    data = json.loads(_run("diff", "2024-11-08", "2025-11-14", "--lang", "it", "--json", "--kb", str(kb_dir)))
    vote = {item["number"]: item for item in data["stale"] if item["document"] == SEED_VOTE}
    assert sorted(vote) == ["701.31", "701.31a", "701.31b", "701.31c", "701.31d"]
    assert (vote["701.31"]["change"], vote["701.31"]["old_number"], vote["701.31"]["new_number"]) == \
        ("moved", "701.32", "701.38")
    text = _run("diff", "2024-11-08", "2025-11-14", "--lang", "it", "--kb", str(kb_dir))
    assert "701.31 [Voto, 2024-11-23]: English 701.32 moved to 701.38" in text and "701.15" not in text
    assert SEED_VOTE not in text, "documents are named by title and date, not by id"


# -- the web ---------------------------------------------------------------------------------

def test_web_rule_pages_and_api_read_the_release_asked_for(kb_dir):
    client = web_client(kb_dir)
    goad = client.get("/rules/701.38?release=2024-11-08")
    assert goad.status_code == 200 and "Goad" in goad.text and VOTE_WORD not in goad.text
    vote = client.get("/rules/701.32?release=2024-11-08&lang=it")
    assert VOTE_WORD in vote.text and "Numbered 701.31a in its source." in vote.text
    api = client.get("/api/rules/701.38?release=2024-11-08").json()
    assert all("it" not in e["texts"] for e in api)
    planeswalk = client.get("/rules/701.31?lang=it")
    assert "The IT source Voto numbers 701.38 (Vote) as 701.31." in planeswalk.text


# -- small documents: a translator's import, subrules in order ---------------------------------

def _release(date: str, rules: list[Rule]) -> Document:
    return Document(f"cr-en-{date}", "en", "cr-text", effective_date=date, rules=tuple(rules))


def test_a_translators_import_follows_its_english_source_into_other_releases():
    vote = [Rule("701.32", "rule", "Vote"), Rule("701.32a", "subrule", "Players vote for one choice from a list.")]
    goad = [Rule("701.32", "rule", "Goad"), Rule("701.32a", "subrule", "Certain spells can goad a creature.")]
    moved = [Rule("701.38", "rule", "Vote"), Rule("701.38a", "subrule", "Players vote for one choice from a list.")]
    chapter = Rule("701", "chapter", title="Keyword Actions")
    old, new = _release("2024-11-08", [chapter, *vote]), _release("2025-06-06", [chapter, *goad, *moved])
    units = {"701.32": {"source_text": "Vote", "source_release": "2024-11-08"},
             "701.32a": {"source_text": "Players vote for one choice from a list.", "source_release": "2024-11-08"}}
    imported = Document("translations-it", "it", "mtgkb-translation", provenance="translator", meta={"units": units},
                        rules=(Rule("701.32", "rule", "Voto"), Rule("701.32a", "subrule", "Si vota.")))
    result = align([old, new, imported])
    in_old, in_new = result.placements[old.id], result.placements[new.id]
    assert [(in_old.link(imported.id, n).aligned_number, in_old.link(imported.id, n).method)
            for n in ("701.32", "701.32a")] == [("701.32", "declared"), ("701.32a", "declared")]
    assert [(in_new.link(imported.id, n).aligned_number, in_new.link(imported.id, n).method)
            for n in ("701.32", "701.32a")] == [("701.38", "content"), ("701.38a", "content")]
    assert result.rules[(imported.id, "701.32")].aligned_number == "701.38"  # the reference's numbering
    assert result.release_numbers[old.id] == {"701": "701", "701.32": "701.38", "701.32a": "701.38a"}


def test_subrules_pair_in_order_and_skip_what_has_no_counterpart():
    # foreign a b c d against English a b c, where foreign b is new: a-a, c-b, d-c
    scores = [[0.9, 0.3, 0.2], [0.5, 0.45, 0.3], [0.4, 0.95, 0.3], [0.2, 0.3, 0.7]]
    same = lambda i, j: i == j  # noqa: E731
    gain = lambda i, j: None if scores[i][j] < (0.25 if same(i, j) else 0.5) else \
        scores[i][j] + 0.1 * same(i, j) - 0.25  # noqa: E731
    assert _monotone_pairs(4, 3, gain) == {0: 0, 2: 1, 3: 2}
    assert _monotone_pairs(2, 2, lambda i, j: None) == {}


def test_align_report_counts_the_rules_placed_in_each_release(kb_dir):
    lines = _run("align", "--lang", "it", "--kb", str(kb_dir)).splitlines()
    placed = {line.split(":")[0].strip(): line for line in lines if line.startswith("  20")}
    assert len(placed) == 9
    aligned, renumbered, unaligned = (int(x) for x in placed["2012-07-01"].split("[it] ")[1].split(", "))
    assert unaligned >= 7 and renumbered > 0 and aligned + renumbered + unaligned == 44
    assert placed["2024-11-08"].endswith("[it] 39, 5, 0")


def _renumbered(rules: list[Rule], old: str, new: str) -> list[Rule]:
    return [Rule(r.number.replace(old, new), r.kind, r.text, r.title) for r in rules if r.number.startswith(old)]


@pytest.mark.parametrize("reworded", [False, True])
def test_source_release_check_reads_the_rule_where_the_translation_sits_in_that_release(tmp_path, reworded):
    """A translation made from 2024-11-08 (Vote at 701.32) and numbered as 2025-06-06 numbers it (701.38,
    Goad's number in 2024): stale only when Vote's English text changed, whatever 701.38 was in 2024."""
    chapter, monstrosity, vote = EN_RULES[0], EN_RULES[1:5], EN_RULES[5:]
    goad = [Rule("701.32", "rule", "Goad"), Rule("701.32a", "subrule", "Certain spells and abilities can goad a "
                                                                       "creature until your next turn.")]
    new_vote = _renumbered(vote, "701.32", "701.38")
    if reworded:
        new_vote[1] = Rule("701.38a", "subrule", new_vote[1].text.replace("chooses one of", "picks one of"))
    forage = [Rule("701.38", "rule", "Forage"),
              Rule("701.38a", "subrule", "To forage, exile three cards from your graveyard or sacrifice a Food.")]
    old = _release("2024-11-08", [chapter, *monstrosity, *vote, *forage])
    new = _release("2025-06-06", [chapter, *monstrosity, *goad, *new_vote])
    italian = Document("it-page", "it", "wiki-keyword-text", provenance="community",
                       rules=tuple(_renumbered(IT_VOTE, "701.31", "701.38")), meta={"source_release": "2024-11-08"})
    docs = [old, new, italian]
    stage = store.stage(tmp_path)
    store.write_documents(stage, docs, alignment=align(docs))
    with KnowledgeBase(stage) as kb:
        units = {u.id: u for u in select(kb, ["701.38"], targets=("it",)).units}
    assert units["701.38a"].targets["it"].text.startswith("Alcune magie")
    reason = units["701.38a"].targets["it"].reason
    assert reason == ("translated from another English text (the release 2024-11-08)" if reworded else None)
    assert units["701.38b"].targets["it"].reason is None


def test_a_chapter_or_rule_that_fits_only_by_number_is_not_paired():
    """In a release other than the reference, weak content evidence keeps a text at its number only
    when the English releases' matching says that rule is the one it sits at in the reference."""
    italian = Document("it-zones", "it", "wiki-cr-text", provenance="community",
                       rules=(Rule("401", "chapter", title="Grimorio"),
                              Rule("401.1", "rule", "Quando inizia una partita, il mazzo di ogni giocatore diventa il "
                                                    "suo grimorio.")))
    library = _release("2025-06-06", [Rule("401", "chapter", title="Library"),
                                      Rule("401.1", "rule", "When a game begins, each player's deck becomes their "
                                                            "library.")])
    hand = _release("2024-11-08", [Rule("401", "chapter", title="Hand"),
                                   Rule("401.1", "rule", "The hand is where a player holds cards that have been drawn.")])
    result = align([library, hand, italian])
    assert [result.rules[(italian.id, n)].method for n in ("401", "401.1")] == ["number", "number"]
    older = result.placements[hand.id]
    assert [older.link(italian.id, n).method for n in ("401", "401.1")] == ["unaligned", "unaligned"]
    reasons = {u.id: u.reason for u in older.unaligned}
    assert "shares nothing with 'Hand'" in reasons["401"] and "content disagrees" in reasons["401.1"]


def test_a_number_missing_from_the_release_asked_names_that_release(kb_dir):
    result = CliRunner().invoke(main, ["rule", "701.31", "--release", "2012-07-01", "--kb", str(kb_dir)])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no rule 701.31 in the release 2012-07-01; nearest: ")
