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
from games.house.engine import items, played, rows, trade_log
from games.house.engine.formula import FormulaError, formula_bool, formula_int
from games.house.engine.named import compile_named, defs_of
from games.house.engine.sections_formulas import match_names, player_names
from games.house.engine.state import State, alive, balance, holder, plan_for, plan_path

_EMPTY = {"number": 0, "garnets": 0, "choice": "", "text": "", "flag": False, "player": ""}


def base_for(state: Mapping[str, Any], rule: Any) -> dict[str, Any]:
    """The match-wide names a per-player formula ``rule`` reads (nothing when it reads none of them: a formula of
    the player's own cards, computed at every step of a turn, skips the match's tables)."""
    definition = state["definition"]
    wide = {
        *_MATCH_WORDS,
        *(k["name"] for k in definition.get("counters", [])),
        *(r["name"] for r in definition["roles"]),
        *(n for r in definition.get("rows", []) for n in (r["name"], f"{r['name']}_values", f"{r['name']}_suits")),
        "hand_round",
    }
    reads = any(n in wide or n.startswith("all_") or n.endswith("_out") for n in rule.names)
    return match_env(state) if reads else {}


_MATCH_WORDS = ("round", "players", "alive", "out", "leaders", "lowest", "scores", "last_points")
"""The match-wide names that are not a holding, a counter, a role, ``all_<holding>`` or ``<pile>_out``."""


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
    env.update(rows.row_env(state))
    return env


def player_env(
    state: Mapping[str, Any],
    player: PlayerId,
    base: Mapping[str, Any],
    moves: Mapping[PlayerId, Mapping[str, Any]],
    fields: Sequence[Mapping[str, Any]],
    winners: Sequence[PlayerId] = (),
    sent: Mapping[str, list[Any]] | None = None,
) -> dict[str, Any]:
    """What a per-player formula reads for ``player`` (``base``: :func:`match_env`; ``sent``: the round's
    values sent, when the caller has them already: they are the same for every player)."""
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
        env[f"{pile['name']}_suits"] = [str(state["cards"][i]["suit"]) for i in ids]
        # each card's initial owner, '' for an unmarked card (house-121)
        env[f"{pile['name']}_owners"] = [str(state["cards"][i].get("owner", "")) for i in ids]
        if pile["visibility"] == "top":  # what everyone sees of the others' piles (house-111)
            env.update(rows.tops_env(state, pile["name"], player, base["alive"] if "alive" in base else alive(state)))
    traded = (state.get("traded") or {}).get(player, {})
    every = {h["name"]: 0 for h in definition.get("holdings", [])}
    env["gave"] = {**every, **traded.get("gave", {})}
    env["got"] = {**every, **traded.get("got", {})}
    env["partners"] = list(traded.get("partners", []))
    # ``base`` may hold no match-wide names at all (``base_for``: a formula that reads none of them)
    env.update(trade_log.history_env(state, player, base["alive"] if "alive" in base else alive(state)))
    move = moves.get(player, {})
    for f in fields:
        value = move.get(f["name"])
        env[f["name"]] = _plain(value) if value is not None else _EMPTY.get(f["type"], [])
    env["sent"] = dict(sent) if sent is not None else sent_of(moves, fields)
    if any(f["type"] == "card" for f in fields):  # the cards the player plays this round (house-155)
        env.update(played.played_env(state, move, fields))
        if any(f.get("player") for f in fields):  # who named the player with a card this round (house-158)
            env.update(played.aimed_env(state, player, moves, fields))
    return env


def field_values(move: Mapping[str, Any], fields: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The round's fields as a per-player formula reads them from ``move`` (left out: 0, '' or false): all a
    formula that reads only the move needs, without the rest of :func:`player_env`."""
    return {
        f["name"]: _plain(move[f["name"]]) if move.get(f["name"]) is not None else _EMPTY.get(f["type"], [])
        for f in fields
    }


def sent_of(moves: Mapping[PlayerId, Mapping[str, Any]], fields: Sequence[Mapping[str, Any]]) -> dict[str, list[Any]]:
    """Each field's values sent this round, in seat order (those who left it out: missing)."""
    return {f["name"]: [_plain(m[f["name"]]) for m in moves.values() if m.get(f["name"]) is not None] for f in fields}


def _plain(value: Any) -> Any:
    """A move's value as a formula reads it (a gift or a trade: its amount / a table)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _compiled(state: Mapping[str, Any], text: str, path: str, names: Sequence[str]) -> Any:
    """``text`` compiled (cached) with the definition's named formulas written out where it uses them."""
    return compile_named(text, path=path, names=names, defs=defs_of(state["definition"]))


def apply_effects(
    state: State, moves: Mapping[PlayerId, Mapping[str, Any]], winners: Sequence[PlayerId]
) -> dict[PlayerId, int]:
    """The round's effects, in order; returns the score changes they made (published with the round's points).
    A holding stays within its bounds (house-27); garnets are only ever paid, never taken (house-36)."""
    plan = plan_for(state, state["round"])
    definition = state["definition"]
    points: dict[PlayerId, int] = {}
    names = player_names(definition, plan["fields"])
    sent = sent_of(moves, plan["fields"])  # once for the close: every effect and player reads the same
    for i, effect in enumerate(plan.get("effects", [])):
        try:
            _apply(state, effect, f"{plan_path(state)}.effects[{i}]", moves, winners, names, points, sent)
        except FormulaError as exc:  # an effect that cannot be computed is skipped, and said (house-40)
            state.setdefault("formula_errors", []).append(str(exc))
    return points


def apply_listed(state: State, listed: Sequence[Mapping[str, Any]], path: str) -> dict[PlayerId, int]:
    """Effects outside a round's plan (a hand's, house-112), in order, reading what a per-player formula reads
    without the round's fields; returns the score changes they made."""
    names = player_names(state["definition"])
    points: dict[PlayerId, int] = {}
    for i, effect in enumerate(listed):
        try:
            _apply(state, effect, f"{path}[{i}]", {}, [], names, points, {})
        except FormulaError as exc:  # house-40, as a round's effect
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
    sent: Mapping[str, list[Any]],
) -> None:
    definition, plan = state["definition"], plan_for(state, state["round"])
    if effect["to"] in ("private", "public"):
        return  # a line: told once the round's changes are made (apply_lines)
    if effect["who"] == "match":
        base = match_env(state)
        mnames = [*match_names(definition), "sent", "winners"]
        env = {**base, "sent": dict(sent), "winners": list(winners)}
        if effect["when"] and not formula_bool(_compiled(state, effect["when"], f"{path}.when", mnames), env):
            return
        state["counters"][effect["to"]] += formula_int(
            _compiled(state, effect["amount"], f"{path}.amount", mnames), env
        )
        return
    per_trade = effect.get("per") == "trade"
    if per_trade:
        names = [*names, *trade_log.TRADE_NAMES]
    amount = _compiled(state, effect["amount"], f"{path}.amount", names)
    when = _compiled(state, effect["when"], f"{path}.when", names) if effect["when"] else None
    changes: dict[PlayerId, int] = {}
    read = amount.names | (when.names if when is not None else frozenset())
    narrow = _narrow(state, read, plan["fields"])
    base = match_env(state) if narrow is None else {}
    for p in who_of(state, effect["who"], winners):
        # per: trade — once for each trade the player made this round, reading that trade (house-61)
        runs: list[dict[str, Any]] = trade_log.this_round(state, p) if per_trade else [{}]
        if not runs:
            continue  # no trade this round: nothing to run, nothing to build
        if narrow is not None:
            env = _narrow_env(state, p, narrow, moves, plan["fields"], sent)
        else:
            env = player_env(state, p, base, moves, plan["fields"], winners, sent)
        for one in runs:
            env.update(one)
            if when is None or formula_bool(when, env):
                changes[p] = changes.get(p, 0) + formula_int(amount, env)
    for p, n in changes.items():
        _change(state, effect["to"], p, n, points)


def _narrow(
    state: State, read: frozenset[str], fields: Sequence[Mapping[str, Any]]
) -> tuple[frozenset[str], ...] | None:
    """The names ``read`` split as :func:`_narrow_env` computes them (holdings, ``all_`` lists, fields, the rest),
    or None when a formula reads a name only :func:`player_env` computes. A close's largest part is its effects:
    most read only the move, the player's own holdings and each player's list, so their env is built alone."""
    holdings = {h["name"] for h in state["definition"].get("holdings", [])}
    field_names = {f["name"] for f in fields}
    lists = {f"all_{h}" for h in holdings}
    if not read <= holdings | field_names | lists | {"me", "seat", "round", "sent"}:
        return None
    return read & holdings, read & lists, read & field_names


def _narrow_env(
    state: State,
    player: PlayerId,
    narrow: tuple[frozenset[str], ...],
    moves: Mapping[PlayerId, Mapping[str, Any]],
    fields: Sequence[Mapping[str, Any]],
    sent: Mapping[str, list[Any]],
) -> dict[str, Any]:
    """The names :func:`_narrow` kept, with the values :func:`player_env` gives them, in its order (a field named
    like a holding is the field's value)."""
    holdings, lists, field_names = narrow
    living = alive(state)
    env: dict[str, Any] = {"round": state["round"], "me": player, "seat": state["players"].index(player)}
    for name in lists:
        env[name] = [state["holdings"][p][name[4:]] for p in living]
    own = state["holdings"][player]
    for name in holdings:
        env[name] = own[name]
    if field_names:
        env.update(field_values(moves.get(player, {}), [f for f in fields if f["name"] in field_names]))
    env["sent"] = sent
    return env


def who_of(state: State, who: str, winners: Sequence[PlayerId]) -> list[PlayerId]:
    """The players an effect's ``who`` names now: ``each`` still in, ``awaited``, the round's ``winners`` (seat
    order), or a role's holder."""
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
    key = _compiled(state, resolve["key"], f"{plan_path(state)}.resolve.key", names)
    among = _compiled(state, resolve["among"], f"{plan_path(state)}.resolve.among", names) if resolve["among"] else None
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
        when = _compiled(state, plan["when"], f"{plan_path(state)}.when", match_names(state["definition"]))
        return formula_bool(when, match_env(state))
    except FormulaError:
        return False  # a condition that cannot be computed does not hold (house-40)


def movers(state: Mapping[str, Any], plan: Mapping[str, Any], players: Sequence[PlayerId]) -> list[PlayerId]:
    """A round's movers in their order: ``seat`` (seat order) or by a per-player formula, lowest first (ties:
    seat order)."""
    if plan.get("order") in (None, "together", "seat"):
        if (state["definition"].get("hands") or {}).get("button"):
            return rows.first_from_button(state, players)  # from the left of the button (house-113)
        return list(players)
    names = player_names(state["definition"], plan["fields"])
    key = _compiled(state, plan["order"], f"{plan_path(state)}.order", names)
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
        return formula_bool(_compiled(state, text, "end.when", match_names(state["definition"])), match_env(state))
    except FormulaError:
        return False  # house-40


def formula_winners(state: Mapping[str, Any]) -> list[PlayerId]:
    """A formula ``outcome.winners``: every player it holds true for, in seat order."""
    names = player_names(state["definition"])
    rule = _compiled(state, state["definition"]["outcome"]["winners"], "outcome.winners", names)
    base = match_env(state)
    found = []
    for p in state["players"]:
        try:
            if formula_bool(rule, player_env(state, p, base, {}, ())):
                found.append(p)
        except FormulaError:
            continue  # not a winner (house-40)
    return found


def asks_by_formula(state: Mapping[str, Any], decl: Mapping[str, Any], player: PlayerId) -> bool:
    """Whether a field whose ``for`` is a formula is asked of ``player`` now: the formula of their state, the
    fields the player has sent this turn as sent (the others left out); one that cannot be computed asks it
    (the form never loses a field, house-96)."""
    plan = plan_for(state, state["round"])
    rule = _compiled(
        state, decl["for"], f"{plan_path(state)}.fields.for", player_names(state["definition"], plan["fields"])
    )
    try:
        return formula_bool(
            rule, player_env(state, player, base_for(state, rule), state.get("so_far") or {}, plan["fields"])
        )
    except FormulaError:
        return True
