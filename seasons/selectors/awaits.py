"""What a season awaits from a user beside their turns (issue 46), for the "awaits you" signal.

Registered in ``games.match.hooks.AWAITS`` (``seasons/receivers.py``), so the nav's count, the title, the
favicon, ``/me/turns/`` and where logging in lands all read it with the turns. A fixed number of queries
whatever the number of seasons: their unread Death Match notices and whether they play in a running season;
only if they do (every page's nav asks), their open picks and their scheduled Death Matches.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.db.models import Q
from django.urls import reverse

from games.match.waiting import LIVE_SECONDS, WaitingTurn
from seasons.models import Duel, Entrant, Notice, Pick, Season

NOTICE_KINDS = ("dmo",)
"""The notices that call the user like a turn until read: being picked or drawn by lot as a Death Match
opponent (``seasons/services/episodes.py``), the other player proposing a start (``duel_times.py``). A
schedule's news to the EC or an agreed start is kind "dm" and does not count."""


def _step(*, key: str, kind: str, title: str, label: str, href: str, deadline: datetime, live: bool) -> WaitingTurn:
    return WaitingTurn(
        match_id=0,
        number=0,
        label=label,
        deadline=deadline,
        live=live,
        paused=False,
        kind=kind,
        title=title,
        href=href,
        key=key,
    )


def _ready_words(text: str) -> str:
    """The Death Match's call in the notice's words, asking for Ready once."""
    return text if "ready" in text.lower() else f"{text} Press Ready."


def _pick_label(pick: Pick, vote: bool) -> str:
    if pick.kind == Pick.Kind.DMO:
        return "Pick your Death Match opponent"
    return "Vote for the Elimination Candidate" if vote else "Pick the Elimination Candidate"


def season_awaits(user: Any) -> list[WaitingTurn]:
    """The season steps awaiting ``user``: an open pick or vote they make, a scheduled Death Match they play
    and have not pressed Ready for, and an unread notice that they were picked or drawn by lot (it stays
    until they open its page or mark it seen). A Death Match that has started counts by its turns."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    now = datetime.now(tz=UTC)
    out: list[WaitingTurn] = []
    # Only the columns the steps show: the season's name, not its every column (this is read for every page).
    notices = list(
        Notice.objects.filter(user=user, seen=False, kind__in=NOTICE_KINDS)
        .order_by("pk")
        .values_list("url", "text", "season__name")
    )
    told = {url: text for url, text, _season in notices if url}  # a page's latest notice says how it came about
    # A pick's picker and a Death Match's players are entrants of its season: a user who plays in no running
    # season (most users, on most pages: every page's nav reads this) has neither, and one narrow read saves
    # two of several joined tables each.
    if Entrant.objects.filter(user=user, season__status=Season.Status.RUNNING).exists():
        out.extend(_picks_and_duels(user, now, told))
    for url, text, season_name in reversed(notices[-5:]):  # newest first: awaits_of keeps the first of each page
        href = url or reverse("games:dashboard")
        out.append(
            _step(
                key=href,
                kind="notice",
                title="Death Match" if season_name is None else season_name,
                label=text,
                href=href,
                # A notice has no deadline: it sorts after the steps that close, before the paused turns.
                deadline=datetime.max.replace(tzinfo=UTC),
                live=False,
            )
        )
    return out


def _picks_and_duels(user: Any, now: datetime, told: dict[str, str]) -> list[WaitingTurn]:
    """The open picks and votes ``user`` makes and the scheduled Death Matches awaiting their Ready (``told``: the
    latest notice's words of each page)."""
    out: list[WaitingTurn] = []
    picks = (
        Pick.objects.filter(picker__user=user, status=Pick.Status.OPEN, episode__season__status=Season.Status.RUNNING)
        .select_related("episode__season")
        .order_by("deadline")
    )
    for pick in picks:
        season = pick.episode.season
        length = (pick.deadline - now).total_seconds()
        href = reverse("season_pick", args=[season.slug, pick.pk])
        out.append(
            _step(
                key=href,
                kind="pick",
                title=f"{season.name} · Episode {pick.episode.number}",
                label=_pick_label(pick, season.ec_pick_way == Season.EcPickWay.VOTE),
                href=href,
                deadline=pick.deadline,
                live=season.pick_seconds < LIVE_SECONDS or length < LIVE_SECONDS,
            )
        )
    duels = (
        Duel.objects.filter(Q(ec__user=user) | Q(dmo__user=user))
        .filter(match__isnull=True, loser__isnull=True, starts_at__isnull=False, dmo__isnull=False)
        .filter(episode__season__status=Season.Status.RUNNING)
        .select_related("episode__season", "ec__user", "dmo__user")
    )
    for duel in duels:
        assert duel.dmo is not None and duel.starts_at is not None
        season = duel.episode.season
        me, other = (duel.ec, duel.dmo) if duel.ec.user_id == user.pk else (duel.dmo, duel.ec)
        href = reverse("season_duel", args=[season.slug, duel.pk])
        if me.handle in duel.ready:
            continue  # what the Death Match awaits from them is done; its first turn calls them again
        soon = (duel.starts_at - now).total_seconds() < LIVE_SECONDS
        if not soon and other.handle not in duel.ready and href not in told:
            continue  # it starts on its own, hours away: Ready is awaited once the other waits or it nears
        out.append(
            _step(
                key=href,
                kind="duel",
                title=f"{season.name} · Episode {duel.episode.number} · Death Match",
                label=_ready_words(told.get(href, f"Your Death Match against {other.handle} is scheduled.")),
                href=href,
                deadline=duel.starts_at,
                live=(duel.starts_at - now).total_seconds() < LIVE_SECONDS,
            )
        )
    return out
