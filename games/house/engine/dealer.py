"""The dealer's seat (``games.engine.DEALER``): its moves checked, its default and random moves (FORMAT.md
"Seats, turns and moves").

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import DEALER, PlayerId, RuleError, expect_mapping
from games.house.engine.constants import LIMIT as POINTS_LIMIT
from games.house.engine.state import State, alive, plan_for, round_label

MAX_ANNOUNCEMENT = 4000
MAX_PRIVATE = 2000

TALLY_KEYS = ("announcement", "private", "points", "out", "next", "next_awaits", "outcome")


def _player(state: State, value: Any, what: str) -> PlayerId:
    if not isinstance(value, str) or value not in state["players"]:
        shown = value if isinstance(value, str) else repr(value)
        raise RuleError(f'{what}: "{shown}" is not a player of this match')
    return value


def _players(state: State, value: Any, what: str) -> list[PlayerId]:
    if not isinstance(value, list) or len(value) > 64:
        raise RuleError(f"{what}: must be a list of players")
    handles = [_player(state, v, what) for v in value]
    if len(set(handles)) != len(handles):
        raise RuleError(f"{what}: names a player more than once")
    return handles


def _text(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str):
        raise RuleError(f"{what}: must be text")
    if len(value.strip()) > limit:
        raise RuleError(f"{what}: must be at most {limit} characters")
    return value.strip()


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what}: must be a whole number")
    if not low <= value <= high:
        raise RuleError(f"{what}: must be at least {low}" if value < low else f"{what}: must be at most {high}")
    return value


def next_is_named(state: State) -> bool:
    """Whether the round after the current one awaits the players the dealer names."""
    return bool(plan_for(state, state["round"] + 1)["awaits"] == "named")


def dealer_validate(state: State, move: Any) -> dict[str, Any]:
    """The dealer's move of this tally, review or opening turn, normalised; RuleError naming the key and rule."""
    move = expect_mapping(move, "the dealer's move")
    if state["phase"] == "open":
        if unknown := [k for k in move if k != "next_awaits"]:
            raise RuleError(f'{unknown[0]}: an opening move only names the players ("next_awaits")')
        if "next_awaits" not in move:
            return {}
        return {"next_awaits": _awaits(state, move["next_awaits"], state["out"])}
    if unknown := [k for k in move if k not in TALLY_KEYS]:
        raise RuleError(f"{unknown[0]}: not a key of the dealer's move (known: {', '.join(TALLY_KEYS)})")
    out: dict[str, Any] = {}
    if "announcement" in move:
        out["announcement"] = _text(move["announcement"], "announcement", MAX_ANNOUNCEMENT)
    if "private" in move:
        lines = expect_mapping(move["private"], "private")
        out["private"] = {
            _player(state, p, "private"): _text(t, f"private line to {p}", MAX_PRIVATE) for p, t in lines.items()
        }
    if "points" in move:
        points = expect_mapping(move["points"], "points")
        out["points"] = {
            _player(state, p, "points"): _int(v, f"points of {p}", -POINTS_LIMIT, POINTS_LIMIT)
            for p, v in points.items()
        }
    if "out" in move:
        gone = _players(state, move["out"], "out")
        if already := [p for p in gone if p in state["out"]]:
            raise RuleError(f"out: {already[0]} is already out of this match")
        out["out"] = gone
    nxt = move.get("next", "continue")
    if nxt not in ("continue", "end"):
        raise RuleError('next: must be "continue" or "end"')
    out["next"] = nxt
    if "next_awaits" in move:
        if nxt == "end":
            raise RuleError('next_awaits: the match ends ("next": "end"), so nobody is awaited next')
        if not next_is_named(state):
            raise RuleError(
                f"next_awaits: {round_label(state, state['round'] + 1)} awaits every player still in the match; "
                "only a round whose awaits is named takes next_awaits"
            )
        out["next_awaits"] = _awaits(state, move["next_awaits"], [*state["out"], *out.get("out", [])])
    if "outcome" in move:
        if nxt != "end":
            raise RuleError('outcome: only a move that ends the match ("next": "end") gives the outcome')
        out["outcome"] = _outcome(state, move["outcome"])
    return out


def _awaits(state: State, value: Any, gone: list[PlayerId]) -> list[PlayerId]:
    named = _players(state, value, "next_awaits")
    if not named:
        raise RuleError("next_awaits: name at least one player")
    if outs := [p for p in named if p in gone]:
        raise RuleError(f"next_awaits: {outs[0]} is out of this match")
    return [p for p in state["players"] if p in named]


def _outcome(state: State, value: Any) -> dict[str, Any]:
    data = expect_mapping(value, "outcome")
    if unknown := [k for k in data if k not in ("winners", "candidates", "tokens", "garnets")]:
        raise RuleError(f"outcome.{unknown[0]}: not a key of an outcome (winners, candidates, tokens, garnets)")
    winners = _players(state, data.get("winners", []), "outcome.winners")
    out: dict[str, Any] = {"winners": winners}
    if "candidates" in data:
        candidates = _players(state, data["candidates"], "outcome.candidates")
        if both := [p for p in candidates if p in winners]:
            raise RuleError(f"outcome.candidates: {both[0]} is also a winner")
        out["candidates"] = candidates
    if state["definition"]["kind"] == "death":
        if len(winners) != 1:
            raise RuleError("outcome.winners: a Death Match has exactly one winner")
        other = [p for p in state["players"] if p not in winners]
        if out.get("candidates", other) != other:
            raise RuleError(f"outcome.candidates: in a Death Match the candidate is the other player ({other[0]})")
    elif len(winners) >= len(state["players"]):
        raise RuleError("outcome.winners: at least one player must not win (the Elimination Candidate is one of them)")
    if "tokens" in data:
        tokens = expect_mapping(data["tokens"], "outcome.tokens")
        out["tokens"] = {}
        for p, n in tokens.items():
            if _player(state, p, "outcome.tokens") not in winners:
                raise RuleError(f"outcome.tokens: {p} is not a winner; Tokens of Life go to winners")
            out["tokens"][p] = _int(n, f"outcome.tokens of {p}", 0, 3)
    if "garnets" in data:
        garnets = expect_mapping(data["garnets"], "outcome.garnets")
        out["garnets"] = {
            _player(state, p, "outcome.garnets"): _int(n, f"outcome.garnets of {p}", 0, 100) for p, n in garnets.items()
        }
    return out


def dealer_default(state: State) -> dict[str, Any]:
    """What the dealer's missing move becomes (FORMAT.md): a review publishes the mechanic's result as it is;
    a tally publishes "<Round N>: the dealer published no result."; an opening awaits everyone still in."""
    if state["phase"] == "tally":
        return {"announcement": f"{round_label(state)}: the dealer published no result.", "next": "continue"}
    if state["phase"] == "open":
        return {"next_awaits": alive(state)}
    return {"next": "continue"}


def dealer_random(state: State, rng: Random) -> dict[str, Any]:
    """A random valid dealer move: some points, a private line, now and then a player out; it ends a match
    without a round count with probability 1/6 a turn (the round cap ends it anyway)."""
    living = alive(state)
    if state["phase"] == "open":
        return {"next_awaits": sorted(rng.sample(living, rng.randint(1, len(living))), key=state["players"].index)}
    move: dict[str, Any] = {}
    if state["phase"] == "tally" or rng.random() < 0.5:
        move["announcement"] = f"{round_label(state)}: " + rng.choice(("a close one.", "well played.", "no change."))
        move["points"] = {p: rng.randint(-1, 3) for p in rng.sample(living, rng.randint(0, len(living)))}
    if rng.random() < 0.3:
        move["private"] = {rng.choice(state["players"]): "A word from the dealer."}
    if len(living) > 2 and state["definition"]["kind"] == "main" and rng.random() < 0.1:
        move["out"] = [rng.choice(living)]
    ends = state["definition"]["rounds"] is None and rng.random() < 1 / 6
    move["next"] = "end" if ends else "continue"
    if ends and rng.random() < 0.5:
        left = [p for p in state["players"] if p not in move.get("out", [])] or state["players"]
        winner = rng.choice(left)
        move["outcome"] = {"winners": [winner], "tokens": {winner: rng.randint(0, 1)}}
    elif not ends and next_is_named(state):
        staying = [p for p in living if p not in move.get("out", [])]
        move["next_awaits"] = sorted(rng.sample(staying, rng.randint(1, len(staying))), key=state["players"].index)
    return dealer_validate(state, move)


def is_dealer(player: PlayerId) -> bool:
    """Whether ``player`` is the dealer's seat."""
    return player == DEALER


def merged_result(state: State, move: Mapping[str, Any]) -> dict[str, Any]:
    """The round's result the dealer publishes: in a review, the mechanic's proposal with the dealer's edits
    (a key the move leaves out keeps the proposal's); in a tally, the move itself."""
    base: dict[str, Any] = dict(state.get("proposal") or {}) if state["phase"] == "review" else {}
    result = {
        "announcement": move.get("announcement", base.get("announcement", "")),
        "private": dict(move.get("private", base.get("private", {}))),
        "points": dict(move.get("points", base.get("points", {}))),
        "out": list(move.get("out", base.get("out", []))),
        "winners": list(base.get("winners", [])),
    }
    return result
