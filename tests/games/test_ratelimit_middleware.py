"""The shared rate limiter (one Redis round trip, a process-wide client) and an async-capable middleware stack."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings

from accounts import ratelimit

pytestmark = pytest.mark.django_db


def test_the_limiter_refuses_past_the_rate_in_its_window() -> None:
    results = [ratelimit.rate_limited(key="t:one", rate="3/m") for _ in range(5)]
    assert results == [False, False, False, True, True]
    assert ratelimit.rate_limited(key="t:other", rate="3/m") is False


@pytest.mark.skipif("redis" not in settings.CACHES["default"]["BACKEND"].lower(), reason="needs Redis")
def test_on_redis_a_check_is_one_round_trip_on_one_shared_client(monkeypatch: pytest.MonkeyPatch) -> None:
    client = ratelimit.redis_client()
    assert client is ratelimit.redis_client(), "one client per process, not one per thread or request"
    trips: list[Any] = []
    real = client.pipeline

    def counting(*args: Any, **kwargs: Any) -> Any:
        pipe = real(*args, **kwargs)
        execute = pipe.execute
        pipe.execute = lambda *a, **k: trips.append(1) or execute(*a, **k)
        return pipe

    monkeypatch.setattr(client, "pipeline", counting)
    monkeypatch.setattr(client, "execute_command", lambda *a, **k: pytest.fail(f"a second round trip: {a}"))
    assert ratelimit.rate_limited(key="t:trip", rate="9/m") is False
    assert trips == [1]
