"""A Redis cut of a few seconds: the Celery worker reconnects by itself and turns keep closing at their deadline.

A real worker and beat (production settings) reach Redis through a TCP proxy the test controls. The test
cuts every connection through it for 5 s (resets them and new ones, or holds them unanswered: Redis hung),
restores it, and checks that a turn that fell
due during the cut closes, that the workers' sweep heartbeat (``SweepBeat``, which the web processes
watch) is fresh again, and that the worker is still alive: nobody restarted anything.

Needs PostgreSQL and Redis (``DATABASE_URL``, ``REDIS_URL``): skipped without them, failed without them
under ``GARNET_REQUIRE_SERVICES=1`` (CI). The Redis database is ``GARNET_CUT_REDIS_DB`` (default 12),
flushed before and after, so it must be one no other test uses.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection
from django.utils import timezone

from games.models import SweepBeat, Turn
from tests.deploy.tcpproxy import TcpProxy
from tests.factories import abc_match

ROOT = Path(__file__).resolve().parents[2]
CUT_SECONDS = 5

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("worker_cut"), pytest.mark.timeout(240)]


def needs(condition: bool, reason: str) -> None:
    """Skip when a service is missing, unless CI demands every service (then fail)."""
    if not condition:
        if os.environ.get("GARNET_REQUIRE_SERVICES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)


def wait_for(check: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return False


@pytest.fixture
def celery_through_proxy(
    tmp_path: Path, transactional_db: Any
) -> Iterator[tuple[TcpProxy, dict[str, subprocess.Popen[bytes]]]]:
    """A worker and beat on this test's database, their Redis through a proxy; logs shown on failure."""
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    needs(
        database_url.startswith("postgres") and bool(redis_url), "needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)"
    )
    import redis

    redis_parts = urlsplit(redis_url)
    own_db = os.environ.get("GARNET_CUT_REDIS_DB", "12")
    flush = redis.Redis.from_url(urlunsplit(redis_parts._replace(path=f"/{own_db}"))).flushdb
    flush()
    proxy = TcpProxy((redis_parts.hostname or "127.0.0.1", redis_parts.port or 6379))
    db_parts = urlsplit(database_url)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GARNET_", "CELERY_"))},
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": "a-test-only-secret-key-of-more-than-32-characters",
        "DATABASE_URL": urlunsplit(db_parts._replace(path="/" + connection.settings_dict["NAME"])),
        "REDIS_URL": urlunsplit(redis_parts._replace(netloc=f"127.0.0.1:{proxy.port}", path=f"/{own_db}")),
        "GARNET_SWEEP_SECONDS": "0.5",
        "GARNET_DB_POOL": "0",
    }
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    logs = {name: open(tmp_path / f"{name}.log", "wb") for name in ("worker", "beat")}  # noqa: SIM115
    procs = {
        "worker": subprocess.Popen(
            [*celery, "worker", "--loglevel=info", "--concurrency=1", "--without-mingle", "--without-gossip"],
            cwd=ROOT,
            env=env,
            stdout=logs["worker"],
            stderr=subprocess.STDOUT,
        ),
        "beat": subprocess.Popen(
            [*celery, "beat", "--loglevel=info", "--schedule", str(tmp_path / "beat-schedule")],
            cwd=ROOT,
            env=env,
            stdout=logs["beat"],
            stderr=subprocess.STDOUT,
        ),
    }
    try:
        yield proxy, procs
    finally:
        for proc in procs.values():
            proc.terminate()
        for proc in procs.values():
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for f in logs.values():
            f.close()
        proxy.close()
        flush()
        for name in logs:
            sys.stderr.write(
                f"--- {name} log (tail) ---\n{(tmp_path / f'{name}.log').read_text(errors='replace')[-3000:]}\n"
            )


def _due_turn(seconds: float) -> Turn:
    """An ABC match whose open turn falls due ``seconds`` from now."""
    match = abc_match(seed=f"cut-{time.monotonic()}")
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    Turn.objects.filter(pk=turn.pk).update(deadline=timezone.now() + timedelta(seconds=seconds))
    return turn


def _closed(turn: Turn) -> Callable[[], bool]:
    return lambda: Turn.objects.get(pk=turn.pk).status == Turn.Status.CLOSED


@pytest.mark.parametrize("hang", [False, True], ids=["connections-reset", "redis-hung"])
def test_a_worker_outlives_a_five_second_redis_cut_and_turns_keep_closing(
    celery_through_proxy: tuple[TcpProxy, dict[str, subprocess.Popen[bytes]]], hang: bool
) -> None:
    """Cut: every connection reset and new ones refused (a restart, a network cut); or Redis hung (connections
    open, nothing answers). Either way, 5 s later Redis is back and nobody touches the worker."""
    proxy, procs = celery_through_proxy
    before = _due_turn(0)
    assert wait_for(_closed(before), 60), "the worker never closed a due turn (before any cut)"
    assert wait_for(SweepBeat.objects.filter(name="worker").exists, 5), "the workers' sweep writes no heartbeat"

    proxy.cut(hang=hang)
    during = _due_turn(1)  # falls due while Redis is unreachable
    time.sleep(CUT_SECONDS)
    assert procs["worker"].poll() is None, "the worker exited during the cut"
    proxy.restore()
    restored = timezone.now()

    assert wait_for(_closed(during), 30), "the turn that fell due during the cut never closed after it"
    after = _due_turn(0)
    assert wait_for(_closed(after), 30), "a turn due after the cut never closed"
    fresh = SweepBeat.objects.filter(name="worker", at__gt=restored).exists
    assert wait_for(fresh, 5), "the workers' sweep heartbeat is stale"
    assert procs["worker"].poll() is None and procs["beat"].poll() is None, "a process exited: a person must restart it"
