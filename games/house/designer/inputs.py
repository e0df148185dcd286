"""The designer page's form, as plain data: a definition ⇄ the inputs a dealer fills, with no JSON.

Every input is named by the path ``definition_clean`` uses in its errors (``round_plan[0].fields[1].max``),
so an error lands next to the input it names. A POST is read back into a definition-shaped dict that
keeps what the dealer typed (a number that is not one stays the text typed, for ``definition_clean`` to
name), so a page drawn again after an error or after "Add a round" loses nothing.

Mechanic params are named ``round_plan[i].resolve.params.<mechanic>.<param>``: every mechanic's inputs
are on the page (a script shows the chosen one's), and only the chosen mechanic's are read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from copy import deepcopy
from typing import Any

from games.house.designer import inputs_sections as designer2
from games.house.designer import shape as design_shape
from games.house.designer.labels import end_from_rule
from games.house.engine.definition import SCHEMA
from games.house.engine.fields import KEYS
from games.house.engine.mechanics import MECHANICS

# The keys each field type has beyond name, label, type, help, required and default (FORMAT.md "Fields"):
# the definition check's own list, so the designer cannot offer a key the check refuses.
TYPE_KEYS = KEYS
HAS_DEFAULT = ("choice", "number", "text", "garnets", "card", "draw")  # a default a dealer can type (a card: drawn)
BOOL_KEYS = ("not_self", "alive_only")
INT_KEYS = ("min", "max", "count_min", "count_max", "max_length")
KEYS2 = (
    "cost",
    "holding",
    "holdings",
    "public",
    "pile",
    "terms",
    "to",
    "player",
    "from",
    "one_for_one",
    "barred",
)  # the /2 field keys designer2 reads


def _num(text: Any) -> Any:
    """A typed number as an int; blank as None; anything else as typed (definition_clean names it)."""
    if text is None:
        return None
    value = str(text).strip()
    if value == "":
        return None
    try:
        return int(value)
    except ValueError:
        return value


def _lines(text: str | None) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def starter_definition() -> dict[str, Any]:
    """What the New game page starts from: one round with one number field, resolved by the dealer."""
    return {
        "schema": SCHEMA,
        "title": "",
        "kind": "main",
        "rules": "",
        "players": {"min": 2, "max": 16},
        "turn_seconds": 86400,
        "tally_seconds": 86400,
        "rounds": 3,
        "scores": {"label": "Points", "start": 0, "visibility": "public"},
        "secrets": [],
        "round_plan": [new_round()],
        "end": {"after_rounds": True, "first_to": None, "last_standing": False},
        "outcome": {"winners": "top", "tokens": 1, "candidates": "bottom", "garnets": {}},
    }


def new_round() -> dict[str, Any]:
    return {
        "label": "Round",
        "awaits": "all",
        "seconds": None,
        "reveal": "none",
        "fields": [new_field(1)],
        "resolve": {"by": "dealer"},
    }


def new_field(n: int) -> dict[str, Any]:
    return {
        "name": f"answer{n}" if n > 1 else "answer",
        "label": "Your answer",
        "type": "number",
        "help": "",
        "required": True,
        "default": None,
        "min": 0,
        "max": 100,
    }


def new_secret(n: int) -> dict[str, Any]:
    return {"name": f"secret{n}", "label": "Your secret", "values": []}


# ---- a POST → a definition-shaped dict ----------------------------------------------------------------


def _indices(post: Mapping[str, Any], pattern: str) -> list[int]:
    found = {int(m.group(1)) for key in post if (m := re.fullmatch(pattern, key))}
    return sorted(found)


def _checked(post: Mapping[str, Any], name: str) -> bool:
    return name in post and str(post.get(name)) not in ("", "0", "false", "off")


def _field_from_post(post: Mapping[str, Any], p: str) -> dict[str, Any]:
    kind = str(post.get(f"{p}.type") or "number")
    field: dict[str, Any] = {
        "name": str(post.get(f"{p}.name") or "").strip(),
        "label": str(post.get(f"{p}.label") or "").strip(),
        "type": kind,
        "help": str(post.get(f"{p}.help") or "").strip(),
        "required": _checked(post, f"{p}.required"),
    }
    default_text = str(post.get(f"{p}.default") or "").strip()
    if kind in HAS_DEFAULT and default_text:
        field["default"] = _num(default_text) if kind in ("number", "garnets") else default_text
    else:
        field["default"] = None
    for key in TYPE_KEYS.get(kind, ()):
        name = f"{p}.{key}"
        if key in KEYS2:
            continue  # read by designer2.field_keys
        if key in BOOL_KEYS:
            field[key] = _checked(post, name)
        elif key == "choices":
            field[key] = _lines(post.get(name))
        elif key == "pays":
            field[key] = str(post.get(name) or "bid")
        elif (value := _num(post.get(name))) is not None:
            field[key] = value
    field.update(designer2.field_keys(post, p, kind))
    return field


def _params_from_post(post: Mapping[str, Any], p: str, mechanic: str, fields: Sequence[Mapping[str, Any]]) -> dict:
    spec = MECHANICS.get(mechanic)
    if spec is None:
        return {}
    out: dict[str, Any] = {}
    for param in spec.params:
        name = f"{p}.{mechanic}.{param.name}"
        if param.kind == "bool":
            out[param.name] = _checked(post, name)
        elif param.kind == "int":
            if (value := _num(post.get(name))) is not None:
                out[param.name] = value
        elif param.kind in ("matrix", "relation"):
            choices = choices_for(out.get(param.of), fields)
            if param.kind == "matrix":
                cells = {
                    (a, b): _num(post.get(f"{name}.{i}.{j}")) or 0
                    for i, a in enumerate(choices)
                    for j, b in enumerate(choices)
                }
                out[param.name] = {a: {b: [cells[a, b], cells[b, a]] for b in choices} for a in choices}
            else:
                out[param.name] = {
                    a: [
                        choices[int(j)]
                        for j in _getlist(post, f"{name}.{i}")
                        if str(j).isdigit() and int(j) < len(choices)
                    ]
                    for i, a in enumerate(choices)
                }
        else:  # field, choice, fraction: the text as chosen or typed; blank leaves the mechanic's default
            value = str(post.get(name) or "").strip()
            if value:
                out[param.name] = value
    return out


def _getlist(post: Mapping[str, Any], name: str) -> list[str]:
    getlist = getattr(post, "getlist", None)
    if getlist is not None:
        return list(getlist(name))
    value = post.get(name)
    return list(value) if isinstance(value, list | tuple) else ([] if value is None else [value])


def choices_for(field_name: Any, fields: Sequence[Mapping[str, Any]]) -> list[str]:
    """The choices of the round's choice field ``field_name`` (blank: the round's only choice field)."""
    choice_fields = [f for f in fields if f.get("type") == "choice"]
    chosen = next((f for f in choice_fields if f.get("name") == field_name), None)
    if chosen is None and not field_name and len(choice_fields) == 1:
        chosen = choice_fields[0]
    return [str(c) for c in (chosen or {}).get("choices") or []]


def _round_from_post(post: Mapping[str, Any], p: str) -> dict[str, Any]:
    fields = [
        _field_from_post(post, f"{p}.fields[{j}]") for j in _indices(post, re.escape(p) + r"\.fields\[(\d+)\]\.name")
    ]
    by = str(post.get(f"{p}.resolve.by") or "dealer")
    resolve: dict[str, Any] = designer2.resolve_from_post(post, f"{p}.resolve", by, fields) or {"by": by}
    if by == "mechanic":
        mechanic = str(post.get(f"{p}.resolve.mechanic") or "")
        resolve.update(
            mechanic=mechanic,
            params=_params_from_post(post, f"{p}.resolve.params", mechanic, fields),
            review=_checked(post, f"{p}.resolve.review"),
        )
    return {
        "label": str(post.get(f"{p}.label") or "").strip(),
        "awaits": str(post.get(f"{p}.awaits") or "all"),
        "seconds": _num(post.get(f"{p}.seconds")),
        "reveal": str(post.get(f"{p}.reveal") or "none"),
        "fields": fields,
        "resolve": resolve,
        **designer2.round_from_post(post, p),
    }


def definition_from_post(post: Mapping[str, Any]) -> dict[str, Any]:
    """The definition the designer's inputs describe (before ``definition_clean``), keeping what was typed."""
    turn = str(post.get("turn") or "86400")
    garnets_each = _num(post.get("outcome.garnets.winner"))
    kind = str(post.get("kind") or "main")
    tokens = _num(post.get("outcome.tokens"))
    if kind == "death" and tokens is None:
        tokens = 0  # a Death Match's outcome is its winner and its loser: no Token of Life unless typed
    rounds: Any = _num(post.get("rounds"))
    end: dict[str, Any] = {
        "after_rounds": _checked(post, "end.after_rounds"),
        "first_to": _num(post.get("end.first_to")),
        "last_standing": _checked(post, "end.last_standing"),
    }
    if "end_rule" in post:  # the page's one choice of how the match ends
        rounds, end = end_from_rule(
            str(post.get("end_rule")),
            rounds=_num(post.get("rounds")),
            first_to=end["first_to"],
            last_standing=end["last_standing"],
        )
    end["when"] = str(post.get("end.when") or "").strip() or None
    if when_any := str(post.get("end.when_any") or "").strip():
        end["when_any"] = when_any  # a per-player end (house-150)
    draft = {
        "schema": SCHEMA,
        "title": str(post.get("title") or "").strip(),
        "kind": kind,
        "rules": str(post.get("rules") or "").replace("\r\n", "\n"),
        "players": {"min": _num(post.get("players.min")), "max": _num(post.get("players.max"))},
        "turn_seconds": _num(post.get("turn_seconds")) if turn == "custom" else _num(turn),
        "tally_seconds": _num(post.get("tally_seconds")),
        "rounds": rounds,
        "scores": {
            "label": str(post.get("scores.label") or "").strip(),
            "start": _num(post.get("scores.start")),
            "visibility": str(post.get("scores.visibility") or "public"),
        },
        "secrets": [
            {
                "name": str(post.get(f"secrets[{i}].name") or "").strip(),
                "label": str(post.get(f"secrets[{i}].label") or "").strip(),
                "values": _lines(post.get(f"secrets[{i}].values")),
            }
            for i in _indices(post, r"secrets\[(\d+)\]\.name")
        ],
        "round_plan": [
            _round_from_post(post, f"round_plan[{i}]") for i in _indices(post, r"round_plan\[(\d+)\]\.label")
        ],
        "end": end,
        "outcome": {
            "winners": str(post.get("outcome.winners") or "top"),
            "tokens": tokens,
            "candidates": str(post.get("outcome.candidates") or "bottom"),
            "garnets": {"winner": garnets_each} if garnets_each else {},
        },
        **designer2.top_from_post(post),
    }
    draft["outcome"] = designer2.outcome_from_post(post, draft["outcome"])
    return draft


def definition_for_clean(draft: Mapping[str, Any]) -> dict[str, Any]:
    """``draft`` without the blanks the format's defaults fill in (a blank number is left out, not null)."""
    out = deepcopy(dict(draft))
    for key in ("tally_seconds",):
        if out.get(key) is None:
            out.pop(key, None)
    if out.get("scores", {}).get("start") is None:
        out["scores"].pop("start", None)
    if out.get("outcome", {}).get("tokens") is None:
        out["outcome"].pop("tokens", None)
    return design_shape.as_schema(out)


# ---- the buttons that change the form's shape ----------------------------------------------------------


def draft_apply(draft: dict[str, Any], action: str) -> dict[str, Any]:
    """``draft`` after one of the page's shape buttons: ``add_round``, ``remove_round:I``, ``add_field:I``,
    ``remove_field:I:J``, ``add_secret``, ``remove_secret:I``, ``up_round:I`` (anything else: unchanged)."""
    new = deepcopy(draft)
    verb, _, rest = action.partition(":")
    if verb in ("add", "remove"):
        design_shape.list_apply(new, verb, rest)
        return new
    at = [int(x) for x in rest.split(":") if x.isdigit()]
    rounds: list[dict[str, Any]] = new.setdefault("round_plan", [])
    secrets: list[dict[str, Any]] = new.setdefault("secrets", [])
    if verb == "add_round":
        rounds.append(deepcopy(rounds[-1]) if rounds else new_round())
        rounds[-1]["label"] = rounds[-1].get("label") or "Round"
    elif verb == "remove_round" and at and at[0] < len(rounds):
        rounds.pop(at[0])
    elif verb == "up_round" and at and 0 < at[0] < len(rounds):
        rounds[at[0] - 1], rounds[at[0]] = rounds[at[0]], rounds[at[0] - 1]
    elif verb == "add_field" and at and at[0] < len(rounds):
        fields = rounds[at[0]].setdefault("fields", [])
        fields.append(new_field(len(fields) + 1))
    elif verb == "remove_field" and len(at) == 2 and at[0] < len(rounds):
        fields = rounds[at[0]].get("fields", [])
        if at[1] < len(fields):
            fields.pop(at[1])
    elif verb == "add_secret":
        secrets.append(new_secret(len(secrets) + 1))
    elif verb == "remove_secret" and at and at[0] < len(secrets):
        secrets.pop(at[0])
    return new
