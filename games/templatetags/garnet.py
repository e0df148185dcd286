"""Template filters of the match pages."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django import template
from django.template import defaultfilters
from django.utils import timezone, translation
from django.utils.safestring import mark_safe

from accounts.timefmt import time_left
from games.match import selectors
from games.registry import get_engine
from games.web import drawings, jinja

register = template.Library()


@register.simple_tag
def rules_body(rules: Any) -> str:
    """A game's rules text, drawn by Jinja2 once per text in this process (``games.web.drawings.rules_body``):
    every match page and rules page shows it in full, and it depends on the rules alone."""
    return drawings.rules_body(rules)


@register.filter(expects_localtime=True)
def when(value: Any, fmt: str) -> str:
    """Django's ``date`` filter for a time many pages show alike (a turn's deadline): the same text, formatted once
    per time, zone, format and language in this process (a format with the zone's name costs ~75 µs, and a close
    draws a page per seat)."""
    if not isinstance(value, datetime):
        return defaultfilters.date(value, fmt)
    return drawings.date_text(value, value.tzinfo, fmt, translation.get_language())


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
def move_summary(move: Any, labels: Mapping[str, str] | None = None, words: Mapping[str, str] | None = None) -> str:
    """A move in plain words: ``{"pairs": [["bob","cat"],["dan","eve"]], "double": False}`` →
    "pairs: bob & cat; dan & eve · double: no"; ``labels`` names keys the way the form did, ``words`` says
    values the way the form does (``MoveFormBase.move_words``)."""
    if not isinstance(move, dict):
        return _phrase(move)
    names, said = labels or {}, words or {}
    return " · ".join(
        f"{names.get(key) or key.replace('_', ' ')}: {said.get(key) or _phrase(value)}" for key, value in move.items()
    )


@register.filter
def watching(match: Any) -> int:
    """How many spectators have a live match's page open now (its watchers' sockets); 0 once it is over."""
    from games.match.broadcast import group_watch
    from games.match.presence import listeners_in

    if match is None or match.is_over:
        return 0
    return listeners_in(match_id=match.pk, group=group_watch(match.pk))


@register.filter
def left(delta: Any) -> str:
    """A paused turn's time left in words, to the second under ten minutes ("1 min 30 s", "45 s", "3 h 12 min")."""
    if delta is None:
        return ""
    seconds = max(0, int(delta.total_seconds()))
    if 60 <= seconds < 600 and seconds % 60:
        return f"{seconds // 60} min {seconds % 60} s"
    return time_left(delta)


@register.filter
def pause_reason(turn: Any) -> str:
    """Why the host paused ``turn`` (its latest pause's reason; "" when none was given)."""
    return selectors.pause_reason(turn) if turn is not None and turn.is_paused else ""


@register.filter
def may_spend(game: str) -> bool:
    """Whether a move of ``game`` can spend garnets at all (its engine declares a ``garnet_cost``): only then
    does the page ask the rules' check before a lock-in, to confirm a spending one (issue 26)."""
    from games.engine import BaseEngine

    engine = get_engine(game)
    return getattr(type(engine), "garnet_cost", None) is not BaseEngine.garnet_cost


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
    """The name of the game ``match`` plays ("The ABC Game"; a variant by its own name), never its slug."""
    try:
        return get_engine(match.game).title_for(match.options or {})
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

    Built in Python rather than a template loop, each line once per process: every live fragment draws the whole
    log, a close draws one per seat, and the lines of a match never change.
    """
    if not log:
        return mark_safe('<li class="muted">Nothing announced yet.</li>')
    parts = [drawings.log_item(m.seq, bool(m.to), m.text) for m in log]
    return mark_safe("".join(parts))  # noqa: S308 - every line's text is escaped above


@register.simple_tag(takes_context=True)
def slot(context: template.Context, name: str, default: str = "") -> str:
    """What the apps above put in this page's slot ``name``, drawn with the page's names by the one drawing of a
    slot (``games.web.jinja.slot_drawn``; Jinja2 templates call ``slot()``)."""
    return jinja.slot_drawn(name, context.flatten(), default, using="django")


# The simple tags a Jinja2 template calls as functions of the same names (games.web.jinja).
def last_round(log: Any, turn_number: int | None) -> list[Any]:
    """The lines of the last closed turn this viewer may read (the log is theirs: public lines and their own
    private ones), for the "what just happened" block above the next form (issue 38); [] before any turn closed.

    ``turn_number`` is the open turn's (None once the match is over: then the last turn's lines). Read from the
    end of the log, so a long match costs only the last turn's lines.
    """
    found: list[Any] = []
    last: int | None = None
    for line in reversed(log or ()):
        number = int(line.turn_number)
        if number < 1 or (turn_number is not None and number >= turn_number):
            if found:
                break
            continue
        if last is None:
            last = number
        elif number != last:
            break
        found.append(line)
    found.reverse()
    return found


def last_round_items(lines: Any) -> str:
    """The ``<li>`` lines of :func:`last_round` (private ones tagged), escaped."""
    parts = [drawings.log_item(m.seq, bool(m.to), m.text).replace(f' data-seq="{m.seq}"', "", 1) for m in lines]
    return mark_safe("".join(parts))  # noqa: S308 - every line's text is escaped by drawings.log_item


JINJA_GLOBALS = {
    "log_items": log_items,
    "rules_body": drawings.rules_body,
    "last_round": last_round,
    "last_round_items": last_round_items,
}
