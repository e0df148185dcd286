"""Building Exodia scenarios: fixed hands and pile through options, moves checked by validate."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import Message
from games.exodia.engine import ExodiaEngine
from games.exodia.state import State

P = ["ann", "bob", "cat", "dan", "eve", "fay", "gus"]
ENGINE = ExodiaEngine()


def make(hands: Mapping[str, list[str]] | None = None, **options: Any) -> State:
    """A match of the seven players; ``hands`` fixes the deal (unlisted players hold nothing)."""
    opts: dict[str, Any] = {"retrieval_order": P, "gamewide_order": P, "group_twist": 0, **options}
    if hands is not None:
        opts["hands"] = {p: list(hands.get(p, [])) for p in P}
    state = ENGINE.setup(P, opts, Random("setup"))
    return state


def idle(state: State, player: str) -> dict[str, Any]:
    """A player's quiet move: nothing if their hand is empty, else their first Meta/Priority/Immune."""
    hand = state.hands[player]
    if not hand:
        return {"play": []}
    for c in hand:
        if c.split("/")[0] in ("meta", "priority", "immune"):
            return {"play": [{"card": c}]}
    return {"play": [{"card": hand[0], "target": None}]}


def run(state: State, moves: Mapping[str, Any] | None = None, seed: str = "r") -> tuple[State, list[Message]]:
    """Resolve one turn: given moves (validated), quiet moves for every other awaited player."""
    given = dict(moves or {})
    normal = {}
    for p in ENGINE.awaiting(state):
        if p in given:
            if given[p] is None:
                continue  # a missed submission
            normal[p] = ENGINE.validate(state, p, given[p])
        elif state.phase == "round":
            normal[p] = ENGINE.validate(state, p, idle(state, p))
    return ENGINE.resolve(state, normal, Random(seed))


def texts(msgs: list[Message], to: str | None = None) -> str:
    """The messages (public, or private to ``to``) as one text."""
    return "\n".join(m.text for m in msgs if m.to == to)


def c(effect: str, owner: str) -> str:
    """A card name."""
    return f"{effect}/{owner}"
