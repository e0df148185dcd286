"""Benchmark settings: production settings on PostgreSQL + Redis, served over plain HTTP on loopback.

Only the differences a loopback benchmark needs: no TLS redirect, loopback hosts, the bench-only
URLconf (adds a bare view), fast password hashing for setup, limits out of the way.
"""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFG")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/garnet_bench")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/1")
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
os.environ.setdefault("GARNET_INPROCESS_SWEEPER", "0")

from config.settings.production import *  # noqa: E402, F403

ROOT_URLCONF = "bench.urls"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
GARNET_SUBMIT_RATE = "100000000/m"
GARNET_CELERY_ENABLED = False  # benches close turns themselves; no worker runs
AXES_ENABLED = False
# The framework's warnings too (a push that failed, a close retried or given up): bench/load.py keeps the server's
# output and prints it, and a stalled match is often explained there alone.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "root": {"level": "ERROR"},
    "loggers": {"games": {"level": "WARNING"}},
}
# Plain HTTP on loopback: cookies marked Secure would never come back to the server.
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
