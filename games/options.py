"""One reading of a game's declared options, shared by every consumer.

The host console's form, the API schema, match setup and the playtest lab's ``--options`` all
pass a raw options dict (JSON, form strings, command-line text) through :func:`options_clean`,
which coerces each declared option to its type, checks its range or choices, fills in defaults
and checks the player count the options allow. A bad value is a :class:`RuleError` that names
the option by the label a host reads. Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine import OptionSpec, PlayerId, RuleError

TRUE_WORDS = frozenset({"true", "on", "yes", "1"})
FALSE_WORDS = frozenset({"false", "off", "no", "0", ""})


def _items(value: Any) -> list[str]:
    """A list from a JSON list or from text split on commas, newlines or spaces."""
    if isinstance(value, str):
        return [v for v in value.replace(",", " ").split() if v]
    if isinstance(value, list | tuple):
        return [str(v).strip() for v in value]
    raise RuleError("must be a list")


def _int(value: Any, spec: OptionSpec) -> int:
    if isinstance(value, bool):
        raise RuleError("must be a whole number")
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError as exc:
            raise RuleError("must be a whole number") from exc
    if not isinstance(value, int):
        raise RuleError("must be a whole number")
    if spec.low is not None and value < spec.low:
        raise RuleError(f"must be at least {spec.low}")
    if spec.high is not None and value > spec.high:
        raise RuleError(f"must be at most {spec.high}")
    return value


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in TRUE_WORDS | FALSE_WORDS:
        return value.strip().lower() in TRUE_WORDS
    raise RuleError("must be yes or no")


def _player(value: Any, players: Sequence[PlayerId] | None) -> PlayerId:
    handle = str(value).strip() if isinstance(value, str | int) else None
    if not handle:
        raise RuleError("must name a player")
    if players is not None and handle not in players:
        raise RuleError(f'"{handle}" is not a player in this match')
    return handle


def _order(value: Any, players: Sequence[PlayerId] | None) -> list[PlayerId]:
    """Every player of the match exactly once (when the match's players are known), in the order given."""
    handles = [_player(v, players) for v in _items(value)]
    if twice := sorted({h for h in handles if handles.count(h) > 1}):
        raise RuleError(f"names {', '.join(twice)} more than once; each player comes exactly once")
    if players is not None and (missing := [p for p in players if p not in handles]):
        raise RuleError(f"must place every player of the match exactly once; missing: {', '.join(missing)}")
    return handles


def _player_ints(value: Any, spec: OptionSpec, players: Sequence[PlayerId] | None) -> dict[str, int]:
    if isinstance(value, str):  # "ann=3, bob=2" or "ann:3"
        pairs: dict[str, Any] = {}
        for part in _items(value):
            name, sep, number = part.replace(":", "=").partition("=")
            if not sep:
                raise RuleError(f'"{part}" must read handle=number')
            pairs[name] = number
        value = pairs
    if not isinstance(value, Mapping):
        raise RuleError("must give each player a whole number")
    return {_player(k, players): _int(v, spec) for k, v in value.items()}


def option_value(spec: OptionSpec, value: Any, *, players: Sequence[PlayerId] | None = None) -> Any:
    """``value`` coerced to ``spec``'s type and checked; a RuleError (without the label) if it cannot be."""
    if spec.kind == "int":
        return _int(value, spec)
    if spec.kind == "bool":
        return _bool(value)
    if spec.kind == "choice":
        name = str(value).strip().lower()
        if name not in spec.choices:
            raise RuleError(f"must be one of: {', '.join(spec.choices)}")
        return name
    if spec.kind == "text":
        if not isinstance(value, str):
            raise RuleError("must be text")
        return value.strip()
    if spec.kind == "player":
        return _player(value, players)
    if spec.kind == "players":
        handles = [_player(v, players) for v in _items(value)]
        if len(set(handles)) != len(handles):
            raise RuleError("names a player twice")
        return handles
    if spec.kind == "order":
        return _order(value, players)
    if spec.kind == "player_ints":
        return _player_ints(value, spec, players)
    if spec.kind == "json":
        if spec.clean is None:
            return value
        try:
            return spec.clean(value)
        except (RuleError, ValueError) as exc:  # a clean may raise either
            raise RuleError(str(exc)) from exc
    if spec.kind == "names":
        names = [v.lower() for v in _items(value)]
        if unknown := [n for n in names if spec.choices and n not in spec.choices]:
            raise RuleError(f"does not know {', '.join(unknown)}; choose from: {', '.join(spec.choices)}")
        return names
    raise RuleError(f"has an unknown kind {spec.kind!r}")


def options_clean(
    schema: Iterable[OptionSpec],
    raw: Mapping[str, Any] | None,
    *,
    players: Sequence[PlayerId] | None = None,
    defaults: bool = True,
) -> dict[str, Any]:
    """``raw`` with every declared option coerced and checked, and defaults filled in.

    Keys the schema does not declare (fixed deals and positions a test or a replay pins) pass
    through untouched for the engine's setup to check. A value left empty ("" or None) counts as
    not given. Raises RuleError("<label>: <what is wrong>").
    """
    if raw is not None and not isinstance(raw, Mapping):
        raise RuleError("the options must be an object")
    given = dict(raw or {})
    out: dict[str, Any] = {}
    declared = set()
    for spec in schema:
        declared.add(spec.name)
        value = given.get(spec.name)
        if value is None or (value == "" and spec.kind not in ("text", "bool")):
            if defaults and spec.default is not None and not spec.season:
                out[spec.name] = spec.default
            continue
        try:
            out[spec.name] = option_value(spec, value, players=players)
        except RuleError as exc:
            raise RuleError(f"{spec.title}: {exc}") from exc
    out.update({k: v for k, v in given.items() if k not in declared})
    return out


def players_check(engine: Any, options: Mapping[str, Any], count: int) -> None:
    """A RuleError unless ``count`` players may play ``engine`` with ``options`` (its ``players_allowed``)."""
    allowed = getattr(engine, "players_allowed", None)
    low, high, note = allowed(options) if allowed else (engine.min_players, engine.max_players, "")
    if not low <= count <= high:
        needs = f"{low}" if low == high else f"{low}–{high}"
        name = engine.title_for(options) if hasattr(engine, "title_for") else engine.title  # the version's own name
        raise RuleError(f"{name} takes {needs} players, not {count}" + (f": {note}" if note else ""))


def options_for_setup(engine: Any, raw: Mapping[str, Any] | None, players: Sequence[PlayerId]) -> dict[str, Any]:
    """Options cleaned against ``engine.options_schema`` and the player count checked: what setup receives."""
    options = options_clean(engine.options_schema, raw, players=players)
    players_check(engine, options, len(players))
    return options


def options_json_schema(schema: Iterable[OptionSpec]) -> dict[str, Any]:
    """A JSON Schema object describing the declared options (the API's documentation of them)."""
    props: dict[str, Any] = {}
    for spec in schema:
        entry: dict[str, Any] = {"title": spec.title, "description": spec.help}
        if spec.kind == "int":
            entry["type"] = "integer"
            if spec.low is not None:
                entry["minimum"] = spec.low
            if spec.high is not None:
                entry["maximum"] = spec.high
        elif spec.kind == "bool":
            entry["type"] = "boolean"
        elif spec.kind == "choice":
            entry.update(type="string", enum=list(spec.choices))
        elif spec.kind in ("text", "player"):
            entry["type"] = "string"
        elif spec.kind == "players":
            entry.update(type="array", items={"type": "string"}, uniqueItems=True)
        elif spec.kind == "order":
            entry.update(type="array", items={"type": "string"}, uniqueItems=True, **{"x-every-player-once": True})
        elif spec.kind == "player_ints":
            entry.update(type="object", additionalProperties={"type": "integer"})
        elif spec.kind == "json":
            entry["type"] = "object"
        else:
            entry.update(
                type="array", items={"type": "string", **({"enum": list(spec.choices)} if spec.choices else {})}
            )
        if spec.default is not None:
            entry["default"] = spec.default
        if spec.season:
            entry["x-filled-by-season"] = True
        if spec.changeable:
            entry["x-changeable-mid-match"] = True
        props[spec.name] = entry
    return {"type": "object", "properties": props}
