"""Celery tasks: thin wrappers that call one service each, with the retries of outside deliveries."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from reach.services import discord, mail

MAIL_RETRIES = 5


@shared_task(bind=True, name="reach.tasks.discord_deliver", ignore_result=True, max_retries=12)
def discord_deliver(self: Any, delivery_id: int) -> None:
    """Post one Discord announcement; wait as long as a 429 asks, back off on a 5xx."""
    result = discord.delivery_attempt(delivery_id=delivery_id)
    if not result.done:
        raise self.retry(countdown=result.retry_in)


@shared_task(bind=True, name="reach.tasks.mail_deliver", ignore_result=True, max_retries=MAIL_RETRIES)
def mail_deliver(self: Any, mail_id: int) -> None:
    """Send one e-mail; on an SMTP or network error retry with backoff, then give up."""
    try:
        mail.mail_send(mail_id=mail_id)
    except Exception as exc:
        if self.request.retries >= MAIL_RETRIES:
            mail.mail_give_up(mail_id=mail_id)
            return
        raise self.retry(exc=exc, countdown=discord.backoff(self.request.retries + 1)) from exc


@shared_task(name="reach.tasks.mail_digests_send", ignore_result=True)
def mail_digests_send() -> int:
    """Every quarter hour: send the daily digests whose local hour has come."""
    return mail.mail_digests_send()


@shared_task(bind=True, name="reach.tasks.discord_dm_send", ignore_result=True, max_retries=20)
def discord_dm_send(self: Any, dm_id: int) -> None:
    """Send one Discord direct message; wait as long as a 429 asks, back off on a 5xx."""
    from reach.discord.reminders import dm_attempt

    result = dm_attempt(dm_id=dm_id)
    if not result.done:
        raise self.retry(countdown=result.retry_in)


@shared_task(name="reach.tasks.discord_interaction_finish", ignore_result=True)
def discord_interaction_finish(payload: dict[str, Any]) -> None:
    """Finish a deferred Discord interaction (a Save, a Lock in, a host's close) and edit its answer in."""
    from reach.discord.deferred import interaction_finish

    interaction_finish(payload=payload)
