"""A match's spectators in one process share one channel-layer subscription (``games.web.crowd``)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.match import broadcast
from games.web.crowd import Crowd, crowd_size
from tests.factories import abc_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("memory_layer")]

HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


async def spectator(match_id: int) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=HEADERS)
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["event"] == "hello"
    return comm


async def test_spectators_of_a_match_share_one_channel_in_its_groups() -> None:
    """However many spectators a process holds, the public and watchers' groups hold one channel of theirs, and
    one push to either group reaches every spectator, encoded alike."""
    match = await sync_to_async(abc_match)()
    layer = get_channel_layer()
    comms = [await spectator(match.pk) for _ in range(5)]
    assert crowd_size(match_id=match.pk) == 5
    for group in (broadcast.group_public(match.pk), broadcast.group_watch(match.pk)):
        assert len(layer.groups[group]) == 1
    event = {"type": "match.event", "event": "message", "match": match.pk, "seq": 7, "text": "Hi", "private": False}
    await layer.group_send(broadcast.group_public(match.pk), event)
    live = {"type": "match.event", "event": "live", "match": match.pk, "seq": 7, "html": "<div>page</div>"}
    await layer.group_send(broadcast.group_watch(match.pk), live)
    for comm in comms:
        assert await comm.receive_json_from() == {k: v for k, v in event.items() if k != "type"}
        assert (await comm.receive_json_from())["html"] == "<div>page</div>"  # in the order they were sent
    for comm in comms:
        await comm.disconnect()


async def test_the_last_spectator_out_leaves_the_groups() -> None:
    """A crowd lives while one of its spectators does: the last one out takes its channel out of the groups."""
    match = await sync_to_async(abc_match)()
    layer = get_channel_layer()
    first, second = await spectator(match.pk), await spectator(match.pk)
    await first.disconnect()
    assert crowd_size(match_id=match.pk) == 1
    await second.disconnect()
    assert crowd_size(match_id=match.pk) == 0
    assert not layer.groups.get(broadcast.group_public(match.pk))
    third = await spectator(match.pk)  # a new crowd starts for the next spectator
    await layer.group_send(broadcast.group_public(match.pk), {"type": "match.event", "event": "seat", "match": 1})
    assert (await third.receive_json_from())["event"] == "seat"
    await third.disconnect()


async def test_a_player_keeps_a_channel_of_their_own() -> None:
    """Players (their private group and its order with the public pushes) are not part of the crowd."""
    from tests.games.web.test_consumers import connect

    match = await sync_to_async(abc_match)()
    ann = await connect(match, "ann")
    assert (await ann.connect())[0]
    await ann.receive_json_from()
    assert crowd_size(match_id=match.pk) == 0
    assert len(get_channel_layer().groups[broadcast.group_public(match.pk)]) == 1
    await ann.disconnect()


class _Socket:
    """A consumer's side of a socket, as a crowd sees it: ``stuck`` never takes its frame."""

    def __init__(self, stuck: bool = False) -> None:
        self.stuck = stuck
        self.frames: list[str] = []
        self.closed: Any = None

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False) -> None:
        if self.stuck:
            await asyncio.Event().wait()
        assert text_data is not None
        self.frames.append(text_data)

    async def dispatch(self, message: dict[str, Any]) -> None:
        self.frames.append(f"dispatched {message['type']}")

    async def close(self, code: int | bool | None = None, reason: str | None = None) -> None:
        self.closed = code


async def test_a_spectator_that_stops_taking_frames_is_closed_and_the_rest_get_theirs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One frame is encoded per push and written to each socket in turn: a socket whose write does not finish in
    ``SLOW_SECONDS`` is closed and leaves the crowd, and the sockets after it still get the frame, in order; what
    is not a push goes to each consumer's own handler."""
    import games.web.crowd as crowd_module

    monkeypatch.setattr(crowd_module, "SLOW_SECONDS", 0.2)
    crowd = Crowd(layer=None, groups=("g",))
    stuck, fine = _Socket(stuck=True), _Socket()
    crowd.sockets = {stuck: None, fine: None}
    await crowd.fan({"type": "match.event", "event": "message", "text": "Hi"})
    assert [json.loads(f) for f in fine.frames] == [{"event": "message", "text": "Hi"}]
    await asyncio.sleep(0)  # the close is started, not awaited (a stuck socket may not take it either)
    assert stuck.closed == crowd_module.SLOW_CLOSE
    assert list(crowd.sockets) == [fine]
    await crowd.fan({"type": "match.reseat", "match": 1})
    assert fine.frames[-1] == "dispatched match.reseat"


async def test_a_failed_read_of_the_shared_channel_does_not_end_the_pushes() -> None:
    """The layer's connection failing once (a Redis blip) costs the spectators what was lost meanwhile, not every
    push after it: the crowd keeps reading its channel."""

    class Flaky:
        def __init__(self) -> None:
            self.calls = 0

        async def new_channel(self) -> str:
            return "crowd"

        async def group_add(self, group: str, channel: str) -> None:
            return None

        async def group_discard(self, group: str, channel: str) -> None:
            return None

        async def receive(self, channel: str) -> dict[str, Any]:
            self.calls += 1
            if self.calls == 1:
                raise ConnectionError("Redis went away")
            if self.calls == 2:
                return {"type": "match.event", "event": "seat", "match": 1}
            await asyncio.Event().wait()
            return {}

    crowd = Crowd(layer=Flaky(), groups=("g",))
    socket = _Socket()
    crowd.sockets = {socket: None}
    await crowd.start()
    for _ in range(30):
        if socket.frames:
            break
        await asyncio.sleep(0.1)
    assert [json.loads(f) for f in socket.frames] == [{"event": "seat", "match": 1}]
    await crowd.stop()
