"""Every websocket frame the server sends matches its schema in games/match/events.py (Zulip's event_schema)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.match.events import SCHEMAS, check_event
from games.match.services import match_player_replace, submission_submit, turn_close
from games.models import Match, Turn
from games.registry import get_engine
from games.web import live
from tests.factories import UserFactory, abc_match
from tests.trust.wsutil import communicator, drain, session_cookie, unbatch

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("memory_layer")]


def _close_open_turn(match_id: int) -> bool:
    turn = Turn.objects.filter(match_id=match_id, status=Turn.Status.OPEN).first()
    return turn is not None and turn_close(turn_id=turn.pk, force=True) is not None


def _lock_in_the_x(match_id: int) -> None:
    """The X's lock-in as the page's submit makes it: its close pushes the pages (the ``live`` frames)."""
    submission_submit(
        match_id=match_id,
        player="ann",
        move={"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False},
        lock=True,
        draw=live.ClosePages(),
    )


def _lock_in_one_of_several(match_id: int) -> None:
    """A lock-in the open turn awaits others besides: its tick is pushed (the ``locked`` frame)."""
    turn = Turn.objects.get(match_id=match_id, status=Turn.Status.OPEN)
    assert len(turn.awaiting) > 1
    engine = get_engine("abc")
    move = engine.random_move(engine.load(turn.state_before), turn.awaiting[0], Random(1))
    submission_submit(match_id=match_id, player=turn.awaiting[0], move=dict(move), lock=True)


def _replace_eve(match_id: int) -> None:
    """A host gives eve's seat to someone else: the public ``seat`` push (bob's and the watcher's sockets stay)."""
    match_player_replace(
        match_id=match_id, seat="eve", user=UserFactory(username="zed"), by=UserFactory(), reason="eve left"
    )


async def _socket(path: str, handle: str | None) -> WebsocketCommunicator:
    _client, cookie = await sync_to_async(session_cookie)(handle)
    comm = communicator(path, cookie)
    assert (await comm.connect())[0]
    return comm


async def test_every_frame_of_a_whole_match_fits_its_schema_and_every_schema_is_used() -> None:
    """A player's, a spectator's and a user's sockets through a whole match: each frame checks."""
    match = await sync_to_async(abc_match)(seed="schemas")
    player = await _socket(f"/ws/matches/{match.pk}/", "bob")
    watcher = await _socket(f"/ws/matches/{match.pk}/", None)
    me = await _socket("/ws/me/", "bob")
    frames: list[dict[str, Any]] = []
    await player.send_json_to({"event": "ping"})
    await watcher.send_json_to({"event": "nonsense"})
    # A move over the socket: bob's is refused with his live part (turn 1 awaits the X), the anonymous watcher's
    # with words alone (no one is signed in to play).
    await player.send_json_to({"event": "submit", "ref": 1, "fields": [["turn", "1"], ["move_json", "{}"]]})
    await watcher.send_json_to({"event": "submit", "ref": "w1", "fields": []})
    frames += await drain(player, raw=True) + await drain(watcher, raw=True)  # answered before the next write
    await sync_to_async(_lock_in_the_x)(match.pk)
    await sync_to_async(_lock_in_one_of_several)(match.pk)
    await sync_to_async(_replace_eve)(match.pk)
    for _ in range(80):
        if not await sync_to_async(_close_open_turn)(match.pk):
            break
        frames += await drain(player, 0.05, raw=True) + await drain(watcher, 0.05, raw=True)

    def notify() -> None:
        from seasons.services.notify import awaits_tell, notice_send

        bob = UserFactory(username="bob")
        notice_send(user=bob, text="Your turn", kind="turn", url="/matches/1/")
        awaits_tell(user_ids=[bob.pk])  # a season step opened or closed (issue 46)

    await sync_to_async(notify)()
    frames += await drain(player, raw=True) + await drain(watcher, raw=True) + await drain(me, raw=True)
    for comm in (player, watcher, me):
        await comm.disconnect()
    assert (await sync_to_async(Match.objects.get)(pk=match.pk)).status == Match.Status.FINISHED
    seen = {check_event(frame) for frame in frames} | {check_event(e) for e in unbatch(frames)}
    assert seen == set(SCHEMAS), f"never produced: {set(SCHEMAS) - seen}"


async def test_check_event_names_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="unexpected"):
        check_event({"event": "pong", "extra": 1})
    with pytest.raises(ValueError, match="not int"):
        check_event({"event": "finished", "match": 1, "seq": True})
    with pytest.raises(ValueError, match="unknown event"):
        check_event({"event": "surprise"})
    with pytest.raises(ValueError, match=r"batch.events\[1\]: finished.*not int"):
        check_event(
            {"event": "batch", "match": 1, "events": [{"event": "pong"}, {"event": "finished", "match": 1, "seq": "2"}]}
        )
