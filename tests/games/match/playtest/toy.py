"""A toy game whose playtest numbers can be worked out by hand.

"Coin": two players each name 1, 2 or 3 once; the higher number wins, the lower is the EC. A tie
goes to the first seat by ruling coin-1, announced; ruling coin-2 fires silently on every tie
(an empty message); a missing pick is 1 (ruling coin-3). Scores are the numbers named; garnets are
the number minus 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.engine import BaseEngine, Message, Outcome, RuleError, expect_int


class CoinEngine(BaseEngine[dict]):
    slug = "coin"
    title = "Coin"
    min_players = 2
    max_players = 2

    def setup(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> dict:
        return {"players": list(players), "picks": None}

    def awaiting(self, state: dict) -> tuple[str, ...]:
        return () if state["picks"] else tuple(state["players"])

    def turn_label(self, state: dict) -> str:
        return "Pick"

    def turn_seconds(self, state: dict) -> int:
        return 60

    def validate(self, state: dict, player: str, move: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(move, Mapping):
            raise RuleError("the move must be an object")
        return {"n": expect_int(move.get("n"), "n", low=1, high=3)}

    def default_move(self, state: dict, player: str) -> dict[str, Any]:
        return {"n": 1}

    def default_ruling(self, state: dict, player: str) -> str | None:
        return "coin-3"

    def resolve(self, state: dict, moves: Mapping[str, dict[str, Any]], rng: Random) -> tuple[dict, list[Message]]:
        a, b = state["players"]
        picks = {p: moves[p]["n"] if p in moves else 1 for p in (a, b)}
        msgs = [Message(f"{a} names {picks[a]}, {b} names {picks[b]}.")]
        if picks[a] == picks[b]:
            msgs += [Message(f"A tie goes to {a}.", ruling="coin-1"), Message("", ruling="coin-2")]
        return {**state, "picks": picks}, msgs

    def view(self, state: dict, viewer: str | None) -> dict[str, Any]:
        return {"turn": "Pick", "public": {"players": state["players"], "picks": state["picks"]}}

    def outcome(self, state: dict) -> Outcome | None:
        if not state["picks"]:
            return None
        a, b = state["players"]
        pa, pb = state["picks"][a], state["picks"][b]
        win, lose = (a, b) if pa >= pb else (b, a)
        return Outcome(
            winners=(win,),
            candidates=(lose,),
            tokens={win: 1},
            garnets={p: n - 1 for p, n in state["picks"].items()},
            scores={p: float(n) for p, n in state["picks"].items()},
        )

    def dump(self, state: dict) -> dict[str, Any]:
        return dict(state)

    def load(self, data: Mapping[str, Any]) -> dict:
        return dict(data)

    def random_move(self, state: dict, player: str, rng: Random) -> dict[str, Any]:
        return {"n": rng.randint(1, 3)}

    def secrets(self, state: dict, player: str) -> dict[str, Any]:
        return {}


def high(view: Mapping[str, Any], me: str, rng: Random) -> dict[str, Any]:
    return {"n": 3}


def low(view: Mapping[str, Any], me: str, rng: Random) -> dict[str, Any]:
    return {"n": 1}


def cheat(view: Mapping[str, Any], me: str, rng: Random) -> dict[str, Any]:
    return {"n": 9}  # refused by the rules: the lab replaces it with a random legal move
