"""Real outside parts on loopback (an SMTP server, a Discord-like webhook endpoint) and the Discord app's
stand-in with a season whose players are linked to Discord."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from games.models import Match
    from tests.reach.discord_helpers import FakeApp


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class FakeDiscord:
    """Behaves like a Discord webhook: records each post, answers from ``script`` (then 204)."""

    url: str = ""
    posts: list[dict[str, Any]] = field(default_factory=list)
    script: list[tuple[int, dict[str, Any] | None]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
        with self.lock:
            self.posts.append(body)
            return self.script.pop(0) if self.script else (204, None)

    @property
    def titles(self) -> list[str]:
        return [p["embeds"][0]["title"] for p in self.posts]


@pytest.fixture(autouse=True)
def discord_api_nowhere(settings: Any) -> None:
    """Discord's REST API at a dead loopback port unless a test points it at its stand-in: a call no test
    meant to make fails at once instead of reaching discord.com."""
    settings.DISCORD_API_URL = "http://127.0.0.1:9/api/v10"


@pytest.fixture
def fake_discord(settings: Any) -> Iterator[FakeDiscord]:
    """A webhook endpoint on loopback: 204 by default; queue 429 (with retry_after) or 500 answers in ``script``.

    Its origin (and the dead port 9's) join the webhook origins the site accepts, for this test only."""
    fake = FakeDiscord()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            status, payload = fake.answer(body)
            data = json.dumps(payload).encode() if payload is not None else b""
            self.send_response(status)
            if payload is not None:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    fake.url = f"http://127.0.0.1:{server.server_address[1]}/api/webhooks/1/token"
    settings.DISCORD_WEBHOOK_ORIGINS = [
        "https://discord.com",
        f"http://127.0.0.1:{server.server_address[1]}",
        "http://127.0.0.1:9",
    ]
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class SmtpSink:
    """What the loopback SMTP server received."""

    messages: list[Message] = field(default_factory=list)
    recipients: list[list[str]] = field(default_factory=list)

    def to(self, address: str) -> list[Message]:
        return [m for m, rcpt in zip(self.messages, self.recipients, strict=True) if address in rcpt]


@pytest.fixture
def smtp(settings: Any) -> Iterator[SmtpSink]:
    """An aiosmtpd server on loopback, with Django's SMTP backend pointed at it."""
    from aiosmtpd.controller import Controller

    sink = SmtpSink()

    class Handler:
        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
            sink.messages.append(message_from_bytes(envelope.content, policy=policy.default))
            sink.recipients.append(list(envelope.rcpt_tos))
            return "250 OK"

    port = _free_port()
    controller = Controller(Handler(), hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    try:
        yield sink
    finally:
        controller.stop()


@pytest.fixture
def app(settings: Any) -> FakeApp:
    """Discord's side of the interactions endpoint: signs what a test sends, with its public key in settings."""
    from tests.reach.discord_helpers import FakeApp

    fake = FakeApp()
    settings.DISCORD_PUBLIC_KEY = fake.public_key
    return fake


@pytest.fixture
def season_match() -> Match:
    """A running season (ann … max) with an ABC Main Match of ann … eve; every player and the host linked to
    Discord."""
    from tests.reach.discord_helpers import link
    from tests.seasons.factories import abc_episode, started_season

    season = started_season()
    for entrant in season.entrants.select_related("user"):
        link(entrant.user)
    link(season.hosts.get())
    match = abc_episode(season).mm_match
    assert match is not None
    return match
