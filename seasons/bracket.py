"""The finale as a bracket, for reading (``/seasons/`` and the season page): the semifinal, if any, then the
Final, each with its players, its score, its legs (players, winner, match) and its winner once decided.
A selector: it reads ``selectors.final.final_state`` and the legs, and writes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.registry import get_engine
from seasons.models import FinalLeg, Season
from seasons.selectors.final import final_state

SEMI_WINNER = "winner of the semifinal"


@dataclass(frozen=True)
class BracketLeg:
    """One game of a stage: its number, game name, players in seat order, winner ("" while undecided)."""

    number: int
    game: str
    players: list[str]
    winner: str
    match_id: int | None


@dataclass
class BracketStage:
    """The semifinal or the Final: its two players (a place not yet known is named by how it is decided)."""

    label: str
    players: list[str]
    wins: dict[str, int] = field(default_factory=dict)
    legs: list[BracketLeg] = field(default_factory=list)
    winner: str = ""

    @property
    def rows(self) -> list[tuple[str, int, bool]]:
        """Each player with their wins in this stage, in seat order, and whether the place is known (False for
        "winner of the semifinal")."""
        return [(h, self.wins.get(h, 0), h != SEMI_WINNER) for h in self.players]


@dataclass
class Bracket:
    """The finale's stages in the order they are played, how many wins take a stage, and the champion."""

    stages: list[BracketStage]
    needed: int
    legs_best_of: int
    champion: str = ""


def _leg(leg: FinalLeg) -> BracketLeg:
    options = leg.match.options if leg.match is not None else {}
    try:
        game = get_engine(leg.match.game if leg.match is not None else leg.game).title_for(options or {})
    except KeyError:
        game = leg.game
    winner = leg.winner.handle if leg.winner is not None else ""
    return BracketLeg(number=leg.number, game=game, players=list(leg.players), winner=winner, match_id=leg.match_id)


def _stage(label: str, legs: list[FinalLeg], players: list[str], needed: int) -> BracketStage:
    stage = BracketStage(label=label, players=players, legs=[_leg(leg) for leg in legs])
    stage.wins = {h: sum(1 for leg in stage.legs if leg.winner == h) for h in players}
    stage.winner = next((h for h, n in stage.wins.items() if n >= needed), "")
    return stage


def final_bracket(season: Season) -> Bracket | None:
    """The bracket of ``season``'s finale, or None before the season reaches it (no stage, no leg played)."""
    state = final_state(season)
    if not state.stage and not state.legs:
        return None
    semi = [leg for leg in state.legs if leg.stage == FinalLeg.Stage.SEMI]
    final = [leg for leg in state.legs if leg.stage == FinalLeg.Stage.FINAL]
    stages: list[BracketStage] = []
    bye = state.bye
    if semi or state.stage == FinalLeg.Stage.SEMI:
        pair = list(semi[0].players) if semi else list(state.pair)
        stages.append(_stage("Semifinal", semi, pair, state.needed))
    if final:
        pair = list(final[0].players)
    elif state.stage == FinalLeg.Stage.FINAL:
        pair = list(state.pair)
    else:  # the semifinal is on: the Final waits for its winner against the bye
        pair = [bye or "?", stages[0].winner or SEMI_WINNER] if stages else []
    if pair:
        stages.append(_stage("Final", final, pair, state.needed))
    if state.champion and stages:
        stages[-1].winner = state.champion
    return Bracket(stages=stages, needed=state.needed, legs_best_of=season.final_legs, champion=state.champion)
