"""Warriors' Death strategies for the playtest lab and the REST stand-in bot: pure functions over the view.

Both send out units that need no active choice when they can (an active unit's choice is left to
the random fallback).
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

View = Mapping[str, Any]


def _playable(view: View) -> list[dict[str, Any]]:
    if view["public"].get("phase") != "play":
        return []
    units = [u for u in (view.get("you") or {}).get("units", []) if u.get("playable")]
    plain = [u for u in units if not u.get("active")]
    return plain or []


def strongest_first(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Send out the strongest unit left every round."""
    units = _playable(view)
    return {"unit": max(units, key=lambda u: (u["strength"], u["name"]))["name"]} if units else None


def save_the_best(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Sacrifice the weakest unit while the bout is young; bring out the strongest once the
    opponent leads on bouts or the last bout comes."""
    units = _playable(view)
    if not units:
        return None
    public = view["public"]
    wins = public.get("bout_wins", {})
    theirs = max((v for p, v in wins.items() if p != me), default=0)
    late = public.get("bout", 1) >= public.get("bouts_total", 1) or theirs > wins.get(me, 0)
    pick = max if late else min
    return {"unit": pick(units, key=lambda u: (u["strength"], u["name"]))["name"]}


STRATEGIES = {"strongest-first": strongest_first, "save-the-best": save_the_best}
