"""Faults: a worker dying mid-close, the sweeper down for a while, Redis down, DST changes."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.db import connection
from django.test import Client

from games.match import broadcast
from games.match.services import submission_submit, turn_close, turns_close_due
from games.match.services import turns as turns_module
from games.models import Match, Message, Submission, Turn
from tests.factories import UserFactory, abc_match, users
from tests.trust.conftest import REDIS_URL, postgres_only, redis_only
from tests.trust.wsutil import communicator, drain, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
PAIRS = {"pairs": [["bob", "dan"], ["cat", "eve"]], "double": False}


def _open(match: Match) -> Turn:
    return Turn.objects.get(match=match, status=Turn.Status.OPEN)


def _result(match: Match) -> tuple[Any, ...]:
    match.refresh_from_db()
    return (
        json.dumps(match.state, sort_keys=True),
        list(Message.objects.filter(match=match).order_by("seq").values_list("seq", "text", "to")),
        list(Turn.objects.filter(match=match).order_by("number").values_list("number", "status", "label", "awaiting")),
    )


def _twins(seed: str) -> tuple[Match, Match]:
    """Two identical matches (same seed, options, moves): one to break, one for reference."""
    return abc_match(seed=seed), abc_match(seed=seed)


def test_a_worker_dying_inside_the_close_transaction_leaves_the_turn_open_and_the_next_sweep_replays_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An exception inside the transaction after the turn, messages and state were written rolls all back."""
    broken, reference = _twins("killed")
    for m in (broken, reference):
        submission_submit(match_id=m.pk, player="ann", move=PAIRS)
    deadline = _open(broken).deadline
    later = deadline + timedelta(seconds=5)
    real_open = turns_module.turn_open
    writes: list[int] = []

    def dying_open(**kwargs: Any) -> Turn:
        writes.append(Message.objects.filter(match=kwargs["match"]).count())  # the messages are written by now
        raise SystemExit("worker killed")

    monkeypatch.setattr(turns_module, "turn_open", dying_open)
    with pytest.raises(SystemExit):
        turn_close(turn_id=_open(broken).pk, now=later)
    assert writes and writes[0] > 0, "the fault should strike after some writes"
    # Nothing of the half-done close survives.
    assert _open(broken).number == 1 and not Message.objects.filter(match=broken).exists()
    broken.refresh_from_db()
    assert broken.last_seq == 0
    monkeypatch.setattr(turns_module, "turn_open", real_open)
    assert turns_close_due(now=later) == 2
    assert _result(broken)[1:] == _result(reference)[1:] and _result(broken)[0] == _result(reference)[0]


@postgres_only
def test_a_worker_process_killed_mid_close_leaves_the_turn_open_and_the_next_sweep_replays_it() -> None:
    """A real process SIGKILLed inside the close transaction (PostgreSQL drops its uncommitted writes)."""
    broken, reference = _twins("sigkill")
    turn = _open(broken)
    later = turn.deadline + timedelta(seconds=5)
    settings_dict = connection.settings_dict
    url = f"postgres://{settings_dict['USER']}@{settings_dict['HOST']}:{settings_dict['PORT']}/{settings_dict['NAME']}"
    script = textwrap.dedent(f"""
        import os, signal, django
        django.setup()
        from datetime import datetime
        from games.models import Message
        from games.match.services import turns
        def die(**kwargs):
            assert Message.objects.filter(match=kwargs["match"]).exists()
            os.kill(os.getpid(), signal.SIGKILL)
        turns.turn_open = die
        turns.turn_close(turn_id={turn.pk}, now=datetime.fromisoformat({later.isoformat()!r}))
    """)
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert proc.returncode == -9, proc.stderr.decode()[-2000:]
    assert _open(broken).number == 1 and not Message.objects.filter(match=broken).exists()
    assert turns_close_due(now=later) == 2
    assert _result(broken) == _result(reference)


def test_the_sweeper_down_for_a_while_closes_every_overdue_turn_in_deadline_order() -> None:
    """Twelve matches fall due at different times while no sweeper runs; one sweep closes all, oldest first."""
    now = datetime.now(tz=ZoneInfo("UTC"))
    rnd = random.Random(8)
    matches = [abc_match(seed=f"down-{i}") for i in range(12)]
    ages = rnd.sample(range(1, 600), len(matches))
    for m, minutes in zip(matches, ages, strict=True):
        Turn.objects.filter(match=m).update(deadline=now - timedelta(minutes=minutes))
    not_due = abc_match(seed="not-due")
    assert turns_close_due(now=now) == len(matches)
    order = list(Turn.objects.filter(number=2).order_by("pk").values_list("match_id", flat=True))
    expected = [m.pk for _, m in sorted(zip(ages, matches, strict=True), key=lambda p: -p[0])]
    assert order == expected
    assert _open(not_due).number == 1
    assert turns_close_due(now=now) == 0


@pytest.mark.parametrize(
    ("zone", "local_start"),
    [
        ("America/New_York", datetime(2025, 3, 8, 12, 0)),  # spring forward 9 Mar 02:00
        ("Europe/London", datetime(2025, 10, 25, 12, 0)),  # fall back 26 Oct 02:00
        ("Australia/Sydney", datetime(2025, 4, 5, 12, 0)),  # fall back 6 Apr 03:00 (southern autumn)
    ],
)
def test_deadlines_across_a_dst_change_close_exactly_once_on_time(zone: str, local_start: datetime) -> None:
    """A 24-hour turn opened the day before a DST change closes once, 86,400 s later (UTC), swept every minute."""
    tz = ZoneInfo(zone)
    start = local_start.replace(tzinfo=tz)
    UserFactory(username="ann", time_zone=zone)
    users(["bob", "cat", "dan", "eve"])
    from games.match.services.matches import match_start

    match = match_start(
        game="abc",
        players=["ann", "bob", "cat", "dan", "eve"],
        options={"x_order": ["ann", "bob", "cat", "dan", "eve"]},
        seed="dst",
        now=start,
    )
    first = _open(match)
    assert (first.deadline - start).total_seconds() == 86400
    local_deadline = first.deadline.astimezone(tz)
    assert local_deadline.utcoffset() != start.utcoffset(), "the deadline should fall after the change"
    closes: list[datetime] = []
    utc_start = start.astimezone(ZoneInfo("UTC"))  # the sweeper's clock is UTC (timezone.now())
    moment = utc_start + timedelta(hours=23, minutes=50)
    while moment <= utc_start + timedelta(hours=24, minutes=10):
        if turns_close_due(now=moment):
            closes.append(moment)
        moment += timedelta(seconds=60)
    assert len(closes) == 1
    assert timedelta(0) <= closes[0] - first.deadline < timedelta(seconds=60)
    first.refresh_from_db()
    assert first.closed_at == closes[0]
    # The player's page shows the next deadline in their own zone, with the offset after the change.
    nxt = _open(match)
    client = Client()
    client.force_login(UserFactory(username="bob", time_zone=zone))
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert nxt.deadline.isoformat() in page


@redis_only
def test_redis_down_submissions_still_save_pages_show_the_truth_and_pushes_resume(settings: Any) -> None:
    """With the channel layer and cache on a dead port nothing the player does fails; pushes come back with Redis."""
    match = abc_match(seed="redis-down")
    http, cookie = session_cookie("ann")
    live_layers = settings.CHANNEL_LAYERS
    dead = "redis://127.0.0.1:9/0"
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer", "CONFIG": {"hosts": [dead]}}
    }
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": dead}}
    response = http.post(
        f"/api/matches/{match.pk}/submit/", {"move": PAIRS, "lock": True}, content_type="application/json"
    )
    assert response.status_code == 201, response.content
    assert Submission.objects.filter(turn__match=match, player="ann").exists()
    turn1 = Turn.objects.get(match=match, number=1)
    assert turn1.status == Turn.Status.CLOSED  # locked in: closed at once, its pushes dropped
    page = http.get(f"/matches/{match.pk}/")
    assert page.status_code == 200
    for text in Message.objects.filter(match=match, to__isnull=True).values_list("text", flat=True):
        assert text in page.content.decode() or text.replace("'", "&#x27;") in page.content.decode()
    assert http.get(f"/api/matches/{match.pk}/").json()["turn"]["number"] == 2
    assert broadcast.send([(broadcast.group_public(match.pk), {"type": "match.event", "event": "x"})]) == 0

    # Redis is back.
    settings.CHANNEL_LAYERS = live_layers
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}

    async def watch() -> list[dict[str, Any]]:
        comm = communicator(f"/ws/matches/{match.pk}/", cookie)
        connected, _ = await comm.connect()
        assert connected
        await drain(comm)
        turn = await database_sync_to_async(lambda: _open(match))()
        assert await database_sync_to_async(turn_close)(turn_id=turn.pk, force=True)
        frames = await drain(comm, 1.0)
        await comm.disconnect()
        return frames

    frames = async_to_sync(watch)()
    assert any(f["event"] == "turn" for f in frames), frames
