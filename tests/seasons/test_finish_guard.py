"""A season can't be finished while its matches run: its public archive would reveal their seeds."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.models import HostAction, Match
from seasons.models import Season
from seasons.services import SeasonError, season_finish, season_matches_abort
from tests.seasons.factories import abc_episode, host_user, started_season

pytestmark = pytest.mark.django_db


def test_finishing_a_season_with_a_running_match_is_refused() -> None:
    """A season can't be finished while its matches run (finish them or forfeit them first, by a named host step)."""
    season = started_season()
    episode = abc_episode(season)
    with pytest.raises(SeasonError, match="Abort the season's unfinished matches"):
        season_finish(season_id=season.pk, user=host_user())
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    assert Client().get(f"/seasons/{season.slug}/archive.json").status_code == 404
    assert episode.mm_match is not None


def test_abort_step_then_finish_exports_the_seed_of_an_over_match_only() -> None:
    """The named host step aborts every unfinished match (logged with the reason); then the season finishes
    and the archive carries each match's commitment, and its seed now that it is over."""
    season = started_season()
    episode = abc_episode(season)
    host = host_user()
    ids = season_matches_abort(season_id=season.pk, user=host, reason="the season ends early")
    assert ids == [episode.mm_match.pk]
    match = Match.objects.get(pk=ids[0])
    assert match.status == Match.Status.ABORTED
    assert HostAction.objects.filter(match=match, action="match_abort").exists()
    # The Final is another test's matter: crown someone so only the open-match guard is in play.
    type(season).objects.filter(pk=season.pk).update(champion=season.entrants.first())
    season_finish(season_id=season.pk, user=host)
    data = json.loads(Client().get(f"/seasons/{season.slug}/archive.json").content)
    mm = data["episodes"][0]["main_match"]
    assert mm["seed_sha256"] == match.seed_sha256 and mm["seed"] == match.seed


def test_host_console_offers_the_abort_step() -> None:
    """The step is taken from the host console like every other, with a reason; no id is typed."""
    season = started_season()
    abc_episode(season)
    client = Client()
    client.force_login(host_user())
    r = client.post(f"/seasons/{season.slug}/host/", {"step": "abort_matches", "reason": "ending"}, follow=True)
    assert r.status_code == 200
    assert not Match.objects.filter(status=Match.Status.RUNNING).exists()
