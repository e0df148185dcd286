"""The finale: when the alive players fall to the season's ``finalists`` (2, or 3), a best-of-K Final
of 2-player games the host picks per leg; with three, a semifinal first and a bye for the third
(most Tokens of Life, then most garnets, then the gamewide tiebreak). The Final's winner is the
champion; only then can the season finish."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import reverse

from games.engine import Outcome
from games.match.services.matches import MatchStartError, match_start
from games.models import Match, Turn
from seasons import selectors
from seasons.models import Entrant, FinalLeg, Season
from seasons.selectors.final import final_state
from seasons.selectors.game_choice import game_choice_name
from seasons.services.entrants import entrant_eliminate
from seasons.services.episodes import turn_notify
from seasons.services.errors import FinalNotReady, MatchSetupRefused, SeasonNotRunning
from seasons.services.game_choice import game_resolve
from seasons.services.notify import notice_send, season_log


def final_leg_start(*, season_id: int, game: str, user: Any = None, seed: str | None = None) -> FinalLeg:
    """Start the next game of the semifinal or the Final: ``game`` (an installed 2-player game, or a host's own
    Death Match as ``house:<id>``, its latest version) for the pair."""
    season = Season.objects.get(pk=season_id)
    if season.status != Season.Status.RUNNING:
        raise SeasonNotRunning("The season is not running.")
    state = final_state(season)
    if state.stage not in (FinalLeg.Stage.SEMI, FinalLeg.Stage.FINAL):
        raise FinalNotReady(f"The Final starts when {season.finalists} players are left and no episode is open.")
    if state.running is not None:
        raise FinalNotReady("The current game of the Final is not over yet.")
    chosen = game_resolve(game, players=2, duel=True, hosts=season.hosts.all())
    number = len([leg for leg in state.legs if leg.stage == state.stage]) + 1
    players = state.pair if number % 2 else list(reversed(state.pair))  # the advantage alternates
    label = "Semifinal" if state.stage == FinalLeg.Stage.SEMI else "Final"
    with transaction.atomic():
        try:
            match = match_start(
                game=chosen.slug,
                players=players,
                options=dict(chosen.options),
                seed=seed,
                title=f"{season.name} · {label} · game {number}",
                turn_seconds=season.dm_turn_seconds,
                hosts=season.hosts.all(),
            )
        except MatchStartError as exc:
            raise MatchSetupRefused(str(exc)) from exc
        leg = FinalLeg.objects.create(
            season=season, stage=state.stage, number=number, game=game, players=players, match=match
        )
        season_log(
            season=season,
            action="final_leg_start",
            user=user,
            stage=label,
            number=number,
            game=game_choice_name(game),
            players=players,
            bye=state.bye,
        )
        turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
        if turn is not None:
            turn_notify(match=match, turn=turn, season=season)
    return leg


def final_leg_finished(*, match: Match, outcome: Outcome) -> FinalLeg | None:
    """A game of the finale ended: its winner scores; a player reaching the majority takes the stage.

    The semifinal's loser is eliminated (third place); the Final's winner is crowned champion (place 1),
    the other takes place 2.
    """
    leg = FinalLeg.objects.select_related("season").filter(match=match).first()
    if leg is None or leg.winner_id is not None:
        return None
    season = leg.season
    winners = [w for w in outcome.winners if w in leg.players]
    if not winners:  # a drawn game does not count; the host starts another
        season_log(season=season, action="final_leg_draw", stage=leg.get_stage_display(), number=leg.number)
        FinalLeg.objects.filter(pk=leg.pk).delete()
        return None
    winner = selectors.entrant_by_handle(season, winners[0])
    leg.winner = winner
    leg.save(update_fields=["winner"])
    season_log(
        season=season,
        action="final_leg_won",
        stage=leg.get_stage_display(),
        number=leg.number,
        player=winner.handle if winner else "",
    )
    stage_wins = FinalLeg.objects.filter(season=season, stage=leg.stage, winner=winner).count()
    if stage_wins < season.final_legs // 2 + 1 or winner is None:
        return leg
    loser = selectors.entrant_by_handle(season, next(p for p in leg.players if p != winner.handle))
    assert loser is not None
    if leg.stage == FinalLeg.Stage.SEMI:
        entrant_eliminate(entrant=loser, episode=None, match=match, reason="lost the semifinal")
    else:
        Entrant.objects.filter(pk=winner.pk).update(place=1)
        Entrant.objects.filter(pk=loser.pk).update(place=2)
        Season.objects.filter(pk=season.pk).update(champion=winner)
        season_log(season=season, action="champion", player=winner.handle, runner_up=loser.handle)
        for entrant in Entrant.objects.filter(season=season).select_related("user"):
            notice_send(
                user=entrant.user,
                season=season,
                kind="champion",
                url=reverse("season_home", args=[season.slug]),
                text=(
                    f"You are the champion of {season.name}!"
                    if entrant.pk == winner.pk
                    else f"{winner.handle} is the champion of {season.name}!"
                ),
            )
    return leg
