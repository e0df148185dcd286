"""A host's manual steps on a match; each one is logged with its reason."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.errors import NoOpenTurn
from games.match import broadcast, hooks
from games.match.services.results import ClosedTurn, PageDrawer
from games.match.services.turns import turn_close
from games.models import HostAction, Match, Turn


def host_action_log(*, match: Match | None, user: Any, action: str, reason: str = "", **details: Any) -> HostAction:
    """Record a host's step in the audit log."""
    return HostAction.objects.create(match=match, user=user, action=action, reason=reason, details=details)


def _open_turn(match_id: int) -> Turn:
    turn = Turn.objects.select_for_update().filter(match_id=match_id, status=Turn.Status.OPEN).first()
    if turn is None:
        raise NoOpenTurn("This match has no open turn.")
    return turn


def _announce(turn: Turn) -> None:
    events = broadcast.turn_events(match=turn.match, closed=None, messages=[], opened=turn)
    transaction.on_commit(lambda: broadcast.send(events))


def turn_extend(*, match_id: int, seconds: int, user: Any, reason: str = "") -> Turn:
    """Move the open turn's deadline by ``seconds`` (negative shortens it)."""
    with transaction.atomic():
        turn = _open_turn(match_id)
        if turn.paused_remaining is not None:
            turn.paused_remaining = max(timedelta(0), turn.paused_remaining + timedelta(seconds=seconds))
        turn.deadline = turn.deadline + timedelta(seconds=seconds)
        turn.save(update_fields=["deadline", "paused_remaining"])
        host_action_log(
            match=turn.match,
            user=user,
            action="turn_extend",
            reason=reason,
            turn=turn.number,
            seconds=seconds,
            deadline=turn.deadline.isoformat(),
        )
        _announce(turn)
    return turn


def turn_pause(*, match_id: int, user: Any, reason: str = "", now: datetime | None = None) -> Turn:
    """Stop the open turn's clock; it keeps the time it had left."""
    moment = (now or timezone.now()).astimezone(UTC)  # UTC: + timedelta must not follow DST
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
    moment = (now or timezone.now()).astimezone(UTC)  # UTC: + timedelta must not follow DST
    with transaction.atomic():
        turn = _open_turn(match_id)
        if turn.paused_remaining is not None:
            turn.deadline = moment + turn.paused_remaining
            turn.paused_remaining = None
            turn.save(update_fields=["deadline", "paused_remaining"])
            host_action_log(match=turn.match, user=user, action="turn_resume", reason=reason, turn=turn.number)
            _announce(turn)
    return turn


def turn_close_now(*, match_id: int, user: Any, reason: str = "", draw: PageDrawer | None = None) -> ClosedTurn | None:
    """Close the open turn at once, missing submissions becoming default moves; what it closed (None: nothing).

    ``draw``: the caller's pages for the close (see ``turn_close``).
    """
    turn = Turn.objects.filter(match_id=match_id, status=Turn.Status.OPEN).first()
    if turn is None:
        return None
    closed = turn_close(turn_id=turn.pk, force=True, draw=draw)
    if closed is not None:
        host_action_log(match=turn.match, user=user, action="turn_close_now", reason=reason, turn=turn.number)
    return closed


def _match_switch(
    *, match_id: int, user: Any, reason: str, before: str, after: str, action: str, turn_step: Callable[..., Turn]
) -> Match:
    """Move a match from ``before`` to ``after`` and its open turn's clock with it, in one transaction."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status == before:
            match.status = after
            match.save(update_fields=["status"])
            host_action_log(match=match, user=user, action=action, reason=reason)
            if Turn.objects.filter(match_id=match_id, status=Turn.Status.OPEN).exists():
                turn = turn_step(match_id=match_id, user=user, reason=reason)
                # The turn leaves (or comes back to) its players' "awaits you" signal (alerts, issue 46).
                hooks.turn_held.send(sender=Match, match=match, turn=turn, held=after != Match.Status.RUNNING)
    return match


def match_pause(*, match_id: int, user: Any, reason: str = "") -> Match:
    """Pause a running match: no turn closes and no submission is taken until it resumes."""
    return _match_switch(
        match_id=match_id,
        user=user,
        reason=reason,
        before=Match.Status.RUNNING,
        after=Match.Status.PAUSED,
        action="match_pause",
        turn_step=turn_pause,
    )


def match_resume(*, match_id: int, user: Any, reason: str = "") -> Match:
    """Resume a paused match and its turn's clock."""
    return _match_switch(
        match_id=match_id,
        user=user,
        reason=reason,
        before=Match.Status.PAUSED,
        after=Match.Status.RUNNING,
        action="match_resume",
        turn_step=turn_resume,
    )


def match_abort(*, match_id: int, user: Any, reason: str = "", now: datetime | None = None) -> Match:
    """End a running or paused match without a result: no turn closes and no outcome is fed anywhere.

    Its seed is revealed from then on (an aborted match is over), so anyone can check the
    deal so far. The open turn stays as it was, unresolved, for the record.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status in (Match.Status.RUNNING, Match.Status.PAUSED):
            match.status = Match.Status.ABORTED
            match.finished_at = now or timezone.now()
            match.save(update_fields=["status", "finished_at"])
            host_action_log(match=match, user=user, action="match_abort", reason=reason)
            turn = match_open_turn_or_none(match_id)
            events = broadcast.turn_events(match=match, closed=turn, messages=[], opened=None)
            transaction.on_commit(lambda: broadcast.send(events))
            if turn is not None:  # the unresolved turn awaits nobody any more
                hooks.turn_held.send(sender=Match, match=match, turn=turn, held=True)
    return match


def match_open_turn_or_none(match_id: int) -> Turn | None:
    """The match's open turn, if it has one."""
    return Turn.objects.filter(match_id=match_id, status=Turn.Status.OPEN).first()
