"""The functions dealers' formulas may call (``formula``): spreadsheet-like, each linear in the lists it is given,
each refusing a value of the wrong kind with a message naming the function. Pure."""

from __future__ import annotations

from collections.abc import Callable

from games.house.engine.formula_values import (
    MAX_BUILT_TEXT,
    Refused,
    bounded,
    kind_of,
    same,
    shown,
    whole,
)


def _items(name: str, args: tuple[object, ...]) -> list[object]:
    """min/max take several values or one list of them."""
    if len(args) == 1 and isinstance(args[0], list | tuple):
        values = list(args[0])
    else:
        values = list(args)
    if not values:
        raise Refused(f"{name}() of an empty list")
    if all(isinstance(v, str) for v in values):
        return values
    return [whole(v, f"{name}()") for v in values]


def _min(*args: object) -> object:
    return min(_items("min", args))  # type: ignore[type-var]


def _max(*args: object) -> object:
    return max(_items("max", args))  # type: ignore[type-var]


def _abs(value: object) -> int:
    return abs(whole(value, "abs()"))


def _list(name: str, value: object) -> list[object]:
    if isinstance(value, list | tuple):
        return list(value)
    raise Refused(f"{name}() needs a list, got {kind_of(value)} ({shown(value)})")


def _sum(values: object) -> int:
    total = 0
    for v in _list("sum", values):
        total = bounded(total + whole(v, "sum()"))
    return total


def _count(values: object, item: object) -> int:
    return sum(1 for v in _list("count", values) if same(v, item))


def _sum_if(values: object, keys: object, key: object) -> int:
    """A spreadsheet's SUMIF: the sum of the ``values`` whose key (the item of ``keys`` at the same place) equals
    ``key`` (``sum_if(hand_values, hand_suits, 'Red')``: the powers of the Red cards)."""
    nums, tags = _list("sum_if", values), _list("sum_if", keys)
    if len(nums) != len(tags):
        raise Refused(f"sum_if() needs two lists of the same length, got {len(nums)} and {len(tags)} items")
    total = 0
    for v, k in zip(nums, tags, strict=True):
        if same(k, key):
            total = bounded(total + whole(v, "sum_if()"))
    return total


def _filter(values: object, keys: object, key: object) -> list[object]:
    """A spreadsheet's FILTER: the items of ``values`` whose key (the item of ``keys`` at the same place) equals
    ``key`` (``filter(aimed_by, aimed_labels, 'Steal')``: who played a Steal naming the player, house-158)."""
    items, tags = _list("filter", values), _list("filter", keys)
    if len(items) != len(tags):
        raise Refused(f"filter() needs two lists of the same length, got {len(items)} and {len(tags)} items")
    return [v for v, k in zip(items, tags, strict=True) if same(k, key)]


def _len(value: object) -> int:
    if isinstance(value, str | list | tuple | dict):
        return len(value)
    raise Refused(f"len() needs a list, a table or a text, got {kind_of(value)}")


def _text(value: object) -> str:
    """A value as a line reads it: a number's digits, yes/no as yes or no, a list's items joined by ", "."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(whole(value, "text()"))
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        found = ", ".join(_text(v) for v in value)
        if len(found) > MAX_BUILT_TEXT:
            raise Refused(f"a text longer than {MAX_BUILT_TEXT} characters")
        return found
    raise Refused(f"text() needs a number, a yes/no, a text or a list, got {kind_of(value)}")


def _distinct(values: object) -> list[object]:
    """The items of ``values`` without repeats, each where it first comes (``len(distinct(hand_owners))``: how
    many initial owners a hand holds cards of)."""
    found: list[object] = []
    for v in _list("distinct", values):
        if not any(same(v, f) for f in found):
            found.append(v)
    return found


def _rank(value: object, values: object) -> int:
    """A spreadsheet's RANK: 1 + how many of ``values`` are higher than ``value`` (the tied share a place)."""
    x = whole(value, "rank()")
    return 1 + sum(1 for v in _list("rank", values) if whole(v, "rank()") > x)


# Spelled as YAML and JSON spell them (Python's True and False work too); a dealer's own name wins.
CONSTANTS: dict[str, bool] = {"true": True, "false": False}

FUNCTIONS: dict[str, Callable[..., object]] = {
    "min": _min,
    "max": _max,
    "abs": _abs,
    "sum": _sum,
    "count": _count,
    "sum_if": _sum_if,
    "filter": _filter,
    "len": _len,
    "text": _text,
    "rank": _rank,
    "distinct": _distinct,
}
ARITY: dict[str, tuple[int, int]] = {
    "min": (1, 50),
    "max": (1, 50),
    "abs": (1, 1),
    "sum": (1, 1),
    "count": (2, 2),
    "sum_if": (3, 3),
    "filter": (3, 3),
    "len": (1, 1),
    "text": (1, 1),
    "rank": (2, 2),
    "distinct": (1, 1),
}
