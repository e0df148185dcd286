"""Reads of Death Matches: which half-done ones a host must settle, how, and who lost a played one."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Outcome
from games.match.selectors import match_usernames, outcome_for_users
from games.models import Match
from seasons.models import Duel, Entrant, Season


@dataclass(frozen=True)
class SettleWay:
    """How a half-done Death Match is settled: who may be recorded as its loser, and why it is half done."""

    duel: Duel
    losers: tuple[str, ...]
    why: str
    by_result: bool = False  # the loser is its finished match's: the whole result (ledger too) is recorded


def _out(entrant: Entrant | None) -> bool:
    return entrant is not None and entrant.status != Entrant.Status.ALIVE


def duel_settle_way(duel: Duel) -> SettleWay | None:
    """None for a Death Match that needs no host (decided, running, or waiting with both players alive)."""
    if duel.loser_id is not None:
        return None
    ec, dmo, match = duel.ec, duel.dmo, duel.match
    if match is not None and match.status in (Match.Status.RUNNING, Match.Status.PAUSED):
        return None  # its match decides it (a host has the match controls)
    if match is not None and match.status == Match.Status.FINISHED and match.outcome:
        outcome = outcome_for_users(match, Outcome.from_json(match.outcome))
        loser = dm_loser(duel, match, outcome)
        return SettleWay(
            duel, (loser.handle,), "Its match is over, but the season has not recorded the result.", by_result=True
        )
    out = [e.handle for e in (ec, dmo) if e is not None and _out(e)]
    if match is not None:  # aborted (or ended without a result): the host names the loser
        players = [e.handle for e in (ec, dmo) if e is not None]
        return SettleWay(duel, tuple(out or players), "Its match was aborted before it had a result.")
    if out:
        who = " and ".join(out)
        return SettleWay(duel, tuple(out), f"{who} was eliminated before it started.")
    return None


def duels_to_settle(season: Season) -> list[SettleWay]:
    """The season's Death Matches a host must settle, oldest first."""
    duels = (
        Duel.objects.filter(episode__season=season, loser__isnull=True)
        .select_related("episode", "ec__user", "dmo__user", "match")
        .order_by("episode__number", "pk")
    )
    return [way for way in map(duel_settle_way, duels) if way is not None]


def dm_loser(duel: Duel, match: Match, outcome: Outcome) -> Entrant:
    """Who lost the Death Match of ``duel`` by ``outcome`` (its first candidate, else its non-winner)."""
    losers = list(outcome.candidates) or [p for p in match_usernames(match) if p not in outcome.winners]
    loser = duel.ec if duel.ec.handle in losers[:1] else duel.dmo
    assert loser is not None, "a played Death Match has its DMO"
    return loser
