"""The in-process sweeper of the embedded default: closes due turns inside the web server's loop.

It runs as an asyncio task in the ASGI server's own event loop, so pushes from the
in-memory channel layer reach that process's websockets; the database work runs
in a worker thread and holds a write transaction only per turn (see turn_close).
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import sync_to_async
from django.conf import settings

log = logging.getLogger(__name__)
_task: asyncio.Task[None] | None = None


def _sweep_and_next_wait(interval: float) -> float:
    """Close due turns, then say how long to sleep: until the next deadline, at most ``interval``."""
    from django.utils import timezone

    from games import hooks
    from games.models import Turn
    from games.services.recovery import turns_close_complete
    from games.services.turns import turns_close_due

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
            wait = await sync_to_async(_sweep_and_next_wait, thread_sensitive=True)(interval)
        except Exception:
            log.exception("sweep failed; trying again")
            wait = interval
        await asyncio.sleep(wait)


def ensure_started() -> None:
    """Start the sweeper in the running loop once, if this process should run one."""
    global _task
    if not settings.GARNET_INPROCESS_SWEEPER or (_task is not None and not _task.done()):
        return
    interval = min(1.0, settings.GARNET_SWEEP_SECONDS)
    _task = asyncio.get_running_loop().create_task(sweep_forever(interval))
