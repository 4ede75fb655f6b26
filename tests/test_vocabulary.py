"""The committed vocabulary table: loading, lookup in each language, the review, coverage."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from kb.errors import ParseError
from kb.vocabulary import Concept, Name, Vocabulary, default_vocabulary, name_key, read_table
from kb.vocabulary.coverage import coverage
from kb.vocabulary.review import Correction, apply_review, read_review
from kb.vocabulary.table import COLUMNS, format_table

from .conftest import CORPUS, parsed_release


@pytest.fixture(scope="module")
def vocabulary() -> Vocabulary:
    return default_vocabulary()


def _only(vocabulary: Vocabulary, text: str, lang: str | None = None) -> Concept:
    found = vocabulary.lookup(text, lang)
    assert found, f"{text!r} names nothing"
    return found[0]


# -- loading -------------------------------------------------------------------------------------

def test_the_table_loads_every_kind_with_an_english_name_for_each_concept(vocabulary) -> None:
    kinds = {c.kind for c in vocabulary.concepts}
    assert kinds == {"keyword-ability", "keyword-action", "ability-word", "zone", "phase", "step",
                     "card-type", "supertype", "counter", "term"}
    assert len(vocabulary) > 700
    assert all(c.en for c in vocabulary.concepts)
    assert len({c.id for c in vocabulary.concepts}) == len(vocabulary)


def test_every_language_has_at_most_one_preferred_name_and_it_comes_first(vocabulary) -> None:
    for concept in vocabulary.concepts:
        for lang in ("en", "it", "fr"):
            forms = [n.form for n in concept.names if n.lang == lang]
            assert forms.count("preferred") <= 1, concept.id
            if "preferred" in forms:
                assert forms[0] == "preferred", concept.id


def test_the_table_round_trips_through_its_text(tmp_path: Path, vocabulary) -> None:
    path = tmp_path / "v.tsv"
    path.write_text(format_table(vocabulary.concepts, ["provenance line"]), encoding="utf-8")
    assert read_table(path) == vocabulary.concepts


def test_a_malformed_row_is_a_one_line_error_naming_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("# note\n" + "\t".join(COLUMNS) + "\nzone:x\tplanet\t\ten\tX\tpreferred\t0\t1\t\t\n",
                    encoding="utf-8")
    with pytest.raises(ParseError, match=r"bad\.tsv:3: unknown kind 'planet'"):
        read_table(path)


def test_reading_the_table_stays_light() -> None:
    """The lookup path imports neither the search engine nor the HTML parsers."""
    code = ("import sys; from kb.vocabulary import default_vocabulary; default_vocabulary().lookup('vol'); "
            "print(','.join(m for m in ('whoosh', 'bs4', 'lxml', 'kb.parsers') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""


def test_the_vocabulary_saved_beside_an_index_reads_back_the_same(vocabulary, tmp_path: Path) -> None:
    """kb.vocabulary.saved: the concepts, and the names keyed as the table gives them; a copy saved
    from another table is not used."""
    from kb.vocabulary.saved import read_saved, save_vocabulary
    from kb.vocabulary.table import default_table_path

    save_vocabulary(vocabulary, tmp_path / "saved")
    saved = read_saved(tmp_path / "saved")
    assert saved is not None and saved.concepts == vocabulary.concepts
    assert saved.matches("travolgere", "it") == vocabulary.matches("travolgere", "it")
    assert saved.spot("regole del legame vitale") == vocabulary.spot("regole del legame vitale")
    other = tmp_path / "other.tsv"
    other.write_bytes(default_table_path().read_bytes() + b"\n")
    assert read_saved(tmp_path / "saved", other) is None
    (tmp_path / "broken").write_bytes(b"not marshal")
    assert read_saved(tmp_path / "broken") is None


# -- lookup -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, lang, rule, english", [
    ("travolgere", "it", "702.19", "Trample"),
    ("piétinement", "fr", "702.19", "Trample"),
    ("PIETINEMENT", None, "702.19", "Trample"),
    ("legame vitale", "it", "702.15", "Lifelink"),
    ("lien de vie", "fr", "702.15", "Lifelink"),
    ("voto", "it", "701.38", "Vote"),
    ("votare", None, "701.38", "Vote"),
    ("profetizza", "it", "701.22", "Scry"),
    ("regard", "fr", "701.22", "Scry"),
    ("zona pubblica", "it", "400.2", "Public Zone"),
    ("zone pubbliche", "it", "400.2", "Public Zone"),
    ("valore di mana", "it", "202.3", "Mana Value"),
    ("valeur de mana", "fr", "202.3", "Mana Value"),
    ("terraferma", "it", "207.2c", "landfall"),
    ("segnalino +1/+1", "it", "122", "+1/+1 counter"),
])
def test_a_name_in_any_language_reaches_its_concept_and_rule(vocabulary, text, lang, rule, english) -> None:
    concept = _only(vocabulary, text, lang)
    assert (concept.rule, concept.en) == (rule, english)


def test_cimetiere_is_the_graveyard_zone_with_its_chapter(vocabulary) -> None:
    concept = _only(vocabulary, "cimetière", "fr")
    assert (concept.kind, concept.en, concept.rules) == ("zone", "Graveyard", ("404",))
    assert concept.name("it") == "cimitero"
    assert vocabulary.by_rule("404") == (concept,)


def test_elisions_and_listed_variants_are_tolerated(vocabulary) -> None:
    assert _only(vocabulary, "l’esilio", "it").en == "Exile"
    assert _only(vocabulary, "dell'esilio", "it").kind == "zone"
    assert _only(vocabulary, "esilia", "it").kind == "keyword-action"  # printed imperative, a listed variant
    assert vocabulary.lookup("segnalino -1/-1")[0].en == "-1/-1 counter"  # signs kept apart


def test_old_wordings_still_find_the_renamed_concept_but_are_not_shown_as_its_name(vocabulary) -> None:
    mana_value = _only(vocabulary, "costo di mana convertito", "it")
    assert mana_value.en == "Mana Value"
    assert mana_value.name("it") == "valore di mana"
    umbra = _only(vocabulary, "totem armor", "en")
    assert umbra.en == "Umbra Armor" and umbra.name("it") is None  # renamed after the archive: no current name


def test_an_english_word_shared_by_two_concepts_finds_both(vocabulary) -> None:
    kinds = {c.kind for c in vocabulary.lookup("exile")}
    assert kinds == {"zone", "keyword-action"}


def test_spot_finds_the_longest_game_terms_of_a_query(vocabulary) -> None:
    spots = vocabulary.spot("regole del legame vitale e travolgere", "it")
    assert [(s.phrase, s.matches[0].concept.en) for s in spots] == [
        ("legame vitale", "Lifelink"), ("travolgere", "Trample")]


def test_name_key_folds_case_accents_quotes_elisions_and_hyphens() -> None:
    assert name_key("L’Esilio", "it") == "esilio"
    assert name_key("Anti-malocchio", "it") == "anti malocchio"
    assert name_key("marqueur « charge »", "fr") == "marqueur charge"
    assert name_key("+1/+1 counter") != name_key("-1/-1 counter")


# -- the review ---------------------------------------------------------------------------------------

def test_corrections_name_their_reason_and_the_review_file_applies_cleanly() -> None:
    corrections = read_review(CORPUS / "vocabulary-review.tsv")
    assert len(corrections) > 200
    assert all(c.note.startswith(("reviewed:", "curated:")) for c in corrections)


def test_review_actions_change_forms_and_sources() -> None:
    concept = Concept("keyword-action:x", "keyword-action", ("701.99",), (
        Name("X", "en"), Name("bad phrase", "it", "preferred", 5, 0.9, "text"),
        Name("xare", "it", "variant", 3, 1.0, "text")))
    fixes = [Correction("drop", concept.id, "it", "bad phrase", "reviewed: fragment", 1),
             Correction("prefer", concept.id, "it", "xare", "reviewed: the verb", 2),
             Correction("add", concept.id, "it", "xa", "reviewed: printed form", 3)]
    (fixed,) = apply_review([concept], fixes)
    names = {n.text: (n.form, n.source, n.note) for n in fixed.names_in("it")}
    assert names == {"xare": ("preferred", "text+reviewed", "reviewed: the verb"),
                     "xa": ("variant", "curated", "reviewed: printed form")}


def test_only_narrows_a_language_s_names_to_some_rules_and_the_table_keeps_it(tmp_path) -> None:
    concept = Concept("term:draw", "term", ("121", "104.4"), (
        Name("Draw", "en"), Name("pescare", "it"), Name("piocher", "fr")))
    (fixed,) = apply_review([concept], [Correction("only", concept.id, "it", "121", "reviewed: a card", 4)])
    assert [(n.text, n.rules) for n in fixed.names] == [("Draw", ()), ("pescare", ("121",)), ("piocher", ())]
    path = tmp_path / "v.tsv"
    path.write_text(format_table([fixed]), encoding="utf-8")
    assert "term:draw\tterm\t121\tit\tpescare" in path.read_text(encoding="utf-8")
    assert read_table(path) == (fixed,)
    with pytest.raises(ParseError, match=r"review:5: term:draw: 'only' needs some, not all, of its rules"):
        apply_review([concept], [Correction("only", concept.id, "fr", "121 104.4", "reviewed: …", 5)])
    with pytest.raises(ParseError, match=r"review:6: term:draw: 'only' needs some"):
        apply_review([concept], [Correction("only", concept.id, "fr", "509", "reviewed: …", 6)])


def test_a_review_row_that_no_longer_applies_is_an_error() -> None:
    concept = Concept("zone:x", "zone", (), (Name("X", "en"),))
    with pytest.raises(ParseError, match=r"review:7: zone:x: no it name 'nothing' to drop"):
        apply_review([concept], [Correction("drop", "zone:x", "it", "nothing", "reviewed: …", 7)])


# -- coverage against the 2025-11-14 release ----------------------------------------------------------

def test_keyword_coverage_is_computed_and_matches_the_figure_the_table_records(vocabulary) -> None:
    release = parsed_release("20251114")
    result = coverage(vocabulary.concepts, release)
    assert result.total == 254  # 701.2-701.67 and 702.2-702.189
    header = (CORPUS / "vocabulary.tsv").read_text(encoding="utf-8").split("\nid\t", 1)[0]
    recorded = re.search(r"with an Italian and a French name: (\d+)/(\d+)", header)
    assert (result.covered, result.total) == (int(recorded[1]), int(recorded[2]))
    missing = re.findall(r"#   missing (\S+) ", header)
    assert missing == [rule for rule, _, _ in result.missing]
    # Every keyword printed in Italian and French before the archive's date has both names ...
    assert result.share >= 0.69
    for rule in ("701.22", "701.38", "702.9", "702.19", "702.15", "702.164"):
        assert rule not in missing
    # ... and keywords born after it are listed, not invented: named only by the review, each name with the
    # source that shows it printed (Incubate, Plot), else missing (Firebending's Italian name).
    assert "702.189" in missing
    later = [c for c in vocabulary.concepts if set(c.rules) & {"701.53", "702.170"}]
    assert len(later) == 2
    for concept in later:
        foreign = [n for n in concept.names if n.lang in ("it", "fr")]
        assert {n.lang for n in foreign} == {"it", "fr"}
        assert all(n.source == "curated" for n in foreign)
        assert all("printed" in n.note or "official" in n.note for n in foreign if n.form == "preferred")


def test_the_corpus_manifest_lists_the_vocabulary_files_with_their_digests() -> None:
    import hashlib
    import json

    manifest = json.loads((CORPUS / "MANIFEST.json").read_text(encoding="utf-8"))
    listed = {d["file"]: d["sha256"] for d in manifest["documents"] if d["kind"].startswith("vocabulary")}
    assert set(listed) == {"vocabulary.tsv", "vocabulary-review.tsv"}
    for name, digest in listed.items():
        assert hashlib.sha256((CORPUS / name).read_bytes()).hexdigest() == digest, f"{name}: update MANIFEST.json"
