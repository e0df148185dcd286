"""Library games of trades, each played by hand from its rules text."""

from __future__ import annotations

from typing import Any

from tests.games.house.library.helpers import table
from tests.games.house.scenario import E, step


def test_cube_traders_a_matched_trade_then_pairs_and_extra_blues_score() -> None:
    """4 red + 1 blue each. ann gives 3 red for bob's blue and bob offers the same back: ann 1 red 2 blue, bob
    7 red 0 blue. After round 3: ann 2 × 1 pair + 1 extra blue = 3; bob 0; cat 2 × 1 = 2."""
    players = ["ann", "bob", "cat"]
    state = table("cube_traders", players)
    offer = {"with": "bob", "give": {"red": 3}, "get": {"blue": 1}}
    back = {"with": "ann", "give": {"blue": 1}, "get": {"red": 3}}
    state, _ = step(state, {"ann": {"offer": offer}, "bob": {"offer": back}})
    assert state["holdings"]["ann"] == {"red": 1, "blue": 2} and state["holdings"]["bob"] == {"red": 7, "blue": 0}
    state, _ = step(state, {})
    state, _ = step(state, {})
    outcome = E.outcome(state)
    assert state["scores"] == {"ann": 3, "bob": 0, "cat": 2}
    assert outcome is not None and outcome.winners == ("ann",) and outcome.candidates[0] == "bob"


def _dealt(state: dict[str, Any], cubes: dict[str, dict[str, int]]) -> dict[str, Any]:
    """``state`` with each player's cubes pinned (what a deal could have given)."""
    names = ("red", "blue", "yellow", "green", "white", "black")
    return {**state, "holdings": {p: {n: cubes[p].get(n, 0) for n in names} for p in cubes}}


def test_cube_exchange_a_trade_needs_both_sides_and_scores_as_exodus_first_round() -> None:
    """ann gives a white cube to bob and bob gives a black cube to ann, each naming the other: ann +2 (white)
    -1 (a black received), bob +1 (white received) +1 (black given); cat's offer to ann is not returned."""
    players = ["ann", "bob", "cat"]
    state = _dealt(
        table("cube_exchange", players),
        {"ann": {"white": 2, "red": 2}, "bob": {"black": 2, "blue": 2}, "cat": {"green": 4}},
    )
    moves = {
        "ann": {"first": {"with": "bob", "give": {"white": 1}}},
        "bob": {"first": {"with": "ann", "give": {"black": 1}}},
        "cat": {"first": {"with": "ann", "give": {"green": 1}}},
    }
    state, _ = step(state, moves)
    assert state["scores"] == {"ann": 1, "bob": 2, "cat": 0}
    assert state["holdings"]["ann"]["black"] == 1 and state["holdings"]["bob"]["white"] == 1
    assert state["holdings"]["cat"]["green"] == 4
    assert E.view(state, None)["public"].get("scores") is None  # points are private: each sees their own
    assert E.view(state, "bob")["you"]["score"] == 2
