"""Snippets mark the matched words; repeated ruling texts are one hit.

On the knowledge base of ``search_kb`` (tests/conftest.py)."""

from __future__ import annotations

from indexer.analysis import terms
from indexer.hits import Hit
from indexer.searcher import search
from indexer.snippets import SNIPPET_CHARS, make_snippet, same_text_key


def test_snippet_marks_the_matched_words(search_kb) -> None:
    hit = search(search_kb, "astensione")[0]
    assert hit.marked("[", "]").endswith("l'[astensione].")
    assert all(hit.snippet[a:b].lower() == "astensione" for a, b in hit.highlights)


def test_repeated_ruling_text_is_one_hit(search_kb) -> None:
    snippets = [h.snippet for h in search(search_kb, "abstain", kind="ruling", limit=20)]
    normal = [s.replace("’", "'") for s in snippets]
    assert len(normal) == len(set(normal))


def test_the_window_starts_near_the_first_match_and_keeps_its_spans() -> None:
    content = "parola " * 60 + "Se la votazione finisce in pareggio,\nnessuno vince. " + "fine " * 60
    snippet, spans = make_snippet(content, "it", set(terms("pareggio", "it")))
    assert snippet.startswith("…") and snippet.endswith("…") and len(snippet) <= SNIPPET_CHARS + 2
    assert [snippet[a:b] for a, b in spans] == ["pareggio"]
    assert "\n" not in snippet


def test_a_match_near_the_end_keeps_as_much_of_the_start_as_the_window_holds() -> None:
    """The sixteenth cold trial: 704.5j showed "…put into their owners' graveyards. This is called the legend
    rule", its condition (two legendary permanents of one name, one controller) cut though the rule fits."""
    rule = ("If two or more legendary permanents with the same name are controlled by the same player, that "
            "player chooses one of them, and the rest are put into their owners’ graveyards. This is called the "
            "“legend rule.”")
    assert make_snippet(rule, "en", set(terms("legend rule", "en")))[0] == rule
    longer = "Some other text comes first. " * 20 + rule
    snippet, _ = make_snippet(longer, "en", set(terms("legend rule", "en")))
    assert snippet.startswith("…") and snippet.endswith("rule.”") and len(snippet) > SNIPPET_CHARS - 25


def test_the_first_rules_answering_a_question_are_whole_and_the_others_windows(search_kb) -> None:
    """The seventeenth cold trial: the rule found, its excerpt cut before its deciding words (510.1c's
    "divided as its controller chooses among them")."""
    from indexer.snippets import WHOLE_FIRST

    hits = search(search_kb, "my attacker is blocked by two creatures, how do I split its combat damage among them?",
                  kind="rule", limit=8)
    assert hits.reading is not None and len(hits) == 8
    for rank, hit in enumerate(hits):
        whole = " ".join(hit.texts[hit.lang]["text"].split()) if hit.lang in hit.texts else None
        if rank < WHOLE_FIRST and whole and len(whole) <= 800:
            assert hit.snippet == whole, hit.id
        else:
            assert len(hit.snippet) <= SNIPPET_CHARS + 2, hit.id
    assert any(len(h.snippet) > SNIPPET_CHARS for h in hits[:WHOLE_FIRST])


def test_a_short_text_is_whole_and_unmarked_without_terms() -> None:
    assert make_snippet("Vote.", "en", set()) == ("Vote.", [])


def test_rulings_with_the_same_text_share_a_key() -> None:
    first = Hit("ruling", "ruling/en/001_a/fc1d22e3", "en", "", "", 1.0)
    second = Hit("ruling", "ruling/en/002_b/fc1d22e3", "en", "", "", 1.0)
    italian = Hit("ruling", "ruling/it/001_a/fc1d22e3", "it", "", "", 1.0)
    rule = Hit("rule", "rule/400.2", "en", "", "", 1.0)
    assert same_text_key(first) == same_text_key(second) != same_text_key(italian)
    assert same_text_key(rule) == "rule/400.2"


def test_marker_characters_in_a_text_are_not_taken_for_matches() -> None:
    """The page wraps matches in U+E000/U+E001, the terminal in NUL/U+0001: a text holding them
    (an imported translation) shows U+FFFD there, and only the matched word is marked."""
    snippet, spans = make_snippet("\ue000A vote\ue001 is cast \x00 here\x01", "en", {"vote"})
    assert not set(snippet) & {"\ue000", "\ue001", "\x00", "\x01"}
    hit = Hit(kind="rule", id="r", lang="en", title="", snippet=snippet, score=1.0, highlights=spans)
    assert hit.marked("\ue000", "\ue001").count("\ue000") == 1
    assert hit.marked("\x00", "\x01").count("\x00") == 1


def test_a_question_s_card_rulings_are_shown_whole() -> None:
    """The twenty-eighth cold trial: Brazen Borrower's ruling cut before its deciding clause (a countered Adventure
    goes to the graveyard). Under a question (``whole_first``), a ruling on a card it names is whole; a ruling found
    by its words alone, or any ruling under a query of words, is a window."""
    from indexer.snippets import with_snippets

    ruling = ("If a spell is cast as an Adventure, its controller exiles it instead of putting it into its owner's "
              "graveyard as it resolves. For as long as it remains exiled, that player may cast it as a creature spell. "
              "If an Adventure spell leaves the stack in any way other than resolving (most likely by being countered "
              "or by failing to resolve because its targets have all become illegal), that card won't be exiled.")

    def hit(reason: str) -> Hit:
        return Hit("ruling", "ruling/x", "en", "Brazen Borrower", "", 1.0, reason=reason,
                   extra={"_content": ruling, "_marks": set()})

    assert len(ruling) > SNIPPET_CHARS
    card, found, plain = with_snippets([hit("card"), hit("text")], whole_first=3) + with_snippets([hit("card")])
    assert card.snippet == ruling
    assert found.snippet.endswith("…") and len(found.snippet) <= SNIPPET_CHARS + 2
    assert plain.snippet.endswith("…")
