"""The pages' side of the one error translation (``core.errors``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.deprecation import MiddlewareMixin

from core.errors import GameError, error_payload


class GameErrorMiddleware(MiddlewareMixin):
    """A ``GameError`` a page view lets escape becomes its 4xx: JSON for JSON clients, else a short page."""

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, GameError):
            return None
        if "application/json" in request.headers.get("Accept", ""):
            return JsonResponse(error_payload(exception), status=exception.status)
        return render(request, "games/error.html", {"error": error_payload(exception)}, status=exception.status)
