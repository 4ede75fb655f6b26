"""Issue 12's promises, on a knowledge base of the seeds, the shared MTGJSON set files and the
English release of 2025-11-14: Italian and French game terms reach their rules first, game terms
are kept apart from look-alike words, one hit per rule under its English number, grouped output."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from indexer.searcher import search
from kb.cli import main
from kb.store import KnowledgeBase



@pytest.fixture(scope="module")
def kb_dir(product_kb):
    """The embedded corpus: the seeds, the five shared MTGJSON set files and the 2025-11-14 release
    (byte-identical copies, checked against their sha256 in corpus/MANIFEST.json)."""
    return product_kb


@pytest.fixture(scope="module")
def kb(kb_dir):
    return KnowledgeBase.open(kb_dir)


@pytest.mark.parametrize("query, rule, term", [
    ("travolgere", "702.19", "term/en/Trample"),
    ("piétinement", "702.19", "term/en/Trample"),
    ("legame vitale", "702.15", "term/en/Lifelink"),
    ("lien de vie", "702.15", "term/en/Lifelink"),
    ("valore di mana", "202.3", "term/en/Mana Value"),
    ("cimetière", "404", "term/en/Graveyard"),
    ("cimitero", "404", "term/en/Graveyard"),
])
def test_italian_and_french_game_terms_reach_their_rule_and_glossary_entry_first(kb, query, rule, term) -> None:
    hits = search(kb, query, limit=10)
    assert hits[0].id == f"rule/{rule}" and hits[0].number == rule and hits[0].reason == "concept"
    ids = [h.id for h in hits]
    assert term in ids[:3]
    cards = [i for i, h in enumerate(hits) if h.kind == "card"]
    rest = [i for i, h in enumerate(hits) if h.kind in ("rule", "term", "ruling")]
    assert not cards or max(rest) < min(cards)  # rules, glossary and rulings above card text


@pytest.mark.parametrize("query, rule, term", [
    ("monarca", "724", "term/en/Monarch"),
    ("monarque", "724", "term/en/Monarch"),
    ("abilità attivata", "602", "term/en/Activated Ability"),
    ("capacité activée", "602", "term/en/Activated Ability"),
    ("abilità innescata", "603", "term/en/Triggered Ability"),
    ("capacité déclenchée", "603", "term/en/Triggered Ability"),
    ("punti vita", "119", "term/en/Life"),
    ("points de vie", "119", "term/en/Life"),
    ("pila", "405", "term/en/Stack"),
])
def test_names_the_vocabulary_learned_from_the_archive_reach_their_concept(kb, query, rule, term) -> None:
    ids = [h.id for h in search(kb, query, limit=10)]
    assert ids[0] == f"rule/{rule}" and term in ids[:3]


def test_pila_is_the_stack_first_and_the_pile_after(kb) -> None:
    ids = [h.id for h in search(kb, "pila", limit=10)]
    assert ids.index("rule/405") < ids.index("rule/700.3")


@pytest.mark.parametrize("query, rule", [
    ("azioni basate sullo stato", "704"),
    ("actions basées sur un état", "704"),
    ("iniziativa", "725"),
    ("blocco", "509"),
    ("bloquer", "509"),
    ("priorità", "117"),  # held as a word once a translator imports the glossary's Priorità
    ("priorité", "117"),
    ("tassa del comandante", "903.8"),
    ("regola delle leggende", "704.5j"),
    ("fase finale", "512"),
])
def test_curated_names_reach_their_rule_first(kb, query, rule) -> None:
    hits = search(kb, query, limit=10)
    assert hits[0].id == f"rule/{rule}" and hits[0].reason == "concept"
    assert not hits.suggestions  # the words are game terms, never "corrected" into English


@pytest.mark.parametrize("query, first, then", [
    ("segnalino", "122", "701.6"),  # a counter (the marker) ...
    ("marqueur", "122", "701.6"),
    ("neutralizzare", "701.6", "122"),  # ... is not the action of countering
    ("contrecarrer", "701.6", "122"),
])
def test_the_counter_marker_and_the_counter_action_are_different_concepts(kb, query, first, then) -> None:
    ids = [h.id for h in search(kb, query, limit=10)]
    assert ids[0] == f"rule/{first}"
    assert f"rule/{then}" not in ids or ids.index(f"rule/{then}") > ids.index(f"rule/{first}")


def test_a_homonym_across_languages_shows_the_english_term_first_then_the_other(kb) -> None:
    ids = [h.id for h in search(kb, "initiative", limit=10)]
    assert ids[0] == "rule/725" and "rule/702.7" in ids[:4]  # French "initiative" is first strike
    assert [h.id for h in search(kb, "initiative", lang="fr", limit=10)][0] == "rule/702.7"


def test_a_concept_shows_its_defining_rule_before_its_other_rules(kb) -> None:
    ids = [h.id for h in search(kb, "draw", limit=10)]
    assert ids[0] == "rule/121" and ids.index("rule/121") < ids.index("rule/104.4")


@pytest.mark.parametrize("query", ["pescare", "piocher"])
def test_a_name_standing_for_one_sense_reaches_only_its_rules(kb, query) -> None:
    hits = search(kb, query, limit=10)
    assert hits[0].id == "rule/121" and "rule/104.4" not in [h.id for h in hits]  # not the drawn game
    assert [c["rules"] for c in hits.concepts] == [["121"]]


@pytest.mark.parametrize("query, other", [("segnalino", "701.6"), ("marqueur", "701.6"),
                                          ("neutralizzare", "122"), ("contrecarrer", "122")])
def test_an_english_homonym_does_not_bring_in_the_other_concept(kb, query, other) -> None:
    assert f"rule/{other}" not in [h.id for h in search(kb, query, limit=10)]


def test_an_english_query_names_both_senses(kb) -> None:
    ids = [h.id for h in search(kb, "counter", limit=10)]
    assert {"rule/701.6", "rule/122"} <= set(ids[:4])


@pytest.mark.parametrize("query", ["morire", "mourir", "dies"])
def test_dies_is_not_the_die_rolled(kb, query) -> None:
    ids = [h.id for h in search(kb, query, limit=10)]
    assert ids[0] == "rule/700.4" and not any(i.startswith("rule/706") or i == "term/en/Planar Die" for i in ids)
    assert search(kb, "die", limit=3)[0].id == "rule/706"


def test_a_kind_of_counter_reaches_the_subrule_defining_it(kb) -> None:
    assert "rule/122.1f" in [h.id for h in search(kb, "poison counter", limit=5)]
    assert "rule/122.1f" in [h.id for h in search(kb, "segnalino veleno", limit=5)]


def test_a_rule_query_finds_the_concept_with_kind_rule_and_term(kb) -> None:
    assert search(kb, "valore di mana", kind="rule")[0].number == "202.3"
    assert search(kb, "valore di mana", kind="term")[0].id == "term/en/Mana Value"


def test_mana_never_matches_mano(kb) -> None:
    marked = [h.marked().lower() for h in search(kb, "mana", lang="it", limit=50)]
    assert any("[mana]" in m for m in marked) and not any("[mano]" in m or "[mani]" in m for m in marked)
    hand = search(kb, "mano", lang="it", kind="card", limit=20)
    assert hand and not any("[mana]" in h.marked().lower() for h in hand)


def test_a_game_term_is_not_corrected_into_another(kb) -> None:
    hits = search(kb, "travolgere")
    assert not hits.suggestions and hits[0].number == "702.19"


def test_cr_701_38b_shows_no_italian_701_31b(kb_dir, kb) -> None:
    hits = search(kb, "CR 701.38b")
    assert [h.id for h in hits] == ["rule/701.38b"]
    assert hits[0].texts["it"]["source_number"] == "701.31b"
    out = CliRunner().invoke(main, ["search", "--kb", str(kb_dir), "CR 701.38b"]).output
    assert "mtgkb rule 701.31" not in out and "numbered 701.31b in" in out and "mtgkb rule 701.38b" in out


def test_italian_vote_hits_carry_the_english_number(kb) -> None:
    for hit in search(kb, "voto votare", limit=30):
        if hit.kind in ("rule", "example"):
            assert hit.number.startswith("701.38"), hit.id


def test_grouped_terminal_output_and_json_shape(kb_dir) -> None:
    out = CliRunner().invoke(main, ["search", "--kb", str(kb_dir), "legame vitale", "--limit", "12"]).output
    headings = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert headings.pop(0) == "Game term: Lifelink · legame vitale · lien de vie (702.15)"
    assert headings[0].startswith("Rules (") and any(h.startswith("Glossary (") for h in headings)
    assert [h.split(" (")[0] for h in headings] == [g for g in ("Rules", "Glossary", "Rulings", "Cards")
                                                       if any(h.startswith(g) for h in headings)]
    result = CliRunner().invoke(main, ["search", "--kb", str(kb_dir), "legame vitale", "--json"])
    hits = json.loads(result.output)
    assert hits[0]["kind"] == "rule" and hits[0]["id"] == "rule/702.15" and "en" in hits[0]["texts"]
    assert all("kind" in h for h in hits) and all(("texts" in h) == (h["kind"] == "rule") for h in hits)


def test_web_search_links_italian_vote_texts_to_the_english_number(kb_dir) -> None:
    import re

    from starlette.testclient import TestClient

    from kb.web.app import create_app

    client = TestClient(create_app(kb_dir))
    page = client.get("/search", params={"q": "voto"}).text
    links = set(re.findall(r"/rules/([0-9][0-9.a-z]*)", page))
    assert links and all(n.startswith("701.38") for n in links) and "numbered 701.31" in page
    api = client.get("/api/search", params={"q": "voto", "limit": 10}).json()
    assert all(h["number"] is None or h["number"].startswith("701.38") for h in api if h["kind"] == "rule")


@pytest.mark.parametrize("query, lang, word", [("travolgere", "fr", "piétinement"), ("piétinement", "it", "travolgere")])
def test_a_term_searched_in_another_language_finds_the_cards_printing_its_name_there(kb, query, lang, word) -> None:
    cards = [h for h in search(kb, query, lang=lang, limit=10) if h.kind == "card"]
    assert cards and all(h.lang == lang and word in h.marked().lower() for h in cards)


@pytest.mark.parametrize("query", ["neutralizzare", "contrecarrer"])
def test_countering_does_not_list_the_counters_chapter_or_its_kinds(kb, query) -> None:
    ids = [h.id for h in search(kb, query, limit=10)]
    assert ids[0] == "rule/701.6"
    assert not any(i == "rule/727" or i == "rule/122" or i.startswith(("rule/122.", "rule/727.")) for i in ids)


def test_a_correction_names_a_concept_only_when_it_is_the_whole_query(kb) -> None:
    assert not any(c["id"] == "keyword-ability:reach" for c in search(kb, "porteur de l'Anneau").concepts)
    assert search(kb, "travolgre")[0].id == "rule/702.19"  # a typo of one whole term still is one


def test_a_question_gets_the_rule_where_its_words_meet_before_a_heading_naming_one(kb) -> None:
    """Issue 18: "la pila è vuota" (the stack is empty) is read as stack · empty; the rules holding
    both come before the Stack chapter, which names only one of them (it used to come first)."""
    hits = search(kb, "la pila è vuota", limit=5)
    assert hits.reading["read_as"] == "stack · empty"
    first = hits[0].texts["en"]["text"].lower()
    assert "stack" in first and "empty" in first


def test_english_game_terms_side_by_side_reach_the_rule_where_they_meet(kb) -> None:
    """A judge's cold trial: "main phase land" listed two rulings, then the headings 505 and 305;
    the rules that say when a land is played (305.1, 505.6b) hold both terms."""
    hits = search(kb, "main phase land", limit=5)
    assert {"rule/305.1", "rule/505.6b"} & {h.id for h in hits[:3]}
    assert all(h.kind == "rule" for h in hits[:3])


@pytest.mark.parametrize("query", ["deathtouch trample", "piétinement contact mortel", "travolgere tocco letale"])
def test_two_keywords_do_not_meet_first_in_the_list_of_keyword_counters(kb, query) -> None:
    """A judge's cold trial: 122.1b, the fifteen keywords a keyword counter can grant, came first for
    two keywords in every language; a rule that enumerates names each item in passing. The rule where
    they meet comes first since the players' phrasings (702.2c)."""
    hits = search(kb, query, limit=10)
    assert "rule/122.1b" not in [h.id for h in hits[:5]]
    # where they meet: deathtouch makes 1 damage lethal for trample's excess damage (702.2c)
    assert hits[0].id == "rule/702.2c"
    # the two keywords' own rules follow; since the table's phrasings (issue 31) deathtouch's subrules that
    # speak of trample damage (702.2b, 702.2e) may come before the two headings
    assert {"rule/702.2", "rule/702.19"} <= {h.id for h in hits}


@pytest.mark.parametrize("query, fixed, answer", [
    ("can i targt my own creatur with hexprof", "hexproof", "rule/702.11b"),
    # the question's mark stuck to its last word: hexprof? was left as typed, "In no rule: hexprof"
    ("can i targt my own creatur with hexprof?", "hexproof", "rule/702.11b"),
    ("je peux cibler ma creature avec defense talismaniqe ??", "talismanique", "rule/702.11b"),
    ("se il bloccante muore prima del danno l'attaccante con travolgre fa danno al giocatore?", "travolgere",
     "rule/702.19d"),
])
def test_a_misspelt_question_is_searched_with_its_words_corrected(kb, query, fixed, answer) -> None:
    """A judge's cold trial: the typos were offered as "Did you mean" under answers to other words."""
    hits = search(kb, query, limit=5)
    assert fixed in (hits.reading["spelled"] or "")
    assert fixed in [corrected for _typed, corrected in hits.reading["corrections"]]
    assert answer in [h.id for h in hits]
    assert hits.reading["spelled"] not in hits.suggestions


def test_the_spelling_line_names_the_words_corrected_not_the_query_as_searched(kb) -> None:
    """A judge's cold trial: ``Spelling corrected: 5 5 trample blocked by a 2 2 …`` read as if the
    power and toughness had been mangled; only the misspelt word was changed (the trial's ``trampler`` is a
    players' word now, read as trample: corpus/jargon.tsv)."""
    from kb.cli.search import read_as_lines

    hits = search(kb, "5/5 tramplr blocked by a 2/2, how much dmg do i have to put on the blocker?", limit=3)
    assert hits.reading["corrections"] == [["tramplr", "trample"]]
    assert "Spelling corrected: tramplr → trample" in read_as_lines(hits.reading)


@pytest.mark.parametrize("query", ["mal d'invocation", "debolezza da evocazione", "summoning sickness"])
def test_the_players_names_of_summoning_sickness_reach_its_rule(kb, query) -> None:
    assert search(kb, query, limit=3)[0].id == "rule/302.6"


def test_french_entre_between_is_not_enter(kb) -> None:
    """A judge's cold trial: "entre les étapes" was read as *enter*, "non" as *nonland*."""
    hits = search(kb, "le mana non dépensé disparaît-il entre les étapes ?", limit=5)
    assert "enter" not in hits.reading["read_as"] and "unspent" in hits.reading["read_as"]
    assert {"rule/106.4", "rule/703.4q", "rule/500.5"} & {h.id for h in hits[:3]}


@pytest.mark.parametrize("query", ["vuoto", "vide"])
def test_a_word_only_card_texts_hold_as_typed_is_read_by_its_english(kb, query) -> None:
    """A judge's cold trial: "vuoto" (empty) found nothing; French "vide" only the card Vide
    rayonnant. Their English reaches the rules, after the card a word of its name matched."""
    hits = search(kb, query, limit=5)
    assert hits.reading and "empty" in hits.reading["read_as"]
    rules = [h for h in hits if h.kind == "rule"]
    # each says "empty", or is a rule of an empty library ("no cards in it") its players' phrasing names so
    assert len(rules) >= 3 and all("empt" in h.texts["en"]["text"].lower()
                                   or any(query in phrase for phrase in h.extra.get("phrases", [])) for h in rules)


def test_a_made_up_word_of_a_card_name_is_not_read_as_a_weak_translation(kb) -> None:
    """Tuktuk the Explorer: the card texts pair *tuktuk* with *returned*; no rule about returning."""
    hits = search(kb, "tuktuk", limit=5)
    assert hits[0].kind == "card" and not any(h.kind == "rule" for h in hits)


@pytest.mark.parametrize("query, concept", [("legend", "supertype:legendary"), ("snow-covered", "supertype:snow")])
def test_an_obsolete_name_belongs_to_the_concept_its_entry_sends_to(kb, query, concept) -> None:
    assert [c["id"] for c in search(kb, query).concepts] == [concept]


@pytest.mark.parametrize("query", ["fase", "fase finale"])
def test_italian_fase_is_not_phasing(kb, query) -> None:
    ids = [h.id for h in search(kb, query, limit=10)]
    assert "rule/702.26" not in ids
    if query == "fase finale":
        assert ids[0] == "rule/512"


@pytest.mark.parametrize("query", ["l'Anello ti tenta", "l’Anneau vous tente"])
def test_the_ring_tempts_you_in_italian_and_french(kb, query) -> None:
    assert search(kb, query, limit=3)[0].id == "rule/701.54"


def test_a_mixed_language_query_does_not_correct_a_real_italian_word_into_vote(kb) -> None:
    hits = search(kb, "stack vuota", limit=10)
    assert not any("vota" in s for s in hits.suggestions)
    assert all(h.number is None or not h.number.startswith("701.38") for h in hits)


@pytest.mark.xfail(strict=True, reason="a known regression of issue 31's phrasings, left open: 121.6a (a draw "
                   "replacement applies even with an empty library), whose French phrasings name the same three words, "
                   "ranks above 121.4 (121.4 was 4th, 2nd since the phrasing reranker)")
def test_a_question_met_by_a_phrasing_in_its_own_language_comes_first(kb) -> None:
    """The brief's French question: 121.4 (and 704.5b) answer it; 121.3a and 121.5, which only mention an
    empty library in passing, came first, because the French phrasing of 121.4 that says the question
    counted no more than its English text."""
    hits = search(kb, "que se passe-t-il si je pioche dans une bibliothèque vide ?", limit=3)
    assert hits[0].id in {"rule/121.4", "rule/704.5b"}
    assert any("bibliothèque vide" in phrase for phrase in hits[0].extra.get("phrases", []))


def test_a_keyword_named_after_without_is_not_what_the_question_is_about(kb) -> None:
    """A judge's cold trial: "il mio attaccante senza travolgere fa danno al giocatore?" got Trample's
    rules first, the opposite of the question; a blocked creature without trample deals no damage (509.1h,
    510.1c)."""
    hits = search(kb, "il bloccante viene rimosso prima del danno, il mio attaccante senza travolgere fa danno "
                      "al giocatore o niente?", limit=3)
    assert hits[0].id in {"rule/509.1h", "rule/510.1c"}
    assert [w["denied"] for w in hits.reading["words"] if w["text"] == "travolgere"] == [True]
    # named again without "without", the keyword is asked about: flying's own rule answers
    assert search(kb, "can a creature without flying block a creature with flying?", limit=1)[0].id == "rule/702.9b"


# Issue 33.9: a keyword action named by its noun, as players name it (the cards print the verb), is the
# game term: its rule first, before the cards whose texts or names hold the word.
@pytest.mark.parametrize("query, rule", [
    ("rigenerazione", "701.19"),
    ("régénération", "701.19"),
    ("regeneration", "701.19"),
    ("scudo di rigenerazione", "701.19"),
    ("sacrificio", "701.21"),
    ("votazione", "701.38"),
    ("distruzione", "701.8"),
    ("scarto", "701.9"),
    ("rimescolamento", "701.24"),
    ("trasformazione", "701.27"),
    ("proliferazione", "701.34"),
    ("esplorazione", "701.44"),
    ("indagine", "701.16"),
    ("enquête", "701.16"),
])
def test_a_keyword_action_named_by_its_noun_reaches_its_rule_before_cards(kb, query, rule) -> None:
    hits = search(kb, query, limit=10)
    assert hits[0].id == f"rule/{rule}" and hits[0].reason == "concept", [h.id for h in hits]
    kinds = [h.kind for h in hits]
    assert "card" not in kinds or kinds.index("card") > kinds.index("term")  # the glossary entry before cards


def test_web_search_shows_the_rule_of_a_keyword_noun_first(kb_dir) -> None:
    import re

    from starlette.testclient import TestClient

    from kb.web.app import create_app

    client = TestClient(create_app(kb_dir))
    for query in ("rigenerazione", "sacrificio"):
        page = client.get("/search", params={"q": query}).text
        first = re.search(r'href="[^"]*/(rules|cards)/([^"#?]+)', page.split("<main", 1)[1])
        assert first and first.groups()[0] == "rules" and first.groups()[1].startswith(("701.19", "701.21")), query


@pytest.fixture(scope="module")
def regeneration_kb(kb_cache):
    """The 2025-11-14 release and a real excerpt of the archive's 10E.json: the card Regeneration
    (Italian *Rigenerazione*, French *Régénération*, its exact names) and three cards that regenerate."""
    from kb.corpus import embedded_files

    from .conftest import FIXTURES

    return KnowledgeBase.open(kb_cache.shared([*embedded_files("release"),
                                               FIXTURES / "mtgjson_10e_regeneration_excerpt.json"]))


@pytest.mark.parametrize("query", ["rigenerazione", "régénération", "Regeneration"])
def test_a_keyword_noun_that_is_also_a_card_s_name_is_the_rule_first_then_that_card(regeneration_kb, query) -> None:
    hits = search(regeneration_kb, query, limit=20)
    assert hits[0].id == "rule/701.19" and hits[0].reason == "concept", [h.id for h in hits]
    cards = [h for h in hits if h.kind == "card"]
    assert cards and cards[0].title in ("Regeneration", "Rigenerazione", "Régénération")  # the card named so, first of the cards
    assert [h.kind for h in hits].index("card") > [h.kind for h in hits].index("rule")


def test_regeneration_bouclier_has_the_regeneration_rule_first(regeneration_kb) -> None:
    hits = search(regeneration_kb, "regeneration bouclier", limit=20)
    assert hits[0].kind == "rule" and hits[0].number.startswith("701.19"), [h.id for h in hits]


def test_a_creature_without_trample_is_not_answered_by_the_trample_rules(kb) -> None:
    """The tenth cold trial: *n'ont pas le piétinement* put 702.19a first and 702.19d (a trampler's damage goes
    to the player when no blocker is left: the wrong answer here) second; 509.1h and 510.1c answer it."""
    query = ("Mes créatures n'ont pas le piétinement. Le bloqueur est sacrifié avant les blessures : "
             "est-ce qu'elles infligent quand même leurs blessures au joueur ?")
    ids = [h.id for h in search(kb, query, limit=5, kind="rule")]
    assert not any(i.startswith("rule/702.19") for i in ids[:3]), ids
    assert {"rule/509.1h", "rule/510.1c"} & set(ids[:3]), ids
