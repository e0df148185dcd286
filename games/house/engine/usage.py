"""What one closed turn of a dealer's game used, for the balance report's "never used" and "dominates" lines
(the playtest lab sums these per seat; games/house/RULES.md d-16).

Keys: ``field:<name>`` a player filled the field (a number other than 0, a flag set, a gift, an offer…);
``choice:<name>=<value>`` a player picked that choice (choice and flag fields); ``trade:<name>`` a trade
offered on that field went through (counted for both sides).

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import PlayerId
from games.house.engine.fields import is_blank
from games.house.engine.state import State, plan_for


def turn_usage(before: State, moves: Mapping[PlayerId, Mapping[str, Any]], after: State) -> list[tuple[PlayerId, str]]:
    """(player, key) for every use the turn from ``before`` to ``after`` made (see the module's keys)."""
    if before["phase"] != "play":
        return []
    fields = plan_for(before, before["round"])["fields"]
    used: list[tuple[PlayerId, str]] = []
    for player, move in moves.items():
        for decl in fields:
            value = move.get(decl["name"])
            if is_blank(value) or value is False or value == 0:
                if decl["type"] == "flag" and value is False:
                    used.append((player, f"choice:{decl['name']}=false"))
                continue
            used.append((player, f"field:{decl['name']}"))
            if decl["type"] == "choice":
                used.append((player, f"choice:{decl['name']}={value}"))
            elif decl["type"] == "flag":
                used.append((player, f"choice:{decl['name']}=true"))
    traded = after.get("traded") or {}
    for decl in fields:
        if decl["type"] != "trade":
            continue
        for player, move in moves.items():
            offer = move.get(decl["name"])
            if not offer:
                continue
            partner = offer["with"]
            theirs = (moves.get(partner) or {}).get(decl["name"])
            if not theirs or theirs["with"] != player:
                continue
            mirrored = decl.get("terms") == "each_gives" or (
                theirs["give"] == offer["get"] and theirs["get"] == offer["give"]
            )
            if mirrored and partner in (traded.get(player) or {}).get("partners", []):
                used.append((player, f"trade:{decl['name']}"))
    return used
