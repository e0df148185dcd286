"""Scenario builders for the ABC tests: fixed X order and garnets, rounds played move by move."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.abc.engine import AbcEngine
from games.abc.state import AbcState
from games.engine import Message

ENGINE = AbcEngine()
PLAYERS = ["ann", "bob", "cat", "dan", "eve"]
ORDER = ["ann", "bob", "cat", "dan", "eve"]  # ann is X in round 1, bob in round 2, ...


def new(garnets: Mapping[str, int] | None = None, x_order: list[str] | None = None) -> AbcState:
    """A match with the X order fixed (ann, bob, cat, dan, eve unless given) and garnets brought in."""
    options: dict[str, Any] = {"x_order": list(x_order or ORDER)}
    if garnets is not None:
        options["garnets"] = dict(garnets)
    return ENGINE.setup(PLAYERS, options, Random("setup"))


def step(state: AbcState, moves: Mapping[str, Any]) -> tuple[AbcState, list[Message]]:
    """Validate each move as the framework would, then resolve the turn."""
    valid = {p: ENGINE.validate(state, p, m) for p, m in moves.items()}
    return ENGINE.resolve(state, valid, Random("turn"))


def play_round(
    state: AbcState,
    pairs: list[list[str]],
    actions: Mapping[str, str | tuple[str, bool]],
    x_double: bool = False,
) -> tuple[AbcState, list[Message]]:
    """The X pairs ``pairs`` (doubling if ``x_double``); then each paired player plays ``actions[p]``
    (an action, or ``(action, double)``)."""
    x = ENGINE.awaiting(state)[0]
    state, first = step(state, {x: {"pairs": pairs, "double": x_double}})
    moves = {}
    for p, a in actions.items():
        action, double = (a, False) if isinstance(a, str) else a
        moves[p] = {"action": action, "double": double}
    state, second = step(state, moves)
    return state, first + second


def others(x: str) -> list[str]:
    """The four players the X pairs, in seat order."""
    return [p for p in PLAYERS if p != x]


def all_same_round(state: AbcState, action: str) -> tuple[AbcState, list[Message]]:
    """A round where the X pairs the others in seat order and everyone plays ``action``."""
    a, b, c, d = others(ENGINE.awaiting(state)[0])
    return play_round(state, [[a, b], [c, d]], {p: action for p in (a, b, c, d)})


def before_last_round(scores: Mapping[str, int], garnets: Mapping[str, int] | None = None) -> AbcState:
    """Four betray-only rounds played for real, then the totals set to ``scores`` (a scenario shortcut
    for the end-of-match clauses; the X of round 5 is eve)."""
    state = new(garnets)
    for _ in range(4):
        state, _ = all_same_round(state, "betray")
    data = ENGINE.dump(state)
    data["scores"] = dict(scores)
    return ENGINE.load(data)


def public_texts(messages: list[Message]) -> str:
    """Every public message, joined."""
    return "\n".join(m.text for m in messages if m.to is None)
