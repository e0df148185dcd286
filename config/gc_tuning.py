"""Garbage-collector thresholds for the long-lived processes: the ASGI server and Celery workers.

At CPython's default thresholds (700, 10, 10) a burst of short-lived objects sets off
collections that walk every live object again and again. A web process holding thousands of
sockets allocates such a burst on every push (a task, a future and a frame per socket), and a
sweeping worker on every turn it closes (model instances, querysets, compiled SQL): the walks
were over half of a 5,000-socket push's CPU and a third of a sweep's (bench/README.md).
"""

from __future__ import annotations

import gc

THRESHOLDS = (100_000, 50, 100)
"""Collect the young generation every 100,000 net allocations: garbage cycles wait a little longer."""


def gc_tune() -> None:
    """Freeze what is alive now (startup: Django, the apps) out of the walks and raise the thresholds."""
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
