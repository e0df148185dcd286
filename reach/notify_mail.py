"""The e-mails of season events, written in each recipient's own time zone."""

from __future__ import annotations

from django.urls import reverse

from games.models import Match, Turn
from reach.services.mail import local_time, mail_queue
from seasons.models import Entrant, Notice, SeasonLog


def _turn_from_key(key: str | None) -> Turn | None:
    """The turn a notice's key names ("turn:<id>:<handle>", "remind:turn:<id>:<handle>")."""
    parts = (key or "").split(":")
    if parts[:1] == ["remind"]:
        parts = parts[1:]
    if len(parts) < 2 or parts[0] != "turn" or not parts[1].isdigit():
        return None
    return Turn.objects.select_related("match").filter(pk=int(parts[1])).first()


def notice_mail(notice: Notice) -> None:
    """Mail a turn-awaits, a deadline reminder or a DMO notice, if the user wants it."""
    user = notice.user
    if notice.kind == "turn":
        turn = _turn_from_key(notice.key)
        if turn is None:
            return
        mail_queue(
            user=user,
            kind="turn",
            key=f"mail:{notice.key}",
            url=notice.url,
            subject=f"{turn.match}: {turn.label} awaits your move",
            body=f"{turn.label} of {turn.match} awaits your move.\nDeadline: {local_time(user, turn.deadline)}.\n",
        )
    elif notice.kind == "deadline":
        turn = _turn_from_key(notice.key)
        if turn is None:
            return  # a pick reminder: the five mails do not include it
        mail_queue(
            user=user,
            kind="deadline",
            key=f"mail:{notice.key}",
            url=notice.url,
            subject=f"{turn.match}: {turn.label} closes soon and you haven't locked in",
            body=f"{turn.label} of {turn.match} closes at {local_time(user, turn.deadline)} "
            f"and you have not locked in your move.\n",
        )
    elif notice.kind == "dmo":
        mail_queue(
            user=user,
            kind="dmo",
            key=f"mail:dmo:{notice.pk}",
            url=notice.url,
            subject="You are a Death Match opponent",  # picked, drawn by lot or set by a host: the body says which
            body=f"{notice.text}\n",
        )


def dm_start_mail(entry: SeasonLog) -> None:
    """Tell both players of a starting Death Match when it starts, in their own zone."""
    d = entry.details or {}
    match_id = d.get("match")
    match = Match.objects.filter(pk=match_id).first() if match_id else None
    if match is None:
        return
    first = Turn.objects.filter(match=match).order_by("number").first()
    url = reverse("games:match", args=[match.pk])
    for e in Entrant.objects.select_related("user").filter(
        season=entry.season, user__username__in=[d.get("ec"), d.get("dmo")]
    ):
        other = d.get("dmo") if e.handle == d.get("ec") else d.get("ec")
        starts = local_time(e.user, first.opened_at if first else entry.created_at)
        closes = f" Its first turn closes at {local_time(e.user, first.deadline)}.\n" if first else "\n"
        mail_queue(
            user=e.user,
            kind="dm_start",
            key=f"mail:dm_start:{match.pk}:{e.handle}",
            url=url,
            subject=f"Your Death Match starts at {starts}",
            body=f"Your Death Match of Episode {d.get('episode')} against {other} starts at {starts}.{closes}",
        )
