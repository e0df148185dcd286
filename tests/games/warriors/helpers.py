"""Scenario helpers: fixed pools, rounds played from both players' moves, quick looks at the state."""

from __future__ import annotations

from random import Random
from typing import Any

from games.warriors.engine import WarriorsEngine

ENGINE = WarriorsEngine()
A, B = "ann", "bob"
# An extended pool with both Mages of strength 1 and 2 covered by the first unit of each pair.
POOL_1 = [
    "astrologian",
    "blue mage",
    "bard",
    "sage",
    "samurai",
    "reaper",
    "ninja",
    "dark knight",
    "dragoon",
    "black mage",
]
POOL_2 = [
    "white mage",
    "red mage",
    "dancer",
    "scholar",
    "paladin",
    "machinist",
    "gunbreaker",
    "warrior",
    "monk",
    "summoner",
]


def new(variant: str = "classic", pool: list[str] | None = None, **options: Any) -> dict[str, Any]:
    """A DM at its first round (the extended pool look already over)."""
    opts: dict[str, Any] = {"variant": variant, **options}
    if variant == "extended":
        opts.setdefault("pool", pool or POOL_1)
    state = ENGINE.setup([A, B], opts, Random(0))
    if variant == "extended":
        state, _ = ENGINE.resolve(state, {}, Random(1))
    return state


def play(state: dict[str, Any], a: Any, b: Any) -> dict[str, Any]:
    """One round: each side's move is a unit name or a full move; returns the new state."""
    moves = {}
    for p, m in ((A, a), (B, b)):
        move = {"unit": m} if isinstance(m, str | int) else m
        moves[p] = ENGINE.validate(state, p, move)
    new_state, _ = ENGINE.resolve(state, moves, Random(2))
    return new_state


def play_msgs(state: dict[str, Any], a: Any, b: Any) -> tuple[dict[str, Any], list[str]]:
    """Like :func:`play`, also returning the announcements' texts."""
    moves = {p: ENGINE.validate(state, p, {"unit": m} if isinstance(m, str) else m) for p, m in ((A, a), (B, b))}
    new_state, msgs = ENGINE.resolve(state, moves, Random(2))
    return new_state, [m.text for m in msgs]


def unit(state: dict[str, Any], p: str, name: str) -> dict[str, Any]:
    """The record of ``p``'s unit ``name`` this bout."""
    return state["sides"][p]["units"][name]


def last(state: dict[str, Any]) -> dict[str, Any]:
    """The last round's public log entry."""
    return state["log"][-1]


def true_winner_points(state: dict[str, Any], p: str) -> int:
    """Rounds won by ``p`` this bout (the hidden truth)."""
    return state["sides"][p]["wins"]


def chocobos(state: dict[str, Any], rounds: int) -> dict[str, Any]:
    """Play ``rounds`` Chocobo-against-Chocobo rounds."""
    for _ in range(rounds):
        state = play(state, "chocobo", "chocobo")
    return state
