"""ABC strategies for the playtest lab and the REST stand-in bot: pure functions over the player's view.

Each returns a move in the public notation or None (the caller falls back: a random legal move in
the lab, the game's default at the deadline through the API). None of them doubles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from random import Random
from typing import Any

from games.abc.rules import ACTIONS, PAYOFFS

View = Mapping[str, Any]


def _acting(view: View) -> bool:
    you = view.get("you") or {}
    return view["public"].get("phase") == "actions" and you.get("role") == "paired" and bool(you.get("partner"))


def always_ally(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Ally every pair; leave the X's pairing and the EC pick to chance."""
    return {"action": "ally", "double": False} if _acting(view) else None


def always_betray(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Betray every pair."""
    return {"action": "betray", "double": False} if _acting(view) else None


def tit_for_tat(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Do to the pair what they last did to me (as seen in the public history); Ally a stranger."""
    if not _acting(view):
        return None
    partner = view["you"]["partner"]
    action = "ally"
    for past in view["public"].get("history", []):
        if any(me in pair and partner in pair for pair in past.get("pairs", [])):
            action = past["actions"].get(partner, action)
    return {"action": action, "double": False}


def _habits(view: View) -> dict[str, Counter[str]]:
    # Each player's past actions with one Laplace count of each, so strangers look uniform.
    seen: dict[str, Counter[str]] = {p: Counter(dict.fromkeys(ACTIONS, 1)) for p in view["public"]["players"]}
    for past in view["public"].get("history", []):
        for player, action in past.get("actions", {}).items():
            seen[player][action] += 1
    return seen


def _x_gain(a: Counter[str], b: Counter[str]) -> float:
    na, nb = sum(a.values()), sum(b.values())
    return sum(a[x] * b[y] * PAYOFFS[(x, y)][2] for x in ACTIONS for y in ACTIONS) / (na * nb)


def maximiser(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """As the X, pair the four to maximise the X's expected points from their public habits; when
    paired, play the best reply to the pair's habits."""
    public, you = view["public"], view.get("you") or {}
    habits = _habits(view)
    if public.get("phase") == "pairing" and you.get("role") == "x":
        a, b, c, d = you["to_pair"]
        matchings = [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]
        best = max(matchings, key=lambda m: sum(_x_gain(habits[p], habits[q]) for p, q in m))
        return {"pairs": [list(best[0]), list(best[1])], "double": False}
    if _acting(view):
        theirs = habits[you["partner"]]
        total = sum(theirs.values())
        action = max(ACTIONS, key=lambda mine: sum(theirs[t] * PAYOFFS[(mine, t)][0] for t in ACTIONS) / total)
        return {"action": action, "double": False}
    return None


STRATEGIES = {
    "always-ally": always_ally,
    "always-betray": always_betray,
    "tit-for-tat": tit_for_tat,
    "maximiser": maximiser,
}
