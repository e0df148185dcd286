"""Host lines in a match's log and mid-match option changes (amendments), each a logged host step."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.engine import OptionSpec, RuleError
from games.match import broadcast
from games.match.services.host import host_action_log
from games.models import Match, Message, Turn
from games.registry import get_engine


def match_line_post(*, match_id: int, text: str) -> Message:
    """Append a public line to a match's log (a host's clarification) and push it after commit."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        turn = Turn.objects.filter(match=match).order_by("-number").values_list("number", flat=True).first() or 0
        match.last_seq += 1
        match.save(update_fields=["last_seq"])
        line = Message.objects.create(match=match, seq=match.last_seq, turn_number=turn, to=None, text=text)
        events = broadcast.turn_events(match=match, closed=None, messages=[line], opened=None)
        transaction.on_commit(lambda: broadcast.send(events))
    return line


def option_value_clean(spec: OptionSpec, raw: Any) -> Any:
    """``raw`` (form text or JSON) as the option's type, or ``RuleError`` naming what is wrong."""
    label = spec.title
    if spec.kind == "int":
        try:
            value = int(str(raw).strip())
        except ValueError as exc:
            raise RuleError(f"{label} must be a whole number") from exc
        if spec.low is not None and value < spec.low:
            raise RuleError(f"{label} must be at least {spec.low}")
        if spec.high is not None and value > spec.high:
            raise RuleError(f"{label} must be at most {spec.high}")
        return value
    if spec.kind == "bool":
        if isinstance(raw, bool):
            return raw
        word = str(raw).strip().lower()
        if word not in {"true", "false", "on", "off", "yes", "no", "1", "0"}:
            raise RuleError(f"{label} must be yes or no")
        return word in {"true", "on", "yes", "1"}
    if spec.kind == "choice":
        if str(raw) not in spec.choices:
            raise RuleError(f"{label} must be one of: {', '.join(spec.choices)}")
        return str(raw)
    if spec.kind in {"players", "order", "names"} and isinstance(raw, str):
        return [w for w in raw.replace(",", " ").split() if w]
    return raw


def match_option_change(*, match_id: int, name: str, value: Any, user: Any, reason: str = "") -> Any:
    """Change a changeable game option for the rest of a running match; return the value set.

    The open turn keeps the state it opened on with the new option, so it resolves under it.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status not in {Match.Status.RUNNING, Match.Status.PAUSED}:
            raise RuleError("the match is over; its options can no longer change")
        engine = get_engine(match.game)
        spec = engine.option_spec(name)
        if spec is None or not spec.changeable:
            raise RuleError(f'"{name}" is not an option a host may change mid-match')
        clean = option_value_clean(spec, value)
        before = (match.options or {}).get(name, spec.default)
        match.state = engine.dump(engine.option_change(engine.load(match.state), name, clean))
        match.options = {**(match.options or {}), name: clean}
        match.save(update_fields=["state", "options"])
        turn = Turn.objects.select_for_update().filter(match=match, status=Turn.Status.OPEN).first()
        if turn is not None:
            turn.state_before = engine.dump(engine.option_change(engine.load(turn.state_before), name, clean))
            turn.save(update_fields=["state_before"])
        host_action_log(
            match=match, user=user, action="option_change", reason=reason, option=name, before=before, after=clean
        )
    return clean
