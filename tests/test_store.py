"""The built knowledge base: atomic publication, pruning, damaged stores."""

from __future__ import annotations

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
