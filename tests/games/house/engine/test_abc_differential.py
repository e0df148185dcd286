"""ABC written as a dealer's definition (``games/house/engine/samples/abc.yaml``, ``garnet-house/2``) plays to the same
points, Tokens of Life, Elimination Candidate order and garnets as the installed game ``games/abc`` over 200
random matches fed the same moves (issue 37's acceptance)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.abc.engine import AbcEngine
from games.house.engine import HouseEngine
from games.house.engine.samples import sample_definition

ABC, HOUSE = AbcEngine(), HouseEngine()
PLAYERS = ["ann", "bob", "cat", "dan", "eve"]


def _house_move(abc_state: Any, player: str, move: dict[str, Any]) -> dict[str, Any]:
    """The ABC notation in the definition's fields (the same decision, written as the form sends it)."""
    if "pairs" in move:
        return {"pairs": move["pairs"], "double": move["double"]}
    if "action" in move:
        return {"action": move["action"], "double": move["double"]}
    return {"ec": move["ec"]}


def _play(seed: int) -> tuple[Any, Any, int]:
    rng = Random(seed)
    garnets = {p: rng.choice([0, 0, 2, 3, 5, 9, 20]) for p in PLAYERS}
    order = rng.sample(PLAYERS, 5) if rng.random() < 0.5 else []
    absent = rng.choice([0.0, 0.1, 0.4])
    options: dict[str, Any] = {"garnets": garnets, "gamewide_order": order}
    a = ABC.setup(PLAYERS, options, Random(f"{seed}:0"))
    h = HOUSE.setup(PLAYERS, {**options, "definition": sample_definition("abc")}, Random(f"{seed}:0"))
    turn = 0
    while ABC.outcome(a) is None:
        turn += 1
        assert HOUSE.outcome(h) is None, f"seed {seed}: the definition ended first, at turn {turn}"
        assert set(ABC.awaiting(a)) == set(HOUSE.awaiting(h)), f"seed {seed} turn {turn}"
        moves_a: dict[str, dict[str, Any]] = {}
        moves_h: dict[str, dict[str, Any]] = {}
        for p in ABC.awaiting(a):
            if rng.random() < absent:
                continue  # a missing submission: each engine's own default
            move = ABC.random_move(a, p, rng)
            moves_a[p] = ABC.validate(a, p, move)
            moves_h[p] = HOUSE.validate(h, p, _house_move(a, p, move))
            assert ABC.garnet_cost(a, p, moves_a[p]) == HOUSE.garnet_cost(h, p, moves_h[p]), f"seed {seed}"
        spent_a = ABC.round_spent(a, moves_a, a)
        before = h
        a, _ = ABC.resolve(a, moves_a, Random(f"{seed}:{turn}"))
        h, _ = HOUSE.resolve(h, moves_h, Random(f"{seed}:{turn}"))
        assert {p: n for p, n in spent_a.items() if n} == {
            p: n for p, n in HOUSE.round_spent(before, moves_h, h).items() if n
        }, f"seed {seed} turn {turn}"
    return ABC.outcome(a), HOUSE.outcome(h), turn


@pytest.mark.parametrize("block", range(4))
def test_abc_as_a_definition_plays_to_the_same_outcome_as_the_abc_engine(block: int) -> None:
    """Over 200 random matches (50 per block; random garnets brought in, doubles, absent players, a tiebreak
    order or none) both engines agree on the points, Tokens, the whole Elimination Candidate order and the
    garnets, and on what every close spent."""
    for seed in range(block * 50, block * 50 + 50):
        expected, found, _turns = _play(seed)
        assert found is not None, f"seed {seed}: the definition did not end"
        assert found.scores == expected.scores, f"seed {seed}"
        # The same winners; two tied for first are named in the tiebreak order (house-7), ABC's in seat order.
        assert sorted(found.winners) == sorted(expected.winners), f"seed {seed}"
        assert dict(found.tokens) == dict(expected.tokens), f"seed {seed}"
        assert found.candidates == expected.candidates, f"seed {seed}"
        assert dict(found.garnets) == dict(expected.garnets), f"seed {seed}"


@pytest.mark.parametrize("garnets", [{}, {"ann": 3, "bob": 3, "cat": 1, "dan": 3, "eve": 1}])
def test_everyone_silent_ties_for_first_and_last_and_the_fewest_garnets_decide_as_in_abc(garnets: dict) -> None:
    """ABC rulings 4 and 11 through the definition: five silent players all Ally, tie on 10 points, nobody wins
    and the Elimination Candidate is the fewest garnets (by lot among equals, from the same seeded rng)."""
    for seed in range(12):
        options: dict[str, Any] = {"garnets": garnets}
        a = ABC.setup(PLAYERS, options, Random(f"{seed}:0"))
        h = HOUSE.setup(PLAYERS, {**options, "definition": sample_definition("abc")}, Random(f"{seed}:0"))
        turn = 0
        while ABC.outcome(a) is None:
            turn += 1
            a, _ = ABC.resolve(a, {}, Random(f"{seed}:{turn}"))
            h, _ = HOUSE.resolve(h, {}, Random(f"{seed}:{turn}"))
        expected, found = ABC.outcome(a), HOUSE.outcome(h)
        assert found is not None and expected is not None
        assert found.winners == () and set(found.scores.values()) == {10.0}
        assert found.candidates == expected.candidates and dict(found.garnets) == dict(expected.garnets)
