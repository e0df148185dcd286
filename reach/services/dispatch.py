"""Hand a delivery to Celery after commit (from the process's background publisher, never the caller's
thread: ``core.publish``); on the embedded default (no broker) a daemon thread does it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from django.conf import settings

from core.publish import publish_later

log = logging.getLogger(__name__)


def dispatch(task: Any, object_id: int, *, inline: Callable[[int], Any]) -> None:
    """Queue ``task(object_id)``; without a Celery worker run ``inline(object_id)`` in a background thread."""
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):  # tests: run it now, as the worker would
        try:
            task.delay(object_id)
        except Exception:
            log.warning("could not queue %s(%s)", getattr(task, "name", task), object_id, exc_info=True)
        return
    if settings.GARNET_CELERY_ENABLED:
        # Off the caller's thread: a hung broker must not hold the request that queued it (issue 47).
        publish_later(task, object_id)
        return

    def run() -> None:
        try:
            inline(object_id)
        except Exception:
            log.warning("background %s(%s) failed", getattr(task, "name", task), object_id, exc_info=True)

    threading.Thread(target=run, daemon=True).start()
