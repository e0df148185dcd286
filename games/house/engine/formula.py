"""Dealers' formulas: spreadsheet-cell expressions in a definition ("2 + times_used", "pot * 2 / players").

The language is Python's expression syntax restricted to what a dealer needs, evaluated by
`simpleeval` (chosen against cel-python, starlark-pyo3 and asteval: bench/formula.py and
bench/README.md "Formulas") over a parse tree this module vets first. Every operator and function
is this module's own, so the rulings (whole numbers, division that drops the remainder, bounded
numbers and texts) hold whatever the library's defaults are. Pure: no clock, no randomness, no
I/O; the same text and values give the same result on every machine.

Cost is bounded by construction, not by a timer: the text is at most `MAX_TEXT` characters and
`MAX_DEPTH` deep, there are no loops, comprehensions, lambdas, attributes or powers past
`MAX_NUMBER`, each node is evaluated at most once, and every function is linear in the lists it
is given; numbers stay within ±`MAX_NUMBER` and built texts within `MAX_BUILT_TEXT` characters.
"""

from __future__ import annotations

import ast
import difflib
import functools
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import simpleeval

MAX_TEXT = 500
MAX_DEPTH = 60
MAX_NUMBER = 10**12
MAX_BUILT_TEXT = 1000
MAX_POWER = 64

__all__ = [
    "FUNCTIONS",
    "MAX_DEPTH",
    "MAX_NUMBER",
    "MAX_TEXT",
    "Formula",
    "FormulaError",
    "formula_bool",
    "formula_compile",
    "formula_int",
]


class FormulaError(Exception):
    """A formula that cannot be read or evaluated; `str(e)` is "<definition path>: <message>"."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class _Refused(Exception):
    """Raised inside an evaluation; `Formula.evaluate` turns it into a FormulaError naming the path."""


def _kind(value: object) -> str:
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


def _show(value: object) -> str:
    """A value as a dealer reads it in an error (short, no Python reprs beyond quotes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value: object, what: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Refused(f"{what or 'arithmetic'} needs whole numbers, got {_kind(value)} ({_show(value)})")
    if abs(value) > MAX_NUMBER:
        raise _Refused(f"the number {value} is too large (at most {MAX_NUMBER:,} either way)")
    return value


def _bounded(value: int) -> int:
    if abs(value) > MAX_NUMBER:
        raise _Refused(f"the result {value} is too large (at most {MAX_NUMBER:,} either way)")
    return value


MAX_BUILT_LIST = 1000  # items in a list a formula builds with + or * (house-77)


def _built(items: list[object]) -> list[object]:
    if len(items) > MAX_BUILT_LIST:
        raise _Refused(f"a list longer than {MAX_BUILT_LIST} items")
    return items


def _add(a: object, b: object) -> object:
    if isinstance(a, str) and isinstance(b, str):
        if len(a) + len(b) > MAX_BUILT_TEXT:
            raise _Refused(f"a text longer than {MAX_BUILT_TEXT} characters")
        return a + b
    if type(a) is list and type(b) is list:  # after the numbers' and texts' checks: lists are rare
        return _built([*a, *b])
    return _bounded(_whole(a, "+") + _whole(b, "+"))


def _sub(a: object, b: object) -> int:
    return _bounded(_whole(a, "-") - _whole(b, "-"))


def _mul(a: object, b: object) -> object:
    if type(a) is int and type(b) is int:  # the usual case first: two whole numbers
        return _bounded(_whole(a, "*") * _whole(b, "*"))
    if isinstance(a, list) or isinstance(b, list):  # ['Red'] * red: a list repeated (house-77)
        items: list[object] = a if isinstance(a, list) else b  # type: ignore[assignment]
        n = _whole(b if isinstance(a, list) else a, "*")
        if n * len(items) > MAX_BUILT_LIST:
            raise _Refused(f"a list longer than {MAX_BUILT_LIST} items")
        return items * max(0, n)
    return _bounded(_whole(a, "*") * _whole(b, "*"))


def _div(a: object, b: object) -> int:
    """Whole-number division that drops the remainder (rounds toward zero): 20 / 3 = 6, -7 / 2 = -3."""
    x, y = _whole(a, "/"), _whole(b, "/")
    if y == 0:
        raise _Refused("division by zero")
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def _mod(a: object, b: object) -> int:
    """The remainder that `/` drops, with the sign of the left side: 7 % 3 = 1, -7 % 2 = -1."""
    x, y = _whole(a, "%"), _whole(b, "%")
    if y == 0:
        raise _Refused("remainder of a division by zero")
    return x - y * _div(x, y)


def _pow(a: object, b: object) -> int:
    x, y = _whole(a, "**"), _whole(b, "**")
    if y < 0:
        raise _Refused("a power needs a whole exponent of 0 or more")
    if abs(x) > 1 and y > MAX_POWER:  # would pass MAX_NUMBER anyway: refuse before computing it
        raise _Refused(f"the power {x} ** {y} is too large (at most {MAX_NUMBER:,} either way)")
    return _bounded(int(x**y))


def _neg(a: object) -> int:
    return -_whole(a, "-")


def _pos(a: object) -> int:
    return _whole(a, "+")


def _not(a: object) -> bool:
    return not _truth(a)


def _truth(a: object) -> bool:
    return bool(a)


def _same(a: object, b: object) -> bool:
    """Equality that never mixes kinds: `1 == true` is false, as a dealer reads it."""
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    return a == b


def _ordered(a: object, b: object, op: str) -> tuple[Any, Any]:
    if isinstance(a, str) and isinstance(b, str):
        return a, b
    if isinstance(a, str) != isinstance(b, str):
        raise _Refused(f"{op} cannot compare {_kind(a)} ({_show(a)}) with {_kind(b)} ({_show(b)})")
    return _whole(a, op), _whole(b, op)


def _contains(item: object, container: object) -> bool:
    if isinstance(container, str):
        if not isinstance(item, str):
            raise _Refused(f"'in' a text needs a text on its left, got {_kind(item)}")
        return item in container
    if isinstance(container, list | tuple):
        return any(_same(item, x) for x in container)
    if isinstance(container, dict):
        return any(_same(item, k) for k in container)
    raise _Refused(f"'in' needs a list, a table or a text on its right, got {_kind(container)}")


_OPERATORS: dict[type, Callable[..., object]] = {
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
    ast.Eq: _same,
    ast.NotEq: lambda a, b: not _same(a, b),
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


def _items(name: str, args: tuple[object, ...]) -> list[object]:
    """min/max take several values or one list of them."""
    if len(args) == 1 and isinstance(args[0], list | tuple):
        values = list(args[0])
    else:
        values = list(args)
    if not values:
        raise _Refused(f"{name}() of an empty list")
    if all(isinstance(v, str) for v in values):
        return values
    return [_whole(v, f"{name}()") for v in values]


def _min(*args: object) -> object:
    return min(_items("min", args))  # type: ignore[type-var]


def _max(*args: object) -> object:
    return max(_items("max", args))  # type: ignore[type-var]


def _abs(value: object) -> int:
    return abs(_whole(value, "abs()"))


def _list(name: str, value: object) -> list[object]:
    if isinstance(value, list | tuple):
        return list(value)
    raise _Refused(f"{name}() needs a list, got {_kind(value)} ({_show(value)})")


def _sum(values: object) -> int:
    total = 0
    for v in _list("sum", values):
        total = _bounded(total + _whole(v, "sum()"))
    return total


def _count(values: object, item: object) -> int:
    return sum(1 for v in _list("count", values) if _same(v, item))


def _sum_if(values: object, keys: object, key: object) -> int:
    """A spreadsheet's SUMIF: the sum of the ``values`` whose key (the item of ``keys`` at the same place) equals
    ``key`` (``sum_if(hand_values, hand_suits, 'Red')``: the powers of the Red cards)."""
    nums, tags = _list("sum_if", values), _list("sum_if", keys)
    if len(nums) != len(tags):
        raise _Refused(f"sum_if() needs two lists of the same length, got {len(nums)} and {len(tags)} items")
    total = 0
    for v, k in zip(nums, tags, strict=True):
        if _same(k, key):
            total = _bounded(total + _whole(v, "sum_if()"))
    return total


def _filter(values: object, keys: object, key: object) -> list[object]:
    """A spreadsheet's FILTER: the items of ``values`` whose key (the item of ``keys`` at the same place) equals
    ``key`` (``filter(aimed_by, aimed_labels, 'Steal')``: who played a Steal naming the player, house-158)."""
    items, tags = _list("filter", values), _list("filter", keys)
    if len(items) != len(tags):
        raise _Refused(f"filter() needs two lists of the same length, got {len(items)} and {len(tags)} items")
    return [v for v, k in zip(items, tags, strict=True) if _same(k, key)]


def _len(value: object) -> int:
    if isinstance(value, str | list | tuple | dict):
        return len(value)
    raise _Refused(f"len() needs a list, a table or a text, got {_kind(value)}")


def _text(value: object) -> str:
    """A value as a line reads it: a number's digits, yes/no as yes or no, a list's items joined by ", "."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(_whole(value, "text()"))
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        found = ", ".join(_text(v) for v in value)
        if len(found) > MAX_BUILT_TEXT:
            raise _Refused(f"a text longer than {MAX_BUILT_TEXT} characters")
        return found
    raise _Refused(f"text() needs a number, a yes/no, a text or a list, got {_kind(value)}")


def _distinct(values: object) -> list[object]:
    """The items of ``values`` without repeats, each where it first comes (``len(distinct(hand_owners))``: how
    many initial owners a hand holds cards of)."""
    found: list[object] = []
    for v in _list("distinct", values):
        if not any(_same(v, f) for f in found):
            found.append(v)
    return found


def _rank(value: object, values: object) -> int:
    """A spreadsheet's RANK: 1 + how many of ``values`` are higher than ``value`` (the tied share a place)."""
    x = _whole(value, "rank()")
    return 1 + sum(1 for v in _list("rank", values) if _whole(v, "rank()") > x)


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
_ARITY: dict[str, tuple[int, int]] = {
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

# What a formula may contain, node by node; everything else is refused when it is compiled.
_NODES: tuple[type, ...] = (
    ast.Expression,
    ast.Constant,
    ast.Name,
    ast.Load,
    ast.BinOp,
    ast.UnaryOp,
    ast.BoolOp,
    ast.Compare,
    ast.IfExp,
    ast.Call,
    ast.Subscript,
    ast.List,
    ast.Tuple,
    ast.And,
    ast.Or,
    *_OPERATORS,
)
_NOT_HERE: dict[type, str] = {
    ast.Attribute: "'.' is not available: write table['key']",
    ast.Slice: "slices are not available",
    ast.Lambda: "lambda is not available",
    ast.ListComp: "list comprehensions are not available: use count(), sum(), min() or max()",
    ast.GeneratorExp: "comprehensions are not available: use count(), sum(), min() or max()",
    ast.DictComp: "comprehensions are not available",
    ast.SetComp: "comprehensions are not available",
    ast.Dict: "tables cannot be written in a formula",
    ast.Set: "sets are not available",
    ast.JoinedStr: "f-strings are not available",
    ast.NamedExpr: "':=' is not available",
    ast.Starred: "'*' before a value is not available",
    ast.keyword: "functions take no named arguments",
}


def _refuse_text(text: str, path: str) -> None:
    if not text.strip():
        raise FormulaError(path, "the formula is empty")
    if len(text) > MAX_TEXT:
        raise FormulaError(path, f"the formula is {len(text)} characters long (at most {MAX_TEXT})")
    for ch in text:
        if ch < " " and ch not in "\t\n\r" or ch == "\x7f":
            raise FormulaError(path, f"the formula contains a control character ({ch!r})")


def _known_list(names: frozenset[str]) -> str:
    shown = sorted(names)
    if not shown:
        return "no names are known here"
    text = ", ".join(shown[:12])
    return f"known: {text}{', …' if len(shown) > 12 else ''}"


def _vet(tree: ast.Expression, path: str, known: frozenset[str]) -> frozenset[str]:
    """Refuse what the language does not have; return the names the formula reads."""
    read: set[str] = set()
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise FormulaError(path, f"the formula is nested too deeply (at most {MAX_DEPTH} levels)")
        kind = type(node)
        if kind in _NOT_HERE:
            raise FormulaError(path, _NOT_HERE[kind])
        if kind in _OPERATOR_WORDS:
            raise FormulaError(path, _OPERATOR_WORDS[kind])
        if not isinstance(node, _NODES):
            raise FormulaError(path, f"{_describe(node)} is not available in a formula")
        if isinstance(node, ast.Constant):
            _vet_constant(node.value, path)
        elif isinstance(node, ast.Name):
            if node.id in FUNCTIONS:
                raise FormulaError(path, f"{node.id} is a function: write {node.id}(…)")
            if node.id in CONSTANTS and node.id not in known:
                continue
            if node.id not in known:
                close = difflib.get_close_matches(node.id, sorted(known), n=1)
                hint = f"did you mean '{close[0]}'? " if close else ""
                raise FormulaError(path, f"unknown name '{node.id}' ({hint}{_known_list(known)})")
            read.add(node.id)
        elif isinstance(node, ast.Call):
            _vet_call(node, path)
            stack.extend((a, depth + 1) for a in node.args)
            continue
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return frozenset(read)


_OPERATOR_WORDS: dict[type, str] = {
    ast.BitXor: "'^' is not available in a formula: a power is written **",
    ast.BitAnd: "'&' is not available in a formula: write and",
    ast.BitOr: "'|' is not available in a formula: write or",
    ast.Invert: "'~' is not available in a formula: write not",
    ast.LShift: "'<<' is not available in a formula",
    ast.RShift: "'>>' is not available in a formula",
    ast.MatMult: "'@' is not available in a formula",
    ast.Is: "'is' is not available in a formula: write ==",
    ast.IsNot: "'is not' is not available in a formula: write !=",
}


def _describe(node: ast.AST) -> str:
    if isinstance(node, ast.operator | ast.unaryop | ast.cmpop):
        return f"the operator {type(node).__name__}"
    return type(node).__name__


# Spreadsheet and C habits that Python's grammar refuses, with what to write instead.
_HABITS: tuple[tuple[str, str], ...] = (
    ("&&", "write and instead of &&"),
    ("||", "write or instead of ||"),
    ("<>", "write != instead of <>"),
    ("?", "write A if CONDITION else B instead of CONDITION ? A : B"),
)


def _syntax_hint(text: str, names: frozenset[str]) -> str:
    for habit, advice in _HABITS:
        if habit in text:
            return f" ({advice})"
    if "!" in text.replace("!=", ""):
        return " (write not instead of !)"
    if re.search(r"(?<![=!<>])=(?!=)", text):
        return " (write == to compare; = alone is not available)"
    for name in sorted(names):
        if "_" in name and name.replace("_", " ") in text:
            return f" (names have no spaces: did you mean {name}?)"
    return ""


def _vet_constant(value: object, path: str) -> None:
    if isinstance(value, bool | str):
        return
    if isinstance(value, int):
        if abs(value) > MAX_NUMBER:
            raise FormulaError(path, f"the number {value} is too large (at most {MAX_NUMBER:,} either way)")
        return
    if isinstance(value, float):
        raise FormulaError(path, f"{value!r} is not a whole number: formulas count in whole numbers")
    raise FormulaError(path, f"{value!r} is not available in a formula")


def _vet_call(node: ast.Call, path: str) -> None:
    known = ", ".join(sorted(FUNCTIONS))
    if isinstance(node.func, ast.Attribute):
        raise FormulaError(path, f"methods ('.{node.func.attr}(…)') are not available (functions: {known})")
    if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
        name = node.func.id if isinstance(node.func, ast.Name) else "this"
        if name.lower() == "if":
            raise FormulaError(path, "there is no IF(): write A if CONDITION else B")
        hint = f"did you mean '{name.lower()}'? " if name.lower() in FUNCTIONS else ""
        raise FormulaError(path, f"unknown function '{name}' ({hint}known: {known})")
    if node.keywords:
        raise FormulaError(path, _NOT_HERE[ast.keyword])
    low, high = _ARITY[node.func.id]
    if not low <= len(node.args) <= high:
        want = str(low) if low == high else f"{low} to {high}"
        raise FormulaError(path, f"{node.func.id}() takes {want} value{'s' if high > 1 else ''}, got {len(node.args)}")


_local = threading.local()


def _evaluator() -> Any:
    """This thread's evaluator: building one costs more than most evaluations, and an evaluator
    holds the names of the evaluation under way, so each thread has its own."""
    evaluator = getattr(_local, "evaluator", None)
    if evaluator is None:
        # It adds list/tuple/dict/set to the functions it is handed, hence the copy (the vetting
        # already refused any call but FUNCTIONS').
        evaluator = simpleeval.EvalWithCompoundTypes(operators=_OPERATORS, functions=dict(FUNCTIONS), names={})
        _local.evaluator = evaluator
    return evaluator


class Formula:
    """A compiled formula: its text, the names it reads, and where in the definition it stands."""

    __slots__ = ("_tree", "names", "path", "text")

    def __init__(self, text: str, path: str, names: frozenset[str], tree: ast.expr) -> None:
        self.text = text
        self.path = path
        self.names = names
        self._tree = tree

    def __repr__(self) -> str:
        return f"Formula({self.text!r}, path={self.path!r})"

    def evaluate(self, env: Mapping[str, Any]) -> Any:
        """The formula's value with `env` (ints, bools, texts, lists and dicts of those)."""
        missing = sorted(self.names - env.keys())
        if missing:
            raise FormulaError(self.path, f"no value for {', '.join(repr(m) for m in missing)}")
        evaluator = _evaluator()
        evaluator.names = {**CONSTANTS, **{n: env[n] for n in self.names}}
        try:
            value = evaluator.eval(self.text, previously_parsed=self._tree)
        except _Refused as e:
            raise FormulaError(self.path, str(e)) from None
        except KeyError as e:
            raise FormulaError(self.path, f"no entry {_show(e.args[0]) if e.args else ''} in that table") from None
        except IndexError:
            raise FormulaError(self.path, "a position past the end of the list") from None
        except TypeError as e:
            raise FormulaError(self.path, f"values of the wrong kind ({e})") from None
        except (simpleeval.InvalidExpression, RecursionError) as e:
            raise FormulaError(self.path, f"cannot evaluate the formula ({e})") from None
        finally:
            evaluator.names = {}
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            raise FormulaError(self.path, f"the result {value} is too large (at most {MAX_NUMBER:,} either way)")
        if isinstance(value, tuple):
            return list(value)
        return value


def _compile_uncached(text: str, path: str, names: frozenset[str]) -> Formula:
    _refuse_text(text, path)
    stripped = text.strip()
    try:
        tree = ast.parse(stripped, mode="eval")
    except SyntaxError as e:
        where = f" at character {e.offset}" if e.offset and e.offset <= len(stripped) else " at the end"
        raise FormulaError(path, f"cannot read the formula: {e.msg}{where}{_syntax_hint(stripped, names)}") from None
    except (ValueError, RecursionError, MemoryError) as e:
        raise FormulaError(path, f"cannot read the formula: {e}") from None
    read = _vet(tree, path, names)
    return Formula(text, path, read, tree.body)


@functools.lru_cache(maxsize=4096)
def _compile_cached(text: str, path: str, names: frozenset[str]) -> Formula:
    return _compile_uncached(text, path, names)


def formula_compile(text: str, *, path: str, names: Iterable[str]) -> Formula:
    """Compile `text`, refusing (FormulaError naming `path`) bad syntax, what the language lacks,
    names outside `names`, and texts past the bounds. Cached: the same text, path and names give
    the same Formula (it is immutable and pure)."""
    if not isinstance(text, str):
        raise FormulaError(path, f"a formula is a text, got {_kind(text)}")
    return _compile_cached(text, path, frozenset(names))


def formula_int(formula: Formula, env: Mapping[str, Any]) -> int:
    """The formula's value as a whole number (refused, naming the path, if it is anything else)."""
    value = formula.evaluate(env)
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormulaError(formula.path, f"gives {_kind(value)} ({_show(value)}), not a whole number")
    return value


def formula_bool(formula: Formula, env: Mapping[str, Any]) -> bool:
    """The formula's value as yes/no (refused, naming the path, if it is anything else)."""
    value = formula.evaluate(env)
    if not isinstance(value, bool):
        raise FormulaError(formula.path, f"gives {_kind(value)} ({_show(value)}), not yes/no (true or false)")
    return value
