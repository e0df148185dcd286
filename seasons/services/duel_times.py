"""The two Death Match players agree on a later start, within the window the season's host set.

One player proposes a start between now and ``Duel.latest_start``; it becomes the start once the
other player agrees (or proposes the same time). Ready buttons still start it sooner, and a host
may still move it to any time.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.timefmt import user_time
from seasons.models import Duel, Entrant
from seasons.services.duels import _scheduled
from seasons.services.errors import BadStartTime, DuelStartFixed, NoStartProposed, NotDuelPlayer
from seasons.services.notify import notice_send, season_log


def _player(duel: Duel, user: Any) -> tuple[Entrant, Entrant]:
    """The acting player and the other one, or a clear refusal."""
    assert duel.dmo is not None
    if user.pk == duel.ec.user_id:
        return duel.ec, duel.dmo
    if user.pk == duel.dmo.user_id:
        return duel.dmo, duel.ec
    raise NotDuelPlayer("Only the two players of this Death Match can choose its start.")


def _open_window(duel: Duel) -> datetime:
    if not duel.episode.season.dm_window_hours or duel.latest_start is None:
        raise DuelStartFixed("In this season only a host moves a Death Match's start.")
    return duel.latest_start


def duel_time_propose(*, duel_id: int, user: Any, starts_at: datetime, now: datetime | None = None) -> Duel:
    """A player proposes ``starts_at`` (in the window); when the other had proposed the same, it is agreed."""
    moment = now or timezone.now()
    with transaction.atomic():
        duel = _scheduled(duel_id)
        latest = _open_window(duel)
        me, other = _player(duel, user)
        if not moment < starts_at <= latest:
            raise BadStartTime(f"Pick a start between now and {user_time(user, latest)}.")
        if duel.proposed_by == other.handle and duel.proposed_at == starts_at:
            return _agree(duel, me, other)
        duel.proposed_at, duel.proposed_by = starts_at, me.handle
        duel.save(update_fields=["proposed_at", "proposed_by"])
        season = duel.episode.season
        season_log(
            season=season,
            action="dm_time_proposed",
            player=me.handle,
            episode=duel.episode.number,
            starts=starts_at.isoformat(),
        )
        notice_send(
            user=other.user,
            season=season,
            kind="dmo",
            url=reverse("season_duel_time", args=[season.slug, duel.pk]),
            text=f"{me.handle} proposes to start your Death Match at {user_time(other.user, starts_at)}: agree or propose another time.",
        )
    return duel


def duel_time_agree(*, duel_id: int, user: Any) -> Duel:
    """The other player agrees to the proposed start: it becomes the Death Match's start."""
    with transaction.atomic():
        duel = _scheduled(duel_id)
        _open_window(duel)
        me, other = _player(duel, user)
        if duel.proposed_at is None or duel.proposed_by != other.handle:
            raise NoStartProposed(f"There is no start proposed by {other.handle} to agree to.")
        if duel.proposed_at <= timezone.now():
            raise NoStartProposed("That proposed start has passed; propose another.")
        return _agree(duel, me, other)


def _agree(duel: Duel, me: Entrant, other: Entrant) -> Duel:
    assert duel.proposed_at is not None
    duel.starts_at, duel.proposed_at, duel.proposed_by = duel.proposed_at, None, ""
    duel.save(update_fields=["starts_at", "proposed_at", "proposed_by"])
    season = duel.episode.season
    season_log(
        season=season,
        action="dm_time_agreed",
        player=me.handle,
        other=other.handle,
        episode=duel.episode.number,
        starts=duel.starts_at.isoformat(),
    )
    url = reverse("season_duel", args=[season.slug, duel.pk])
    for who in (me, other):
        notice_send(
            user=who.user,
            season=season,
            kind="dm",  # news, not a call to act (issue 46: "dmo" notices count in "awaits you")
            url=url,
            text=f"Your Death Match now starts {user_time(who.user, duel.starts_at)} (or when you both press Ready).",
        )
    return duel
