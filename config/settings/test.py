"""The test suite: real PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set."""

from config.settings.base import *  # noqa: F403
from config.settings.base import CACHES, DATABASES, REDIS_URL, REST_FRAMEWORK, env, env_bool

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
GARNET_INPROCESS_SWEEPER = False
GARNET_CELERY_ENABLED = False
CELERY_TASK_ALWAYS_EAGER = True
AXES_ENABLED = env_bool("GARNET_TEST_AXES", True)
# Tests that measure the limits set them explicitly; the rest may submit freely.
GARNET_SUBMIT_RATE = "10000/m"
GARNET_LOGIN_RATE = "10000/m"
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {"submit": "10000/min", "login": "10000/min", "token": "10000/min"},
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A file (GARNET_TEST_SQLITE) lets another process see the test database; by default it is in memory.
    _sqlite = env.str("GARNET_TEST_SQLITE", default="")
    DATABASES["default"]["NAME"] = _sqlite or ":memory:"
    DATABASES["default"]["TEST"] = {"NAME": _sqlite or None}
else:
    # The pool is per process; tests open and close many connections across threads.
    DATABASES["default"]["OPTIONS"].pop("pool", None)

if REDIS_URL:
    # The suite clears its cache between tests (rate-limit counters); on Redis that is a
    # FLUSHDB, so keep it off the database the channel layer of a live test server uses.
    _base, _, _db = REDIS_URL.rpartition("/")
    _cache_db = env.int("GARNET_TEST_CACHE_DB", default=15)
    CACHES = {"default": {**CACHES["default"], "LOCATION": f"{_base}/{_cache_db}" if _db.isdigit() else REDIS_URL}}
    # Under pytest-xdist the workers share both Redis databases but not their test databases (match 1
    # exists in each): give each worker its own channel-layer and cache prefix so nothing crosses.
    _worker = env.str("PYTEST_XDIST_WORKER", default="")
    if _worker:
        CHANNEL_LAYERS["default"]["CONFIG"] = {**CHANNEL_LAYERS["default"]["CONFIG"], "prefix": f"asgi-{_worker}"}  # type: ignore[dict-item]  # noqa: F405
        CACHES["default"]["KEY_PREFIX"] = _worker

# The toy game of tests/toygame, installed the way a new game is: a real game is one line in base's
# GAME_APPS (which builds INSTALLED_APPS); here, after base has built it, both lists get the entry.
GAME_APPS = [*GAME_APPS, "tests.toygame"]  # noqa: F405
INSTALLED_APPS = [*INSTALLED_APPS, "tests.toygame"]  # noqa: F405
