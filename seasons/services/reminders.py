"""Deadline reminders: a player awaited by a season turn or pick that closes soon is told once."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.urls import reverse
from django.utils import timezone

from accounts.timefmt import user_time
from games.match.selectors import match_name as game_title
from games.match.selectors import seat_usernames
from games.models import Match, Submission, Turn
from seasons import selectors
from seasons.models import Entrant, Pick, Season
from seasons.services.dealers import dealer_turn_remind
from seasons.services.notify import notice_send

SOON = timedelta(hours=2)
"""A deadline is "near" within this window (or within the last fifth of a shorter turn)."""


def _near(opened: datetime, deadline: datetime, moment: datetime) -> bool:
    window = min(SOON, (deadline - opened) / 5)
    return moment < deadline <= moment + window


def deadline_reminders_send(*, now: datetime | None = None) -> int:
    """Send each awaited player of a season turn or pick whose deadline is near one reminder; return how many."""
    moment = now or timezone.now()
    sent = 0
    turns = Turn.objects.filter(
        status=Turn.Status.OPEN,
        paused_remaining__isnull=True,
        match__status=Match.Status.RUNNING,
        deadline__gt=moment,
        deadline__lte=moment + SOON,
    ).select_related("match")
    for turn in turns:
        if not _near(turn.opened_at, turn.deadline, moment):
            continue
        season = selectors.season_of_match(turn.match)
        if season is None or season.status != Season.Status.RUNNING:
            continue
        names = seat_usernames(turn.match)
        locked = {
            names.get(seat, seat)
            for seat in Submission.objects.filter(turn=turn, locked=True).values_list("player", flat=True)
        }
        awaited = [names.get(seat, seat) for seat in turn.awaiting]
        sent += dealer_turn_remind(turn=turn, season=season, locked=locked, moment=moment)
        for e in Entrant.objects.select_related("user").filter(season=season, user__username__in=awaited):
            if e.handle in locked:
                continue
            left = int((turn.deadline - moment).total_seconds() // 60)
            if notice_send(
                user=e.user,
                season=season,
                kind="deadline",
                key=f"remind:turn:{turn.pk}:{e.handle}",
                url=reverse("games:match", args=[turn.match_id]),
                text=f"{game_title(turn.match)}: {turn.label} closes in {left} min and you have not locked in.",
            ):
                sent += 1
    for pick in Pick.objects.filter(
        status=Pick.Status.OPEN, deadline__gt=moment, deadline__lte=moment + SOON
    ).select_related("episode__season", "picker__user"):
        season = pick.episode.season
        if notice_send(
            user=pick.picker.user,
            season=season,
            kind="deadline",
            key=f"remind:pick:{pick.pk}",
            url=reverse("season_pick", args=[season.slug, pick.pk]),
            text=f"Your {pick.get_kind_display()} in {season} closes at {user_time(pick.picker.user, pick.deadline)}.",
        ):
            sent += 1
    return sent
