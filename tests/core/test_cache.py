"""The shared Redis cache client, and the soft cache helpers that miss instead of failing."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.core.cache import caches

from core.cache import SharedRedisCache, soft_delete, soft_get, soft_set

redis_only = pytest.mark.skipif("redis" not in settings.CACHES["default"]["BACKEND"].lower(), reason="needs Redis")


@redis_only
def test_every_cache_object_of_a_process_shares_one_client_and_one_redis_per_server() -> None:
    """Django builds a cache object per request context; they must not each open a pool (or a client per call)."""
    conf = settings.CACHES["default"]
    one = SharedRedisCache(conf["LOCATION"], {"OPTIONS": conf.get("OPTIONS", {})})
    two = SharedRedisCache(conf["LOCATION"], {"OPTIONS": conf.get("OPTIONS", {})})
    assert one._cache is two._cache
    assert one._cache.get_client(write=True) is two._cache.get_client(write=True)
    one.set("shared-cache-probe", 7)
    assert two.get("shared-cache-probe") == 7
    assert caches["default"]._cache is caches["default"]._cache


def test_the_soft_helpers_store_and_read_through_the_cache() -> None:
    soft_set("soft-probe", {"a": 1}, timeout=60)
    assert soft_get("soft-probe") == {"a": 1}
    soft_delete("soft-probe")
    assert soft_get("soft-probe") is None


def test_a_cache_that_is_down_is_a_miss_never_an_error(settings: Any) -> None:
    """A cached read of what the database holds must never fail a page: a dead cache reads as a miss."""
    settings.CACHES = {
        "default": {
            "BACKEND": "core.cache.SharedRedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    soft_set("soft-dead", 1, timeout=60)
    soft_delete("soft-dead")
    assert soft_get("soft-dead") is None
