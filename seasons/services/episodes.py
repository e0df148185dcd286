"""Episodes: start the Main Match, feed its outcome to the season, name the EC(s), open the DMO picks.

The flow (``seasons/RULES.md``): MM → (MM winners pick the EC, if the season says so)
→ EC named (a Token of Life may be spent to escape, in "spent" mode) → the EC's
DMO pick (a season-level :class:`Pick` with a deadline) → the Death Match → its
loser eliminated → the episode is done when every Death Match is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.timefmt import user_time
from games.engine import Outcome
from games.match.selectors import match_name as game_title
from games.match.selectors import match_usernames, seat_usernames
from games.match.services.matches import MatchStartError, match_start
from games.models import Match, Turn
from seasons import selectors
from seasons.explain import ec_named_why
from seasons.models import Duel, Entrant, Episode, LedgerEntry, Pick, Season
from seasons.selectors.duels import dm_loser
from seasons.selectors.entrants import entrant_in_place_of
from seasons.services.entrants import entrant_eliminate, entrant_leftovers_confiscate
from seasons.services.errors import (
    EntrantNotAlive,
    EpisodeNotOver,
    MatchSetupRefused,
    PlayerNotAlive,
    SeasonNotRunning,
    SeasonPaused,
    UnknownPlayer,
)
from seasons.services.game_choice import game_choice_check, game_resolve
from seasons.services.ledger import ledger_write
from seasons.services.notify import awaits_tell, notice_send, season_log
from seasons.services.options import dm_options, mm_options
from seasons.services.winners import winners_picks_open


def _require_running(season: Season) -> None:
    if season.status == Season.Status.PAUSED:
        raise SeasonPaused("The season is paused by its hosts; nothing moves until it resumes.")
    if season.status != Season.Status.RUNNING:
        raise SeasonNotRunning("The season is not running.")


def episode_start(
    *,
    season_id: int,
    game: str,
    players: Sequence[str],
    user: Any = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    dm_game: str = "",
    now: datetime | None = None,
) -> Episode:
    """Start the next episode: a Main Match of ``game`` for ``players`` (alive entrants).

    ``game`` is an installed game's slug or a dealer's game (``house:<id>``, its latest version).
    ``dm_game`` picks this episode's Death Match game (any 2-player game, or a dealer's Death Match);
    blank: the season's.
    """
    season = Season.objects.get(pk=season_id)
    _require_running(season)
    if dm_game:
        game_choice_check(dm_game, duel=True, hosts=season.hosts.all())
    if Episode.objects.filter(season=season).exclude(status=Episode.Status.DONE).exists():
        raise EpisodeNotOver("The current episode is not over yet.")
    roster = list(players)
    for handle in roster:
        entrant = selectors.entrant_by_handle(season, handle)
        if entrant is None:
            raise UnknownPlayer(f"{handle} is not a player in this season.")
        if not entrant.alive:
            raise PlayerNotAlive(f"{handle} has been eliminated and cannot play.")
    number = (Episode.objects.filter(season=season).count()) + 1
    chosen = game_resolve(game, players=len(roster), hosts=season.hosts.all())
    opts = mm_options(
        season=season, game=chosen.slug, players=roster, number=number, extra={**(options or {}), **chosen.options}
    )
    with transaction.atomic():
        try:
            match = match_start(
                game=chosen.slug,
                players=roster,
                options=opts,
                seed=seed,
                now=now,
                title=f"{season.name} · Episode {number} · Main Match",
                turn_seconds=season.mm_turn_seconds,
                hosts=season.hosts.all(),
            )
        except MatchStartError as exc:
            raise MatchSetupRefused(str(exc)) from exc
        episode = Episode.objects.create(season=season, number=number, mm_match=match, dm_game=dm_game)
        season_log(
            season=season, action="episode_start", user=user, episode=number, game=game, players=roster, match=match.pk
        )
        turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
        if turn is not None:
            turn_notify(match=match, turn=turn, season=season)
    return episode


def turn_notify(*, match: Match, turn: Turn, season: Season) -> None:
    """Tell each awaited player of a season match that a turn awaits them (whoever plays the awaited seat now)."""
    names = seat_usernames(match)
    awaited = [names.get(seat, seat) for seat in turn.awaiting]
    users = {
        e.handle: e.user
        for e in Entrant.objects.select_related("user").filter(season=season, user__username__in=awaited)
    }
    for handle in awaited:
        if handle in users:
            notice_send(
                user=users[handle],
                season=season,
                kind="turn",
                url=reverse("games:match", args=[match.pk]),
                text=f"{game_title(match)}: {turn.label} awaits your move (deadline {user_time(users[handle], turn.deadline)}).",
                key=f"turn:{turn.pk}:{handle}",
                supersede=True,
            )


def _record_outcome(*, season: Season, match: Match, outcome: Outcome, label: str) -> None:
    """Write the outcome's tokens and garnets, then confiscate what it left players eliminated meanwhile.

    A seat still played by a replaced player credits (or charges) whoever took their place: their
    balance and their moves' holds went to them (ruling: leaving with garnets held)."""
    for handle, n in outcome.tokens.items():
        entrant = entrant_in_place_of(season=season, handle=handle)
        if entrant and n:
            ledger_write(
                entrant=entrant,
                currency=LedgerEntry.Currency.TOKEN,
                amount=int(n),
                match=match,
                reason=f"{label}: Token of Life won",
                source=LedgerEntry.Source.MATCH,
            )
    for handle, n in outcome.garnets.items():
        entrant = entrant_in_place_of(season=season, handle=handle)
        if entrant and n:
            ledger_write(
                entrant=entrant,
                currency=LedgerEntry.Currency.GARNET,
                amount=int(n),
                match=match,
                reason=f"{label}: garnets earned minus spent",
                source=LedgerEntry.Source.MATCH,
            )
    entrant_leftovers_confiscate(season=season, match=match)


def _candidate_order(season: Season, match: Match, outcome: Outcome) -> list[str]:
    order = {h: i for i, h in enumerate(season.gamewide_order)}
    rest = [p for p in match_usernames(match) if p not in outcome.candidates and p not in outcome.winners]
    rest.sort(key=lambda p: (outcome.scores.get(p, 0.0), order.get(p, 99)))
    return list(dict.fromkeys([*outcome.candidates, *rest]))


def episode_mm_finished(*, match: Match, outcome: Outcome, now: datetime | None = None) -> Episode | None:
    """Feed a finished Main Match to its episode: ledger, MM winners, then the EC(s) or the winners' EC pick."""
    episode = Episode.objects.select_related("season").filter(mm_match=match).first()
    if episode is None or episode.status != Episode.Status.MAIN:
        return None
    season = episode.season
    _record_outcome(season=season, match=match, outcome=outcome, label=f"Episode {episode.number} Main Match")
    episode.mm_winners = list(outcome.winners)
    episode.candidates = _candidate_order(season, match, outcome)
    episode.save(update_fields=["mm_winners", "candidates"])
    season_log(season=season, action="mm_finished", episode=episode.number, outcome=outcome.to_json())
    moment = now or timezone.now()
    if not (season.mm_winners_pick_ec and winners_picks_open(episode=episode, now=moment)):
        for _slot in range(season.ecs_per_episode):
            if not ec_name_next(episode=episode, start=None, now=moment):
                break
        if not episode.duels.exists():  # nobody could be named: the episode ends without a Death Match
            Episode.objects.filter(pk=episode.pk).update(status=Episode.Status.DONE)
            season_log(season=season, action="no_ec", episode=episode.number)
    episode.refresh_from_db()
    return episode


def pick_url(pick: Pick) -> str:
    """The page where a pick is made."""
    return reverse("season_pick", args=[pick.episode.season.slug, pick.pk])


def ec_name_next(
    *, episode: Episode, start: str | None, now: datetime | None = None, escape: bool = True
) -> Duel | None:
    """Name the next EC (``start`` first, then the candidate order); a token holder may escape in "spent" mode."""
    season = episode.season
    taken = {d.ec.handle for d in episode.duels.select_related("ec__user")}
    alive = set(selectors.alive_handles(season))
    order = [start] if start else []
    order += [c for c in episode.candidates if c != start]
    order = [
        c for c in order if c in alive and c not in taken and c not in episode.escaped and c not in episode.mm_winners
    ]
    for i, handle in enumerate(order):
        entrant = selectors.entrant_get(season, handle)
        tokens = selectors.balance(entrant, LedgerEntry.Currency.TOKEN)
        can_escape = escape and season.token_mode == Season.TokenMode.SPENT and tokens > 0 and i + 1 < len(order)
        if can_escape:
            token_escape(episode=episode, entrant=entrant)
            continue
        return duel_open(
            episode=episode,
            ec=entrant,
            now=now,
            why=ec_named_why(episode=episode, handle=handle, picked=handle == start),
        )
    return None


def token_escape(*, episode: Episode, entrant: Entrant, user: Any = None, reason: str = "") -> None:
    """``entrant`` spends a Token of Life (a ``token_use`` entry) and escapes this episode's Death Match."""
    ledger_write(
        entrant=entrant,
        currency=LedgerEntry.Currency.TOKEN,
        amount=-1,
        reason=f"Episode {episode.number}: Token of Life spent to escape the Death Match",
        source=LedgerEntry.Source.TOKEN_USE,
        match=episode.mm_match,
        user=user,
    )
    episode.escaped = [*episode.escaped, entrant.handle]
    episode.save(update_fields=["escaped"])
    season_log(
        season=episode.season,
        action="token_spent",
        user=user,
        reason=reason,
        player=entrant.handle,
        episode=episode.number,
    )


def duel_open(*, episode: Episode, ec: Entrant, now: datetime | None = None, why: str = "") -> Duel:
    """Name ``ec`` an Elimination Candidate and open their DMO pick."""
    season = episode.season
    moment = now or timezone.now()
    duel = Duel.objects.create(episode=episode, ec=ec)
    pick = Pick.objects.create(
        episode=episode,
        kind=Pick.Kind.DMO,
        picker=ec,
        duel=duel,
        deadline=moment + timedelta(seconds=season.pick_seconds),
    )
    Episode.objects.filter(pk=episode.pk).update(status=Episode.Status.DMO_PICK)
    season_log(season=season, action="ec_named", player=ec.handle, episode=episode.number, why=why)
    notice_send(
        user=ec.user,
        season=season,
        kind="pick",
        url=pick_url(pick),
        text=f"You are an Elimination Candidate of Episode {episode.number}: pick your Death Match "
        f"opponent by {user_time(ec.user, pick.deadline)}.",
    )
    awaits_tell(user_ids=[ec.user_id])
    return duel


def dmo_told(duel: Duel) -> str:
    """What the Death Match opponent is told of how they became it, truthfully (issue 38): picked by the EC,
    drawn by lot when the EC's pick ran out of time, or set by a host."""
    from seasons.models import Pick

    status = Pick.objects.filter(duel=duel, kind=Pick.Kind.DMO).values_list("status", flat=True).first()
    episode = duel.episode.number
    if status == Pick.Status.TIMED_OUT:
        how = f"{duel.ec.handle}'s pick ran out of time, and you were drawn by lot as their Death Match opponent"
    elif status == Pick.Status.OVERRIDDEN:
        how = f"A host made you {duel.ec.handle}'s Death Match opponent"
    elif status == Pick.Status.MADE:
        how = f"{duel.ec.handle} picked you as their Death Match opponent"
    else:
        how = f"You are {duel.ec.handle}'s Death Match opponent"
    return f"{how} in Episode {episode}. You hold the advantage."


def dm_start(*, duel: Duel, dmo: Entrant, seed: str | None = None, now: datetime | None = None) -> Duel:
    """The DMO is known: schedule the Death Match ``season.dm_lead_seconds`` ahead (both players'
    Ready buttons start it sooner), or start it at once when the season's lead is 0."""
    season = duel.episode.season
    duel.dmo = dmo
    duel.save(update_fields=["dmo"])
    if not season.dm_lead_seconds:
        return dm_open(duel=duel, seed=seed, now=now)
    duel.starts_at = (now or timezone.now()) + timedelta(seconds=season.dm_lead_seconds)
    duel.latest_start = duel.starts_at + timedelta(hours=season.dm_window_hours)
    duel.save(update_fields=["starts_at", "latest_start"])
    Episode.objects.filter(pk=duel.episode_id).update(status=Episode.Status.DEATH)
    season_log(
        season=season,
        action="dm_scheduled",
        episode=duel.episode.number,
        ec=duel.ec.handle,
        dmo=dmo.handle,
        starts=duel.starts_at.isoformat(),
    )
    url = reverse("season_duel", args=[season.slug, duel.pk])
    # Being picked or drawn by lot ("dmo") calls the opponent like a turn until read; the EC's is news ("dm").
    for entrant, text, kind in (
        (dmo, dmo_told(duel), "dmo"),
        (duel.ec, f"Your Death Match against {dmo.handle} is scheduled.", "dm"),
    ):
        notice_send(
            user=entrant.user,
            season=season,
            kind=kind,
            url=url,
            text=f"{text} It starts {duel.starts_at:%Y-%m-%d %H:%M} UTC, or as soon as you both press Ready.",
        )
    awaits_tell(user_ids=[duel.ec.user_id, dmo.user_id])
    return duel


def dm_open(*, duel: Duel, seed: str | None = None, now: datetime | None = None) -> Duel:
    """Start the Death Match of ``duel`` (its DMO set), who holds the advantage: its first turn opens now."""
    episode = duel.episode
    season = episode.season
    chosen = game_resolve(episode.dm_game or season.dm_game, players=2, duel=True, hosts=season.hosts.all())
    dmo = duel.dmo
    assert dmo is not None
    try:
        match = match_start(
            game=chosen.slug,
            players=[duel.ec.handle, dmo.handle],
            options=dm_options(game=chosen.slug, dmo=dmo.handle, extra=chosen.options),
            seed=seed,
            now=now,
            title=f"{season.name} · Episode {episode.number} · Death Match",
            turn_seconds=season.dm_turn_seconds,
            hosts=season.hosts.all(),
        )
    except MatchStartError as exc:
        raise MatchSetupRefused(str(exc)) from exc
    duel.match = match
    duel.starts_at = match.created_at
    duel.save(update_fields=["match", "starts_at"])
    Episode.objects.filter(pk=episode.pk).update(status=Episode.Status.DEATH)
    season_log(
        season=season, action="dm_start", episode=episode.number, ec=duel.ec.handle, dmo=dmo.handle, match=match.pk
    )
    url = reverse("games:match", args=[match.pk])
    notice_send(
        user=dmo.user,
        season=season,
        kind="dmo",
        url=url,
        text=dmo_told(duel),
    )
    turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
    if turn is not None:
        turn_notify(match=match, turn=turn, season=season)
    awaits_tell(user_ids=[duel.ec.user_id, dmo.user_id])  # a Ready or a notice may have left with the start
    return duel


def episode_dm_finished(*, match: Match, outcome: Outcome) -> Duel | None:
    """A Death Match ended: its loser is eliminated; the episode is done when every DM is.

    The result is recorded whatever came first: a loser a host had already eliminated (before the result,
    or in the same instant: their row lock decides) stays as the host left them, and the duel still gets
    its loser, so the episode ends (ruling: seasons/RULES.md, issue 40).
    """
    duel = Duel.objects.select_related("episode__season", "ec__user", "dmo__user").filter(match=match).first()
    if duel is None or duel.loser_id is not None:
        return None
    episode = duel.episode
    _record_outcome(season=episode.season, match=match, outcome=outcome, label=f"Episode {episode.number} Death Match")
    loser = dm_loser(duel, match, outcome)
    duel.loser = loser
    duel.save(update_fields=["loser"])
    try:
        entrant_eliminate(
            entrant=loser, episode=episode, match=match, reason=f"lost the Death Match of Episode {episode.number}"
        )
    except EntrantNotAlive:  # a host eliminated them first (their row lock decided): that elimination stands
        season_log(season=episode.season, action="dm_lost_when_out", player=loser.handle, episode=episode.number)
    episode_close_if_done(episode=episode)
    return duel


def episode_close_if_done(*, episode: Episode) -> bool:
    """Mark the episode done once every duel has a loser and no pick is open."""
    if Pick.objects.filter(episode=episode, status=Pick.Status.OPEN).exists():
        return False
    if Duel.objects.filter(episode=episode, loser__isnull=True).exists() or not episode.duels.exists():
        return False
    Episode.objects.filter(pk=episode.pk).update(status=Episode.Status.DONE)
    return True
