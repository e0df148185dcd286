"""The values of dealers' formulas (``formula``): their limits, the error a formula raises, and the operators, each
the house's own so that the rulings (whole numbers, division that drops the remainder, bounded numbers, lists and
texts) hold whatever the evaluating library's defaults are. Pure."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

MAX_TEXT = 500
MAX_DEPTH = 60
MAX_NUMBER = 10**12
MAX_BUILT_TEXT = 1000
MAX_POWER = 64


class FormulaError(Exception):
    """A formula that cannot be read or evaluated; `str(e)` is "<definition path>: <message>"."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class Refused(Exception):
    """Raised inside an evaluation; `Formula.evaluate` turns it into a FormulaError naming the path."""


def kind_of(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a yes/no value"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a value of another kind"


def shown(value: object) -> str:
    """A value as a dealer reads it in an error (short, no Python reprs beyond quotes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def whole(value: object, what: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(f"{what or 'arithmetic'} needs whole numbers, got {kind_of(value)} ({shown(value)})")
    if abs(value) > MAX_NUMBER:
        raise Refused(f"the number {value} is too large (at most {MAX_NUMBER:,} either way)")
    return value


def bounded(value: int) -> int:
    if abs(value) > MAX_NUMBER:
        raise Refused(f"the result {value} is too large (at most {MAX_NUMBER:,} either way)")
    return value


MAX_BUILT_LIST = 1000  # items in a list a formula builds with + or * (house-77)


def _built(items: list[object]) -> list[object]:
    if len(items) > MAX_BUILT_LIST:
        raise Refused(f"a list longer than {MAX_BUILT_LIST} items")
    return items


def _add(a: object, b: object) -> object:
    if isinstance(a, str) and isinstance(b, str):
        if len(a) + len(b) > MAX_BUILT_TEXT:
            raise Refused(f"a text longer than {MAX_BUILT_TEXT} characters")
        return a + b
    if type(a) is list and type(b) is list:  # after the numbers' and texts' checks: lists are rare
        return _built([*a, *b])
    return bounded(whole(a, "+") + whole(b, "+"))


def _sub(a: object, b: object) -> int:
    return bounded(whole(a, "-") - whole(b, "-"))


def _mul(a: object, b: object) -> object:
    if type(a) is int and type(b) is int:  # the usual case first: two whole numbers
        return bounded(whole(a, "*") * whole(b, "*"))
    if isinstance(a, list) or isinstance(b, list):  # ['Red'] * red: a list repeated (house-77)
        items: list[object] = a if isinstance(a, list) else b  # type: ignore[assignment]
        n = whole(b if isinstance(a, list) else a, "*")
        if n * len(items) > MAX_BUILT_LIST:
            raise Refused(f"a list longer than {MAX_BUILT_LIST} items")
        return items * max(0, n)
    return bounded(whole(a, "*") * whole(b, "*"))


def _div(a: object, b: object) -> int:
    """Whole-number division that drops the remainder (rounds toward zero): 20 / 3 = 6, -7 / 2 = -3."""
    x, y = whole(a, "/"), whole(b, "/")
    if y == 0:
        raise Refused("division by zero")
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def _mod(a: object, b: object) -> int:
    """The remainder that `/` drops, with the sign of the left side: 7 % 3 = 1, -7 % 2 = -1."""
    x, y = whole(a, "%"), whole(b, "%")
    if y == 0:
        raise Refused("remainder of a division by zero")
    return x - y * _div(x, y)


def _pow(a: object, b: object) -> int:
    x, y = whole(a, "**"), whole(b, "**")
    if y < 0:
        raise Refused("a power needs a whole exponent of 0 or more")
    if abs(x) > 1 and y > MAX_POWER:  # would pass MAX_NUMBER anyway: refuse before computing it
        raise Refused(f"the power {x} ** {y} is too large (at most {MAX_NUMBER:,} either way)")
    return bounded(int(x**y))


def _neg(a: object) -> int:
    return -whole(a, "-")


def _pos(a: object) -> int:
    return whole(a, "+")


def _not(a: object) -> bool:
    return not _truth(a)


def _truth(a: object) -> bool:
    return bool(a)


def same(a: object, b: object) -> bool:
    """Equality that never mixes kinds: `1 == true` is false, as a dealer reads it."""
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    return a == b


def _ordered(a: object, b: object, op: str) -> tuple[Any, Any]:
    if isinstance(a, str) and isinstance(b, str):
        return a, b
    if isinstance(a, str) != isinstance(b, str):
        raise Refused(f"{op} cannot compare {kind_of(a)} ({shown(a)}) with {kind_of(b)} ({shown(b)})")
    return whole(a, op), whole(b, op)


def _contains(item: object, container: object) -> bool:
    if isinstance(container, str):
        if not isinstance(item, str):
            raise Refused(f"'in' a text needs a text on its left, got {kind_of(item)}")
        return item in container
    if isinstance(container, list | tuple):
        return any(same(item, x) for x in container)
    if isinstance(container, dict):
        return any(same(item, k) for k in container)
    raise Refused(f"'in' needs a list, a table or a text on its right, got {kind_of(container)}")


OPERATORS: dict[type, Callable[..., object]] = {
    ast.Add: _add,
    ast.Sub: _sub,
    ast.Mult: _mul,
    ast.Div: _div,
    ast.FloorDiv: _div,
    ast.Mod: _mod,
    ast.Pow: _pow,
    ast.USub: _neg,
    ast.UAdd: _pos,
    ast.Not: _not,
    ast.Eq: same,
    ast.NotEq: lambda a, b: not same(a, b),
    ast.Lt: lambda a, b: op_lt(*_ordered(a, b, "<")),
    ast.LtE: lambda a, b: op_le(*_ordered(a, b, "<=")),
    ast.Gt: lambda a, b: op_lt(*reversed(_ordered(a, b, ">"))),
    ast.GtE: lambda a, b: op_le(*reversed(_ordered(a, b, ">="))),
    ast.In: _contains,
    ast.NotIn: lambda a, b: not _contains(a, b),
}


def op_lt(a: Any, b: Any) -> bool:
    return bool(a < b)


def op_le(a: Any, b: Any) -> bool:
    return bool(a <= b)
