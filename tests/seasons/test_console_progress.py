"""The host console, issue 26: who has moved (never what), optional reasons, a pause players can read,
controls that say what is missing, and the season log's "mark as checked" explained."""

from __future__ import annotations

import pytest
from django.test import Client

from games.match.services import submission_submit
from games.models import Turn
from seasons.models import SeasonLog
from tests.seasons.factories import abc_episode, started_season

pytestmark = pytest.mark.django_db


def _console(season: object) -> tuple[Client, str]:
    client = Client()
    client.force_login(season.hosts.get())  # type: ignore[attr-defined]
    return client, f"/seasons/{season.slug}/host/"  # type: ignore[attr-defined]


def test_the_console_says_who_has_not_moved_and_who_locked_in_but_not_what() -> None:
    """'The host console says who has not moved yet in each open turn (and who has locked in), without
    revealing what they saved.'"""
    season = started_season()
    episode = abc_episode(season)
    match = episode.mm_match
    client, url = _console(season)
    turn = Turn.objects.get(match=match, status="open")
    x = turn.awaiting[0]
    page = client.get(url).content.decode()
    assert f"not moved yet: {x}" in page
    others = [p for p in match.players if p != x]
    submission_submit(match_id=match.pk, player=x, move={"pairs": [others[:2], others[2:]]}, lock=False)
    page = client.get(url).content.decode()
    assert f"saved, not locked in: {x}" in page and "everyone awaited has moved" in page
    assert others[0] + " &amp; " not in page.split("turn-progress")[1][:600]  # the move itself is not shown
    match_page = client.get(f"/matches/{match.pk}/").content.decode()  # the host panel on the match page too
    assert "saved, not locked in" in match_page


def test_a_pause_without_a_reason_works_and_players_see_the_stopped_clock() -> None:
    """'Reasons are optional ... today Resume with an empty reason silently does nothing'; 'When the host
    pauses, players see the reason, the time left when paused, and that the clock stops.'"""
    season = started_season()
    episode = abc_episode(season)
    match = episode.mm_match
    client, url = _console(season)
    client.post(url, {"step": "match", "control": "pause", "target_id": match.pk, "reason": "Technical problem"})
    player = Client()
    player.force_login(season.entrants.get(user__username=match.players[0]).user)
    page = player.get(f"/matches/{match.pk}/").content.decode()
    assert "Paused by the host" in page and "“Technical problem”" in page
    assert "The clock is stopped" in page and "left; it runs on from there" in page
    client.post(url, {"step": "match", "control": "resume", "target_id": match.pk, "reason": ""})
    match.refresh_from_db()
    assert match.status == "running"


def test_a_control_with_nothing_filled_in_says_what_is_missing() -> None:
    """'a control with nothing filled in still works or says exactly what is missing'."""
    season = started_season()
    episode = abc_episode(season)
    client, url = _console(season)
    r = client.post(
        url, {"step": "match", "control": "deadline", "target_id": episode.mm_match_id, "reason": ""}, follow=True
    )
    assert "Choose the new deadline (a date and a time) first." in r.content.decode()
    turn = Turn.objects.get(match=episode.mm_match, status="open")
    before = turn.deadline
    # Extend with the duration the select offers first: a 24-hour round's default is an hour.
    page = client.get(url).content.decode()
    assert '<option value="3600" selected>' in page
    client.post(url, {"step": "match", "control": "extend", "target_id": episode.mm_match_id, "seconds": 3600})
    turn.refresh_from_db()
    assert (turn.deadline - before).total_seconds() == 3600


def test_the_season_logs_check_mark_is_explained_and_done_once() -> None:
    """'The season log's "confirm" on every line is unexplained: say what it is or remove it.'"""
    season = started_season()
    client, url = _console(season)
    page = client.get(url).content.decode()
    assert "can be marked as checked" in page and "that changes nothing" in page
    step = SeasonLog.objects.filter(season=season, user__isnull=True).first()
    assert step is not None
    client.post(url, {"step": "confirm", "target_id": step.pk})
    page = client.get(url).content.decode()
    assert "✓ checked" in page and "A host checked an automatic step" in page
