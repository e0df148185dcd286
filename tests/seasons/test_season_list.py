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
    assert "Open now, soonest first" in page and "eve: " in page and "closes" in page
    assert page.index(season.name) < page.index("Finished") < page.index('href="/seasons/old/"')
    assert '<a href="/seasons/">Seasons</a>' in page  # in the navigation
