"""What each viewer sees of what a match holds beside its scores (FORMAT.md "Views in /2"), what only one
player knows, and the redraw of it: holdings by their visibility, counters, the roles' holders, the pairs, each
pile by its visibility, the moves of a round in turn order so far, and each player's garnets (private).

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

from random import Random
from typing import Any

from games import kit
from games.engine import DEALER, PlayerId
from games.house.engine import items, items_draw, rows
from games.house.engine.state import State, balance, holder, plan_for, uses_garnets


def _holdings(state: State, viewer: PlayerId | None, *, public: bool) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for h in state["definition"]["holdings"]:
        vis = h["visibility"]
        for p in state["players"]:
            if public and vis != "public":
                continue
            if not public and not ((vis == "holder" and viewer == p) or (vis != "public" and viewer == DEALER)):
                continue
            out.setdefault(p, {})[h["name"]] = state["holdings"][p][h["name"]]
    return out


def _piles(state: State, viewer: PlayerId | None, *, public: bool) -> dict[str, dict[str, list[dict[str, Any]]]]:
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for pile in state["definition"].get("piles", []):
        for p in state["players"]:
            seen = (
                pile["visibility"] in ("all", "top")
                if public
                else pile["visibility"] not in ("all", "top") and items.seen_by(pile, p, viewer)
            )
            ids = state["piles"][pile["name"]][p]
            if public and pile["visibility"] == "top":
                ids = ids[-1:]  # its top card; the cards under it only the dealer sees (house-90)
            if seen or (viewer == DEALER and pile["visibility"] == "top"):
                out.setdefault(p, {})[pile["name"]] = items.shown(state, ids)
    return out


def _private_fields(state: State) -> set[str]:
    """The current round's fields whose close is told only to two players: a private trade (``public: false``)
    and a gift (``give``: of a holding or of a card, whose id tells its label from the deck's order)."""
    fields = plan_for(state, state["round"])["fields"]
    return {
        f["name"] for f in fields if (f.get("type") == "trade" and f.get("public") is False) or f.get("type") == "give"
    }


def _so_far(state: State, viewer: PlayerId | None) -> dict[str, dict[str, Any]]:
    """The moves of a round in turn order made so far, as ``viewer`` may read them (house-43): everyone reads
    every mover's move but a private trade's offer and a gift, which only the sender, the player it names and
    the dealer read. None: the public's; a player: only the private parts they may read."""
    moves = state.get("so_far", {})
    if viewer == DEALER:
        copied: dict[str, dict[str, Any]] = kit.json_copy(moves)
        return copied
    private = _private_fields(state) if moves else set()
    if viewer is None:
        return {p: {k: kit.json_copy(v) for k, v in m.items() if k not in private} for p, m in moves.items()}
    seen: dict[str, dict[str, Any]] = {}
    for p, m in moves.items():
        for k in private:
            part = m.get(k)
            named = part.get("with", part.get("to")) if isinstance(part, dict) else None
            if part and (p == viewer or named == viewer):
                seen.setdefault(p, {})[k] = kit.json_copy(part)
    return seen


def public(state: State) -> dict[str, Any]:
    """The public part: public holdings, counters, roles, pairs, piles everyone sees, the discards, the moves of
    a round in turn order so far, skipped rounds; once over, every holding and pile (RULES.md house-9)."""
    definition = state["definition"]
    over = state["phase"] == "over"
    out: dict[str, Any] = {
        "holding_facts": [{k: h[k] for k in ("name", "label", "visibility")} for h in definition["holdings"]],
        "holdings": _holdings(state, None, public=True),
        "counters": dict(state.get("counters", {})),
        "roles": {r["name"]: holder(state, r["name"]) for r in definition["roles"]},
        "pairs": kit.json_copy(state.get("pairs", [])),
        "piles": _piles(state, None, public=True),
        "discard": {d: items.shown(state, ids) for d, ids in state.get("discard", {}).items()},
        "so_far": _so_far(state, None),
        "skipped": list(state.get("skipped", [])),
        "uses_garnets": uses_garnets(definition),  # the page shows a balance only in a game that speaks of them
    }
    if state.get("ec"):
        out["ec"] = kit.json_copy(state["ec"])
    if definition.get("rows"):  # face-up cards only, until the match is over (house-110)
        out["rows"] = rows.public(state, over=over)
    if definition.get("hands"):
        button = state["players"][int(state.get("button", len(state["players"]) - 1))]
        out["hand"] = {"round": rows.hand_round(state), "played": int(state.get("hands_played", 0)), "button": button}
    if over:
        out["holdings"] = kit.json_copy(state["holdings"])
        out["piles"] = {
            q: {name: items.shown(state, by[q]) for name, by in state["piles"].items()} for q in state["players"]
        }
        if uses_garnets(definition):  # a game that never speaks of garnets never shows the season's balances
            out["garnets"] = {p: balance(state, p) for p in state["players"]}
    return out


def you(state: State, player: PlayerId) -> dict[str, Any]:
    """A player's own part: their private holdings, their garnets, the piles they see but the public does not
    (their own, or others' cards they see), the private trade offers and gifts of the round so far they sent or
    are named in."""
    if state["phase"] == "over":
        return {}
    out: dict[str, Any] = {"garnets": balance(state, player)}
    if mine := _holdings(state, player, public=False).get(player):
        out["holdings"] = mine
    if seen := _piles(state, player, public=False):
        out["piles"] = seen
    if offers := _so_far(state, player):
        out["so_far"] = offers
    return out


def dealer(state: State) -> dict[str, Any]:
    """The dealer's part: every holding, every pile but those nobody sees, the round's moves so far with the
    private offers and gifts, every garnet balance."""
    return {
        "holdings": kit.json_copy(state["holdings"]),
        **({"rows": rows.dealer(state)} if state["definition"].get("rows") else {}),
        "piles": _piles(state, DEALER, public=False),
        "so_far": _so_far(state, DEALER),
        "garnets": {p: balance(state, p) for p in state["players"]},
    }


def secrets(state: State, player: PlayerId) -> dict[str, Any]:
    """What only ``player`` knows: their garnets, their private holdings, their piles only they see."""
    found: dict[str, Any] = {"garnets": balance(state, player)}
    if mine := _holdings(state, player, public=False).get(player):
        found["holdings"] = mine
    own = {
        pile["name"]: items.shown(state, state["piles"][pile["name"]][player])
        for pile in state["definition"].get("piles", [])
        if pile["visibility"] == "holder"
    }
    if own:
        found["piles"] = own
    return found


def resample(state: State, player: PlayerId, rng: Random) -> None:
    """``player``'s hidden facts redrawn in ``state``: the garnets they brought in (never below what they have
    spent), their private holdings (within bounds) and their cards only they see."""
    g = state["garnets"][player]
    g["start"] = int(g["spent"]) + rng.randint(0, 12)
    for h in state["definition"]["holdings"]:
        if h["visibility"] != "public":
            base = h["start"] if isinstance(h["start"], int) else state["holdings"][player][h["name"]]
            value = base + rng.randint(-5, 5)
            state["holdings"][player][h["name"]] = items.bounded(state, h["name"], value)
    items_draw.resample(state, player, rng)
