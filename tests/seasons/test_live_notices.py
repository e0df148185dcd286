"""Notifications, live: a notice reaches the user's socket on /ws/me/ as it is written (issue 7)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from config.asgi import application
from seasons.models import Pick
from seasons.services import episode_dmo_pick
from tests.seasons.factories import abc_episode, finish_mm, started_season

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("memory_layer")]


def _headers(handle: str) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(get_user_model().objects.get(username=handle))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
    ]


def _season_with_open_pick() -> int:
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    return Pick.objects.get(episode=episode).pk


async def test_picked_as_dmo_arrives_live() -> None:
    """ "a player is told, live ..., when they are picked as DMO": a user.notify event on their socket."""
    pick_id = await sync_to_async(_season_with_open_pick)()
    comm = WebsocketCommunicator(application, "/ws/me/", headers=await sync_to_async(_headers)("gus"))
    assert (await comm.connect())[0]
    eve = await sync_to_async(get_user_model().objects.get)(username="eve")
    await sync_to_async(episode_dmo_pick)(pick_id=pick_id, user=eve, dmo="gus")
    events = []
    while not await comm.receive_nothing(timeout=0.3):
        events.append(await comm.receive_json_from())
    assert any(e.get("kind") == "dmo" and "eve picked you" in e.get("text", "") for e in events)
    await comm.disconnect()
