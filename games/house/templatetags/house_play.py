"""Filters the pages of a dealer's game draw values with: a field's value and a whole move, in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def house_value(value: Any) -> str:
    """A submitted value as a person reads it: a list joined with commas, nothing as "—"."""
    if value is None or value == "" or value == []:
        return "—"
    if value is True or value is False:
        return "yes" if value else "no"  # a /2 flag
    if isinstance(value, list | tuple) and any(isinstance(v, list | tuple) for v in value):
        return "; ".join(" & ".join(map(str, v)) if isinstance(v, list | tuple) else str(v) for v in value)  # pairs
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, Mapping):  # a /2 gift or trade: "to bob amount 2", "with bob give red 2 get blue 1"
        # A fixed reading order, not the stored one: PostgreSQL's jsonb orders an object's keys by length.
        keys = sorted(value, key=lambda k: (_TERMS.index(k) if k in _TERMS else len(_TERMS), str(k)))
        return " ".join(f"{k} {house_value(value[k])}" for k in keys if value[k] not in ({}, None))
    return str(value)


_TERMS = ("with", "to", "give", "get", "amount", "card")
"""The words of a gift or trade in the order a person reads them; a holding's name (``give: {red: 2}``) after."""


@register.filter
def house_move(move: Any) -> str:
    """A whole move in words: "guess 50 · target bob" (each field by its name)."""
    if not isinstance(move, Mapping) or not move:
        return "nothing"
    return " · ".join(f"{name.replace('_', ' ')} {house_value(value)}" for name, value in move.items())


@register.filter
def signed(value: Any) -> str:
    """A change of score with its sign: +2, −1, 0."""
    try:
        n = int(value)
    except (TypeError, ValueError):
        return str(value)
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


@register.filter
def about_them(label: Any) -> str:
    """A secret's label as the dealer's table heads it: "Your role" → "Role" (the dealer reads everyone's)."""
    text = str(label)
    if text.lower().startswith("your "):
        text = text[5:]
    return text[:1].upper() + text[1:]


@register.filter
def all_same(scores: Any) -> bool:
    """True when every score of ``{player: score}`` is the same (nothing to read yet: the table folds)."""
    if not isinstance(scores, Mapping):
        return True
    return len(set(scores.values())) <= 1
