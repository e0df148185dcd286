"""A websocket client that misses messages ends with the same log as the server after resync.

The client follows the protocol of games/match/broadcast.py: pushes are notifications
carrying ``seq``; on every turn event and on every (re)connect it fetches
``/matches/<id>/log/?after=<synced>`` and merges by ``seq``. Here it drops a third
of the pushes it receives and goes offline for a while; it must still end with
exactly the server's log for its player.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.db import database_sync_to_async

from games.match import selectors
from games.match.services import turn_close
from games.models import Match, Turn
from tests.factories import abc_match
from tests.trust.wsutil import communicator, drain, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


class ResyncingClient:
    def __init__(self, match_id: int, handle: str) -> None:
        self.match_id = match_id
        self.http, self.cookie = session_cookie(handle)
        self.log: dict[int, str] = {}
        self.synced = 0
        self.pushes = 0
        self.dropped = 0

    def _fetch(self) -> None:
        body = json.loads(self.http.get(f"/matches/{self.match_id}/log/", {"after": self.synced}).content)
        for line in body["messages"]:
            self.log[line["seq"]] = line["text"]
        self.synced = max(self.synced, body["last_seq"])

    async def resync(self) -> None:
        await sync_to_async(self._fetch)()

    async def handle(self, frames: list[dict[str, Any]]) -> None:
        for frame in frames:
            if frame["event"] == "message":
                self.pushes += 1
                if self.pushes % 3 == 0:  # lost on the way
                    self.dropped += 1
                    continue
                self.log[frame["seq"]] = frame["text"]
            elif frame["event"] in {"turn", "finished", "hello"} and frame["seq"] > self.synced:
                await self.resync()


def _close_open_turn(match_id: int) -> bool:
    turn = Turn.objects.filter(match_id=match_id, status=Turn.Status.OPEN).first()
    return turn is not None and turn_close(turn_id=turn.pk, force=True) is not None


def test_a_client_that_misses_pushes_and_reconnects_ends_with_the_servers_log() -> None:
    match = abc_match(seed="resync")
    me = "bob"
    client = ResyncingClient(match.pk, me)

    async def scenario() -> None:
        path = f"/ws/matches/{match.pk}/"
        comm = communicator(path, client.cookie)
        connected, _ = await comm.connect()
        assert connected
        for _ in range(4):
            await database_sync_to_async(_close_open_turn)(match.pk)
            await client.handle(await drain(comm))
        await comm.disconnect()
        for _ in range(3):  # offline: every push of these turns is missed
            await database_sync_to_async(_close_open_turn)(match.pk)
        comm = communicator(path, client.cookie)
        connected, _ = await comm.connect()
        assert connected
        await client.handle(await drain(comm))  # hello carries the server's seq: resync
        for _ in range(60):
            if not await database_sync_to_async(_close_open_turn)(match.pk):
                break
            await client.handle(await drain(comm, 0.1))
        await client.handle(await drain(comm))
        await comm.disconnect()

    async_to_sync(scenario)()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert client.dropped > 0, "the client should have missed some pushes"
    server = {m.seq: m.text for m in selectors.match_messages_for(match, me)}
    assert client.log == server
    api = client.http.get(f"/api/matches/{match.pk}/messages/").json()
    assert {m["seq"]: m["text"] for m in api} == server
