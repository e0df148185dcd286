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


async def sweep_forever(interval: float) -> None:
    """Close due turns every ``interval`` seconds until cancelled."""
    from games.services.turns import turns_close_due

    while True:
        try:
            await sync_to_async(turns_close_due, thread_sensitive=True)()
        except Exception:
            log.exception("sweep failed; trying again")
        await asyncio.sleep(interval)


def ensure_started() -> None:
    """Start the sweeper in the running loop once, if this process should run one."""
    global _task
    if not settings.GARNET_INPROCESS_SWEEPER or (_task is not None and not _task.done()):
        return
    interval = min(1.0, settings.GARNET_SWEEP_SECONDS)
    _task = asyncio.get_running_loop().create_task(sweep_forever(interval))
