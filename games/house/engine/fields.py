"""The typed fields of a round's submission form (FORMAT.md "Fields"): their declarations checked, a
player's values checked against them, and random legal values for bots and tests.

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any

from games.engine import PlayerId, RuleError
from games.house.engine import fields2
from games.house.engine.sections import control_problem, not_text

FIELD_TYPES = (
    "choice",
    "number",
    "player",
    "players",
    "order",
    "text",
    "garnets",
    "flag",
    "pairing",
    "give",
    "trade",
    "card",
)
V2_TYPES = fields2.TYPES
"""Field types of ``garnet-house/2`` only (a ``/1`` definition that uses one is refused)."""
PLAYER_TYPES = ("player", "players", "order")
LIMIT = 1_000_000
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
COMMON = ("name", "label", "type", "help", "required", "default")
KEYS: dict[str, tuple[str, ...]] = {
    "choice": ("choices",),
    "number": ("min", "max"),
    "player": ("not_self", "alive_only"),
    "players": ("not_self", "alive_only", "count_min", "count_max"),
    "order": ("not_self", "alive_only"),
    "text": ("max_length",),
    "garnets": ("min", "max", "pays"),
    **fields2.KEYS,
}
WORDS = ("yes", "no", "maybe", "trust me", "left", "right", "north", "gold", "42")

Fail = Callable[[str, str], None]


def _int(value: Any, path: str, fail: Fail, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        fail(path, "must be a whole number")
        return None
    if not low <= value <= high:
        fail(path, f"must be at least {low}" if value < low else f"must be at most {high}")
        return None
    return value


def _bool(value: Any, path: str, fail: Fail) -> bool:
    if not isinstance(value, bool):
        fail(path, "must be true or false")
        return True
    return value


def _text(value: Any, path: str, fail: Fail, max_length: int, *, one_line: bool = True) -> str | None:
    if not isinstance(value, str):
        fail(path, not_text(value))
        return None
    if (problem := control_problem(value.strip(), one_line=one_line)) is not None:
        fail(path, problem)
        return None
    if len(value.strip()) > max_length:
        fail(path, f"must be at most {max_length} characters")
        return None
    return value.strip()


def _range(data: Mapping[str, Any], path: str, fail: Fail, low: int, lo: int, hi: int) -> tuple[int, int]:
    """``min`` and ``max`` of a number or garnets field: each within ``lo``..``hi``, max at least min."""
    first = _int(data.get("min", low), f"{path}.min", fail, lo, hi)
    last = _int(data.get("max", 100), f"{path}.max", fail, lo, hi)
    if first is not None and last is not None and last < first:
        fail(f"{path}.max", f"must be at least min ({first})")
    return (first if first is not None else low), (last if last is not None else max(first or low, 100))


def field_clean(raw: Any, path: str, fail: Fail, *, max_players: int) -> dict[str, Any] | None:
    """One field declaration checked, with its defaults (FORMAT.md); problems go to ``fail(path, message)``."""
    if not isinstance(raw, Mapping):
        fail(path, "must be an object (key: value pairs)")
        return None
    kind = raw.get("type")
    if kind not in FIELD_TYPES:
        fail(f"{path}.type", f"must be one of: {', '.join(FIELD_TYPES)}")
        return None
    allowed = (*COMMON, *KEYS[kind], "for")
    for key in raw:
        if key not in allowed:
            fail(f"{path}.{key}", f"is not a key of a {kind} field (known: {', '.join(allowed)})")
    name = raw.get("name")
    if not isinstance(name, str) or not NAME_RE.match(name):
        fail(f"{path}.name", "must be a name of lower-case letters, digits and _ starting with a letter (at most 32)")
        name = "field"
    label = _text(raw.get("label", name.replace("_", " ").capitalize()), f"{path}.label", fail, 80) or name
    out: dict[str, Any] = {
        "name": name,
        "label": label,
        "type": kind,
        "help": _text(raw.get("help", "") or "", f"{path}.help", fail, 500, one_line=False) or "",
        "required": _bool(raw.get("required", True), f"{path}.required", fail),
    }
    if kind == "choice":
        choices = raw.get("choices")
        if not isinstance(choices, list) or not 2 <= len(choices) <= 26:
            fail(f"{path}.choices", "must be a list of 2 to 26 choices")
            choices = []
        clean = [_text(c, f"{path}.choices[{i}]", fail, 80) for i, c in enumerate(choices)]
        if any(c == "" for c in clean):
            fail(f"{path}.choices", "must not hold an empty choice")
        if len({c for c in clean if c}) != len([c for c in clean if c]):
            fail(f"{path}.choices", "must be different from each other")
        out["choices"] = [c for c in clean if c]
    elif kind in ("number", "garnets"):
        out["min"], out["max"] = _range(raw, path, fail, 0, -LIMIT if kind == "number" else 0, LIMIT)
        if kind == "garnets":
            pays = raw.get("pays", "bid")
            if pays not in ("bid", "if_won", "none"):
                fail(f"{path}.pays", "must be one of: bid, if_won, none")
                pays = "bid"
            out["pays"] = pays
    elif kind in PLAYER_TYPES:
        out["not_self"] = _bool(raw.get("not_self", True), f"{path}.not_self", fail)
        out["alive_only"] = _bool(raw.get("alive_only", True), f"{path}.alive_only", fail)
        if kind == "players":
            low = _int(raw.get("count_min", 1), f"{path}.count_min", fail, 1, max_players)
            high = _int(raw.get("count_max", max_players), f"{path}.count_max", fail, 1, 32)
            if low is not None and high is not None and high < low:
                fail(f"{path}.count_max", f"must be at least count_min ({low})")
            out["count_min"], out["count_max"] = low or 1, high or max_players
    elif kind in V2_TYPES:
        fields2.clean_keys(kind, raw, path, fail, out)
    elif kind == "text":
        out["max_length"] = _int(raw.get("max_length", 280), f"{path}.max_length", fail, 1, 2000) or 280
    out["default"] = _default(raw.get("default"), out, f"{path}.default", fail)
    if "for" in raw:  # garnet-house/2: whose form asks it (checked against the roles by format2.check_names)
        out["for"] = raw["for"] if isinstance(raw["for"], str) else "all"
        if not isinstance(raw["for"], str):
            fail(f"{path}.for", "must be all, role:<role> or others:<role>")
    return out


def _default(value: Any, decl: dict[str, Any], path: str, fail: Fail) -> Any:
    """The field's default (what a missing submission becomes), checked against the field; None abstains."""
    if value is None:
        return None
    if decl["type"] in ("pairing", "give", "trade", "card"):
        fail(path, f"a {decl['type']} field's default must be null (a missing one gives, trades or plays nothing)")
        return None
    if decl["type"] == "garnets" and decl.get("pays", "bid") != "none":
        # A missing submission holds nothing: a default bid would be one nobody held, and could win.
        fail(
            path,
            f"a garnets field that pays ({decl.get('pays', 'bid')}) has no default: a player who sends nothing bids nothing",
        )
        return None
    if decl["type"] in PLAYER_TYPES:
        fail(path, "a player field's default must be null (a missing submission abstains): handles are not known yet")
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
    label, kind = decl["label"], decl["type"]

    def bad(rule: str) -> RuleError:
        return RuleError(f"{label}: {rule}")

    if kind in ("number", "garnets"):
        if isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,8}\s*", value):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("must be a whole number")
        if value < decl["min"]:
            raise bad(f"must be at least {decl['min']}")
        if value > decl["max"]:
            raise bad(f"must be at most {decl['max']}")
        return value
    if kind == "choice":
        if isinstance(value, str):
            for choice in decl["choices"]:
                if choice.casefold() == value.strip().casefold():
                    return choice
        raise bad(f"must be one of: {', '.join(decl['choices'])}")
    if kind == "text":
        if not isinstance(value, str):
            raise bad("must be text")
        if len(value.strip()) > decl["max_length"]:
            raise bad(f"must be at most {decl['max_length']} characters")
        return value.strip()
    if kind == "player":
        return _handle(decl, value, player, eligible, bad)
    if kind in V2_TYPES:
        return fields2.value(decl, value, player=player, eligible=eligible, bad=bad, handle=_handle)
    if not isinstance(value, list) or len(value) > 64:
        raise bad("must be a list of players")
    handles = [_handle(decl, v, player, eligible, bad) for v in value]
    if twice := sorted({h for h in handles if handles.count(h) > 1}):
        raise bad(f"names {', '.join(twice)} more than once")
    if kind == "order":
        if missing := [p for p in eligible if p not in handles]:
            raise bad(f"must place every player exactly once; missing: {', '.join(missing)}")
        return handles
    low, high = min(decl["count_min"], len(eligible)), min(decl["count_max"], len(eligible))
    if len(handles) < low:
        raise bad(f"must name at least {low} player{'s' if low != 1 else ''}")
    if len(handles) > high:
        raise bad(f"must name at most {high} player{'s' if high != 1 else ''}")
    return handles


def _handle(
    decl: Mapping[str, Any], value: Any, player: PlayerId, eligible: Sequence[PlayerId], bad: Callable[[str], RuleError]
) -> PlayerId:
    if not isinstance(value, str) or not value.strip():
        raise bad("must name a player")
    handle = value.strip()
    if handle in eligible:
        return handle
    if handle == player and decl.get("not_self", True):
        raise bad("cannot be yourself")
    raise bad(
        f'"{handle}" is not a player you may name here'
        + (" (players still in this match)" if decl.get("alive_only", True) else "")
    )


def is_blank(value: Any) -> bool:
    """Whether a submitted value counts as left out (null, empty text, an empty list)."""
    return value is None or (isinstance(value, str) and not value.strip()) or value == []


def field_random(decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
    """A uniformly drawn legal value of the field (None when none exists: no eligible player)."""
    kind = decl["type"]
    if kind == "number":
        return rng.randint(decl["min"], decl["max"])
    if kind == "garnets":
        return rng.randint(decl["min"], min(decl["max"], decl["min"] + 20))
    if kind == "choice":
        return rng.choice(decl["choices"])
    if kind == "text":
        return rng.choice(WORDS)[: decl["max_length"]]
    if kind in V2_TYPES:
        return fields2.random_value(decl, eligible, rng)
    if not eligible:
        return None
    if kind == "player":
        return rng.choice(list(eligible))
    if kind == "order":
        order = list(eligible)
        rng.shuffle(order)
        return order
    low, high = min(decl["count_min"], len(eligible)), min(decl["count_max"], len(eligible))
    return rng.sample(list(eligible), rng.randint(low, high))


def field_default_text(decl: Mapping[str, Any]) -> str:
    """What a missing submission becomes for this field, in words ("Your guess: 50", "Your vote: none")."""
    default = decl.get("default")
    return f"{decl['label']}: {'nothing (you abstain)' if default is None else default}"
