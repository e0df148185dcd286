"""The shared engine contract for the ABC game, with and without garnets to double with."""

from __future__ import annotations

import json
from random import Random

import pytest

from games.abc.engine import AbcEngine
from tests.games.contract import check_engine, check_no_leaks_through_match, leaks, players_for, rng_for

ENGINE = AbcEngine()
RICH = {"garnets": {f"p{i}": 20 for i in range(1, 6)}}
MIXED = {"garnets": {"p1": 2, "p2": 3, "p3": 9, "p5": 14}}
FIXED = {"x_order": ["p5", "p4", "p3", "p2", "p1"], "garnets": {"p1": 5}}
OPTION_SETS = [None, RICH, MIXED, FIXED]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_contract(options: dict | None) -> None:
    check_engine(ENGINE, seeds=("a", "b", "c", "d", "e"), options=options)


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("seed", ["leak", "leak2", "leak3"])
def test_no_leaks_through_match(options: dict | None, seed: str) -> None:
    check_no_leaks_through_match(ENGINE, seed=seed, options=options)


def test_view_of_a_player_never_shows_another_players_secrets() -> None:
    """Garnet balances and the X's pending double appear only in their owner's view."""
    players = players_for(ENGINE)
    options = {"x_order": players, "garnets": {"p1": 7, "p2": 3, "p3": 11, "p4": 4, "p5": 6}}
    state = ENGINE.setup(players, options, rng_for("s", 0))
    state, _ = ENGINE.resolve(state, {"p1": {"pairs": [["p2", "p3"], ["p4", "p5"]], "double": True}}, Random(1))
    assert ENGINE.secrets(state, "p1") == {"garnets": 5, "doubling_this_round": True}
    for viewer in players:
        seen = ENGINE.view(state, viewer)
        assert seen["you"]["garnets"] == ENGINE.secrets(state, viewer)["garnets"]
        assert ("doubling_this_round" in seen["you"]) == (viewer == "p1")
    for viewer in [None, *players]:
        public = json.dumps(ENGINE.view(state, viewer)["public"])
        assert '"garnets"' not in public and "doubling_this_round" not in public
    assert not leaks(ENGINE, state, players)


def test_resolve_never_mutates_its_input() -> None:
    players = players_for(ENGINE)
    state = ENGINE.setup(players, RICH, rng_for("m", 0))
    turn = 1
    chooser = Random("m")
    while ENGINE.outcome(state) is None:
        before = json.dumps(ENGINE.dump(state), sort_keys=True)
        moves = {p: ENGINE.validate(state, p, ENGINE.random_move(state, p, chooser)) for p in ENGINE.awaiting(state)}
        new, _ = ENGINE.resolve(state, moves, rng_for("m", turn))
        assert json.dumps(ENGINE.dump(state), sort_keys=True) == before
        state, turn = new, turn + 1
