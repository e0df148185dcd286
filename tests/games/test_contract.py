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
    check_hidden_facts_resampled,
    check_no_leaks_through_match,
    check_public_series_through_match,
    check_resample_through_match,
    players_for,
    rng_for,
)
from tests.leakygame.engine import SecretEngine, SecretState

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


CANNOT_REDRAW = {
    # Structural: every card is in the public pile or in a hand, so a hand is exactly the cards nobody
    # else holds; no player's hidden facts can be redrawn alone (games/exodia/RULES.md ruling 24).
    "exodia": "a hand is the cards the others do not hold",
}


@pytest.mark.parametrize("seed", ["hidden-1", "hidden-2"])
def test_an_engine_that_hides_anything_redraws_it_for_real(engine: Engine[Any], seed: str) -> None:
    """Issue 28: "An engine whose view for a player shows anything the public view does not must implement
    resample_hidden for real; the contract detects that case and fails the default no-op, and checks that
    resampling does redraw hidden facts in sampled states." Engines that cannot redraw say why above."""
    if engine.slug in CANNOT_REDRAW:
        hiding, _ = check_hidden_facts_resampled(engine, seed=seed, must_redraw=False)
        assert hiding, f"{engine.slug} is listed as hiding facts it cannot redraw, but hides nothing"
        return
    check_hidden_facts_resampled(engine, seed=seed)


class HonestSecretEngine(SecretEngine):
    """Secret Numbers without the leak, and with a real ``resample_hidden``: the contract passes it."""

    slug = "honest-secret"

    def view(self, state: SecretState, viewer: str | None) -> dict[str, Any]:
        out = super().view(state, viewer)
        out["public"].pop("lucky")
        return out

    def resample_hidden(self, state: SecretState, player: str, rng: Random) -> SecretState:
        if state.winner:
            return state
        new = self.load(self.dump(state))
        new.numbers[player] = rng.randint(1, 9)
        return new


class LeakySecretEngine(SecretEngine):
    """The leaky game whose author also wrote a real ``resample_hidden``."""

    resample_hidden = HonestSecretEngine.resample_hidden  # type: ignore[assignment]


def test_the_leaky_sixth_game_passed_the_old_contract() -> None:
    """The issue's finding: the leak check matches a secret only under its own key, and the default
    resample_hidden compares a state with itself, so the game built from games/README.md passed."""
    leaky = SecretEngine()
    check_engine(leaky, seeds=("leaky-1",))
    check_no_leaks_through_match(leaky, seed="leaky")
    check_resample_through_match(leaky, seed="leaky")


def test_the_contract_fails_the_leaky_sixth_game() -> None:
    """ "Add the leaky sixth game to the test suite as a negative case (in tests/, not installed): the contract
    must fail on it": its view shows the player's number, which the public view does not, so the default
    resample_hidden is refused; and with a real resample_hidden the non-interference check catches the leak
    (redrawing the second seat's number changes the public view)."""
    with pytest.raises(AssertionError, match="resample_hidden must redraw it"):
        check_hidden_facts_resampled(SecretEngine(), seed="leaky")
    with pytest.raises(AssertionError, match="changed what the public sees"):
        check_resample_through_match(LeakySecretEngine(), seed="leaky")


def test_the_contract_passes_the_same_game_without_the_leak() -> None:
    """The contract is not simply strict: without the leak, and with a real redraw, Secret Numbers passes."""
    honest = HonestSecretEngine()
    check_engine(honest, seeds=("honest-1",))
    hiding, redrawn = check_hidden_facts_resampled(honest, seed="honest")
    assert hiding and redrawn
    check_resample_through_match(honest, seed="honest")
