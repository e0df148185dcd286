"""Rules a move follows that depend on the player's state, the round and the move's other fields (FORMAT.md
"Choices that depend on the state"): a field's ``allowed`` formula with the ``refusal`` the player reads, and
``required_if`` (a field required by another field's value); and what a round shows everyone of each move,
``shows`` (an announcement computed by a formula, RULES.md house-80 on).

A field's rules are compiled when the definition is cleaned (``read_rules``); a move is held to them when it is
saved (``check_move``); the values a player may choose now (``allowed_values``) are what the form offers and
what a bot draws.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import Message, PlayerId, RuleError
from games.house.engine.effects import field_values, match_env, player_env
from games.house.engine.formula import Formula, FormulaError, formula_bool
from games.house.engine.named import compile_named, defs_of
from games.house.engine.sections import Checker
from games.house.engine.sections_formulas import AIMED_NAMES, formula, player_names
from games.house.engine.state import State, plan_for, plan_path

REFUSAL = "is not allowed now"
"""What the player reads when a field's ``allowed`` has no ``refusal`` of its own."""
MAX_SHOWS = 8
MAX_CHOICES = 101
"""A field of at most this many values has its allowed ones listed on the form (and drawn from by bots)."""


def rule_names(definition: Mapping[str, Any], fields: Sequence[Mapping[str, Any]]) -> list[str]:
    """What ``allowed`` and ``required_if`` read: a per-player formula's names (the player's state, the move's
    fields) and ``value``, the value being checked; not ``sent``, ``winner``, ``aimed_by`` nor ``aimed_labels``,
    which a move being saved cannot know (another player's pending move stays secret: house-81, house-158)."""
    hidden = ("sent", "winner", *AIMED_NAMES)
    return [*(n for n in player_names(definition, fields) if n not in hidden), "value"]


def clean_field_keys(raw: Mapping[str, Any], path: str, c: Checker, out: dict[str, Any]) -> None:
    """A field's ``allowed`` and ``required_if`` (texts, compiled later by :func:`read_rules`) and ``refusal``
    (one line the player reads) copied into ``out``; ``refusal`` alone is an error."""
    for key in ("allowed", "required_if"):
        if key in raw:
            value = raw[key]
            if isinstance(value, bool):
                value = "true" if value else "false"
            if not isinstance(value, str) or not value.strip():
                c.fail(f"{path}.{key}", "must be a formula (text)")
                continue
            out[key] = value.strip()
    if "refusal" in raw:
        out["refusal"] = c.text(raw["refusal"], f"{path}.refusal", max_length=200, required=True) or REFUSAL
        if "allowed" not in raw:
            c.fail(f"{path}.refusal", "says why a value is not allowed: it needs allowed (a formula) beside it")


def read_rules(c: Checker, path: str, definition: Mapping[str, Any], fields: Sequence[dict[str, Any]]) -> None:
    """Each field's ``allowed`` and ``required_if`` compiled against :func:`rule_names` (a misspelt name is an
    error naming the field's path); a ``required_if`` on a required field is an error."""
    names = rule_names(definition, fields)
    for j, f in enumerate(fields):
        where = f"{path}.fields[{j}]"
        for key in ("allowed", "required_if"):
            if key in f:
                f[key] = formula(c, f[key], f"{where}.{key}", names) or "true"
        if "required_if" in f and f["required"]:
            c.fail(f"{where}.required_if", "is for a field that is otherwise optional: set required: false")


def read_shows(c: Checker, raw: Any, path: str, definition: Mapping[str, Any], fields: Sequence[Any]) -> dict[str, str]:
    """A round's ``shows``: ``{name: formula}``, at most ``MAX_SHOWS``; each a per-player formula of the round's
    fields (and ``sent``), whose value for each player is published when the round closes, as that player's
    ``name``: what their move looks like to everyone (house-83)."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or not 1 <= len(raw) <= MAX_SHOWS:
        c.fail(path, f"must be an object of 1 to {MAX_SHOWS} name: formula pairs")
        return {}
    names = player_names(definition, fields)
    out: dict[str, str] = {}
    for key, text in raw.items():
        name = c.name(key, f"{path}.{key}")
        if name is not None:
            out[name] = formula(c, text, f"{path}.{name}", names) or "''"
    return out


def _env(
    state: State, player: PlayerId, move: Mapping[str, Any], fields: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """What ``player``'s rules read beside ``move`` (no other player's move: it is not known yet)."""
    return player_env(state, player, match_env(state), {player: move}, fields)


def _compiled(state: State, decl: Mapping[str, Any], key: str) -> Formula:
    """The field's rule ``key``, compiled as the definition's check compiled it (the formula cache's hit)."""
    fields = _fields(state)
    index = next(i for i, d in enumerate(fields) if d["name"] == decl["name"])
    return compile_named(
        decl[key],
        path=f"{plan_path(state)}.fields[{index}].{key}",
        names=rule_names(state["definition"], fields),
        defs=defs_of(state["definition"]),
    )


def _fields(state: State) -> list[dict[str, Any]]:
    return list(plan_for(state, state["round"])["fields"])


def check_move(
    state: State, player: PlayerId, move: Mapping[str, Any], fields: Sequence[Mapping[str, Any]], nulls: Sequence[str]
) -> None:
    """Refuse ``move`` (already checked field by field) when a field it fills is not ``allowed`` now ("Your
    unit: that unit is dead"), or a field it leaves blank is ``required_if`` true ("…: is required"). ``nulls``:
    the fields the move sends as null (null says "nothing" and is always accepted: house-2). A rule that
    cannot be computed refuses nothing (house-40)."""
    plan_fields = _fields(state)
    if not any("allowed" in f or "required_if" in f for f in fields):
        return
    env = _env(state, player, move, plan_fields)
    for f in fields:
        if "allowed" in f and f["name"] in move:
            try:
                ok = formula_bool(_compiled(state, f, "allowed"), {**env, "value": env[f["name"]]})
            except FormulaError:
                ok = True
            if not ok:
                raise RuleError(f"{f['label']}: {f.get('refusal', REFUSAL)}")
        if "required_if" in f and f["name"] not in move and f["name"] not in nulls:
            try:
                needed = formula_bool(_compiled(state, f, "required_if"), {**env, "value": env[f["name"]]})
            except FormulaError:
                needed = False
            if needed:
                raise RuleError(f"{f['label']}: is required")


def allowed_cards(state: State, player: PlayerId, decl: Mapping[str, Any], move: Mapping[str, Any]) -> list[int]:
    """The cards of ``player``'s pile a ``card`` field's ``allowed`` lets them play beside ``move`` (a card another
    card field of ``move`` plays left out), what a random move draws from (house-157). A rule that cannot be
    computed allows the card (house-40)."""
    rule = _compiled(state, decl, "allowed")
    fields = _fields(state)
    used = {move.get(f["name"]) for f in fields if f["type"] == "card" and f["name"] != decl["name"]}
    found = []
    for i in state["piles"][decl["pile"]][player]:
        if i in used:
            continue
        try:
            ok = formula_bool(rule, {**_env(state, player, {**move, decl["name"]: i}, fields), "value": i})
        except FormulaError:
            ok = True
        if ok:
            found.append(i)
    return found


def candidates(decl: Mapping[str, Any]) -> list[Any] | None:
    """Every value of a field with few values (a choice, a number of at most ``MAX_CHOICES`` values); None for
    any other field, whose ``allowed`` is only checked when the move is saved."""
    if decl["type"] == "choice":
        return list(decl["choices"])
    if decl["type"] in ("number", "garnets") and decl["max"] - decl["min"] < MAX_CHOICES:
        return list(range(decl["min"], decl["max"] + 1))
    return None


def allowed_values(
    state: State,
    player: PlayerId,
    decl: Mapping[str, Any],
    move: Mapping[str, Any],
    among: Sequence[Any] | None = None,
) -> list[Any] | None:
    """The values of ``decl`` that ``player`` may choose now, beside the rest of ``move`` (None: any value of the
    field, or too many to list), among ``among`` when given (the players a player field may name). A rule that
    cannot be computed allows the value (house-40)."""
    values = list(among) if among is not None else candidates(decl)
    if "allowed" not in decl or values is None:
        return values if "allowed" in decl else None
    rule = _compiled(state, decl, "allowed")
    env = _env(state, player, move, _fields(state))
    found = []
    for v in values:
        try:
            ok = formula_bool(rule, {**env, decl["name"]: v, "value": v})
        except FormulaError:
            ok = True
        if ok:
            found.append(v)
    return found


def reads_fields(state: State, decl: Mapping[str, Any], key: str = "allowed") -> bool:
    """Whether the field's ``allowed`` (or ``required_if``) reads another field of the move: what it says then
    waits for that field."""
    others = {f["name"] for f in _fields(state)} - {decl["name"]}
    return bool(_compiled(state, decl, key).names & others)


def required_now(state: State, player: PlayerId, decl: Mapping[str, Any], move: Mapping[str, Any]) -> bool:
    """Whether ``decl`` is required beside the rest of ``move``: ``required``, or ``required_if`` true."""
    if decl["required"] or "required_if" not in decl:
        return bool(decl["required"])
    env = _env(state, player, move, _fields(state))
    try:
        return formula_bool(_compiled(state, decl, "required_if"), {**env, "value": env[decl["name"]]})
    except FormulaError:
        return False


def shown(state: State, plan: Mapping[str, Any], moves: Mapping[PlayerId, Mapping[str, Any]]) -> dict[str, Any]:
    """What the round ``shows`` of each player's move, by player (``{}``: it shows nothing). Evaluated after the
    round's effects, so a formula may read the holdings they set; one that cannot be computed shows nothing
    for that player (house-40). A formula that reads only the move's fields is given only them (a close's cost)."""
    if not plan.get("shows") or not moves:
        return {}
    names = player_names(state["definition"], plan["fields"])
    rules = {
        name: compile_named(
            text, path=f"{plan_path(state)}.shows.{name}", names=names, defs=defs_of(state["definition"])
        )
        for name, text in plan["shows"].items()
    }
    light = set().union(*(f.names for f in rules.values())) <= {f["name"] for f in plan["fields"]}
    base = {} if light else match_env(state)
    out: dict[str, Any] = {}
    for p in moves:
        env = field_values(moves[p], plan["fields"]) if light else player_env(state, p, base, moves, plan["fields"])
        row = {}
        for name, rule in rules.items():
            try:
                row[name] = rule.evaluate(env)
            except FormulaError as exc:
                state.setdefault("formula_errors", []).append(str(exc))
        out[p] = row
    return out


def shown_message(label: str, plan: Mapping[str, Any], shows: Mapping[PlayerId, Mapping[str, Any]]) -> Message:
    """The public line of what a round shows: "Round 3 shows: ann: 5; bob: 2." (with two names or more, each
    named by its field's label). An empty text says nothing: it is left out of the line (house-161)."""
    words = {f["name"]: f["label"] for f in plan["fields"]}

    def part(name: str, value: Any) -> str:
        text = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        return f"{words.get(name, name.replace('_', ' '))} {text}" if len(plan["shows"]) > 1 else text

    said = {p: [part(n, v) for n, v in row.items() if v != ""] for p, row in shows.items()}
    shown_parts = "; ".join(f"{p}: {', '.join(parts)}" for p, parts in said.items() if parts)
    return Message(f"{label} shows: {shown_parts}.")
