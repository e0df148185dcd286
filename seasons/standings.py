"""The state of play of a season at a glance: its standings and its schedule of what is open now."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.urls import reverse

from games.match.selectors import score_line
from games.models import Turn
from seasons.models import Duel, Entrant, Pick, Season, SeasonLog
from seasons.selectors import GARNET, TOKEN, balances, season_matches


@dataclass(frozen=True)
class Standing:
    """One line of the season's standings."""

    entrant: Entrant
    handle: str
    status: str
    tokens: int
    garnets: int | None
    eliminated_in: int | None
    place: int | None
    fell: str = ""  # how an eliminated player left, in words: "eliminated in Episode 2", "eliminated by a host"


def _fell(status: str, episode: int | None, reason: str | None) -> str:
    """What the standings say about an eliminated player, from their latest elimination's logged reason:
    a host's step says so (never "in the semifinal"), the semifinal's loser says that, a Death Match's
    loser names the episode."""
    if status != Entrant.Status.ELIMINATED:
        return ""
    if reason is not None and reason.startswith("host:"):
        return "eliminated by a host" + (f" (Episode {episode})" if episode else "")
    if reason == "lost the semifinal":
        return "eliminated in the semifinal"
    return f"eliminated in Episode {episode}" if episode else "eliminated"


def standings(season: Season, *, show_garnets: bool | None = None) -> list[Standing]:
    """Alive players first (gamewide order), then the eliminated by when they fell."""
    tokens = balances(season, TOKEN)
    garnets = balances(season, GARNET)
    public = season.garnets_public if show_garnets is None else show_garnets
    order = {h: i for i, h in enumerate(season.gamewide_order)}
    why: dict[str, str] = {}  # each player's latest elimination reason (an undone one is followed by a new one)
    for details, reason in (
        SeasonLog.objects.filter(season=season, action="entrant_eliminate")
        .order_by("pk")
        .values_list("details", "reason")
    ):
        why[str((details or {}).get("player"))] = reason
    rows = []
    for e in Entrant.objects.select_related("user", "eliminated_in").filter(season=season):
        episode = e.eliminated_in.number if e.eliminated_in else None
        rows.append(
            Standing(
                e,
                e.handle,
                e.status,
                tokens.get(e.handle, 0),
                garnets.get(e.handle, 0) if public else None,
                episode,
                e.place,
                _fell(e.status, episode, why.get(e.handle)),
            )
        )
    # The Final's places (1, 2) and the eliminated by elimination order; alive unplaced players first.
    return sorted(
        rows,
        key=lambda s: (
            s.place or (0 if s.status == Entrant.Status.ALIVE else 999),
            s.status != Entrant.Status.ALIVE,
            -(s.eliminated_in or 0),
            order.get(s.handle, 99),
            s.handle,
        ),
    )


@dataclass(frozen=True)
class ScheduleItem:
    """Something open in a season and when it closes: a match's turn, a pick, a scheduled Death Match."""

    what: str
    closes: Any  # an aware datetime; None while paused
    url: str


def season_schedule(season: Season) -> list[ScheduleItem]:
    """What is open in ``season`` now, soonest deadline first: each running match's open turn, each open
    pick and each Death Match waiting for its start (paused turns last, with no deadline)."""
    items: list[ScheduleItem] = []
    turns = Turn.objects.filter(match__in=season_matches(season), status=Turn.Status.OPEN).select_related("match")
    for turn in turns:
        if turn.match.is_over:
            continue
        title = turn.match.title or str(turn.match)
        score = score_line(turn.match) if Duel.objects.filter(match_id=turn.match_id).exists() else ""
        items.append(
            ScheduleItem(
                what=f"{title}: {turn.label}" + (f" ({score})" if score else ""),
                closes=None if turn.is_paused else turn.deadline,
                url=reverse("games:match", args=[turn.match_id]),
            )
        )
    for pick in Pick.objects.filter(episode__season=season, status=Pick.Status.OPEN).select_related("picker__user"):
        items.append(
            ScheduleItem(
                what=f"{pick.picker} picks "
                + ("a Death Match opponent" if pick.kind == Pick.Kind.DMO else "the Elimination Candidate"),
                closes=pick.deadline,
                url=reverse("season_pick", args=[season.slug, pick.pk]),
            )
        )
    waiting = Duel.objects.filter(
        episode__season=season, match__isnull=True, loser__isnull=True, starts_at__isnull=False
    ).select_related("ec__user", "dmo__user", "episode")
    for duel in waiting:
        items.append(
            ScheduleItem(
                what=f"Episode {duel.episode.number} Death Match: {duel.ec} vs {duel.dmo} starts",
                closes=duel.starts_at,
                url=reverse("season_duel", args=[season.slug, duel.pk]),
            )
        )
    far = datetime.max.replace(tzinfo=UTC)
    return sorted(items, key=lambda i: i.closes or far)
