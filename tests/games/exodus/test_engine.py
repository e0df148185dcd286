"""The shared engine contract for both versions of The Exodus Game, at several player counts."""

from __future__ import annotations

from random import Random

import pytest

from games.exodus.engine import ExodusEngine
from tests.games.contract import check_engine, check_no_leaks_through_match, leaks, play_random, players_for

E = ExodusEngine()


@pytest.mark.parametrize("variant", ["cubes", "gems"])
def test_contract_at_min_players(variant: str) -> None:
    check_engine(E, options={"variant": variant})


@pytest.mark.parametrize(("variant", "count"), [("cubes", 9), ("gems", 8), ("cubes", 16), ("gems", 5)])
def test_contract_at_other_counts(variant: str, count: int) -> None:
    check_engine(E, seeds=("a", "b"), options={"variant": variant}, count=count)


@pytest.mark.parametrize(("variant", "count"), [("cubes", 4), ("gems", 4), ("cubes", 9), ("gems", 8)])
def test_no_leaks_through_match(variant: str, count: int) -> None:
    check_no_leaks_through_match(E, seed=f"leak-{variant}", options={"variant": variant}, count=count)


def test_default_variant_is_cubes() -> None:
    state = E.setup(players_for(E), {}, Random(0))
    assert state.variant == "cubes" and E.turn_label(state) == "Round 1"


@pytest.mark.parametrize("variant", ["cubes", "gems"])
def test_a_players_view_never_shows_another_players_secrets(variant: str) -> None:
    players = players_for(E, 8)
    state = E.setup(players, {"variant": variant}, Random(3))
    chooser = Random(5)
    while state.phase == "trade":
        assert not leaks(E, state, players)
        for p in players:
            mine = E.view(state, p)
            for q in players:
                if q != p:
                    assert (
                        state.inventories[q] != mine["you"]["inventory"] or state.inventories[q] == state.inventories[p]
                    )
            assert mine["score"] == state.scores[p]
        public = E.view(state, None)
        assert "you" not in public and "score" not in public and "final" not in public["public"]
        moves = {p: E.validate(state, p, E.random_move(state, p, chooser)) for p in players}
        state, _ = E.resolve(state, moves, Random(1))


@pytest.mark.parametrize("variant", ["cubes", "gems"])
def test_random_play_makes_real_trades(variant: str) -> None:
    final, _, _ = play_random(E, players_for(E, 9), "trades", {"variant": variant})
    assert sum(len(e["trades"]) for e in final.log) > 10


@pytest.mark.parametrize("variant", ["cubes", "gems"])
def test_trades_conserve_the_pool_and_hand_sizes(variant: str) -> None:
    """Every trade is a 1-for-1 swap: hand sizes and the pool never change over a random match."""
    from collections import Counter

    for seed in ("x", "y", "z"):
        final, _, _ = play_random(E, players_for(E, 8), seed, {"variant": variant})
        first = E.setup(players_for(E, 8), {"variant": variant}, Random(f"{seed}:0"))
        assert {p: len(h) for p, h in final.inventories.items()} == {p: len(h) for p, h in first.inventories.items()}
        assert Counter(x for h in final.inventories.values() for x in h) == Counter(
            x for h in first.inventories.values() for x in h
        )
        assert sum(
            e["totals"][p] - (e["totals"][p] - e["sheets"][p]["total"]) for e in final.log for p in final.players
        ) == sum(final.scores.values())
