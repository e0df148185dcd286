"""Cleaning a mechanic's params against its declared ``Param`` list and the round's fields: defaults
filled, every value checked, every error a :class:`ParamError` naming the param."""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from games.house.engine.errors import ParamError
from games.house.engine.mechanics.base import Fields, Mechanic, Param

_TYPE_WORDS = {"garnets": "garnets", "number": "number", "choice": "choice", "player": "player"}


def _types(kinds: tuple[str, ...]) -> str:
    return " or ".join(_TYPE_WORDS.get(k, k) for k in kinds)


def _clean_field(p: Param, value: Any, fields: Fields) -> str | None:
    """The name of one of the round's fields of an allowed type; left out: the only such field."""
    fitting = [str(f["name"]) for f in fields if f.get("type") in p.field_types]
    if value is None or value == "":
        if p.optional:
            return None
        if len(fitting) == 1:
            return fitting[0]
        if not fitting:
            raise ParamError(p.name, f"this round has no {_types(p.field_types)} field")
        raise ParamError(p.name, f"choose one of this round's {_types(p.field_types)} fields ({', '.join(fitting)})")
    if not isinstance(value, str):
        raise ParamError(p.name, "must be the name of one of this round's fields")
    decl = next((f for f in fields if f.get("name") == value), None)
    if decl is None:
        raise ParamError(p.name, f"this round has no field named {value!r}")
    if decl.get("type") not in p.field_types:
        raise ParamError(p.name, f"{value!r} is a {decl.get('type')} field; this needs a {_types(p.field_types)} field")
    return value


def _clean_int(p: Param, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParamError(p.name, "must be a whole number")
    if abs(value) > INT_LIMIT:
        raise ParamError(p.name, f"must be between {-INT_LIMIT} and {INT_LIMIT}")
    if p.low is not None and value < p.low:
        raise ParamError(p.name, f"must be at least {p.low}")
    if p.high is not None and value > p.high:
        raise ParamError(p.name, f"must be at most {p.high}")
    return value


# A fraction's text before it is computed with: "2/3", "-0.5", "7" (no exponents: "1e10000000" is
# 14 bytes that Fraction turns into ten million digits, seconds of CPU at every check and close).
_FRACTION_RE = re.compile(r"-?\d{1,20}(?:\.\d{1,20}|/\d{1,20})?")
FRACTION_HELP = "must be a number such as 2/3 or 0.5 (at most 20 digits on either side)"
# Every whole-number param is bounded even where its declaration is not (RULES.md house-21).
INT_LIMIT = 10**12


def parse_fraction(text: Any) -> Fraction:
    """ "2/3", "0.5", 1 or 0.5 as an exact fraction; anything else raises ValueError (no param name).

    The text is checked before Fraction sees it: at most 20 digits a side, no exponent, so reading a
    param costs microseconds whatever the definition holds (issue 40 item 4)."""
    if isinstance(text, bool) or not isinstance(text, int | float | str):
        raise ValueError(FRACTION_HELP)
    if isinstance(text, int) and abs(text) > INT_LIMIT:
        raise ValueError(FRACTION_HELP)
    raw = (repr(text) if isinstance(text, float) else str(text)).strip()
    if len(raw) > 64 or not _FRACTION_RE.fullmatch(raw):
        raise ValueError(FRACTION_HELP)
    try:
        return Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise ValueError(FRACTION_HELP) from None


def _clean_fraction(p: Param, value: Any) -> str:
    try:
        x = parse_fraction(value)
    except ValueError as e:
        raise ParamError(p.name, str(e)) from None
    if p.low is not None and x < p.low:
        raise ParamError(p.name, f"must be at least {p.low}")
    if p.high is not None and x > p.high:
        raise ParamError(p.name, f"must be at most {p.high}")
    return str(x)


def _choices_of(p: Param, cleaned: Mapping[str, Any], fields: Fields) -> list[str]:
    name = cleaned.get(p.of)
    decl = next((f for f in fields if f.get("name") == name), None)
    if decl is None or decl.get("type") != "choice":
        raise ParamError(p.name, f"needs a choice field in {p.of}")
    return [str(c) for c in decl.get("choices", ())]


def _clean_matrix(p: Param, value: Any, choices: list[str]) -> dict[str, dict[str, list[int]]]:
    """Every pair of choices has [my points, their points], and both sides of a pair agree."""
    if not isinstance(value, Mapping):
        raise ParamError(p.name, "must give, for each choice, the points against each choice")
    extra = [k for k in value if k not in choices]
    if extra:
        raise ParamError(p.name, f"{extra[0]!r} is not one of the choices ({', '.join(choices)})")
    out: dict[str, dict[str, list[int]]] = {}
    for mine in choices:
        row = value.get(mine)
        if not isinstance(row, Mapping):
            raise ParamError(p.name, f"the points for {mine} are missing")
        extra = [k for k in row if k not in choices]
        if extra:
            raise ParamError(p.name, f"{mine} vs {extra[0]!r}: {extra[0]!r} is not one of the choices")
        out[mine] = {}
        for theirs in choices:
            cell = row.get(theirs)
            if (
                not isinstance(cell, list | tuple)
                or len(cell) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) for v in cell)
            ):
                raise ParamError(p.name, f"{mine} vs {theirs}: must be two whole numbers [mine, theirs]")
            for v in cell:
                if (p.low is not None and v < p.low) or (p.high is not None and v > p.high):
                    raise ParamError(p.name, f"{mine} vs {theirs}: points must be from {p.low} to {p.high}")
            out[mine][theirs] = [int(cell[0]), int(cell[1])]
    for mine in choices:
        for theirs in choices:
            if out[mine][theirs][1] != out[theirs][mine][0]:
                raise ParamError(
                    p.name,
                    f"{mine} vs {theirs} gives the other player {out[mine][theirs][1]}, "
                    f"but {theirs} vs {mine} gives them {out[theirs][mine][0]}",
                )
    return out


def _clean_relation(p: Param, value: Any, choices: list[str]) -> dict[str, list[str]]:
    """Each choice's list of beaten choices; no choice beats itself; no two choices beat each other."""
    if not isinstance(value, Mapping):
        raise ParamError(p.name, "must list, for each choice, the choices it beats")
    out: dict[str, list[str]] = {c: [] for c in choices}
    for key, beaten in value.items():
        if key not in out:
            raise ParamError(p.name, f"{key!r} is not one of the choices ({', '.join(choices)})")
        if isinstance(beaten, str) or not isinstance(beaten, list | tuple):
            raise ParamError(p.name, f"{key}: must be a list of choices")
        for b in beaten:
            if not isinstance(b, str) or b not in out:
                raise ParamError(p.name, f"{key} beats {b!r}, which is not one of the choices")
            if b == key:
                raise ParamError(p.name, f"{key} cannot beat itself")
        out[key] = [c for c in choices if c in beaten]
    for a in choices:
        for b in out[a]:
            if a in out[b]:
                first, second = sorted((a, b), key=choices.index)
                raise ParamError(p.name, f"{first} and {second} cannot beat each other")
    return out


def clean(mechanic: Mechanic, params: Mapping[str, Any], fields: Fields) -> dict[str, Any]:
    """``params`` checked against ``mechanic``'s declaration, in declared order, defaults filled."""
    if not isinstance(params, Mapping):
        raise ParamError("params", "must be a set of named values")
    known = {p.name for p in mechanic.params}
    for key in params:
        if key not in known:
            takes = ", ".join(p.name for p in mechanic.params)
            raise ParamError(str(key), f"not a param of {mechanic.name} (it takes {takes})")
    out: dict[str, Any] = {}
    for p in mechanic.params:
        value = params.get(p.name)
        if p.kind == "field":
            out[p.name] = _clean_field(p, value, fields)
            continue
        if value is None:
            value = p.default
        if value is None:
            raise ParamError(p.name, "required")
        if p.kind == "int":
            out[p.name] = _clean_int(p, value)
        elif p.kind == "bool":
            if not isinstance(value, bool):
                raise ParamError(p.name, "must be true or false")
            out[p.name] = value
        elif p.kind == "choice":
            if value not in p.choices:
                raise ParamError(p.name, f"must be one of {', '.join(p.choices)}")
            out[p.name] = value
        elif p.kind == "fraction":
            out[p.name] = _clean_fraction(p, value)
        elif p.kind == "matrix":
            out[p.name] = _clean_matrix(p, value, _choices_of(p, out, fields))
        elif p.kind == "relation":
            out[p.name] = _clean_relation(p, value, _choices_of(p, out, fields))
        else:  # pragma: no cover - a declaration error in this library, not a dealer's
            raise AssertionError(f"unknown param kind {p.kind}")
    if mechanic.check is not None:
        mechanic.check(out, fields)
    return out
