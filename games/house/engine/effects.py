"""Formulas at play in a ``garnet-house/2`` game (FORMAT.md "Effects and formulas"): the values a formula reads
(match-wide and for one player), a round's effects, the ``best`` resolution, a round's ``when`` and ``order``,
``end.when`` and a formula ``outcome.winners``. Formulas were compiled when the definition was cleaned; the
formula module caches them, so a close compiles nothing.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import PlayerId
from games.house.engine import items, lines
from games.house.engine.formula import FormulaError, formula_bool, formula_compile, formula_int
from games.house.engine.sections_formulas import match_names, player_names
from games.house.engine.state import State, alive, balance, holder, plan_for, plan_path

_EMPTY = {"number": 0, "garnets": 0, "choice": "", "text": "", "flag": False, "player": ""}


def match_env(state: Mapping[str, Any]) -> dict[str, Any]:
    """What a match-wide formula reads."""
    definition = state["definition"]
    living = alive(state)
    scores = state["scores"]
    top = max((scores[p] for p in living), default=0)
    low = min((scores[p] for p in living), default=0)
    last = state["history"][-1]["points"] if state["history"] else {}
    env: dict[str, Any] = {
        "round": state["round"],
        "players": len(living),
        "alive": living,
        "out": list(state["out"]),
        "leaders": [p for p in living if scores[p] == top],
        "lowest": [p for p in living if scores[p] == low],
        "scores": dict(scores),
        "all_scores": [scores[p] for p in living],
        "last_points": {p: int(last.get(p, 0)) for p in state["players"]},
    }
    for h in definition.get("holdings", []):
        env[h["name"]] = {p: state["holdings"][p][h["name"]] for p in state["players"]}
        env[f"all_{h['name']}"] = [state["holdings"][p][h["name"]] for p in living]
    for k in definition.get("counters", []):
        env[k["name"]] = state["counters"][k["name"]]
    for r in definition.get("roles", []):
        env[r["name"]] = holder(state, r["name"])
    for pile in definition.get("piles", []):
        gone = [i for p in state["out"] for i in state["piles"][pile["name"]][p]]
        env[f"{pile['name']}_out"] = items.labels(state, gone)
    return env


def player_env(
    state: Mapping[str, Any],
    player: PlayerId,
    base: Mapping[str, Any],
    moves: Mapping[PlayerId, Mapping[str, Any]],
    fields: Sequence[Mapping[str, Any]],
    winners: Sequence[PlayerId] = (),
) -> dict[str, Any]:
    """What a per-player formula reads for ``player`` (``base``: :func:`match_env`)."""
    definition = state["definition"]
    env = dict(base)
    env.update(
        me=player,
        seat=state["players"].index(player),
        score=state["scores"][player],
        garnets=balance(state, player),
        is_out=player in state["out"],
        winner=player in winners,
    )
    for h in definition.get("holdings", []):
        env[h["name"]] = state["holdings"][player][h["name"]]
    for r in definition.get("roles", []):
        env[r["name"]] = base.get(r["name"]) == player
    for pile in definition.get("piles", []):
        ids = state["piles"][pile["name"]][player]
        env[pile["name"]] = items.labels(state, ids)
        env[f"{pile['name']}_values"] = [int(state["cards"][i]["value"]) for i in ids]
    traded = (state.get("traded") or {}).get(player, {})
    every = {h["name"]: 0 for h in definition.get("holdings", [])}
    env["gave"] = {**every, **traded.get("gave", {})}
    env["got"] = {**every, **traded.get("got", {})}
    env["partners"] = list(traded.get("partners", []))
    move = moves.get(player, {})
    for f in fields:
        value = move.get(f["name"])
        env[f["name"]] = _plain(value) if value is not None else _EMPTY.get(f["type"], [])
    env["sent"] = _sent(moves, fields)
    return env


def _sent(moves: Mapping[PlayerId, Mapping[str, Any]], fields: Sequence[Mapping[str, Any]]) -> dict[str, list[Any]]:
    """Each field's values sent this round, in seat order (those who left it out: missing)."""
    return {f["name"]: [_plain(m[f["name"]]) for m in moves.values() if m.get(f["name"]) is not None] for f in fields}


def _plain(value: Any) -> Any:
    """A move's value as a formula reads it (a gift or a trade: its amount / a table)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _compiled(text: str, path: str, names: Sequence[str]) -> Any:
    return formula_compile(text, path=path, names=names)


def apply_effects(
    state: State, moves: Mapping[PlayerId, Mapping[str, Any]], winners: Sequence[PlayerId]
) -> dict[PlayerId, int]:
    """The round's effects, in order; returns the score changes they made (published with the round's points).
    A holding stays within its bounds (house-27); garnets are only ever paid, never taken (house-36)."""
    plan = plan_for(state, state["round"])
    definition = state["definition"]
    points: dict[PlayerId, int] = {}
    names = player_names(definition, plan["fields"])
    for i, effect in enumerate(plan.get("effects", [])):
        try:
            _apply(state, effect, f"{plan_path(state)}.effects[{i}]", moves, winners, names, points)
        except FormulaError as exc:  # an effect that cannot be computed is skipped, and said (house-40)
            state.setdefault("formula_errors", []).append(str(exc))
    return points


def _apply(
    state: State,
    effect: Mapping[str, Any],
    path: str,
    moves: Mapping[PlayerId, Mapping[str, Any]],
    winners: Sequence[PlayerId],
    names: Sequence[str],
    points: dict[PlayerId, int],
) -> None:
    definition, plan = state["definition"], plan_for(state, state["round"])
    base = match_env(state)
    if effect["to"] in ("private", "public"):
        return  # a line: told once the round's changes are made (apply_lines)
    if effect["who"] == "match":
        mnames = [*match_names(definition), "sent", "winners"]
        env = {**base, "sent": _sent(moves, plan["fields"]), "winners": list(winners)}
        if effect["when"] and not formula_bool(_compiled(effect["when"], f"{path}.when", mnames), env):
            return
        state["counters"][effect["to"]] += formula_int(_compiled(effect["amount"], f"{path}.amount", mnames), env)
        return
    amount = _compiled(effect["amount"], f"{path}.amount", names)
    when = _compiled(effect["when"], f"{path}.when", names) if effect["when"] else None
    changes: dict[PlayerId, int] = {}
    for p in _who(state, effect["who"], winners):
        env = player_env(state, p, base, moves, plan["fields"], winners)
        if when is None or formula_bool(when, env):
            changes[p] = formula_int(amount, env)
    for p, n in changes.items():
        _change(state, effect["to"], p, n, points)


def apply_lines(state: State, moves: Mapping[PlayerId, Mapping[str, Any]], winners: Sequence[PlayerId]) -> None:
    """The round's lines (effects ``to: private`` or ``public``), in order, computed once every other effect is
    made and the round's points are counted (house-74): a line says the values the players start the next
    round with. A line that cannot be computed is not sent, and said (house-40)."""
    plan = plan_for(state, state["round"])
    told = [(i, e) for i, e in enumerate(plan.get("effects", [])) if e["to"] in ("private", "public")]
    if not told:
        return  # a round without lines costs its close nothing more
    names = player_names(state["definition"], plan["fields"])
    base = match_env(state)
    for i, effect in told:
        try:
            _tell(state, effect, f"{plan_path(state)}.effects[{i}]", moves, winners, names, base)
        except FormulaError as exc:
            state.setdefault("formula_errors", []).append(str(exc))


def _tell(
    state: State,
    effect: Mapping[str, Any],
    path: str,
    moves: Mapping[PlayerId, Mapping[str, Any]],
    winners: Sequence[PlayerId],
    names: Sequence[str],
    base: Mapping[str, Any],
) -> None:
    plan = plan_for(state, state["round"])
    if effect["who"] == "match":
        env = {**base, "sent": _sent(moves, plan["fields"]), "winners": list(winners)}
        mnames = [*match_names(state["definition"]), "sent", "winners"]
        lines.tell(state, effect, path, mnames, [(None, lambda: env)])
        return
    envs = [
        (p, lambda p=p: player_env(state, p, base, moves, plan["fields"], winners))
        for p in _who(state, effect["who"], winners)
    ]
    lines.tell(state, effect, path, names, envs)


def _who(state: State, who: str, winners: Sequence[PlayerId]) -> list[PlayerId]:
    if who == "each":
        return alive(state)
    if who == "awaited":
        return list(state["awaits"])
    if who == "winners":
        return [p for p in state["players"] if p in winners]
    return [holder(state, who.partition(":")[2])]


def _change(state: State, to: str, player: PlayerId, n: int, points: dict[PlayerId, int]) -> None:
    if to == "score":
        points[player] = points.get(player, 0) + n
    elif to == "garnets":
        state["garnets"][player]["paid"] += max(0, n)
    elif to in state["counters"]:
        state["counters"][to] += n
    else:
        state["holdings"][player][to] = items.bounded(state, to, state["holdings"][player][to] + n)


def best(state: State, resolve: Mapping[str, Any], moves: Mapping[PlayerId, Mapping[str, Any]]) -> list[PlayerId]:
    """``by: best``: the round's players (``among`` true) with the highest ``key``; ties: all of them, or the
    earliest in the tiebreak order."""
    plan = plan_for(state, state["round"])
    names = player_names(state["definition"], plan["fields"])
    key = _compiled(resolve["key"], f"{plan_path(state)}.resolve.key", names)
    among = _compiled(resolve["among"], f"{plan_path(state)}.resolve.among", names) if resolve["among"] else None
    base = match_env(state)
    scored: dict[PlayerId, int] = {}
    for p in state["awaits"]:
        env = player_env(state, p, base, moves, plan["fields"])
        try:
            if among is None or formula_bool(among, env):
                scored[p] = formula_int(key, env)
        except FormulaError as exc:  # a player whose key cannot be computed takes no part (house-40)
            state.setdefault("formula_errors", []).append(str(exc))
    if not scored:
        return []
    top = max(scored.values())
    found = [p for p in state["tiebreak"] if scored.get(p) == top]
    return found[:1] if resolve["ties"] == "tiebreak" else [p for p in state["players"] if p in found]


def round_runs(state: Mapping[str, Any], plan: Mapping[str, Any]) -> bool:
    """Whether a round runs: no ``when``, or its ``when`` is true now."""
    if not plan.get("when"):
        return True
    try:
        when = _compiled(plan["when"], f"{plan_path(state)}.when", match_names(state["definition"]))
        return formula_bool(when, match_env(state))
    except FormulaError:
        return False  # a condition that cannot be computed does not hold (house-40)


def movers(state: Mapping[str, Any], plan: Mapping[str, Any], players: Sequence[PlayerId]) -> list[PlayerId]:
    """A round's movers in their order: ``seat`` (seat order) or by a per-player formula, lowest first (ties:
    seat order)."""
    if plan.get("order") in (None, "together", "seat"):
        return list(players)
    names = player_names(state["definition"], plan["fields"])
    key = _compiled(plan["order"], f"{plan_path(state)}.order", names)
    base = match_env(state)
    try:
        value = {p: formula_int(key, player_env(state, p, base, {}, plan["fields"])) for p in players}
    except FormulaError:
        return list(players)  # seat order (house-40)
    return sorted(players, key=lambda p: (value[p], state["players"].index(p)))


def end_now(state: Mapping[str, Any]) -> bool:
    """``end.when`` true after a round."""
    text = state["definition"]["end"].get("when")
    if not text:
        return False
    try:
        return formula_bool(_compiled(text, "end.when", match_names(state["definition"])), match_env(state))
    except FormulaError:
        return False  # house-40


def formula_winners(state: Mapping[str, Any]) -> list[PlayerId]:
    """A formula ``outcome.winners``: every player it holds true for, in seat order."""
    names = player_names(state["definition"])
    rule = _compiled(state["definition"]["outcome"]["winners"], "outcome.winners", names)
    base = match_env(state)
    found = []
    for p in state["players"]:
        try:
            if formula_bool(rule, player_env(state, p, base, {}, ())):
                found.append(p)
        except FormulaError:
            continue  # not a winner (house-40)
    return found
