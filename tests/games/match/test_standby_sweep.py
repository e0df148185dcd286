"""Web processes stand by for the workers' deadline sweep: when its heartbeat is stale they close due turns."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.match import sweeper
from games.models import SweepBeat, Turn
from games.tasks import turns_close_due_task
from tests.factories import abc_match

pytestmark = pytest.mark.django_db


def _due_turn() -> Turn:
    turn = Turn.objects.get(match=abc_match(), status=Turn.Status.OPEN)
    Turn.objects.filter(pk=turn.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    return turn


def test_a_web_process_closes_due_turns_when_no_worker_has_swept_lately(settings: Any) -> None:
    """No worker swept within GARNET_SWEEP_STALE_SECONDS (Redis down, workers gone or deaf): the web sweeps."""
    settings.GARNET_SWEEP_STALE_SECONDS = 15
    turn = _due_turn()
    SweepBeat.objects.create(name="worker", at=timezone.now() - timedelta(seconds=16))
    assert sweeper.standby_sweep() is True
    assert Turn.objects.get(pk=turn.pk).status == Turn.Status.CLOSED


def test_a_web_process_leaves_the_sweep_to_the_workers_while_their_heartbeat_is_fresh(settings: Any) -> None:
    settings.GARNET_SWEEP_STALE_SECONDS = 15
    turn = _due_turn()
    turns_close_due_task.run()  # a worker's sweep: closes the turn and writes the heartbeat
    assert Turn.objects.get(pk=turn.pk).status == Turn.Status.CLOSED
    assert not sweeper.sweep_stale()
    other = _due_turn()
    assert sweeper.standby_sweep() is False
    assert Turn.objects.get(pk=other.pk).status == Turn.Status.OPEN


def test_with_celery_each_web_process_starts_the_standby_sweep(settings: Any) -> None:
    settings.GARNET_INPROCESS_SWEEPER, settings.GARNET_CELERY_ENABLED, settings.GARNET_SWEEP_STANDBY = False, True, True

    async def started() -> str:
        sweeper._task = None
        sweeper.ensure_started()
        task = sweeper._task
        assert task is not None
        name = task.get_coro().__qualname__  # type: ignore[union-attr]
        task.cancel()
        sweeper._task = None
        return name

    assert asyncio.run(started()) == "stand_by_forever"
