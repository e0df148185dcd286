"""A host changes an open episode's Death Match game on the console (before any of its Death Matches
has started), so a dealer who designs their Death Match after starting the Main Match never needs the
admin."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from seasons.models import Episode
from seasons.selectors.game_choice import game_choice_name
from seasons.services.errors import DuelStarted, EpisodeOver
from seasons.services.game_choice import game_choice_check
from seasons.services.notify import require_reason, season_log


def episode_dm_game_set(*, episode_id: int, game: str, user: Any = None, reason: str = "") -> str:
    """Set the Death Match game of the episode ``episode_id`` (blank: the season's); returns the game's name.

    Refused once the episode is over or one of its Death Matches has a match: a running Death Match
    keeps the game it started with."""
    with transaction.atomic():
        episode = Episode.objects.select_for_update().select_related("season").get(pk=episode_id)
        if episode.status == Episode.Status.DONE:
            raise EpisodeOver(f"Episode {episode.number} is over.")
        if episode.duels.filter(match__isnull=False).exists():
            raise DuelStarted(f"Episode {episode.number}'s Death Match has started; its game can no longer change.")
        if game:
            game_choice_check(game, duel=True, hosts=episode.season.hosts.all())
        episode.dm_game = game
        episode.save(update_fields=["dm_game"])
        name = game_choice_name(game or episode.season.dm_game)
        season_log(
            season=episode.season,
            action="dm_game_set",
            user=user,
            reason=require_reason(reason),
            episode=episode.number,
            game=name,
        )
    return f"Episode {episode.number}'s Death Match game is {name}"
