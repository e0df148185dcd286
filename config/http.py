"""Django's HTTP side under ASGI: the middleware stack and the view in one thread hop per request."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class OneHopASGIHandler(ASGIHandler):
    """``ASGIHandler`` whose middleware stack runs in sync mode, as under WSGI: one thread hop a request.

    Under ASGI Django runs each hook of an async-capable ``MiddlewareMixin`` middleware (most of
    Django's own, django-csp's, axes') in its own hop to the request's thread and back: about two
    dozen hand-offs for Garnet's stack before its synchronous views even start. Here the stack and
    the view run in that thread in one go; the event loop keeps the sockets, the body and the
    response. Async views still work (Django runs them with ``async_to_sync`` on this loop).
    """

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        response: Any = await sync_to_async(self.get_response, thread_sensitive=True)(request)
        return response
