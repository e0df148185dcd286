"""Template filters of the match pages."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


def _phrase(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_phrase(v)}" for k, v in value.items())
    if isinstance(value, list):
        if not value:
            return "none"
        if value and all(isinstance(v, list) for v in value):
            return "; ".join(" & ".join(_phrase(x) for x in v) for v in value)
        return ", ".join(_phrase(v) for v in value)
    return str(value)


@register.filter
def move_summary(move: Any) -> str:
    """A move in plain words: ``{"pairs": [["bob","cat"],["dan","eve"]], "double": False}`` →
    "pairs: bob & cat; dan & eve · double: no"."""
    if not isinstance(move, dict):
        return _phrase(move)
    return " · ".join(f"{key.replace('_', ' ')}: {_phrase(value)}" for key, value in move.items())
