"""A small fixed-window rate limiter on the cache (Redis in production)."""

from __future__ import annotations

import logging
import time

from django.core.cache import cache

log = logging.getLogger(__name__)
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """``"60/m"`` → (60, 60): at most 60 calls per 60 seconds."""
    count, _, unit = rate.partition("/")
    return int(count), _UNITS[unit[:1] or "m"]


def rate_limited(*, key: str, rate: str) -> bool:
    """Count one call under ``key``; True if it goes past ``rate`` in the current window."""
    limit, window = parse_rate(rate)
    bucket = f"rl:{key}:{int(time.time() // window)}"
    try:
        try:
            # One round trip in the usual case: the window's counter already exists.
            return cache.incr(bucket) > limit
        except ValueError:
            if cache.add(bucket, 1, timeout=window + 1):
                return False
            return cache.incr(bucket) > limit
    except ValueError:
        return False
    except Exception:  # the cache (Redis) is down: let the call through rather than fail it
        log.warning("rate limit cache unavailable; not limiting %s", key, exc_info=True)
        return False
