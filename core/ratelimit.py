"""One small fixed-window rate limiter shared by the pages and the API.

On Redis a check is one ``INCR`` on the process's one Redis client
(``core.cache.redis_client``); the first call of a window also
sets the bucket to expire. (A pipeline of ``SET NX EX`` and ``INCR`` was one round trip too, but
cost redis-py about twice the CPU of a plain command.)
Django's ``cache.incr`` would cost two round trips per check (EXISTS then INCR).
Without Redis (the embedded default) the local cache counts. A down Redis lets calls
through rather than failing them.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.cache import cache

from core.cache import redis_client

log = logging.getLogger(__name__)
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """``"60/m"`` → (60, 60): at most 60 calls per 60 seconds."""
    count, _, unit = rate.partition("/")
    return int(count), _UNITS[unit[:1] or "m"]


def rate_limited(*, key: str, rate: str, now: float | None = None) -> bool:
    """Count one call under ``key``; True if it goes past ``rate`` in the current window.

    Windows are fixed: a rate per minute counts the calls of each minute of the clock (``now``, seconds since
    the epoch; the clock by default).
    """
    limit, window = parse_rate(rate)
    # The cache's key prefix keeps processes that share one Redis database apart (test workers, tenants).
    prefix = settings.CACHES.get("default", {}).get("KEY_PREFIX", "")
    moment = time.time() if now is None else now
    bucket = f"{prefix}:rl:{key}:{int(moment // window)}"
    try:
        client = redis_client()
        if client is not None:
            count = int(client.incr(bucket))
            if count == 1:  # the window's first call; the key names its window, so expiring it only tidies
                client.expire(bucket, window + 1)
            return count > limit
        if cache.add(bucket, 1, timeout=window + 1):
            return limit < 1
        return cache.incr(bucket) > limit
    except ValueError:  # the local counter expired between add and incr
        return False
    except Exception:  # Redis is down: let the call through rather than fail it
        log.warning("rate limit store unavailable; not limiting %s", key, exc_info=True)
        return False
