"""Scenario helpers for the Density Deck tests: fixed deals, playing moves, passing turns."""

from __future__ import annotations

from random import Random
from typing import Any

from games.density.cards import COLOURS
from games.density.engine import DensityEngine
from games.density.state import DensityState
from games.engine import Message

E = DensityEngine()
PLAYERS = ["ann", "bob", "cat", "dan"]  # seated clockwise; with dan dealing, ann plays first

# ann holds reds (18 once red 3 is flipped), bob blues (15), cat commons (3), dan whites (12).
DEAL: dict[str, Any] = {
    "hands": {
        "ann": ["red 10", "red 5", "common 9"],
        "bob": ["blue 10", "blue 5", "common 8"],
        "cat": ["common 1", "common 2", "common 3"],
        "dan": ["white 6", "white 6", "common 7"],
    },
    "center": ["red 3", "yellow 3", "purple 3"],
    # 33 cards that match nobody's colour, so passing turns never changes a score; 2 random cards below.
    "deck": [
        *(f"common {p}" for p in (4, 5, 6, 10, 4, 5, 6, 10, 1, 2, 3, 7, 8, 9)),
        *(f"{c} {p}" for c in ("silver", "gold", "aquamarine", "black", "turquoise") for p in COLOURS[c]),
        "yellow 4",
        "yellow 5",
        "purple 5",
        "purple 10",
    ],
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


# Like DEAL, but dan holds all three white 6: 18, as much as ann once red 3 is flipped.
TIE: dict[str, Any] = {**DEAL, "hands": {**DEAL["hands"], "dan": ["white 6", "white 6", "white 6"]}}


def all_cards(state: DensityState) -> list[str]:
    """Every card of the match: hands, deck, discard piles and the Center."""
    cards = [c for h in state.hands.values() for c in h] + list(state.deck) + list(state.center)
    return cards + [c for pile in state.discards.values() for c in pile]


def result(state: DensityState, player: str) -> dict[str, Any]:
    """``player``'s row of the last match summary."""
    assert state.last_match is not None
    return next(r for r in state.last_match["results"] if r["player"] == player)
