"""The project's URLs plus one bare view: the baseline the submit endpoint is compared with."""

from django.http import HttpRequest, JsonResponse
from django.urls import path

from config.urls import handler404  # noqa: F401
from config.urls import urlpatterns as project_urls
from games.models import Match


def bare(request: HttpRequest, pk: int) -> JsonResponse:
    """Read one row and answer JSON: what any endpoint costs at the least."""
    row = Match.objects.filter(pk=pk).values("pk", "status", "last_seq").first()
    return JsonResponse(row or {}, status=200 if row else 404)


urlpatterns = [path("bench/bare/<int:pk>/", bare), *project_urls]
