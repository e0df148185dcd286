"""Scenario helpers for the Density Deck tests: fixed deals, playing moves, passing turns."""

from __future__ import annotations

from random import Random
from typing import Any

from games.density.engine import DensityEngine
from games.density.state import DensityState
from games.engine import Message

E = DensityEngine()
PLAYERS = ["ann", "bob", "cat", "dan"]  # seated clockwise; with dan dealing, ann plays first

# A deal where ann holds reds, bob blues, cat commons and dan whites; the Center is red 3, blue 3, purple 3.
DEAL: dict[str, Any] = {
    "hands": {
        "ann": ["red 10", "red 5", "common 9"],
        "bob": ["blue 10", "blue 5", "common 8"],
        "cat": ["common 1", "common 2", "common 3"],
        "dan": ["white 6", "white 6", "common 7"],
    },
    "center": ["red 3", "blue 3", "purple 3"],
    "deck": ["common 4", "common 5", "common 6", "common 10", "silver 4", "silver 4", "gold 4", "gold 4"],
}


def start(deal: dict[str, Any] | None = None, **options: Any) -> DensityState:
    """A season with ``deal`` fixed for match 1 (DEAL by default) and dan dealing."""
    opts: dict[str, Any] = {"dealer": "dan", "deal": DEAL if deal is None else deal, **options}
    return E.setup(PLAYERS, opts, Random("setup"))


def play(state: DensityState, move: dict[str, Any], player: str | None = None) -> tuple[DensityState, list[Message]]:
    """Validate and resolve ``move`` for the awaited player (or ``player``)."""
    who = player or E.awaiting(state)[0]
    return E.resolve(state, {who: E.validate(state, who, move)}, Random("turn"))


def pass_turn(state: DensityState) -> DensityState:
    """The awaited player draws from the deck and discards what they drew."""
    return play(state, {"action": "draw", "from": "deck", "discard": "drawn"})[0]


def to_round(state: DensityState, round_no: int) -> DensityState:
    """Pass turns until Round ``round_no`` begins."""
    while state.round < round_no:
        state = pass_turn(state)
    return state


def texts(messages: list[Message]) -> str:
    """The public messages, one a line."""
    return "\n".join(m.text for m in messages if m.to is None)
