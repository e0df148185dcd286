"""Public announcements to a season's Discord webhook, as embeds with a link back.

A :class:`Delivery` row is written inside the transaction that caused the announcement (its
unique key makes it one post however often anything runs); the HTTP post happens after
commit in a Celery task, so a slow or failing Discord never holds up a turn close. Only
public facts are ever announced: callers pass public text, never a thread or a private line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import requests
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from reach.models import Delivery, SeasonChannel
from reach.selectors import webhook_of
from reach.services.dispatch import dispatch
from reach.services.errors import BadWebhook
from reach.webhooks import webhook_problem
from seasons.models import Season

GARNET_COLOUR = 0x9B1C31
MAX_ATTEMPTS = 8
DESCRIPTION_LIMIT = 4000  # Discord allows 4096 characters in an embed description


@dataclass(frozen=True)
class Attempt:
    """What one post did: ``done`` (sent, failed for good or nothing to do) or ``retry_in`` seconds."""

    done: bool
    retry_in: float | None = None
    status: int | None = None


def season_channel_set(*, season: Season, discord_webhook: str) -> SeasonChannel:
    """Set (or clear, with "") the season's Discord webhook; anything but a Discord webhook address is refused."""
    url = (discord_webhook or "").strip()
    if url and webhook_problem(url):
        raise BadWebhook(webhook_problem(url))
    channel, _ = SeasonChannel.objects.update_or_create(season=season, defaults={"discord_webhook": url})
    return channel


def announcement_queue(
    *, season: Season, key: str, title: str, description: str = "", path: str = ""
) -> Delivery | None:
    """Queue one public announcement for the season's webhook; None when it has none or ``key`` was queued."""
    if not webhook_of(season):
        return None
    embed = {
        "title": title[:256],
        "description": description[:DESCRIPTION_LIMIT],
        "color": GARNET_COLOUR,
        "timestamp": timezone.now().isoformat(),
        "footer": {"text": season.name[:200]},
    }
    if path:
        embed["url"] = f"{settings.GARNET_SITE_URL}{path}"
    payload = {"username": "Garnet", "embeds": [embed], "allowed_mentions": {"parse": []}}
    try:
        with transaction.atomic():
            delivery = Delivery.objects.create(season=season, key=key[:160], payload=payload)
    except IntegrityError:
        return None
    transaction.on_commit(lambda: _enqueue(delivery.pk))
    return delivery


def _enqueue(delivery_id: int) -> None:
    from reach.tasks import discord_deliver

    dispatch(discord_deliver, delivery_id, inline=lambda pk: delivery_run_inline(delivery_id=pk))


def delivery_run_inline(*, delivery_id: int) -> None:
    """Post a delivery with its retries in this thread (the embedded default's stand-in for Celery)."""
    for _ in range(MAX_ATTEMPTS):
        result = delivery_attempt(delivery_id=delivery_id)
        if result.done:
            return
        time.sleep(result.retry_in or 1)


def backoff(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failed try on a 5xx: 2, 4, 8 … capped at 5 minutes."""
    return float(min(300, 2**attempts))


def delivery_attempt(*, delivery_id: int) -> Attempt:
    """Post a pending delivery once. Sent or failed for good: done. 429: retry after Discord's
    ``retry_after``. 5xx or no answer: retry with backoff, until ``MAX_ATTEMPTS``."""
    with transaction.atomic():
        delivery = Delivery.objects.select_for_update().select_related("season").filter(pk=delivery_id).first()
        if delivery is None or delivery.status != Delivery.Status.PENDING:
            return Attempt(done=True)
        url = webhook_of(delivery.season)
        if not url:
            return Attempt(done=True)
        if webhook_problem(url):  # set before the rule: never posted to, the host told why
            Delivery.objects.filter(pk=delivery.pk).update(
                status=Delivery.Status.FAILED, last_error=webhook_problem(url)
            )
            return Attempt(done=True)
        delivery.attempts += 1
        delivery.save(update_fields=["attempts"])
    try:
        resp = requests.post(url, json=delivery.payload, timeout=settings.GARNET_WEBHOOK_TIMEOUT)
    except requests.RequestException as exc:
        return _failed(delivery, f"no answer: {exc}", retry_in=backoff(delivery.attempts))
    if 200 <= resp.status_code < 300:
        Delivery.objects.filter(pk=delivery.pk).update(
            status=Delivery.Status.SENT, sent_at=timezone.now(), last_error=""
        )
        return Attempt(done=True, status=resp.status_code)
    if resp.status_code == 429:
        return _failed(delivery, "rate limited (429)", retry_in=_retry_after(resp), status=429, counts=False)
    if resp.status_code >= 500:
        return _failed(
            delivery,
            f"Discord answered {resp.status_code}",
            retry_in=backoff(delivery.attempts),
            status=resp.status_code,
        )
    Delivery.objects.filter(pk=delivery.pk).update(
        status=Delivery.Status.FAILED, last_error=f"Discord answered {resp.status_code}: {resp.text[:300]}"
    )
    return Attempt(done=True, status=resp.status_code)


def _retry_after(resp: requests.Response) -> float:
    """Discord's wait in seconds: ``retry_after`` in the JSON body, else the Retry-After header, else 1."""
    try:
        return max(0.0, float(resp.json()["retry_after"]))
    except (ValueError, KeyError, TypeError):
        try:
            return max(0.0, float(resp.headers.get("Retry-After", "1")))
        except ValueError:
            return 1.0


def _failed(
    delivery: Delivery, error: str, *, retry_in: float, status: int | None = None, counts: bool = True
) -> Attempt:
    """Record a failed try; past ``MAX_ATTEMPTS`` (a 429 does not count) the delivery fails for good."""
    if not counts:
        Delivery.objects.filter(pk=delivery.pk).update(attempts=delivery.attempts - 1, last_error=error)
    elif delivery.attempts >= MAX_ATTEMPTS:
        Delivery.objects.filter(pk=delivery.pk).update(status=Delivery.Status.FAILED, last_error=error)
        return Attempt(done=True, status=status)
    else:
        Delivery.objects.filter(pk=delivery.pk).update(last_error=error)
    return Attempt(done=False, retry_in=retry_in, status=status)
