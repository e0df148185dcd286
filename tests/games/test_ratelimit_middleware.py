"""The shared rate limiter (one Redis command, a process-wide client) and an async-capable middleware stack."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings

from core import ratelimit
from core.cache import redis_client

pytestmark = pytest.mark.django_db


def test_the_limiter_refuses_past_the_rate_in_its_window() -> None:
    # A day's window: a minute's could turn between the calls.
    results = [ratelimit.rate_limited(key="t:one", rate="3/d") for _ in range(5)]
    assert results == [False, False, False, True, True]
    assert ratelimit.rate_limited(key="t:other", rate="3/d") is False


@pytest.mark.skipif("redis" not in settings.CACHES["default"]["BACKEND"].lower(), reason="needs Redis")
def test_on_redis_a_check_is_one_round_trip_on_one_shared_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check is one INCR on the process's one client; the window's first also sets its bucket to expire."""
    client = redis_client()
    assert client is not None and client is redis_client(), "one client per process, not one per thread or request"
    sent: list[str] = []
    real = client.execute_command

    def counting(*args: Any, **kwargs: Any) -> Any:
        sent.append(str(args[0]))
        return real(*args, **kwargs)

    monkeypatch.setattr(client, "execute_command", counting)
    monkeypatch.setattr(client, "pipeline", lambda *a, **k: pytest.fail("a pipeline costs twice a command's CPU"))
    assert ratelimit.rate_limited(key="t:trip", rate="9/m") is False
    assert sent == ["INCRBY", "EXPIRE"]  # redis-py sends incr() as INCRBY 1
    assert ratelimit.rate_limited(key="t:trip", rate="9/m") is False
    assert sent == ["INCRBY", "EXPIRE", "INCRBY"]
    buckets = client.keys("*:rl:t:trip:*")
    assert buckets and all(0 < client.ttl(key) <= 61 for key in buckets)
