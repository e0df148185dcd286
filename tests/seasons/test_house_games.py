"""A season plays the dealer's own games (issue 25: "A season lists the dealer's games beside the
installed ones when starting an episode or a DM, filtered by the number of players left")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from games.house.engine.definition import definition_load_text
from games.house.models import HouseGame
from games.house.services import house_game_create, house_game_update
from games.match.selectors import match_name
from games.models import Match
from seasons.models import Episode
from seasons.services import SeasonError, episode_start, season_create
from seasons.services.picks import episode_dmo_pick
from tests.factories import UserFactory, users
from tests.seasons.factories import HANDLES, host_user, open_pick, play_to_end, started_season, user

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).resolve().parents[2] / "games" / "house" / "engine" / "samples"


def sample(name: str, **changes: Any) -> dict[str, Any]:
    return {**definition_load_text((SAMPLES / f"{name}.yaml").read_text()), **changes}


def dealer_games(host: Any) -> dict[str, HouseGame]:
    return {
        "auction": house_game_create(owner=host, definition=sample("dealers_auction")),  # 3–13, Main Match
        "small": house_game_create(owner=host, definition=sample("two_thirds", players={"min": 2, "max": 4})),
        "guess": house_game_create(owner=host, definition=sample("two_thirds")),  # 2–16
        "rps": house_game_create(owner=host, definition=sample("rps_best_of_5")),  # a Death Match
    }


def console(season: Any, host: Any = None) -> str:
    client = Client()
    client.force_login(host or season.hosts.get())
    return client.get(f"/seasons/{season.slug}/host/").content.decode()


def test_the_console_lists_the_dealers_games_that_fit_the_players_left() -> None:
    season = started_season()  # 13 players
    games = dealer_games(season.hosts.get())
    page = console(season)
    game_select = page.split('name="game"')[1].split("</select>")[0]
    dm_select = page.split('name="dm_game"')[1].split("</select>")[0]
    assert f'value="house:{games["auction"].pk}"' in game_select
    assert "The dealer&#x27;s auction (your game, v1, 3–13 players)" in game_select
    assert f'value="house:{games["guess"].pk}"' in game_select
    assert f'house:{games["small"].pk}"' not in game_select  # 2–4 players: not for 13
    assert f'house:{games["rps"].pk}"' not in game_select  # a Death Match is not a Main Match
    for_all, fewer = game_select.split("For fewer players")
    assert 'value="abc"' not in for_all and 'value="exodia"' not in for_all  # 5 and 7 players only…
    assert 'value="abc"' in fewer and 'value="exodia"' in fewer  # …offered apart, for some of the players
    assert "house:" not in fewer
    assert 'value="house"' not in game_select  # the engine plays only a chosen definition
    assert f'value="house:{games["rps"].pk}"' in dm_select
    assert "(your game, v1, 2 players)" in dm_select
    assert f'house:{games["guess"].pk}"' not in dm_select


def test_a_co_host_s_games_are_listed_and_named_as_theirs() -> None:
    season = started_season()
    host = season.hosts.get()
    other = host_user("cohost")
    season.hosts.add(other)
    game = house_game_create(owner=other, definition=sample("two_thirds"))
    page = console(season, host)
    assert f'value="house:{game.pk}"' in page
    assert "(cohost&#x27;s game, v1, 2–16 players)" in page


def test_an_episode_plays_the_dealers_game_then_its_death_match_is_the_dealers_too() -> None:
    season = started_season(dm_lead_seconds=0)
    host = season.hosts.get()
    games = dealer_games(host)
    client = Client()
    client.force_login(host)
    answer = client.post(
        f"/seasons/{season.slug}/host/episode/",
        {"game": f"house:{games['guess'].pk}", "players": HANDLES, "dm_game": f"house:{games['rps'].pk}"},
        follow=True,
    )
    assert "Episode 1 has started" in answer.content.decode()
    episode = Episode.objects.get(season=season)
    match = episode.mm_match
    assert match.game == "house"
    assert match.options["house_game"] == games["guess"].pk and match.options["house_version"] == 1
    assert match.options["definition"] == games["guess"].latest.definition
    assert match_name(match).startswith("Two-thirds of the average · "), "the page names the dealer's game"
    # An edit after the start is a new version for later matches; this match keeps the version it started with.
    house_game_update(game_id=games["guess"].pk, user=host, definition=sample("two_thirds", rounds=9))
    match.refresh_from_db()
    assert match.options["definition"]["rounds"] == 3

    play_to_end(match, seed="mm")
    episode.refresh_from_db()
    assert episode.candidates, "the dealer's game named the candidates through its Outcome"
    pick = open_pick(episode)
    ec = pick.picker.handle
    dmo = next(h for h in HANDLES if h != ec and h not in episode.mm_winners)
    duel = episode_dmo_pick(pick_id=pick.pk, user=user(ec), dmo=dmo)
    duel.refresh_from_db()
    dm = duel.match
    assert dm is not None and dm.game == "house"
    assert dm.options["house_game"] == games["rps"].pk
    assert dm.players == [ec, dmo]
    assert match_name(dm).startswith("Best of 5 rock-paper-scissors · ")
    play_to_end(dm, seed="dm")
    duel.refresh_from_db()
    assert duel.loser is not None and not duel.loser.alive


def test_the_season_s_default_death_match_can_be_a_dealers_game() -> None:
    host = host_user()
    rps = house_game_create(owner=host, definition=sample("rps_best_of_5"))
    guess = house_game_create(owner=host, definition=sample("two_thirds"))
    users(HANDLES[:5])
    season = season_create(name="S", slug="s", players=HANDLES[:5], hosts=[host], dm_game=f"house:{rps.pk}")
    assert season.dm_game == f"house:{rps.pk}"
    with pytest.raises(SeasonError, match="is a Main Match, not a Death Match"):
        season_create(name="T", slug="t", players=HANDLES[:5], hosts=[host], dm_game=f"house:{guess.pk}")
    client = Client()
    client.force_login(host)
    assert f'value="house:{rps.pk}"' in client.get("/seasons/new/").content.decode()


def test_a_dealers_game_that_does_not_take_the_players_is_refused_by_name() -> None:
    season = started_season()
    games = dealer_games(season.hosts.get())
    with pytest.raises(SeasonError, match="takes 2–4 players, not 13"):
        episode_start(season_id=season.pk, game=f"house:{games['small'].pk}", players=HANDLES)
    with pytest.raises(SeasonError, match="no longer exists"):
        episode_start(season_id=season.pk, game="house:999999", players=HANDLES)
    assert not Match.objects.exists()


def test_the_admin_offers_the_dealers_death_matches_as_a_season_s_default() -> None:
    host = host_user()
    rps = house_game_create(owner=host, definition=sample("rps_best_of_5"))
    users(HANDLES[:3])
    season = season_create(name="S", slug="s", players=HANDLES[:3], hosts=[host], dm_game=f"house:{rps.pk}")
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(admin)
    page = client.get(f"/admin/seasons/season/{season.pk}/change/").content.decode()
    assert f'<option value="house:{rps.pk}" selected>' in page
    assert "(host&#x27;s game, v1, 2 players)" in page
