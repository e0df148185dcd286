"""A host changes the open episode's Death Match game on the console until one of its Death Matches starts
(the admin was the only way): the dealer who designs a Death Match after starting the Main Match uses it."""

from __future__ import annotations

import pytest
from django.test import Client

from games.house.services import house_game_create
from games.models import Match
from seasons.models import Episode
from seasons.selectors import dmo_eligible
from seasons.services import SeasonError, episode_start
from seasons.services.dm_game import episode_dm_game_set
from seasons.services.picks import episode_dmo_pick
from tests.seasons.factories import HANDLES, open_pick, play_to_end, started_season, user
from tests.seasons.test_house_games import sample

pytestmark = pytest.mark.django_db


def test_the_console_sets_the_episodes_death_match_game_until_it_starts() -> None:
    season = started_season(HANDLES[:5])
    host = season.hosts.get()
    episode = episode_start(season_id=season.pk, game="abc", players=HANDLES[:5], user=host, seed="e1")
    rps = house_game_create(owner=host, definition=sample("rps_best_of_5"))
    client = Client()
    client.force_login(host)
    page = client.get(f"/seasons/{season.slug}/host/").content.decode()
    assert 'id="dm-game"' in page and f'value="house:{rps.pk}"' in page
    r = client.post(
        f"/seasons/{season.slug}/host/", {"step": "dm_game", "target_id": episode.pk, "other": f"house:{rps.pk}"}
    )
    assert r.status_code == 302
    episode.refresh_from_db()
    assert episode.dm_game == f"house:{rps.pk}"
    assert "a host set the Death Match game: Best of 5" in client.get(f"/seasons/{season.slug}/host/").content.decode()
    with pytest.raises(SeasonError, match="not an installed 2-player game"):
        episode_dm_game_set(episode_id=episode.pk, game="abc", user=host)
    # The Death Match plays the chosen game; once it has started the choice is closed.
    assert episode.mm_match is not None
    play_to_end(episode.mm_match)
    pick = open_pick(episode)
    episode_dmo_pick(pick_id=pick.pk, user=user(pick.picker.handle), dmo=dmo_eligible(episode)[0])
    duel = Episode.objects.get(pk=episode.pk).duels.get()
    assert duel.match is not None and Match.objects.get(pk=duel.match_id).game == "house"
    with pytest.raises(SeasonError, match="has started"):
        episode_dm_game_set(episode_id=episode.pk, game="warriors", user=host)
    assert 'id="dm-game"' not in client.get(f"/seasons/{season.slug}/host/").content.decode()
