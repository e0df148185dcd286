"""The shared engine contract for Density Deck, per option set, and the no-leak checks."""

from __future__ import annotations

import pytest

from games.density.engine import DensityEngine
from tests.games.contract import check_engine, check_no_leaks_through_match, leaks, play_random, players_for

from .helpers import E, pass_turn, start

OPTION_SETS = [
    {},
    {"scoring": "sum-or-common"},
    {"lives": 3, "garnets": 5, "turn_seconds": 60},
    {"dealer": "p2", "lives": 1},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_contract(options: dict) -> None:
    check_engine(DensityEngine(), seeds=("a", "b", "c", "d", "e"), options=options)


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_no_leaks_through_match(options: dict) -> None:
    for seed in ("leak", "leak2", "leak3"):
        check_no_leaks_through_match(DensityEngine(), seed=seed, options=options)


def test_many_random_seasons_end_with_one_winner_and_an_ec() -> None:
    players = players_for(E)
    for i in range(40):
        final, _, _ = play_random(E, players, f"season-{i}", {"lives": 4})
        out = E.outcome(final)
        assert out is not None and len(out.winners) == 1 and len(out.candidates) == len(players) - 1
        assert out.tokens == {out.winners[0]: 2}
        assert [p for p in players if final.lives[p] > 0] == list(out.winners)


def test_view_of_a_player_never_shows_another_players_hand() -> None:
    """Nobody sees another hand until a match ends."""
    state = start()
    for _ in range(6):
        for viewer in [None, *state.players]:
            seen = repr(E.view(state, viewer))
            for owner in state.players:
                if owner != viewer:
                    assert f"'hand': {state.hands[owner]!r}" not in seen
        assert not leaks(E, state, state.players)
        state = pass_turn(state)
