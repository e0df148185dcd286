"""Picks: the EC picks a DMO, the MM winners pick the EC; timeouts; a host setting either by hand."""

from __future__ import annotations

from datetime import datetime
from random import Random
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.match.selectors import match_usernames
from seasons import selectors
from seasons.models import Duel, Entrant, Episode, Pick, Season
from seasons.selectors.winners import votes_count
from seasons.services.episodes import _require_running, dm_start, duel_open, ec_name_next
from seasons.services.errors import (
    DuelNeedsHost,
    Eliminated,
    NoCandidate,
    NotSeasonPlayer,
    NotYourPick,
    PickClosed,
    PickNotFound,
    PlayerNotAlive,
    SeasonError,
    TargetRefused,
    UnknownPlayer,
)
from seasons.services.notify import awaits_tell, require_reason, season_log
from seasons.services.winners import winners_pick_next


def _open_pick(pick_id: int, kind: str) -> Pick:
    pick = (
        Pick.objects.select_for_update(of=("self",))
        .select_related("episode__season", "picker__user", "duel__ec__user")
        .filter(pk=pick_id, kind=kind)
        .first()
    )
    if pick is None:
        raise PickNotFound("There is no such pick.")
    if pick.status != Pick.Status.OPEN:
        raise PickClosed("This pick has already been made.")
    return pick


def _actor(pick: Pick, user: Any) -> Entrant:
    season = pick.episode.season
    _require_running(season)
    me = selectors.entrant_of(season, user)
    if me is None:
        raise NotSeasonPlayer("You are not a player in this season.")
    if not me.alive:
        raise Eliminated("You have been eliminated: you can no longer act in this season.")
    if me.pk != pick.picker_id:
        raise NotYourPick(f"This pick belongs to {pick.picker.handle}; you cannot act for another player.")
    return me


def _target(pick: Pick, handle: str) -> Entrant:
    season = pick.episode.season
    target = selectors.entrant_by_handle(season, (handle or "").strip())
    if target is None:
        raise UnknownPlayer(f'"{handle}" is not a player in this season.')
    if not target.alive:
        raise PlayerNotAlive(f"{target.handle} has been eliminated and cannot be picked.")
    return target


def episode_dmo_pick(
    *, pick_id: int, user: Any, dmo: str, seed: str | None = None, now: datetime | None = None
) -> Duel:
    """The EC (``user``) picks their Death Match opponent; the DM starts with the DMO holding the advantage."""
    with transaction.atomic():
        pick = _open_pick(pick_id, Pick.Kind.DMO)
        _actor(pick, user)
        target = _target(pick, dmo)
        reasons = selectors.immune_reasons(pick.episode)
        if target.handle not in selectors.dmo_eligible(pick.episode):
            why = reasons.get(target.handle, f"{target.handle} may not be picked as DMO")
            raise TargetRefused(f"{why}; pick another.")
        return _dmo_done(pick, target, Pick.Status.MADE, seed=seed, now=now)


def _dmo_done(
    pick: Pick,
    target: Entrant,
    status: str,
    *,
    seed: str | None = None,
    now: datetime | None = None,
    user: Any = None,
    reason: str = "",
) -> Duel:
    pick.choice, pick.status, pick.made_at = target, status, now or timezone.now()
    pick.save(update_fields=["choice", "status", "made_at"])
    season_log(
        season=pick.episode.season,
        action=f"dmo_{status}",
        user=user,
        reason=reason,
        ec=pick.picker.handle,
        dmo=target.handle,
        episode=pick.episode.number,
    )
    assert pick.duel is not None
    awaits_tell(user_ids=[pick.picker.user_id, target.user_id])
    return dm_start(duel=pick.duel, dmo=target, seed=seed, now=now)


def episode_ec_pick(*, pick_id: int, user: Any, ec: str, now: datetime | None = None) -> Duel | None:
    """An MM winner (``user``) picks the Elimination Candidate among the Main Match's other players."""
    with transaction.atomic():
        pick = _open_pick(pick_id, Pick.Kind.EC)
        _actor(pick, user)
        target = _target(pick, ec)
        episode = pick.episode
        if target.handle in episode.mm_winners:
            raise TargetRefused(f"{target.handle} won the Main Match and is immune; pick another.")
        if episode.mm_match is None or target.handle not in match_usernames(episode.mm_match):
            raise TargetRefused(f"{target.handle} did not play this Main Match; pick one of its players.")
        if episode.duels.filter(ec=target).exists():
            raise TargetRefused(f"{target.handle} is already an Elimination Candidate; pick another.")
        return _ec_done(pick, target.handle, Pick.Status.MADE, now=now)


def _ec_done(pick: Pick, handle: str | None, status: str, *, now: datetime | None = None) -> Duel | None:
    """Record a winner's pick (or its timeout) and name the EC as the season's ``ec_pick_way`` says
    (``services/winners.py``): at once, or, for a vote, once the slot's last vote is in."""
    pick.status, pick.made_at = status, now or timezone.now()
    pick.choice = selectors.entrant_by_handle(pick.episode.season, handle) if handle else None
    pick.save(update_fields=["choice", "status", "made_at"])
    awaits_tell(user_ids=[pick.picker.user_id])
    episode = pick.episode
    if episode.season.ec_pick_way == Season.EcPickWay.VOTE:
        season_log(season=episode.season, action=f"ec_vote_{status}", picker=pick.picker.handle)
        if Pick.objects.filter(episode=episode, kind=Pick.Kind.EC, status=Pick.Status.OPEN).exists():
            return None  # the slot's other votes are still open
        handle, slot = votes_count(episode=episode)
        season_log(season=episode.season, action="ec_vote_count", ec=handle, episode=episode.number)
    else:
        slot = [pick.pk]
        season_log(season=episode.season, action=f"ec_pick_{status}", picker=pick.picker.handle, ec=handle)
    duel = ec_name_next(episode=episode, start=handle, now=now)
    if duel is not None:
        Pick.objects.filter(pk__in=slot).update(duel=duel)
        winners_pick_next(episode=episode, now=now)
    return duel


def pick_timeout(*, pick_id: int, now: datetime | None = None) -> Duel | None:
    """A pick whose deadline passed: a DMO is drawn by lot among the eligible; an EC follows the MM's order."""
    with transaction.atomic():
        pick = _open_pick(pick_id, Pick.objects.get(pk=pick_id).kind)
        season = pick.episode.season
        if pick.kind == Pick.Kind.EC:
            return _ec_done(pick, None, Pick.Status.TIMED_OUT, now=now)
        if not pick.picker.alive:  # a host eliminated the EC: their Death Match waits for a host to settle it
            raise DuelNeedsHost(f"{pick.picker.handle} was eliminated: a host settles their Death Match.")
        pool = selectors.dmo_eligible(pick.episode)
        if not pool:
            raise NoCandidate("Nobody is left to pick as DMO; a host must settle this pick.")
        drawn = Random(f"{season.seed}:{pick.episode.number}:pick:{pick.pk}").choice(pool)
        return _dmo_done(pick, selectors.entrant_get(season, drawn), Pick.Status.TIMED_OUT, now=now)


def picks_close_due(*, now: datetime | None = None) -> int:
    """Time out every open pick past its deadline in a running season; return how many closed."""
    moment = now or timezone.now()
    due = Pick.objects.filter(
        status=Pick.Status.OPEN, deadline__lte=moment, episode__season__status="running"
    ).values_list("pk", flat=True)
    closed = 0
    for pick_id in list(due):
        try:
            pick_timeout(pick_id=pick_id, now=moment)
            closed += 1
        except SeasonError:
            continue
    return closed


def episode_dmo_set(*, pick_id: int, dmo: str, user: Any, reason: str) -> Duel:
    """A host sets the DMO by hand (immunity does not bind the host; elimination does)."""
    reason = require_reason(reason)
    with transaction.atomic():
        pick = _open_pick(pick_id, Pick.Kind.DMO)
        target = _target(pick, dmo)
        if pick.duel is not None and target.pk == pick.duel.ec_id:
            raise TargetRefused("The EC cannot be their own opponent.")
        return _dmo_done(pick, target, Pick.Status.OVERRIDDEN, user=user, reason=reason)


def episode_ec_set(*, episode_id: int, ec: str, user: Any, reason: str, replace: str = "") -> Duel:
    """A host names an EC by hand: an extra EC, or (``replace``) in place of an EC whose DM has not started."""
    reason = require_reason(reason)
    with transaction.atomic():
        episode = Episode.objects.select_related("season").get(pk=episode_id)
        target = selectors.entrant_by_handle(episode.season, ec)
        if target is None or not target.alive:
            raise PlayerNotAlive(f"{ec} is not an alive player of this season.")
        if episode.duels.filter(ec=target).exists():
            raise TargetRefused(f"{ec} is already an Elimination Candidate.")
        if replace:
            duel = episode.duels.filter(ec__user__username=replace, match__isnull=True).first()
            if duel is None:
                raise TargetRefused(f"{replace} is not an EC waiting for their Death Match.")
            duel.ec = target
            duel.save(update_fields=["ec"])
            Pick.objects.filter(duel=duel, status=Pick.Status.OPEN).update(picker=target)
        else:
            Pick.objects.filter(episode=episode, kind=Pick.Kind.EC, status=Pick.Status.OPEN).update(
                status=Pick.Status.OVERRIDDEN
            )
            duel = duel_open(episode=episode, ec=target)
        season_log(
            season=episode.season,
            action="ec_set",
            user=user,
            reason=reason,
            ec=ec,
            replaced=replace,
            episode=episode.number,
        )
    return duel
