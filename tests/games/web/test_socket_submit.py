"""A move sent over the match page's socket: the same service, refusals and answer as the HTTP post."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.match.events import check_event
from games.models import Submission, Turn
from tests.factories import abc_match
from tests.trust.wsutil import communicator, drain, session_cookie, unbatch

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("memory_layer")]

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}


async def _open(match_id: int, handle: str | None) -> tuple[WebsocketCommunicator, Client]:
    client, cookie = await sync_to_async(session_cookie)(handle)
    comm = communicator(f"/ws/matches/{match_id}/", cookie)
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["event"] == "hello"
    return comm, client


def _fields(turn: int, move: dict[str, Any], *, lock: bool) -> list[list[str]]:
    return [["turn", str(turn)], ["move_json", json.dumps(move)], ["lock", "1" if lock else "0"]]


async def _submit(
    comm: WebsocketCommunicator, fields: Any, ref: int = 1, event: str = "submit"
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The answer to one submit (or check) frame, and the other frames that came with it."""
    await comm.send_json_to({"event": event, "ref": ref, "fields": fields})
    # The first frame may wait for a cold start (a close drawing every page for the first time) longer than drain's
    # quiet spell; the frames that follow it come at once.
    first = await comm.receive_json_from(timeout=10)
    frames = unbatch([first, *await drain(comm, raw=True)])
    for frame in frames:
        check_event(frame)  # every frame, the answer too, is one the schema declares
    answers = [f for f in frames if f["event"] == "answer"]
    assert len(answers) == 1, frames
    return answers[0], [f for f in frames if f["event"] != "answer"]


async def test_a_lock_in_that_closes_the_turn_is_answered_with_the_page_the_close_drew() -> None:
    match = await sync_to_async(abc_match)()
    ann, _ = await _open(match.pk, "ann")
    answer, pushes = await _submit(ann, _fields(1, PAIRS, lock=True), ref=7)
    assert answer["ref"] == 7 and answer["status"] == 200 and answer["into"] == "live"
    assert "Everyone awaited had locked in, so the turn closed." in answer["html"]
    assert 'data-turn="2"' in answer["html"]
    # The same page reached the seat's socket as the close's push; the page shows it once (equal standing).
    pages = [p for p in pushes if p["event"] == "live"]
    assert pages and pages[0]["html"] in answer["html"]
    assert await sync_to_async(Turn.objects.filter(match=match, number=2, status=Turn.Status.OPEN).exists)()
    await ann.disconnect()


async def test_a_saved_move_is_answered_with_its_status_alone() -> None:
    match = await sync_to_async(abc_match)()
    ann, _ = await _open(match.pk, "ann")
    answer, _ = await _submit(ann, _fields(1, PAIRS, lock=False))
    assert answer["status"] == 200 and answer["into"] == "submit" and answer["code"] == "saved"
    assert "Saved (not locked)" in answer["html"] and "hx-swap-oob" not in answer["html"]
    sub = await sync_to_async(Submission.objects.get)(turn__match=match, player="ann")
    assert not sub.locked and sub.move["pairs"] == PAIRS["pairs"]
    await ann.disconnect()


async def test_a_move_for_a_closed_turn_is_refused_by_its_rule_with_the_live_part() -> None:
    match = await sync_to_async(abc_match)()
    ann, _ = await _open(match.pk, "ann")
    answer, _ = await _submit(ann, _fields(5, PAIRS, lock=True))
    assert answer["status"] == 409 and answer["code"] == "stale_turn" and answer["into"] == "live"
    assert "Not saved: That turn is over" in answer["html"]
    assert not await sync_to_async(Submission.objects.filter(turn__match=match).exists)()
    await ann.disconnect()


async def test_a_spectator_cannot_submit_over_the_socket() -> None:
    match = await sync_to_async(abc_match)()
    zed, _ = await _open(match.pk, "zed")
    answer, _ = await _submit(zed, _fields(1, PAIRS, lock=True))
    assert answer["status"] == 403 and answer["code"] == "not_a_player"
    assert "You are not a player in this match." in answer["html"]
    await zed.disconnect()


async def test_an_anonymous_socket_is_told_to_sign_in() -> None:
    match = await sync_to_async(abc_match)()
    anon, _ = await _open(match.pk, None)
    answer, _ = await _submit(anon, _fields(1, PAIRS, lock=True))
    assert answer["status"] == 401 and answer["code"] == "signed_out" and "html" not in answer
    assert "sign in again" in answer["text"]
    await anon.disconnect()


async def test_a_socket_whose_session_signed_out_submits_nothing() -> None:
    """The socket keeps the user it was opened with; signing out ends its session, and with it its submits."""
    match = await sync_to_async(abc_match)()
    ann, client = await _open(match.pk, "ann")
    await sync_to_async(client.logout)()
    answer, _ = await _submit(ann, _fields(1, PAIRS, lock=True))
    assert answer["status"] == 401 and answer["code"] == "signed_out"
    assert not await sync_to_async(Submission.objects.filter(turn__match=match).exists)()
    await ann.disconnect()


@pytest.mark.parametrize(
    "fields",
    ["turn=1", [["turn"]], [["turn", 1]], [["x", "y"]] * 201, None],
    ids=["text", "short-pair", "number", "too-many", "missing"],
)
async def test_unreadable_fields_are_refused_with_a_reason(fields: Any) -> None:
    match = await sync_to_async(abc_match)()
    ann, _ = await _open(match.pk, "ann")
    answer, _ = await _submit(ann, fields)
    assert answer["status"] == 400 and answer["code"] == "malformed_move" and answer["text"].startswith("Not saved:")
    await ann.disconnect()


async def test_an_oversized_frame_is_refused_and_the_socket_stays() -> None:
    match = await sync_to_async(abc_match)()
    ann, _ = await _open(match.pk, "ann")
    await ann.send_to(text_data=json.dumps({"event": "submit", "ref": 1, "fields": [["x", "y" * 70_000]]}))
    error = await ann.receive_json_from()
    check_event(error)
    assert error["event"] == "error" and error["code"] == "bad_request" and "64 KB" in error["detail"]
    await ann.send_json_to({"event": "ping"})
    assert await ann.receive_json_from() == {"event": "pong"}
    await ann.disconnect()


async def test_the_socket_shares_the_posts_rate_limit(settings: Any) -> None:
    settings.GARNET_SUBMIT_RATE = "1/d"  # a day: a minute's window could turn between the two calls
    match = await sync_to_async(abc_match)()
    ann, _ = await _open(match.pk, "ann")
    first, _ = await _submit(ann, _fields(1, PAIRS, lock=False), ref=1)
    second, _ = await _submit(ann, _fields(1, PAIRS, lock=False), ref=2)
    assert first["status"] == 200 and second["status"] == 429 and second["code"] == "rate_limited"
    await ann.disconnect()


async def test_the_rules_check_a_move_being_composed_over_the_socket_and_save_nothing() -> None:
    match = await sync_to_async(abc_match)()
    ann, _ = await _open(match.pk, "ann")
    good, _ = await _submit(ann, _fields(1, PAIRS, lock=False), event="check")
    assert good["status"] == 200 and good["into"] == "check" and good["code"] == "checked"
    assert "The rules accept this move." in good["html"]
    bad = {"pairs": [["bob", "bob"], ["dan", "eve"]], "double": False}
    refused, _ = await _submit(ann, _fields(1, bad, lock=True), ref=2, event="check")
    assert refused["into"] == "check" and "Not allowed yet:" in refused["html"]
    assert not await sync_to_async(Submission.objects.filter(turn__match=match).exists)()
    zed, _ = await _open(match.pk, "zed")
    outsider, _ = await _submit(zed, _fields(1, PAIRS, lock=False), event="check")
    assert outsider["status"] == 403 and "You are not a player in this match." in outsider["html"]
    await ann.disconnect()
    await zed.disconnect()
