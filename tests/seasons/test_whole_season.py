"""Done means: "A whole demo season (13 players, several episodes mixing the games that exist) can be played ... to a final"."""

from __future__ import annotations

import pytest
from django.test import Client

from games.options import options_clean
from games.registry import get_engine, slugs
from seasons import selectors
from seasons import standings as board
from seasons.models import Entrant, Episode, Pick, Season
from seasons.services import SeasonError, episode_start, picks_close_due, season_finish
from tests.seasons.factories import crown_champion, host_user, play_to_end, started_season

pytestmark = pytest.mark.django_db


def _main_games(alive: int) -> list[str]:
    return [s for s in slugs() if get_engine(s).max_players > 2 and get_engine(s).min_players <= alive]


def test_a_whole_season_mixing_the_games_reaches_a_final() -> None:
    """Episodes of every installed Main Match game, EC → DMO pick (timed out: drawn by lot) → DM → elimination."""
    season = started_season(finalists=3)
    played: list[str] = []
    for n in range(1, 5):
        alive = selectors.alive_handles(season)
        games = _main_games(len(alive))
        fresh = [g for g in games if g not in played]
        game = (fresh or games)[0]
        engine = get_engine(game)  # the count the default variant's rules allow (Exodus cubes: 9)
        size = min(engine.players_allowed(options_clean(engine.options_schema, {}))[1], len(alive))
        episode = episode_start(season_id=season.pk, game=game, players=alive[:size], seed=f"whole-{n}")
        play_to_end(episode.mm_match, seed=f"mm-{n}")
        episode.refresh_from_db()
        assert episode.status == Episode.Status.DMO_PICK, (game, episode.status)
        pick = Pick.objects.get(episode=episode, status=Pick.Status.OPEN)
        assert picks_close_due(now=pick.deadline) == 1
        duel = episode.duels.get()
        play_to_end(duel.match, seed=f"dm-{n}")
        episode.refresh_from_db()
        duel.refresh_from_db()
        assert episode.status == Episode.Status.DONE and duel.loser is not None
        assert len(selectors.alive_handles(season)) == 13 - n
        played.append(game)
    assert len(set(played)) >= min(3, len([s for s in slugs() if get_engine(s).max_players > 2]))
    with pytest.raises(SeasonError, match="crowned a champion"):
        season_finish(season_id=season.pk, user=host_user())
    season = crown_champion(season, keep=3)  # three finalists: a semifinal, a bye, then the Final
    season = season_finish(season_id=season.pk, user=host_user())
    assert season.status == Season.Status.FINISHED
    assert Entrant.objects.filter(season=season, status="eliminated").count() == 11
    places = [s.place for s in board.standings(season)]
    assert places == list(range(1, 14)) and board.standings(season)[0].handle == season.champion.handle
    md = Client().get(f"/seasons/{season.slug}/archive.md").content.decode()
    assert md.count("**Death Match**") == 4
