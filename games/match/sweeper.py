"""The in-process sweeper of the embedded default, and the web processes' standby sweep of production.

The sweeper closes due turns inside the web server's loop. It runs as an asyncio task in the ASGI
server's own event loop, so pushes from the in-memory channel layer reach that process's websockets;
the database work runs in a worker thread and holds a write transaction only per turn (see turn_close).

With Celery (production), beat sends the sweep to the workers, and each sweep a worker runs writes its
heartbeat to the database (``SweepBeat``, :func:`sweep_beat`). Each web process watches it: when no worker
has swept for ``GARNET_SWEEP_STALE_SECONDS`` (Redis is down, the workers are gone or deaf, beat is down),
the web process sweeps itself, every ``GARNET_SWEEP_SECONDS``, until a worker's heartbeat is fresh again.
Turns keep closing through a Redis outage without a person (sweeps from several processes split the due
turns with ``SKIP LOCKED``: none is closed twice).
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import sync_to_async
from django.conf import settings

log = logging.getLogger(__name__)
_task: asyncio.Task[None] | None = None
WORKER = "worker"  # the heartbeat the Celery workers' sweeps write


def sweep_beat(name: str = WORKER) -> None:
    """Record that a sweep ran now (one upsert)."""
    from django.utils import timezone

    from games.models import SweepBeat

    SweepBeat.objects.update_or_create(name=name, defaults={"at": timezone.now()})


def sweep_stale(name: str = WORKER) -> bool:
    """Whether no sweep ``name`` has run within ``GARNET_SWEEP_STALE_SECONDS`` (or none ever did)."""
    from datetime import timedelta

    from django.utils import timezone

    from games.models import SweepBeat

    cutoff = timezone.now() - timedelta(seconds=settings.GARNET_SWEEP_STALE_SECONDS)
    return not SweepBeat.objects.filter(name=name, at__gte=cutoff).exists()


def standby_sweep() -> bool:
    """Sweep here if the workers' heartbeat is stale; whether this process swept."""
    if not sweep_stale():
        return False
    sweep_once(settings.GARNET_SWEEP_SECONDS)
    return True


def _standby_sweep_in_thread() -> bool:
    """:func:`standby_sweep` from an executor thread, giving its database connection back afterwards (the
    threads are many and outlive the call: each would keep a connection of the pool)."""
    from django.db import connections

    try:
        return standby_sweep()
    finally:
        connections.close_all()


def sweep_once(interval: float) -> float:
    """One pass of the sweep: close due turns, run every app's sweep (``hooks.SWEEPS``: overdue picks...),
    then say how long to sleep: until the next deadline, at most ``interval``."""
    from django.utils import timezone

    from games.match import hooks
    from games.match.services.recovery import turns_close_complete
    from games.match.services.turns import turns_close_due
    from games.models import Turn

    turns_close_due()
    turns_close_complete()
    for sweep in hooks.SWEEPS:
        try:
            sweep()
        except Exception:  # another app's sweep must not stop turns from closing
            log.exception("sweep %s failed", getattr(sweep, "__name__", sweep))
    nxt = (
        Turn.objects.filter(status=Turn.Status.OPEN, paused_remaining__isnull=True, match__status="running")
        .order_by("deadline")
        .values_list("deadline", flat=True)
        .first()
    )
    if nxt is None:
        return interval
    # Wake right at the next deadline so live (60 s) turns close to the second.
    return max(0.02, min(interval, (nxt - timezone.now()).total_seconds() + 0.01))


async def sweep_forever(interval: float) -> None:
    """Close due turns until cancelled, waking at each deadline (and at least every ``interval`` s)."""
    while True:
        try:
            wait = await sync_to_async(sweep_once, thread_sensitive=True)(interval)
        except Exception:
            log.exception("sweep failed; trying again")
            wait = interval
        await asyncio.sleep(wait)


async def stand_by_forever(interval: float) -> None:
    """Watch the workers' sweep heartbeat and sweep here while it is stale (until cancelled)."""
    standing_in = False
    while True:
        try:
            swept = await sync_to_async(_standby_sweep_in_thread, thread_sensitive=False)()
        except Exception:
            log.exception("standby sweep failed; trying again")
            swept = standing_in
        if swept != standing_in:
            standing_in = swept
            if swept:
                log.warning(
                    "no worker has swept for %ss: this web process closes due turns",
                    settings.GARNET_SWEEP_STALE_SECONDS,
                )
            else:
                log.warning("the workers sweep again: this web process stands by")
        await asyncio.sleep(interval)


def ensure_started() -> None:
    """Start the sweeper (embedded default) or the standby sweep (Celery) in the running loop once."""
    global _task
    if _task is not None and not _task.done():
        return
    if settings.GARNET_INPROCESS_SWEEPER:
        interval = min(1.0, settings.GARNET_SWEEP_SECONDS)
        _task = asyncio.get_running_loop().create_task(sweep_forever(interval))
    elif settings.GARNET_CELERY_ENABLED and settings.GARNET_SWEEP_STANDBY:
        _task = asyncio.get_running_loop().create_task(stand_by_forever(settings.GARNET_SWEEP_SECONDS))
