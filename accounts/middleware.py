"""Render every time in the viewer's own time zone."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone


class TimezoneMiddleware:
    """Activate the signed-in user's zone, else the browser's (cookie ``tz``), else UTC."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name = getattr(getattr(request, "user", None), "time_zone", None) or request.COOKIES.get("tz") or "UTC"
        try:
            timezone.activate(zoneinfo.ZoneInfo(name))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            timezone.activate(zoneinfo.ZoneInfo("UTC"))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
