"""The engine contract, over every registered engine (DESIGN.md, "The engine contract")."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from games import registry
from games.engine import Engine, RuleError
from tests.games.contract import (
    check_engine,
    check_no_leaks_through_match,
    check_public_series_through_match,
    check_resample_through_match,
    players_for,
    rng_for,
)

ENGINES = registry.slugs()


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> Engine[Any]:
    return registry.get_engine(request.param)


def test_every_game_of_the_design_is_registered() -> None:
    """Adding a game is one new app and one line in settings: the five and the suite's toy game are registered."""
    assert {"abc", "exodus", "warriors", "exodia", "density", "odds"} <= set(ENGINES)


def test_engine_declares_its_identity(engine: Engine[Any]) -> None:
    """``slug``, ``title``, ``min_players`` and ``max_players`` are class facts of every engine."""
    assert engine.slug and engine.title
    assert 1 <= engine.min_players <= engine.max_players


def test_random_play_replay_roundtrip_and_garbage(engine: Engine[Any]) -> None:
    """Random legal play ends; replay from seed + moves is identical; JSON round trips; garbage is a RuleError."""
    check_engine(engine, seeds=("contract-1", "contract-2"))


def test_no_view_leaks_another_players_secrets(engine: Engine[Any]) -> None:
    """``view`` of one player never contains another player's private fields, at any point of a match."""
    check_no_leaks_through_match(engine, seed="contract-leak")


@pytest.mark.parametrize("seed", ["resample-1", "resample-2", "resample-3"])
def test_resampling_a_players_hidden_facts_changes_no_other_view(engine: Engine[Any], seed: str) -> None:
    """Non-interference in the contract (OpenSpiel's resample_from_infostate, turned around): redrawing one
    player's hidden facts (hand, balance, unrevealed choice) changes nothing any other viewer sees, nor any
    other player's secrets, at every state of random matches. A new game gets this check for free."""
    check_resample_through_match(engine, seed=seed)


@pytest.mark.parametrize("seed", ["series-1", "series-2"])
def test_public_series_is_a_function_of_the_public_view(engine: Engine[Any], seed: str) -> None:
    """What the season's plots show of a match (``public_series``) comes from the public view alone: redrawing
    any player's hidden facts changes nothing in it, at every state of random matches, the end included."""
    check_public_series_through_match(engine, seed=seed)


def test_resolve_never_mutates_its_input(engine: Engine[Any]) -> None:
    """``resolve`` never mutates its input."""
    players = players_for(engine)
    state = engine.setup(players, {}, rng_for("mut", 0))
    chooser = Random("mut")
    for turn in range(1, 30):
        if engine.outcome(state) is not None:
            break
        before = json.dumps(engine.dump(state), sort_keys=True)
        moves = {p: engine.random_move(state, p, chooser) for p in engine.awaiting(state)}
        new_state, _ = engine.resolve(state, moves, rng_for("mut", turn))
        assert json.dumps(engine.dump(state), sort_keys=True) == before
        state = new_state


def test_validate_refuses_players_not_awaited(engine: Engine[Any]) -> None:
    """A player the turn does not await is refused with a RuleError (never another exception)."""
    players = players_for(engine)
    state = engine.setup(players, {}, rng_for("aw", 0))
    idle = [p for p in players if p not in engine.awaiting(state)]
    for p in [*idle, "ghost"]:
        with pytest.raises(RuleError):
            engine.validate(
                state, p, engine.default_move(state, engine.awaiting(state)[0]) if engine.awaiting(state) else {}
            )
