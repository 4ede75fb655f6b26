"""Cross-references resolved to rule numbers."""

from __future__ import annotations

import pytest

from kb.refs import find_refs


@pytest.mark.parametrize("text, refs", [
    ("See rule 611.3d.", ("611.3d",)),
    ("(see rule 123.5)", ("123.5",)),
    ("See rule 903, “Commander,” for details.", ("903",)),
    ("as described in rules 702.19b–d", ("702.19b", "702.19c", "702.19d")),
    ("See rules 702.19b–702.19d.", ("702.19b", "702.19c", "702.19d")),
    ("See section 8, “Multiplayer Rules.”", ("8",)),
    ("See rules 614.1a–c, 614.1e, and 614.12.", ("614.1a", "614.1b", "614.1c", "614.1e", "614.12")),
    ("rules 601.2 and 601.3", ("601.2", "601.3")),
    ("a 5-player vote ends 3 votes to 1", ()),
])
def test_english(text: str, refs: tuple[str, ...]) -> None:
    assert find_refs(text, "en") == refs


def test_italian_and_french() -> None:
    assert find_refs("continuano ad applicarsi (vedi regola 611.3d).", "it") == ("611.3d",)
    assert find_refs("(Vedi regola 704.5m.) Vedi regole 100.4 e 100.5.", "it") == ("704.5m", "100.4", "100.5")
    assert find_refs("(voir règle 702.35) et règles 400.7j–m", "fr") == ("702.35", "400.7j", "400.7k", "400.7m")
