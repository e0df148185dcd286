"""A dealer's game definition (FORMAT.md, ``garnet-house/1``): read, checked, defaults filled in.

:func:`definition_clean` turns untrusted data (a designer form's dict, an imported YAML or JSON
file) into the cleaned definition the engine plays, or raises :class:`DefinitionError` whose
``errors`` name each problem by its path (``round_plan[0].fields[1].max: must be at least min (10)``).
Pure: no Django, no clock, no random; YAML is parsed with PyYAML's safe loader.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

import yaml

from games.house import fields as field_rules
from games.house.schema import definition_schema

__all__ = [
    "SCHEMA",
    "DefinitionError",
    "definition_clean",
    "definition_dump_text",
    "definition_errors",
    "definition_load_text",
    "definition_schema",
    "mechanic_names",
]

SCHEMA = "garnet-house/1"
MAX_PLAYERS = 32
MAX_ROUNDS = 99
MAX_FIELDS = 12
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
MECHANIC_NAMES = (
    "highest_bid",
    "lowest_bid",
    "unique_bid",
    "vote",
    "closest_to_target",
    "payoff_matrix",
    "ranking_sum",
    "beats",
)

TOP_KEYS = (
    "schema",
    "title",
    "kind",
    "rules",
    "players",
    "turn_seconds",
    "tally_seconds",
    "rounds",
    "scores",
    "secrets",
    "round_plan",
    "end",
    "outcome",
)


class DefinitionError(ValueError):
    """A definition that cannot be played; ``errors`` lists every problem, each naming its field path."""

    def __init__(self, errors: Sequence[str]) -> None:
        self.errors = list(errors)
        super().__init__("; ".join(self.errors))


class _Checker:
    """Collects errors by path while reading a definition."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def fail(self, path: str, message: str) -> None:
        self.errors.append(f"{path}: {message}" if path else message)

    def mapping(self, value: Any, path: str) -> Mapping[str, Any] | None:
        if not isinstance(value, Mapping):
            self.fail(path, "must be an object (key: value pairs)")
            return None
        return value

    def unknown(self, data: Mapping[str, Any], allowed: Sequence[str], path: str) -> None:
        for key in data:
            if key not in allowed:
                where = f"{path}.{key}" if path else str(key)
                self.fail(where, f"is not a known key (known: {', '.join(allowed)})")

    def integer(self, value: Any, path: str, low: int, high: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, "must be a whole number")
            return None
        if value < low:
            self.fail(path, f"must be at least {low}")
            return None
        if value > high:
            self.fail(path, f"must be at most {high}")
            return None
        return value

    def boolean(self, value: Any, path: str) -> bool | None:
        if not isinstance(value, bool):
            self.fail(path, "must be true or false")
            return None
        return value

    def text(self, value: Any, path: str, *, max_length: int, required: bool = False) -> str | None:
        if not isinstance(value, str):
            self.fail(path, "must be text")
            return None
        text = str(value).strip()
        if required and not text:
            self.fail(path, "must not be empty")
            return None
        if len(text) > max_length:
            self.fail(path, f"must be at most {max_length} characters")
            return None
        return text

    def choice(self, value: Any, path: str, choices: Sequence[str]) -> str | None:
        if not isinstance(value, str) or value not in choices:
            self.fail(path, f"must be one of: {', '.join(choices)}")
            return None
        return str(value)

    def name(self, value: Any, path: str) -> str | None:
        if not isinstance(value, str) or not NAME_RE.match(value):
            self.fail(path, "must be a name of lower-case letters, digits and _ starting with a letter (at most 32)")
            return None
        return value


def _mechanics() -> Any | None:
    """The mechanic library (``games.house.mechanics``), or None while it is not installed."""
    try:
        module = import_module("games.house.mechanics")
    except ModuleNotFoundError as exc:
        if exc.name not in ("games.house.mechanics",):
            raise
        return None
    return module if hasattr(module, "mechanic_params_clean") else None


def mechanic_names() -> tuple[str, ...]:
    """The names of the mechanics a round may use."""
    library = _mechanics()
    return tuple(library.MECHANICS) if library is not None else MECHANIC_NAMES


def _players(c: _Checker, raw: Any, kind: str | None) -> dict[str, int]:
    data = c.mapping(raw, "players")
    if data is None:
        return {"min": 2, "max": 2}
    c.unknown(data, ("min", "max"), "players")
    low = c.integer(data.get("min"), "players.min", 2, MAX_PLAYERS)
    high = c.integer(data.get("max"), "players.max", 2, MAX_PLAYERS)
    if low is not None and high is not None and high < low:
        c.fail("players.max", f"must be at least min ({low})")
    if kind == "death" and (low, high) != (2, 2) and None not in (low, high):
        c.fail("players", "a Death Match is played by exactly 2 players (min: 2, max: 2)")
    return {"min": low or 2, "max": high or 2}


def _scores(c: _Checker, raw: Any) -> dict[str, Any]:
    data = c.mapping(raw if raw is not None else {}, "scores") or {}
    c.unknown(data, ("label", "start", "visibility"), "scores")
    label = c.text(data.get("label", "Points"), "scores.label", max_length=40, required=True)
    start = c.integer(data.get("start", 0), "scores.start", -1_000_000, 1_000_000)
    visibility = c.choice(data.get("visibility", "public"), "scores.visibility", ("public", "private"))
    return {"label": label or "Points", "start": start or 0, "visibility": visibility or "public"}


def _secrets(c: _Checker, raw: Any) -> list[dict[str, Any]]:
    raw = [] if raw is None else raw
    if not isinstance(raw, list):
        c.fail("secrets", "must be a list")
        return []
    if len(raw) > 8:
        c.fail("secrets", "may have at most 8 entries")
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        path = f"secrets[{i}]"
        data = c.mapping(item, path)
        if data is None:
            continue
        c.unknown(data, ("name", "label", "values"), path)
        name = c.name(data.get("name"), f"{path}.name")
        if name is not None and name in seen:
            c.fail(f"{path}.name", f'"{name}" is already the name of another secret')
        seen.add(name or "")
        label = c.text(
            data.get("label", (name or "").replace("_", " ").capitalize()),
            f"{path}.label",
            max_length=80,
            required=True,
        )
        values = data.get("values")
        if not isinstance(values, list) or not 1 <= len(values) <= 64:
            c.fail(f"{path}.values", "must be a list of 1 to 64 values")
            values = []
        clean_values = []
        for j, value in enumerate(values):
            text = c.text(
                value if not isinstance(value, int | float) else str(value),
                f"{path}.values[{j}]",
                max_length=80,
                required=True,
            )
            if text is not None:
                clean_values.append(text)
        out.append({"name": name, "label": label, "values": clean_values})
    return out


def _resolve(c: _Checker, raw: Any, path: str, fields: list[dict[str, Any]]) -> dict[str, Any]:
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
    library = _mechanics()
    if mechanic is not None and params is not None and library is not None:
        try:
            clean_params = dict(library.mechanic_params_clean(mechanic, params, fields))
        except ValueError as exc:
            param, sep, message = str(exc).partition(": ")
            if sep and param.replace("_", "").isalnum():
                c.fail(f"{path}.params.{param}", message)
            else:
                c.fail(f"{path}.params", str(exc))
    return {"by": "mechanic", "mechanic": mechanic, "params": clean_params, "review": bool(review)}


def _round(c: _Checker, raw: Any, path: str, max_players: int) -> dict[str, Any]:
    data = c.mapping(raw, path) or {}
    c.unknown(data, ("label", "awaits", "seconds", "reveal", "fields", "resolve"), path)
    label = c.text(data.get("label", "Round"), f"{path}.label", max_length=40, required=True)
    awaits = c.choice(data.get("awaits", "all"), f"{path}.awaits", ("all", "named"))
    seconds = data.get("seconds")
    if seconds is not None:
        seconds = c.integer(seconds, f"{path}.seconds", 10, 604_800)
    reveal = c.choice(data.get("reveal", "none"), f"{path}.reveal", ("none", "all"))
    raw_fields = data.get("fields")
    fields: list[dict[str, Any]] = []
    if not isinstance(raw_fields, list) or not 1 <= len(raw_fields) <= MAX_FIELDS:
        c.fail(f"{path}.fields", f"must be a list of 1 to {MAX_FIELDS} fields")
        raw_fields = raw_fields if isinstance(raw_fields, list) else []
    names: set[str] = set()
    for j, item in enumerate(raw_fields[:MAX_FIELDS]):
        where = f"{path}.fields[{j}]"
        found = field_rules.field_clean(item, where, c.fail, max_players=max_players)
        if found is None:
            continue
        if found["name"] in names:
            c.fail(f"{where}.name", f'"{found["name"]}" is already the name of another field of this round')
        names.add(found["name"])
        fields.append(found)
    resolve = _resolve(c, data.get("resolve"), f"{path}.resolve", fields)
    if resolve["by"] == "dealer":
        for j, f in enumerate(fields):
            if f.get("pays") == "if_won":
                c.fail(
                    f"{path}.fields[{j}].pays",
                    "if_won needs a mechanic to name the round's winner; a round the dealer resolves takes bid or none",
                )
    return {
        "label": label or "Round",
        "awaits": awaits or "all",
        "seconds": seconds,
        "reveal": reveal or "none",
        "fields": fields,
        "resolve": resolve,
    }


def _end(c: _Checker, raw: Any) -> dict[str, Any]:
    data = c.mapping(raw if raw is not None else {}, "end") or {}
    c.unknown(data, ("after_rounds", "first_to", "last_standing"), "end")
    after = c.boolean(data.get("after_rounds", True), "end.after_rounds")
    first_to = data.get("first_to")
    if first_to is not None:
        first_to = c.integer(first_to, "end.first_to", -1_000_000, 1_000_000)
    last = c.boolean(data.get("last_standing", False), "end.last_standing")
    return {"after_rounds": after is not False, "first_to": first_to, "last_standing": bool(last)}


def _outcome(c: _Checker, raw: Any) -> dict[str, Any]:
    data = c.mapping(raw if raw is not None else {}, "outcome") or {}
    c.unknown(data, ("winners", "tokens", "candidates", "garnets"), "outcome")
    winners = c.choice(data.get("winners", "top"), "outcome.winners", ("top", "none"))
    tokens = c.integer(data.get("tokens", 1), "outcome.tokens", 0, 3)
    candidates = c.choice(data.get("candidates", "bottom"), "outcome.candidates", ("bottom",))
    garnets_raw = c.mapping(data.get("garnets") or {}, "outcome.garnets") or {}
    c.unknown(garnets_raw, ("winner",), "outcome.garnets")
    garnets: dict[str, int] = {}
    if "winner" in garnets_raw:
        value = c.integer(garnets_raw["winner"], "outcome.garnets.winner", 0, 100)
        if value:
            garnets["winner"] = value
    return {
        "winners": winners or "top",
        "tokens": 1 if tokens is None else tokens,
        "candidates": candidates or "bottom",
        "garnets": garnets,
    }


def _collect(data: Any) -> tuple[dict[str, Any], list[str]]:
    c = _Checker()
    top = c.mapping(data, "")
    if top is None:
        return {}, c.errors
    c.unknown(top, TOP_KEYS, "")
    if top.get("schema") != SCHEMA:
        c.fail("schema", f'must be "{SCHEMA}"')
    title = c.text(top.get("title"), "title", max_length=80, required=True)
    kind = c.choice(top.get("kind"), "kind", ("main", "death"))
    rules = c.text(top.get("rules", "") or "", "rules", max_length=20_000)
    players = _players(c, top.get("players"), kind)
    turn_seconds = c.integer(top.get("turn_seconds", 86_400), "turn_seconds", 10, 604_800)
    tally_seconds = c.integer(top.get("tally_seconds", 86_400), "tally_seconds", 60, 604_800)
    rounds = top.get("rounds", 5)
    if rounds is not None:
        rounds = c.integer(rounds, "rounds", 1, MAX_ROUNDS)
    scores = _scores(c, top.get("scores"))
    secrets = _secrets(c, top.get("secrets"))
    plan_raw = top.get("round_plan")
    plan: list[dict[str, Any]] = []
    if not isinstance(plan_raw, list) or not 1 <= len(plan_raw) <= MAX_ROUNDS:
        c.fail("round_plan", f"must be a list of 1 to {MAX_ROUNDS} rounds")
    else:
        plan = [_round(c, r, f"round_plan[{i}]", players["max"]) for i, r in enumerate(plan_raw)]
    end = _end(c, top.get("end"))
    outcome = _outcome(c, top.get("outcome"))
    by_dealer = any(r["resolve"]["by"] == "dealer" or r["resolve"].get("review") for r in plan)
    if top.get("rounds", 5) is None:
        if plan and not by_dealer and end["first_to"] is None and not end["last_standing"]:
            c.fail(
                "rounds",
                "null (until the dealer ends the match) needs a round the dealer resolves or reviews, "
                "or an end rule (end.first_to or end.last_standing)",
            )
    elif not end["after_rounds"] and end["first_to"] is None and not end["last_standing"] and plan and not by_dealer:
        c.fail("end", "nothing ends this match: keep after_rounds, or set first_to or last_standing")
    cleaned = {
        "schema": SCHEMA,
        "title": title,
        "kind": kind,
        "rules": rules or "",
        "players": players,
        "turn_seconds": turn_seconds,
        "tally_seconds": tally_seconds,
        "rounds": rounds,
        "scores": scores,
        "secrets": secrets,
        "round_plan": plan,
        "end": end,
        "outcome": outcome,
    }
    return cleaned, c.errors


def definition_errors(data: Any) -> list[str]:
    """Every problem of ``data`` as a definition, each naming its field path; [] when it is playable."""
    return _collect(data)[1]


def definition_clean(data: Any) -> dict[str, Any]:
    """``data`` checked, with every default filled in (FORMAT.md); :class:`DefinitionError` if it has errors."""
    cleaned, errors = _collect(data)
    if errors:
        raise DefinitionError(errors)
    return dict(json.loads(json.dumps(cleaned)))


def definition_load_text(text: str) -> dict[str, Any]:
    """The definition a YAML or JSON file holds (not yet cleaned: pass it to :func:`definition_clean`).

    :class:`DefinitionError` when the text is not YAML/JSON or does not hold an object."""
    if len(text) > 256_000:
        raise DefinitionError(["file: is larger than 256 KB"])
    try:
        data = json.loads(text) if text.lstrip().startswith("{") else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" (line {where.line + 1})" if where is not None else ""
        raise DefinitionError([f"file: is neither YAML nor JSON{at}: {str(exc).splitlines()[0]}"]) from exc
    if not isinstance(data, Mapping):
        raise DefinitionError(["file: must hold one definition (key: value pairs), starting with schema: " + SCHEMA])
    return dict(data)


def definition_dump_text(definition: Mapping[str, Any], *, fmt: str = "yaml") -> str:
    """``definition`` as the text of an exported file: ``yaml`` (keys in the format's order) or ``json``."""
    if fmt == "json":
        return json.dumps(definition, indent=2, ensure_ascii=False) + "\n"
    ordered = {k: definition[k] for k in TOP_KEYS if k in definition}
    return str(yaml.safe_dump(ordered, sort_keys=False, allow_unicode=True, width=100))
