"""Celery tasks: thin wrappers that take ids and call one service."""

from __future__ import annotations

import logging
from datetime import datetime

from celery import shared_task

from core.publish import publish_later
from games.match.services.recovery import turns_close_complete
from games.match.services.turns import turn_close, turns_close_due
from games.web.live import ClosePages

log = logging.getLogger(__name__)


@shared_task(name="games.tasks.turns_close_due", ignore_result=True)
def turns_close_due_task() -> int:
    """Sweep: close every overdue turn, then write the workers' heartbeat (web processes watch it)."""
    from games.match.sweeper import sweep_beat

    closed = turns_close_due()
    sweep_beat()
    return closed


@shared_task(name="games.tasks.turns_close_complete", ignore_result=True)
def turns_close_complete_task() -> int:
    """Sweep: close every turn all its players locked in whose close died with its web process."""
    return turns_close_complete()


@shared_task(name="games.tasks.turn_close", ignore_result=True)
def turn_close_task(turn_id: int) -> bool:
    """Close one turn if it is due (scheduled for its deadline, or after everyone locked in); its pages are
    pushed (drawn from the close's value after its commit) to every seat and spectator listening."""
    return turn_close(turn_id=turn_id, draw=ClosePages()) is not None


@shared_task(name="games.tasks.playtest_chunk", ignore_result=False)
def playtest_chunk_task(plan: dict, start: int, stop: int) -> list[dict]:
    """Play matches ``start`` … ``stop - 1`` of a playtest plan; their results (needs a result backend)."""
    from games.match.playtest.runner import play_chunk

    return play_chunk(plan, start, stop)


@shared_task(name="games.tasks.playtest_run", ignore_result=True)
def playtest_run_task(run_id: int) -> bool:
    """Play a host's queued playtest run and store its report."""
    from games.match.services.playtest import playtest_run_execute

    return playtest_run_execute(run_id=run_id)


def turn_close_schedule(turn_id: int, deadline: datetime) -> None:
    """Publish a turn's deadline task from this process's background thread, never the caller's.

    The caller may be a player's lock-in that opened the next turn: with Redis hung (connection open, no
    answer) a publish waits for its socket timeout, and the player must not. A publish that fails is logged;
    the deadline sweep closes the turn anyway.
    """
    publish_later(turn_close_task, turn_id, eta=deadline, retry=False)
