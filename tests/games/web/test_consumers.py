"""Websockets: public and private groups, sequence numbers, session and origin checks."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from config.asgi import application
from games.match.services import submission_submit
from games.models import Match, Message
from tests.factories import abc_match
from tests.trust.wsutil import unbatch

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("memory_layer")]

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}


def session_headers(handle: str | None) -> list[tuple[bytes, bytes]]:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if handle:
        client = Client()
        client.force_login(get_user_model().objects.get(username=handle))
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    return headers


async def connect(match: Match, handle: str | None, origin: bytes = b"http://testserver") -> WebsocketCommunicator:
    headers = await sync_to_async(session_headers)(handle)
    headers = [(k, origin if k == b"origin" else v) for k, v in headers]
    comm = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=headers)
    return comm


async def drain(comm: WebsocketCommunicator) -> list[dict[str, Any]]:
    out = []
    while not await comm.receive_nothing(timeout=0.3):
        out.append(await comm.receive_json_from())
    return unbatch(out)


async def test_spectator_and_player_receive_pushes_with_sequence_numbers() -> None:
    """A public group per match and a private group per player; payloads carry the sequence number."""
    match = await sync_to_async(abc_match)()
    watcher = await connect(match, None)
    ann = await connect(match, "ann")
    assert (await watcher.connect())[0] and (await ann.connect())[0]
    hello = await ann.receive_json_from()
    assert hello["event"] == "hello" and hello["player"] == "ann"
    await watcher.receive_json_from()
    await sync_to_async(submission_submit)(match_id=match.pk, player="ann", move=PAIRS, lock=True)
    seen = await drain(watcher)
    texts = [e for e in seen if e["event"] == "message"]
    assert texts and all(not e["private"] for e in texts)
    assert [e["seq"] for e in texts] == sorted(e["seq"] for e in texts)
    assert any(e["event"] == "turn" and e["turn"]["number"] == 2 for e in seen)
    await watcher.disconnect()
    await ann.disconnect()


async def test_private_lines_reach_only_their_player() -> None:
    """A private message goes to its player's group only."""
    from games.match import broadcast

    match = await sync_to_async(abc_match)()
    ann, bob = await connect(match, "ann"), await connect(match, "bob")
    await ann.connect()
    await bob.connect()
    await ann.receive_json_from()
    await bob.receive_json_from()
    msg = await sync_to_async(Message.objects.create)(match=match, seq=99, to="ann", text="secret for ann")
    await sync_to_async(broadcast.send)(broadcast.turn_events(match=match, closed=None, messages=[msg], opened=None))
    got_ann, got_bob = await drain(ann), await drain(bob)
    assert any(e.get("text") == "secret for ann" for e in got_ann)
    assert not any("secret" in str(e) for e in got_bob)
    await ann.disconnect()
    await bob.disconnect()


async def test_foreign_origin_is_refused() -> None:
    """Websocket connections check the origin."""
    match = await sync_to_async(abc_match)()
    comm = await connect(match, "ann", origin=b"http://evil.example")
    connected, _ = await comm.connect()
    assert not connected


async def test_unknown_match_is_refused() -> None:
    await sync_to_async(abc_match)()
    comm = WebsocketCommunicator(
        application, "/ws/matches/424242/", headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")]
    )
    connected, _ = await comm.connect()
    assert not connected


async def test_a_push_reaches_a_socket_without_a_hop_to_the_database_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Channels would close stale connections in the one sync thread before every handler; pushes skip it."""
    import channels.consumer
    from channels.layers import get_channel_layer

    from games.match import broadcast

    hops: list[int] = []

    async def counted() -> None:
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    match = await sync_to_async(abc_match)()
    watcher = await connect(match, None)
    assert (await watcher.connect())[0]
    await watcher.receive_json_from()  # hello
    event = {"type": "match.event", "event": "message", "match": match.pk, "seq": 9, "text": "Hi", "private": False}
    await get_channel_layer().group_send(broadcast.group_public(match.pk), event)
    assert (await watcher.receive_json_from())["text"] == "Hi"
    await watcher.send_json_to({"event": "ping"})
    assert (await watcher.receive_json_from()) == {"event": "pong"}
    assert hops == []
    await watcher.disconnect()


async def test_one_event_to_many_local_sockets_is_encoded_once() -> None:
    """The layer hands every local socket of a group the same event dict; the frame is encoded once."""
    import json

    from games.web.consumers import MatchConsumer

    event = {"type": "match.event", "event": "message", "match": 1, "seq": 3, "text": "Hi", "private": False}
    frames: list[str] = []
    encoded: list[int] = []

    class Counting(MatchConsumer):
        @classmethod
        async def encode_json(cls, content: Any) -> str:
            encoded.append(1)
            return json.dumps(content)

        async def send(
            self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
        ) -> None:
            assert text_data is not None
            frames.append(text_data)

    for _ in range(3):
        await Counting().match_event(event)
    assert len(encoded) == 1
    assert [json.loads(f) for f in frames] == [
        {k: v for k, v in event.items() if k not in ("type", "_garnet_frame")}
    ] * 3


async def test_a_socket_is_counted_in_its_groups_while_it_is_open() -> None:
    """A close draws pages only for the groups someone listens to: a socket counts in its groups from its
    connect to its disconnect."""
    from games.match import broadcast
    from games.match.presence import groups_listening

    match = await sync_to_async(abc_match)()
    ann, watcher = await connect(match, "ann"), await connect(match, None)
    assert (await ann.connect())[0] and (await watcher.connect())[0]
    listening = await sync_to_async(groups_listening)(match_id=match.pk)
    assert listening == {
        broadcast.group_public(match.pk),
        broadcast.group_player(match.pk, "ann"),
        broadcast.group_watch(match.pk),
    }
    await ann.disconnect()
    listening = await sync_to_async(groups_listening)(match_id=match.pk)
    assert listening == {broadcast.group_public(match.pk), broadcast.group_watch(match.pk)}
    await watcher.disconnect()
    assert await sync_to_async(groups_listening)(match_id=match.pk) == set()


async def test_the_notice_socket_answers_a_ping() -> None:
    """/ws/me/ answers a ping like every page's socket: the pages' socket helper drops a socket that does not."""
    await sync_to_async(abc_match)()
    headers = await sync_to_async(session_headers)("ann")
    comm = WebsocketCommunicator(application, "/ws/me/", headers=headers)
    assert (await comm.connect())[0]
    await comm.send_json_to({"event": "ping"})
    assert (await comm.receive_json_from()) == {"event": "pong"}
    await comm.disconnect()


async def test_the_notice_socket_marks_its_user_at_its_connect_and_each_ping() -> None:
    """Turn alerts send their frames only to users with a /ws/me/ socket (issue 45): the socket says so when it
    connects, and again at each ping (a mark lost with the cache is back within a ping)."""
    from django.core.cache import cache

    from games.match.presence import users_with_socket

    await sync_to_async(abc_match)()
    ann, bob = [await get_user_model().objects.aget(username=u) for u in ("ann", "bob")]
    comm = WebsocketCommunicator(application, "/ws/me/", headers=await sync_to_async(session_headers)("ann"))
    assert (await comm.connect())[0]
    assert await sync_to_async(users_with_socket)([ann.pk, bob.pk]) == [ann.pk]
    await sync_to_async(cache.clear)()
    await comm.send_json_to({"event": "ping"})
    assert (await comm.receive_json_from()) == {"event": "pong"}
    assert await sync_to_async(users_with_socket)([ann.pk, bob.pk]) == [ann.pk]
    await comm.disconnect()
