"""Issue 46's words and smaller steps: the words a newcomer meets first say what they mean, the timeline says why
someone became the Elimination Candidate, the console hears join requests live, the Settings page offers the
new-season form's shortest pick time, and Eliminate asks once."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from seasons.log_text import log_sentence
from seasons.models import Episode, Notice, Season, SeasonLog
from seasons.services.casting import season_join_request
from seasons.settings_spec import BY_NAME
from seasons.web.forms import DURATIONS
from tests.factories import UserFactory
from tests.seasons.factories import abc_episode, finish_mm, host_user, open_pick, started_season, user

pytestmark = pytest.mark.django_db


def _named(season: Season) -> str:
    return log_sentence(SeasonLog.objects.filter(season=season, action="ec_named").latest("pk"))


def test_the_timeline_says_a_tie_on_points_and_the_tiebreak_order_named_the_ec() -> None:
    season = started_season()
    finish_mm(abc_episode(season), winners=["ann"], candidates=[], scores={"bob": 0, "cat": 0, "dan": 3, "eve": 1})
    line = _named(season)
    ec = "bob" if season.gamewide_order.index("bob") < season.gamewide_order.index("cat") else "cat"
    other = "cat" if ec == "bob" else "bob"
    assert line.startswith(f"Episode 1: {ec} was named the Elimination Candidate (EC): ")
    assert f"tied on 0 points with {other}" in line and "first of them in the gamewide tiebreak order" in line


def test_the_timeline_says_the_games_own_rule_named_the_ec() -> None:
    season = started_season()
    finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"], scores={"eve": 2, "bob": 5})
    assert "the Main Match's game named them by its own rule, on 2 points" in _named(season)


def test_the_words_say_death_match_opponent_not_dmo(client_for: Callable[[str], Client]) -> None:
    season = started_season()
    pick = open_pick(finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"]))
    assert Episode.objects.get(season=season).get_status_display() == (
        "The Elimination Candidate picks a Death Match opponent"
    )
    html = client_for("eve").get(reverse("season_pick", args=[season.slug, pick.pk])).content.decode()
    title = html.split("<title>")[1].split("</title>")[0]
    assert "Pick your Death Match opponent" in title and "DMO" not in title
    assert "DMO pick" not in html and "EC picks a DMO" not in html
    home = client_for("gus").get(reverse("season_home", args=[season.slug])).content.decode()
    assert "picks a Death Match opponent" in home and "EC picks a DMO" not in home
    assert "escape the DM" not in str(Season.TokenMode.SPENT.label)


def test_the_settings_page_offers_the_new_season_forms_pick_times() -> None:
    """30 seconds on both: the Settings page's choices are the new-season form's."""
    offered = [value for value, _label in BY_NAME["pick_seconds"].choices]
    assert offered[0] == 30 and [v for v, _ in DURATIONS] == offered


def test_a_join_request_reaches_the_console_live() -> None:
    host = host_user("boss")
    season = Season.objects.create(name="Open", slug="open", signup_code="c0de")
    season.hosts.add(host)
    season_join_request(season=season, code="c0de", user=UserFactory(username="newbie"))
    notice = Notice.objects.get(user=host, kind="join_request")
    assert notice.url == reverse("season_host", args=["open"]) and "newbie asks to join Open" in notice.text


def test_the_console_follows_join_requests_and_eliminate_asks_once(client_for: Callable[[str], Client]) -> None:
    host = host_user("boss")
    draft = Season.objects.create(name="Open", slug="open", signup_code="c0de")
    draft.hosts.add(host)
    html = client_for("boss").get(reverse("season_host", args=["open"])).content.decode()
    assert "data-live-cast" in html
    season = started_season(slug="run")
    season.hosts.add(user("host"))
    html = client_for("host").get(reverse("season_host", args=["run"])).content.decode()
    button = html.split('value="eliminate"')[1].split(">")[0]
    assert 'data-confirm="Eliminate {player} from the season now?' in button
