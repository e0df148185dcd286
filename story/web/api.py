"""The season API's part in the story: the public timeline."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from seasons.web.api.base import SeasonView, errors
from story.selectors import timeline

MAX_ENTRIES = 500


class EntrySerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    kind = serializers.ChoiceField(choices=["step", "round", "clarification", "confessional"])
    text = serializers.CharField()
    url = serializers.CharField(allow_blank=True, help_text="The page it links to (a path on the site).")
    who = serializers.CharField(allow_blank=True, help_text="A confessional's author.")


class TimelineView(SeasonView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=["seasons"], responses={200: EntrySerializer(many=True), **errors(404, 429)})
    def get(self, request: Request, slug: str) -> Response:
        """The season's public timeline, newest first: steps, rounds' public results, clarifications and
        published confessionals (the season page's story)."""
        entries = timeline(self.season(slug))[:MAX_ENTRIES]
        rows = [{"at": e.at, "kind": e.kind, "text": e.text, "url": e.url, "who": e.who} for e in entries]
        return Response(EntrySerializer(rows, many=True).data)
