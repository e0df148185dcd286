"""The ledger: Tokens of Life and garnets as append-only entries with a reason and a source."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import reverse

from games.models import Match
from seasons import selectors
from seasons.models import Entrant, LedgerEntry, Season
from seasons.services.errors import (
    BadAmount,
    Eliminated,
    InsufficientFunds,
    NotConfirmed,
    NotSeasonPlayer,
    PlayerNotAlive,
    SeasonNotRunning,
    TargetRefused,
    UnknownPlayer,
)
from seasons.services.notify import notice_send, require_reason, season_log


def ledger_write(
    *,
    entrant: Entrant,
    currency: str,
    amount: int,
    reason: str,
    source: str,
    match: Match | None = None,
    counterpart: Entrant | None = None,
    user: Any = None,
) -> LedgerEntry:
    """Append one entry (the only way anything enters the ledger).

    A debit takes the entrant's row lock and is refused (SeasonError, nothing written) if it
    would leave the balance below zero, or below what running matches hold of their garnets.
    """
    if amount < 0:
        with transaction.atomic():
            Entrant.objects.select_for_update().filter(pk=entrant.pk).first()
            have = selectors.balance(entrant, currency)
            held = selectors.held_garnets(entrant) if currency == LedgerEntry.Currency.GARNET else 0
            if have + amount < held or have + amount < 0:
                what = "garnets" if currency == LedgerEntry.Currency.GARNET else "Tokens of Life"
                free = f" ({held} held by moves in running matches)" if held else ""
                raise InsufficientFunds(
                    f"{entrant.handle} has {have - held} free {what}{free}; "
                    f"removing {-amount} would leave less than none. Nothing was written.",
                )
            return _append(
                entrant=entrant,
                currency=currency,
                amount=amount,
                reason=reason,
                source=source,
                match=match,
                counterpart=counterpart,
                user=user,
            )
    return _append(
        entrant=entrant,
        currency=currency,
        amount=amount,
        reason=reason,
        source=source,
        match=match,
        counterpart=counterpart,
        user=user,
    )


def _append(
    *,
    entrant: Entrant,
    currency: str,
    amount: int,
    reason: str,
    source: str,
    match: Match | None,
    counterpart: Entrant | None,
    user: Any,
) -> LedgerEntry:
    return LedgerEntry.objects.create(
        season=entrant.season,
        entrant=entrant,
        currency=currency,
        amount=amount,
        reason=reason,
        source=source,
        match=match,
        counterpart=counterpart,
        created_by=user,
    )


def ledger_adjust(*, season: Season, handle: str, currency: str, amount: int, reason: str, user: Any) -> LedgerEntry:
    """A host adds (or, negative, removes) tokens or garnets, logged with the reason."""
    reason = require_reason(reason)
    if currency not in LedgerEntry.Currency.values:
        raise BadAmount(f'"{currency}" is not a currency: token or garnet')
    if amount == 0:
        raise BadAmount("An adjustment of 0 changes nothing.")
    entrant = selectors.entrant_by_handle(season, handle)
    if entrant is None:
        raise UnknownPlayer(f"{handle} is not in {season}.")
    with transaction.atomic():
        entry = ledger_write(
            entrant=entrant,
            currency=currency,
            amount=amount,
            reason=f"Host: {reason}",
            source=LedgerEntry.Source.HOST,
            user=user,
        )
        season_log(
            season=season,
            action="ledger_adjust",
            user=user,
            reason=reason,
            player=handle,
            currency=currency,
            amount=amount,
            entry=entry.pk,
        )
    return entry


def ledger_undo(*, entry_id: int, reason: str, user: Any) -> LedgerEntry:
    """Undo an entry by appending its opposite (the original stays, as the ledger is append-only)."""
    reason = require_reason(reason)
    entry = LedgerEntry.objects.select_related("entrant__user", "season").get(pk=entry_id)
    with transaction.atomic():
        undo = ledger_write(
            entrant=entry.entrant,
            currency=entry.currency,
            amount=-entry.amount,
            reason=f"Host undid entry #{entry.pk}: {reason}",
            source=LedgerEntry.Source.HOST,
            user=user,
        )
        season_log(season=entry.season, action="ledger_undo", user=user, reason=reason, entry=entry.pk, undo=undo.pk)
    return undo


def ledger_transfer(*, season: Season, sender: Any, to: str, amount: int, confirmed: bool) -> LedgerEntry:
    """Move ``amount`` garnets from ``sender`` (a user) to the player ``to``; both are told.

    Refused, with nothing written, unless the sender confirmed, both are alive in
    the season (checked again once both row locks are held, the locks an elimination
    takes), the amount is positive and the sender's live balance covers it.
    """
    if season.status != Season.Status.RUNNING:
        raise SeasonNotRunning("Transfers are closed: the season is not running.")
    me = selectors.entrant_of(season, sender)
    if me is None:
        raise NotSeasonPlayer("You are not a player in this season.")
    if not me.alive:
        raise Eliminated("You have been eliminated: you can no longer transfer garnets.")
    other = selectors.entrant_by_handle(season, (to or "").strip())
    if other is None:
        raise UnknownPlayer(f'"{to}" is not a player in this season.')
    if other.pk == me.pk:
        raise TargetRefused("You cannot transfer garnets to yourself.")
    if not other.alive:
        raise PlayerNotAlive(f"{other.handle} has been eliminated and cannot receive garnets.")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise BadAmount("Transfer a whole number of garnets, 1 or more.")
    if not confirmed:
        raise NotConfirmed("Confirm the transfer first: nothing was sent.")
    with transaction.atomic():
        locked = {e.pk: e for e in Entrant.objects.select_for_update().filter(pk__in=[me.pk, other.pk]).order_by("pk")}
        # Looked at again under the locks: a host's elimination holding them may have committed meanwhile
        # (its confiscation came first; a transfer landing after it would leave an eliminated player garnets).
        if not locked[me.pk].alive:
            raise Eliminated("You have been eliminated: you can no longer transfer garnets.")
        if not locked[other.pk].alive:
            raise PlayerNotAlive(f"{other.handle} has been eliminated and cannot receive garnets.")
        have = selectors.free_garnets(me)
        if amount > have:
            held = selectors.held_garnets(me)
            note = f" ({held} more are held by your moves in running matches)" if held else ""
            raise InsufficientFunds(
                f"You have {have} free garnets{note}; you cannot transfer {amount}. Nothing was sent."
            )
        out = ledger_write(
            entrant=me,
            currency=LedgerEntry.Currency.GARNET,
            amount=-amount,
            reason=f"Transfer to {other.handle}",
            source=LedgerEntry.Source.TRANSFER,
            counterpart=other,
            user=sender,
        )
        ledger_write(
            entrant=other,
            currency=LedgerEntry.Currency.GARNET,
            amount=amount,
            reason=f"Transfer from {me.handle}",
            source=LedgerEntry.Source.TRANSFER,
            counterpart=me,
            user=sender,
        )
        url = reverse("season_me", args=[season.slug])
        notice_send(
            user=me.user,
            season=season,
            kind="transfer",
            url=url,
            text=f"You sent {amount} garnets to {other.handle} in {season}.",
        )
        notice_send(
            user=other.user,
            season=season,
            kind="transfer",
            url=url,
            text=f"{me.handle} sent you {amount} garnets in {season}.",
        )
        season_log(season=season, action="transfer", user=sender, sender=me.handle, to=other.handle, amount=amount)
    return out
