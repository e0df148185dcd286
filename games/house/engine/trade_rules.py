"""What a trade may not ask, beside what ``items.check_move`` refuses (FORMAT.md /2 "Trades one by one and the
trade history"): a partner the field's ``barred`` formula names (``last_partners``: last round's), and items of a
holding that another holding ``locked`` (a Diamond received in Year 5, kept in Year 6), each refused when saved in
words a player reads; and the partners a random legal trade may name.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import PlayerId, RuleError
from games.house.engine.formula import FormulaError
from games.house.engine.named import compile_named, defs_of
from games.house.engine.state import plan_for, plan_path


def barred(state: Mapping[str, Any], player: PlayerId, f: Mapping[str, Any]) -> list[PlayerId]:
    """The players ``player`` may not trade with in trade field ``f`` now (its ``barred`` formula; none without
    one, or when it cannot be computed: house-40)."""
    rule = f.get("barred")
    if not rule:
        return []
    from games.house.engine.effects import match_env, player_env  # effects reads items, which reads this module
    from games.house.engine.sections_formulas import player_names

    fields = list(plan_for(state, state["round"])["fields"])
    index = next(i for i, g in enumerate(fields) if g["name"] == f["name"])
    path = f"{plan_path(state)}.fields[{index}].barred.players"
    names = player_names(state["definition"], fields)
    try:
        found = compile_named(rule["players"], path=path, names=names, defs=defs_of(state["definition"])).evaluate(
            player_env(state, player, match_env(state), {}, fields)
        )
    except FormulaError:
        return []
    return [q for q in found if isinstance(q, str)] if isinstance(found, list) else []


def check_barred(state: Mapping[str, Any], player: PlayerId, f: Mapping[str, Any], partner: PlayerId) -> None:
    """Refuse a trade offer to a partner the field bars (house-62)."""
    if f.get("barred") and partner in barred(state, player, f):
        why = f["barred"]["why"] or "the rules bar this trade now"
        raise RuleError(f"{f['label']}: you may not trade with {partner}: {why}")


def short_words(state: Mapping[str, Any], player: PlayerId, label: str, holding: str, have: int, n: int) -> str:
    """Why an offer of ``n`` of ``holding`` (field ``label``) is refused when ``player`` may give only ``have``:
    what they hold, or, when some is locked, how many are (house-63)."""
    decl = next((h for h in state["definition"]["holdings"] if h["name"] == holding), None)
    locked = int(state["holdings"][player].get(decl["locked"], 0)) if decl and decl.get("locked") else 0
    if locked <= 0:
        return f"{label}: you hold {have} {holding}, not {n}"
    lock = next(h for h in state["definition"]["holdings"] if h["name"] == decl["locked"])  # type: ignore[index]
    return f"{label}: you may give {have} {holding}, not {n}: {locked} {'is' if locked == 1 else 'are'} locked ({lock['label']})"


def check_locked_names(fail: Any, holdings: list[dict[str, Any]]) -> None:
    """A holding's ``locked`` names another holding (house-63)."""
    names = {h["name"] for h in holdings}
    for i, h in enumerate(holdings):
        lock = h.get("locked")
        if lock is not None and (not isinstance(lock, str) or lock not in names or lock == h["name"]):
            fail(f"holdings[{i}].locked", "must name another holding (how many of this one are locked)")
            h.pop("locked")


def check_definition(c: Any, plan: list[dict[str, Any]], parts: Mapping[str, Any]) -> None:
    """Once the round plan is read: each holding's ``locked`` names another holding; every trade field's
    ``barred.players`` compiles with the names of its round (a misspelt name: an error naming its path); no field
    is named as a named formula (the formula would hide it)."""
    from games.house.engine.sections_formulas import formula, player_names

    check_locked_names(c.fail, parts.get("holdings", []))
    named = {d["name"] for d in parts.get("formulas") or ()}
    for i, r in enumerate(plan):
        for j, f in enumerate(r["fields"]):
            if f["name"] in named:
                c.fail(f"round_plan[{i}].fields[{j}].name", f'"{f["name"]}" is already the name of a named formula')
            if f["type"] == "trade" and f.get("barred"):
                path = f"round_plan[{i}].fields[{j}].barred.players"
                text = formula(c, f["barred"]["players"], path, player_names(parts, r["fields"]))
                f["barred"]["players"] = text or "[]"
