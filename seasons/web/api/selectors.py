"""Reads of the season API that the pages do not already have: the public ledger, the caller's
balances and the schedule of what is open. Each holds only what its reader may know."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import QuerySet

from games.match.selectors import match_name
from games.models import Match, Turn
from seasons import selectors
from seasons.models import Duel, Entrant, GarnetHold, LedgerEntry, Pick, Season

PUBLIC_SOURCES = (
    LedgerEntry.Source.MATCH,
    LedgerEntry.Source.HOST,
    LedgerEntry.Source.ELIMINATION,
    LedgerEntry.Source.TOKEN_USE,
)


def ledger_public(season: Season) -> QuerySet[LedgerEntry]:
    """The ledger as everyone may read it: Tokens of Life always, garnets only where the season shows
    balances; never a transfer (the two players' business, in their own ledgers)."""
    rows = LedgerEntry.objects.filter(season=season, source__in=PUBLIC_SOURCES)
    if not season.garnets_public:
        rows = rows.filter(currency=LedgerEntry.Currency.TOKEN)
    return rows.select_related("entrant__user", "match").order_by("pk")


def ledger_entry_public(entry: LedgerEntry) -> dict[str, Any]:
    """One public entry; a host adjustment's reason stays the host's (shown as "A host adjustment")."""
    return {
        "id": entry.pk,
        "player": entry.entrant.handle,
        "currency": entry.currency,
        "amount": entry.amount,
        "source": entry.source,
        "reason": entry.get_source_display() if entry.source == LedgerEntry.Source.HOST else entry.reason,
        "match": entry.match_id,
        "created_at": entry.created_at,
    }


def ledger_entry_own(entry: LedgerEntry) -> dict[str, Any]:
    """One entry of the caller's own ledger, with its reason and counterpart."""
    return {
        **ledger_entry_public(entry),
        "reason": entry.reason,
        "counterpart": entry.counterpart.handle if entry.counterpart else None,
    }


def my_season(entrant: Entrant) -> dict[str, Any]:
    """The caller's balances (tokens, garnets, free garnets), holds of running matches, ledger and open picks."""
    holds = GarnetHold.objects.filter(
        entrant=entrant, match__status__in=[Match.Status.RUNNING, Match.Status.PAUSED]
    ).order_by("pk")
    return {
        "player": entrant.handle,
        "status": entrant.status,
        "tokens": selectors.balance(entrant, selectors.TOKEN),
        "garnets": selectors.balance(entrant, selectors.GARNET),
        "free_garnets": selectors.free_garnets(entrant),
        "holds": [{"match": h.match_id, "turn": h.turn_id, "amount": h.amount, "charged": h.charged} for h in holds],
        "ledger": [ledger_entry_own(e) for e in selectors.ledger_of(entrant)],
        "open_picks": [pick_row(p) for p in selectors.open_picks_for(entrant)],
    }


def pick_row(pick: Pick) -> dict[str, Any]:
    """A pick as everyone may see it (who picks, what, by when, and whom once made)."""
    return {
        "id": pick.pk,
        "episode": pick.episode.number,
        "kind": pick.kind,
        "picker": pick.picker.handle,
        "status": pick.status,
        "choice": pick.choice.handle if pick.choice else None,
        "deadline": pick.deadline,
        "duel": pick.duel_id,
    }


def picks_of(season: Season) -> list[dict[str, Any]]:
    """Every pick of the season, oldest first."""
    rows = Pick.objects.filter(episode__season=season).select_related("episode", "picker__user", "choice__user")
    return [pick_row(p) for p in rows.order_by("pk")]


@dataclass(frozen=True)
class Due:
    """One thing open in the season with its deadline: a turn, a pick or a scheduled Death Match."""

    kind: str
    deadline: datetime | None
    label: str
    match: int | None = None
    turn: int | None = None
    awaiting: tuple[str, ...] = ()
    locked: tuple[str, ...] = ()
    paused: bool = False
    pick: int | None = None
    duel: int | None = None


def schedule(season: Season) -> list[Due]:
    """The season's open turns (who they await, who has locked in: public acts), open picks and scheduled
    Death Matches, soonest first."""
    out: list[Due] = []
    matches = selectors.season_matches(season).filter(status__in=[Match.Status.RUNNING, Match.Status.PAUSED])
    turns = Turn.objects.filter(match__in=matches, status=Turn.Status.OPEN).select_related("match")
    for turn in turns.prefetch_related("submissions"):
        locked = tuple(sorted(s.player for s in turn.submissions.all() if s.locked))
        out.append(
            Due(
                kind="turn",
                deadline=None if turn.is_paused else turn.deadline,
                label=f"{match_name(turn.match)} · {turn.label}",
                match=turn.match_id,
                turn=turn.number,
                awaiting=tuple(turn.awaiting),
                locked=locked,
                paused=turn.is_paused or turn.match.status == Match.Status.PAUSED,
            )
        )
    for pick in Pick.objects.filter(episode__season=season, status=Pick.Status.OPEN).select_related(
        "episode", "picker__user"
    ):
        out.append(
            Due(
                kind="pick",
                deadline=pick.deadline,
                label=f"Episode {pick.episode.number}: {pick.get_kind_display()} by {pick.picker.handle}",
                awaiting=(pick.picker.handle,),
                pick=pick.pk,
            )
        )
    scheduled = Duel.objects.filter(
        episode__season=season, match__isnull=True, loser__isnull=True, starts_at__isnull=False
    ).select_related("episode", "ec__user", "dmo__user")
    for duel in scheduled:
        out.append(
            Due(
                kind="death_match",
                deadline=duel.starts_at,
                label=f"Episode {duel.episode.number}: Death Match {duel.ec.handle} vs {duel.dmo.handle if duel.dmo else '?'}",
                awaiting=tuple(
                    p for p in (duel.ec.handle, duel.dmo.handle if duel.dmo else "") if p and p not in duel.ready
                ),
                locked=tuple(duel.ready),
                duel=duel.pk,
            )
        )
    return sorted(out, key=lambda d: (d.deadline is None, d.deadline.timestamp() if d.deadline else 0.0))
