"""The greedy bot of dealers' games (games/house/RULES.md d-15): one round of look-ahead over the pure engine,
deterministic from its seed, legal, fair (it redraws what it may not know) and better than chance."""

from __future__ import annotations

import re
from pathlib import Path
from random import Random
from typing import Any

import pytest

from games.engine import RuleError
from games.house.engine import HouseEngine
from games.house.engine import bots as bots_module
from games.house.engine.bots import greedy_move, legal_candidates
from games.house.engine.samples import sample_definition
from games.house.engine.state import State
from games.match.playtest.options import garnets_brought

ENGINE = HouseEngine()


def _start(name: str, players: int) -> State:
    """A match of sample ``name`` whose players bring garnets as a bot trial's do (games/house/RULES.md d-17)."""
    handles = [f"p{i + 1}" for i in range(players)]
    options = {"definition": sample_definition(name), "garnets": garnets_brought(handles)}
    return ENGINE.setup(handles, options, Random(7))


def _play(name: str, players: int, greedy: set[str], seed: str) -> State:
    """A match of sample ``name``: the seats in ``greedy`` play the greedy bot, the rest random moves."""
    state, rng, turn = _start(name, players), Random(seed), 1
    while ENGINE.outcome(state) is None and turn < 200:
        moves = {}
        for p in ENGINE.awaiting(state):
            move = greedy_move(state, p, rng) if p in greedy else None
            moves[p] = ENGINE.validate(state, p, move if move is not None else ENGINE.random_move(state, p, rng))
        state, _ = ENGINE.resolve(state, moves, Random(f"{seed}:{turn}"))
        turn += 1
    return state


def test_the_greedy_bot_is_deterministic_from_its_seed() -> None:
    """The same state and the same seed give the same move: a trial replays exactly."""
    state = _start("trading", 3)
    assert greedy_move(state, "p1", Random("s")) == greedy_move(state, "p1", Random("s"))


def test_the_greedy_bot_module_is_pure() -> None:
    """No Django, no clock, no module-level random: randomness comes in as ``rng``."""
    source = Path(bots_module.__file__).read_text()
    assert not re.search(r"^\s*(from|import)\s+(django|time|datetime|random)\b(?!.*import Random$)", source, re.M)
    assert "random." not in source.replace("Random(", "")


@pytest.mark.parametrize(
    ("sample", "players"),
    [("trading", 3), ("pot_auction", 3), ("cube_exchange", 3), ("dealers_auction", 3), ("abc", 5), ("turn_order", 3)],
)
def test_every_greedy_move_is_legal_and_the_match_ends(sample: str, players: int) -> None:
    """Greedy at every seat plays each kind of sample (trades, bids, dealers' rounds, turn order) to its end."""
    state, rng, turn = _start(sample, players), Random("legal"), 1
    while ENGINE.outcome(state) is None and turn < 200:
        moves = {}
        for p in ENGINE.awaiting(state):
            move = greedy_move(state, p, rng, candidates=4, playouts=1)
            try:
                moves[p] = ENGINE.validate(state, p, move if move is not None else ENGINE.random_move(state, p, rng))
            except RuleError as exc:  # pragma: no cover - the failure names the move
                pytest.fail(f"{sample}: greedy {p} sent {move!r}: {exc}")
        state, _ = ENGINE.resolve(state, moves, Random(f"legal:{turn}"))
        turn += 1
    assert ENGINE.outcome(state) is not None


def test_candidates_are_distinct_legal_moves_and_offer_trades() -> None:
    """The moves weighed: no two alike, each accepted by the engine, the smallest trades among them."""
    state = _start("trading", 3)
    moves = legal_candidates(state, "p1", Random(1), limit=40)
    cleaned = [ENGINE.validate(state, "p1", m) for m in moves]
    assert len({repr(sorted(c.items())) for c in cleaned}) == len(cleaned)
    assert any((m.get("offer") or {}).get("get") == {"blue": 1} for m in moves)


def test_the_greedy_bot_weighs_a_draw_from_each_pile_and_the_card_drawn() -> None:
    """A draw field's options are every pile it may draw from now; a discard may name the card drawn (house-94)."""
    state = _start("density", 4)
    (first,) = ENGINE.awaiting(state)  # left of the button, drawn at setup (house-113)
    state, _ = ENGINE.resolve(state, {first: {"action": "draw", "draw": "deck", "discard": "drawn"}}, Random(1))
    (second,) = ENGINE.awaiting(state)
    moves = legal_candidates(state, second, Random(1), limit=40)
    assert {m.get("draw") for m in moves} >= {"deck", first}
    assert any(m.get("discard") == "drawn" for m in moves)


def test_the_greedy_bot_bids_in_an_auction() -> None:
    """In the pot auction (the highest bid takes every bid) a greedy bot bids rather than sits out."""
    state = _start("pot_auction", 3)
    move: dict[str, Any] | None = greedy_move(state, "p1", Random(3))
    assert move is not None and (move.get("bid") or 0) > 0


def test_a_greedy_seat_wins_more_often_than_random_seats() -> None:
    """Two-thirds of the average, 40 matches, p1 greedy against two random seats: p1 wins half or more
    (a random seat wins about a third)."""
    wins = sum("p1" in ENGINE.outcome(_play("two_thirds", 3, {"p1"}, f"g{i}")).winners for i in range(40))  # type: ignore[union-attr]
    assert wins >= 20


def test_the_greedy_bot_does_not_see_its_own_card_on_its_forehead() -> None:
    """Indian poker: everyone sees your card but you. The worlds the greedy bot plays out give it every card it
    could hold, and its real card is not among the facts it keeps (games/house/RULES.md d-15)."""
    state = _start("indian_poker", 3)
    real = state["piles"]["card"]["p1"]
    assert real  # dealt at the start of the round
    worlds = [bots_module._determinise(state, "p1", Random(i)) for i in range(30)]
    drawn = {tuple(w["piles"]["card"]["p1"]) for w in worlds}
    assert len(drawn) > 5
    assert all(w["piles"]["card"]["p2"] == state["piles"]["card"]["p2"] for w in worlds)  # p1 sees p2's card


def test_a_lab_match_of_greedy_bots_replays_exactly() -> None:
    """The trial's page replays match 0 of its plan: with greedy seats it must be the very match counted."""
    from games.match.playtest.runner import Plan, play_match

    plan = Plan(
        game="house",
        matches=2,
        players=3,
        bots=("greedy", "random"),
        options={"definition": sample_definition("trading")},
    )
    assert play_match(plan, 1) == play_match(plan, 1)
