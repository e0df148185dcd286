"""Issue 47, finding "another designer's unpublished game": a dealer's game is used in a season only by
its designer, the hosts they share it with (by co-hosting the season), or once it is published; starting
a match publishes nothing by itself, so another designer's draft's rules page stays 404 to anonymous."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.house.engine.definition import definition_load_text
from games.house.models import HouseGame
from games.house.services import house_game_create
from games.models import Match
from seasons.models import Episode
from seasons.services import SeasonError, episode_start, season_create
from seasons.services.errors import GameNotShared
from seasons.services.final import final_leg_start
from tests.seasons.factories import HANDLES, host_user, started_season

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).resolve().parents[2] / "games" / "house" / "engine" / "samples"


def _draft(owner: Any, name: str = "two_thirds") -> HouseGame:
    return house_game_create(owner=owner, definition=definition_load_text((SAMPLES / f"{name}.yaml").read_text()))


def _rules_status(game: HouseGame) -> int:
    return Client().get(f"/games/house/{game.pk}/v1/rules/").status_code


def test_another_designers_unpublished_game_is_refused_and_stays_unpublished() -> None:
    """The finding as filed: a host starts a Main Match with a stranger's draft by its id; refused by name of
    the rule, no match, and the draft's rules page is still 404 to a visitor with no account."""
    season = started_season()
    stranger = _draft(host_user("designer"))
    assert _rules_status(stranger) == 404
    with pytest.raises(GameNotShared, match="only when its designer hosts or co-hosts the season"):
        episode_start(season_id=season.pk, game=f"house:{stranger.pk}", players=HANDLES)
    assert not Match.objects.exists() and not Episode.objects.exists()
    assert _rules_status(stranger) == 404


def test_another_designers_unpublished_game_is_refused_by_the_api_and_the_console() -> None:
    """The REST edge answers 403 with the refusal's code; the console (which lists only the hosts' own and
    refuses anything else before the service) says "Nothing started" and why."""
    season = started_season()
    stranger = _draft(host_user("designer"))
    api = APIClient()
    api.force_authenticate(season.hosts.get())
    answer = api.post(f"/api/seasons/{season.slug}/episodes/start/", {"game": f"house:{stranger.pk}"}, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "game_not_shared"
    assert stranger.title not in answer.content.decode(), "a guessed id tells nothing of the draft"
    console = Client()
    console.force_login(season.hosts.get())
    page = console.post(
        f"/seasons/{season.slug}/host/episode/", {"game": f"house:{stranger.pk}", "players": HANDLES}, follow=True
    ).content.decode()
    assert "Nothing started" in page and "not one of the available choices" in page  # the console lists only theirs
    assert not Match.objects.exists()
    assert _rules_status(stranger) == 404


def test_another_designers_death_match_is_refused_as_a_default_an_episode_s_and_a_final_game() -> None:
    """Every place a season stores or starts a game checks the same rule: the season's default Death Match,
    an episode's Death Match and a game of the Final."""
    rps = _draft(host_user("designer"), "rps_best_of_5")
    host = host_user("other")
    with pytest.raises(GameNotShared):
        season_create(name="S", slug="s", players=HANDLES[:3], hosts=[host], dm_game=f"house:{rps.pk}")
    season = started_season(slug="s2")
    with pytest.raises(GameNotShared):
        episode_start(season_id=season.pk, game="abc", players=HANDLES[:5], dm_game=f"house:{rps.pk}")
    with pytest.raises(SeasonError):  # the Final is not ready either; the game is refused first or with it
        final_leg_start(season_id=season.pk, game=f"house:{rps.pk}")
    assert _rules_status(rps) == 404


def test_a_designer_shares_a_game_by_co_hosting_and_a_published_game_is_anyones() -> None:
    """The designer co-hosting the season lets its hosts start the game; once a match was started with it
    (its rules page public), any season may play it."""
    season = started_season()
    designer = host_user("designer")
    game = _draft(designer)
    season.hosts.add(designer)
    episode_start(season_id=season.pk, game=f"house:{game.pk}", players=HANDLES)
    assert _rules_status(game) == 200  # published by its designer's own season
    users_elsewhere = started_season(HANDLES[:5], slug="s2")
    assert designer not in users_elsewhere.hosts.all()
    episode = episode_start(season_id=users_elsewhere.pk, game=f"house:{game.pk}", players=HANDLES[:5])
    assert episode.mm_match.options["house_game"] == game.pk


def test_a_host_s_options_cannot_name_another_designers_game() -> None:
    """The options a host passes cannot overwrite which dealer's game a match plays (and so publish a
    stranger's draft through ``house_game``): the chosen game's own identity wins."""
    season = started_season()
    own = _draft(season.hosts.get())
    stranger = _draft(host_user("designer"))
    episode = episode_start(
        season_id=season.pk,
        game=f"house:{own.pk}",
        players=HANDLES,
        options={"house_game": stranger.pk, "house_version": 1, "definition": stranger.latest.definition},
    )
    assert episode.mm_match.options["house_game"] == own.pk
    assert _rules_status(stranger) == 404
