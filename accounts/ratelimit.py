"""A small fixed-window rate limiter on the cache (Redis in production)."""

from __future__ import annotations

import time

from django.core.cache import cache

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """``"60/m"`` → (60, 60): at most 60 calls per 60 seconds."""
    count, _, unit = rate.partition("/")
    return int(count), _UNITS[unit[:1] or "m"]


def rate_limited(*, key: str, rate: str) -> bool:
    """Count one call under ``key``; True if it goes past ``rate`` in the current window."""
    limit, window = parse_rate(rate)
    bucket = f"rl:{key}:{int(time.time() // window)}"
    if cache.add(bucket, 1, timeout=window + 1):
        return False
    try:
        return cache.incr(bucket) > limit
    except ValueError:
        return False
