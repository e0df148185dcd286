"""The Main Match winners pick the EC, in the way the season says (``Season.ec_pick_way``).

Ruling (``seasons/RULES.md``, "The winners pick the EC", issue 28):

- ``first``: the winner first in the gamewide order names every EC (one pick per EC slot, all open
  at once);
- ``each``: each winner names one EC, in the gamewide order: the first winner's pick opens first,
  the next winner's when it is made (or times out); with more EC slots than winners the turn goes
  round again;
- ``vote``: for each EC slot every winner votes (one pick each, all open at once); when every vote
  is in (or timed out: no vote) the player with most votes is the EC, ties by the gamewide order;
  no vote at all names the game's own next candidate. A vote stays secret until its slot is counted.

A pick that times out names the game's next candidate (``first`` / ``each``) or counts as no vote.
This module opens picks; ``picks.py`` takes them and calls :func:`winners_pick_next`.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.urls import reverse
from django.utils import timezone

from seasons.models import Entrant, Episode, Pick, Season
from seasons.selectors.winners import winners_in_order
from seasons.services.notify import awaits_tell, notice_send


def _open(episode: Episode, picker: Entrant, now: datetime, text: str) -> Pick:
    season = episode.season
    pick = Pick.objects.create(
        episode=episode, kind=Pick.Kind.EC, picker=picker, deadline=now + timedelta(seconds=season.pick_seconds)
    )
    notice_send(
        user=picker.user,
        season=season,
        kind="pick",
        url=reverse("season_pick", args=[season.slug, pick.pk]),
        text=text,
    )
    awaits_tell(user_ids=[picker.user_id])
    return pick


def winners_picks_open(*, episode: Episode, now: datetime | None = None) -> list[Pick]:
    """Open the winners' first EC pick(s) as the season's ``ec_pick_way`` says; [] if no winner is alive."""
    season = episode.season
    winners = winners_in_order(episode)
    if not winners:
        return []
    moment = now or timezone.now()
    Episode.objects.filter(pk=episode.pk).update(status=Episode.Status.EC_PICK)
    won = f"You won the Main Match of Episode {episode.number}:"
    if season.ec_pick_way == Season.EcPickWay.VOTE:
        return [_open(episode, w, moment, f"{won} vote for the Elimination Candidate.") for w in winners]
    if season.ec_pick_way == Season.EcPickWay.EACH:
        return [_open(episode, winners[0], moment, f"{won} name an Elimination Candidate.")]
    return [
        _open(episode, winners[0], moment, f"{won} pick the Elimination Candidate.")
        for _slot in range(season.ecs_per_episode)
    ]


def winners_pick_next(*, episode: Episode, now: datetime | None = None) -> list[Pick]:
    """After a slot is settled: open the next slot's pick(s) while EC slots remain (``each`` and ``vote``)."""
    season = episode.season
    if season.ec_pick_way == Season.EcPickWay.FIRST:
        return []
    picks = Pick.objects.filter(episode=episode, kind=Pick.Kind.EC)
    if picks.filter(status=Pick.Status.OPEN).exists() or picks.filter(status=Pick.Status.OVERRIDDEN).exists():
        return []  # a slot is still open, or a host took the naming over
    winners = winners_in_order(episode)
    if not winners:
        return []
    moment = now or timezone.now()
    won = f"Episode {episode.number}, the next Elimination Candidate:"
    if season.ec_pick_way == Season.EcPickWay.EACH:
        done = picks.count()
        if done >= season.ecs_per_episode:
            return []
        return [_open(episode, winners[done % len(winners)], moment, f"{won} your turn to name one.")]
    done = len(set(picks.exclude(duel__isnull=True).values_list("duel_id", flat=True)))
    if done >= season.ecs_per_episode:
        return []
    return [_open(episode, w, moment, f"{won} vote.") for w in winners]
