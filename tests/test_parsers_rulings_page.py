"""The rulings page parser on the seed of WotC rulings (French page, English rulings)."""

from __future__ import annotations

import pytest

from .conftest import CORPUS
from kb.errors import ParseError
from kb.parsers import rulings_page
from kb.sources import read_source, source_from_bytes

SEED = CORPUS / "001_c70b93c6d7c03b3c.txt"


@pytest.fixture(scope="module")
def doc():
    return rulings_page.parse(read_source(SEED))


def _seed_lines() -> list[str]:
    return read_source(SEED).lines


def _page(lines: list[str], name: str = "rulings.txt"):
    return source_from_bytes("\n".join(lines).encode("utf-8"), name)


def test_document_provenance_and_header(doc):
    assert (doc.lang, doc.provenance, doc.format) == ("en", "official", "rulings-page")
    assert doc.title == "Clarifications officielles de Wizards of the Coast"
    assert doc.meta["translations"] == {"fr": "machine"}
    assert doc.meta["authoritative"] == "en"
    assert doc.meta["notice"].startswith("Clarifications officielles")
    assert doc.effective_date == "2023-06-16"


def test_thirteen_english_rulings(doc):
    assert len(doc.rulings) == 13
    for ruling in doc.rulings:
        assert (ruling.lang, ruling.date, ruling.source, ruling.provenance) == ("en", "2023-06-16", "wotc", "official")
        assert ruling.translations == ()
    assert [r.line for r in doc.rulings] == list(range(2, 27, 2))
    assert doc.rulings[0].text == "Each player can have only one emblem named The Ring and only one Ring-bearer at a time."
    assert doc.rulings[-1].text == "Each player must vote for one of the available options. They can't abstain."


def test_every_line_accounted(doc):
    acc = doc.accounting
    assert acc.total == len(_seed_lines()) == 27
    assert acc.landed == acc.accounted == 27
    assert acc.unparsed == ()


def test_french_translations_marked_or_recognised():
    lines = _seed_lines()[:5]
    lines.insert(3, "FR (IA) : Chaque joueur ne peut avoir qu'un seul emblème nommé l'Anneau.")
    lines.append("Si la créature que vous choisissez était déjà votre porteur de l'Anneau, cela compte "
                 "quand même comme le choix de cette créature.")
    doc = rulings_page.parse(_page(lines))
    first, second = doc.rulings
    assert first.translations == (("fr", "Chaque joueur ne peut avoir qu'un seul emblème nommé l'Anneau.", "machine"),)
    assert first.text.startswith("Each player can have only one emblem")
    assert second.translations[0][0] == "fr" and second.translations[0][2] == "machine"
    assert second.text.startswith("If the creature you choose")
    assert doc.accounting.landed == doc.accounting.total == 7


def test_other_date_languages_and_sources():
    lines = ["Rulings", "2024-02-09 · source : scryfall", "Some note.", "November 8, 2024 · source: wotc",
             "A ruling.", "23 novembre 2024 · source : wotc", "Another ruling."]
    doc = rulings_page.parse(_page(lines))
    assert [(r.date, r.source, r.provenance) for r in doc.rulings] == [
        ("2024-02-09", "scryfall", "community"), ("2024-11-08", "wotc", "official"), ("2024-11-23", "wotc", "official")]
    assert doc.effective_date == "2024-11-23"


def test_malformed_date_line_names_file_and_line():
    lines = _seed_lines()
    lines[5] = "32 juin 2023 · source : wotc"
    with pytest.raises(ParseError) as err:
        rulings_page.parse(_page(lines, "page.txt"))
    assert err.value.line == 6
    assert str(err.value).startswith("page.txt:6: date not understood")


def test_ruling_with_no_date_line_before_it():
    lines = _seed_lines()
    del lines[3]  # the date line of the second ruling
    with pytest.raises(ParseError) as err:
        rulings_page.parse(_page(lines))
    assert err.value.line == 4 and "no date line" in err.value.message


def test_text_before_the_first_date_line():
    lines = _seed_lines()
    lines.insert(1, "Each player must vote.")
    with pytest.raises(ParseError) as err:
        rulings_page.parse(_page(lines))
    assert err.value.line == 2


def test_truncated_after_a_date_line():
    with pytest.raises(ParseError) as err:
        rulings_page.parse(_page(_seed_lines()[:6]))
    assert err.value.line == 6 and "truncated" in err.value.message


def test_no_rulings():
    with pytest.raises(ParseError) as err:
        rulings_page.parse(_page(["Clarifications officielles"]))
    assert err.value.line == 1
