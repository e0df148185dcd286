"""A season's life: create it, start it (drawing the gamewide order), pause, resume, finish."""

from __future__ import annotations

import secrets
import zoneinfo
from collections.abc import Iterable, Sequence
from random import Random
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.match.services import match_abort, match_pause, match_resume
from games.models import Match
from seasons import selectors
from seasons.models import Entrant, Invite, LedgerEntry, Pick, Season, SeasonLog
from seasons.services.entrants import entrant_leftovers_confiscate
from seasons.services.errors import (
    BadSeasonSettings,
    RosterNotReady,
    SeasonFinished,
    SeasonNotOver,
    SeasonNotPaused,
    SeasonNotRunning,
    SeasonStarted,
    SlugTaken,
    UnknownUser,
)
from seasons.services.game_choice import game_choice_check
from seasons.services.ledger import ledger_write
from seasons.services.notify import require_reason, season_log


def season_create(
    *,
    name: str,
    slug: str,
    players: Sequence[str],
    hosts: Iterable[Any] = (),
    token_mode: str = Season.TokenMode.SHIELD,
    confiscate_garnets: bool = True,
    garnets_public: bool = True,
    mm_turn_seconds: int = 86400,
    dm_turn_seconds: int | None = None,
    pick_seconds: int = 86400,
    ecs_per_episode: int = 1,
    mm_winners_pick_ec: bool = False,
    ec_pick_way: str = Season.EcPickWay.FIRST,
    dm_game: str = "warriors",
    starting_garnets: int = 0,
    starting_tokens: int = 0,
    time_zone: str = "UTC",
    signup_code: str = "",
    dm_lead_seconds: int = 0,
    dm_no_show: str = Season.NoShow.DEFAULT,
    dm_window_hours: int = 0,
    finalists: int = 2,
    final_legs: int = 3,
) -> Season:
    """Create a season in draft with an entrant for each handle (users must exist) and its settings."""
    if Season.objects.filter(slug=slug).exists():
        raise SlugTaken(f'A season "{slug}" already exists.')
    if token_mode not in Season.TokenMode.values:
        raise BadSeasonSettings("Tokens of Life are either spent or a shield.")
    hosts = list(hosts)
    game_choice_check(dm_game, duel=True, hosts=hosts)  # an installed 2-player game or a dealer's Death Match
    if ecs_per_episode < 1:
        raise BadSeasonSettings("An episode names at least one EC.")
    if ec_pick_way not in Season.EcPickWay.values:
        raise BadSeasonSettings("The winners pick the EC one of three ways: first, each or vote.")
    if starting_garnets < 0 or starting_tokens < 0:
        raise BadSeasonSettings("Players start with 0 or more garnets and Tokens of Life.")
    if finalists not in (2, 3) or final_legs < 1 or final_legs % 2 == 0:
        raise BadSeasonSettings("The Final has 2 or 3 finalists and is best of an odd number of games.")
    if dm_no_show not in Season.NoShow.values:
        raise BadSeasonSettings("A no-show either forfeits or plays on with default moves.")
    if time_zone not in zoneinfo.available_timezones():
        raise BadSeasonSettings(f'"{time_zone}" is not a time zone (e.g. Europe/London).')
    roster = list(dict.fromkeys(players))
    users = {u.username: u for u in get_user_model().objects.filter(username__in=roster)}
    if missing := [p for p in roster if p not in users]:
        raise UnknownUser(f"No such user: {', '.join(missing)}")
    with transaction.atomic():
        season = Season.objects.create(
            name=name,
            slug=slug,
            token_mode=token_mode,
            confiscate_garnets=confiscate_garnets,
            garnets_public=garnets_public,
            mm_turn_seconds=mm_turn_seconds,
            dm_turn_seconds=dm_turn_seconds,
            pick_seconds=pick_seconds,
            ecs_per_episode=ecs_per_episode,
            mm_winners_pick_ec=mm_winners_pick_ec,
            ec_pick_way=ec_pick_way,
            dm_game=dm_game,
            starting_garnets=starting_garnets,
            starting_tokens=starting_tokens,
            time_zone=time_zone,
            signup_code=signup_code,
            dm_lead_seconds=dm_lead_seconds,
            dm_no_show=dm_no_show,
            dm_window_hours=dm_window_hours,
            finalists=finalists,
            final_legs=final_legs,
        )
        season.hosts.set(list(hosts))
        Entrant.objects.bulk_create([Entrant(season=season, user=users[p]) for p in roster])
        season_log(season=season, action="season_create", players=roster)
    return season


def season_start(*, season_id: int, user: Any = None, seed: str | None = None) -> Season:
    """Start a draft season: draw the public gamewide tiebreak order from the season's seed."""
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season_id)
        if season.status != Season.Status.DRAFT:
            raise SeasonStarted("This season has already started.")
        entrants = list(season.entrants.select_related("user"))
        handles = sorted(e.handle for e in entrants)
        if len(handles) < 3:
            raise RosterNotReady("A season needs at least 3 players.")
        waiting = sorted(Invite.objects.filter(season=season, used_at=None).values_list("handle", flat=True))
        if waiting:
            raise RosterNotReady(f"Still waiting for {', '.join(waiting)} to accept their invite or be approved.")
        season.seed = seed or season.seed or secrets.token_hex(8)
        if sorted(season.gamewide_order) == handles:  # the host set or drew it before the start
            order = list(season.gamewide_order)
        else:
            order = list(handles)
            Random(f"{season.seed}:gamewide").shuffle(order)
        season.gamewide_order = order
        season.status = Season.Status.RUNNING
        season.save(update_fields=["seed", "gamewide_order", "status"])
        for entrant in entrants:
            for currency, amount, what in (
                (LedgerEntry.Currency.GARNET, season.starting_garnets, "garnets"),
                (LedgerEntry.Currency.TOKEN, season.starting_tokens, "Tokens of Life"),
            ):
                if amount:
                    ledger_write(
                        entrant=entrant,
                        currency=currency,
                        amount=amount,
                        reason=f"Starting {what}",
                        source=LedgerEntry.Source.HOST,
                        user=user,
                    )
        season_log(season=season, action="season_start", user=user, gamewide_order=order)
    return season


def _season_matches_unfinished(season: Season) -> list[int]:
    unfinished = [Match.Status.RUNNING, Match.Status.PAUSED]
    return list(selectors.season_matches(season).filter(status__in=unfinished).values_list("pk", flat=True))


def season_matches_abort(*, season_id: int, user: Any, reason: str) -> list[int]:
    """Abort every running or paused match of the season (each logged with the reason); return their ids."""
    reason = require_reason(reason)
    season = Season.objects.get(pk=season_id)
    ids = _season_matches_unfinished(season)
    for match_id in ids:
        match = match_abort(match_id=match_id, user=user, reason=f"season's matches aborted: {reason}")
        entrant_leftovers_confiscate(season=season, match=match)  # an aborted match spends nothing it held
    season_log(season=season, action="season_matches_abort", user=user, reason=reason, matches=ids)
    return ids


def _season_matches_running(season: Season) -> list[int]:
    return list(selectors.season_matches(season).filter(status=Match.Status.RUNNING).values_list("pk", flat=True))


def season_pause(*, season_id: int, user: Any, reason: str) -> Season:
    """Pause the season and every running match of it; picks wait too (their deadlines are not enforced)."""
    reason = require_reason(reason)
    season = Season.objects.get(pk=season_id)
    if season.status != Season.Status.RUNNING:
        raise SeasonNotRunning("Only a running season can be paused.")
    for match_id in _season_matches_running(season):
        match_pause(match_id=match_id, user=user, reason=f"season paused: {reason}")
    Season.objects.filter(pk=season.pk).update(status=Season.Status.PAUSED)
    season_log(season=season, action="season_pause", user=user, reason=reason)
    season.refresh_from_db()
    return season


def season_resume(*, season_id: int, user: Any, reason: str) -> Season:
    """Resume a paused season and its paused matches; open picks' deadlines move by the pause's length."""
    reason = require_reason(reason)
    season = Season.objects.get(pk=season_id)
    if season.status != Season.Status.PAUSED:
        raise SeasonNotPaused("Only a paused season can be resumed.")
    Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING)
    paused_at = SeasonLog.objects.filter(season=season, action="season_pause").order_by("-pk").first()
    if paused_at is not None:  # open picks get back the time the pause took from them
        Pick.objects.filter(episode__season=season, status=Pick.Status.OPEN).update(
            deadline=F("deadline") + (timezone.now() - paused_at.created_at)
        )
    for match_id in selectors.season_matches(season).filter(status=Match.Status.PAUSED).values_list("pk", flat=True):
        match_resume(match_id=match_id, user=user, reason=f"season resumed: {reason}")
    season_log(season=season, action="season_resume", user=user, reason=reason)
    season.refresh_from_db()
    return season


def season_finish(*, season_id: int, user: Any, reason: str = "the final is over") -> Season:
    """Close the season once its Final has crowned a champion (or a single player is left); its archive
    can be exported.

    Refused while any of its matches runs or is paused: the public archive would reveal their
    seeds, and with them every hidden hand and future draw. The host finishes them or takes the
    step "Abort the season's unfinished matches" first.
    """
    season = Season.objects.get(pk=season_id)
    if season.status == Season.Status.FINISHED:
        raise SeasonFinished("This season is already finished.")
    unfinished = _season_matches_unfinished(season)
    if unfinished:
        names = ", ".join(str(m) for m in Match.objects.filter(pk__in=unfinished).order_by("pk"))
        raise SeasonNotOver(
            f"{len(unfinished)} match(es) of this season are not over ({names}): let them finish, "
            'or take the host step "Abort the season\'s unfinished matches" first.',
        )
    if season.champion_id is None and len(selectors.alive_handles(season)) > 1:
        raise SeasonNotOver("The season finishes once its Final has crowned a champion.")
    Season.objects.filter(pk=season.pk).update(status=Season.Status.FINISHED)
    season_log(
        season=season, action="season_finish", user=user, reason=reason, finalists=selectors.alive_handles(season)
    )
    season.refresh_from_db()
    return season
