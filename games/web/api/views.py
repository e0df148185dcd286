"""The API: my matches, a match as I may see it, its log, and submitting a move."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.timefmt import user_zone
from core.errors import MalformedMove, RateLimited
from core.ratelimit import rate_limited
from games.match import selectors
from games.match.services import submission_submit
from games.match.viewing import match_for_viewer
from games.models import Match
from games.options import options_json_schema
from games.registry import engines, slugs
from games.web.api.serializers import (
    ErrorSerializer,
    GameSerializer,
    MatchDetailSerializer,
    MatchSummarySerializer,
    MessageSerializer,
    SubmissionOutSerializer,
    SubmitInSerializer,
    submission_out,
    submit_in,
)
from games.web.live import ClosePages


class ZoneAwareAPIView(APIView):
    """An API view whose times are in the caller's profile zone (token callers too), as on the pages."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if request.user.is_authenticated:
            timezone.activate(user_zone(request.user))


class ApiRootView(APIView):
    """The API's front door: where each part lives and where the browsable docs are."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        tags=["root"],
        responses=inline_serializer(
            "ApiRoot",
            {
                "docs": serializers.URLField(),
                "schema": serializers.URLField(),
                "token": serializers.URLField(),
                "my_matches": serializers.URLField(),
                "match": serializers.CharField(),
            },
        ),
    )
    def get(self, request: Request) -> Response:
        """Links to the docs page, the OpenAPI schema, the token endpoint and my matches."""
        return Response(
            {
                "docs": request.build_absolute_uri(reverse("api:docs")),
                "schema": request.build_absolute_uri(reverse("api:schema")),
                "token": request.build_absolute_uri(reverse("api:token")),
                "my_matches": request.build_absolute_uri(reverse("api:my_matches")),
                "match": request.build_absolute_uri(reverse("api:my_matches")) + "{id}/",
            }
        )


def _match(pk: int) -> Match:
    if not 0 < pk < 2**63:  # no database key is outside a signed 64-bit integer
        raise Http404("no such match")
    match = get_object_or_404(Match, pk=pk)
    if match.game not in slugs():
        raise Http404("this game is not installed")
    return match


class GamesView(APIView):
    """Every installed game with its options' schema, generated from the engine's declaration."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request: Request) -> Response:
        rows = [
            {
                "slug": e.slug,
                "title": e.title,
                "min_players": e.min_players,
                "max_players": e.max_players,
                "options": options_json_schema(e.options_schema),
            }
            for e in engines()
        ]
        return Response(GameSerializer(rows, many=True).data)


def _seq_param(request: Request, name: str) -> int:
    """A sequence number from the query string; anything unreadable counts as 0 (send everything)."""
    raw = str(request.query_params.get(name, "0"))
    return min(int(raw), 2**31) if raw.isascii() and raw.isdigit() and len(raw) < 12 else 0


class MyMatchesView(ZoneAwareAPIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=MatchSummarySerializer(many=True))
    def get(self, request: Request) -> Response:
        """The matches I play in, newest first."""
        rows = selectors.matches_of_user(request.user)[:200]
        return Response(MatchSummarySerializer(rows, many=True).data)


class MatchDetailView(ZoneAwareAPIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: MatchDetailSerializer, 404: ErrorSerializer})
    def get(self, request: Request, pk: int) -> Response:
        """The match as I may see it: the engine's view for me (the public one if I do not play)."""
        match = _match(pk)
        viewer = match_for_viewer(match, request.user)
        data = {
            "id": match.pk,
            "game": match.game,
            "title": str(match),
            "status": match.status,
            "players": match.players,
            "me": viewer.me,
            "role": str(viewer.role),
            "turn": viewer.turn,
            "view": viewer.view,
            "submission": viewer.submission,
            "locked_players": viewer.locked_players,
            "last_seq": viewer.seq,
            "private_seq": selectors.match_private_seq(match, viewer.me),
            "outcome": match.outcome,
            "seed_sha256": match.seed_sha256,
            "seed": match.revealed_seed,
        }
        return Response(MatchDetailSerializer(data).data)


class MatchMessagesView(ZoneAwareAPIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("after", int, description="Only public lines numbered after this."),
            OpenApiParameter("after_private", int, description="Only my private lines numbered after this."),
        ],
        responses={200: MessageSerializer(many=True), 404: ErrorSerializer},
    )
    def get(self, request: Request, pk: int) -> Response:
        """The log lines I may read, in order."""
        match = _match(pk)
        after, after_private = _seq_param(request, "after"), _seq_param(request, "after_private")
        me = selectors.viewer_handle(match, request.user)
        lines = selectors.match_messages_for(match, me, after=after, after_private=after_private)
        return Response(MessageSerializer(lines, many=True).data)


class SubmitView(ZoneAwareAPIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=SubmitInSerializer,
        responses={
            201: SubmissionOutSerializer,
            400: ErrorSerializer,
            403: ErrorSerializer,
            404: ErrorSerializer,
            409: ErrorSerializer,
            429: ErrorSerializer,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        """Save (and optionally lock in) my move for the open turn."""
        if rate_limited(key=f"submit:{request.user.pk}", rate=settings.GARNET_SUBMIT_RATE):
            raise RateLimited("Too many submissions; wait a minute and try again.")
        fields = submit_in(request.data)
        if fields is None:
            incoming = SubmitInSerializer(data=request.data)
            if not incoming.is_valid():
                first = next(iter(incoming.errors.items()))
                raise MalformedMove(f"{first[0]}: {' '.join(map(str, first[1]))}")
            fields = incoming.validated_data
        # The service checks the match exists (404) and finds the seat this user plays (403), under the turn's lock.
        # A lock-in that closes the turn pushes every listened seat's and the spectators' new page.
        submitted = submission_submit(
            match_id=pk,
            by=request.user,
            move=fields["move"],
            lock=fields["lock"],
            turn_number=fields.get("turn"),
            draw=ClosePages(),
        )
        return Response(submission_out(submitted.submission), status=status.HTTP_201_CREATED)
