"""Season: name, slug, hosts, entrants, status, the gamewide order and the host's settings (issue 7)."""

from __future__ import annotations

import pytest

from seasons.models import Entrant, Season
from seasons.services import SeasonError, season_create, season_start
from tests.factories import users
from tests.seasons.factories import HANDLES, started_season

pytestmark = pytest.mark.django_db


def test_season_has_hosts_entrants_status_and_defaults() -> None:
    """ "Season: name, slug, hosts, entrants, status ... settings with defaults a host can change"."""
    season = started_season()
    assert season.name == "Season s1" and season.slug == "s1" and season.status == Season.Status.RUNNING
    assert season.hosts.filter(username="host").exists()
    assert sorted(e.handle for e in season.entrants.all()) == sorted(HANDLES)
    assert all(e.status == Entrant.Status.ALIVE for e in season.entrants.all())
    assert season.token_mode == Season.TokenMode.SHIELD and season.confiscate_garnets
    assert season.mm_turn_seconds == 86400 and season.ecs_per_episode == 1 and not season.mm_winners_pick_ec
    assert season.dm_game == "warriors"


def test_gamewide_order_is_drawn_at_the_start_and_public() -> None:
    """ "a public gamewide tiebreak order drawn at the start": every entrant once, reproducible from the seed."""
    users(HANDLES)
    season = season_create(name="A", slug="a", players=HANDLES)
    assert season.gamewide_order == []
    season = season_start(season_id=season.pk, seed="x")
    assert sorted(season.gamewide_order) == sorted(HANDLES)
    other = season_create(name="B", slug="b", players=HANDLES)
    assert season_start(season_id=other.pk, seed="x").gamewide_order == season.gamewide_order


def test_settings_can_be_changed_by_the_host() -> None:
    """Token mode, confiscation, MM round and DM turn lengths, several ECs and the MM winners' EC pick are settings."""
    users(HANDLES)
    season = season_create(
        name="C",
        slug="c",
        players=HANDLES,
        token_mode="spent",
        confiscate_garnets=False,
        mm_turn_seconds=3600,
        dm_turn_seconds=90,
        ecs_per_episode=2,
        mm_winners_pick_ec=True,
    )
    assert (
        season.token_mode,
        season.confiscate_garnets,
        season.mm_turn_seconds,
        season.dm_turn_seconds,
        season.ecs_per_episode,
        season.mm_winners_pick_ec,
    ) == ("spent", False, 3600, 90, 2, True)


def test_bad_season_input_is_refused() -> None:
    """A duplicate slug, an unknown user or a DM game that is not 2-player: a clear message, nothing created."""
    users(HANDLES)
    season_create(name="A", slug="a", players=HANDLES)
    with pytest.raises(SeasonError, match="already exists"):
        season_create(name="A", slug="a", players=HANDLES)
    with pytest.raises(SeasonError, match="No such user: zed"):
        season_create(name="Z", slug="z", players=[*HANDLES, "zed"])
    with pytest.raises(SeasonError, match="2-player"):
        season_create(name="Y", slug="y", players=HANDLES, dm_game="abc")
    assert Season.objects.count() == 1
    with pytest.raises(SeasonError, match="already started"):
        s = Season.objects.get()
        season_start(season_id=s.pk)
        season_start(season_id=s.pk)
