"""Django's Redis cache on one client per process.

Django builds its cache objects per thread (per request context under ASGI, where every
request runs in a fresh thread), and ``RedisCacheClient`` makes a new ``redis.Redis`` for
every operation: each request paid for a new connection pool and TCP connection, and each
cache call for a client object (≈1.5 ms of CPU per request on the match pages, measured with
``bench/profile_live.py``). Here every cache object with the same servers and options shares
one ``RedisCacheClient``, whose ``redis.Redis`` objects are made once per server. redis-py's
clients and pools are thread-safe and notice a fork, so sharing them is safe.

The ``soft_*`` helpers are for caches of what the database holds: a cache outage makes them
miss, never fail.

A hung Redis (connection open, no answer) costs each cache call its socket timeout, and a page makes
about ten: a request took 10 s. So after a call times out or cannot connect, every cache call of the
process fails at once for ``GARNET_CACHE_PAUSE`` seconds (its callers treat that as a miss, or fall back
to the database), then one call tries Redis again (issue 40).
"""

from __future__ import annotations

import logging
import threading
import time
from functools import cached_property
from typing import Any

import redis
from django.conf import settings
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

log = logging.getLogger(__name__)
_shared: dict[tuple[Any, ...], RedisCacheClient] = {}
_lock = threading.Lock()


_paused_until: dict[tuple[str, int], float] = {}  # per Redis server: until when its cache calls fail at once


def _pause(server: tuple[str, int]) -> None:
    pause = float(settings.GARNET_CACHE_PAUSE)
    if time.monotonic() >= _paused_until.get(server, 0.0):
        log.warning("the cache at %s:%s did not answer: its calls fail at once for %s s", *server, pause)
    _paused_until[server] = time.monotonic() + pause


def cache_resume() -> None:
    """Forget every pause (tests; a pause otherwise ends by itself)."""
    _paused_until.clear()


class _PausingConnection(redis.Connection):
    """A connection that fails at once while its server's cache is paused, and pauses it when Redis does not
    answer (a timeout, a refused or reset connection)."""

    def _server(self) -> tuple[str, int]:
        return (str(self.host), int(self.port))

    def _check(self) -> None:
        if time.monotonic() < _paused_until.get(self._server(), 0.0):
            raise redis.ConnectionError("the cache is paused after Redis did not answer")

    def connect(self) -> None:
        self._check()
        try:
            super().connect()
        except (redis.ConnectionError, redis.TimeoutError):
            _pause(self._server())
            raise

    def send_packed_command(self, command: Any, check_health: bool = True) -> None:
        self._check()
        super().send_packed_command(command, check_health)

    def read_response(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().read_response(*args, **kwargs)
        except (redis.ConnectionError, redis.TimeoutError):
            _pause(self._server())
            raise


class _ReusingClient(RedisCacheClient):
    """A ``RedisCacheClient`` that keeps one ``redis.Redis`` per server instead of one per call, on
    connections that pause the cache when Redis does not answer."""

    def __init__(self, servers: list[str], **options: Any) -> None:
        if all(s.startswith("redis://") for s in servers):  # TLS (rediss://) and sockets keep redis-py's own
            options.setdefault("connection_class", _PausingConnection)
        super().__init__(servers, **options)
        self._redis: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # Django's private helpers (django-stubs does not declare them): the pool index and pool of a server.
        base: Any = self
        index = base._get_connection_pool_index(write)
        client = self._redis.get(index)
        if client is None:
            client = self._redis.setdefault(index, base._client(connection_pool=base._get_connection_pool(write)))
        return client


class SharedRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` whose client is shared by the whole process."""

    @cached_property
    def _cache(self) -> RedisCacheClient:
        base: Any = self  # RedisCache's servers and options (not declared by django-stubs)
        servers, options = list(base._servers), dict(base._options)
        key = (tuple(servers), repr(sorted(options.items(), key=lambda kv: kv[0])))
        client = _shared.get(key)
        if client is None:
            with _lock:
                client = _shared.get(key)
                if client is None:
                    client = _shared[key] = _ReusingClient(servers, **options)
        return client


def soft_get(key: str) -> Any:
    """``cache.get(key)``, or None (a miss) when the cache is down: a cached read must never fail a page."""
    from django.core.cache import cache

    try:
        return cache.get(key)
    except Exception:
        log.warning("cache unavailable; reading %s from the database", key, exc_info=True)
        return None


def soft_set(key: str, value: Any, timeout: float | None) -> None:
    """``cache.set``, ignoring a cache that is down (the next read goes to the database again)."""
    from django.core.cache import cache

    try:
        cache.set(key, value, timeout=timeout)
    except Exception:
        log.warning("cache unavailable; %s not stored", key, exc_info=True)


def soft_delete(key: str) -> None:
    """``cache.delete``, ignoring a cache that is down."""
    from django.core.cache import cache

    try:
        cache.delete(key)
    except Exception:
        log.warning("cache unavailable; %s not dropped", key, exc_info=True)
