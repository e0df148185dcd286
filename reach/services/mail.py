"""E-mail: five notifications, each a per-user setting, one-click unsubscribe, an optional daily digest.

A :class:`Mail` row is written where the event happens (its unique key: one mail per event);
Celery sends it after commit through Django's e-mail backend, retrying on failure. Times in
a mail are in the recipient's own time zone.
"""

from __future__ import annotations

import re
import zoneinfo
from datetime import datetime, tzinfo
from functools import partial
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from reach.models import Mail, MailPrefs
from reach.services.dispatch import dispatch
from reach.services.errors import BadUnsubscribeLink

UNSUBSCRIBE_SALT = "reach.unsubscribe"
KIND_TITLES = {
    f.name: str(getattr(f, "verbose_name", f.name)) for f in MailPrefs._meta.get_fields() if f.name in MailPrefs.KINDS
}


def user_zone(user: Any) -> tzinfo:
    """The user's time zone (UTC when unknown)."""
    try:
        return zoneinfo.ZoneInfo(getattr(user, "time_zone", "") or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def local_time(user: Any, moment: datetime) -> str:
    """``moment`` as the user reads it: "Sun 23 Nov, 14:05 (Europe/Paris)"."""
    zone = user_zone(user)
    return f"{timezone.localtime(moment, zone):%a %d %b, %H:%M} ({zone})"


def prefs_of(user: Any) -> MailPrefs:
    """The user's mail settings (every notification on, no digest, until they change them)."""
    return MailPrefs.objects.get_or_create(user=user)[0]


def prefs_save(*, user: Any, values: dict[str, bool]) -> MailPrefs:
    """Save the user's choice of notifications and digest."""
    prefs = prefs_of(user)
    for name in (*MailPrefs.KINDS, "digest", "discord_reminders"):
        if name in values:
            setattr(prefs, name, bool(values[name]))
    prefs.save()
    return prefs


def unsubscribe_token(*, user: Any, kind: str) -> str:
    """A signed token that turns off ``kind`` (or "all") for ``user`` with one click."""
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_url(*, user: Any, kind: str) -> str:
    """The absolute one-click unsubscribe link for ``kind``."""
    path = reverse("reach:unsubscribe", args=[unsubscribe_token(user=user, kind=kind)])
    return f"{settings.GARNET_SITE_URL}{path}"


def mail_unsubscribe(*, token: str) -> tuple[Any, str]:
    """Turn off the notification a signed link names; return the user and the kind."""
    from django.contrib.auth import get_user_model

    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature as exc:
        raise BadUnsubscribeLink("This unsubscribe link is broken or was altered.") from exc
    user = get_user_model().objects.filter(pk=data.get("u")).first()
    kind = str(data.get("k", ""))
    if user is None or kind not in (*MailPrefs.KINDS, "all"):
        raise BadUnsubscribeLink("This unsubscribe link names nothing we send.")
    prefs_save(user=user, values={k: False for k in MailPrefs.KINDS} if kind == "all" else {kind: False})
    return user, kind


def header_line(text: str) -> str:
    """``text`` as one header-safe line: every line break, control and other whitespace run becomes one space.

    A game's title or a round's label may hold a newline; in a Subject it would make Django refuse the
    mail (BadHeaderError) or, unchecked, inject a header.
    """
    return " ".join(re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]", " ", text).split())


def mail_queue(*, user: Any, kind: str, key: str, subject: str, body: str, url: str = "") -> Mail | None:
    """Queue one mail of ``kind`` for ``user`` unless they turned it off or have no address.

    With the daily digest on it waits for the digest; otherwise it is sent after commit.
    """
    if not getattr(user, "email", "") or kind not in MailPrefs.KINDS:
        return None
    prefs = prefs_of(user)
    if not getattr(prefs, kind):
        return None
    status = Mail.Status.DIGEST if prefs.digest else Mail.Status.QUEUED
    try:
        with transaction.atomic():
            mail = Mail.objects.create(
                user=user,
                kind=kind,
                key=key[:160],
                subject=header_line(subject)[:200],
                body=body,
                url=url,
                status=status,
            )
    except IntegrityError:
        return None
    if status == Mail.Status.QUEUED:
        transaction.on_commit(lambda: _enqueue(mail.pk))
    return mail


def _enqueue(mail_id: int) -> None:
    from reach.tasks import mail_deliver

    dispatch(mail_deliver, mail_id, inline=lambda pk: mail_send(mail_id=pk))


def _message(mail: Mail) -> EmailMessage:
    user = mail.user
    kind = mail.kind if mail.kind in MailPrefs.KINDS else "all"
    stop = unsubscribe_url(user=user, kind=kind)
    link = f"\n{settings.GARNET_SITE_URL}{mail.url}\n" if mail.url else ""
    settings_url = f"{settings.GARNET_SITE_URL}{reverse('reach:mail_prefs')}"
    what = KIND_TITLES.get(kind, "these e-mails")
    footer = (
        f'\n--\nYou get this because "{what}" is on in your Garnet e-mail settings: {settings_url}\n'
        f"Stop it with one click: {stop}\n"
    )
    return EmailMessage(
        subject=header_line(mail.subject),  # a row queued before subjects were made one line
        body=f"Hello {user.username},\n\n{mail.body}{link}{footer}",
        to=[user.email],
        from_email=settings.DEFAULT_FROM_EMAIL,
        headers={
            "List-Unsubscribe": f"<{stop}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )


def mail_send(*, mail_id: int) -> bool:
    """Send a queued mail once (a sent one is not sent again); an error propagates for the task to retry."""
    mail = Mail.objects.select_related("user").filter(pk=mail_id).first()
    if mail is None or mail.status != Mail.Status.QUEUED:
        return False
    Mail.objects.filter(pk=mail.pk).update(attempts=mail.attempts + 1)
    _message(mail).send(fail_silently=False)
    Mail.objects.filter(pk=mail.pk).update(status=Mail.Status.SENT, sent_at=timezone.now())
    return True


def mail_give_up(*, mail_id: int) -> None:
    """Mark a mail failed after its last retry."""
    Mail.objects.filter(pk=mail_id, status=Mail.Status.QUEUED).update(status=Mail.Status.FAILED)


def mail_digests_send(*, now: datetime | None = None) -> int:
    """Bundle each user's waiting mails into one digest at ``GARNET_DIGEST_HOUR`` of their own day; return how many.

    Run every quarter hour: a user is due when their local hour is the digest hour; the digest's
    key (user and local date) makes it one a day.
    """
    moment = now or timezone.now()
    made = 0
    waiting = Mail.objects.filter(status=Mail.Status.DIGEST).select_related("user").order_by("pk")
    by_user: dict[int, list[Mail]] = {}
    for mail in waiting:
        by_user.setdefault(mail.user_id, []).append(mail)
    for items in by_user.values():
        user = items[0].user
        local = timezone.localtime(moment, user_zone(user))
        if local.hour != settings.GARNET_DIGEST_HOUR:
            continue
        lines = [
            f"- {m.subject} ({local_time(user, m.created_at)})"
            + (f"\n  {settings.GARNET_SITE_URL}{m.url}" if m.url else "")
            for m in items
        ]
        with transaction.atomic():
            try:
                with transaction.atomic():
                    digest = Mail.objects.create(
                        user=user,
                        kind="digest",
                        key=f"digest:{user.pk}:{local:%Y-%m-%d}",
                        subject=f"Your Garnet day: {len(items)} update{'s' if len(items) != 1 else ''}",
                        body="Since your last digest:\n\n" + "\n".join(lines) + "\n",
                        url=reverse("games:dashboard"),
                    )
            except IntegrityError:
                continue
            Mail.objects.filter(pk__in=[m.pk for m in items]).update(status=Mail.Status.SENT, sent_at=moment)
            transaction.on_commit(partial(_enqueue, digest.pk))
        made += 1
    return made
