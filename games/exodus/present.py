"""What each viewer may see of an Exodus match: the only door to hidden information.

While trading, the public sees the round and the scoring table, not how many
trades went through (RULES.md ruling 4); each player also sees their own inventory, points /
Favor and how each of their offers fared. Once the match is over (the
Elimination Candidate known) the whole history is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import PlayerId, PublicSeries
from games.exodus import moves as mv
from games.exodus.rounds import label
from games.exodus.state import ExodusState
from games.exodus.tables import MAX_TRADES, ROUNDS, cube_table_text, gem_table_text


def turn_label(state: ExodusState) -> str:
    """'Round 3' / 'Year 3' while trading; then the EC pick; then 'Final'."""
    if state.phase == "trade":
        return label(state)
    if state.phase == "ec":
        return "Elimination Candidate choice"
    return "Final"


def public_part(state: ExodusState) -> dict[str, Any]:
    """The part every viewer shares."""
    cubes = state.variant == "cubes"
    rnd = min(state.round, ROUNDS)
    out: dict[str, Any] = {
        "variant": state.variant,
        "title": "The Exodus Game" if cubes else "Elephantine (The Exodus Game, gems)",
        "round_word": "Round" if cubes else "Year",
        "unit": "points" if cubes else "Favor",
        "round": rnd,
        "rounds": ROUNDS,
        "phase": state.phase,
        "players": list(state.players),
        "max_trades": MAX_TRADES[state.variant],
        "table": (cube_table_text if cubes else gem_table_text)(rnd),
    }
    if state.phase == "ec":
        out["pick"] = {"winners": list(state.winners), "ec_tied": list(state.ec_tied)}
    if state.phase == "over":
        out["final"] = {
            "scores": dict(state.scores),
            "inventories": {p: list(v) for p, v in state.inventories.items()},
            "winners": list(state.winners),
            "ec_tied": list(state.ec_tied),
            "ec": state.ec,
            "history": [
                {
                    "round": e["round"],
                    "trades": list(e["trades"]),
                    "totals": dict(e["totals"]),
                    "changes": {p: s["total"] for p, s in e["sheets"].items()},
                }
                for e in state.log
            ],
        }
    return out


def private_part(state: ExodusState, player: PlayerId) -> dict[str, Any]:
    """What only ``player`` knows: inventory, what they may give, whom they may trade with, their history."""
    history = []
    for e in state.log:
        sheet = e["sheets"][player]
        history.append(
            {
                "round": e["round"],
                "trades": [dict(r) for r in e["report"][player]],
                "lines": [dict(x) for x in sheet["lines"] + sheet.get("end", [])],
                "change": sheet["total"],
                "total": e["totals"][player],
            }
        )
    you: dict[str, Any] = {
        "inventory": list(state.inventories[player]),
        "locked": state.locked.get(player, 0),
        "awaited": player in mv.awaiting(state),
        "history": history,
    }
    if state.phase == "trade":
        you["giveable"] = mv.giveable(state, player)
        you["partners"] = mv.legal_partners(state, player)
        you["last_partners"] = list(state.last_partners.get(player, []))
    if state.phase == "ec" and player in state.winners:
        you["ec_choices"] = list(state.ec_tied)
    return you


def public_series(view: Mapping[str, Any]) -> PublicSeries:
    """Each player's points (Favor) after every round (year), once the match is over: until then
    the totals are private (ruling 4), so there is nothing public to plot."""
    public = view["public"]
    final = public.get("final")
    if not final:
        return {}
    word = public["round_word"]
    totals = {f"{word} {e['round']}": {p: float(v) for p, v in e["totals"].items()} for e in final["history"]}
    return {str(public["unit"]).capitalize(): totals} if totals else {}


def view(state: ExodusState, viewer: PlayerId | None) -> dict[str, Any]:
    """``{"turn", "public"}`` plus, for a player, ``"you"`` and ``"score"`` (their own total)."""
    out: dict[str, Any] = {"turn": turn_label(state), "public": public_part(state)}
    if viewer is not None and viewer in state.players:
        out["you"] = private_part(state, viewer)
        out["score"] = state.scores[viewer]
    return out


def secrets(state: ExodusState, player: PlayerId) -> dict[str, Any]:
    """``player``'s hidden facts (inventory, total, locked Diamonds) until the match is over."""
    if state.phase == "over":
        return {}
    found: dict[str, Any] = {"inventory": list(state.inventories[player]), "score": state.scores[player]}
    if state.locked.get(player):
        found["locked"] = state.locked[player]
    return found
