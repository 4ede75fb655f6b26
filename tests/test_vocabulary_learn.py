"""The learner: on small synthetic cards, and on the five shared MTGJSON set files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.vocabulary.assemble import Evidence, concept
from kb.vocabulary.cards import CardReport, ParallelCard, Printed, read_cards
from kb.vocabulary.evidence import clean_lines
from kb.vocabulary.heads import english_line_keywords, head_phrases, line_head
from kb.vocabulary.learn import learn
from kb.vocabulary.lookup import name_key
from kb.vocabulary.release import Seed

from .conftest import CORPUS, SHARED_CORPUS, cr_release, require_shared

LEARNED = ("keywords", "ability-word", "text", "type-line", "counters")


def _card(name: str, text: str, it: tuple[str, str], fr: tuple[str, str], keywords=(), date="2020-01-01"):
    return ParallelCard(name, text, "Creature — Bird", tuple(keywords), ("Creature",), (),
                        [Printed("it", it[0], "Creatura — Uccello", it[1], date),
                         Printed("fr", fr[0], "Créature : oiseau", fr[1], date)])


def _synthetic_cards() -> list[ParallelCard]:
    """Birds with flying (one named like an explorer), ground creatures, graveyard spells."""
    cards = [_card(f"Bird {i}", "Flying\nWhen ~ dies, draw a card.",
                   (f"Uccello {i}", f"Volare\nQuando l'Uccello {i} muore, pesca una carta."),
                   (f"Oiseau {i}", f"Vol\nQuand l'Oiseau {i} meurt, piochez une carte."), ["Flying"])
             for i in range(6)]
    cards.append(_card("Tuktuk the Explorer", "Flying\nTuktuk the Explorer can't block.",
                       ("Tuktuk l'Esploratore", "Volare\nTuktuk l'Esploratore non può bloccare."),
                       ("Tuktuk l'explorateur", "Vol\nTuktuk l'explorateur ne peut pas bloquer."), ["Flying"]))
    cards += [_card(f"Bear {i}", "When ~ enters the battlefield, you gain 1 life.",
                    (f"Orso {i}", f"Tuktuk Quando l'Orso {i} entra nel campo di battaglia, guadagni 1 punto vita."),
                    (f"Ours {i}", f"Quand l'Ours {i} arrive sur le champ de bataille, vous gagnez 1 point de vie."))
              for i in range(6)]
    graveyard = [
        ("Return target creature card from your graveyard to your hand.",
         "Fai tornare una carta creatura bersaglio dal tuo cimitero in mano.",
         "Renvoyez une carte de créature ciblée de votre cimetière dans votre main."),
        ("Exile target card from a graveyard.", "Esilia una carta bersaglio da un cimitero.",
         "Exilez une carte ciblée d'un cimetière."),
        ("Put a card from your graveyard on top of your library.",
         "Metti una carta dal tuo cimitero in cima al tuo grimorio.",
         "Mettez une carte de votre cimetière au-dessus de votre bibliothèque."),
    ]
    cards += [_card(f"Raise {i}", en, (f"Risveglio {i}", it), (f"Réveil {i}", fr))
              for i, (en, it, fr) in enumerate(graveyard * 2)]
    return cards


def test_line_heads_stop_at_costs_dashes_numbers_and_lost_line_breaks() -> None:
    assert line_head("Equipaggiare {2}") == "Equipaggiare"
    assert line_head("Enchanter : créature") == "Enchanter"
    assert line_head("Parentela All'inizio del tuo mantenimento") == "Parentela"
    assert line_head("Tattiche del branco") == "Tattiche del branco"
    assert head_phrases("Volare, attacco improvviso") == ["Volare", "attacco", "attacco improvviso"]
    assert english_line_keywords("Flying, first strike", ("First strike", "Flying")) == ["Flying", "First strike"]
    assert english_line_keywords("Flying creatures can't block.", ("Flying",)) is None


def test_card_names_and_reminder_text_are_masked_before_learning() -> None:
    lines = clean_lines("Volare (Può bloccare.)\nZaffai, Conduttore del Tuono infligge 2 danni.",
                        ["Zaffai, Conduttore del Tuono"])
    assert lines == ["Volare", "~ infligge 2 danni."]
    assert clean_lines("CavalieratoOgniqualvolta attacca") == ["Cavalierato", "Ogniqualvolta attacca"]


def test_the_learner_names_a_keyword_and_a_zone_from_synthetic_cards_and_not_from_card_names() -> None:
    evidence = Evidence.gather(_synthetic_cards())
    flying = concept(Seed("keyword-ability", "Flying", ["702.9"], keywords={"flying"}), evidence)
    assert (flying.name("it"), flying.name("fr")) == ("volare", "vol")
    assert flying.names[0].cards == 7 and flying.names_in("it")[0].source == "keywords:line"
    graveyard = concept(Seed("zone", "Graveyard", ["404"]), evidence)
    assert (graveyard.name("it"), graveyard.name("fr")) == ("cimitero", "cimetière")
    names = [name_key(n.text) for c in (flying, graveyard) for n in c.names if n.lang != "en"]
    assert not any("tuktuk" in n or "esploratore" in n for n in names)


def test_the_learner_reads_set_files_once_per_card_face(tmp_path: Path) -> None:
    entry = {"name": "Bird", "text": "Flying", "type": "Creature — Bird", "keywords": ["Flying"],
             "types": ["Creature"], "foreignData": [
                 {"language": "Italian", "name": "Uccello", "type": "Creatura", "text": "Volare"},
                 {"language": "German", "name": "Vogel", "type": "Kreatur", "text": "Fliegend"}]}
    for code, date in (("AAA", "2010-01-01"), ("BBB", "2020-01-01")):
        data = {"meta": {"date": "2022-04-25", "version": "5.2.0"},
                "data": {"code": code, "releaseDate": date, "cards": [entry]}}
        (tmp_path / f"{code}.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "allSets.json").write_text("", encoding="utf-8")
    report = CardReport()
    (card,) = read_cards(tmp_path, report)
    assert (report.sets, report.entries, report.foreign, report.version) == (2, 2, {"it": 1}, "5.2.0")
    assert card.printed("it") == [Printed("it", "Uccello", "Creatura", "Volare", "2020-01-01")]


# -- the five shared set files -------------------------------------------------------------------

@pytest.fixture(scope="module")
def learned_from_five_sets():
    folder = require_shared(SHARED_CORPUS / "mtgjson")
    return learn(folder, cr_release("20251114"), CORPUS / "lexicon-core.tsv"), folder


def test_the_learner_on_the_five_set_files_names_evergreen_keywords(learned_from_five_sets) -> None:
    result, _ = learned_from_five_sets
    by_id = {c.id: c for c in result.concepts}
    assert by_id["keyword-ability:flying"].name("it") == "volare"
    assert by_id["keyword-ability:flying"].name("fr") == "vol"
    assert by_id["keyword-ability:trample"].name("fr") == "piétinement"
    assert by_id["keyword-ability:lifelink"].name("it") == "legame vitale"
    assert by_id["zone:graveyard"].name("fr") == "cimetière"
    assert by_id["counter:+1/+1-counter"].name("it") == "segnalino +1/+1"
    assert result.cards.sets == 5 and result.faces > 1000
    assert 0 < result.coverage.covered < result.coverage.total == 254


def test_names_learned_from_the_five_set_files_hold_no_card_name_only_word(learned_from_five_sets) -> None:
    """A word found in card names but in no card's rules text (names masked) never becomes a name."""
    result, folder = learned_from_five_sets
    cards = read_cards(folder)
    for lang in ("it", "fr"):
        in_names, in_texts = set(), set()
        for card in cards:
            for printed in card.printed(lang):
                in_names |= set(name_key(printed.name, lang).split())
                for line in clean_lines(printed.text, [printed.name, card.name]):
                    in_texts |= set(name_key(line, lang).split())
        name_only = in_names - in_texts
        learned = [n.text for c in result.concepts for n in c.names_in(lang, obsolete=True)
                   if n.source.split(":")[0] in LEARNED]
        assert learned
        assert not [n for n in learned if set(name_key(n, lang).split()) & name_only]


def test_a_hub_of_the_near_words_is_left_out_and_the_committed_table_holds_none() -> None:
    """An English word the encoder puts nearest to many unrelated words (*dealt* was the nearest of 362 French words,
    *aboutissement*, *abusivement* ...) read every one of them as a game word; a word crowded by its own forms stays."""
    from kb.vocabulary.nearwords import MIN_HUB, without_hubs

    from .conftest import ROOT

    unrelated = [("fr", f"{chr(97 + i % 26)}{chr(97 + i // 26)}xyz", "dealt", 0.8) for i in range(MIN_HUB)]
    own_forms = [("it", f"usa{i}", "use", 0.9) for i in range(MIN_HUB)]
    few = [("it", f"{chr(97 + i)}bc", "boast", 0.8) for i in range(MIN_HUB - 1)]
    assert without_hubs(unrelated + own_forms + few) == own_forms + few
    rows = [tuple(line.split("\t")) for line in (ROOT / "corpus" / "nearwords.tsv").read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]
    kept = without_hubs([(lang, foreign, english, float(cosine)) for lang, foreign, english, cosine in rows])
    assert len(kept) == len(rows) > 15_000
    assert not any(english in ("dealt", "boast", "obeyed") for _lang, _foreign, english, _cosine in rows)


def test_filtering_a_near_words_table_with_a_bad_line_names_the_file_and_line(tmp_path, capsys) -> None:
    from kb.vocabulary.nearwords import main

    table = tmp_path / "near.tsv"
    table.write_text("# header\n# lang\tforeign\tenglish\tcosine\nit\tinsieme\ttogether\t0.940\nit\tvuoto\n",
                     encoding="utf-8")
    assert main(["--without-hubs", str(table)]) == 1
    error = capsys.readouterr().err.strip()
    assert error == f"error: {table}:4: expected lang, foreign word, English word and cosine, tab-separated"
    assert table.read_text(encoding="utf-8").endswith("it\tvuoto\n")  # nothing written
    table.write_text("# header\n# lang\tforeign\tenglish\tcosine\nit\tinsieme\ttogether\t0.940\n", encoding="utf-8")
    assert main(["--without-hubs", str(table)]) == 0
    assert "insieme\ttogether\t0.940" in table.read_text(encoding="utf-8")
