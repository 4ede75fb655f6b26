"""kb.align.core: the curated core file, its entries and its check against what was learned."""

from __future__ import annotations

import pytest

from kb.align.core import check_core, core_entries
from kb.vocabulary.core_terms import load_core
from kb.align.lexicon import Lexicon, LexiconEntry, stem
from kb.errors import ParseError
from .conftest import CORPUS


def test_core_file_loads_and_has_every_zone_in_three_languages():
    terms = load_core(CORPUS / "lexicon-core.tsv")
    zones = {t.en: (t.it, t.fr) for t in terms if t.category == "zone"}
    assert zones["library"] == ("grimorio", "bibliothèque")
    assert {"hand", "battlefield", "graveyard", "stack", "exile", "command"} <= set(zones)
    entries = core_entries(terms)
    assert any(e.lang == "fr" and e.en == stem("graveyard", "en") and e.foreign == stem("cimetière", "fr")
               for e in entries)


def test_core_file_error_names_file_and_line(tmp_path):
    bad = tmp_path / "core.tsv"
    bad.write_text("# comment\nzone\tlibrary\tgrimorio\n", encoding="utf-8")
    with pytest.raises(ParseError) as err:
        load_core(bad)
    assert err.value.line == 2 and "4 tab-separated cells" in str(err.value)


def test_check_core_reports_agreement_and_disagreement():
    terms = load_core(CORPUS / "lexicon-core.tsv")
    library = [t for t in terms if t.en in ("library", "hand")]
    learned = Lexicon()
    learned.add(LexiconEntry("it", stem("library", "en"), stem("grimorio", "it"), 0.9, 5, "learned"))
    learned.add(LexiconEntry("it", stem("hand", "en"), stem("cimitero", "it"), 0.9, 5, "learned"))
    verdicts = {(c["en"], c["lang"]): c["verdict"] for c in check_core(library, learned)}
    assert verdicts[("library", "it")] == "agree"
    assert verdicts[("hand", "it")] == "disagree"
    assert verdicts[("library", "fr")] == "unknown"
