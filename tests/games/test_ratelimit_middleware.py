"""The shared rate limiter: so many calls a window, then refusals until the next; a down store limits nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings

from core import ratelimit
from core.cache import cache_resume, redis_client

pytestmark = pytest.mark.django_db

MINUTE = 60 * 29_000_000  # the start of a minute of the clock (a test sets the time; windows are fixed)


def test_the_limiter_allows_the_rate_then_refuses_until_the_next_window() -> None:
    """Three a minute: the first three calls of a minute pass, later ones in that minute are refused, and the
    next minute counts afresh; each key counts on its own."""
    calls = [ratelimit.rate_limited(key="t:one", rate="3/m", now=MINUTE + s) for s in (0, 10, 20, 30, 59)]
    assert calls == [False, False, False, True, True]
    assert ratelimit.rate_limited(key="t:other", rate="3/m", now=MINUTE + 30) is False
    assert ratelimit.rate_limited(key="t:one", rate="3/m", now=MINUTE + 60) is False
    assert [ratelimit.rate_limited(key="t:one", rate="3/m", now=MINUTE + 61) for _ in range(3)] == [False, False, True]


def test_a_rate_of_none_refuses_every_call_and_a_day_counts_a_whole_day() -> None:
    assert ratelimit.rate_limited(key="t:none", rate="0/m", now=MINUTE) is True
    day = 86400 * 20_000
    assert [ratelimit.rate_limited(key="t:day", rate="2/d", now=day + h * 3600) for h in (0, 12, 23)] == [
        False,
        False,
        True,
    ]
    assert ratelimit.rate_limited(key="t:day", rate="2/d", now=day + 86400) is False


@pytest.mark.skipif("redis" not in settings.CACHES["default"]["BACKEND"].lower(), reason="needs Redis")
def test_on_redis_the_counts_live_on_the_process_client_and_expire_with_their_window() -> None:
    """One client per process (not one per thread or request); a window's count is tidied away after it."""
    client = redis_client()
    assert client is not None and client is redis_client()
    ratelimit.rate_limited(key="t:tidy", rate="9/m")
    buckets = client.keys("*:rl:t:tidy:*")
    assert buckets and all(0 < client.ttl(key) <= 61 for key in buckets)


def test_a_store_that_is_down_limits_nothing(settings: Any) -> None:
    """With the cache on a dead Redis every call passes (a limit must never fail a player's move)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "core.cache.SharedRedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    try:
        assert [ratelimit.rate_limited(key="t:down", rate="1/m", now=MINUTE) for _ in range(3)] == [False] * 3
    finally:
        cache_resume()
