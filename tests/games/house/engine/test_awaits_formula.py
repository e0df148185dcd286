"""A round's ``awaits`` and a field's ``for`` as per-player formulas of the player's state (FORMAT.md "Shared piles
and turns of several steps in /2", RULES.md house-95, house-96): who a round awaits and what each form asks."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import RuleError
from games.house.engine.definition import definition_errors
from tests.games.house.engine.test_sections_holdings import NUMBER, rnd, v2
from tests.games.house.scenario import E, quote, start, step

PLAYERS = ["ann", "bob", "cat"]
FLAG = {"name": "quit", "label": "Surrender", "type": "flag", "required": False}
QUIT = {"to": "quit_count", "who": "awaited", "amount": "1 if quit else 0"}


def _surrender_game(**round_changes: Any) -> dict[str, Any]:
    """Each round a number and a surrender flag; a surrendered player (a holding) is not awaited again."""
    plan = rnd(**{"awaits": "quit_count == 0", "fields": [NUMBER, FLAG], "effects": [QUIT], **round_changes})
    return v2(rounds=3, holdings=[{"name": "quit_count", "start": 0}], round_plan=[plan])


def test_a_round_awaits_the_players_its_formula_is_true_for() -> None:
    """Density Deck: a player who surrenders takes no more turns that match."""
    quote("`awaits` may be a per-player formula: the round awaits the players still in for whom it is true")
    state = start(PLAYERS, definition=_surrender_game())
    assert E.awaiting(state) == ("ann", "bob", "cat")
    state, _ = step(state, {"bob": {"n": 1, "quit": True}})
    assert E.awaiting(state) == ("ann", "cat")


def test_a_field_is_asked_of_the_players_its_formula_is_true_for() -> None:
    quote("`for` may be a per-player formula: the field is asked of the players for whom it is true")
    plan = rnd(fields=[NUMBER, {**FLAG, "for": "score >= 1"}])
    state = start(PLAYERS, definition=v2(rounds=3, round_plan=[plan], scores={"start": 0}))
    with pytest.raises(RuleError, match='This round has no field "quit"'):
        E.validate(state, "ann", {"n": 1, "quit": True})
    state["scores"]["ann"] = 1
    assert E.validate(state, "ann", {"n": 1, "quit": True}) == {"n": 1, "quit": True}
    assert "quit" in E.default_move(state, "ann") and "quit" not in E.default_move(state, "bob")


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"awaits": "quit_cuont == 0"}, "round_plan[0].awaits: unknown name 'quit_cuont'"),
        ({"fields": [{**NUMBER, "for": "scroe > 1"}]}, "round_plan[0].fields[0].for: unknown name 'scroe'"),
    ],
)
def test_a_formula_of_awaits_or_for_that_names_nothing_is_refused_naming_its_path(
    change: dict[str, Any], error: str
) -> None:
    errors = definition_errors(_surrender_game(**change))
    assert any(e.startswith(error) for e in errors), errors


def test_a_v1_round_takes_no_formula_for_awaits() -> None:
    definition = {**v2(round_plan=[rnd(awaits="score > 1")]), "schema": "garnet-house/1"}
    assert any(e.startswith("round_plan[0].awaits: must be one of") for e in definition_errors(definition))


def test_a_round_whose_formula_is_true_for_nobody_awaits_nobody_and_closes() -> None:
    """house-95: true for nobody, the round awaits nobody; resolving it plays its effects alone."""
    state = start(PLAYERS, definition=_surrender_game())
    state, _ = step(state, {p: {"n": 1, "quit": True} for p in PLAYERS})
    assert E.awaiting(state) == () and state["round"] == 2
    state, _ = step(state, {})
    assert state["round"] == 3
