"""Reads of the finale: where it stands (stage, pairing, bye, score, legs) and the bye rule's order."""

from __future__ import annotations

from dataclasses import dataclass, field

from seasons import selectors
from seasons.models import Episode, FinalLeg, LedgerEntry, Season


@dataclass
class FinalState:
    """Where the finale stands (``stage`` "" while the season has not reached it)."""

    stage: str = ""
    pair: list[str] = field(default_factory=list)
    bye: str = ""
    wins: dict[str, int] = field(default_factory=dict)
    needed: int = 0
    legs: list[FinalLeg] = field(default_factory=list)
    running: FinalLeg | None = None
    champion: str = ""


def bye_order(season: Season, handles: list[str]) -> list[str]:
    """``handles`` by the bye rule: most Tokens of Life, then most garnets, then the gamewide tiebreak."""
    tokens = selectors.balances(season, LedgerEntry.Currency.TOKEN)
    garnets = selectors.balances(season, LedgerEntry.Currency.GARNET)
    order = {h: i for i, h in enumerate(season.gamewide_order)}
    return sorted(handles, key=lambda h: (-tokens.get(h, 0), -garnets.get(h, 0), order.get(h, 99), h))


def final_state(season: Season) -> FinalState:
    """The finale's stage, pairing, bye, score and legs; empty before the season reaches it."""
    state = FinalState(needed=season.final_legs // 2 + 1)
    if season.champion_id is not None:
        state.champion = season.champion.handle if season.champion else ""
        state.stage = "done"
    alive = selectors.alive_handles(season)
    legs = list(FinalLeg.objects.filter(season=season).select_related("match", "winner__user"))
    state.legs = legs
    if state.stage == "done":
        return state
    if Episode.objects.filter(season=season).exclude(status=Episode.Status.DONE).exists():
        return state
    if not 2 <= len(alive) <= season.finalists:
        return state
    if len(alive) == 3:
        semi = [leg for leg in legs if leg.stage == FinalLeg.Stage.SEMI]
        state.stage = FinalLeg.Stage.SEMI
        # Once the semifinal has begun its pairing stands, whatever the balances do meanwhile.
        state.bye = next(h for h in alive if h not in semi[0].players) if semi else bye_order(season, alive)[0]
        state.pair = [h for h in alive if h != state.bye]
    else:
        state.stage = FinalLeg.Stage.FINAL
        state.pair = list(alive)
    stage_legs = [leg for leg in legs if leg.stage == state.stage]
    state.wins = {h: sum(1 for leg in stage_legs if leg.winner and leg.winner.handle == h) for h in state.pair}
    state.running = next((leg for leg in stage_legs if leg.winner_id is None), None)
    return state
