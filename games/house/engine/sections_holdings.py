"""Readers of holdings, roles, the round plan's cycle, the awaits of a role, the pair resolution and the
outcome's ranking keys (FORMAT.md "garnet-house/2"). ``definition.py`` calls them (a ``/1`` file holds none of
these keys: it is read without them, then upgraded); each error names its path.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.house.engine import field_draw
from games.house.engine.constants import LIMIT
from games.house.engine.sections import Checker

TOP_KEYS2 = ("plan_repeat", "holdings", "roles", "counters", "decks", "piles", "formulas", "rows", "hands")
ROUND_KEYS2 = ("when", "order", "deal", "effects", "shows", "again", "repeat")
VISIBILITY = ("public", "holder", "dealer")
RESERVED = (
    "score",
    "garnets",
    "players",
    "round",
    "alive",
    "out",
    "leaders",
    "lowest",
    "scores",
    "last_points",
    "me",
    "seat",
    "is_out",
    "winner",
    "winners",
    "sent",
    "gave",
    "got",
    "partners",
    "traded_with",
    "trade_counts",
    "last_partners",
    "given",
    "received",
    "partner",
    "private",
    "public",
)  # names formulas read (sections_formulas.match_names, player_names), and an effect's line targets (house-74)
MAX_HOLDINGS = 16
MAX_ROLES = 4


def read_holdings(c: Checker, raw: Any) -> list[dict[str, Any]]:
    """``holdings``: named per-player counters (``start``, ``min``/``max`` bounds or null, ``visibility``)."""
    raw = [] if raw is None else raw
    if not isinstance(raw, list) or len(raw) > MAX_HOLDINGS:
        c.fail("holdings", f"must be a list of at most {MAX_HOLDINGS} holdings")
        return []
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        path = f"holdings[{i}]"
        data = c.mapping(item, path)
        if data is None:
            continue
        c.unknown(data, ("name", "label", "start", "min", "max", "visibility", "locked"), path)
        name = c.name(data.get("name"), f"{path}.name")
        if name in RESERVED:
            c.fail(f"{path}.name", f'"{name}" is a name the format keeps for itself ({", ".join(RESERVED)})')
        elif name is not None and name in seen:
            c.fail(f"{path}.name", f'"{name}" is already the name of another holding')
        seen.add(name or "")
        label = c.text(data.get("label", (name or "").replace("_", " ").capitalize()), f"{path}.label", max_length=40)
        low = data.get("min")
        high = data.get("max")
        low = None if low is None else c.integer(low, f"{path}.min", -LIMIT, LIMIT)
        high = None if high is None else c.integer(high, f"{path}.max", -LIMIT, LIMIT)
        raw_start = data.get("start", 0)
        if isinstance(raw_start, str):  # a formula of the cards dealt: checked with the piles (check_names)
            start: int | str = raw_start.strip()
        else:
            start = c.integer(raw_start, f"{path}.start", -LIMIT, LIMIT) or 0
        if low is not None and high is not None and high < low:
            c.fail(f"{path}.max", f"must be at least min ({low})")
        elif isinstance(start, int) and ((low is not None and start < low) or (high is not None and start > high)):
            c.fail(f"{path}.start", "must lie within min and max")
        visibility = c.choice(data.get("visibility", "public"), f"{path}.visibility", VISIBILITY)
        out.append(
            {
                "name": name or "holding",
                "label": label or name or "Holding",
                "start": start,
                "min": low,
                "max": high,
                "visibility": visibility or "public",
            }
        )
        if data.get("locked") not in (None, ""):  # another holding's name, checked by sections_trades (house-63)
            out[-1]["locked"] = data["locked"]
    return out


def read_roles(c: Checker, raw: Any) -> list[dict[str, Any]]:
    """``roles``: a role held by one player at a time, rotating through the players ``every`` rounds in a
    ``random`` order (drawn at setup) or in ``seat`` order."""
    raw = [] if raw is None else raw
    if not isinstance(raw, list) or len(raw) > MAX_ROLES:
        c.fail("roles", f"must be a list of at most {MAX_ROLES} roles")
        return []
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        path = f"roles[{i}]"
        data = c.mapping(item, path)
        if data is None:
            continue
        c.unknown(data, ("name", "label", "order", "every"), path)
        name = c.name(data.get("name"), f"{path}.name")
        if name is not None and name in seen:
            c.fail(f"{path}.name", f'"{name}" is already the name of another role')
        seen.add(name or "")
        label = c.text(data.get("label", (name or "").upper()), f"{path}.label", max_length=40)
        order = c.choice(data.get("order", "random"), f"{path}.order", ("random", "seat"))
        every = c.integer(data.get("every", 1), f"{path}.every", 1, 99)
        out.append({"name": name or "role", "label": label or "Role", "order": order or "random", "every": every or 1})
    return out


def awaits_choices(roles: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """What a round's ``awaits`` may say in ``/2``: all, named, ``role:<name>`` (the holder) or
    ``others:<name>`` (everyone still in but the holder), or nobody (a break: house-84)."""
    return ("all", "named", "leaders", "nobody", *(f"{k}:{r['name']}" for r in roles for k in ("role", "others")))


def read_pairs_resolve(c: Checker, data: Mapping[str, Any], path: str, fields: list[dict[str, Any]]) -> dict[str, Any]:
    """``resolve: {by: pairs, field, matrix, role, double}``: the pairs the last pairing named play a choice
    field; ``matrix[mine][theirs]`` is ``[my points, their points]`` or ``[mine, theirs, the role holder's]``;
    a ``double`` flag doubles its sender's points, the role holder's own flag of the pairing round theirs."""
    c.unknown(data, ("by", "field", "matrix", "role", "double", "role_double"), path)
    by_name = {f["name"]: f for f in fields}
    field = data.get("field")
    decl = by_name.get(field) if isinstance(field, str) else None
    if not isinstance(field, str):
        field = None
    if decl is None or decl["type"] != "choice":
        c.fail(f"{path}.field", "must name a choice field of this round")
        choices: list[str] = []
    else:
        choices = list(decl["choices"])
    matrix_raw = c.mapping(data.get("matrix"), f"{path}.matrix") or {}
    matrix: dict[str, dict[str, list[int]]] = {}
    for mine in choices:
        row = matrix_raw.get(mine)
        if not isinstance(row, Mapping):
            c.fail(f"{path}.matrix.{mine}", "must give the points against every choice")
            continue
        matrix[mine] = {}
        for theirs in choices:
            cell = row.get(theirs)
            if (
                not isinstance(cell, list)
                or len(cell) not in (2, 3)
                or not all(isinstance(n, int) and not isinstance(n, bool) and abs(n) <= 1000 for n in cell)
            ):
                c.fail(f"{path}.matrix.{mine}.{theirs}", "must be [my points, their points] or [mine, theirs, role's]")
                continue
            matrix[mine][theirs] = [int(n) for n in cell] + ([0] if len(cell) == 2 else [])
    for mine in choices:
        for theirs in choices:
            a, b = matrix.get(mine, {}).get(theirs), matrix.get(theirs, {}).get(mine)
            if a and b and (a[1] != b[0] or a[2] != b[2]):
                c.fail(f"{path}.matrix.{mine}.{theirs}", f"does not agree with {theirs}.{mine}")
    for key in ("double", "role_double"):
        name = data.get(key)
        if name is not None and not isinstance(name, str):
            c.fail(f"{path}.{key}", "must name a flag field")
        elif name is not None and key == "double" and (name not in by_name or by_name[name]["type"] != "flag"):
            c.fail(f"{path}.{key}", "must name a flag field of this round")
    role = data.get("role")
    if role is not None and not isinstance(role, str):
        c.fail(f"{path}.role", "must name a role")
        role = None
    return {
        "by": "pairs",
        "field": field,
        "matrix": matrix,
        "role": role,
        "double": data.get("double") if isinstance(data.get("double"), str) else None,
        "role_double": data.get("role_double") if isinstance(data.get("role_double"), str) else None,
    }


def read_outcome2(c: Checker, raw: Any, base: dict[str, Any], holdings: Sequence[str]) -> dict[str, Any]:
    """The ``/2`` outcome keys beside ``/1``'s: ``max_winners`` (more tied for first: nobody wins),
    ``tokens`` as a list by the number of winners, ``garnets.per_points`` (1 garnet per full N points),
    ``last_tie`` (``order`` or ``winners_pick``: the winners name the candidate among the tied for last) and
    ``candidate_ties`` (holdings compared, fewest first, before the tiebreak order)."""
    data = raw if isinstance(raw, Mapping) else {}
    out = dict(base)
    max_winners = data.get("max_winners")
    out["max_winners"] = None if max_winners is None else c.integer(max_winners, "outcome.max_winners", 1, 32)
    tokens = data.get("tokens", base["tokens"])
    if isinstance(tokens, list):
        if not 1 <= len(tokens) <= 32:
            c.fail("outcome.tokens", "must be a whole number, or a list of 1 to 32 (by the number of winners)")
        out["tokens"] = [c.integer(t, f"outcome.tokens[{i}]", 0, 3) or 0 for i, t in enumerate(tokens[:32])]
    garnets_raw = data.get("garnets")
    per = garnets_raw.get("per_points") if isinstance(garnets_raw, Mapping) else None
    if per is not None:
        value = c.integer(per, "outcome.garnets.per_points", 1, 1000)
        if value:
            out["garnets"] = {**base["garnets"], "per_points": value}
    out["last_tie"] = c.choice(data.get("last_tie", "order"), "outcome.last_tie", ("order", "winners_pick")) or "order"
    if data.get("silent_pick") is not None:  # what a winner's silence names in the winners' pick (house-78)
        out["silent_pick"] = (
            c.choice(data["silent_pick"], "outcome.silent_pick", ("garnets", "lot", "order")) or "garnets"
        )
    ties = data.get("candidate_ties", [])
    if not isinstance(ties, list) or any(t not in (*holdings, "garnets") for t in ties):
        c.fail("outcome.candidate_ties", "must list holdings (or garnets), compared fewest first")
        ties = []
    out["candidate_ties"] = list(ties)
    return out


OUTCOME_KEYS2 = (
    "max_winners",
    "last_tie",
    "candidate_ties",
    "candidate_order",
    "silent_pick",
    "winners_by",  # sections_ending.OUTCOME_KEYS
    "over_max",
    "single_pick",
)


def outcome_v1_part(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The ``/1`` keys of a ``/2`` outcome, for ``/1``'s reader (the ``/2`` keys are read by
    :func:`read_outcome2`)."""
    part = {k: v for k, v in raw.items() if k not in OUTCOME_KEYS2}
    if isinstance(part.get("winners"), str) and part["winners"] not in ("top", "one", "none"):
        part["winners"] = "top"  # a formula: read by sections_formulas.read_winners
    if isinstance(part.get("tokens"), list):
        part["tokens"] = 1
    if isinstance(part.get("garnets"), Mapping):
        part["garnets"] = {k: v for k, v in part["garnets"].items() if k != "per_points"}
    return part


def check_names(c: Checker, plan: Sequence[Mapping[str, Any]], parts: Mapping[str, Any]) -> None:
    """Names across the definition: a flag's cost counter, a gift's or a trade's holdings are holdings; a card
    field's pile is a pile; a pair round's role is a role; a round in turn order has no ``if_won`` field."""
    from games.house.engine.sections_formulas import formula, is_formula_for, player_names

    counters = {h["name"] for h in parts.get("holdings", [])}
    public = {h["name"]: h["visibility"] == "public" for h in parts.get("holdings", [])}
    pile_names = ["players", *(p["name"] for p in parts.get("piles", []))]
    for i, h in enumerate(parts.get("holdings", [])):
        if isinstance(h["start"], str):
            h["start"] = formula(c, h["start"], f"holdings[{i}].start", pile_names) or 0
    piles = {p["name"] for p in parts.get("piles", [])}
    role_names = {r["name"] for r in parts.get("roles", [])}
    for i, r in enumerate(plan):
        for j, f in enumerate(r["fields"]):
            where = f"round_plan[{i}].fields[{j}]"
            counter = (f.get("cost") or {}).get("counter")
            if counter is not None and counter not in counters:
                c.fail(f"{where}.cost.counter", f'"{counter}" is not a holding')
            elif counter is not None and r["reveal"] == "none" and public.get(counter):
                c.fail(f"{where}.cost.counter", f'"{counter}" is public: it would show who set this secret flag')
            if f["type"] == "give" and f.get("pile") is not None and f["pile"] not in piles:
                c.fail(f"{where}.pile", f'"{f.get("pile")}" is not a pile')
            elif f["type"] == "give" and f.get("pile") is None and f.get("holding") not in counters:
                c.fail(f"{where}.holding", f'"{f.get("holding")}" is not a holding')
            if f["type"] == "trade" and any(h not in counters for h in f.get("holdings", [])):
                c.fail(f"{where}.holdings", "must name holdings only")
            if f["type"] == "card" and f.get("pile") not in piles:
                c.fail(f"{where}.pile", f'"{f.get("pile")}" is not a pile')
            if f["type"] in ("card", "draw"):
                field_draw.check_piles(c.fail, f, where, parts.get("piles", []))
            if is_formula_for(f.get("for", "all")):  # a per-player formula (house-96)
                f["for"] = formula(c, f["for"], f"{where}.for", player_names(parts, r["fields"])) or "all"
            elif f.get("for", "all") not in ("all", *(f"{k}:{n}" for n in role_names for k in ("role", "others"))):
                c.fail(f"{where}.for", "must be all, role:<role> or others:<role> of a declared role, or a formula")
            if r.get("order") not in (None, "together") and f.get("pays") == "if_won":
                c.fail(f"{where}.pays", "a round in turn order charges each mover at their turn: bid or none")
        role = r["resolve"].get("role")
        if r["resolve"]["by"] == "pairs" and role is not None and role not in role_names:
            c.fail(f"round_plan[{i}].resolve.role", f'"{role}" is not a role')
