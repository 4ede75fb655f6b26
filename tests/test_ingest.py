"""kb.ingest: which files a build reads, and which it reports as skipped."""

from __future__ import annotations

from pathlib import Path

from kb.ingest import collect


def test_a_link_to_a_folder_inside_a_corpus_folder_is_reported_not_passed_over(tmp_path: Path) -> None:
    """A translator's trial: a symlinked 'mtgjson' folder inside the --corpus folder was passed over without
    a word (1 card aligned instead of 459). It is listed as skipped, with how to read it."""
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "A.json").write_text("{}", encoding="utf-8")
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "mtgjson").symlink_to(cards, target_is_directory=True)
    files, skipped = collect([corpus])
    assert files == [] and [(Path(s.path).name, s.reason.split(",")[0]) for s in skipped] == \
        [("mtgjson", "a link to a folder")]
