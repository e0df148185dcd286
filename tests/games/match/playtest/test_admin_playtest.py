"""The admin's playtest page: a host proposes options, the job runs, the page shows progress and the report."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.match.services.playtest import playtest_run_execute
from games.models import PlaytestRun

pytestmark = pytest.mark.django_db


@pytest.fixture
def host_client() -> Client:
    user = get_user_model().objects.create_superuser("host", password="garnet-pass-1")
    c = Client()
    c.force_login(user)
    return c


def test_the_form_lists_every_game_and_strategy(host_client: Client) -> None:
    r = host_client.get(reverse("admin:games_playtestrun_add"))
    assert r.status_code == 200
    html = r.content.decode()
    assert "Playtest a game" in html and "abc:tit-for-tat" in html and "density:fight-early" in html
    # Each game's declared options are fields, never a text box of JSON.
    assert 'name="options"' not in html and "<textarea" not in html
    assert '<select name="exodus-variant"' in html and 'name="density-lives"' in html
    assert 'data-game="warriors"' in html


def test_a_host_runs_a_playtest_and_sees_the_report(
    host_client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        r = host_client.post(
            reverse("admin:games_playtestrun_add"),
            {
                "game": "exodus",
                "bots": ["exodus:greedy", "exodus:hoarder", "abc:maximiser"],
                "players": "8",
                "exodus-variant": "gems",
                "abc-x_order": "not read: abc is not the chosen game",
                "matches": "8",
                "seed": "host",
            },
        )
    run = PlaytestRun.objects.get()
    assert r.status_code == 302 and r["Location"] == reverse("admin:games_playtestrun_change", args=[run.pk])
    assert run.status == "done" and run.done == 8 and run.bots == "greedy,hoarder"
    assert run.options["variant"] == "gems" and run.summary["matches"] == 8
    page = host_client.get(r["Location"]).content.decode()
    assert "Done" in page and "hx-get" not in page and "<iframe" in page
    report = host_client.get(reverse("admin:games_playtestrun_report", args=[run.pk]))
    assert report.status_code == 200 and b"Playtest: exodus" in report.content
    assert report["X-Frame-Options"] == "SAMEORIGIN"
    policy = report["Content-Security-Policy"]
    assert "frame-ancestors 'self'" in policy and "script-src 'none'" in policy


def test_progress_polls_while_the_run_is_queued_and_stops_when_done(host_client: Client) -> None:
    run = PlaytestRun.objects.create(game="abc", players=5, bots="random", matches=10, seed="p")
    url = reverse("admin:games_playtestrun_progress", args=[run.pk])
    fragment = host_client.get(url).content.decode()
    assert 'hx-trigger="every 1s"' in fragment and "0 of 10 matches" in fragment
    assert playtest_run_execute(run_id=run.pk) is True
    assert playtest_run_execute(run_id=run.pk) is False  # a run plays once
    fragment = host_client.get(url).content.decode()
    assert "hx-get" not in fragment and "Done" in fragment


def test_options_that_cannot_start_a_match_are_refused_on_the_form(host_client: Client) -> None:
    r = host_client.post(
        reverse("admin:games_playtestrun_add"),
        {"game": "exodus", "players": "5", "exodus-variant": "marbles", "matches": "5", "seed": "x"},
    )
    assert r.status_code == 200 and "Select a valid choice" in r.content.decode()
    r = host_client.post(
        reverse("admin:games_playtestrun_add"),
        {"game": "density", "players": "4", "density-lives": "500", "matches": "5", "seed": "x"},
    )
    assert r.status_code == 200 and "less than or equal to 100" in r.content.decode()
    assert not PlaytestRun.objects.exists()


def test_players_outside_the_game_range_are_refused(host_client: Client) -> None:
    r = host_client.post(
        reverse("admin:games_playtestrun_add"), {"game": "abc", "players": "3", "matches": "5", "seed": "x"}
    )
    assert "takes 5–5 players" in r.content.decode() and not PlaytestRun.objects.exists()


def test_the_admin_needs_staff() -> None:
    r = Client().get(reverse("admin:games_playtestrun_add"))
    assert r.status_code == 302 and "login" in r["Location"]


@pytest.mark.django_db(transaction=True)
def test_the_embedded_default_plays_the_run_in_a_thread_while_the_page_polls(host_client: Client) -> None:
    """No Celery worker and no eager mode: a background thread plays the run and the page sees it finish."""
    import time

    from django.test import override_settings

    with override_settings(CELERY_TASK_ALWAYS_EAGER=False, GARNET_CELERY_ENABLED=False):
        r = host_client.post(
            reverse("admin:games_playtestrun_add"),
            {"game": "abc", "bots": ["abc:maximiser"], "matches": "20", "seed": "thread"},
        )
    assert r.status_code == 302
    run = PlaytestRun.objects.get()
    url = reverse("admin:games_playtestrun_progress", args=[run.pk])
    for _ in range(1800):  # a loaded CI machine may take a while
        run.refresh_from_db()
        if run.status == "done":
            break
        time.sleep(0.1)
    assert run.status == "done" and run.done == 20
    assert "Done" in host_client.get(url).content.decode()
