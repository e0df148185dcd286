"""Websocket helpers: a communicator signed in as a user, against the real ASGI app (origin checked)."""

from __future__ import annotations

from collections.abc import Iterable
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


def unbatch(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of ``frames`` one by one, as a client takes them: a ``batch`` frame's events in its place."""
    return [e for f in frames for e in (f["events"] if f.get("event") == "batch" else [f])]


def unbatch_pushes(events: Iterable[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    """Pushes as ``broadcast.send`` took them, a ``batch`` frame's events one by one (each to the batch's group)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for group, payload in events:
        inner = payload["events"] if payload.get("event") == "batch" else [payload]
        out += [(group, {"type": payload["type"], **event}) for event in inner]
    return out


async def drain(comm: WebsocketCommunicator, timeout: float = 0.3, *, raw: bool = False) -> list[dict[str, Any]]:
    """Every event that arrives until ``timeout`` passes without one (without cancelling the app), a batch
    frame's events one by one (``raw``: the frames as sent)."""
    frames = []
    while not await comm.receive_nothing(timeout=timeout):
        frames.append(await comm.receive_json_from())
    return frames if raw else unbatch(frames)
