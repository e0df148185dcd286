"""Issue 44: "a season of 6 players plays down to 2 from the library without the dealer designing anything"."""

from __future__ import annotations

from typing import Any

import pytest

from games.house.models import HouseGame
from games.models import Match
from seasons import selectors
from seasons.models import Episode, Pick
from seasons.selectors.game_choice import game_choice_name, game_choice_rules_url, game_choices
from seasons.services import SeasonError, episode_start, picks_close_due
from tests.seasons.factories import HANDLES, play_to_end, started_season

pytestmark = pytest.mark.django_db


def _flat(choices: list[Any]) -> list[tuple[str, str]]:
    """A select's choices with its groups opened."""
    return [x for c in choices for x in (c[1] if isinstance(c[1], list) else [c])]


def _library(choices: list[Any]) -> list[str]:
    return [value for value, _label in _flat(choices) if value.startswith("library:")]


def test_a_season_of_six_plays_down_to_two_choosing_only_library_games() -> None:
    """Each episode's Main Match is a library game offered for the players left, the Death Match the library's
    Morra; random legal moves throughout; nobody designs a game and every episode ends in an elimination."""
    season = started_season(HANDLES[:6], dm_game="library:morra")
    host = season.hosts.get()
    played: list[str] = []
    for n in range(1, 5):
        alive = selectors.alive_handles(season)
        offered = _library(game_choices(host, players=len(alive), owners=season.hosts.all()))
        assert len(offered) >= 2, (len(alive), offered)
        game = next((g for g in offered if g not in played), offered[0])
        episode = episode_start(season_id=season.pk, game=game, players=alive, seed=f"lib-{n}")
        assert episode.mm_match.game == "house" and episode.mm_match.options["library"] == game.split(":")[1]
        play_to_end(episode.mm_match, seed=f"mm-{n}")
        episode.refresh_from_db()
        assert episode.status == Episode.Status.DMO_PICK, (game, episode.status)
        pick = Pick.objects.get(episode=episode, status=Pick.Status.OPEN)
        assert picks_close_due(now=pick.deadline) == 1
        duel = episode.duels.get()
        assert duel.match.options["library"] == "morra"
        play_to_end(duel.match, seed=f"dm-{n}")
        episode.refresh_from_db()
        assert episode.status == Episode.Status.DONE
        assert len(selectors.alive_handles(season)) == 6 - n
        played.append(game)
    assert len(set(played)) == 4
    assert not HouseGame.objects.exists()
    assert Match.objects.filter(game="house").count() == 8


def test_every_count_from_2_to_16_offers_two_library_main_matches_and_2_a_death_match() -> None:
    """The library's promise, read through the host's own list (labelled as ready games of the library)."""
    season = started_season(HANDLES[:3])
    host = season.hosts.get()
    for players in range(2, 17):
        choices = game_choices(host, players=players)
        library = [(v, label) for v, label in _flat(choices) if v.startswith("library:")]
        assert len(library) >= 2, players
        assert all("ready game from the library" in label for _v, label in library)
    duels = _library(game_choices(host, players=2, duel=True))
    assert "library:morra" in duels and "library:rps_best_of_5" in duels


def test_a_library_choice_is_named_linked_and_refused_where_it_does_not_fit() -> None:
    """A stored choice reads as the game's title, links to its rules page, and a misfit is refused by its rule."""
    assert game_choice_name("library:only_one") == "Only one"
    assert game_choice_rules_url("library:only_one") == "/games/house/library/only_one/"
    season = started_season(HANDLES[:3])
    with pytest.raises(SeasonError, match="One thief among us takes 4–12 players, not 3"):
        episode_start(season_id=season.pk, game="library:one_thief", players=HANDLES[:3])
    with pytest.raises(SeasonError, match="Morra is a Death Match, not a Main Match"):
        episode_start(season_id=season.pk, game="library:morra", players=HANDLES[:2])
    with pytest.raises(SeasonError, match="is a Main Match, not a Death Match"):
        episode_start(season_id=season.pk, game="library:only_one", players=HANDLES[:3], dm_game="library:only_one")
    with pytest.raises(SeasonError, match='There is no game "library:nothing"'):
        episode_start(season_id=season.pk, game="library:nothing", players=HANDLES[:3])
