"""Host tools in the admin: start a match, extend / pause / resume a turn, close it now; every step logged."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.models import HostAction, Match, Turn
from tests.factories import abc_match, users

pytestmark = pytest.mark.django_db


@pytest.fixture
def host_client() -> Client:
    user = get_user_model().objects.create_superuser("host", password="garnet-pass-1")
    c = Client()
    c.force_login(user)
    return c


def act(client: Client, match: Match, action: str) -> None:
    r = client.post(reverse("admin:games_match_changelist"), {"action": action, "_selected_action": [match.pk]})
    assert r.status_code == 302


def test_host_starts_an_abc_match_for_five_players(host_client: Client) -> None:
    """Start an ABC match for five of them."""
    users(["ann", "bob", "cat", "dan", "eve"])
    r = host_client.post(
        reverse("admin:games_match_start"),
        {"game": "abc", "players": "ann, bob, cat, dan, eve", "options": "{}", "seed": "", "title": "Episode 1 MM"},
    )
    assert r.status_code == 302
    match = Match.objects.get()
    assert match.players == ["ann", "bob", "cat", "dan", "eve"] and match.status == "running"
    assert HostAction.objects.filter(action="match_start").exists()


def test_start_form_explains_a_bad_roster(host_client: Client) -> None:
    users(["ann", "bob"])
    r = host_client.post(reverse("admin:games_match_start"), {"game": "abc", "players": "ann, bob", "options": "{}"})
    assert r.status_code == 200 and "takes 5" in r.content.decode()


def test_host_extends_pauses_resumes_and_closes_with_a_log(host_client: Client) -> None:
    """Extend or pause a turn, close it now; every host action is logged."""
    match = abc_match()
    turn = Turn.objects.get(match=match, status="open")
    act(host_client, match, "extend_turn_hour")
    turn.refresh_from_db()
    first_deadline = turn.deadline
    assert first_deadline > turn.opened_at + timedelta(hours=24)
    act(host_client, match, "pause_matches")
    match.refresh_from_db()
    assert match.status == "paused" and Turn.objects.get(pk=turn.pk).is_paused
    act(host_client, match, "resume_matches")
    act(host_client, match, "close_turn_now")
    assert Turn.objects.get(pk=turn.pk).status == "closed"
    logged = set(HostAction.objects.values_list("action", flat=True))
    assert {"turn_extend", "match_pause", "turn_pause", "match_resume", "turn_resume", "turn_close_now"} <= logged


def test_replay_action_reports_identical(host_client: Client) -> None:
    match = abc_match()
    act(host_client, match, "close_turn_now")
    r = host_client.post(
        reverse("admin:games_match_changelist"),
        {"action": "replay_matches", "_selected_action": [match.pk]},
        follow=True,
    )
    assert "identical to the stored match" in r.content.decode()
