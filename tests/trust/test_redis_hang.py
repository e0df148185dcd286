"""A hung Redis (connection open, no answer) never holds a player's answer: a push is a notification, a
cache read is a miss."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.test import Client

from core.cache import cache_resume
from games.match import broadcast
from games.models import Submission, Turn
from tests.deploy.tcpproxy import silent_server
from tests.factories import UserFactory, abc_match

pytestmark = pytest.mark.django_db(transaction=True)

PAIRS = {"pairs": [["bob", "dan"], ["cat", "eve"]], "double": False}


@pytest.fixture
def hung_redis(settings: Any) -> Any:
    """The channel layer and the cache on a Redis stand-in that accepts connections and never answers
    (with production's timeouts: the layer's 30 s, the cache's 1 s)."""
    with silent_server() as port:
        settings.CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": [{"address": f"redis://127.0.0.1:{port}/0", "socket_timeout": 30}]},
            }
        }
        settings.CACHES = {
            "default": {
                "BACKEND": "core.cache.SharedRedisCache",
                "LOCATION": f"redis://127.0.0.1:{port}/1",
                "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
            }
        }
        broadcast.pushes_resume()
        cache_resume()
        yield port
        broadcast.pushes_resume()
        cache_resume()


def test_a_lock_in_is_answered_within_two_seconds_while_redis_hangs(
    hung_redis: int, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last lock-in closes the turn, pushes its pages and schedules the next turn's deadline task: with
    Redis hung (the channel layer and the broker) the answer still comes at once (35 s were seen: the
    layer's socket timeout and more), the move and the close are committed, and later pushes are as quick."""
    from games import tasks

    settings.GARNET_CELERY_ENABLED = True
    settings.GARNET_SCHEDULE_MAX_SECONDS = 10**9  # the next turn (a day long) gets its deadline task too
    published: list[int] = []
    broker_back = threading.Event()

    def hung_publish(args: tuple[int], **kwargs: Any) -> None:
        published.append(args[0])
        broker_back.wait(30)  # a publish to a hung broker waits for its socket timeout

    monkeypatch.setattr(tasks.turn_close_task, "apply_async", hung_publish)
    match = abc_match(seed="redis-hangs")
    ann = Client()
    ann.force_login(UserFactory(username="ann"))
    assert ann.get(f"/matches/{match.pk}/").status_code == 200  # the process's first page costs its imports
    started = time.monotonic()
    assert ann.get(f"/matches/{match.pk}/").status_code == 200
    took = time.monotonic() - started
    assert took < 1.0, f"a page waited {took:.1f} s for a hung cache (each of its cache calls timed out)"
    started = time.monotonic()
    response = ann.post(
        f"/api/matches/{match.pk}/submit/", {"move": PAIRS, "lock": True}, content_type="application/json"
    )
    took = time.monotonic() - started
    assert response.status_code == 201, response.content
    assert took < 2.0, f"the lock-in waited {took:.1f} s for a hung Redis"
    assert Submission.objects.filter(turn__match=match, player="ann", locked=True).exists()
    assert Turn.objects.get(match=match, number=1).status == Turn.Status.CLOSED
    broker_back.set()
    second = Turn.objects.get(match=match, number=2)
    waited = time.monotonic()
    while second.pk not in published and time.monotonic() - waited < 5:  # the publishes queued behind the hung one
        time.sleep(0.02)
    assert second.pk in published, "the next turn's deadline task is still scheduled (in the background)"
    # Each later push is as quick while Redis still hangs.
    started = time.monotonic()
    assert broadcast.send([(broadcast.group_public(match.pk), {"type": "match.event", "event": "x"})]) == 0
    assert time.monotonic() - started < 1.5


def test_the_lock_in_that_completes_a_season_turn_waits_at_most_two_seconds_for_a_hung_redis(
    hung_redis: int, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 47's finding: during a 35 s Redis hang the lock-in that completed a season's turn waited 22 s,
    its after-commit publishes (the round's Discord announcement, the next turn's deadline task) each waiting
    for the hung broker in the request. Now every publish leaves from the process's background publisher:
    the lock-in is saved and answered within two seconds, the close is committed, and the publishes go out
    once the broker answers."""
    from celery.app.task import Task

    from reach.services.discord import season_channel_set
    from seasons.models import Episode
    from tests.seasons.factories import abc_episode, started_season

    settings.GARNET_CELERY_ENABLED, settings.CELERY_TASK_ALWAYS_EAGER = True, False
    settings.GARNET_SCHEDULE_MAX_SECONDS = 10**9
    settings.DISCORD_WEBHOOK_ORIGINS = ["https://discord.com"]
    published: list[str] = []
    broker_back = threading.Event()

    def hung_publish(self: Task, args: tuple[Any, ...] = (), kwargs: Any = None, **options: Any) -> None:
        published.append(self.name)
        broker_back.wait(30)  # every publish to a hung broker waits (Celery retries it, too)

    monkeypatch.setattr(Task, "apply_async", hung_publish)
    season = started_season()
    season_channel_set(season=season, discord_webhook="https://discord.com/api/webhooks/1/token")
    episode: Episode = abc_episode(season)
    match = episode.mm_match
    ann = Client()
    ann.force_login(UserFactory(username="ann"))
    assert ann.get(f"/matches/{match.pk}/").status_code == 200  # the process's first page costs its imports
    started = time.monotonic()
    response = ann.post(
        f"/api/matches/{match.pk}/submit/", {"move": PAIRS, "lock": True}, content_type="application/json"
    )
    took = time.monotonic() - started
    assert response.status_code == 201, response.content
    assert took < 2.0, f"the lock-in waited {took:.1f} s for a hung Redis"
    assert Turn.objects.get(match=match, number=1).status == Turn.Status.CLOSED
    broker_back.set()
    waited = time.monotonic()
    while "reach.tasks.discord_deliver" not in published and time.monotonic() - waited < 5:
        time.sleep(0.02)
    assert "reach.tasks.discord_deliver" in published, published  # the announcement still leaves
