"""``mtgkb rule`` as a judge reads it: the rule and its subrules first, then a handful of rulings;
a language with no text falls back to English, said once; no empty language lines."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from kb.cli import main


def run(kb_dir: Path, *args: str):
    result = CliRunner().invoke(main, [*args, "--kb", str(kb_dir)])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_rule_and_its_subrules_come_before_any_ruling(product_kb: Path) -> None:
    lines = run(product_kb, "rule", "701.38").splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("Rulings ("))
    assert lines.index("701.38a") < lines.index("701.38d") < heading
    assert not any(line.lstrip().startswith("ruling") for line in lines[:heading])
    # a handful, the rest counted; each ruling names its cards
    assert lines[heading].startswith("Rulings (") and "5 shown; --rulings all for the other" in lines[heading]
    shown = [line for line in lines[heading:] if line.startswith("  - ")]
    assert len(shown) == 5
    assert any(line.startswith("    Cards: Council's Judgment, ") for line in lines[heading:])
    # the Italian translation of a ruling is shown under its English ruling
    assert any(line.startswith("    [it] Bisogna votare per una delle opzioni") for line in lines[heading:])


def test_near_duplicate_rulings_are_folded_and_all_can_be_shown(product_kb: Path) -> None:
    linked = {r["text"] for e in json.loads(run(product_kb, "rule", "701.38", "--json")) for r in e["rulings"]}
    output = run(product_kb, "rule", "701.38", "--rulings", "all")
    shown = [line for line in output.splitlines() if line.startswith("  - ")]
    assert 20 < len(shown) < len(linked)  # folded, none hidden
    assert sum("each player will know the votes of players who voted beforehand" in line for line in shown) == 2
    assert "2 wordings" in output
    none = run(product_kb, "rule", "701.38", "--rulings", "0")
    assert "Rulings (" in none and "0 shown" in none and "  - " not in none


def test_no_empty_language_line(product_kb: Path) -> None:
    output = run(product_kb, "rule", "4")
    assert output.splitlines()[:2] == ["4.", "  [en] Zones"]
    assert not any(line.rstrip() in ("[it]", "[fr]", "[en]") for line in map(str.strip, output.splitlines()))


def test_a_language_without_text_falls_back_to_english_once(product_kb: Path) -> None:
    output = run(product_kb, "rule", "100.1-100.2", "--lang", "fr")
    lines = output.splitlines()
    assert lines[0] == "(No French text held for these rules: showing English.)"
    assert output.count("No French text") == 1 and "no text" not in output
    assert lines[1:3] == ["100.1", "  [en] These Magic rules apply to any Magic game with two or more players, "
                                   "including two-player games and multiplayer games."]
    # only the rules a language lacks are named
    mixed = run(product_kb, "rule", "400.1", "100.1.", "--lang", "it").splitlines()
    assert mixed[0] == "(No Italian text held for 100.1: showing English.)"
    assert mixed[2].startswith("  [it] ")
    # the English rulings shown for French carry no Italian translation
    vote = run(product_kb, "rule", "701.38", "--lang", "fr")
    assert "Rulings (" in vote and "[it]" not in vote
    [entry] = json.loads(run(product_kb, "rule", "100.1.", "--lang", "fr", "--json"))
    assert entry["fallback"] == {"asked": ["fr"], "shown": "en"} and set(entry["texts"]) == {"en"}


def test_sources_are_named_by_title_and_date(product_kb: Path) -> None:
    output = run(product_kb, "rule", "400.7")
    assert output.splitlines()[-1] == ("Sources: en = Magic: The Gathering Comprehensive Rules, 2025-11-14 (official); "
                                       "it = Regolamento Completo, sezione 4: Zone (community)")


def test_a_chapter_s_rulings_are_counted_by_rule_not_folded(product_kb: Path, monkeypatch) -> None:
    """Issue 34.3: ``mtgkb rule 702`` folded a chapter's every ruling (38 s on the archive); past
    MAX_FOLDED it lists the rules with their counts. Fails before: the rulings were folded."""
    import kb.rulings

    monkeypatch.setattr(kb.rulings, "MAX_FOLDED", 3)
    output = run(product_kb, "rule", "702")
    assert "too many to fold here; each rule's with mtgkb rule NUMBER:" in output
    assert "  702.9 Flying (" in output
    assert "--rulings all" not in output
