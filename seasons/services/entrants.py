"""Entrants: elimination (garnets per the settings), its undo, and replacing a player."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse

from games.match.selectors import match_usernames
from games.models import Match
from seasons import selectors
from seasons.models import Duel, Entrant, Episode, FinalLeg, GarnetHold, LedgerEntry, Pick, Season
from seasons.services.errors import AlreadyInSeason, EntrantNotAlive, EntrantNotEliminated, UnknownUser
from seasons.services.ledger import ledger_write
from seasons.services.notify import notice_send, require_reason, season_log


def entrant_eliminate(
    *, entrant: Entrant, episode: Episode | None, reason: str, user: Any = None, match: Match | None = None
) -> Entrant:
    """Eliminate an alive entrant; when the season confiscates, their free garnets go with an entry.

    Ruling (``seasons/RULES.md``, "Leaving with garnets held"): garnets held by the player's moves
    in running matches stay committed to those moves. They are settled by their match as usual, and
    what the match leaves the player when it ends is confiscated then
    (:func:`entrant_leftovers_confiscate`). The entrant's row lock is taken first, the lock a move's
    hold takes, so a double saved at the same moment either holds before (and stays committed) or
    is refused after (nothing is free).
    """
    with transaction.atomic():
        Entrant.objects.select_for_update().filter(pk=entrant.pk).first()
        entrant = Entrant.objects.select_related("season", "user").get(pk=entrant.pk)
        if not entrant.alive:
            raise EntrantNotAlive(f"{entrant.handle} is not alive in this season.")
        season = entrant.season
        alive = Entrant.objects.filter(season=season, status=Entrant.Status.ALIVE).count()
        entrant.status = Entrant.Status.ELIMINATED
        entrant.eliminated_in = episode
        entrant.place = alive
        entrant.save(update_fields=["status", "eliminated_in", "place"])
        free = selectors.free_garnets(entrant)
        if season.confiscate_garnets and free > 0:
            ledger_write(
                entrant=entrant,
                currency=LedgerEntry.Currency.GARNET,
                amount=-free,
                reason="Garnets confiscated on elimination",
                source=LedgerEntry.Source.ELIMINATION,
                match=match,
                user=user,
            )
        season_log(
            season=season,
            action="entrant_eliminate",
            user=user,
            reason=reason,
            player=entrant.handle,
            episode=episode.number if episode else None,
            confiscated=max(free, 0) if season.confiscate_garnets else 0,
            held=selectors.held_garnets(entrant),
        )
        notice_send(
            user=entrant.user,
            season=season,
            kind="eliminated",
            url=reverse("season_home", args=[season.slug]),
            text=f"You have been eliminated from {season} ({reason}).",
        )
    return entrant


def entrant_leftovers_confiscate(*, season: Season, match: Match) -> list[LedgerEntry]:
    """A season match ended (finished or aborted): confiscate what it left its eliminated players.

    The second half of the ruling on held garnets: an eliminated player's holds in ``match`` were
    kept out of the confiscation at their elimination; now that the match is over (its net garnets
    written, or nothing, if it was aborted) their free balance goes too. Players the season does
    not confiscate from, and players still alive, keep theirs.
    """
    if not season.confiscate_garnets:
        return []
    names = set(match_usernames(match))
    holders = set(GarnetHold.objects.filter(match=match).values_list("entrant_id", flat=True))
    out: list[LedgerEntry] = []
    gone = Entrant.objects.filter(season=season, status=Entrant.Status.ELIMINATED).select_related("user")
    for entrant in gone:
        if entrant.handle not in names and entrant.pk not in holders:
            continue
        with transaction.atomic():
            Entrant.objects.select_for_update().filter(pk=entrant.pk).first()
            free = selectors.free_garnets(entrant)
            if free <= 0:
                continue
            out.append(
                ledger_write(
                    entrant=entrant,
                    currency=LedgerEntry.Currency.GARNET,
                    amount=-free,
                    reason="Garnets confiscated on elimination (left by a match that ended after it)",
                    source=LedgerEntry.Source.ELIMINATION,
                    match=match,
                )
            )
            season_log(season=season, action="leftovers_confiscate", player=entrant.handle, match=match.pk, amount=free)
    return out


def entrant_restore(*, season: Season, handle: str, reason: str, user: Any) -> Entrant:
    """Undo an elimination: the player is alive again and confiscated garnets come back."""
    reason = require_reason(reason)
    entrant = selectors.entrant_by_handle(season, handle)
    if entrant is None or entrant.status != Entrant.Status.ELIMINATED:
        raise EntrantNotEliminated(f"{handle} is not an eliminated player of this season.")
    with transaction.atomic():
        taken = LedgerEntry.objects.filter(entrant=entrant, source=LedgerEntry.Source.ELIMINATION)
        back = -sum(e.amount for e in taken)
        if back:
            ledger_write(
                entrant=entrant,
                currency=LedgerEntry.Currency.GARNET,
                amount=back,
                reason=f"Host undid the elimination: {reason}",
                source=LedgerEntry.Source.HOST,
                user=user,
            )
        Entrant.objects.filter(pk=entrant.pk).update(status=Entrant.Status.ALIVE, eliminated_in=None, place=None)
        season_log(season=season, action="entrant_restore", user=user, reason=reason, player=handle)
    entrant.refresh_from_db()
    return entrant


def entrant_replace(*, season: Season, handle: str, new_handle: str, reason: str, user: Any) -> Entrant:
    """Replace a player by another user: the newcomer takes their place, tokens and garnets.

    The old entry is kept as "replaced"; balances move by a pair of host entries, and the
    season's unfinished business that names the old player passes to the newcomer (see
    :func:`_take_over`). Matches already running keep their seats: the host gives a seat to the
    newcomer with the match's "replace a player" control.
    """
    reason = require_reason(reason)
    old = selectors.entrant_by_handle(season, handle)
    if old is None or not old.alive:
        raise EntrantNotAlive(f"{handle} is not an alive player of this season.")
    new_user = get_user_model().objects.filter(username=new_handle).first()
    if new_user is None:
        raise UnknownUser(f"No such user: {new_handle}")
    if selectors.entrant_of(season, new_user) is not None:
        raise AlreadyInSeason(f"{new_handle} is already in this season.")
    with transaction.atomic():
        Entrant.objects.select_for_update().filter(pk=old.pk).first()
        old.refresh_from_db()
        if not old.alive:
            raise EntrantNotAlive(f"{handle} is not an alive player of this season.")
        new = Entrant.objects.create(season=season, user=new_user)
        # The holds pass first: what the old player's moves hold is part of the balance that moves,
        # and the old entry could not give away garnets still held by its name (ruling: leaving with
        # garnets held, seasons/RULES.md).
        GarnetHold.objects.filter(entrant=old, match__status__in=[Match.Status.RUNNING, Match.Status.PAUSED]).update(
            entrant=new
        )
        for currency in LedgerEntry.Currency.values:
            held = selectors.balance(old, currency)
            if held:
                ledger_write(
                    entrant=old,
                    currency=currency,
                    amount=-held,
                    source=LedgerEntry.Source.HOST,
                    reason=f"Replaced by {new_handle}",
                    counterpart=new,
                    user=user,
                )
                ledger_write(
                    entrant=new,
                    currency=currency,
                    amount=held,
                    source=LedgerEntry.Source.HOST,
                    reason=f"Took {handle}'s place",
                    counterpart=old,
                    user=user,
                )
        Entrant.objects.filter(pk=old.pk).update(status=Entrant.Status.REPLACED)
        _take_over(season=season, old=old, new=new)
        order = [new_handle if h == handle else h for h in season.gamewide_order]
        Season.objects.filter(pk=season.pk).update(gamewide_order=order)
        season_log(season=season, action="entrant_replace", user=user, reason=reason, old=handle, new=new_handle)
    return new


def _renamed(handles: list[str], old: str, new: str) -> list[str]:
    return [new if h == old else h for h in handles]


def _take_over(*, season: Season, old: Entrant, new: Entrant) -> None:
    """The newcomer steps into what is still open for the old player: an undecided Death Match
    (as EC or DMO, and their ready press), an open pick, an unfinished episode's winners and
    candidates, an undecided Final game, and the garnet holds of moves not yet resolved
    of matches still running (moved by :func:`entrant_replace` before the balances). Decided history
    keeps the old name."""
    Duel.objects.filter(episode__season=season, loser__isnull=True, ec=old).update(ec=new)
    Duel.objects.filter(episode__season=season, loser__isnull=True, dmo=old).update(dmo=new)
    for duel in Duel.objects.filter(episode__season=season, loser__isnull=True):
        if old.handle in (duel.ready or []):
            Duel.objects.filter(pk=duel.pk).update(ready=_renamed(list(duel.ready), old.handle, new.handle))
    Pick.objects.filter(episode__season=season, status=Pick.Status.OPEN, picker=old).update(picker=new)
    for ep in Episode.objects.filter(season=season).exclude(status=Episode.Status.DONE):
        Episode.objects.filter(pk=ep.pk).update(
            mm_winners=_renamed(list(ep.mm_winners), old.handle, new.handle),
            candidates=_renamed(list(ep.candidates), old.handle, new.handle),
            escaped=_renamed(list(ep.escaped), old.handle, new.handle),
        )
    for leg in FinalLeg.objects.filter(season=season, winner__isnull=True):
        FinalLeg.objects.filter(pk=leg.pk).update(players=_renamed(list(leg.players), old.handle, new.handle))
