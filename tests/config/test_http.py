"""The HTTP side under ASGI: the middleware stack and the view in one thread hop per request."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import SyncToAsync, iscoroutinefunction
from django.test import Client

from config.http import OneHopASGIHandler
from tests.asgiutil import asgi_get
from tests.factories import abc_match

pytestmark = pytest.mark.django_db(transaction=True)


def _get(app: Any, path: str) -> tuple[int, bytes]:
    return asyncio.run(asgi_get(app, path))


def test_the_stack_runs_in_one_thread_hop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Django runs each hook of an async-capable MiddlewareMixin middleware in its own thread hop under ASGI
    (two dozen for this stack); here the whole stack and the view take one, plus the request's close."""
    app = OneHopASGIHandler()
    assert not iscoroutinefunction(app._middleware_chain)
    match = abc_match()
    hops: list[str] = []
    real = SyncToAsync.__call__

    async def counted(self: SyncToAsync, *args: Any, **kwargs: Any) -> Any:
        hops.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    status, body = _get(app, f"/matches/{match.pk}/live/")
    assert status == 200 and b'class="live-root"' in body
    assert len(hops) <= 4, hops


def test_a_page_through_asgi_is_the_page_the_test_client_gets() -> None:
    """Same stack, same answer: the ASGI path serves what the suite's (WSGI-style) client is served."""
    match = abc_match()
    path = f"/matches/{match.pk}/live/"
    status, body = _get(OneHopASGIHandler(), path)
    assert status == 200 and body == Client().get(path).content
