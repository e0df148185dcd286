"""Redrawing one player's hidden facts: other true moves behind the same bout (RULES.md ruling 20).

What a player sees that nobody else does is their own side of the current bout: the true unit
behind each appearance (a Blue Mage's disguise, a Red Mage's veil, a Holmgang answer), their
units' strengths and deaths, their fallen Chocobos, their Carbuncle, their coming effects, a
forced unit, their true round wins. All of it follows from their true moves of the bout, which
the state records (``played``). A redraw replays the bout from its first round with other true
moves for that player and the opponent's recorded moves, and keeps only a history in which,
after every round, the public log and the opponent's whole side are exactly what they were:
neither the opponent nor the public could have told the two histories apart at any moment.
Earlier bouts are public but for their sides, which no view shows any more.

Pure: no Django, no clock; the randomness comes in as ``rng``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from random import Random
from typing import Any

from games.kit import tree_copy
from games.warriors.bouts import play_round, playable, start_bout
from games.warriors.units import roster, table

State = dict[str, Any]
Moves = dict[str, dict[str, Any]]

# How many rounds one redraw may simulate, and how many turning points it tries: a redraw stays
# cheap (the contract calls it at every state), and finding no other history is allowed.
BUDGET = 150
ATTEMPTS = 6


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def legal_moves(state: State, player: str) -> list[dict[str, Any]]:
    """Every move ``validate`` accepts from ``player`` this round, normalised as it returns them."""
    forced = state["sides"][player]["forced"]
    if forced and forced["round"] == state["round"]:
        return [dict(forced["move"])]
    variant = state["variant"]
    units, names = table(variant), roster(variant, state["pool"])
    out: list[dict[str, Any]] = []
    for name in playable(state, player):
        active = units[name].active
        if active == "rounds":
            out += [{"unit": name, "rounds": r} for r in (-1, 0, 1)]
        elif active == "disguise":
            for look in names:
                if look == "blue mage":
                    continue
                move = {"unit": name, "disguise": look}
                out.append(move)
                fake = units[look].active if variant == "extended" else None
                if fake in ("guess", "select"):
                    out += [{**move, str(fake): n} for n in names]
                elif fake == "rounds":
                    out += [{**move, "rounds": r} for r in (-1, 1)]
        elif active:
            out += [{"unit": name, active: n} for n in names]
        else:
            out.append({"unit": name})
    return out


def bout_start(state: State) -> State:
    """The state as the current bout began: its rounds, its result (if it ended) and its sides undone."""
    start = tree_copy(state)
    bout = state["bout"]
    start["log"] = [e for e in start["log"] if e["bout"] != bout]
    if start["bouts"] and start["bouts"][-1]["bout"] == bout:
        ended = start["bouts"].pop()
        if ended["winner"]:
            start["bout_wins"][ended["winner"]] -= 1
        start["winner"] = None
    start["bout"] = bout - 1
    start_bout(start)
    return start


def _step(state: State, moves: Moves) -> State:
    new = tree_copy(state, append_only=("log",))
    play_round(new, moves)
    return new


def _seen_by_others(state: State, opponent: str) -> str:
    """Everything after a round that the public or the opponent sees (and the opponent's whole side)."""
    public = {k: state[k] for k in ("phase", "bout", "round", "length_announced", "bout_wins", "bouts", "winner")}
    return _canon([public, state["log"][-1], state["sides"][opponent]])


def redraw(state: State, player: str, rng: Random, own: Callable[[State], Any]) -> State:
    """A state in which ``player``'s true moves of this bout are redrawn, all else seen by others kept.

    ``own(state)`` is what ``player`` sees; a redraw that changes it is preferred. Returns ``state``
    itself where nothing is hidden, where the record does not reproduce the state (a bout begun
    before moves were recorded), or where no other history fits within the budget."""
    played: list[Moves] = state.get("played") or []
    if not state["sides"] or not played or player not in state["players"]:
        return state
    opponent = next(p for p in state["players"] if p != player)
    trail = [bout_start(state)]
    for moves in played:
        trail.append(_step(trail[-1], moves))
    if _canon(trail[-1]) != _canon(state):
        return state
    marks = [_seen_by_others(s, opponent) for s in trail[1:]]
    budget = [BUDGET]

    def search(current: State, i: int, pivot: int) -> State | None:
        if i == len(played):
            return current
        original = played[i][player]
        options = legal_moves(current, player)
        rng.shuffle(options)
        if i == pivot:
            options = [m for m in options if m != original]
        elif original in options:  # after the turning point, the player's own moves where they still fit
            options.remove(original)
            options.insert(0, original)
        for move in options:
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            after = _step(current, {**played[i], player: move})
            if _seen_by_others(after, opponent) == marks[i]:
                found = search(after, i + 1, pivot)
                if found is not None:
                    return found
        return None

    mine, best = _canon(own(state)), state
    for _ in range(ATTEMPTS):
        pivot = rng.randrange(len(played))
        found = search(trail[pivot], pivot, pivot)
        if found is not None:
            best = found
            if _canon(own(found)) != mine:
                break
        if budget[0] <= 0:
            break
    return best
