from __future__ import annotations

import datetime as dt

import pytest

from kb.dates import find_date, month_table


@pytest.mark.parametrize("text, iso", [
    ("These rules are effective as of November 8, 2024.", "2024-11-08"),
    ("Aggiornato a Fondamenti di Magic: the Gathering, 23 Novembre 2024)", "2024-11-23"),
    ("1er février 2025", "2025-02-01"),
    ("16 juin 2023 · source : wotc", "2023-06-16"),
    ("July 1, 2012", "2012-07-01"),
    ("2023-06-16", "2023-06-16"),
    ("3 févr. 2021", "2021-02-03"),
])
def test_find_date(text: str, iso: str) -> None:
    assert find_date(text) == dt.date.fromisoformat(iso)


@pytest.mark.parametrize("text", ["32 juin 2023", "Smarch 3, 2020", "5 players, 3 options", ""])
def test_no_date(text: str) -> None:
    assert find_date(text) is None


def test_month_table_comes_from_babel_for_three_languages() -> None:
    table = month_table()
    assert table["novembre"] == 11 and table["fevrier"] == 2 and table["august"] == 8 and table["giugno"] == 6
