"""Publishing Celery tasks off the caller's thread: one background publisher per process.

A request (a player's lock-in that closes a turn, say) queues mails, Discord messages and deadline tasks
after commit. With Redis hung (connection open, no answer) each publish waits for the broker's socket
timeout, and Celery retries a publish three times: a lock-in waited 22 s (issue 47). Handed to this
publisher the request goes on at once; the publishes leave in order, one after another, as soon as Redis
answers. A publish that fails is logged and dropped: every task queued this way has a backstop (the
sweeps close turns, the rows of mails and deliveries stay queued).
"""

from __future__ import annotations

import logging
import os
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

log = logging.getLogger(__name__)
_publisher: tuple[int, ThreadPoolExecutor] | None = None


def _executor() -> ThreadPoolExecutor:
    global _publisher
    if _publisher is None or _publisher[0] != os.getpid():  # one per process, again after a fork
        _publisher = (os.getpid(), ThreadPoolExecutor(1, thread_name_prefix="garnet-publish"))
    return _publisher[1]


def publish_later(task: Any, *args: Any, **options: Any) -> Future[None]:
    """Publish ``task(*args)`` (``options``: ``apply_async``'s, e.g. ``eta``) from the background publisher,
    never the caller's thread; the future is done once it was published or its failure logged."""
    return _executor().submit(_publish, task, args, options)


def _publish(task: Any, args: tuple[Any, ...], options: dict[str, Any]) -> None:
    try:
        task.apply_async(args, **options)
    except Exception:  # the broker is away: the task's backstop takes over
        log.warning("could not queue %s%s", getattr(task, "name", task), args, exc_info=True)
