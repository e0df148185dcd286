"""Reads of seasons: balances (sums of the ledger), standings, eligibility, notices."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q, QuerySet, Sum

from core.cache import soft_delete, soft_get, soft_set
from core.memo import beside
from games.match.selectors import seat_labels, seat_usernames
from games.models import Match, Message
from seasons.models import (
    Duel,
    Entrant,
    Episode,
    FinalLeg,
    GarnetHold,
    LedgerEntry,
    Notice,
    Pick,
    Season,
)

TOKEN = LedgerEntry.Currency.TOKEN
GARNET = LedgerEntry.Currency.GARNET


def season_by_slug(slug: str) -> Season | None:
    """The season with ``slug``, or None."""
    return Season.objects.filter(slug=slug).first()


def entrant_of(season: Season, user: Any) -> Entrant | None:
    """``user``'s entrant in ``season`` (any status), or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Entrant.objects.select_related("user").filter(season=season, user=user).first()


def entrant_by_handle(season: Season, handle: str) -> Entrant | None:
    """The entrant whose handle is ``handle``, or None."""
    return Entrant.objects.select_related("user").filter(season=season, user__username=handle).first()


def entrant_get(season: Season, handle: str) -> Entrant:
    """The entrant whose handle is ``handle``; Entrant.DoesNotExist if there is none."""
    return Entrant.objects.select_related("user").get(season=season, user__username=handle)


def balances(season: Season, currency: str) -> dict[str, int]:
    """Every entrant's ledger balance of ``currency`` by handle (entrants with no entries: 0)."""
    out = {e.handle: 0 for e in Entrant.objects.select_related("user").filter(season=season)}
    rows = (
        LedgerEntry.objects.filter(season=season, currency=currency)
        .values("entrant__user__username")
        .annotate(total=Sum("amount"))
    )
    for row in rows:
        out[row["entrant__user__username"]] = int(row["total"] or 0)
    return out


def balance(entrant: Entrant, currency: str) -> int:
    """``entrant``'s ledger balance of ``currency``: the sum of its entries."""
    total = LedgerEntry.objects.filter(entrant=entrant, currency=currency).aggregate(t=Sum("amount"))["t"]
    return int(total or 0)


def season_matches(season: Season) -> QuerySet[Match]:
    """Every match of the season (Main Matches, Death Matches and the Final's games)."""
    return Match.objects.filter(
        Q(season_episode__season=season) | Q(season_duel__episode__season=season) | Q(season_final_leg__season=season)
    )


_SEASON = "seasons.season_of_match"  # where season_of_match keeps its answer beside a match object
SEASON_OF_MATCH_KEY = "season-of-match:{}"
"""Cache key of a match's season id (0: none); ``season_of_match_forget`` drops it when a link changes."""


def season_of_match(match: Match, *, closing: bool = False) -> Season | None:
    """The season a match belongs to, or None for a match outside any season.

    Every match page, submit and push asks it, so the answer is cached: the season's id (0 for
    none) under ``SEASON_OF_MATCH_KEY``, dropped whenever an episode, duel or Final leg is
    saved with the match (``seasons.receivers``). A found season is kept beside the match object
    (``core.memo.beside``), since a match never changes season, and so is "none" when ``closing``:
    the caller is a turn close's hook and ``match`` the object it holds row-locked (no link can appear
    meanwhile; several hooks ask). A cached "none" costs no query at all; a cached season one
    primary-key read.
    """
    kept = beside(match)
    if _SEASON in kept:
        known: Season | None = kept[_SEASON]
        return known
    key = SEASON_OF_MATCH_KEY.format(match.pk)
    season_id = soft_get(key)
    if season_id is None:
        season_id = (
            Season.objects.filter(
                Q(episodes__mm_match=match.pk)
                | Q(episodes__duels__match=match.pk)
                | Q(final_legs_played__match=match.pk)
            )
            .values_list("pk", flat=True)
            .first()
        ) or 0
        # A season link never changes once made; "none" is kept briefly, in case a lost drop left it stale.
        soft_set(key, season_id, timeout=24 * 3600 if season_id else 600)
    found = Season.objects.filter(pk=season_id).first() if season_id else None
    if found is not None or closing:
        kept[_SEASON] = found
    return found


def season_of_match_forget(match_id: int | None) -> None:
    """Drop the cached season of a match whose link to a season changed (now and again after commit)."""
    if match_id is None:
        return
    key = SEASON_OF_MATCH_KEY.format(match_id)
    soft_delete(key)
    transaction.on_commit(lambda: soft_delete(key))


def seasons_of_matches(matches: Sequence[Match], *, closing: bool = False) -> dict[int, Season | None]:
    """``season_of_match`` for many matches in four queries, whatever their number (a sweep's batch).

    Kept beside each match object as ``season_of_match`` keeps its answer (``closing``: the same).
    """
    ids = [m.pk for m in matches]
    season_ids: dict[int, int] = {}
    season_ids.update(Episode.objects.filter(mm_match__in=ids).values_list("mm_match_id", "season_id"))
    season_ids.update(Duel.objects.filter(match__in=ids).values_list("match_id", "episode__season_id"))
    season_ids.update(FinalLeg.objects.filter(match__in=ids).values_list("match_id", "season_id"))
    seasons = Season.objects.in_bulk(set(season_ids.values())) if season_ids else {}
    found = {pk: seasons.get(season_ids[pk]) if pk in season_ids else None for pk in ids}
    for match in matches:
        if found[match.pk] is not None or closing:  # kept as season_of_match keeps it
            beside(match)[_SEASON] = found[match.pk]
    return found


def held_garnets(entrant: Entrant) -> int:
    """Garnets set aside by ``entrant``'s moves in matches still running (held or already charged)."""
    unfinished = [Match.Status.RUNNING, Match.Status.PAUSED]
    total = GarnetHold.objects.filter(entrant=entrant, match__status__in=unfinished).aggregate(t=Sum("amount"))["t"]
    return int(total or 0)


def free_garnets(entrant: Entrant) -> int:
    """What ``entrant`` may still spend or transfer: the ledger balance minus every hold of a running match."""
    return balance(entrant, GARNET) - held_garnets(entrant)


def live_garnets(entrant: Entrant) -> int:
    """The free balance (kept as the name the pages and options use)."""
    return free_garnets(entrant)


def immune_reasons(episode: Episode) -> dict[str, str]:
    """Why each alive player may not be picked as DMO this episode (handle → reason)."""
    season = episode.season
    reasons: dict[str, str] = {}
    for w in episode.mm_winners:
        reasons[w] = f"{w} won this episode's Main Match and is immune"
    if season.token_mode == Season.TokenMode.SHIELD:
        for handle, n in balances(season, TOKEN).items():
            if n > 0:
                reasons.setdefault(handle, f"{handle} holds a Token of Life and may not be picked as DMO")
    for duel in Duel.objects.filter(episode=episode).select_related("ec__user", "dmo__user"):
        reasons[duel.ec.handle] = f"{duel.ec.handle} is an Elimination Candidate this episode"
        if duel.dmo is not None:
            reasons[duel.dmo.handle] = f"{duel.dmo.handle} is already a DMO this episode"
    return reasons


def dmo_eligible(episode: Episode) -> list[str]:
    """Alive players who may be picked as DMO, in the gamewide order (falls back to every alive non-EC)."""
    alive = alive_handles(episode.season)
    immune = immune_reasons(episode)
    pool = [h for h in alive if h not in immune]
    if not pool:
        busy = {d.ec.handle for d in episode.duels.all()} | {d.dmo.handle for d in episode.duels.all() if d.dmo}
        pool = [h for h in alive if h not in busy]
    return pool


def alive_handles(season: Season) -> list[str]:
    """Alive players in the gamewide order (then by handle for any not in it)."""
    rows = Entrant.objects.select_related("user").filter(season=season, status=Entrant.Status.ALIVE)
    alive = [e.handle for e in rows]
    order = {h: i for i, h in enumerate(season.gamewide_order)}
    return sorted(alive, key=lambda h: (order.get(h, len(order)), h))


def episodes_of(season: Season) -> QuerySet[Episode]:
    """The season's episodes with their matches, duels and picks."""
    return (
        Episode.objects.filter(season=season)
        .select_related("mm_match")
        .prefetch_related(
            "duels__ec__user",
            "duels__dmo__user",
            "duels__match",
            "duels__loser__user",
            "picks__picker__user",
            "picks__choice__user",
        )
        .order_by("number")
    )


def public_logs(match_ids: Iterable[int]) -> dict[int, list[str]]:
    """The public log lines of each match (the framework's messages with no addressee), in order."""
    out: dict[int, list[str]] = {}
    rows = Message.objects.filter(match_id__in=list(match_ids), to__isnull=True).order_by("match_id", "pk")
    for match_id, text in rows.values_list("match_id", "text"):
        out.setdefault(match_id, []).append(text)
    return out


def ledger_of(entrant: Entrant) -> QuerySet[LedgerEntry]:
    """``entrant``'s ledger entries, oldest first."""
    return LedgerEntry.objects.filter(entrant=entrant).select_related("counterpart__user", "match").order_by("pk")


def open_picks_for(entrant: Entrant) -> QuerySet[Pick]:
    """Picks awaiting ``entrant``."""
    return Pick.objects.filter(picker=entrant, status=Pick.Status.OPEN).select_related("episode", "duel")


def open_picks_of_user(user: Any) -> list[Pick]:
    """Every open pick awaiting ``user``, in any season."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    return list(
        Pick.objects.filter(picker__user=user, status=Pick.Status.OPEN)
        .select_related("episode__season")
        .order_by("deadline")
    )


def notices_for(user: Any, *, limit: int = 20) -> list[Notice]:
    """``user``'s latest notices (none for the anonymous)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    return list(Notice.objects.filter(user=user).select_related("season")[:limit])


def seasons_public() -> QuerySet[Season]:
    """Every season that has started, newest first."""
    return Season.objects.exclude(status=Season.Status.DRAFT).order_by("-created_at")


def seasons_of_user(user: Any) -> Iterable[Season]:
    """Seasons ``user`` plays in."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    return Season.objects.filter(entrants__user=user).order_by("-created_at")


def seasons_hosted_by(user: Any) -> QuerySet[Season]:
    """The seasons ``user`` hosts, drafts included, newest first (a site admin hosts every season)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Season.objects.none()
    seasons = Season.objects.all() if user.is_superuser else Season.objects.filter(hosts=user)
    return seasons.distinct().order_by("-created_at")


def is_host(season: Season, user: Any) -> bool:
    """Whether ``user`` hosts ``season`` (superusers host every season; nobody signed out does)."""
    return bool(
        user is not None and user.is_authenticated and (user.is_superuser or season.hosts.filter(pk=user.pk).exists())
    )


@dataclass(frozen=True)
class SeatReplaceChoices:
    """What a host's "replace a player" control offers for one season match: its seats (handle, label)
    and who may take one: newcomers to the season, and those who already took a place in it on the
    season's page (``services.match_controls.season_seat_replace`` has the ruling)."""

    seats: list[tuple[str, str]]
    newcomers: list[str]
    took_place: list[str]


def seat_replace_choices(season: Season, match: Match, *, limit: int = 300) -> SeatReplaceChoices:
    """The seats of ``match`` and the users a host may give one to (active users, by name)."""
    seated = set(seat_usernames(match).values())
    in_season = set(Entrant.objects.filter(season=season).values_list("user__username", flat=True))
    newcomers = list(
        get_user_model()
        .objects.filter(is_active=True)
        .exclude(username__in=seated | in_season)
        .order_by("username")
        .values_list("username", flat=True)[:limit]
    )
    alive = set(alive_handles(season))
    replaced = {
        str(d.get("new"))
        for d in season.log.filter(action="entrant_replace").values_list("details", flat=True)
        if isinstance(d, dict)
    }
    took = sorted(h for h in replaced & alive if h not in seated)
    return SeatReplaceChoices(seats=list(seat_labels(match).items()), newcomers=newcomers, took_place=took)
