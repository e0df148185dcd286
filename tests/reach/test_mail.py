"""E-mail through a real SMTP server on loopback: the five notifications, unsubscribe, digest, time zones."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.models import Turn
from reach.models import Mail, MailPrefs
from reach.services.mail import mail_digests_send, mail_queue, prefs_save
from reach.tasks import mail_deliver
from seasons.services import episode_dmo_pick
from seasons.services.reminders import deadline_reminders_send
from tests.reach.conftest import SmtpSink
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season, user

pytestmark = pytest.mark.django_db(transaction=True)


def _with_emails(zones: dict[str, str] | None = None) -> None:
    for u in get_user_model().objects.all():
        u.email = f"{u.username}@example.test"
        u.time_zone = (zones or {}).get(u.username, "UTC")
        u.save(update_fields=["email", "time_zone"])


def _season() -> Any:
    season = started_season()
    _with_emails({"ann": "Asia/Tokyo"})
    return season


def test_a_turn_awaits_your_move_with_headers_and_a_working_unsubscribe_link(smtp: SmtpSink) -> None:
    """ "a turn awaits your move" — "one-click unsubscribe (a signed link)", in the user's own time zone."""
    season = _season()
    match = abc_episode(season).mm_match
    [msg] = smtp.to("ann@example.test")
    turn = Turn.objects.get(match=match, status="open")
    assert msg["Subject"].strip() == f"{match}: {turn.label} awaits your move"
    tokyo = turn.deadline.astimezone(__import__("zoneinfo").ZoneInfo("Asia/Tokyo"))
    body = msg.get_payload(decode=True).decode()
    assert f"{tokyo:%a %d %b, %H:%M} (Asia/Tokyo)" in body
    link = msg["List-Unsubscribe"].strip().strip("<>")
    assert msg["List-Unsubscribe-Post"].strip() == "List-Unsubscribe=One-Click"
    assert link in body
    path = link.split("://", 1)[1].split("/", 1)[1]
    # The mail client's one-click POST (RFC 8058) needs no session and no CSRF token.
    r = Client(enforce_csrf_checks=True).post("/" + path, {"List-Unsubscribe": "One-Click"})
    assert r.status_code == 200 and b"no more" in r.content
    assert MailPrefs.objects.get(user=user("ann")).turn is False
    assert Client().get("/" + path[:-3] + "xx/").status_code == 400  # a tampered link does nothing


def test_two_hours_left_and_you_have_not_locked_in(smtp: SmtpSink) -> None:
    """ "2 hours left and you haven't locked in"."""
    season = _season()
    match = abc_episode(season).mm_match
    turn = Turn.objects.get(match=match, status="open")
    deadline_reminders_send(now=turn.deadline - timedelta(minutes=90))
    [msg] = [m for m in smtp.to("ann@example.test") if "closes soon" in m["Subject"].strip()]
    assert "have not locked in" in msg.get_payload(decode=True).decode()


def test_picked_as_dmo_and_your_death_match_starts_at(smtp: SmtpSink) -> None:
    """ "you were picked as DMO" and "your Death Match starts at …" (each in the player's own zone)."""
    season = _season()
    episode = abc_episode(season)
    finish_mm(episode, winners=["bob"], candidates=["ann"])
    episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("ann"), dmo="cat")
    cat = [m["Subject"].strip() for m in smtp.to("cat@example.test")]
    assert "You are a Death Match opponent" in cat
    assert any(s.startswith("Your Death Match starts at") and "(UTC)" in s for s in cat)
    assert any(
        m["Subject"].strip().startswith("Your Death Match starts at") and "(Asia/Tokyo)" in m["Subject"].strip()
        for m in smtp.to("ann@example.test")
    )


def test_the_dealer_answered_you(smtp: SmtpSink) -> None:
    """ "the dealer answered you"."""
    season = _season()
    match = abc_episode(season).mm_match
    ann, host = Client(), Client()
    ann.force_login(user("ann"))
    host.force_login(user("host"))
    ann.post(reverse("reach:match_thread", args=[match.pk]), {"text": "Can I pair myself?"})
    from reach.models import Thread

    host.post(reverse("reach:host_thread", args=[Thread.objects.get().pk]), {"text": "No."})
    [msg] = [m for m in smtp.to("ann@example.test") if "answered" in m["Subject"].strip()]
    assert "No." in msg.get_payload(decode=True).decode()
    assert not [m for m in smtp.to("host@example.test") if "answered" in m["Subject"].strip()]


def test_each_notification_is_a_setting(smtp: SmtpSink) -> None:
    """ "each a per-user setting": a turned-off kind is not sent."""
    season = _season()
    prefs_save(user=user("ann"), values={"turn": False})
    abc_episode(season)
    assert smtp.to("ann@example.test") == [] and smtp.to("bob@example.test") == []  # bob is not awaited yet
    c = Client()
    c.force_login(user("bob"))
    c.post(reverse("reach:mail_prefs"), {"turn": "on", "deadline": "on", "digest": "on"})
    prefs = MailPrefs.objects.get(user=user("bob"))
    assert (prefs.turn, prefs.dmo, prefs.digest) == (True, False, True)


def test_the_daily_digest_comes_at_the_user_s_own_morning(smtp: SmtpSink, settings: Any) -> None:
    """ "a daily digest option, in the user's own time zone"."""
    settings.GARNET_DIGEST_HOUR = 8
    season = _season()
    prefs_save(user=user("ann"), values={"digest": True})
    abc_episode(season)
    assert smtp.to("ann@example.test") == []
    assert Mail.objects.get(user=user("ann")).status == Mail.Status.DIGEST
    utc_8 = datetime(2030, 1, 1, 8, 0, tzinfo=UTC)  # 17:00 in Tokyo: not ann's morning
    assert mail_digests_send(now=utc_8) == 0
    tokyo_8 = datetime(2030, 1, 1, 23, 0, tzinfo=UTC)  # 08:00 on 2 Jan in Tokyo
    assert mail_digests_send(now=tokyo_8) == 1
    assert mail_digests_send(now=tokyo_8 + timedelta(minutes=15)) == 0  # one a day
    [msg] = smtp.to("ann@example.test")
    assert (
        msg["Subject"].strip() == "Your Garnet day: 1 update"
        and "awaits your move" in msg.get_payload(decode=True).decode()
    )


def test_a_failed_send_is_retried_and_sent_once(smtp: SmtpSink) -> None:
    """ "sent by Celery through Django's e-mail backend with retries"; a mail goes out once."""
    season = _season()
    real_send = __import__("django.core.mail", fromlist=["EmailMessage"]).EmailMessage.send
    calls = {"n": 0}

    def flaky(self: Any, *a: Any, **k: Any) -> int:
        calls["n"] += 1
        if calls["n"] == 1:
            raise ConnectionRefusedError("smtp down")
        return real_send(self, *a, **k)

    with mock.patch("django.core.mail.EmailMessage.send", flaky):
        abc_episode(season)
    mail = Mail.objects.get(user=user("ann"))
    assert (mail.status, mail.attempts) == (Mail.Status.SENT, 2)
    mail_deliver.apply(args=[mail.pk])
    assert len(smtp.to("ann@example.test")) == 1


def test_no_address_or_unknown_kind_sends_nothing() -> None:
    """A user without an e-mail address gets nothing (and nothing is queued)."""
    started_season()
    assert mail_queue(user=user("ann"), kind="turn", key="k", subject="s", body="b") is None
    assert not Mail.objects.exists()
