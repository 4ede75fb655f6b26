"""Questions reach the subrule that answers them (issue 18), on a knowledge base of the embedded
corpus; each language of the development half of eval/questions.tsv keeps its recorded quality."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from indexer.questions import QuestionIndex
from indexer.reading import read
from indexer.searcher import search
from kb.cli import main
from kb.store import KnowledgeBase

EVAL = Path(__file__).resolve().parent.parent / "eval"
# MRR@10 of the development half per language as last recorded (benchmarks/search_quality.py
# --questions --record); a language that drops more than ALLOWED_DROP below it fails.
RECORDED = json.loads((EVAL / "question_figures.json").read_text(encoding="utf-8"))["dev"]
ALLOWED_DROP = 0.02


@pytest.fixture(scope="module")
def kb(product_kb):
    return KnowledgeBase.open(product_kb)


def ids(kb, query: str, limit: int = 10, **options) -> list[str]:
    return [hit.id for hit in search(kb, query, limit=limit, **options)]


@pytest.mark.parametrize("query, answers, within", [
    ("quanti segnalini fedeltà perde un planeswalker se subisce danno", {"rule/120.3c"}, 3),
    # a known regression of the fourth round of phrasings (2026-12-05), left open: 608.3c's phrasing "my aura
    # spell resolves, does it enter attached to the creature it targeted even if that creature changed
    # controller?" (true of 608.3c) and 303.4's and 701.3b's rank above 303.4e (4th)
    pytest.param("does an aura stay attached when the creature changes controller", {"rule/303.4e"}, 3,
                 marks=pytest.mark.xfail(strict=True, reason="303.4e 4th since the fourth round of phrasings")),
    ("una creatura tappata può bloccare?", {"rule/509.1a"}, 10),
    ("can I respond to a mana ability?", {"rule/605.3b"}, 3),
    # the rules say "a library with no cards in it", the question "empty": the draw rule 121.4 (the
    # player loses) and the state-based action 704.5b both answer it
    # (121.4 was 4th from the second round of phrasings until the phrasing reranker, second since)
    ("que se passe-t-il si je pioche dans une bibliothèque vide ?", {"rule/704.5b", "rule/121.4"}, 3),
])
def test_a_question_reaches_the_subrule_where_its_words_meet(kb, query: str, answers: set[str], within: int) -> None:
    found = ids(kb, query)
    assert answers & set(found[:within]), found


def test_questions_about_the_rules_get_rules_before_cards(kb) -> None:
    hits = search(kb, "comment les couches s'appliquent aux effets de remplacement ?", limit=5)
    assert hits and hits[0].kind == "rule"
    assert hits.reading is not None and hits.reading["lang"] == "fr"


def test_the_order_of_the_first_hits_does_not_depend_on_how_many_are_asked_for(kb) -> None:
    for query in ("posso lanciare un istantaneo durante il combattimento del mio avversario",
                  "est-ce qu'un jeton peut revenir sur le champ de bataille", "vote tied", "trample"):
        ten = ids(kb, query, limit=10)
        assert ids(kb, query, limit=3) == ten[:3], query


@pytest.mark.parametrize("query", ["posso giocare due istantanei nello stesso turno",
                                   "un istantaneo in risposta"])
def test_italian_function_words_never_match_english_text(kb, query: str) -> None:
    found = ids(kb, query)
    assert "rule/100.7" not in found  # the Un-sets: Italian "un" is not English "Un-"


def test_a_real_word_is_never_corrected_into_another(kb) -> None:
    hits = search(kb, "la pila è vuota")
    assert not any(c["id"].endswith("vote") for c in hits.concepts)
    assert "rule/701.38" not in [h.id for h in hits]
    assert not any("voto" in s or "vote" in s for s in hits.suggestions)
    for query in ("combien de blessures", "comment répondre"):
        assert not search(kb, query).suggestions, query


@pytest.mark.parametrize("query", ["903,8", "règle 903,8", "regola 903,8"])
def test_a_decimal_comma_is_a_rule_number_in_search(kb, query: str) -> None:
    hits = search(kb, query, limit=3)
    assert hits[0].id == "rule/903.8"
    assert not hits.suggestions


def test_the_terminal_says_how_a_question_was_read(product_kb) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["search", "--kb", str(product_kb), "-n", "3",
                                  "quanti segnalini fedeltà perde un planeswalker se subisce danno"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("Read as: counter · loyalty")
    explained = runner.invoke(main, ["search", "--kb", str(product_kb), "-n", "3", "--json", "--explain",
                                     "que se passe-t-il si je pioche dans une bibliothèque vide ?"])
    data = json.loads(explained.stdout)
    assert data["read_as"]["lang"] == "fr" and "empty" in data["read_as"]["read_as"]
    assert len(data["hits"]) == 3


def test_the_question_documents_hold_every_rule_once(product_kb) -> None:
    index = QuestionIndex(KnowledgeBase.open(product_kb).index_dir)
    uids = [d["uid"] for d in index.docs]
    assert len(uids) == len(set(uids)) and "rule/en/120.3c" in uids
    ranked = index.rank(read("loyalty counters damage planeswalker", "en"))
    assert ranked[0].uid in ("rule/en/120.3c", "rule/en/306.8")


def test_a_rule_whose_one_phrasing_holds_the_question_is_scaled_by_that_share(product_kb) -> None:
    from indexer.params import DEFAULT

    index = QuestionIndex(KnowledgeBase.open(product_kb).index_dir)
    # a players' phrasing of 701.7a (corpus/rule-phrases.tsv), asked word for word
    ranked = {c.keys[-1]: c for c in index.rank(read("spell says create two 1/1 tokens, where do they go", "en"))}
    phrased = ranked["rule/701.7a"]
    assert phrased.phrasing == 1.0
    assert ("phrasing", 1 + DEFAULT.phrasing.weight) in phrased.changes
    assert all(c.phrasing < 1.0 for key, c in ranked.items() if key != "rule/701.7a")  # the others hold part of it
    # one word met is no situation told: Ward's Italian phrasings hold custode, not this question
    ward = {c.keys[-1]: c for c in index.rank(read("custode immaginario", "it"))}.get("rule/702.21a")
    assert ward is None or ward.phrasing == 0.0
    off = index.rank(read("spell says create two 1/1 tokens, where do they go", "en"),
                     params=DEFAULT.replace(**{"phrasing.enabled": False}))
    assert not any(name == "phrasing" for c in off for name, _ in c.changes)


@pytest.fixture(scope="module")
def development_figures(kb) -> dict:
    """MRR@10 of the development half per language (and ``all``), measured as the benchmark measures it."""
    from eval.qrels import by_language, load_questions, rank_of

    questions = load_questions(split="dev")
    found = [rank_of(ids(kb, q.query), q.gold) for q in questions]
    return {lang: figures.mrr for lang, figures in by_language(questions, found).items()}


@pytest.mark.parametrize("lang", sorted(RECORDED))
def test_each_language_of_the_development_half_keeps_its_recorded_quality(development_figures, lang) -> None:
    measured, recorded = development_figures[lang], RECORDED[lang]
    assert measured >= recorded - ALLOWED_DROP, f"dev MRR@10 [{lang}] {measured:.3f}, recorded {recorded:.3f}"


def test_a_question_of_only_question_words_finds_nothing_rather_than_look_alikes(kb) -> None:
    hits = search(kb, "cosa succede se?")
    assert list(hits) == [] and hits.reading["words"] == []


def test_with_lang_a_rule_found_in_english_is_shown_in_the_language_asked_when_held(kb) -> None:
    hits = search(kb, "il voto è in pareggio, cosa succede?", lang="it", limit=5)
    held = [h for h in hits if h.number == "701.38d"]
    assert held and held[0].lang == "it" and "fallback" not in held[0].extra
    assert held[0].snippet.startswith("Se un effetto")


def test_a_quoted_card_text_inside_a_question_is_read_with_the_question(kb) -> None:
    hits = search(kb, '"distruggi un artefatto bersaglio" può colpire una creatura artefatto?', limit=5)
    assert hits.reading is not None and "artifact" in hits.reading["read_as"]
    assert all(h.kind != "card" for h in hits)
    alone = search(kb, '"the vote is tied"', limit=3)  # a phrase alone stays a phrase
    assert alone.reading is None and alone[0].id.startswith("ruling/")


def test_a_question_is_read_as_typed_so_power_and_toughness_stay_whole(kb) -> None:
    hits = search(kb, "Se una creatura ha un segnalino +1/+1 e un segnalino -1/-1 cosa succede?")
    assert "+1/+1" in hits.reading["read_as"].split(" · ")


def test_a_keyword_named_in_another_form_is_named_so_its_rules_are_not_halved() -> None:
    """*sacrificed* is not the vocabulary's name Sacrifice, yet it names the keyword action: its
    rules (701.21) are not those of a keyword the question does not name."""
    from indexer.questions import keywords_by_terms
    from indexer.reading import read_query

    named = keywords_by_terms(read_query("Does indestructible stop my creature from being sacrificed?"))
    assert "keyword-action:sacrifice" in named
    assert not keywords_by_terms(read_query("what happens when my creature dies?"))


@pytest.mark.parametrize("query, answer", [
    ("la mia creatura ha un segnalino +1/+1 e uno -1/-1: cosa succede ai segnalini?", "rule/122.3"),
    ("si possono lanciare magie durante la sottofase di cancellazione?", "rule/514.3"),
])
def test_a_rule_in_the_part_of_the_rules_of_a_named_game_term_comes_first(kb, query, answer) -> None:
    """The counters' rules (122) for a question naming counters, the cleanup step's (514) for one
    naming it: without the home factor 120.3d (damage as -1/-1 counters) and 723.1f came first."""
    assert ids(kb, query, limit=3)[0] == answer


def test_the_keywords_english_names_are_saved_with_the_question_documents(product_kb) -> None:
    index = QuestionIndex(KnowledgeBase.open(product_kb).index_dir)
    assert index.keyword_terms is not None and ("sacrific",) in index.keyword_terms


def test_a_predefined_token_named_is_a_token_too(product_kb) -> None:
    """The fiftieth cold trial's E05 (a Treasure token exiled, to return at end of turn) was read as the Treasure
    concept alone, whose home is 111.10: the rules of tokens (111.7, 111.8) were in no top ten."""
    index = QuestionIndex(KnowledgeBase.open(product_kb).index_dir)
    asked = index.asked(read("i exile the treasure token, does it come back at end of turn?", "en"))
    assert {"term:treasure-token", "term:token"} <= asked.named and {"111", "111.10"} <= asked.homes
    assert "term:token" not in index.asked(read("does a clone copy the counters?", "en")).named
