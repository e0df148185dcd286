"""Season fixtures: a started season of demo handles, finished matches by hand, quick plays."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from django.contrib.auth import get_user_model

from games.engine import Outcome
from games.match.services import SubmissionRefused, submission_submit, turn_close
from games.models import Match, Turn
from games.registry import get_engine
from seasons.models import Duel, Episode, Pick, Season
from seasons.services import episode_start, season_create, season_start
from seasons.services.episodes import episode_dm_finished, episode_mm_finished
from tests.factories import UserFactory, users

HANDLES = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lou", "max"]
ABC5 = HANDLES[:5]


def host_user(name: str = "host") -> Any:
    """A staff host."""
    user = UserFactory(username=name)
    get_user_model().objects.filter(pk=user.pk).update(is_staff=True)
    user.refresh_from_db()
    return user


def started_season(players: Sequence[str] = HANDLES, *, slug: str = "s1", **settings: Any) -> Season:
    """A running season of ``players`` (users created), gamewide order drawn from a fixed seed."""
    users(players)
    host = host_user()
    season = season_create(name=f"Season {slug}", slug=slug, players=list(players), hosts=[host], **settings)
    return season_start(season_id=season.pk, seed="season-seed")


def abc_episode(season: Season, players: Sequence[str] = ABC5, **kwargs: Any) -> Episode:
    """Start an episode with an ABC Main Match whose X order is the seat order."""
    return episode_start(
        season_id=season.pk,
        game="abc",
        players=list(players),
        options={"x_order": list(players)},
        seed="ep-seed",
        **kwargs,
    )


def finish_mm(
    episode: Episode,
    *,
    winners: Sequence[str],
    candidates: Sequence[str],
    tokens: Mapping[str, int] | None = None,
    garnets: Mapping[str, int] | None = None,
    scores: Mapping[str, float] | None = None,
) -> Episode:
    """Feed a Main Match outcome to the episode as the framework's match_finished would."""
    match = episode.mm_match
    assert match is not None
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    outcome = Outcome(
        winners=tuple(winners),
        candidates=tuple(candidates),
        tokens=dict(tokens or {}),
        garnets=dict(garnets or {}),
        scores=dict(scores or {}),
    )
    result = episode_mm_finished(match=match, outcome=outcome)
    assert result is not None
    return result


def finish_dm(duel: Duel, *, loser: str) -> Duel:
    """Feed a Death Match outcome (``loser`` loses) to the season."""
    duel.refresh_from_db()
    assert duel.match is not None
    match = duel.match
    winner = next(p for p in match.players if p != loser)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    out = episode_dm_finished(match=match, outcome=Outcome(winners=(winner,), candidates=(loser,)))
    assert out is not None
    return out


def open_pick(episode: Episode, kind: str = Pick.Kind.DMO) -> Pick:
    """The episode's first open pick of ``kind``."""
    pick = Pick.objects.filter(episode=episode, kind=kind, status=Pick.Status.OPEN).order_by("pk").first()
    assert pick is not None
    return pick


def user(handle: str) -> Any:
    """The user of ``handle``."""
    return get_user_model().objects.get(username=handle)


def play_to_end(match: Match, limit: int = 400, *, seed: str | None = None) -> Match:
    """Close the match's turns at once until it ends: missing moves become defaults, or with ``seed``
    each awaited player first submits a random legal move (through the framework, season checks included)."""
    chooser = Random(seed) if seed else None
    for _ in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            return match
        turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
        assert turn is not None
        if chooser is not None:
            engine = get_engine(match.game)
            state = engine.load(turn.state_before)
            for player in turn.awaiting:
                with contextlib.suppress(SubmissionRefused):
                    submission_submit(match_id=match.pk, player=player, move=engine.random_move(state, player, chooser))
        turn_close(turn_id=turn.pk, force=True)
    raise AssertionError("the match did not end")


def crown_champion(season: Season, *, keep: int = 2, game: str = "warriors") -> Season:
    """Host eliminations down to ``keep`` players, then Final games (random legal moves) until a champion."""
    from datetime import timedelta

    from django.utils import timezone

    from seasons import selectors
    from seasons.services import picks_close_due
    from seasons.services.final import final_leg_start
    from seasons.services.host import entrant_eliminate_by_host

    host = season.hosts.first()
    for episode in Episode.objects.filter(season=season).exclude(status=Episode.Status.DONE):  # settle it first
        picks_close_due(now=timezone.now() + timedelta(days=30))
        for duel in Duel.objects.filter(episode=episode, match__isnull=False):
            play_to_end(duel.match, seed="settle")
    for handle in selectors.alive_handles(season)[keep:]:
        entrant_eliminate_by_host(season=season, handle=handle, user=host, reason="down to the finalists")
    for n in range(12):
        season.refresh_from_db()
        if season.champion_id is not None:
            return season
        leg = final_leg_start(season_id=season.pk, game=game, user=host, seed=f"final-{n}")
        assert leg.match is not None
        play_to_end(leg.match, seed=f"final-play-{n}")
    raise AssertionError("no champion after 12 games")
