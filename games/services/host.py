"""A host's manual steps on a match; each one is logged with its reason."""

from __future__ import annotations

from datetime import datetime, timedelta
from datetime import timezone as dt_timezone
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import broadcast
from games.models import HostAction, Match, Turn
from games.services.turns import turn_close


def host_action_log(*, match: Match | None, user: Any, action: str, reason: str = "", **details: Any) -> HostAction:
    """Record a host's step in the audit log."""
    return HostAction.objects.create(match=match, user=user, action=action, reason=reason, details=details)


def _open_turn(match_id: int) -> Turn:
    turn = Turn.objects.select_for_update().filter(match_id=match_id, status=Turn.Status.OPEN).first()
    if turn is None:
        raise ValueError("this match has no open turn")
    return turn


def _announce(turn: Turn) -> None:
    events = broadcast.turn_events(match=turn.match, closed=None, messages=[], opened=turn)
    transaction.on_commit(lambda: broadcast.send(events))


def turn_extend(*, match_id: int, seconds: int, user: Any, reason: str = "") -> Turn:
    """Move the open turn's deadline by ``seconds`` (negative shortens it)."""
    with transaction.atomic():
        turn = _open_turn(match_id)
        if turn.is_paused:
            turn.paused_remaining = max(timedelta(0), turn.paused_remaining + timedelta(seconds=seconds))
        turn.deadline = turn.deadline + timedelta(seconds=seconds)
        turn.save(update_fields=["deadline", "paused_remaining"])
        host_action_log(match=turn.match, user=user, action="turn_extend", reason=reason,
                        turn=turn.number, seconds=seconds, deadline=turn.deadline.isoformat())
        _announce(turn)
    return turn


def turn_pause(*, match_id: int, user: Any, reason: str = "", now: datetime | None = None) -> Turn:
    """Stop the open turn's clock; it keeps the time it had left."""
    moment = (now or timezone.now()).astimezone(dt_timezone.utc)  # UTC: + timedelta must not follow DST
    with transaction.atomic():
        turn = _open_turn(match_id)
        if not turn.is_paused:
            turn.paused_remaining = max(timedelta(0), turn.deadline - moment)
            turn.save(update_fields=["paused_remaining"])
            host_action_log(match=turn.match, user=user, action="turn_pause", reason=reason, turn=turn.number)
            _announce(turn)
    return turn


def turn_resume(*, match_id: int, user: Any, reason: str = "", now: datetime | None = None) -> Turn:
    """Restart a paused turn's clock with the time it had left."""
    moment = (now or timezone.now()).astimezone(dt_timezone.utc)  # UTC: + timedelta must not follow DST
    with transaction.atomic():
        turn = _open_turn(match_id)
        if turn.is_paused:
            turn.deadline = moment + turn.paused_remaining
            turn.paused_remaining = None
            turn.save(update_fields=["deadline", "paused_remaining"])
            host_action_log(match=turn.match, user=user, action="turn_resume", reason=reason, turn=turn.number)
            _announce(turn)
    return turn


def turn_close_now(*, match_id: int, user: Any, reason: str = "") -> bool:
    """Close the open turn at once, missing submissions becoming default moves."""
    turn = Turn.objects.filter(match_id=match_id, status=Turn.Status.OPEN).first()
    if turn is None:
        return False
    closed = turn_close(turn_id=turn.pk, force=True)
    if closed:
        host_action_log(match=turn.match, user=user, action="turn_close_now", reason=reason, turn=turn.number)
    return closed


def match_pause(*, match_id: int, user: Any, reason: str = "") -> Match:
    """Pause a running match: no turn closes and no submission is taken until it resumes."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status == Match.Status.RUNNING:
            match.status = Match.Status.PAUSED
            match.save(update_fields=["status"])
            host_action_log(match=match, user=user, action="match_pause", reason=reason)
    turn = Turn.objects.filter(match_id=match_id, status=Turn.Status.OPEN).first()
    if turn is not None:
        turn_pause(match_id=match_id, user=user, reason=reason)
    return match


def match_resume(*, match_id: int, user: Any, reason: str = "") -> Match:
    """Resume a paused match and its turn's clock."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status == Match.Status.PAUSED:
            match.status = Match.Status.RUNNING
            match.save(update_fields=["status"])
            host_action_log(match=match, user=user, action="match_resume", reason=reason)
    if Turn.objects.filter(match_id=match_id, status=Turn.Status.OPEN).exists():
        turn_resume(match_id=match_id, user=user, reason=reason)
    return match
