"""Death Matches that start when both players are there: scheduled, Ready buttons, the host's start
time, and the no-show rule at the scheduled start."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from games.match.waiting import LIVE_SECONDS
from seasons.models import Duel, Season
from seasons.services.entrants import entrant_eliminate
from seasons.services.episodes import dm_open, episode_close_if_done
from seasons.services.errors import (
    BadStartTime,
    DuelNeedsHost,
    DuelNotFound,
    DuelNotScheduled,
    DuelStarted,
    NotDuelPlayer,
    SeasonError,
    SeasonPaused,
)
from seasons.services.notify import awaits_tell, notices_seen_for, require_reason, season_log


def _scheduled(duel_id: int) -> Duel:
    duel = (
        Duel.objects.select_for_update(of=("self",))
        .select_related("episode__season", "ec__user", "dmo__user")
        .filter(pk=duel_id)
        .first()
    )
    if duel is None:
        raise DuelNotFound("There is no such Death Match.")
    if duel.match_id is not None or duel.loser_id is not None:
        raise DuelStarted("This Death Match has already started.")
    if duel.dmo is None or duel.starts_at is None:
        raise DuelNotScheduled("This Death Match has no opponent yet.")
    if not (duel.ec.alive and duel.dmo.alive):  # a host eliminated one of them: it never starts
        raise DuelNeedsHost("A player of this Death Match was eliminated: a host settles it on the console.")
    return duel


def duel_ready(*, duel_id: int, user: Any, now: datetime | None = None) -> Duel:
    """A player of a scheduled Death Match is ready; when both are, its first turn opens now."""
    with transaction.atomic():
        duel = _scheduled(duel_id)
        assert duel.dmo is not None
        players = {duel.ec.user_id: duel.ec.handle, duel.dmo.user_id: duel.dmo.handle}
        if user.pk not in players:
            raise NotDuelPlayer("Only the two players of this Death Match can be ready.")
        if duel.episode.season.status != Season.Status.RUNNING:
            raise SeasonPaused("The season is paused: the Death Match waits.")
        handle = players[user.pk]
        if handle not in duel.ready:
            duel.ready = [*duel.ready, handle]
            duel.save(update_fields=["ready"])
            season_log(season=duel.episode.season, action="dm_ready", player=handle, episode=duel.episode.number)
            awaits_tell(user_ids=list(players))  # the other's Ready now awaits them
        # Ready proves the notice that called them here was read (issue 46).
        notices_seen_for(user=user, url=reverse("season_duel", args=[duel.episode.season.slug, duel.pk]))
        if set(duel.ready) >= set(players.values()):
            return dm_open(duel=duel, now=now)
    return duel


def duel_schedule(*, season: Season, duel_id: int, starts_at: datetime, user: Any, reason: str) -> Duel:
    """A host sets a scheduled Death Match's start time (in the future)."""
    reason = require_reason(reason)
    if starts_at <= timezone.now():
        raise BadStartTime("Pick a start time in the future (or let both players press Ready).")
    with transaction.atomic():
        duel = _scheduled(duel_id)
        if duel.episode.season_id != season.pk:
            raise DuelNotFound("That Death Match is not part of this season.")
        duel.starts_at, duel.proposed_at, duel.proposed_by = starts_at, None, ""  # the host's time overrides
        duel.save(update_fields=["starts_at", "proposed_at", "proposed_by"])
        season_log(
            season=season,
            action="dm_rescheduled",
            user=user,
            reason=reason,
            episode=duel.episode.number,
            ec=duel.ec.handle,
            dmo=duel.dmo.handle if duel.dmo else "",
            starts=starts_at.isoformat(),
        )
    return duel


def duel_start_due(*, duel_id: int, now: datetime | None = None) -> Duel:
    """The scheduled time has come: apply the season's no-show rule, or open the first turn."""
    with transaction.atomic():
        duel = _scheduled(duel_id)
        assert duel.dmo is not None
        season = duel.episode.season
        absent = [e for e in (duel.ec, duel.dmo) if e.handle not in duel.ready]
        if season.dm_no_show == Season.NoShow.FORFEIT and len(absent) == 1:
            loser = absent[0]
            duel.loser = loser
            duel.save(update_fields=["loser"])
            season_log(season=season, action="dm_forfeit", player=loser.handle, episode=duel.episode.number)
            entrant_eliminate(
                entrant=loser,
                episode=duel.episode,
                reason=f"did not show up for the Death Match of Episode {duel.episode.number}",
            )
            episode_close_if_done(episode=duel.episode)
            return duel
        return dm_open(duel=duel, now=now)


def duels_start_due(*, now: datetime | None = None) -> int:
    """Start (or forfeit) every scheduled Death Match whose time has come in a running season."""
    moment = now or timezone.now()
    due = Duel.objects.filter(
        match__isnull=True,
        loser__isnull=True,
        dmo__isnull=False,
        starts_at__lte=moment,
        episode__season__status=Season.Status.RUNNING,
    ).values_list("pk", flat=True)
    started = 0
    for duel_id in list(due):
        try:
            duel_start_due(duel_id=duel_id, now=moment)
            started += 1
        except SeasonError:
            continue
    return started


def duels_ready_call_due(*, now: datetime | None = None) -> int:
    """Tell the two players of each scheduled Death Match whose Ready has just become awaited (it starts
    within ``LIVE_SECONDS``, alerts ruling 13) once: their open pages hear ``awaits`` after commit and
    call them (issue 46). Once per start time (``ready_called_for``): a Death Match moved later is called
    again when that time nears. How many Death Matches were called."""
    moment = now or timezone.now()
    due = (
        Duel.objects.filter(
            match__isnull=True,
            loser__isnull=True,
            dmo__isnull=False,
            starts_at__gt=moment,  # one already due starts (duels_start_due): its first turn calls them
            starts_at__lte=moment + timedelta(seconds=LIVE_SECONDS),
            episode__season__status=Season.Status.RUNNING,
        )
        .exclude(ready_called_for=F("starts_at"))
        .values_list("pk", "starts_at", "ec__user_id", "dmo__user_id")
    )
    called = 0
    for duel_id, starts_at, ec_user_id, dmo_user_id in list(due):
        with transaction.atomic():
            # The conditional write makes a second sweeper (a worker and the standby) call nobody twice.
            if (
                Duel.objects.filter(pk=duel_id, starts_at=starts_at)
                .exclude(ready_called_for=starts_at)
                .update(ready_called_for=starts_at)
            ):
                awaits_tell(user_ids=[ec_user_id, dmo_user_id])
                called += 1
    return called
