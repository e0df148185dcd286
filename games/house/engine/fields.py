"""The typed fields of a round's submission form (FORMAT.md "Fields"): their declarations checked, a
player's values checked against them, and random legal values for bots and tests; what differs by type is
the type's class (``field_types.FIELD_TYPES``).

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.engine import PlayerId, RuleError
from games.house.engine.field_base import Fail, boolean
from games.house.engine.field_types import FIELD_TYPES as TYPES
from games.house.engine.field_types import text_value

FIELD_TYPES = tuple(TYPES)
EXCHANGE_TYPES = tuple(name for name, t in TYPES.items() if t.exchange)
"""The field types that pay, pair or hand things over (a ``/1`` file that uses one is refused)."""
PLAYER_TYPES = tuple(name for name, t in TYPES.items() if t.names_players)
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
COMMON = ("name", "label", "type", "help", "required", "default")
RULE_KEYS = ("allowed", "refusal", "required_if")
"""garnet-house/2: a field's choices and its being required by the state (``move_rules``; checked there)."""
KEYS: dict[str, tuple[str, ...]] = {name: t.keys for name, t in TYPES.items()}


def field_clean(raw: Any, path: str, fail: Fail, *, max_players: int) -> dict[str, Any] | None:
    """One field declaration checked, with its defaults (FORMAT.md); problems go to ``fail(path, message)``."""
    if not isinstance(raw, Mapping):
        fail(path, "must be an object (key: value pairs)")
        return None
    kind = raw.get("type")
    if kind not in FIELD_TYPES:
        fail(f"{path}.type", f"must be one of: {', '.join(FIELD_TYPES)}")
        return None
    allowed = (*COMMON, *KEYS[kind], "for", *RULE_KEYS)
    for key in raw:
        if key not in allowed:
            fail(f"{path}.{key}", f"is not a key of a {kind} field (known: {', '.join(allowed)})")
    name = raw.get("name")
    if not isinstance(name, str) or not NAME_RE.match(name):
        fail(f"{path}.name", "must be a name of lower-case letters, digits and _ starting with a letter (at most 32)")
        name = "field"
    label = text_value(raw.get("label", name.replace("_", " ").capitalize()), f"{path}.label", fail, 80) or name
    out: dict[str, Any] = {
        "name": name,
        "label": label,
        "type": kind,
        "help": text_value(raw.get("help", "") or "", f"{path}.help", fail, 500, one_line=False) or "",
        "required": boolean(raw.get("required", True), f"{path}.required", fail),
    }
    TYPES[kind].clean_keys(raw, path, fail, out, max_players)
    out["default"] = _default(raw.get("default"), out, f"{path}.default", fail)
    for key in RULE_KEYS:  # garnet-house/2: read by move_rules.clean_field_keys, compiled with the round
        if key in raw:
            out[key] = raw[key]
    if "for" in raw:  # garnet-house/2: whose form asks it (checked against the roles by sections_holdings.check_names)
        out["for"] = raw["for"] if isinstance(raw["for"], str) else "all"
        if not isinstance(raw["for"], str):
            fail(f"{path}.for", "must be all, role:<role> or others:<role>")
    return out


def _default(value: Any, decl: dict[str, Any], path: str, fail: Fail) -> Any:
    """The field's default (what a missing submission becomes), checked against the field; None abstains."""
    if value is None:
        return None
    if (problem := TYPES[decl["type"]].default_problem({**decl, "default": value})) is not None:
        fail(path, problem)
        return None
    try:
        return field_value(decl, value, player="", eligible=())
    except RuleError as exc:
        fail(path, str(exc).partition(": ")[2] or str(exc))
        return None


def eligible(
    decl: Mapping[str, Any], *, players: Sequence[PlayerId], out: Sequence[PlayerId], player: PlayerId | None
) -> list[PlayerId]:
    """The players a player field may name: the match's, without those out (``alive_only``) and the
    chooser (``not_self``; ``player`` None: the form everyone sees, the chooser not yet known)."""
    return [
        p
        for p in players
        if not (decl.get("alive_only", True) and p in out) and not (decl.get("not_self", True) and p == player)
    ]


def field_value(decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId]) -> Any:
    """``value`` checked against the field and normalised, or a RuleError "<label>: <rule>".

    ``eligible``: the players a player field may name for this ``player``."""
    label = decl["label"]

    def bad(rule: str) -> RuleError:
        return RuleError(f"{label}: {rule}")

    return TYPES[decl["type"]].value(decl, value, player=player, eligible=eligible, bad=bad)


def is_blank(value: Any) -> bool:
    """Whether a submitted value counts as left out (null, empty text, an empty list)."""
    return value is None or (isinstance(value, str) and not value.strip()) or value == []


def field_random(decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
    """A uniformly drawn legal value of the field (None when none exists: no eligible player)."""
    return TYPES[decl["type"]].random(decl, eligible, rng)


def field_default_text(decl: Mapping[str, Any]) -> str:
    """What a missing submission becomes for this field, in words ("Your guess: 50", "Your vote: none")."""
    default = decl.get("default")
    return f"{decl['label']}: {'nothing (you abstain)' if default is None else default}"
