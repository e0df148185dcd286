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
from collections.abc import Iterable, Mapping
from typing import Any

import simpleeval

from games.house.engine.formula_functions import ARITY, CONSTANTS, FUNCTIONS
from games.house.engine.formula_values import (
    MAX_DEPTH,
    MAX_NUMBER,
    MAX_TEXT,
    OPERATORS,
    FormulaError,
    Refused,
    kind_of,
    shown,
)

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
    *OPERATORS,
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
    low, high = ARITY[node.func.id]
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
        evaluator = simpleeval.EvalWithCompoundTypes(operators=OPERATORS, functions=dict(FUNCTIONS), names={})
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
        except Refused as e:
            raise FormulaError(self.path, str(e)) from None
        except KeyError as e:
            raise FormulaError(self.path, f"no entry {shown(e.args[0]) if e.args else ''} in that table") from None
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
        raise FormulaError(path, f"a formula is a text, got {kind_of(text)}")
    return _compile_cached(text, path, frozenset(names))


def formula_int(formula: Formula, env: Mapping[str, Any]) -> int:
    """The formula's value as a whole number (refused, naming the path, if it is anything else)."""
    value = formula.evaluate(env)
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormulaError(formula.path, f"gives {kind_of(value)} ({shown(value)}), not a whole number")
    return value


def formula_bool(formula: Formula, env: Mapping[str, Any]) -> bool:
    """The formula's value as yes/no (refused, naming the path, if it is anything else)."""
    value = formula.evaluate(env)
    if not isinstance(value, bool):
        raise FormulaError(formula.path, f"gives {kind_of(value)} ({shown(value)}), not yes/no (true or false)")
    return value
