"""Websocket helpers: a communicator signed in as a user, against the real ASGI app (origin checked)."""

from __future__ import annotations

from typing import Any

from channels.testing import WebsocketCommunicator
from django.test import Client

from tests.factories import UserFactory


def session_cookie(handle: str | None) -> tuple[Client, str]:
    """A Django test client signed in as ``handle`` (None: anonymous) and its cookie header."""
    client = Client()
    if handle is None:
        return client, ""
    client.force_login(UserFactory(username=handle))
    return client, f"sessionid={client.cookies['sessionid'].value}"


def communicator(path: str, cookie: str = "", origin: str = "http://testserver") -> WebsocketCommunicator:
    from config.asgi import application

    headers: list[tuple[bytes, bytes]] = [(b"host", b"testserver"), (b"origin", origin.encode())]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def drain(comm: WebsocketCommunicator, timeout: float = 0.3) -> list[dict[str, Any]]:
    """Every frame that arrives until ``timeout`` passes without one (without cancelling the app)."""
    frames = []
    while not await comm.receive_nothing(timeout=timeout):
        frames.append(await comm.receive_json_from())
    return frames
