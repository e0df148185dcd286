"""Named formulas (FORMAT.md /2 "Named formulas"): a dealer writes a rule once, in the top-level ``formulas``
block, and uses it by name in any formula, with values in parentheses when it takes some
(``favor(given, received)``). A use is replaced by the named formula's text where it stands, its values put in
for its ``args``, when the formula is compiled (``compile_named``): nothing is looked up while a match plays, so
a close costs what the same formula written out would.

The limits of a formula hold for every text (at most ``MAX_TEXT`` characters each); the whole formula a use
builds is held to ``MAX_DEPTH`` levels and ``MAX_PARTS`` parts, so a chain of uses cannot grow it past what a
close may evaluate. A name used inside its own formula, directly or through others, is refused (a circle).

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

import ast
import copy
import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from games.house.engine.formula import (
    FUNCTIONS,
    MAX_TEXT,
    Formula,
    FormulaError,
    _refuse_text,
    _vet,
    formula_compile,
)

MAX_NAMED = 32
MAX_ARGS = 4
MAX_PARTS = 4000
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")

Defs = tuple[tuple[str, tuple[str, ...], str], ...]
"""The named formulas of a definition, hashable: ``(name, args, text)`` each, in the file's order."""


def defs_of(definition: Mapping[str, Any]) -> Defs:
    """A cleaned definition's named formulas (none: ``()``)."""
    return tuple((d["name"], tuple(d["args"]), d["formula"]) for d in definition.get("formulas") or ())


class _Uses:
    """What one compile expands: the named formulas parsed once, and the parts built so far."""

    def __init__(self, defs: Defs, path: str) -> None:
        self.path = path
        self.parts = 0
        self.bodies: dict[str, tuple[tuple[str, ...], ast.expr]] = {}
        for name, args, text in defs:
            try:
                self.bodies[name] = (args, ast.parse(text.strip(), mode="eval").body)
            except (SyntaxError, ValueError, RecursionError) as exc:
                raise FormulaError(path, f"the named formula '{name}' cannot be read ({exc})") from None

    def grow(self, node: ast.AST) -> None:
        self.parts += sum(1 for _ in ast.walk(node))
        if self.parts > MAX_PARTS:
            raise FormulaError(
                self.path, f"with its named formulas written out, the formula is too large (over {MAX_PARTS} parts)"
            )


def _expand(node: ast.AST, uses: _Uses, bound: Mapping[str, ast.expr], stack: tuple[str, ...]) -> ast.AST:
    """``node`` with every use of a named formula replaced by its text (``bound``: the values of the args of the
    named formula being written out)."""
    if isinstance(node, ast.Name) and node.id in bound:
        value = copy.deepcopy(bound[node.id])
        uses.grow(value)
        return value
    if isinstance(node, ast.Name) and node.id in uses.bodies:
        args, _ = uses.bodies[node.id]
        if args:
            raise FormulaError(uses.path, f"'{node.id}' takes {len(args)} value(s): write {node.id}({', '.join(args)})")
        return _inline(node.id, {}, uses, stack)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in uses.bodies:
        name = node.func.id
        args, _ = uses.bodies[name]
        if node.keywords or len(node.args) != len(args):
            want = f"{name}({', '.join(args)})" if args else name
            raise FormulaError(uses.path, f"'{name}' takes {len(args)} value(s), got {len(node.args)}: write {want}")
        values = [_expand(a, uses, bound, stack) for a in node.args]
        return _inline(name, dict(zip(args, values, strict=True)), uses, stack)  # type: ignore[arg-type]
    for field, old in ast.iter_fields(node):
        if isinstance(old, list):
            setattr(node, field, [_expand(x, uses, bound, stack) if isinstance(x, ast.AST) else x for x in old])
        elif isinstance(old, ast.AST):
            setattr(node, field, _expand(old, uses, bound, stack))
    return node


def _inline(name: str, bound: Mapping[str, ast.expr], uses: _Uses, stack: tuple[str, ...]) -> ast.AST:
    if name in stack:
        circle = " → ".join((*stack[stack.index(name) :], name))
        raise FormulaError(uses.path, f"named formulas use each other in a circle ({circle})")
    body = copy.deepcopy(uses.bodies[name][1])
    uses.grow(body)
    return _expand(body, uses, bound, (*stack, name))


@functools.lru_cache(maxsize=4096)
def _compile(text: str, path: str, names: frozenset[str], defs: Defs) -> Formula:
    _refuse_text(text, path)
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as e:
        raise FormulaError(path, f"cannot read the formula: {e.msg}") from None
    except (ValueError, RecursionError, MemoryError) as e:
        raise FormulaError(path, f"cannot read the formula: {e}") from None
    uses = _Uses(defs, path)
    uses.grow(tree)
    expanded = _expand(tree, uses, {}, ())
    assert isinstance(expanded, ast.Expression)
    ast.fix_missing_locations(expanded)
    read = _vet(expanded, path, names)  # the language, the names and the depth, on the whole formula
    _fold_tables(expanded)
    return Formula(text, path, read, expanded.body)


def _fold_tables(tree: ast.AST) -> None:
    """A list of constants that is only picked from (``[3, 3, 4, 4, 5, 5, 6][round - 1]``, a year's table read
    off the round) built once, when compiled, not at every evaluation: the pick reads the same element."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.List)
            and all(isinstance(e, ast.Constant) for e in node.value.elts)
        ):
            node.value = ast.copy_location(
                ast.Constant(tuple(e.value for e in node.value.elts)),  # type: ignore[arg-type, attr-defined]
                node.value,
            )


def compile_named(text: str, *, path: str, names: Sequence[str] | frozenset[str], defs: Defs) -> Formula:
    """``text`` compiled with the named formulas ``defs`` written out where it uses them (without any: as
    ``formula_compile``). Cached like it: the same text, path, names and named formulas give the same Formula."""
    if not defs:
        return formula_compile(text, path=path, names=names)
    if not isinstance(text, str):
        raise FormulaError(path, "a formula is a text")
    return _compile(text, path, frozenset(names), defs)


def read_named(fail: Any, raw: Any, taken: Sequence[str], names: Sequence[str]) -> list[dict[str, Any]]:
    """The ``formulas`` block checked: at most ``MAX_NAMED`` entries ``{name, args, formula}``; a name of its own
    (not a function, nor a name the format or the definition gives: ``taken``); ``args`` at most ``MAX_ARGS``
    names; the text at most ``MAX_TEXT`` characters, reading ``names`` (and its args) and other named formulas,
    never itself (no circle). ``fail(path, message)`` collects the problems."""
    if not isinstance(raw, list) or len(raw) > MAX_NAMED:
        fail("formulas", f"must be a list of at most {MAX_NAMED} named formulas ({{name, args, formula}})")
        return []
    out: list[dict[str, Any]] = []
    where: list[str] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        path = f"formulas[{i}]"
        if not isinstance(item, Mapping):
            fail(path, "must be an object (name, args, formula)")
            continue
        for key in item:
            if key not in ("name", "args", "formula"):
                fail(f"{path}.{key}", "is not a known key (known: name, args, formula)")
        name = item.get("name")
        if not isinstance(name, str) or not NAME_RE.match(name):
            fail(f"{path}.name", "must be a name: a small letter, then letters, digits or _ (at most 32)")
            continue
        if name in FUNCTIONS or name in taken or name in ("true", "false"):
            fail(f"{path}.name", f'"{name}" is already a name formulas read: choose another')
            continue
        if name in seen:
            fail(f"{path}.name", f'"{name}" is already the name of another named formula')
            continue
        seen.add(name)
        args = item.get("args", [])
        if not isinstance(args, list) or len(args) > MAX_ARGS or not all(isinstance(a, str) for a in args):
            fail(f"{path}.args", f"must be a list of at most {MAX_ARGS} names")
            args = []
        for j, a in enumerate(args):
            if not NAME_RE.match(a) or a in args[:j]:
                fail(f"{path}.args[{j}]", "must be a name, once")
        text = item.get("formula")
        if isinstance(text, int) and not isinstance(text, bool):
            text = str(text)
        if not isinstance(text, str) or not text.strip():
            fail(f"{path}.formula", "must be a formula (text)")
            continue
        if len(text) > MAX_TEXT:
            fail(f"{path}.formula", f"the formula is {len(text)} characters long (at most {MAX_TEXT})")
            continue
        out.append({"name": name, "args": list(args), "formula": text.strip()})
        where.append(f"{path}.formula")
    defs = tuple((d["name"], tuple(d["args"]), d["formula"]) for d in out)
    for path, d in zip(where, out, strict=True):
        try:
            compile_named(d["formula"], path=path, names=[*names, *d["args"]], defs=defs)
        except FormulaError as exc:
            fail(exc.path, exc.message)
    return out
