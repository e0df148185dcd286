"""One round of a definition's ``round_plan`` read (FORMAT.md "Rounds", "Fields", "Resolution"): its label,
who it awaits, its fields and how it is resolved (the dealer, a mechanic with its params, or a ``/2`` rule).

Pure: no Django, no clock, no random; problems go to the :class:`Checker`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.house.engine import fields as field_rules
from games.house.engine import move_rules, sections_formulas, sections_holdings
from games.house.engine.constants import MAX_ROUNDS, SCHEMA
from games.house.engine.errors import ParamError
from games.house.engine.mechanics import mechanic_names, mechanic_params_clean
from games.house.engine.sections import Checker

MAX_FIELDS = 16
MAX_FIELDS1 = 12
"""A round's fields: at most 16 in ``/2`` (a card and its target for each of seven cards, house-158), 12 in ``/1``."""


def _resolve(c: Checker, raw: Any, path: str, fields: list[dict[str, Any]]) -> dict[str, Any]:
    data = c.mapping(raw if raw is not None else {"by": "dealer"}, path)
    if data is None:
        return {"by": "dealer"}
    by = c.choice(data.get("by", "dealer"), f"{path}.by", ("dealer", "mechanic"))
    if by != "mechanic":
        c.unknown(data, ("by",), path)
        return {"by": "dealer"}
    c.unknown(data, ("by", "mechanic", "params", "review"), path)
    mechanic = c.choice(data.get("mechanic"), f"{path}.mechanic", mechanic_names())
    review = c.boolean(data.get("review", False), f"{path}.review")
    params_raw = data.get("params") or {}
    params = c.mapping(params_raw, f"{path}.params")
    clean_params: dict[str, Any] = dict(params or {})
    if mechanic is not None and params is not None:
        try:
            clean_params = dict(mechanic_params_clean(mechanic, params, fields))
        except ParamError as exc:
            c.fail(f"{path}.params.{exc.param}", exc.message)
        except ValueError as exc:
            # A ValueError the library's check did not word as a ParamError: still an error naming the params.
            c.fail(f"{path}.params", str(exc))
        except (TypeError, KeyError, AttributeError):
            # A shape the library's check did not foresee: still an error naming the params, never a crash.
            c.fail(f"{path}.params", f"are not valid params of {mechanic} (see the format's mechanics)")
    return {"by": "mechanic", "mechanic": mechanic, "params": clean_params, "review": bool(review)}


def read_round(
    c: Checker,
    raw: Any,
    path: str,
    max_players: int,
    roles: list[dict[str, Any]] | None = None,
    v2_parts: dict[str, Any] | None = None,
) -> dict[str, Any]:
    data = c.mapping(raw, path) or {}
    v2 = roles is not None
    keys = ("label", "awaits", "seconds", "reveal", "fields", "resolve")
    c.unknown(data, keys + sections_holdings.ROUND_KEYS2 if v2 else keys, path)
    label = c.text(data.get("label", "Round"), f"{path}.label", max_length=40, required=True)
    raw_awaits = data.get("awaits", "all")
    if v2 and sections_formulas.is_formula_awaits(raw_awaits):
        awaits = raw_awaits  # a per-player formula: compiled with the round's fields (read_round2, house-95)
    else:
        awaits = c.choice(
            raw_awaits,
            f"{path}.awaits",
            sections_holdings.awaits_choices(roles or []) if v2 else ("all", "named"),
        )
    seconds = data.get("seconds")
    if seconds is not None:
        seconds = c.integer(seconds, f"{path}.seconds", 10, 604_800)
    reveal = c.choice(data.get("reveal", "none"), f"{path}.reveal", ("none", "all"))
    raw_fields = data.get("fields")
    fields: list[dict[str, Any]] = []
    if v2 and awaits == "nobody":  # a break: a timed turn that asks nobody anything (house-84)
        raw_fields = [] if raw_fields is None else raw_fields
        if raw_fields != []:
            c.fail(f"{path}.fields", "a round that awaits nobody asks nothing: leave fields out")
            raw_fields = []
    elif not isinstance(raw_fields, list) or not 1 <= len(raw_fields) <= (MAX_FIELDS if v2 else MAX_FIELDS1):
        c.fail(f"{path}.fields", f"must be a list of 1 to {MAX_FIELDS if v2 else MAX_FIELDS1} fields")
        raw_fields = raw_fields if isinstance(raw_fields, list) else []
    names: set[str] = set()
    for j, item in enumerate(raw_fields[:MAX_FIELDS]):
        where = f"{path}.fields[{j}]"
        found = field_rules.field_clean(item, where, c.fail, max_players=max_players)
        if found is None:
            continue
        if not v2 and "for" in found:
            c.fail(f"{where}.for", f"is a key of {SCHEMA}")
        for key in (k for k in field_rules.RULE_KEYS if k in found):
            if not v2:
                c.fail(f"{where}.{key}", f"is a key of {SCHEMA}")
            del found[key]
        if v2:
            move_rules.clean_field_keys(item, where, c, found)
        if not v2 and found["type"] in field_rules.EXCHANGE_TYPES:
            c.fail(f"{where}.type", f"{found['type']} is a field of {SCHEMA}")
        if found["name"] in names:
            c.fail(f"{where}.name", f'"{found["name"]}" is already the name of another field of this round')
        names.add(found["name"])
        fields.append(found)
    _check_card_players(c, path, fields)
    raw_resolve = data.get("resolve")
    if v2 and isinstance(raw_resolve, Mapping) and raw_resolve.get("by") == "pairs":
        resolve = sections_holdings.read_pairs_resolve(c, raw_resolve, f"{path}.resolve", fields)
    elif v2 and isinstance(raw_resolve, Mapping) and raw_resolve.get("by") == "best":
        resolve = sections_formulas.read_best(c, raw_resolve, f"{path}.resolve", v2_parts or {}, fields)
    elif v2 and isinstance(raw_resolve, Mapping) and raw_resolve.get("by") == "none":
        c.unknown(raw_resolve, ("by",), f"{path}.resolve")
        resolve = {"by": "none"}
    else:
        resolve = _resolve(c, raw_resolve, f"{path}.resolve", fields)
    if resolve["by"] != "mechanic":
        for j, f in enumerate(fields):
            if f.get("pays") == "if_won":
                c.fail(
                    f"{path}.fields[{j}].pays",
                    "if_won needs a mechanic to name the round's winner; a round the dealer resolves takes bid or none",
                )
    found = {
        "label": label or "Round",
        "awaits": awaits or "all",
        "seconds": seconds,
        "reveal": reveal or "none",
        "fields": fields,
        "resolve": resolve,
    }
    if v2:
        found.update(sections_formulas.read_round2(c, data, path, v2_parts or {}, fields))
        move_rules.read_rules(c, path, v2_parts or {}, fields)
        if "repeat" in data:  # one entry standing for rounds in a row: a plan written once, not out (house-160)
            found["repeat"] = c.integer(data["repeat"], f"{path}.repeat", 1, MAX_ROUNDS) or 1
        if "shows" in data:
            found["shows"] = move_rules.read_shows(c, data["shows"], f"{path}.shows", v2_parts or {}, fields)
            if found["reveal"] == "all":
                c.fail(f"{path}.shows", "says what a round shows of each move: with reveal: all it would show all")
    return found


def _check_card_players(c: Checker, path: str, fields: Sequence[Mapping[str, Any]]) -> None:
    """A card field's ``player`` names a ``player`` field of the same round, one no other card field names
    (house-158)."""
    kinds = {f["name"]: f["type"] for f in fields}
    taken: set[str] = set()
    for j, f in enumerate(fields):
        named = f.get("player")
        if f["type"] != "card" or not named:
            continue
        if kinds.get(named) != "player":
            c.fail(f"{path}.fields[{j}].player", f'"{named}" is not a player field of this round')
        elif named in taken:
            c.fail(f"{path}.fields[{j}].player", f'"{named}" already names the target of another card field')
        taken.add(named)
