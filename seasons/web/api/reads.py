"""Reads: seasons, episodes, standings, the public ledger, my balances, picks and the schedule."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response

from games.registry import get_engine
from seasons import selectors
from seasons import standings as board
from seasons.models import Episode, Season
from seasons.web.api import selectors as api_selectors
from seasons.web.api.base import SeasonView, errors
from seasons.web.api.serializers import (
    DueSerializer,
    EpisodeSerializer,
    LedgerEntrySerializer,
    MySeasonSerializer,
    PickSerializer,
    SeasonSerializer,
    StandingSerializer,
)

TAG = ["seasons"]


def season_row(season: Season) -> dict[str, Any]:
    return {
        "slug": season.slug,
        "name": season.name,
        "status": season.status,
        "hosts": sorted(u.username for u in season.hosts.all()),
        "alive": selectors.alive_handles(season),
        "gamewide_order": list(season.gamewide_order),
        "token_mode": season.token_mode,
        "garnets_public": season.garnets_public,
        "mm_turn_seconds": season.mm_turn_seconds,
        "dm_game": season.dm_game,
        "champion": season.champion.handle if season.champion_id and season.champion else None,
        "created_at": season.created_at,
    }


def _game(slug: str | None) -> str | None:
    try:
        return get_engine(slug).slug if slug else None
    except KeyError:
        return slug


def episode_row(episode: Episode) -> dict[str, Any]:
    return {
        "id": episode.pk,
        "number": episode.number,
        "status": episode.status,
        "mm_match": episode.mm_match_id,
        "mm_game": _game(episode.mm_match.game) if episode.mm_match else None,
        "mm_winners": list(episode.mm_winners),
        "candidates": list(episode.candidates),
        "escaped": list(episode.escaped),
        "duels": [
            {
                "id": d.pk,
                "ec": d.ec.handle,
                "dmo": d.dmo.handle if d.dmo else None,
                "match": d.match_id,
                "loser": d.loser.handle if d.loser else None,
                "starts_at": d.starts_at,
                "ready": list(d.ready),
            }
            for d in episode.duels.all()
        ],
    }


class SeasonListView(SeasonView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=TAG, responses={200: SeasonSerializer(many=True), **errors(429)})
    def get(self, request: Request) -> Response:
        """Every season that has started, newest first."""
        rows = selectors.seasons_public().prefetch_related("hosts").select_related("champion__user")[:200]
        return Response(SeasonSerializer([season_row(s) for s in rows], many=True).data)


class SeasonDetailView(SeasonView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=TAG, responses={200: SeasonSerializer, **errors(404, 429)})
    def get(self, request: Request, slug: str) -> Response:
        """One season: its status, hosts, alive players, gamewide order and settings that players see."""
        return Response(SeasonSerializer(season_row(self.season(slug))).data)


class EpisodesView(SeasonView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=TAG, responses={200: EpisodeSerializer(many=True), **errors(404, 429)})
    def get(self, request: Request, slug: str) -> Response:
        """The season's episodes: Main Match, winners, candidates, Death Matches and their losers."""
        episodes = selectors.episodes_of(self.season(slug))
        return Response(EpisodeSerializer([episode_row(e) for e in episodes], many=True).data)


class StandingsView(SeasonView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=TAG, responses={200: StandingSerializer(many=True), **errors(404, 429)})
    def get(self, request: Request, slug: str) -> Response:
        """The standings as the season page shows them (garnets only where the season shows balances)."""
        rows = [
            {
                "player": s.handle,
                "status": s.status,
                "tokens": s.tokens,
                "garnets": s.garnets,
                "eliminated_in": s.eliminated_in,
                "place": s.place,
            }
            for s in board.standings(self.season(slug))
        ]
        return Response(StandingSerializer(rows, many=True).data)


class LedgerView(SeasonView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=TAG, responses={200: LedgerEntrySerializer(many=True), **errors(404, 429)})
    def get(self, request: Request, slug: str) -> Response:
        """The public ledger: Tokens of Life, garnets where balances are public, never transfers."""
        rows = [api_selectors.ledger_entry_public(e) for e in api_selectors.ledger_public(self.season(slug))]
        return Response(LedgerEntrySerializer(rows, many=True).data)


class MeView(SeasonView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(tags=TAG, responses={200: MySeasonSerializer, **errors(401, 403, 404, 429)})
    def get(self, request: Request, slug: str) -> Response:
        """My balances, the garnets my moves hold, my whole ledger (transfers included) and my open picks."""
        season = self.season(slug)
        return Response(MySeasonSerializer(api_selectors.my_season(self.entrant(season))).data)


class PicksView(SeasonView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=TAG, responses={200: PickSerializer(many=True), **errors(404, 429)})
    def get(self, request: Request, slug: str) -> Response:
        """Every pick (EC by the Main Match's winners, DMO by the EC): who, by when, and whom once made."""
        return Response(PickSerializer(api_selectors.picks_of(self.season(slug)), many=True).data)


class ScheduleView(SeasonView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=TAG, responses={200: DueSerializer(many=True), **errors(404, 429)})
    def get(self, request: Request, slug: str) -> Response:
        """What is open now, soonest deadline first: turns (who they await, who locked in), picks, scheduled
        Death Matches (who is Ready)."""
        rows = [asdict(d) for d in api_selectors.schedule(self.season(slug))]
        return Response(DueSerializer(rows, many=True).data)
