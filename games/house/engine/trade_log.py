"""The match's trades one by one (FORMAT.md /2 "Trades one by one and the trade history"): every trade that went
through, who gave what to whom in which round (state key ``trade_log``); what a per-trade effect reads of one
trade (``given``, ``received``, ``partner``); what any per-player formula reads of the player's own history
(``traded_with``, ``trade_counts``, ``last_partners``); the trades a view shows (a player: their own only; the
dealer: all; the public: none, RULES.md house-64).

Pure: no Django, no clock, no random. Functions that change a state change the one given.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from games.engine import PlayerId
from games.house.engine.state import State, alive

TRADE_NAMES = ("given", "received", "partner")
"""What a per-trade effect reads beside a per-player formula's names."""
HISTORY_NAMES = ("traded_with", "trade_counts", "last_partners")
"""What every per-player formula reads of the player's trade history."""


def record(state: State, a: PlayerId, b: PlayerId, a_gave: Mapping[str, int], b_gave: Mapping[str, int]) -> None:
    """A trade between ``a`` and ``b`` went through this round: logged for the formulas and the views."""
    entry = {"round": state["round"], "a": a, "b": b, "a_gave": dict(a_gave), "b_gave": dict(b_gave)}
    state.setdefault("trade_log", []).append(entry)


def has_trades(definition: Mapping[str, Any]) -> bool:
    """Whether any round of ``definition`` has a trade field (else there is no trade history to read or show)."""
    return any(f["type"] == "trade" for r in definition["round_plan"] for f in r["fields"])


def _mine(state: Mapping[str, Any], player: PlayerId) -> Iterator[tuple[int, PlayerId, dict[str, int], dict[str, int]]]:
    """``player``'s trades of the match, oldest first: (round, partner, given, received)."""
    for t in state.get("trade_log") or ():
        if t["a"] == player:
            yield t["round"], t["b"], t["a_gave"], t["b_gave"]
        elif t["b"] == player:
            yield t["round"], t["a"], t["b_gave"], t["a_gave"]


def this_round(state: Mapping[str, Any], player: PlayerId) -> list[dict[str, Any]]:
    """What each of ``player``'s trades this round reads, in the order they went through: ``given`` and
    ``received`` (every holding, 0 for those not traded, as ``gave`` and ``got``) and ``partner``."""
    log = state.get("trade_log") or ()
    mine: list[tuple[PlayerId, dict[str, int], dict[str, int]]] = []
    for t in reversed(log):  # the log grows round by round: this round's trades are its last entries
        if t["round"] != state["round"]:
            break
        if t["a"] == player:
            mine.append((t["b"], t["a_gave"], t["b_gave"]))
        elif t["b"] == player:
            mine.append((t["a"], t["b_gave"], t["a_gave"]))
    if not mine:
        return []
    every = {h["name"]: 0 for h in state["definition"].get("holdings", [])}
    return [
        {"given": {**every, **given}, "received": {**every, **received}, "partner": partner}
        for partner, given, received in reversed(mine)
    ]


def history_env(state: Mapping[str, Any], player: PlayerId, living: Sequence[PlayerId] | None = None) -> dict[str, Any]:
    """``traded_with`` (every other player still in -> the trades with them this match), ``trade_counts`` (the
    same counts as a list, in seat order) and ``last_partners`` (whom the player traded with last round, in seat
    order); ``living``: the players still in, when the caller has them."""
    counts = {q: 0 for q in (alive(state) if living is None else living) if q != player}
    last: list[PlayerId] = []
    if not state.get("trade_log"):  # no trade yet (or a game without trades): nothing to count
        return {"traded_with": counts, "trade_counts": list(counts.values()), "last_partners": last}
    for rnd, partner, _, _ in _mine(state, player):
        if partner in counts:
            counts[partner] += 1
        if rnd == state["round"] - 1:
            last.append(partner)
    if len(last) > 1:  # in seat order, not the order the trades were settled in (house-68): a line lists them
        last = [q for q in state["players"] if q in last]
    return {"traded_with": counts, "trade_counts": list(counts.values()), "last_partners": last}


def own(state: Mapping[str, Any], player: PlayerId) -> list[dict[str, Any]]:
    """``player``'s trades as their view shows them: round, with whom, what they gave and got."""
    return [
        {"round": rnd, "with": partner, "gave": dict(given), "got": dict(received)}
        for rnd, partner, given, received in _mine(state, player)
    ]
