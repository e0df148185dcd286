"""A row dealt one card of each value or label (``rows[].distinct``, FORMAT.md "A centre row and hands in /2",
RULES.md house-130): Warriors' Death draws its pool of units one of each strength."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import DEALER
from games.house.engine.definition import definition_errors
from games.house.engine.schema import definition_schema
from tests.games.house.engine.test_rows_hands import PLAYERS, ROWS, _definition
from tests.games.house.scenario import E, quote, start

# Two cards of each value 1 to 5, of different labels: a row of one of each value draws one of each pair.
PAIRS = [{"label": f"Card {v}{side}", "value": v, "copies": 1} for v in range(1, 6) for side in "ab"]
ROW = {"name": "pool", "label": "Pool", "deck": "d", "deal": 5, "distinct": "value", "face_up": "0"}


def _match(seed: str, **row: Any) -> dict[str, Any]:
    definition = _definition(decks=[{"name": "d", "cards": PAIRS}], rows=[{**ROW, **row}])
    definition["piles"] = []
    definition["round_plan"][0]["fields"] = definition["round_plan"][0]["fields"][:1]
    return start(PLAYERS, seed=seed, definition=definition)


def test_a_distinct_row_holds_one_card_of_each_value_drawn_at_random() -> None:
    """house-130: each value's card is drawn at random among the cards that share it."""
    quote("one card of each value, drawn at random among the cards that share it")
    drawn = set()
    for n in range(12):
        state = _match(f"s{n}")
        cards = [state["cards"][i] for i in state["rows"]["pool"]]
        assert sorted(c["value"] for c in cards) == [1, 2, 3, 4, 5]
        drawn.add(tuple(sorted(c["label"] for c in cards)))
        assert len(state["deck"]["d"]) == 5  # the other card of each pair stays in the deck
    assert len(drawn) > 1


def test_a_distinct_row_stays_short_when_no_card_of_a_new_value_is_left() -> None:
    """house-130: the row holds ``deal`` cards or as many values as the deck has."""
    state = _match("s", deal=8)
    assert len(state["rows"]["pool"]) == 5


def test_a_distinct_rows_face_down_cards_are_shown_to_nobody_but_the_dealer() -> None:
    """house-130, house-110: a face-down card of such a row is shown to nobody but the dealer."""
    state = _match("s")
    labels = [state["cards"][i]["label"] for i in state["rows"]["pool"]]
    for viewer in [*PLAYERS, None]:
        seen = E.view(state, viewer)
        assert seen["public"]["rows"]["pool"]["face_down"] == 5
        assert not any(label in str(seen) for label in labels), viewer
    assert [c["label"] for c in E.view(state, DEALER)["dealer"]["rows"]["pool"]] == labels


@pytest.mark.parametrize("value", ["strength", 1, True])
def test_a_bad_distinct_is_refused_naming_its_path(value: Any) -> None:
    """Every new key is checked on save with an error naming its path."""
    errors = definition_errors(_definition(rows=[{**ROWS[0], "distinct": value}]))
    assert any(e.startswith("rows[0].distinct: must be one of: label, value") for e in errors), errors


def test_the_schema_says_distinct() -> None:
    """The JSON Schema lists the key with its two values."""
    row = definition_schema()["properties"]["rows"]["items"]["properties"]
    assert row["distinct"]["enum"] == ["label", "value"]
