"""The season API's part in reach: a player's threads with the dealer, and a question to the dealer."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import MatchNotFound
from games.models import Match
from reach import selectors
from reach.models import Thread
from reach.services.threads import MAX_LENGTH, post_write, thread_open
from seasons.models import Season
from seasons.services.errors import SeasonMatchNotFound
from seasons.web.api.base import SeasonView, SeasonWriteThrottle, errors, valid


class PostSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    from_host = serializers.BooleanField()
    author = serializers.CharField(allow_null=True)
    text = serializers.CharField()
    created_at = serializers.DateTimeField()


class ThreadSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    match = serializers.IntegerField(allow_null=True, help_text="null: the thread on the whole season.")
    unread = serializers.IntegerField(help_text="The dealer's posts I have not read on the site.")
    posts = PostSerializer(many=True)


class QuestionInSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_LENGTH)
    match = serializers.IntegerField(
        required=False, min_value=1, max_value=2**63 - 1, help_text="A match of the season; left out: the season."
    )


def _thread_row(thread: Thread) -> dict[str, object]:
    return {
        "id": thread.pk,
        "match": thread.match_id,
        "unread": getattr(thread, "unread", 0) or 0,
        "posts": [
            {
                "id": p.pk,
                "from_host": p.from_host,
                "author": p.author.username if p.author else None,
                "text": p.text,
                "created_at": p.created_at,
            }
            for p in selectors.posts_of(thread)
        ],
    }


def _in_season(thread: Thread, season: Season) -> bool:
    return thread.season_id == season.pk


class ThreadsView(SeasonView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(tags=["seasons: players"], responses={200: ThreadSerializer(many=True), **errors(401, 404, 429)})
    def get(self, request: Request, slug: str) -> Response:
        """My threads with the dealer in this season (on the season and on its matches), with every post."""
        season = self.season(slug)
        rows = [_thread_row(t) for t in selectors.player_threads(request.user) if _in_season(t, season)]
        return Response(ThreadSerializer(rows, many=True).data)


class QuestionView(SeasonView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_classes = [SeasonWriteThrottle]

    @extend_schema(
        tags=["seasons: players"],
        request=QuestionInSerializer,
        responses={201: ThreadSerializer, **errors(400, 401, 403, 404, 429)},
    )
    def post(self, request: Request, slug: str) -> Response:
        """Ask the dealer: a post in my thread on a match of the season (or on the season)."""
        season = self.season(slug)
        data = valid(QuestionInSerializer(data=request.data))
        if data.get("match"):
            match = Match.objects.filter(pk=data["match"]).first()
            if match is None:
                raise MatchNotFound("There is no such match.")
            thread = thread_open(player=request.user, match=match)
            if not _in_season(thread, season):
                raise SeasonMatchNotFound("That match is not part of this season.")
        else:
            thread = thread_open(player=request.user, season=season)
        post_write(thread=thread, author=request.user, text=data["text"])
        return Response(ThreadSerializer(_thread_row(thread)).data, status=status.HTTP_201_CREATED)
