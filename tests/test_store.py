"""The built knowledge base: atomic publication, pruning, damaged stores."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb import store
from kb.cli import main
from kb.errors import StoreError
from kb.model import Document, Rule


def _doc(text: str) -> Document:
    return Document(id="d", lang="en", format="cr-text", effective_date="2024-11-08",
                    rules=(Rule("1", "section", title="Game Concepts"), Rule("100", "chapter", title="General"),
                           Rule("100.1", "rule", text)))


def _build(kb_dir: Path, text: str) -> Path:
    stage = store.stage(kb_dir)
    store.write_documents(stage, [_doc(text)])
    store.publish(kb_dir, stage)
    return stage


def test_publish_keeps_two_builds_and_never_touches_one_being_staged(tmp_path: Path) -> None:
    staging = store.stage(tmp_path)  # another process's build, not yet published
    first = _build(tmp_path, "one")
    second = _build(tmp_path, "two")
    third = _build(tmp_path, "three")
    assert store.current_build(tmp_path) == third
    assert not first.exists() and second.exists() and staging.exists()
    with store.KnowledgeBase.open(tmp_path) as kb:
        [(_, [version])] = list(kb.versions(kb.numbers()[-1:]))
        assert version.rule.text == "three"


def test_no_build_is_a_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no knowledge base built here; run 'mtgkb build'"):
        store.KnowledgeBase.open(tmp_path)


def test_damaged_database_is_one_line(tmp_path: Path) -> None:
    build = _build(tmp_path, "one")
    db = sqlite3.connect(build / store.DB_NAME)
    db.execute("DROP TABLE rules")
    db.commit()
    db.close()
    result = CliRunner().invoke(main, ["rule", "100.1", "--kb", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: the knowledge base is damaged (no such table: rules)")
    assert "Traceback" not in result.output


def test_read_methods_give_typed_records_in_document_order(tmp_path: Path) -> None:
    from kb.model import Card, Example, Ruling, Term

    rules = Document(id="rules", lang="en", format="cr-text", effective_date="2024-11-08",
                     rules=(Rule("7", "section", title="Additional Rules"), Rule("701", "chapter", title="Keyword Actions"),
                            Rule("701.32", "rule", "Vote", examples=(Example("Example: a tie.", 9),), refs=("701.32a",))),
                     terms=(Term(("Vote",), "See rule 701.32, “Vote.”", refs=("701.32",)),))
    cards = Document(id="cards", lang="en", format="mtgjson", cards=(
        Card("Council's Judgment", "Sorcery", "Will of the council — vote.",
             (("fr", "Jugement du conseil", "Rituel", "Volonté du conseil — vote."),), ("CNS",)),),
        rulings=(Ruling("You must vote.", card="Council's Judgment", date="2016-06-08"),
                 Ruling("Vous devez voter.", lang="fr", card="Council's Judgment", provenance="community")))
    stage = store.stage(tmp_path)
    store.write_documents(stage, [cards, rules])
    store.publish(tmp_path, stage)
    with store.KnowledgeBase.open(tmp_path) as kb:
        assert kb.document("rules") == rules and kb.document("cards") == cards
        assert [r.ruling.lang for r in kb.rulings(["cards"], lang="fr")] == ["fr"]
        assert [(t.doc_id, t.term.names) for t in kb.terms(["cards", "rules"])] == [("rules", ("Vote",))]
        assert kb.headings("rules") == {"7": "Additional Rules", "701": "Keyword Actions"}
        [named] = kb.cards_named("council's judgment", any_case=True)
        assert named.card.foreign[0][1] == "Jugement du conseil"
        assert [c.doc_id for c in kb.cards_with_foreign("Jugement")] == ["cards"]
        assert kb.card_names_starting("Council", 5) == ["Council's Judgment"]
        assert [r.ruling.text for r in kb.card_rulings("Council's Judgment")] == ["Vous devez voter.", "You must vote."]
        assert [v.rule.number for v in kb.rule_versions(["rules"])] == ["7", "701", "701.32"]


def test_identical_rulings_are_one_ruling_with_their_cards_dates_and_sources(tmp_path: Path) -> None:
    from kb.align.result import Alignment, Pair
    from kb.model import Card, Ruling

    text = "Each player must vote for one of the available options. They can't abstain."
    sets = Document(id="sets", lang="en", format="mtgjson", cards=(
        Card("Council's Judgment", keywords=("Will of the council",)), Card("Magister of Worth", keywords=("Flying",))),
        rulings=(Ruling(text, card="Council's Judgment", date="2016-06-08", source="wotc"),
                 Ruling(" ".join(text.upper().split()), card="Magister of Worth", date="2014-05-29", source="wotc"),
                 Ruling("Another ruling.", card="Magister of Worth")))
    page = Document(id="page", lang="en", format="rulings-page",
                    rulings=(Ruling(text.replace("'", "’"), date="2023-06-16", source="wotc", provenance="official"),))
    alignment = Alignment(reference="cr", pairs=[Pair("ruling-rule", "sets", "0", "cr", "701.38", "keyword", 0.98),
                                                 Pair("ruling-rule", "page", "0", "cr", "701.38", "cites", 1.0)])
    stage = store.stage(tmp_path)
    store.write_documents(stage, [sets, page], alignment=alignment)
    store.publish(tmp_path, stage)
    with store.KnowledgeBase.open(tmp_path) as kb:
        [item] = kb.rule_rulings("701.38")
        assert item["cards"] == ["Council's Judgment", "Magister of Worth"]
        assert item["dates"] == ["2014-05-29", "2016-06-08", "2023-06-16"] and item["sources"] == ["wotc"]
        assert item["rulings"] == ["page#0", "sets#0", "sets#1"] and item["ruling"] == "page#0"
        assert item["link"] == {"method": "cites", "confidence": 1.0}
        group = kb.ruling_group("sets", 1)
        assert group is not None and group.members == (("page", 0), ("sets", 0), ("sets", 1))
        assert group.provenance == "official" and group.id == "page#0"
        assert kb.ruling_group("sets", 2).cards == ("Magister of Worth",)
        assert kb.ruling_group("sets", 9) is None
        assert [c.card.keywords for c in kb.cards(["sets"])] == [("Will of the council",), ("Flying",)]


def test_a_publish_killed_before_the_swap_does_not_cost_the_previous_build(tmp_path: Path) -> None:
    _build(tmp_path, "one")
    previous = _build(tmp_path, "two")
    never_current = store.stage(tmp_path)  # killed after writing PUBLISHED, before swapping CURRENT
    store.write_documents(never_current, [_doc("half")])
    (never_current / store.PUBLISHED).write_text("2024-01-01T00:00:00\n")
    newest = _build(tmp_path, "three")
    assert store.current_build(tmp_path) == newest
    assert previous.exists() and not never_current.exists()
    assert sorted(p.name for p in (tmp_path / "builds").iterdir()) == sorted([previous.name, newest.name])


@pytest.mark.parametrize("umask, mode", [(0o022, 0o755), (0o077, 0o700)])
def test_build_folders_are_readable_as_the_umask_allows(tmp_path: Path, umask: int, mode: int) -> None:
    old = os.umask(umask)
    try:
        build = _build(tmp_path, "one")
    finally:
        os.umask(old)
    assert build.stat().st_mode & 0o777 == mode


@pytest.mark.parametrize("kind", ["link to /dev/zero", "FIFO"])
def test_a_current_that_is_no_regular_file_is_a_clear_error_at_once(tmp_path: Path, kind: str) -> None:
    """Issue 34 point 25: a MemoryError traceback (/dev/zero) or a hang for ever (a FIFO) before."""
    import threading

    (tmp_path / "builds").mkdir()
    if kind == "FIFO":
        os.mkfifo(tmp_path / "CURRENT")
    else:
        (tmp_path / "CURRENT").symlink_to("/dev/zero")
    outcome: list[BaseException | None] = []

    def read() -> None:
        try:
            store.current_build(tmp_path)
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 -- the outcome is what the test checks
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    assert outcome, "reading CURRENT hung"
    assert isinstance(outcome[0], StoreError) and "is not a small regular file" in str(outcome[0])
