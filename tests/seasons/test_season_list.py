"""'/seasons/: a list of running and finished seasons; a schedule of what is open and when it closes' (issue 26)."""

from __future__ import annotations

import pytest
from django.test import Client

from seasons.models import Season
from tests.seasons.factories import abc_episode, finish_mm, started_season

pytestmark = pytest.mark.django_db


def test_the_list_shows_each_running_seasons_open_turns_and_picks_soonest_first_and_the_finished_ones() -> None:
    season = started_season()
    finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])  # eve's DMO pick is open
    done = started_season(slug="old")
    Season.objects.filter(pk=done.pk).update(status=Season.Status.FINISHED)
    page = Client().get("/seasons/").content.decode()
    assert "Open now, soonest first" in page and "eve picks a Death Match opponent" in page and "closes" in page
    assert page.index(season.name) < page.index("Finished") < page.index('href="/seasons/old/"')
    assert '<a href="/seasons/">Seasons</a>' in page  # in the navigation


def test_the_season_page_starts_with_the_state_of_play_and_the_ecs_pick_first() -> None:
    """'On a phone the season page starts with the state of play: who is alive ..., what is happening now,
    and the viewer's own next action (an EC's "Pick your Death Match opponent" first), before the timeline.'"""
    from tests.seasons.factories import user

    season = started_season()
    finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    c = Client()
    c.force_login(user("eve"))
    page = c.get(f"/seasons/{season.slug}/").content.decode()
    pick = page.index("Pick your Death Match opponent")
    assert pick < page.index("<h2>Now</h2>") < page.index("<h2>Standings</h2>") < page.index("Episodes</h2>")
    assert page.index("<h2>Standings</h2>") < page.index("Timeline")


def test_a_live_death_match_shows_its_bout_score() -> None:
    """'a live Death Match shows its bout score' (its game's public score, nothing hidden)."""
    from games.match.services import turn_close
    from games.models import Turn
    from seasons.services import episode_dmo_pick
    from tests.seasons.factories import open_pick, user

    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    turn_close(turn_id=Turn.objects.get(match=duel.match, status="open").pk, force=True)  # a round is played
    page = Client().get("/seasons/").content.decode()
    assert "Bout 1 · Round 2 (Rounds won (as announced), Bout 1: eve 0, gus 0)" in page
