"""Notifications: a turn awaits you, a deadline is near, you are picked as DMO, you are eliminated (issue 7)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.db.models.signals import post_save
from django.test import Client
from django.urls import reverse

from games.match import broadcast
from games.match.services import submission_submit
from games.models import Turn
from seasons.models import Notice
from seasons.services import episode_dmo_pick
from seasons.services.reminders import deadline_reminders_send
from tests.seasons.factories import abc_episode, finish_dm, finish_mm, open_pick, started_season, user

pytestmark = pytest.mark.django_db


@pytest.mark.django_db(transaction=True)  # its turns close, and notices go out, after commit
def test_a_player_is_told_when_a_turn_awaits_them() -> None:
    """ "a player is told ... when a turn awaits them" (and the next turn's players after it closes)."""
    season = started_season()
    match = abc_episode(season).mm_match
    assert Notice.objects.filter(user__username="ann", kind="turn").count() == 1
    submission_submit(match_id=match.pk, player="ann", move={"pairs": [["bob", "cat"], ["dan", "eve"]]}, lock=True)
    for p in ("bob", "cat", "dan", "eve"):
        assert Notice.objects.filter(user__username=p, kind="turn").exists()


def test_a_player_is_told_when_a_deadline_is_near_once() -> None:
    """ "when a deadline is near": one reminder per turn and player who has not locked in."""
    season = started_season()
    match = abc_episode(season).mm_match
    turn = Turn.objects.get(match=match, status="open")
    assert deadline_reminders_send() == 0
    soon = turn.deadline - timedelta(minutes=30)
    assert deadline_reminders_send(now=soon) == 1
    assert deadline_reminders_send(now=soon) == 0
    assert "closes in 30 min" in Notice.objects.get(kind="deadline").text


def test_picked_as_dmo_and_eliminated_are_notified() -> None:
    """ "when they are picked as DMO, and when they are eliminated"."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    assert Notice.objects.filter(user__username="eve", kind="pick").exists()
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    assert Notice.objects.filter(user__username="gus", kind="dmo", text__contains="eve picked you").exists()
    finish_dm(duel, loser="gus")
    assert Notice.objects.filter(user__username="gus", kind="eliminated").exists()


@pytest.mark.django_db(transaction=True)  # its turns close, and notices go out, after commit
def test_notices_are_pushed_live_to_the_users_group() -> None:
    """ "live": each notice goes to the user's websocket group as a user.notify event, after commit."""
    sent: list[Any] = []
    with mock.patch.object(broadcast, "send", side_effect=lambda events: sent.extend(events)):
        season = started_season()
        finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    eve = user("eve")
    pushes = [p for g, p in sent if g == broadcast.group_user(eve.pk)]
    assert any(p["type"] == "user.notify" and p["kind"] == "pick" for p in pushes)


def test_notices_show_on_the_dashboard() -> None:
    """ "and on their dashboard": the dashboard includes the user's notices."""
    season = started_season()
    abc_episode(season)
    c = Client()
    c.force_login(user("ann"))
    html = c.get(reverse("games:dashboard")).content.decode()
    assert "Notifications" in html and "awaits your move" in html


def test_live_death_match_turns_are_announced_once() -> None:
    """A live DM (60 s turns) announces its first turn; the players are on its page for the rest."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    from tests.seasons.factories import play_to_end

    sent: list[str] = []

    def count(sender: object, instance: Notice, created: bool, **kwargs: object) -> None:
        if created and instance.user.username == "gus" and instance.kind == "turn" and "Death Match" in instance.text:
            sent.append(instance.text)

    post_save.connect(count, sender=Notice, dispatch_uid="test.count_turn_notices")
    try:
        duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
        play_to_end(duel.match, seed="live")
    finally:
        post_save.disconnect(dispatch_uid="test.count_turn_notices", sender=Notice)
    assert 1 <= len(sent) <= 2
    # Each call to move went with its turn (issue 26): none is left once the match is over.
    assert not Notice.objects.filter(user__username="gus", kind="turn", text__contains="Death Match").exists()


def test_one_notice_per_match_and_turn_cleared_when_the_turn_closes_or_the_match_is_opened() -> None:
    """'Notices: one per match and turn, the old ones cleared when the turn closes or the match is opened'."""
    from games.match.services import turn_close
    from games.models import Turn

    season = started_season()
    match = abc_episode(season).mm_match
    x = Turn.objects.get(match=match, status="open").awaiting[0]
    assert Notice.objects.filter(user__username=x, kind="turn").count() == 1
    Notice.objects.filter(user__username=x).update(seen=True)  # seen on the dashboard, not acted on
    turn_close(turn_id=Turn.objects.get(match=match, status="open").pk, force=True)
    assert not Notice.objects.filter(user__username=x, kind="turn", text__contains="pairing").exists()
    awaited = Turn.objects.get(match=match, status="open").awaiting
    assert all(Notice.objects.filter(user__username=p, kind="turn").count() == 1 for p in awaited)
    c = Client()
    c.force_login(user(awaited[0]))
    c.get(reverse("games:match", args=[match.pk]))
    assert not Notice.objects.filter(user__username=awaited[0], kind="turn").exists()


def test_the_dashboard_shows_my_open_pick() -> None:
    """The EC's DMO pick is on their dashboard with its countdown."""
    season = started_season()
    finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    c = Client()
    c.force_login(user("eve"))
    html = c.get(reverse("games:dashboard")).content.decode()
    assert "Death Match opponent pick in Season s1, Episode 1" in html


def test_opening_a_match_with_nothing_to_clear_writes_nothing() -> None:
    """Opening a match page clears its calls to move and marks its other notices seen; with none, one read."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from seasons.services.notify import notices_seen_for

    season = started_season()
    match = abc_episode(season).mm_match
    x = user(Turn.objects.get(match=match, status="open").awaiting[0])
    url = reverse("games:match", args=[match.pk])
    Notice.objects.create(user=x, kind="picked", text="You were picked", url=url)
    assert notices_seen_for(user=x, url=url) == 2  # the call to move went, the other notice is seen
    assert not Notice.objects.filter(user=x, kind="turn", url=url).exists()
    assert Notice.objects.get(user=x, url=url).seen
    with CaptureQueriesContext(connection) as queries:
        assert notices_seen_for(user=x, url=url) == 0
    assert len(queries) == 1 and queries[0]["sql"].startswith("SELECT")


def test_a_dmo_drawn_by_lot_is_told_so_not_that_someone_picked_them() -> None:
    """Issue 38: a notification tells the truth: a Death Match opponent drawn by lot is told that."""
    from seasons.services.picks import picks_close_due

    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    assert picks_close_due(now=pick.deadline + timedelta(seconds=1)) == 1
    pick.refresh_from_db()
    told = Notice.objects.get(user=pick.choice.user, kind="dmo").text
    assert "drawn by lot" in told and "picked you" not in told
