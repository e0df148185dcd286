"""Web Push (RFC 8030/8291/8292) to a player's browsers, through pywebpush, with the site's VAPID keys
(``alerts.vapid``: the environment's, else a pair made on first use).

No player's browsers hold anyone else's work (issue 47, finding 2): a delivery is one subscription (a task that
takes its id), on Celery's ``push`` queue (``CELERY_TASK_ROUTES``), to a checked public address
(``alerts.endpoints``) with a timeout of ``GARNET_WEBPUSH_TIMEOUT`` seconds and a hard time limit. A delivery is never
made inside a transaction or a request: ``push_dispatch`` hands the turn's users to a fan-out task after commit
(no read in the close's path), which queues one delivery per subscription; on the embedded default a small pool
of threads does both. Most players subscribe no browser: a fan-out remembers in the cache whom it found without
one, and a turn whose awaited players all have none queues nothing (issue 45), until one of them subscribes.
"""

from __future__ import annotations

import json
import logging
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import close_old_connections, transaction

from alerts.endpoints import EndpointRefused, endpoint_check, push_session
from alerts.models import PushSubscription
from alerts.vapid import vapid_keys
from core.cache import soft_get_many, soft_set_many
from core.publish import publish_later

log = logging.getLogger(__name__)

GONE = (404, 410)
"""A push service's answer that the subscription is over (the browser unsubscribed): it is deleted."""

PUSH_QUEUE = "push"
"""Celery's queue of the deliveries (config/settings/base.py routes ``alerts.push_deliver`` there)."""

_pool: ThreadPoolExecutor | None = None

NONE_SECONDS = 600
"""How long the cache says a user has no subscription after a fan-out found none (a subscribe ends it at once)."""

_NO_GENERATION = "-"


def _none_key(user_id: int) -> str:
    return f"alerts:push-none:{user_id}"


def _generation_key(user_id: int) -> str:
    return f"alerts:push-gen:{user_id}"


def push_users_may_have(user_ids: list[int]) -> list[int]:
    """The users of ``user_ids`` who may have a subscription: all but those a fan-out found without one lately,
    since their last subscribe (one cache round trip; a cache outage says all)."""
    if not user_ids:
        return []
    keys = [k for uid in user_ids for k in (_none_key(uid), _generation_key(uid))]
    known = soft_get_many(keys)
    return [uid for uid in user_ids if known.get(_none_key(uid)) != known.get(_generation_key(uid), _NO_GENERATION)]


def push_user_subscribed(user_id: int) -> None:
    """``user_id`` subscribed a browser: every "none" a fan-out stored before now, or stores from a read made
    before this commit, no longer matches the user's generation, so their pushes are looked for again."""

    def bump() -> None:
        soft_set_many({_generation_key(user_id): uuid.uuid4().hex}, timeout=NONE_SECONDS)

    bump()
    transaction.on_commit(bump)


def push_enabled() -> bool:
    """Whether browsers may subscribe to Web Push (on unless ``GARNET_WEB_PUSH`` turns it off)."""
    return bool(settings.GARNET_WEB_PUSH)


def push_deliver(*, subscription_id: int, payload: dict[str, Any]) -> bool:
    """Send ``payload`` (JSON, encrypted for the browser) to one subscription; whether the push service took it.

    The endpoint is checked again now (DNS may have changed since it was subscribed) and the connection goes to the
    address checked. A subscription the service says is gone is deleted; any other failure is logged."""
    sub = PushSubscription.objects.filter(pk=subscription_id).first()
    if sub is None or not push_enabled():
        return False
    from pywebpush import WebPushException, webpush

    try:
        target = endpoint_check(sub.endpoint)
    except EndpointRefused as exc:
        log.warning("a push to %s refused: %s", sub.endpoint[:60], exc)
        return False
    keys = vapid_keys()
    try:
        with push_session(target) as session:
            webpush(
                subscription_info={"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}},
                data=json.dumps(payload, separators=(",", ":")),
                vapid_private_key=keys.private_key,
                vapid_claims={"sub": keys.subject},
                ttl=int(payload.get("ttl", 3600)),
                timeout=settings.GARNET_WEBPUSH_TIMEOUT,
                requests_session=session,
            )
        return True
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in GONE:
            sub.delete()
        else:
            log.warning("a push to %s failed (%s)", sub.endpoint[:60], status or exc)
    except Exception:
        log.warning("a push to %s failed", sub.endpoint[:60], exc_info=True)
    return False


@shared_task(name="alerts.push_deliver", ignore_result=True, soft_time_limit=15, time_limit=20)
def push_deliver_task(subscription_id: int, payload: dict[str, Any]) -> bool:
    """One delivery, on the ``push`` queue; the time limits bound even a push service that trickles its answer."""
    return push_deliver(subscription_id=subscription_id, payload=payload)


@shared_task(name="alerts.push_fanout", ignore_result=True, soft_time_limit=15, time_limit=20)
def push_fanout_task(user_ids: list[int], payload: dict[str, Any]) -> int:
    """Queue one delivery per subscription of ``user_ids`` (on the ``push`` queue too: the close that opened the
    turn only published this one task, and reads nothing for it)."""
    return push_fanout(user_ids=user_ids, payload=payload)


def _in_thread(deliver: bool, key: Any, payload: dict[str, Any]) -> None:
    try:
        if deliver:
            push_deliver(subscription_id=key, payload=payload)
        else:
            push_fanout(user_ids=key, payload=payload)
    except Exception:
        log.warning("a background push failed", exc_info=True)
    finally:
        close_old_connections()


def _celery() -> bool:
    return bool(settings.GARNET_CELERY_ENABLED or getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False))


def _threads() -> ThreadPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=settings.GARNET_WEBPUSH_THREADS, thread_name_prefix="garnet-webpush")
    return _pool


def push_fanout(*, user_ids: list[int], payload: dict[str, Any]) -> int:
    """One delivery per subscription of ``user_ids``: a task each on Celery's ``push`` queue, else one each on the
    pool of threads; how many were handed on."""
    # The generations are read before the subscriptions: a subscribe that commits after this read bumps its
    # user's generation, so the "none" stored below cannot hide the browser it added.
    generations = soft_get_many([_generation_key(uid) for uid in user_ids])
    rows = list(PushSubscription.objects.filter(user_id__in=user_ids).values_list("pk", "user_id"))
    ids = [pk for pk, _ in rows]
    have = {uid for _, uid in rows}
    none = {
        _none_key(uid): generations.get(_generation_key(uid), _NO_GENERATION) for uid in user_ids if uid not in have
    }
    if none:
        soft_set_many(none, timeout=NONE_SECONDS)
    for pk in ids:
        try:
            if _celery():
                push_deliver_task.delay(pk, payload)
            else:
                _threads().submit(_in_thread, True, pk, payload)
        except Exception:
            log.warning("could not queue a push", exc_info=True)
    return len(ids)


def push_dispatch(*, user_ids: list[int], payload: dict[str, Any]) -> None:
    """Deliver to every subscription of ``user_ids`` in the background (``push_fanout``, itself a task on the
    ``push`` queue where workers run, else on the pool of threads). Call after commit."""
    if not push_enabled() or not user_ids:
        return
    user_ids = push_users_may_have(user_ids)
    if not user_ids:
        return  # none of them has a browser to push to: no task, no thread, no read
    try:
        if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
            push_fanout_task.delay(user_ids, payload)
        elif _celery():  # off the request: a hung broker must not hold the lock-in that closed the turn
            publish_later(push_fanout_task, user_ids, payload)
        else:
            _threads().submit(_in_thread, False, user_ids, payload)
    except Exception:
        log.warning("could not queue a push", exc_info=True)
