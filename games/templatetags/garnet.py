"""Template filters of the match pages."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.text import normalize_newlines

from accounts.timefmt import time_left
from games import selectors
from games.registry import get_engine

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


@register.filter
def until(moment: datetime | None) -> str:
    """How long until ``moment``, in words: "in 3 h 12 min" (empty for no moment, "now" once past)."""
    if moment is None:
        return ""
    left = moment - timezone.now()
    return "now" if left.total_seconds() <= 0 else f"in {time_left(left)}"


@register.filter
def match_name(match: Any) -> str:
    """The match named by its game and title, never by its slug."""
    return selectors.match_name(match)


@register.filter
def card_help(card: str, rules: Any) -> str:
    """What ``card`` does, from the game's rules text (``rules`` is a RulesText; "" when silent)."""
    return rules.help_for(str(card)) if rules is not None else ""


@register.filter
def num(value: Any) -> str:
    """A number as a person writes it: 22.0 → "22", 2.5 → "2.5"."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


@register.filter
def game_title(match: Any) -> str:
    """The name of the game ``match`` plays ("The ABC Game"), never its slug."""
    try:
        return get_engine(match.game).title
    except KeyError:
        return str(match.game)


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``mapping[key]``, or "" when it has no such key: one look-up where a template would loop over every item."""
    if isinstance(mapping, dict):
        return mapping.get(key, "")
    return ""


@register.simple_tag
def log_items(log: Any) -> str:
    """The match log's ``<li>`` lines (private ones tagged), or the "nothing yet" line.

    Built in Python rather than a template loop: every live fragment draws the whole log,
    and a loop of template nodes per line was a large share of that fragment's cost.
    """
    if not log:
        return mark_safe('<li class="muted">Nothing announced yet.</li>')
    parts = []
    for m in log:
        text = "<br>".join(escape(line) for line in normalize_newlines(m.text).split("\n"))
        if m.to:
            parts.append(f'<li class="private" data-seq="{m.seq}"><span class="tag">private</span> {text}</li>')
        else:
            parts.append(f'<li class="" data-seq="{m.seq}">{text}</li>')
    return mark_safe("".join(parts))  # noqa: S308 - every line's text is escaped above
