"""``sections2.py``: what the save check of a ``/2`` definition refuses that used to pass and fail later: a
formula picking where no evaluation can succeed (issue 43, house-49) and decks whose ``copies`` formulas
multiply the 500-card bound (issue 47, house-50)."""

from __future__ import annotations

import time
from random import Random
from typing import Any

from games.house.engine import items
from games.house.engine.definition import definition_clean, definition_errors
from tests.games.house.engine.test_format2 import rnd, v2

CHIPS = [{"name": "chips", "start": 3}]


def _effect(amount: str) -> dict[str, object]:
    return v2(holdings=CHIPS, round_plan=[rnd(effects=[{"to": "score", "who": "each", "amount": amount}])])


def test_chips_bob_is_refused_when_saved_naming_the_path() -> None:
    """Issue 43: "`chips['bob']` passes the save check and fails at every evaluation: the formula check on save
    must refuse it with an error naming the path (never a 500)." In a per-player formula `chips` is the
    player's own count: nothing can be picked from it (house-49)."""
    assert definition_errors(_effect("chips['bob']")) == [
        "round_plan[0].effects[0].amount: chips is the player's own count (a whole number; every player's: "
        "all_chips) here: nothing can be picked from it (chips[…])"
    ]
    assert definition_errors(v2(holdings=CHIPS, outcome={"winners": "chips[0] > 1"}))[0].startswith(
        "outcome.winners: chips is the player's own count"
    )


def test_a_table_by_player_picked_at_a_handle_written_in_the_formula_is_refused() -> None:
    """house-49: in a match-wide formula `chips` is a table by player, but a handle written in the formula
    (`chips['bob']`) names a player no definition can know; the error names the path."""
    errors = definition_errors(v2(holdings=CHIPS, end={"when": "chips['bob'] <= 0"}))
    assert len(errors) == 1 and errors[0].startswith("end.when: chips['bob']: a table by player is picked by")
    assert definition_errors(_effect("scores['ann']"))[0].startswith("round_plan[0].effects[0].amount: scores['ann']")


def test_picks_that_can_succeed_still_pass() -> None:
    """house-49 refuses only picks that can never succeed: a table at a player the match names, a list at a
    position, the round's `sent` at a field, what changed hands at a holding."""
    for amount in ("scores[me]", "all_chips[0]", "all_chips[-1]", "sent['n'][0]", "gave['chips']", "last_points[me]"):
        assert definition_errors(_effect(amount)) == [], amount
    assert definition_errors(v2(holdings=CHIPS, end={"when": "min(all_chips) <= 0 or chips[alive[0]] > 9"})) == []


def _deck(*cards: dict[str, object], low: int = 2, high: int = 6) -> dict[str, object]:
    return v2(players={"min": low, "max": high}, decks=[{"name": "d", "cards": list(cards)}])


def test_at_most_500_cards_in_all_holds_when_copies_are_formulas() -> None:
    """Issue 47: ""at most 500 cards in all" becomes 7,500 when `copies` are formulas": the count is bounded
    after evaluating the formulas at the largest player count the game allows, with a clear error naming the
    path (house-50)."""
    fifteen = [{"label": f"C{i}", "copies": "500"} for i in range(15)]
    assert definition_errors(_deck(*fifteen)) == [
        "decks: may hold at most 500 cards in all: with 6 players these hold 7500 (decks[0].cards[0].copies gives 500)"
    ]
    grows = {"label": "A", "copies": "players * 60"}
    assert definition_errors(_deck(grows, high=8)) == []  # 480 cards with 8 players
    errors = definition_errors(_deck(grows, {"label": "B", "copies": 30}, high=8))
    assert errors == [
        "decks: may hold at most 500 cards in all: with 8 players these hold 510 (decks[0].cards[0].copies gives 480)"
    ]
    shrinks = {"label": "A", "copies": "400 - players * 10"}
    assert definition_errors(_deck(shrinks, {"label": "B", "copies": 130})) == [
        "decks: may hold at most 500 cards in all: with 2 players these hold 510 (decks[0].cards[0].copies gives 380)"
    ]


def test_a_match_never_builds_more_than_500_cards() -> None:
    """house-50: whatever a stored definition's formulas give, setup stops building cards at 500 in all."""
    definition = definition_clean(_deck({"label": "A", "copies": "players * 100"}, high=6))
    definition["decks"][0]["cards"].append({"label": "B", "value": 0, "suit": "", "copies": "players * 100"})
    state: dict[str, Any] = {"definition": definition, "players": ["ann", "bob", "cat", "dan", "eve", "fay"]}
    items.setup(state, Random("s:0"))  # a stored definition reaches setup without the save check
    assert len(state["cards"]) == 500
    assert set(items.labels(state, state["deck"]["d"])) == {"A"}  # the kinds past the bound are not built


def test_the_card_count_of_a_hostile_file_is_checked_in_well_under_a_second() -> None:
    """house-50 keeps the save check cheap: 2,000 kinds of card with formulas cost milliseconds, not seconds."""
    cards = [{"label": f"C{i}", "copies": f"players - players + {i % 2}"} for i in range(500)]
    definition = v2(players={"min": 2, "max": 32}, decks=[{"name": f"d{k}", "cards": cards} for k in range(4)])
    began = time.perf_counter()
    errors = definition_errors(definition)
    assert time.perf_counter() - began < 3.0  # about 0.5 s on a shared 2-core box; 1.8 s counting all 31 counts
    assert errors == [
        "decks: may hold at most 500 cards in all: with 32 players these hold 1000 (decks[0].cards[1].copies gives 1)"
    ]
