"""Writes: a player's pick, Ready and transfer; a host's steps. Each calls the service the pages call."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer

from core.errors import NotFound
from games.web.live import ClosePages
from seasons import selectors
from seasons.models import Duel, Episode, LedgerEntry, Pick
from seasons.services import (
    episode_dmo_pick,
    episode_dmo_set,
    episode_ec_pick,
    episode_ec_set,
    episode_start,
    ledger_adjust,
    ledger_transfer,
    ledger_undo,
)
from seasons.services.duels import duel_ready
from seasons.services.errors import DuelNotFound, EpisodeNotFound, LedgerEntryNotFound, PickNotFound
from seasons.services.final import final_leg_start
from seasons.web.api.base import SeasonView, SeasonWriteThrottle, errors, run, valid
from seasons.web.api.reads import episode_row
from seasons.web.api.selectors import ledger_entry_own
from seasons.web.api.serializers import (
    AdjustInSerializer,
    ControlInSerializer,
    DmoInSerializer,
    DoneSerializer,
    EcInSerializer,
    EpisodeInSerializer,
    EpisodeSerializer,
    FinalLegInSerializer,
    OwnLedgerEntrySerializer,
    PickInSerializer,
    ReasonInSerializer,
    TransferInSerializer,
)
from seasons.web.match_control_steps import match_control_step

PLAYER = ["seasons: players"]
HOST = ["seasons: hosts"]
REFUSALS = errors(400, 401, 403, 404, 409, 429)


def _in(serializer: type[Serializer], request: Request) -> dict[str, Any]:
    return valid(serializer(data=request.data))


def _done(text: str, code: int = status.HTTP_200_OK) -> Response:
    return Response(DoneSerializer({"detail": text}).data, status=code)


def _id(pk: int) -> int:
    if not 0 < pk < 2**63:
        raise NotFound("There is no such thing here.")
    return pk


class WriteView(SeasonView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_classes = [SeasonWriteThrottle]


class PickMakeView(WriteView):
    @extend_schema(tags=PLAYER, request=PickInSerializer, responses={200: DoneSerializer, **REFUSALS})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        """Make my open pick: the Death Match Opponent (as the EC) or the EC (as a Main Match winner)."""
        season = self.season(slug)
        pick = Pick.objects.filter(pk=_id(pk), episode__season=season).first()
        if pick is None:
            raise PickNotFound("There is no such pick in this season.")
        choice = _in(PickInSerializer, request)["choice"]
        if pick.kind == Pick.Kind.DMO:
            run(lambda: episode_dmo_pick(pick_id=pick.pk, user=request.user, dmo=choice))
        else:
            run(lambda: episode_ec_pick(pick_id=pick.pk, user=request.user, ec=choice))
        return _done(f"You picked {choice}.")


class DuelReadyView(WriteView):
    @extend_schema(tags=PLAYER, request=None, responses={200: DoneSerializer, **REFUSALS})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        """I am Ready for my scheduled Death Match; when both players are, it starts now."""
        season = self.season(slug)
        if not Duel.objects.filter(pk=_id(pk), episode__season=season).exists():
            raise DuelNotFound("There is no such Death Match in this season.")
        duel = run(lambda: duel_ready(duel_id=pk, user=request.user))
        started = f" It has started: match {duel.match_id}." if duel.match_id else ""
        return _done(f"You are ready.{started}")


class TransferView(WriteView):
    @extend_schema(tags=PLAYER, request=TransferInSerializer, responses={201: OwnLedgerEntrySerializer, **REFUSALS})
    def post(self, request: Request, slug: str) -> Response:
        """Send garnets to another alive player (sending through the API is the confirmation)."""
        season = self.season(slug)
        data = _in(TransferInSerializer, request)
        entry = run(
            lambda: ledger_transfer(
                season=season, sender=request.user, to=data["to"], amount=data["amount"], confirmed=True
            )
        )
        return Response(OwnLedgerEntrySerializer(ledger_entry_own(entry)).data, status=status.HTTP_201_CREATED)


class EpisodeStartView(WriteView):
    @extend_schema(tags=HOST, request=EpisodeInSerializer, responses={201: EpisodeSerializer, **REFUSALS})
    def post(self, request: Request, slug: str) -> Response:
        """Start the next episode's Main Match (players left out: every alive player)."""
        season = self.hosted(slug)
        data = _in(EpisodeInSerializer, request)
        players = data.get("players") or selectors.alive_handles(season)
        episode = run(
            lambda: episode_start(
                season_id=season.pk,
                game=data["game"],
                players=players,
                user=request.user,
                options=data.get("options") or {},
                dm_game=data.get("dm_game") or "",
            )
        )
        return Response(EpisodeSerializer(episode_row(episode)).data, status=status.HTTP_201_CREATED)


class MatchControlView(WriteView):
    @extend_schema(tags=HOST, request=ControlInSerializer, responses={200: DoneSerializer, **REFUSALS})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        """A match control of the host console: close now, extend, deadline, pause, resume, default move, replace."""
        season = self.hosted(slug)
        d = _in(ControlInSerializer, request)
        sentence = run(
            match_control_step(
                d["control"],
                season=season,
                match_id=_id(pk),
                reason=d["reason"],
                user=request.user,
                seconds=d.get("seconds"),
                deadline=d.get("deadline"),
                player=d.get("player") or "",
                new_player=d.get("new_player") or "",
                draw=ClosePages(),
            )
        )
        return _done(sentence)


class EcSetView(WriteView):
    @extend_schema(tags=HOST, request=EcInSerializer, responses={200: DoneSerializer, **REFUSALS})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        """Name an Elimination Candidate by hand (an extra one, or in place of one whose DM has not started)."""
        season = self.hosted(slug)
        if not Episode.objects.filter(pk=_id(pk), season=season).exists():
            raise EpisodeNotFound("There is no such episode in this season.")
        d = _in(EcInSerializer, request)
        run(
            lambda: episode_ec_set(
                episode_id=pk, ec=d["ec"], replace=d["replace"], user=request.user, reason=d["reason"]
            )
        )
        return _done(f"{d['ec']} is an Elimination Candidate.")


class DmoSetView(WriteView):
    @extend_schema(tags=HOST, request=DmoInSerializer, responses={200: DoneSerializer, **REFUSALS})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        """Name the Death Match Opponent of an open DMO pick by hand."""
        season = self.hosted(slug)
        if not Pick.objects.filter(pk=_id(pk), episode__season=season).exists():
            raise PickNotFound("There is no such pick in this season.")
        d = _in(DmoInSerializer, request)
        run(lambda: episode_dmo_set(pick_id=pk, dmo=d["dmo"], user=request.user, reason=d["reason"]))
        return _done(f"{d['dmo']} is the Death Match Opponent.")


class LedgerAdjustView(WriteView):
    @extend_schema(tags=HOST, request=AdjustInSerializer, responses={201: OwnLedgerEntrySerializer, **REFUSALS})
    def post(self, request: Request, slug: str) -> Response:
        """Add garnets or Tokens of Life to a player (a negative amount takes them), with a reason."""
        season = self.hosted(slug)
        d = _in(AdjustInSerializer, request)
        entry = run(
            lambda: ledger_adjust(
                season=season,
                handle=d["player"],
                currency=d["currency"],
                amount=d["amount"],
                reason=d["reason"],
                user=request.user,
            )
        )
        return Response(OwnLedgerEntrySerializer(ledger_entry_own(entry)).data, status=status.HTTP_201_CREATED)


class LedgerUndoView(WriteView):
    @extend_schema(tags=HOST, request=ReasonInSerializer, responses={201: OwnLedgerEntrySerializer, **REFUSALS})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        """Undo a ledger entry by adding its opposite (the ledger is append-only)."""
        season = self.hosted(slug)
        if not LedgerEntry.objects.filter(pk=_id(pk), season=season).exists():
            raise LedgerEntryNotFound("There is no such ledger entry in this season.")
        reason = _in(ReasonInSerializer, request)["reason"]
        undo = run(lambda: ledger_undo(entry_id=pk, reason=reason, user=request.user))
        return Response(OwnLedgerEntrySerializer(ledger_entry_own(undo)).data, status=status.HTTP_201_CREATED)


class FinalLegView(WriteView):
    @extend_schema(tags=HOST, request=FinalLegInSerializer, responses={201: DoneSerializer, **REFUSALS})
    def post(self, request: Request, slug: str) -> Response:
        """Start the next game of the semifinal or the Final, of a two-player game."""
        season = self.hosted(slug)
        game = _in(FinalLegInSerializer, request)["game"]
        leg = run(lambda: final_leg_start(season_id=season.pk, game=game, user=request.user))
        return _done(f"{leg} has started: match {leg.match_id}.", status.HTTP_201_CREATED)
