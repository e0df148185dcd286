"""The dealer's tally reads like a sheet: the submissions first, lowest number first, under a line per field
summing them up (count, mean, median, lowest, highest; a choice's counts) and, for a "closest to a target"
round, the target the mechanic would compute."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from games.house.engine.samples import sample_definition
from games.house.engine.tally_summary import reading_order, tally_summary
from tests.games.house.pages import PLAYERS, client, house_match, open_turn

FIELDS = [
    {"name": "pick", "label": "Your pick", "type": "choice", "choices": ["red", "blue"]},
    {"name": "guess", "label": "Your guess", "type": "number"},
]
PENDING = {
    "ann": {"pick": "red", "guess": 30},
    "bob": {"pick": "blue", "guess": 10},
    "cat": {"pick": "red"},
    "dan": {"pick": "red", "guess": 20},
    "eve": {},
}
TARGET = {
    "by": "mechanic",
    "mechanic": "closest_to_target",
    "params": {"field": "guess", "target": "mean", "factor": "2/3"},
}


def test_the_rows_are_in_order_of_the_first_number_field_those_without_last() -> None:
    assert reading_order(FIELDS, PENDING) == ["bob", "dan", "ann", "cat", "eve"]
    assert reading_order(FIELDS[:1], PENDING) == list(PENDING)  # no number field: seat order


def test_a_line_per_field_and_the_mechanics_target() -> None:
    assert tally_summary(FIELDS, PENDING, TARGET) == [
        "Your pick: red 3 · blue 1 · nothing 1",
        "Your guess: 3 of 5 sent · mean 20 · median 20 · lowest 10 · highest 30",
        "The mechanic's target: 2/3 × 20 (the mean of 3 guesses) = 13.33.",
    ]
    assert tally_summary(FIELDS, PENDING, {"by": "dealer"})[-1].startswith("Your guess:")  # no mechanic: no target


@pytest.mark.django_db
def test_the_review_page_shows_the_summary_above_the_sorted_table(django_capture_on_commit_callbacks: Any) -> None:
    definition = sample_definition("two_thirds")
    definition["round_plan"][0]["resolve"]["review"] = True
    match = house_match(definition)
    with django_capture_on_commit_callbacks(execute=True):
        for p, g in zip(PLAYERS, ("60", "0", "30"), strict=True):
            client(p).post(f"/matches/{match.pk}/submit/", {"guess": g, "turn": "1", "lock": "1"})
    assert open_turn(match).label == "Round 1 · dealer's review"
    page = html.unescape(client("host").get(f"/matches/{match.pk}/").content.decode())
    tally = page[page.index('<div class="house-tally">') :]
    summary = tally.index("Your number: 3 of 3 sent · mean 30 · median 30 · lowest 0 · highest 60")
    assert "The mechanic's target: 2/3 × 30 (the mean of 3 guesses) = 20." in tally
    table = tally.index("<table")
    assert summary < table and "Sorted by “Your number”, lowest first." in tally
    assert re.findall(r'<tr><th scope="row">(\w+)</th>', tally[table:]) == ["bob", "cat", "ann"]
    assert 'class="scores house-tally-table">' in tally  # one field: a line per player, not a card each
