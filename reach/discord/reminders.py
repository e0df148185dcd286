"""Deadline reminders by Discord direct message, for players who linked Discord and keep the setting on.

The season's reminder (a "deadline" notice: a turn closes soon and the player has not locked in,
or a pick is due) becomes a :class:`~reach.models.DirectMessage` row in the same transaction; a
Celery task sends it after commit: it opens the DM channel and posts the text, waiting as long as
a 429's ``retry_after`` asks (without using up an attempt), backing off on a 5xx, and giving up
on any other refusal (a player who blocks DMs from the server's members).
"""

from __future__ import annotations

import time
from typing import Any

from allauth.socialaccount.models import SocialAccount
from django.db import IntegrityError, transaction
from django.utils import timezone

from reach.discord import rest
from reach.models import DirectMessage, MailPrefs
from reach.services.discord import MAX_ATTEMPTS, Attempt, backoff
from reach.services.dispatch import dispatch
from seasons.models import Notice


def reminder_queue(notice: Notice) -> DirectMessage | None:
    """Queue a DM for a deadline notice; None when it is not one, the user has no Discord or turned DMs off."""
    if notice.kind != "deadline" or not notice.key:
        return None
    account = SocialAccount.objects.filter(user_id=notice.user_id, provider="discord").first()
    if account is None:
        return None
    prefs = MailPrefs.objects.filter(user_id=notice.user_id).first()
    if prefs is not None and not prefs.discord_reminders:
        return None
    from reach.discord.context import site_url

    text = f"⏰ {notice.text}" + (f"\n{site_url(notice.url)}" if notice.url else "")
    text += "\n(Turn these off: /garnet reminders on:False, or your e-mail settings page.)"
    try:
        with transaction.atomic():
            dm = DirectMessage.objects.create(
                user_id=notice.user_id, discord_id=account.uid, key=f"dm:{notice.key}", text=text
            )
    except IntegrityError:
        return None
    transaction.on_commit(lambda: _enqueue(dm.pk))
    return dm


def _enqueue(dm_id: int) -> None:
    from reach.tasks import discord_dm_send

    dispatch(discord_dm_send, dm_id, inline=lambda pk: dm_run_inline(dm_id=pk))


def dm_run_inline(*, dm_id: int, sleep: Any = time.sleep) -> None:
    """Send a DM with its retries in this thread (the embedded default's stand-in for Celery)."""
    for _ in range(MAX_ATTEMPTS * 2):
        result = dm_attempt(dm_id=dm_id)
        if result.done:
            return
        sleep(result.retry_in or 1)


def _retry(dm: DirectMessage, result: rest.Result) -> Attempt:
    """After a failed call: wait out a 429 (not counted), back off on a 5xx or no answer, else fail for good."""
    if result.retry_in is not None:
        DirectMessage.objects.filter(pk=dm.pk).update(attempts=dm.attempts - 1, last_error=result.error)
        return Attempt(done=False, retry_in=result.retry_in, status=429)
    if (result.status == 0 or result.status >= 500) and dm.attempts < MAX_ATTEMPTS:
        DirectMessage.objects.filter(pk=dm.pk).update(last_error=result.error[:400])
        return Attempt(done=False, retry_in=backoff(dm.attempts), status=result.status)
    DirectMessage.objects.filter(pk=dm.pk).update(status=DirectMessage.Status.FAILED, last_error=result.error[:400])
    return Attempt(done=True, status=result.status)


def dm_attempt(*, dm_id: int) -> Attempt:
    """Try once to send a pending DM: open the user's DM channel, then post to it."""
    with transaction.atomic():
        dm = DirectMessage.objects.select_for_update().filter(pk=dm_id).first()
        if dm is None or dm.status != DirectMessage.Status.PENDING:
            return Attempt(done=True)
        dm.attempts += 1
        dm.save(update_fields=["attempts"])
    opened = rest.call("POST", "/users/@me/channels", json={"recipient_id": dm.discord_id})
    if not opened.ok:
        return _retry(dm, opened)
    channel = str((opened.data or {}).get("id") or "")
    posted = rest.call(
        "POST", f"/channels/{channel}/messages", json={"content": dm.text[:2000], "allowed_mentions": {"parse": []}}
    )
    if not posted.ok:
        return _retry(dm, posted)
    DirectMessage.objects.filter(pk=dm.pk).update(
        status=DirectMessage.Status.SENT, sent_at=timezone.now(), last_error=""
    )
    return Attempt(done=True, status=posted.status)


def reminders_set(*, user: Any, on: bool) -> MailPrefs:
    """Turn the user's Discord deadline reminders on or off."""
    prefs = MailPrefs.objects.get_or_create(user=user)[0]
    prefs.discord_reminders = on
    prefs.save(update_fields=["discord_reminders"])
    return prefs
