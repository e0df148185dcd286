"""Exodus strategies for the playtest lab and the REST stand-in bot: pure functions over the player's view.

Trades go through only when both sides offer each other, so the traders follow the public
convention the random bots use too (in round r, seat i's slot k names seat (3r + 5k - i) mod n),
a focal point any table of players could agree on.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.exodus.scoring import gem_trade
from games.exodus.tables import CUBE_TABLE, GEMS

View = Mapping[str, Any]


def _trading(view: View) -> bool:
    return view["public"].get("phase") == "trade" and bool((view.get("you") or {}).get("awaited"))


def _mates(view: View, me: str) -> list[str]:
    public, you = view["public"], view["you"]
    players = public["players"]
    n, i, r = len(players), players.index(me), public["round"]
    out: list[str] = []
    for slot in range(public["max_trades"]):
        mate = players[(r * 3 + slot * 5 - i) % n]
        if mate != me and mate in you.get("partners", players) and mate not in out:
            out.append(mate)
    return out


def _value(view: View, item: str) -> float:
    """What giving ``item`` away is worth to me this round by the table alone."""
    public = view["public"]
    if public.get("variant") == "gems":
        return sum(gem_trade(public["round"], item, got, 1)[0] for got in GEMS) / len(GEMS)
    rule = CUBE_TABLE[public["round"]].get(item)
    return float(rule.you) if rule else 0.0


def greedy(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Give away the items the round's table pays most for (never one that loses points)."""
    if not _trading(view):
        return None
    free = dict(view["you"].get("giveable", {}))
    trades = []
    for mate in _mates(view, me):
        best = max((i for i, k in free.items() if k > 0), key=lambda i: (_value(view, i), i), default=None)
        if best is None or _value(view, best) < 0:
            break
        free[best] -= 1
        trades.append({"with": mate, "give": best})
    return {"trades": trades}


def hoarder(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Never give anything away."""
    return {"trades": []} if _trading(view) else None


STRATEGIES = {"greedy": greedy, "hoarder": hoarder}
