"""The one Redis client of the process (:func:`redis_client`) and the Django cache built on it.

Django builds its cache objects per thread (per request context under ASGI, where every
request runs in a fresh thread), and its ``RedisCacheClient`` makes a new ``redis.Redis`` for
every operation: each request paid for a new connection pool and TCP connection, and each
cache call for a client object (see ``bench/README.md``). Here every cache object, the rate
limiter and the listener counts share one ``redis.Redis`` per server and process. redis-py's
clients and pools are thread-safe and notice a fork, so sharing them is safe. Only public
APIs are used: Django's ``BaseCache`` and redis-py's.

The ``soft_*`` helpers are for caches of what the database holds: a cache outage makes them
miss, never fail.

A hung Redis (connection open, no answer) costs each cache call its socket timeout, and a page makes
about ten: a request took 10 s. So after a call times out or cannot connect, every cache call of the
process fails at once for ``GARNET_CACHE_PAUSE`` seconds (its callers treat that as a miss, or fall back
to the database), then one call tries Redis again (issue 40).
"""

from __future__ import annotations

import logging
import pickle
import re
import threading
import time
from typing import Any

import redis
from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.exceptions import ImproperlyConfigured

log = logging.getLogger(__name__)
_clients: dict[tuple[str, str], redis.Redis] = {}
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


def redis_client() -> redis.Redis | None:
    """The one redis-py client of the process for the default cache's Redis, or None when that cache is not Redis.

    Built from the ``CACHES["default"]`` setting (its ``LOCATION``, the first server if it names several, and its
    ``OPTIONS``: the same short socket timeouts as the cache's), on one ``ConnectionPool`` per process and
    server, so the cache, the rate limiter and the listener counts share its connections. Connections to a
    ``redis://`` server pause the cache when Redis does not answer (see above). Commands raise redis-py's
    errors: a caller that reads a cache of the database treats them as a miss.
    """
    conf = settings.CACHES.get("default", {})
    if "redis" not in str(conf.get("BACKEND", "")).lower():
        return None
    return _client_for(str(conf["LOCATION"]), dict(conf.get("OPTIONS", {})))


def _client_for(location: str, options: dict[str, Any]) -> redis.Redis:
    server = re.split("[;,]", location)[0].strip()
    key = (server, repr(sorted(options.items())))
    client = _clients.get(key)
    if client is None:
        with _lock:
            client = _clients.get(key)
            if client is None:
                if server.startswith("redis://"):  # TLS (rediss://) and sockets keep redis-py's own connections
                    options = {"connection_class": _PausingConnection, **options}
                client = _clients[key] = redis.Redis(connection_pool=redis.ConnectionPool.from_url(server, **options))
    return client


class SharedRedisCache(BaseCache):
    """A Django cache on Redis whose client is :func:`redis_client`'s: one pool per process and server.

    Django's own ``RedisCache`` builds a cache object per thread (per request under ASGI) and a ``redis.Redis``
    per call; this backend is written on ``BaseCache``'s public interface and stores values as Django's does
    (an int as itself, anything else pickled), so it reads what Django's Redis cache wrote. ``LOCATION``: one
    Redis URL (a list writes to and reads from its first server); ``OPTIONS``: redis-py connection options.
    """

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        self._location = server if isinstance(server, str) else ",".join(server)
        self._options = dict(params.get("OPTIONS", {}))
        self._client: redis.Redis | None = None
        for name in ("serializer", "pool_class", "parser_class"):  # Django's RedisCache options, not redis-py's
            if name in self._options:
                raise ImproperlyConfigured(f"SharedRedisCache does not take the {name!r} option")

    @property
    def _redis(self) -> redis.Redis:
        if self._client is None:
            self._client = _client_for(self._location, self._options)
        return self._client

    def _timeout(self, timeout: Any) -> int | None:
        """Seconds a key lives (None: for ever; 0: not at all), as Django's ``RedisCache`` reads ``timeout``."""
        if timeout is DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        return None if timeout is None else max(0, int(timeout))

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        key, seconds = self.make_and_validate_key(key, version=version), self._timeout(timeout)
        if seconds == 0:
            added = bool(self._redis.set(key, _dumps(value), nx=True))
            if added:
                self._redis.delete(key)
            return added
        return bool(self._redis.set(key, _dumps(value), ex=seconds, nx=True))

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        found = self._redis.get(self.make_and_validate_key(key, version=version))
        return default if found is None else _loads(found)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        key, seconds = self.make_and_validate_key(key, version=version), self._timeout(timeout)
        if seconds == 0:
            self._redis.delete(key)
        else:
            self._redis.set(key, _dumps(value), ex=seconds)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        key, seconds = self.make_and_validate_key(key, version=version), self._timeout(timeout)
        return bool(self._redis.persist(key) if seconds is None else self._redis.expire(key, seconds))

    def delete(self, key: Any, version: int | None = None) -> bool:
        return bool(self._redis.delete(self.make_and_validate_key(key, version=version)))

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        names = {self.make_and_validate_key(key, version=version): key for key in keys}
        if not names:
            return {}
        values = self._redis.mget(list(names))
        return {names[k]: _loads(v) for k, v in zip(names, values, strict=True) if v is not None}

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return bool(self._redis.exists(self.make_and_validate_key(key, version=version)))

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        key = self.make_and_validate_key(key, version=version)
        if not self._redis.exists(key):
            raise ValueError(f"Key '{key}' not found.")
        return int(self._redis.incr(key, delta))

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> list[Any]:
        if not data:
            return []
        values = {self.make_and_validate_key(key, version=version): _dumps(v) for key, v in data.items()}
        seconds = self._timeout(timeout)
        pipeline = self._redis.pipeline()
        pipeline.mset(values)
        if seconds is not None:
            for key in values:  # 0: expire at once, as Django's RedisCache does
                pipeline.expire(key, seconds)
        pipeline.execute()
        return []

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        names = [self.make_and_validate_key(key, version=version) for key in keys]
        if names:
            self._redis.delete(*names)

    def clear(self) -> None:
        self._redis.flushdb()


def _dumps(value: Any) -> Any:
    # As Django's RedisSerializer: an int is stored as itself (so INCR works on it), anything else pickled.
    return value if type(value) is int else pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


def _loads(data: Any) -> Any:
    try:
        return int(data)
    except ValueError:
        return pickle.loads(data)  # noqa: S301 (our own values, from our own Redis)


def soft_get(key: str) -> Any:
    """``cache.get(key)``, or None (a miss) when the cache is down: a cached read must never fail a page."""
    from django.core.cache import cache

    try:
        return cache.get(key)
    except Exception:
        log.warning("cache unavailable; reading %s from the database", key, exc_info=True)
        return None


def soft_get_many(keys: list[str]) -> dict[str, Any]:
    """``cache.get_many(keys)`` (one round trip), or {} (all misses) when the cache is down."""
    from django.core.cache import cache

    try:
        return dict(cache.get_many(keys))
    except Exception:
        log.warning("cache unavailable; reading %s from the database", keys, exc_info=True)
        return {}


def soft_set(key: str, value: Any, timeout: float | None) -> None:
    """``cache.set``, ignoring a cache that is down (the next read goes to the database again)."""
    from django.core.cache import cache

    try:
        cache.set(key, value, timeout=timeout)
    except Exception:
        log.warning("cache unavailable; %s not stored", key, exc_info=True)


def soft_set_many(values: dict[str, Any], timeout: float | None) -> None:
    """``cache.set_many`` (one round trip), ignoring a cache that is down."""
    from django.core.cache import cache

    try:
        cache.set_many(values, timeout=timeout)
    except Exception:
        log.warning("cache unavailable; %s not stored", list(values), exc_info=True)


def soft_delete(key: str) -> None:
    """``cache.delete``, ignoring a cache that is down."""
    from django.core.cache import cache

    try:
        cache.delete(key)
    except Exception:
        log.warning("cache unavailable; %s not dropped", key, exc_info=True)
