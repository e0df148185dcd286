"""The shared Redis cache client, and the soft cache helpers that miss instead of failing."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.core.cache import caches

from core.cache import SharedRedisCache, redis_client, soft_delete, soft_get, soft_get_many, soft_set

redis_only = pytest.mark.skipif("redis" not in settings.CACHES["default"]["BACKEND"].lower(), reason="needs Redis")


@redis_only
def test_every_cache_object_of_a_process_shares_one_client_and_one_redis_per_server() -> None:
    """Django builds a cache object per request context; they must not each open a pool (or a client per call)."""
    conf = settings.CACHES["default"]
    one = SharedRedisCache(conf["LOCATION"], {"OPTIONS": conf.get("OPTIONS", {})})
    two = SharedRedisCache(conf["LOCATION"], {"OPTIONS": conf.get("OPTIONS", {})})
    client = redis_client()
    assert client is not None and client is redis_client()
    assert one._redis is two._redis is client  # the cache objects and the project share the one client
    one.set("shared-cache-probe", 7)
    assert two.get("shared-cache-probe") == 7
    assert client.get(one.make_key("shared-cache-probe")) == b"7"  # an int is stored as itself, as Django does


@redis_only
def test_the_cache_keeps_djangos_cache_contract() -> None:
    """What Django's cache API promises: add only when absent, expiry, many at once, incr of a present key only,
    values of any picklable kind; a timeout of 0 stores nothing."""
    cache = caches["default"]
    assert cache.add("c:a", {"x": [1, 2]}, 60) and not cache.add("c:a", "other", 60)
    assert cache.get("c:a") == {"x": [1, 2]} and cache.get("c:missing", "dflt") == "dflt"
    cache.set("c:zero", 1, timeout=0)
    assert not cache.has_key("c:zero") and cache.add("c:gone", 1, timeout=0) is not None
    cache.set_many({"c:m1": 1, "c:m2": "two"}, timeout=60)
    assert cache.get_many(["c:m1", "c:m2", "c:m3"]) == {"c:m1": 1, "c:m2": "two"}
    assert cache.incr("c:m1", 4) == 5 and cache.get("c:m1") == 5
    with pytest.raises(ValueError):
        cache.incr("c:nothing")
    assert cache.touch("c:m2", None) is True and cache.delete("c:m2") and not cache.delete("c:m2")
    cache.delete_many(["c:a", "c:m1"])
    assert cache.get_many(["c:a", "c:m1"]) == {}


def test_the_soft_helpers_store_and_read_through_the_cache() -> None:
    soft_set("soft-probe", {"a": 1}, timeout=60)
    assert soft_get("soft-probe") == {"a": 1}
    assert soft_get_many(["soft-probe", "soft-none"]) == {"soft-probe": {"a": 1}}
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
    assert soft_get_many(["soft-dead"]) == {}
