"""The library's pages (issue 44): ready games anyone may read, that a dealer copies into the designer."""

from __future__ import annotations

import pytest
from django.test import Client

from games.house.library import library_definition, library_games
from games.house.models import HouseGame
from tests.factories import UserFactory
from tests.seasons.factories import HANDLES, host_user, started_season

pytestmark = pytest.mark.django_db


def test_the_library_lists_every_ready_game_to_anyone_and_offers_no_copy_to_a_spectator() -> None:
    """A spectator with no account reads the list and each game's rules, without a copy button."""
    page = Client().get("/games/house/library/").content.decode()
    for game in library_games():
        assert f'href="/games/house/library/{game.name}/"' in page and game.title.replace("'", "&#x27;") in page
    assert "Copy to my games" not in page
    rules = Client().get("/games/house/library/only_one/").content.decode()
    assert "A number nobody else" in rules and "Copy to my games" not in rules
    assert Client().get("/games/house/library/nothing/").status_code == 404


def test_copy_to_my_games_makes_version_1_of_the_dealers_own_and_opens_the_designer() -> None:
    """The copy is the dealer's to change: version 1 equals the library's definition."""
    host = host_user()
    client = Client()
    client.force_login(host)
    assert "Copy to my games" in client.get("/games/house/library/").content.decode()
    response = client.post("/games/house/library/morra/copy/")
    game = HouseGame.objects.get(owner=host)
    assert response.status_code == 302 and response["Location"] == f"/games/house/{game.pk}/edit/"
    assert game.latest.definition == library_definition("morra") and game.title == "Morra"
    assert 'href="/games/house/library/"' in client.get("/games/house/").content.decode()


def test_copy_is_refused_to_a_player_who_does_not_design_and_to_a_get() -> None:
    """Only a designer copies, and only by POST."""
    client = Client()
    client.force_login(UserFactory(username="zed"))
    assert client.post("/games/house/library/morra/copy/").status_code == 403
    host = Client()
    host.force_login(host_user())
    assert host.get("/games/house/library/morra/copy/").status_code == 405
    assert not HouseGame.objects.exists()


def test_the_console_offers_the_library_games_for_the_players_left_labelled_as_such() -> None:
    """Three players left: library Main Matches for 3 in the game list, the library's duels in the DM list."""
    season = started_season(HANDLES[:3])
    client = Client()
    client.force_login(season.hosts.get())
    page = client.get(f"/seasons/{season.slug}/host/").content.decode()
    game_select = page.split('name="game"')[1].split("</select>")[0]
    dm_select = page.split('name="dm_game"')[1].split("</select>")[0]
    assert 'value="library:only_one"' in game_select
    assert "Only one (ready game from the library, 2–16 players)" in game_select
    assert 'value="library:one_thief"' not in game_select  # 4–12 players
    assert 'value="library:morra"' not in game_select and 'value="library:morra"' in dm_select
