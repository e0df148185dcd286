"""The shared engine contract for warriors, for each version and option set, plus view privacy."""

from __future__ import annotations

from random import Random

import pytest

from tests.games.contract import check_engine, check_no_leaks_through_match, leaks

from .helpers import ENGINE, POOL_2, A, B, new, play

OPTION_SETS = [
    {},
    {"variant": "classic", "advantage": "p1"},
    {"variant": "extended"},
    {"variant": "extended", "pool": POOL_2},
    {"variant": "extended", "turn_seconds": 90, "advantage": "p1"},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_contract(options: dict) -> None:
    check_engine(ENGINE, seeds=("a", "b", "c", "d"), options=options)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_no_leaks(options: dict) -> None:
    check_no_leaks_through_match(ENGINE, seed="leak", options=options)
    check_no_leaks_through_match(ENGINE, seed="leak2", options=options)


def test_a_players_view_never_shows_the_others_units() -> None:
    state = new("extended", POOL_2)
    state = play(state, {"unit": "dancer", "select": "monk"}, "paladin")
    state = play(state, "monk", {"unit": "white mage", "guess": "monk"})
    assert not leaks(ENGINE, state, [A, B])
    view = ENGINE.view(state, B)
    ann_units = ENGINE.secrets(state, A)["units"]
    assert view["you"]["units"] != ann_units
    assert "sides" not in str(view) and "secret_points" not in str(view)
    assert ENGINE.view(state, None).get("you") is None


def test_turn_lengths() -> None:
    """Live: 60 s a round by default; the pool look 180 s; breaks and the look await nobody."""
    state = ENGINE.setup([A, B], {"variant": "extended", "pool": POOL_2}, Random(0))
    assert ENGINE.awaiting(state) == () and ENGINE.turn_seconds(state) == 180
    assert ENGINE.turn_label(state) == "Pool look"
    state, _ = ENGINE.resolve(state, {}, Random(1))
    assert ENGINE.awaiting(state) == (A, B) and ENGINE.turn_seconds(state) == 60
    state = ENGINE.setup([A, B], {"turn_seconds": 75, "break_seconds": 30}, Random(0))
    assert ENGINE.turn_seconds(state) == 75
    for _ in range(10):
        state = play(state, "chocobo", "chocobo")
    assert state["phase"] == "break" and ENGINE.awaiting(state) == () and ENGINE.turn_seconds(state) == 30
    assert ENGINE.turn_label(state) == "Break after bout 1"
    state, _ = ENGINE.resolve(state, {}, Random(3))
    assert ENGINE.turn_label(state) == "Bout 2 · Round 1"
