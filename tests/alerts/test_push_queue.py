"""Issue 47, finding 2: one player could hold the worker for minutes (300 subscriptions, 10 s each, one after
another, on the queue that also carries mails, Discord messages, picks and reminders). Now a delivery is one task
per subscription that takes its id, on a queue of its own, with a short timeout."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest

from alerts import webpush
from alerts.models import PushSubscription
from alerts.services import push_subscribe
from alerts.webpush import push_deliver, push_deliver_task, push_dispatch, push_fanout, push_fanout_task
from config.celery import app
from tests.alerts.pushkit import Browser, b64
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _subscribe(user: Any, endpoint: str) -> PushSubscription:
    keys = Browser().subscription(endpoint)["keys"]
    return PushSubscription.objects.create(user=user, endpoint=endpoint, p256dh=keys["p256dh"], auth=keys["auth"])


def test_pushes_go_on_a_queue_of_their_own_that_every_default_worker_consumes() -> None:
    """``alerts.push_deliver`` is routed to "push"; a worker started without ``-Q`` (the deploy tests', a lone
    worker's) consumes both queues, and docker-compose.yml gives "push" its own worker (tests/deploy)."""
    assert app.amqp.router.route({}, "alerts.push_deliver")["queue"].name == "push"
    assert app.amqp.router.route({}, "alerts.push_fanout")["queue"].name == "push"
    assert app.amqp.router.route({}, "games.tasks.turns_close_due")["queue"].name == "celery"
    assert set(app.amqp.queues) == {"celery", "push"}


def test_one_task_per_subscription_each_taking_its_id(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    """A turn awaiting two players with three browsers between them queues three tasks, one per browser (from
    one fan-out task, so the close that opened the turn reads nothing for its pushes)."""
    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(push_deliver_task, "delay", lambda *args: queued.append(args))
    ann, bea, cat = UserFactory(), UserFactory(), UserFactory()
    subs = [_subscribe(ann, "https://push.example.org/a1"), _subscribe(ann, "https://push.example.org/a2")]
    subs.append(_subscribe(bea, "https://push.example.org/b1"))
    _subscribe(cat, "https://push.example.org/c1")  # not awaited
    push_dispatch(user_ids=[ann.pk, bea.pk], payload={"title": "t"})
    assert sorted(q[0] for q in queued) == sorted(s.pk for s in subs)
    assert all(isinstance(q[0], int) for q in queued)


def test_a_push_service_that_never_answers_holds_a_delivery_a_few_seconds_only(
    settings: Any, push_service: Any
) -> None:
    """A push service that accepts the connection and says nothing: the delivery gives up after
    ``GARNET_WEBPUSH_TIMEOUT`` (a few seconds by default; the task's time limit bounds the whole)."""
    assert settings.GARNET_WEBPUSH_TIMEOUT <= 5
    assert push_deliver_task.time_limit is not None and push_deliver_task.time_limit <= 30
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)
    try:
        origin = f"http://127.0.0.1:{silent.getsockname()[1]}"
        settings.GARNET_WEBPUSH_ALLOWED_ORIGINS = [origin]
        settings.GARNET_WEBPUSH_TIMEOUT = 0.5
        sub = _subscribe(UserFactory(), f"{origin}/push/slow")
        started = time.monotonic()
        assert not push_deliver(subscription_id=sub.pk, payload={"title": "t"})
        assert time.monotonic() - started < 3
    finally:
        silent.close()


def test_dispatching_a_turns_pushes_reads_nothing_and_publishes_one_task(
    monkeypatch: pytest.MonkeyPatch, django_assert_num_queries: Any
) -> None:
    """The close that opened the turn (after commit) publishes one fan-out task and reads no subscription."""
    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(push_fanout_task, "delay", lambda *args: queued.append(args))
    with django_assert_num_queries(0):
        push_dispatch(user_ids=[1, 2], payload={"title": "t"})
    assert queued == [([1, 2], {"title": "t"})]


def test_players_without_a_browser_queue_nothing_until_one_subscribes(
    monkeypatch: pytest.MonkeyPatch, public_dns: dict[str, list[str]], django_assert_num_queries: Any
) -> None:
    """Issue 45: most players subscribe no browser. A fan-out that found none for them remembers it (in the cache),
    so the next turns awaiting only them queue no task and read nothing; a player who subscribes is pushed to again
    at once."""
    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(push_fanout_task, "delay", lambda *args: queued.append(args))
    ann, bea = UserFactory(), UserFactory()
    assert push_fanout(user_ids=[ann.pk, bea.pk], payload={"title": "t"}) == 0
    with django_assert_num_queries(0):
        push_dispatch(user_ids=[ann.pk, bea.pk], payload={"title": "t"})
    assert queued == []
    browser = Browser()
    push_subscribe(
        user=ann, endpoint="https://fcm.googleapis.com/fcm/send/a", p256dh=browser.p256dh, auth=b64(browser.auth)
    )
    push_dispatch(user_ids=[ann.pk, bea.pk], payload={"title": "t"})
    assert queued == [([ann.pk], {"title": "t"})]


def test_a_subscribe_during_a_fan_out_is_not_hidden_by_its_none(
    monkeypatch: pytest.MonkeyPatch, public_dns: dict[str, list[str]]
) -> None:
    """A fan-out that read no subscription for ann, then a subscribe of hers that commits before the fan-out stores
    what it found: the "none" it stores is of her old generation, so her next turn looks for her browser."""
    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(push_fanout_task, "delay", lambda *args: queued.append(args))
    ann = UserFactory()
    browser = Browser()
    real_set_many = webpush.soft_set_many

    def subscribe_first(values: dict[str, Any], timeout: float | None) -> None:
        if any(k.startswith("alerts:push-none:") for k in values):  # the fan-out read nothing, then ann subscribed
            push_subscribe(
                user=ann,
                endpoint="https://fcm.googleapis.com/fcm/send/a",
                p256dh=browser.p256dh,
                auth=b64(browser.auth),
            )
        real_set_many(values, timeout=timeout)

    monkeypatch.setattr(webpush, "soft_set_many", subscribe_first)
    assert push_fanout(user_ids=[ann.pk], payload={"title": "t"}) == 0
    monkeypatch.setattr(webpush, "soft_set_many", real_set_many)
    push_dispatch(user_ids=[ann.pk], payload={"title": "t"})
    assert queued == [([ann.pk], {"title": "t"})]
