"""The vocabulary as search uses it: look-alike game terms, spotted phrases, typo targets."""

from __future__ import annotations

from indexer.vocab import edit_distance, nearest_terms, protected_forms, spoken_in, spot, term_words, translations


def test_protected_forms_keep_different_concepts_apart_but_not_one_family() -> None:
    italian = protected_forms("it")
    assert italian["mana"] == "mana" and italian["mano"] == "mano"
    assert "esilio" not in italian and "esilia" not in italian  # Exile the action and the zone
    assert protected_forms("en")["planeswalker"] == "planeswalker"


def test_spot_finds_the_longest_phrase_in_any_language() -> None:
    (found,) = spot("regole del legame vitale")
    assert found.phrase == "legame vitale" and found.matches[0].concept.rule == "702.15"
    assert [s.matches[0].concept.id for s in spot("cimetière")] == ["zone:graveyard"]


def test_translations_give_the_other_languages_names() -> None:
    (found,) = spot("travolgere")
    names = translations(found.matches[0].concept, besides="it")
    assert names["en"][0] == "Trample" and "piétinement" in names["fr"]


def test_typo_targets_are_vocabulary_words_nearest_first() -> None:
    assert "travolgere" in term_words()
    assert nearest_terms("travolgre", 1)[0] == "travolgere"
    assert edit_distance("cautella", "cautela", 2) == 1
    assert edit_distance("abcdef", "zzzzzz", 2) == 3
    assert edit_distance("mnaa", "mana", 1) == 1  # a transposition is one edit


def test_a_typo_is_corrected_into_the_questions_language_or_english() -> None:
    assert not spoken_in("ephemere", "en") and spoken_in("ephemere", "fr") and spoken_in("ephemere", None)
    assert spoken_in("travolgere", "it") and not spoken_in("travolgere", "fr")
    assert spoken_in("trample", "fr")  # English words of the rules fit every question


def test_a_correction_is_spelled_as_the_vocabulary_writes_it() -> None:
    from indexer.vocab import spelled

    assert spelled("pietinement") == "piétinement" and spelled("zzz") == "zzz"


def test_kept_rule_concepts_are_read_back_only_for_the_same_rules(tmp_path) -> None:
    """An import's index reads the reference rules' concepts back from the previous index, and only
    when they were found from the same rules (and code and vocabulary)."""
    from indexer.build import Item
    from indexer.tagging import rule_concepts, write_concepts

    rules = [Item(uid="rule/en/702.19", kind="rule", lang="en", doc="cr", title="Trample", content="Trample",
                  number="702.19", akey="702.019")]
    found = rule_concepts(rules)
    assert found["rules"] and rule_concepts(rules)["key"] == found["key"]
    write_concepts(tmp_path, {**found, "rules": {"702.19": ["kept"]}})
    assert rule_concepts(rules, tmp_path)["rules"] == {"702.19": ["kept"]}
    rules[0].content = "Trample, changed"
    assert rule_concepts(rules, tmp_path)["rules"] == found["rules"]


def test_an_older_release_is_indexed_and_searched_with_the_vocabulary_rules_carried_to_it(kb_cache) -> None:
    """The vocabulary numbers rules as 2025-11-14 does (Vote 701.38); a knowledge base of 2025-04-04, where
    Vote is 701.32, is built and searched with the numbers carried by content (before: 701.38, no rule there,
    so a question naming the vote found its rules without the ``home`` reranker)."""
    from .conftest import cr_release

    from indexer.searcher import search
    from indexer.vocab import carried_vocabulary_of
    from kb.store import KnowledgeBase
    from kb.vocabulary import default_vocabulary

    kb = KnowledgeBase.open(kb_cache.shared([cr_release("20250404")]))
    carried, release = carried_vocabulary_of(kb.index_dir)
    assert release == "2025-04-04"
    assert carried.get("keyword-action:vote").rules == ("701.32",)
    assert default_vocabulary().get("keyword-action:vote").rules == ("701.38",)  # the embedded one is untouched
    first = search(kb, "what happens when the vote is tied?", limit=3)[0]
    assert first.number.startswith("701.32") and ["home", 1.2] in first.extra["ranking"]["rerankers"]
    own = KnowledgeBase.open(kb_cache.shared([cr_release("20251114")]))
    assert carried_vocabulary_of(own.index_dir) == (None, None)  # the vocabulary's own release needs no carrying
