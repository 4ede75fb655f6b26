"""The keyword page parser on the Italian Voto seed and on broken copies of it."""

from __future__ import annotations

import pytest

from .conftest import CORPUS
from kb.errors import ParseError
from kb.parsers import wiki_keyword_text
from kb.sources import read_source, source_from_bytes

SEED = CORPUS / "000_a6d3485c321a44a0.txt"


@pytest.fixture(scope="module")
def doc():
    return wiki_keyword_text.parse(read_source(SEED))


def _seed_lines() -> list[str]:
    return read_source(SEED).lines


def _broken(lines: list[str], name: str = "voto.txt"):
    return source_from_bytes("\n".join(lines).encode("utf-8"), name)


def test_title_provenance_and_claims(doc):
    assert (doc.title, doc.lang, doc.provenance, doc.format) == ("Voto", "it", "community", "wiki-keyword-text")
    assert doc.effective_date == "2024-11-23"
    assert doc.release == "Fondamenti di Magic: the Gathering"


def test_infobox_description_and_keyword_names(doc):
    assert doc.meta["infobox"] == {
        "Tipo": "Azione definita da parola chiave",
        "Introdotta in": "Conspiracy",
        "Ambientazione": "Rappresenta il potere di scelta del consiglio reggente di Fiora.",
    }
    assert doc.introduction.startswith("Vote è un'azione definita da parola chiave")
    assert doc.introduction.endswith("Will of the Council e Council's Dilemma.")
    assert doc.meta["keyword"] == {"it": "Voto", "en": "Vote"}


def test_five_community_rulings(doc):
    assert len(doc.rulings) == 5
    assert [r.line for r in doc.rulings] == [12, 13, 14, 15, 16]
    for ruling in doc.rulings:
        assert (ruling.lang, ruling.provenance, ruling.source, ruling.date) == ("it", "community", "community", None)
        assert not ruling.text.startswith("•")
    assert doc.rulings[1].text == "Bisogna votare per una delle opzioni disponibili. Non è consentita l'astensione."


def test_quoted_rules_split_in_sequence(doc):
    numbers = [r.number for r in doc.rules]
    assert numbers == ["701.31", "701.31a", "701.31b", "701.31c", "701.31d"]
    vote = doc.rules[0]
    assert (vote.kind, vote.text, vote.title) == ("rule", "Vote", "Vote")
    subrules = doc.rules[1:]
    assert all(r.kind == "subrule" and r.line == 18 for r in subrules)
    assert subrules[0].text.startswith("Alcune magie e abilità chiedono a un giocatore di votare")
    assert subrules[0].text.endswith("sceglie una di quelle opzioni.")
    assert subrules[3].text == ("Se un effetto dona a un giocatore voti multipli, tutti quei voti sono fatti "
                                "nello stesso momento in cui quel giocatore può votare.")


def test_every_line_accounted(doc):
    acc = doc.accounting
    assert acc.total == len(_seed_lines()) == 18
    assert acc.accounted == acc.total
    assert acc.unparsed == ()
    assert acc.boilerplate == {"repeated title": 1, "heading": 1}
    assert acc.blank == 5


def test_numbers_in_text_and_references_do_not_split():
    lines = _seed_lines()
    lines[17] = lines[17].replace("sceglie una di quelle opzioni.",
                                  "sceglie una di quelle opzioni tra 5 giocatori (vedi regola 701.31b) e 702.19.")
    doc = wiki_keyword_text.parse(_broken(lines))
    rules = doc.rule_map()
    assert list(rules) == ["701.31", "701.31a", "701.31b", "701.31c", "701.31d"]
    assert rules["701.31a"].text.endswith("(vedi regola 701.31b) e 702.19.")
    assert rules["701.31a"].refs == ("701.31b",)


def test_out_of_sequence_subrule_is_an_error():
    lines = _seed_lines()
    lines[17] = lines[17].replace("701.31c Se il testo", "701.31e Se il testo")
    with pytest.raises(ParseError) as err:
        wiki_keyword_text.parse(_broken(lines))
    assert err.value.line == 18 and "701.31e out of sequence" in err.value.message


def test_truncated_inside_the_claim():
    lines = _seed_lines()
    lines[17] = "Tratto dal Regolamento (Aggiornato a Fondamenti di Ma"
    with pytest.raises(ParseError) as err:
        wiki_keyword_text.parse(_broken(lines))
    assert err.value.line == 18 and "truncated" in err.value.message


def test_truncated_after_the_rulings_heading():
    with pytest.raises(ParseError) as err:
        wiki_keyword_text.parse(_broken(_seed_lines()[:10]))
    assert err.value.line == 10 and "Regolamento" in err.value.message


def test_claim_without_a_date():
    lines = _seed_lines()
    lines[17] = lines[17].replace("23 Novembre 2024", "32 Novembre 2024")
    with pytest.raises(ParseError) as err:
        wiki_keyword_text.parse(_broken(lines))
    assert err.value.line == 18 and "no date" in err.value.message


def test_quote_without_rule_number():
    lines = _seed_lines()
    lines[17] = lines[17].replace(") 701.31 Vote", ") Vote")
    with pytest.raises(ParseError) as err:
        wiki_keyword_text.parse(_broken(lines))
    assert err.value.line == 18


def test_stray_bullet_before_any_heading_is_unparsed():
    lines = _seed_lines()
    lines.insert(6, "• un punto senza titolo")
    doc = wiki_keyword_text.parse(_broken(lines))
    assert [(u.line, u.text) for u in doc.accounting.unparsed] == [(7, "• un punto senza titolo")]
    assert len(doc.rulings) == 5


@pytest.mark.parametrize("paragraph", ["Note generali", "Le regole principali sono queste:",
                                       "Alcune precisazioni sul voto, raccolte dai giudici."])
def test_a_short_paragraph_before_the_rulings_list_is_read(doc, paragraph: str):
    """Issue 34 point 26: refused before ('heading 'Regolamento' has nothing under it')."""
    lines = _seed_lines()
    at = lines.index("Regolamento") + 1
    page = wiki_keyword_text.parse(_broken([*lines[:at], paragraph, *lines[at:]]))
    assert [r.text for r in page.rulings] == [r.text for r in doc.rulings]
    assert page.meta["sections"]["Regolamento"] == [paragraph]
    assert not page.accounting.unparsed
