"""Notifications: a turn awaits you, a deadline is near, you are picked as DMO, you are eliminated (issue 7)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games import broadcast
from games.models import Turn
from games.services import submission_submit
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
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    from tests.seasons.factories import play_to_end

    play_to_end(duel.match, seed="live")
    turn_notices = Notice.objects.filter(user__username="gus", kind="turn", text__contains="Death Match")
    assert 1 <= turn_notices.count() <= 2


def test_the_dashboard_shows_my_open_pick() -> None:
    """The EC's DMO pick is on their dashboard with its countdown."""
    season = started_season()
    finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    c = Client()
    c.force_login(user("eve"))
    html = c.get(reverse("games:dashboard")).content.decode()
    assert "DMO pick in Season s1, Episode 1" in html
