"""The end said by each player, the best of the winners and a single winner's pick (FORMAT.md "An end by each
player, the best of the winners and a single winner's pick"; RULES.md house-150..153).

``end.when_any`` ends the match after a round in which it holds for any player still in; ``outcome.winners_by``
keeps, of the players a formula ``outcome.winners`` holds for, those with its highest value; ``over_max`` says what
more of them than ``max_winners`` gives; ``single_pick`` names the non-winners a single winner may pick the
Elimination Candidate among. A formula that cannot be computed does not hold, and a key that cannot be computed
counts 0 (house-40).

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import PlayerId
from games.house.engine.formula import FormulaError, formula_bool, formula_int
from games.house.engine.named import compile_named, defs_of
from games.house.engine.sections_ending import PICK_NAMES
from games.house.engine.sections_formulas import player_names
from games.house.engine.state import alive


def _rule(state: Mapping[str, Any], text: str, path: str, extra: Sequence[str] = ()) -> Any:
    names = [*player_names(state["definition"]), *extra]
    return compile_named(text, path=path, names=names, defs=defs_of(state["definition"]))


def _envs(state: Mapping[str, Any], players: Sequence[PlayerId]) -> dict[PlayerId, dict[str, Any]]:
    """What a per-player formula read at the end of a round reads for each of ``players`` (no round's fields)."""
    from games.house.engine.effects import match_env, player_env

    base = match_env(state)
    return {p: player_env(state, p, base, {}, ()) for p in players}


def _holds(rule: Any, env: Mapping[str, Any]) -> bool:
    try:
        return formula_bool(rule, env)
    except FormulaError:
        return False  # house-40


def _value(rule: Any, env: Mapping[str, Any]) -> int:
    try:
        return formula_int(rule, env)
    except FormulaError:
        return 0  # house-40


def end_any(state: Mapping[str, Any]) -> bool:
    """``end.when_any`` true, after a round, for a player still in (house-150)."""
    text = state["definition"]["end"].get("when_any")
    if not text:
        return False
    rule = _rule(state, text, "end.when_any")
    return any(_holds(rule, env) for env in _envs(state, alive(state)).values())


def best(state: Mapping[str, Any], found: Sequence[PlayerId]) -> list[PlayerId]:
    """Of the players a formula ``outcome.winners`` holds for (``found``, seat order), those with the highest
    ``winners_by`` (house-151); more of them than ``max_winners`` with ``over_max``: nobody, or the first of them in
    the tiebreak order (``tiebreak``) or in seat order (``seat``) alone (house-152). Without these keys, ``found`` as it is."""
    rule = state["definition"]["outcome"]
    winners = list(found)
    if rule.get("winners_by") and winners:
        by = _rule(state, rule["winners_by"], "outcome.winners_by")
        values = {p: _value(by, env) for p, env in _envs(state, winners).items()}
        top = max(values.values())
        winners = [p for p in winners if values[p] == top]
    most = rule.get("max_winners")
    if rule.get("over_max") and most and len(winners) > most:
        if rule["over_max"] == "nobody":
            return []
        order = list(state["tiebreak"] if rule["over_max"] == "tiebreak" else state["players"])
        return [min(winners, key=order.index)]
    return winners


def pick_pool(state: Mapping[str, Any], winners: Sequence[PlayerId], pool: Sequence[PlayerId]) -> list[PlayerId]:
    """The non-winners (``pool``) a single winner may pick the Elimination Candidate among: those ``single_pick``
    holds for, reading ``winners_best`` (the winner's ``winners_by``, 0 without it). None for several winners, or
    without ``single_pick`` (house-153)."""
    rule = state["definition"]["outcome"]
    if not rule.get("single_pick") or len(winners) != 1:
        return []
    envs = _envs(state, [*winners, *pool])
    top = 0
    if rule.get("winners_by"):
        top = _value(_rule(state, rule["winners_by"], "outcome.winners_by"), envs[winners[0]])
    pick = _rule(state, rule["single_pick"], "outcome.single_pick", PICK_NAMES)
    return [p for p in pool if _holds(pick, {**envs[p], "winners_best": top})]
