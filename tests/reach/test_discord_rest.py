"""Discord's REST API on loopback: ``manage.py discord_commands`` registers the command set, and deadline
reminders go out as direct messages with Discord's rate limits respected (429 ``retry_after``)."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from games.match.services import submission_submit
from games.models import Turn
from reach.discord.catalog import COMMANDS
from reach.discord.reminders import dm_attempt, reminders_set
from reach.models import DirectMessage
from seasons.services.reminders import deadline_reminders_send
from tests.reach.discord_helpers import FakeApp, command, discord_id, link
from tests.seasons.factories import abc_episode, started_season, user

pytestmark = pytest.mark.django_db(transaction=True)


@dataclass
class FakeApi:
    """Answers like Discord's REST API: records (method, path, auth, body); answers from ``script``, else 200."""

    url: str = ""
    calls: list[tuple[str, str, str, Any]] = field(default_factory=list)
    script: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answer(self, method: str, path: str, auth: str, body: Any) -> tuple[int, Any]:
        with self.lock:
            self.calls.append((method, path, auth, body))
            if self.script:
                return self.script.pop(0)
        if method == "PUT" and path.endswith("/commands"):
            return 200, [{**c, "id": str(i + 1)} for i, c in enumerate(body)]
        if path == "/api/v10/users/@me/channels":
            return 200, {"id": f"dm-{body['recipient_id']}", "type": 1}
        if re.fullmatch(r"/api/v10/channels/[^/]+/messages", path):
            return 200, {"id": "m1", "content": body["content"]}
        return 404, {"message": "Unknown", "code": 0}

    def paths(self, method: str = "") -> list[str]:
        return [p for m, p, _a, _b in self.calls if not method or m == method]


@pytest.fixture
def api(settings: Any) -> Iterator[FakeApi]:
    fake = FakeApi()

    class Handler(BaseHTTPRequestHandler):
        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"null")
            status, payload = fake.answer(self.command, self.path, self.headers.get("Authorization", ""), body)
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_PUT = do_POST = _serve

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    fake.url = f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    settings.DISCORD_API_URL = fake.url
    settings.DISCORD_APPLICATION_ID = "1234"
    settings.DISCORD_BOT_TOKEN = "bot-token"
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()


# --- manage.py discord_commands -------------------------------------------------------------------


def test_discord_commands_registers_the_command_set(api: FakeApi, capsys: pytest.CaptureFixture[str]) -> None:
    """ "manage.py discord_commands registers the command set through Discord's REST API"."""
    call_command("discord_commands")
    method, path, auth, body = api.calls[0]
    assert (method, path, auth) == ("PUT", "/api/v10/applications/1234/commands", "Bot bot-token")
    assert body == COMMANDS
    assert "Registered /garnet for every server" in capsys.readouterr().out
    call_command("discord_commands", "--guild", "777")
    assert api.calls[1][1] == "/api/v10/applications/1234/guilds/777/commands"


def test_discord_commands_waits_out_a_429(api: FakeApi) -> None:
    api.script = [(429, {"message": "You are being rate limited.", "retry_after": 0.05, "global": False})]
    call_command("discord_commands")
    assert api.paths("PUT") == ["/api/v10/applications/1234/commands"] * 2


def test_discord_commands_says_what_is_missing_or_refused(api: FakeApi, settings: Any) -> None:
    api.script = [(401, {"message": "401: Unauthorized", "code": 0})]
    with pytest.raises(CommandError, match="Discord answered 401"):
        call_command("discord_commands")
    settings.DISCORD_BOT_TOKEN = ""
    with pytest.raises(CommandError, match="DISCORD_BOT_TOKEN"):
        call_command("discord_commands")


def test_the_command_set_keeps_discord_s_limits() -> None:
    """Names are lower-case and at most 32 characters, descriptions at most 100, required options first."""

    def walk(node: dict[str, Any]) -> None:
        assert re.fullmatch(r"[a-z][a-z0-9_-]{0,31}", node["name"]), node["name"]
        assert 1 <= len(node["description"]) <= 100, node["description"]
        options = node.get("options") or []
        assert len(options) <= 25
        required = [bool(o.get("required")) for o in options]
        assert required == sorted(required, reverse=True), node["name"]
        for o in options:
            walk(o)

    for c in COMMANDS:
        walk(c)


def test_print_sends_nothing(api: FakeApi, capsys: pytest.CaptureFixture[str]) -> None:
    call_command("discord_commands", "--print")
    assert json.loads(capsys.readouterr().out) == COMMANDS and api.calls == []


# --- reminders by DM ------------------------------------------------------------------------------------


def _near_deadline() -> tuple[Any, Turn]:
    season = started_season()
    for handle in ("ann", "bob", "cat"):
        link(user(handle))
    match = abc_episode(season).mm_match
    turn = Turn.objects.get(match=match, status="open")
    return match, turn


def test_a_player_who_has_not_locked_in_gets_a_dm_before_the_deadline(api: FakeApi) -> None:
    """ "Reminders by DM before a deadline for players who have not locked in, as a per-player setting"."""
    match, turn = _near_deadline()
    deadline_reminders_send(now=turn.deadline - timedelta(minutes=30))
    # The pairing turn awaits ann alone: she is linked and has the setting on (the default).
    assert api.paths("POST") == ["/api/v10/users/@me/channels", f"/api/v10/channels/dm-{discord_id('ann')}/messages"]
    text = api.calls[1][3]["content"]
    assert "closes in 30 min" in text and f"/matches/{match.pk}/" in text
    assert api.calls[1][3]["allowed_mentions"] == {"parse": []}
    assert DirectMessage.objects.get().status == DirectMessage.Status.SENT
    deadline_reminders_send(now=turn.deadline - timedelta(minutes=20))
    assert len(api.calls) == 2  # once per turn and player


def test_no_dm_for_the_locked_in_the_unlinked_or_those_who_turned_it_off(api: FakeApi) -> None:
    match, turn = _near_deadline()
    submission_submit(match_id=match.pk, player="ann", move={"pairs": [["bob", "cat"], ["dan", "eve"]]})
    reminders_set(user=user("ann"), on=False)
    deadline_reminders_send(now=turn.deadline - timedelta(minutes=30))
    assert api.calls == [] and not DirectMessage.objects.exists()


def test_the_setting_from_discord(api: FakeApi, settings: Any) -> None:
    """ "/garnet reminders on:False" turns the DMs off for that player."""
    app = FakeApp()
    settings.DISCORD_PUBLIC_KEY = app.public_key
    match, turn = _near_deadline()
    reply = app.send(command("ann", "reminders", on=False))
    assert reply["data"]["flags"] == 64 and "No more deadline DMs" in reply["data"]["content"]
    deadline_reminders_send(now=turn.deadline - timedelta(minutes=30))
    assert api.calls == []


def test_a_429_waits_retry_after_and_does_not_use_up_an_attempt(api: FakeApi) -> None:
    """ "sent by Celery with Discord's rate limits respected (429 retry_after)"."""
    season = started_season()
    dm = DirectMessage.objects.create(user=user("ann"), discord_id=discord_id("ann"), key="k", text="hi")
    api.script = [(429, {"message": "You are being rate limited.", "retry_after": 2.5, "global": False})]
    first = dm_attempt(dm_id=dm.pk)
    assert (first.done, first.retry_in) == (False, 2.5)
    assert DirectMessage.objects.get(pk=dm.pk).attempts == 0
    assert dm_attempt(dm_id=dm.pk).done
    assert DirectMessage.objects.get(pk=dm.pk).status == DirectMessage.Status.SENT
    assert season is not None


def test_a_player_who_blocks_dms_fails_for_good(api: FakeApi) -> None:
    started_season()
    dm = DirectMessage.objects.create(user=user("ann"), discord_id="1", key="k2", text="hi")
    api.script = [(200, {"id": "c1"}), (403, {"message": "Cannot send messages to this user", "code": 50007})]
    assert dm_attempt(dm_id=dm.pk).done
    row = DirectMessage.objects.get(pk=dm.pk)
    assert row.status == DirectMessage.Status.FAILED and "50007" in row.last_error
