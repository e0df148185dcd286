"""Web Push (RFC 8030/8291/8292) to a player's browsers, through pywebpush, with the site's VAPID keys.

Only with ``GARNET_VAPID_PRIVATE_KEY`` set (and its public key): the embedded default has none, and its
pages notify through the browser's own ``Notification`` while they are open (``static/turn_signal.js``).
A delivery is never made inside a transaction or a request: ``push_dispatch`` hands it to Celery after
commit, or to a daemon thread on the embedded default.
"""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

from celery import shared_task
from django.conf import settings

from alerts.models import PushSubscription

log = logging.getLogger(__name__)

GONE = (404, 410)
"""A push service's answer that the subscription is over (the browser unsubscribed): it is deleted."""


def push_enabled() -> bool:
    """Whether the site has VAPID keys, so browsers may subscribe to Web Push."""
    return bool(settings.GARNET_VAPID_PRIVATE_KEY and settings.GARNET_VAPID_PUBLIC_KEY)


def push_deliver(*, user_ids: list[int], payload: dict[str, Any]) -> int:
    """Send ``payload`` (JSON, encrypted for each browser) to every subscription of ``user_ids``; how many
    the push services took. A subscription the service says is gone is deleted; any other failure is logged."""
    if not push_enabled() or not user_ids:
        return 0
    from pywebpush import WebPushException, webpush

    data = json.dumps(payload, separators=(",", ":"))
    sent = 0
    for sub in PushSubscription.objects.filter(user_id__in=user_ids):
        try:
            webpush(
                subscription_info={"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}},
                data=data,
                vapid_private_key=settings.GARNET_VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.GARNET_VAPID_SUBJECT},
                ttl=int(payload.get("ttl", 3600)),
                timeout=10,
            )
            sent += 1
        except WebPushException as exc:
            status = getattr(exc.response, "status_code", None)
            if status in GONE:
                sub.delete()
            else:
                log.warning("a push to %s failed (%s)", sub.endpoint[:60], status or exc)
        except Exception:
            log.warning("a push to %s failed", sub.endpoint[:60], exc_info=True)
    return sent


@shared_task(name="alerts.push_deliver")
def push_deliver_task(user_ids: list[int], payload: dict[str, Any]) -> int:
    return push_deliver(user_ids=user_ids, payload=payload)


def push_dispatch(*, user_ids: list[int], payload: dict[str, Any]) -> None:
    """Deliver in the background: a Celery task where workers run, else a daemon thread. Call after commit."""
    if not push_enabled() or not user_ids:
        return
    if settings.GARNET_CELERY_ENABLED or getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        try:
            push_deliver_task.delay(user_ids, payload)
        except Exception:
            log.warning("could not queue a push", exc_info=True)
        return

    def run() -> None:
        try:
            push_deliver(user_ids=user_ids, payload=payload)
        except Exception:
            log.warning("a background push failed", exc_info=True)

    threading.Thread(target=run, daemon=True, name="garnet-webpush").start()
