"""A Discord interaction that may close a turn is acknowledged at once and finished off the request (issue 40,
item 14): Discord waits three seconds, and a lock-in that closes a 13-seat turn draws and pushes every page
first. Nothing here reaches the network: the outgoing HTTP is caught at the REST client's ``requests`` call."""

from __future__ import annotations

import threading
import time
from typing import Any
from unittest import mock

import pytest
import requests
from django.test import TestCase

from games.models import Match, Submission, Turn
from reach.discord import deferred, moves, rest
from tests.reach.discord_helpers import FakeApp, catch_edits, command, component, find
from tests.trust.conftest import postgres_only

pytestmark = pytest.mark.django_db


@pytest.fixture
def app(settings: Any) -> FakeApp:
    fake = FakeApp()
    settings.DISCORD_PUBLIC_KEY = fake.public_key
    settings.DISCORD_API_URL = "https://discord.test/api/v10"
    return fake


def _lock_in_payload(app: FakeApp, match: Match) -> dict[str, Any]:
    """ann's pairing picked, ready to lock in (the lock-in closes the pairing turn)."""
    form = app.send(command("ann", "move", match=match.pk))
    picker = find(form, placeholder="Pair bob with")
    form = app.send(component("ann", picker["custom_id"], ["dan"]))
    return component("ann", find(form, label="Lock in")["custom_id"])


def test_a_lock_in_is_acknowledged_at_once_and_the_turn_closes_off_the_request(
    app: FakeApp, season_match: Match
) -> None:
    payload = _lock_in_payload(app, season_match)
    later: list[dict[str, Any]] = []
    with (
        mock.patch.object(deferred, "finish_off_request", side_effect=later.append),
        TestCase.captureOnCommitCallbacks(execute=True),
    ):
        started = time.monotonic()
        resp = app.post(payload)
        took = time.monotonic() - started
    assert resp.status_code == 200 and resp.json() == {"type": 6}  # DEFERRED_UPDATE_MESSAGE
    assert took < 1.0
    # Nothing was done in the request: the turn is open and ann has not locked in.
    pairing = Turn.objects.get(match=season_match, number=1)
    assert pairing.status == "open" and not Submission.objects.filter(turn=pairing, locked=True).exists()
    assert [p["id"] for p in later] == [payload["id"]]
    with catch_edits() as edits:
        assert deferred.interaction_finish(payload=later[0])
    assert Turn.objects.get(pk=pairing.pk).status == "closed"
    [(method, path, body)] = edits
    assert (method, path) == ("PATCH", f"/webhooks/{payload['application_id']}/{payload['token']}/messages/@original")
    assert "locked in" in body["content"] and body["components"] == [] and "flags" not in body
    assert body["allowed_mentions"] == {"parse": []}


def test_a_host_close_thinks_privately_then_says_done(app: FakeApp, season_match: Match) -> None:
    turn = Turn.objects.get(match=season_match, status="open")
    with catch_edits() as edits:
        resp = app.post(command("host", "host", "close", match=season_match.pk, reason="slow table"))
    assert resp.json() == {"type": 5, "data": {"flags": 64}}  # DEFERRED_CHANNEL_MESSAGE, ephemeral
    assert Turn.objects.get(pk=turn.pk).status == "closed"
    [(_method, _path, body)] = edits
    assert body["content"].startswith("Done: ")


def test_quick_answers_are_still_answered_in_the_request(app: FakeApp, season_match: Match) -> None:
    """Only what may close a turn is deferred: a select, a page turn or /garnet matches answers at once."""
    with catch_edits() as edits:
        form = app.post(command("ann", "move", match=season_match.pk)).json()
        picker = find(form, placeholder="Pair bob with")
        assert app.post(component("ann", picker["custom_id"], ["dan"])).json()["type"] == 7
        assert app.post(command("ann", "matches")).json()["type"] == 4
    assert edits == []


def test_the_work_goes_to_celery_when_a_worker_runs_else_to_a_thread(settings: Any) -> None:
    payload = {"type": 3, "application_id": "1", "token": "t", "data": {"custom_id": "mv:1:1:l:"}}
    settings.GARNET_CELERY_ENABLED = True
    with mock.patch("reach.tasks.discord_interaction_finish.delay") as delay:
        deferred.finish_off_request(payload)
    delay.assert_called_once_with(payload)
    settings.GARNET_CELERY_ENABLED = False
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with mock.patch.object(deferred.threading, "Thread") as thread:
        deferred.finish_off_request(payload)
    thread.return_value.start.assert_called_once()
    work = thread.call_args.kwargs
    with (
        mock.patch.object(deferred, "interaction_finish") as finish,
        mock.patch.object(deferred, "connections") as conns,
    ):
        work["target"](*work["args"])  # what the thread runs
    finish.assert_called_once_with(payload=payload)
    conns.close_all.assert_called_once()  # the thread's own connections


def test_a_failure_while_finishing_is_told_to_the_player(app: FakeApp, season_match: Match) -> None:
    payload = _lock_in_payload(app, season_match)
    with (
        mock.patch("reach.discord.interactions.interaction_answer_now", side_effect=RuntimeError("boom")),
        catch_edits() as edits,
    ):
        deferred.interaction_finish(payload=payload)
    [(_m, _p, body)] = edits
    assert body["content"] == deferred.FAILED and body["components"] == []


def _response(status: int, body: bytes = b"{}", headers: dict[str, str] | None = None) -> requests.Response:
    resp = requests.Response()
    resp.status_code = status
    resp._content = body
    resp.headers.update({"Content-Type": "application/json", **(headers or {})})
    return resp


def test_the_edit_is_a_patch_of_the_original_answer_without_the_bot_token_and_waits_out_a_429(
    app: FakeApp, settings: Any
) -> None:
    settings.DISCORD_BOT_TOKEN = "bot-secret"
    payload = {"type": 3, "application_id": "77", "token": "tok-en.1", "data": {}}
    answers = [_response(429, b'{"retry_after": 0.05, "global": false}'), _response(200, b'{"id": "9"}')]
    with mock.patch("reach.discord.rest.requests.request", side_effect=answers) as request:
        assert deferred.answer_edit(payload=payload, data={"content": "x", "flags": 64})
    assert request.call_count == 2
    method, url = request.call_args.args
    assert (method, url) == ("PATCH", "https://discord.test/api/v10/webhooks/77/tok-en.1/messages/@original")
    assert request.call_args.kwargs["json"] == {"content": "x"}
    assert "Authorization" not in request.call_args.kwargs["headers"]


def test_an_interaction_without_a_usable_token_is_answered_in_the_request(app: FakeApp, season_match: Match) -> None:
    """No webhook to edit (a token with a slash in it is not Discord's): answered synchronously, as before."""
    payload = _lock_in_payload(app, season_match)
    payload["token"] = "../../channels/1"
    with catch_edits() as edits:
        reply = app.post(payload).json()
    assert reply["type"] == 4 or reply["type"] == 7
    assert edits == []


@pytest.mark.django_db(transaction=True)
@postgres_only
def test_a_slow_close_on_the_embedded_path_answers_in_time_and_edits_the_answer_from_a_thread(
    app: FakeApp, season_match: Match, settings: Any
) -> None:
    """No Celery worker: the close runs in a background thread with its own connection. A close that takes
    3.5 s (past Discord's 3 s) still gets its acknowledgement at once, and the answer is edited in after."""
    settings.GARNET_CELERY_ENABLED = False
    settings.CELERY_TASK_ALWAYS_EAGER = False
    payload = _lock_in_payload(app, season_match)
    real_submit = moves.submission_submit
    edited = threading.Event()
    edits: list[Any] = []

    def slow_submit(**kwargs: Any) -> Any:
        time.sleep(3.5)
        return real_submit(**kwargs)

    def fake_call(method: str, path: str, *, json: Any = None, bot: bool = True) -> Any:
        edits.append((method, path, json))
        edited.set()
        return rest.Result(status=200)

    with mock.patch.object(moves, "submission_submit", slow_submit), mock.patch.object(rest, "call", fake_call):
        started = time.monotonic()
        resp = app.post(payload)
        took = time.monotonic() - started
        assert resp.json() == {"type": 6} and took < 1.0, took
        assert edited.wait(30), "the deferred answer was never edited in"
    [(method, _path, body)] = edits
    assert method == "PATCH" and "locked in" in body["content"]
    assert Turn.objects.get(match=season_match, number=1).status == "closed"
