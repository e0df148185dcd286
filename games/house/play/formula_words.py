"""A dealer's formula said in words to players (issue 44): "Gems start at the number of Gem cards in your hand"
instead of "count(hand, 'Gem')".

Covers the common shapes (numbers, names, arithmetic, comparisons, and/or/not, "A if C else B", ``count``,
``len``, ``sum``, ``min``, ``max``, ``abs``, a table's entry); anything else falls back to the formula as the
dealer wrote it, so a sentence is never wrong, only sometimes technical. Pure: reads only the text and the
labels it is given.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

_OPS = {ast.Add: "plus", ast.Sub: "minus", ast.Mult: "times", ast.Div: "divided by", ast.FloorDiv: "divided by"}
_COMPARE = {
    ast.Eq: "is",
    ast.NotEq: "is not",
    ast.Lt: "is less than",
    ast.LtE: "is at most",
    ast.Gt: "is more than",
    ast.GtE: "is at least",
    ast.In: "is one of",
    ast.NotIn: "is not one of",
}
# The names every formula may read (FORMAT.md "Effects and the names formulas read"), as a player reads them.
_NAMES = {
    "players": "the number of players still in",
    "round": "the round's number",
    "me": "you",
    "seat": "your seat (from 0)",
    "score": "your points",
    "garnets": "your garnets",
    "leaders": "the players with the most points",
    "lowest": "the players with the fewest points",
    "alive": "the players still in",
    "out": "the players out",
    "winners": "the round's winners",
    "is_out": "you are out",
    "winner": "you won the round",
    "partners": "the players you traded with",
}


class _Unsaid(Exception):
    """A shape the renderer does not say in words: the caller shows the formula itself."""


@dataclass(frozen=True)
class Labels:
    """What a definition calls its names: holdings, counters, piles (``"Your hand"``), fields and the score."""

    names: Mapping[str, str] = field(default_factory=dict)
    piles: Mapping[str, str] = field(default_factory=dict)
    counters: Mapping[str, str] = field(default_factory=dict)
    roles: Mapping[str, str] = field(default_factory=dict)
    score: str = "Points"

    @classmethod
    def of(cls, definition: Mapping[str, Any]) -> Labels:
        """The labels a definition declares (each row's ``label``, falling back to its name)."""
        names = {str(h.get("name")): str(h.get("label") or h.get("name")) for h in definition.get("holdings") or []}
        counters = {str(c.get("name")): str(c.get("label") or c.get("name")) for c in definition.get("counters") or []}
        for plan in definition.get("round_plan") or []:
            for f in plan.get("fields") or []:
                names.setdefault(str(f.get("name")), str(f.get("label") or f.get("name")))
        score = str((definition.get("scores") or {}).get("label") or "Points")
        names["score"] = f"your {score.lower()}"
        piles = {str(p.get("name")): str(p.get("label") or p.get("name")) for p in definition.get("piles") or []}
        roles = {str(r.get("name")): str(r.get("label") or r.get("name")) for r in definition.get("roles") or []}
        return cls(names, piles, counters, roles, score)


def formula_words(text: object, labels: Labels | None = None) -> str:
    """``text`` (a formula, or a plain number) in words; the formula as written where a shape has no words."""
    if not isinstance(text, str):
        return str(text)
    try:
        tree = ast.parse(text.strip(), mode="eval")
        return _say(tree.body, labels or Labels())
    except (SyntaxError, ValueError, _Unsaid):
        return text


def _lower(label: str) -> str:
    return label[:1].lower() + label[1:] if label[1:2].islower() or len(label) == 1 else label


def _your(label: str) -> str:
    """A player's own thing: "Your bid" and "Bid" both read "your bid"."""
    bare = label[5:] if label.lower().startswith("your ") else label
    if " you " in f" {bare.lower()} ":  # "Garnets you put in" reads "the garnets you put in"
        return f"the {_lower(bare)}"
    return f"your {_lower(bare)}"


def _pile(name: str, labels: Labels) -> str:
    """A pile as "your hand" (its label without a leading "Your")."""
    return _your(labels.piles[name])


def _name(node: ast.Name, labels: Labels) -> str:
    if node.id in labels.piles:
        return _pile(node.id, labels)
    if node.id in labels.counters:
        return f"the {_lower(labels.counters[node.id])}"  # match-wide: the pot is everyone's
    if node.id in labels.names:
        return _lower(labels.names[node.id]) if node.id == "score" else _your(labels.names[node.id])
    if node.id in _NAMES:
        return _NAMES[node.id]
    raise _Unsaid(node.id)


def _value(node: ast.expr) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    raise _Unsaid("not a text")


def _call(node: ast.Call, labels: Labels) -> str:
    if not isinstance(node.func, ast.Name) or node.keywords:
        raise _Unsaid("call")
    fn, args = node.func.id, node.args
    if fn == "count" and len(args) == 2:
        if isinstance(args[0], ast.Name) and args[0].id in labels.piles:
            return f"the number of {_value(args[1])} cards in {_pile(args[0].id, labels)}"
        if isinstance(args[0], ast.Name) and args[0].id.endswith("_out") and args[0].id[:-4] in labels.piles:
            return f"the number of {_value(args[1])} cards of the players out"
        if isinstance(args[0], ast.Subscript) and _is_sent(args[0]):
            return f"the number of players who sent {_say(args[1], labels)} as {_subscript(args[0], labels)[11:]}"
        return f"how many times {_say(args[0], labels)} holds {_say(args[1], labels)}"
    if fn == "len" and len(args) == 1:
        if isinstance(args[0], ast.Name) and args[0].id in labels.piles:
            return f"the number of cards in {_pile(args[0].id, labels)}"
        return f"the number of {_say(args[0], labels)}"
    if fn == "sum" and len(args) == 1:
        return f"the total of {_say(args[0], labels)}"
    if fn in ("min", "max") and args:
        word = "smaller" if fn == "min" else "larger"
        if len(args) == 1:
            return f"the {'lowest' if fn == 'min' else 'highest'} of {_say(args[0], labels)}"
        if len(args) == 2:
            return f"the {word} of {_say(args[0], labels)} and {_say(args[1], labels)}"
    if fn == "abs" and len(args) == 1:
        return f"the size of {_say(args[0], labels)}"
    raise _Unsaid(fn)


def _is_sent(node: ast.expr) -> bool:
    """Whether ``node`` is ``sent['<field>']`` (everyone's values of a field, in seat order)."""
    return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "sent"


def _subscript(node: ast.Subscript, labels: Labels) -> str:
    key = node.slice
    if isinstance(node.value, ast.Name) and isinstance(key, ast.Constant) and isinstance(key.value, str):
        what = _your(labels.names.get(key.value, key.value))[5:]
        table = node.value.id
        if table == "sent":  # a field's label in quotes: "everyone's “Garnets you put in”" stays readable
            return f"everyone's “{labels.names.get(key.value, key.value)}”"
        if table in ("gave", "got"):
            return f"the {what} you {table}"
    if isinstance(node.value, ast.Name) and isinstance(key, ast.Name) and key.id == "me" and node.value.id == "scores":
        return "your points"
    raise _Unsaid("subscript")


def _operand(node: ast.expr, op: ast.operator, labels: Labels, right: bool) -> str:
    """One side of an arithmetic operation, in brackets where words alone would change its grouping:
    "minus 1 minus (2 if …, otherwise 0)", "2 times (your red cubes plus 1)"."""
    said = _say(node, labels)
    inner = node.op if isinstance(node, ast.BinOp) else None
    low = isinstance(inner, ast.Add | ast.Sub)
    if isinstance(node, ast.IfExp | ast.BoolOp | ast.Compare):
        return f"({said})"
    if low and (isinstance(op, ast.Mult | ast.Div | ast.FloorDiv | ast.Mod) or (right and isinstance(op, ast.Sub))):
        return f"({said})"
    if inner is not None and right and isinstance(op, ast.Div | ast.FloorDiv | ast.Mod):
        return f"({said})"
    return said


def _say(node: ast.expr, labels: Labels) -> str:  # noqa: PLR0911 - one branch a shape
    if isinstance(node, ast.Constant) and not isinstance(node.value, bool) and isinstance(node.value, int | str):
        return str(node.value)
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return "yes" if node.value else "no"
    if isinstance(node, ast.Name):
        return _name(node, labels)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return f"minus {_say(node.operand, labels)}"
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return f"not ({_say(node.operand, labels)})"
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        left, right = _operand(node.left, node.op, labels, False), _operand(node.right, node.op, labels, True)
        return f"{left} {_OPS[type(node.op)]} {right}"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return f"the remainder of {_say(node.left, labels)} divided by {_say(node.right, labels)}"
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _COMPARE:
        left, verb = _say(node.left, labels), _COMPARE[type(node.ops[0])]
        verb = verb.replace("is", "are", 1) if left == "you" or left.startswith("your points") else verb
        return f"{left} {verb} {_say(node.comparators[0], labels)}"
    if isinstance(node, ast.BoolOp):
        word = " and " if isinstance(node.op, ast.And) else " or "
        return word.join(_say(v, labels) for v in node.values)
    if isinstance(node, ast.IfExp):
        return f"{_say(node.body, labels)} if {_say(node.test, labels)}, otherwise {_say(node.orelse, labels)}"
    if isinstance(node, ast.Call):
        return _call(node, labels)
    if isinstance(node, ast.Subscript):
        return _subscript(node, labels)
    if isinstance(node, ast.List) and all(isinstance(e, ast.Constant) for e in node.elts):
        return ", ".join(_say(e, labels) for e in node.elts)
    raise _Unsaid(type(node).__name__)


_WHO = {
    "each": "each player still in gets",
    "awaited": "each player who moved gets",
    "winners": "the round's winners get",
}


def effect_words(effect: Mapping[str, Any], labels: Labels) -> str:
    """One effect of a round (``{to, who, amount, when}``) as a clause: "the round's winners get garnets: the total
    of everyone's bid", "the pot changes by: minus the pot, when …"."""
    to, who = str(effect.get("to") or "score"), str(effect.get("who") or "each")
    amount = formula_words(effect.get("amount", 0), labels)
    if to in labels.counters:
        clause = f"the {_lower(labels.counters[to])} changes by {amount}"
    else:
        what = {"score": labels.score.lower(), "garnets": "garnets"}.get(to) or _lower(labels.names.get(to, to))
        if who.startswith("role:"):
            getter = f"the holder of {labels.roles.get(who[5:], who[5:])} gets"
        else:
            getter = _WHO.get(who, f"{who} get")
        clause = f"{getter} {what}: {amount}"
    when = effect.get("when")
    return clause + (f", when {formula_words(when, labels)}" if when else "")
