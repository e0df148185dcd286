"""Issue 47, finding 2: pushes go on a "push" queue of their own. A real worker (production settings, PostgreSQL
and Redis) started as the deploy tests start theirs (no ``-Q``: every declared queue) and one started as
docker-compose.yml's push-worker (``-Q push``) each deliver a Web Push queued the way the site queues it, to a push
service the test runs on a loopback port, with no VAPID configuration (issue 46: the worker makes the pair).

Needs PostgreSQL and Redis (``DATABASE_URL``, ``REDIS_URL``): skipped without them, failed without them under
``GARNET_REQUIRE_SERVICES=1`` (CI). The Redis database is ``GARNET_WEBPUSH_REDIS_DB`` (default 11), flushed before and
after, so it must be one no other test uses.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from celery import Celery
from django.conf import settings
from django.db import connection

from alerts.models import PushSubscription, VapidKeys
from tests.alerts.pushkit import Browser, push_service_running
from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("push_worker"), pytest.mark.timeout(120)]


@pytest.mark.parametrize("queues", [[], ["-Q", "push"]], ids=["worker-without-Q", "compose-push-worker"])
def test_a_worker_consumes_the_push_queue_and_delivers(
    queues: list[str], transactional_db: Any, tmp_path: Path
) -> None:
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not (database_url.startswith("postgres") and redis_url):
        if os.environ.get("GARNET_REQUIRE_SERVICES") == "1":
            pytest.fail("needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)")
        pytest.skip("needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)")
    import redis

    own = urlunsplit(urlsplit(redis_url)._replace(path=f"/{os.environ.get('GARNET_WEBPUSH_REDIS_DB', '11')}"))
    flush = redis.Redis.from_url(own).flushdb
    flush()
    browser = Browser()
    with push_service_running() as (origin, got):
        endpoint = f"{origin}/push/ann"
        keys = browser.subscription(endpoint)["keys"]
        sub = PushSubscription.objects.create(
            user=UserFactory(username="ann"), endpoint=endpoint, p256dh=keys["p256dh"], auth=keys["auth"]
        )
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GARNET_", "CELERY_"))},
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": "a-test-only-secret-key-of-more-than-32-characters",
            "DATABASE_URL": urlunsplit(urlsplit(database_url)._replace(path="/" + connection.settings_dict["NAME"])),
            "REDIS_URL": own,
            "GARNET_DB_POOL": "0",
            "GARNET_WEBPUSH_ALLOWED_ORIGINS": origin,
        }
        log = open(tmp_path / "worker.log", "wb")  # noqa: SIM115
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", *queues, "--loglevel=info", "--concurrency=1"]
            + ["--without-mingle", "--without-gossip"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            # Not the current app: shared tasks of later tests in this process must keep the site's (eager) app.
            sender = Celery("sender", broker=own, set_as_current=False)
            sender.conf.task_queues = settings.CELERY_TASK_QUEUES
            sender.conf.task_routes = settings.CELERY_TASK_ROUTES
            # What a turn's close publishes: one fan-out task, which queues one delivery per browser.
            sender.send_task("alerts.push_fanout", args=[[sub.user_id], {"title": "Your move", "url": "/matches/1/"}])
            deadline = time.monotonic() + 60
            while not got and time.monotonic() < deadline:
                time.sleep(0.2)
            assert got, "no worker delivered the push"
            assert browser.decrypt(got[0]["body"])["title"] == "Your move"
            assert f"k={VapidKeys.objects.get().public_key}" in got[0]["headers"]["authorization"]
        finally:
            worker.terminate()
            try:
                worker.wait(15)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
            log.close()
            flush()
            sys.stderr.write(f"--- worker log ---\n{(tmp_path / 'worker.log').read_text(errors='replace')[-3000:]}\n")
