"""The shared engine contract, run over Exodia, Obliterate's option sets."""

from __future__ import annotations

from random import Random

import pytest

from games.exodia.engine import ExodiaEngine
from tests.games.contract import check_engine, check_no_leaks_through_match, leaks, players_for, rng_for

PLAYERS = players_for(ExodiaEngine())
OPTION_SETS = [
    {},
    {"round_cap": 12},
    {"gamewide_order": PLAYERS[::-1], "mm_winners": ["p1", "p2"], "dm_winner": "p3"},
    {"group_twist": 1, "retrieval_order": PLAYERS},
    {"group_twist": 2, "mm_requirement": {"meta": 2}},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_contract(options: dict) -> None:
    check_engine(ExodiaEngine(), seeds=("a", "b"), options=options)


@pytest.mark.parametrize("options", OPTION_SETS[:3])
def test_no_leaks_through_match(options: dict) -> None:
    check_no_leaks_through_match(ExodiaEngine(), options=options)


def test_view_of_a_player_never_shows_another_players_hand() -> None:
    """A player's view carries their own hand only; nobody else's hand shows anywhere while the match runs."""
    engine = ExodiaEngine()
    state = engine.setup(PLAYERS, {}, rng_for("x", 0))
    chooser = Random("x")
    for turn in range(1, 6):
        moves = {p: engine.validate(state, p, engine.random_move(state, p, chooser)) for p in engine.awaiting(state)}
        state, _ = engine.resolve(state, moves, rng_for("x", turn))
        for viewer in PLAYERS:
            view = engine.view(state, viewer)
            assert view["you"]["hand"] == state.hands[viewer]
            assert "hands" not in view["public"]
            mine = {c for cards in view["you"]["by_owner"].values() for c in cards}
            assert mine == set(state.hands[viewer])
        assert not leaks(engine, state, PLAYERS)
