"""Render every time in the viewer's own time zone; serve static files.

Both are sync and async capable. Garnet's ASGI handler runs the whole stack in sync mode, in one
thread hop a request (``config/http.py``); the async paths serve an async stack, should one be used.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from whitenoise.middleware import WhiteNoiseMiddleware

Handler = Callable[[HttpRequest], Any]


def _activate(name: str | None) -> None:
    try:
        timezone.activate(zoneinfo.ZoneInfo(name or "UTC"))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        timezone.activate(zoneinfo.ZoneInfo("UTC"))


class TimezoneMiddleware:
    """Activate the signed-in user's zone, else the browser's (cookie ``tz``), else UTC (sync and async capable)."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self.__acall__(request)
        _activate(getattr(getattr(request, "user", None), "time_zone", None) or request.COOKIES.get("tz"))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        auser = getattr(request, "auser", None)
        user = await auser() if auser is not None else None
        _activate(getattr(user, "time_zone", None) or request.COOKIES.get("tz"))
        try:
            response: Awaitable[HttpResponse] = self.get_response(request)
            return await response
        finally:
            timezone.deactivate()


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise, made async capable: a static file is served from memory-mapped
    lookups on the loop; every other request goes on down the async stack."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Handler | None = None, **kwargs: Any) -> None:
        super().__init__(get_response, **kwargs)
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def _static(self, request: HttpRequest) -> Any:
        return self.find_file(request.path_info) if self.autorefresh else self.files.get(request.path_info)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self.__acall__(request)
        return super().__call__(request)

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        static_file = self._static(request)
        if static_file is not None:
            return self.serve(static_file, request)
        response: HttpResponse = await self.get_response(request)
        return response
