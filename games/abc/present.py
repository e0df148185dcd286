"""What each viewer sees of an ABC match.

Public: the X order, this round's X and pairs, every total, the round history
(pairs, actions, doubles and their cost, payoffs) and the garnets spent on doubles
already announced. Private ("you"): the viewer's garnet balance, the cost of their
next double, their role and pair this turn, and, for the X, whether they doubled
this round (announced only with the results). Once the match is over everything
is public, balances included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.abc.rules import ROUNDS, double_cost
from games.abc.state import ACTIONS as ACTIONS_PHASE
from games.abc.state import EC_CHOICE, OVER, PAIRING, AbcState
from games.engine import PublicSeries


def public_part(state: AbcState) -> dict[str, Any]:
    """The part of the view that is the same for every viewer."""
    playing = state.phase in (PAIRING, ACTIONS_PHASE)
    part: dict[str, Any] = {
        "players": list(state.players),
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "x_order": list(state.x_order),
        "x": state.x if playing else None,
        "pairs": [list(pair) for pair in state.pairs],
        "totals": dict(state.scores),
        "history": [dict(entry) for entry in state.history],
        "spent": dict(state.spent),
        "doubles_used": dict(state.uses),
        "next_double_cost": {p: double_cost(state.uses[p]) for p in state.players},
        "ec_tied": list(state.ec_tied),
        "ec_choosers": list(state.ec_choosers),
        "result": None,
    }
    if state.phase == OVER and state.result is not None:
        result = state.result
        part["result"] = {
            "winners": list(result["winners"]),
            "tokens": dict(result["tokens"]),
            "ec": result["ec"],
            "ec_reason": result["ec_reason"],
            "earned": dict(result["earned"]),
            "net_garnets": {p: result["earned"][p] - state.spent[p] for p in state.players},
            "final_garnets": {p: state.balance(p) for p in state.players},
        }
    return part


def _role(state: AbcState, viewer: str) -> str:
    if state.phase == PAIRING:
        return "x" if viewer == state.x else "waiting for the pairing"
    if state.phase == ACTIONS_PHASE:
        return "x" if viewer == state.x else "paired"
    if state.phase == EC_CHOICE and viewer in state.ec_choosers:
        return "choosing the EC"
    return "none"


def private_part(state: AbcState, viewer: str, awaiting: Sequence[str]) -> dict[str, Any]:
    """The viewer's own part: balance, next double cost, role, pair, and what they may pick."""
    balance, cost = state.balance(viewer), state.next_cost(viewer)
    you: dict[str, Any] = {
        "name": viewer,
        "role": _role(state, viewer),
        "awaited": viewer in awaiting,
        "partner": state.partner(viewer),
        "garnets": balance,
        "double_cost": cost,
        "can_double": viewer in awaiting and state.phase in (PAIRING, ACTIONS_PHASE) and cost <= balance,
    }
    if state.phase == PAIRING and viewer == state.x:
        you["to_pair"] = state.paired()
    if state.phase == ACTIONS_PHASE and viewer == state.x:
        you["doubling_this_round"] = state.x_double
    if state.phase == EC_CHOICE and viewer in state.ec_choosers:
        you["ec_choices"] = list(state.ec_tied)
    return you


def public_series(view: Mapping[str, Any]) -> PublicSeries:
    """Each player's points after every round played: the public history carries them."""
    points = {f"Round {e['round']}": {p: float(v) for p, v in e["totals"].items()} for e in view["public"]["history"]}
    return {"Points": points} if points else {}


def build_view(state: AbcState, viewer: str | None, label: str, awaiting: Sequence[str]) -> dict[str, Any]:
    """``{"turn", "public"}``, plus ``"you"`` and ``"score"`` for a player of the match."""
    seen: dict[str, Any] = {"turn": label, "public": public_part(state)}
    if viewer is not None and viewer in state.players:
        seen["you"] = private_part(state, viewer, awaiting)
        seen["score"] = state.scores[viewer]
    return seen
