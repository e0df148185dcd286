"""Hand a delivery to Celery after commit; on the embedded default (no broker) a daemon thread does it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from django.conf import settings

log = logging.getLogger(__name__)


def dispatch(task: Any, object_id: int, *, inline: Callable[[int], Any]) -> None:
    """Queue ``task(object_id)``; without a Celery worker run ``inline(object_id)`` in a background thread."""
    if settings.GARNET_CELERY_ENABLED or getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        try:
            task.delay(object_id)
        except Exception:
            log.warning("could not queue %s(%s)", getattr(task, "name", task), object_id, exc_info=True)
        return

    def run() -> None:
        try:
            inline(object_id)
        except Exception:
            log.warning("background %s(%s) failed", getattr(task, "name", task), object_id, exc_info=True)

    threading.Thread(target=run, daemon=True).start()
