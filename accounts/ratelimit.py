"""One small fixed-window rate limiter shared by the pages and the API.

On Redis a check is one round trip (a pipeline of ``SET NX EX`` and ``INCR``) on
one process-wide client with its own connection pool. Django's cache would cost
two round trips per check (``incr`` is EXISTS then INCR) and, because Django's
caches are per thread and every ASGI request runs in a fresh thread, a new client
and TCP connection per request. Without Redis (the embedded default) the local
cache counts. A down Redis lets calls through rather than failing them.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.signals import setting_changed
from django.dispatch import receiver

log = logging.getLogger(__name__)
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_client: Any = None
_client_lock = threading.Lock()


def parse_rate(rate: str) -> tuple[int, int]:
    """``"60/m"`` → (60, 60): at most 60 calls per 60 seconds."""
    count, _, unit = rate.partition("/")
    return int(count), _UNITS[unit[:1] or "m"]


def _redis_location() -> str | None:
    conf = settings.CACHES.get("default", {})
    if "redis" not in str(conf.get("BACKEND", "")).lower():
        return None
    location = conf.get("LOCATION")
    return str(location[0] if isinstance(location, (list, tuple)) else location)


def redis_client() -> Any:
    """The process-wide Redis client on the cache's database (None without Redis); thread-safe."""
    global _client
    if _client is None:
        location = _redis_location()
        if location is None:
            return None
        with _client_lock:
            if _client is None:
                import redis

                _client = redis.Redis.from_url(
                    location, socket_timeout=0.5, socket_connect_timeout=0.5, health_check_interval=30
                )
    return _client


@receiver(setting_changed)
def _forget_client(*, setting: str, **_: Any) -> None:
    global _client
    if setting == "CACHES":
        _client = None


def rate_limited(*, key: str, rate: str) -> bool:
    """Count one call under ``key``; True if it goes past ``rate`` in the current window."""
    limit, window = parse_rate(rate)
    # The cache's key prefix keeps processes that share one Redis database apart (test workers, tenants).
    prefix = settings.CACHES.get("default", {}).get("KEY_PREFIX", "")
    bucket = f"{prefix}:rl:{key}:{int(time.time() // window)}"
    try:
        client = redis_client()
        if client is not None:
            pipe = client.pipeline(transaction=False)
            pipe.set(bucket, 0, ex=window + 1, nx=True)
            pipe.incr(bucket)
            return int(pipe.execute()[1]) > limit
        if cache.add(bucket, 1, timeout=window + 1):
            return limit < 1
        return cache.incr(bucket) > limit
    except ValueError:  # the local counter expired between add and incr
        return False
    except Exception:  # Redis is down: let the call through rather than fail it
        log.warning("rate limit store unavailable; not limiting %s", key, exc_info=True)
        return False
