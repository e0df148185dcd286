"""Fixtures of the Web Push tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.match import broadcast
from games.match.events import check_event
from tests.alerts.pushkit import push_service_running


@pytest.fixture
def push_service(settings: Any) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A push service on a loopback port, its origin allowed as a self-hosted push service's is
    (``GARNET_WEBPUSH_ALLOWED_ORIGINS``): production refuses loopback endpoints."""
    with push_service_running() as (origin, got):
        settings.GARNET_WEBPUSH_ALLOWED_ORIGINS = [origin]
        yield origin, got


@pytest.fixture
def public_dns(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """Names resolve through this table (no test looks a name up for real): edit it to change DNS's answers."""
    table: dict[str, list[str]] = {"push.example.org": ["93.184.216.34"], "fcm.googleapis.com": ["142.250.74.42"]}

    def resolve(host: str, port: int) -> list[str]:
        if host not in table:
            raise OSError(f"no such name: {host}")
        return list(table[host])

    monkeypatch.setattr("alerts.endpoints.resolve", resolve)
    return table


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, dict[str, Any]]]]:
    """What the server pushes after commit (the test's writes commit at once); /ws/me/'s frames are checked
    against the events' schema (the season socket has its own table)."""
    frames: list[tuple[str, dict[str, Any]]] = []

    def send(events: Any) -> int:
        for group, payload in events:
            if group.startswith("user-"):
                check_event({k: v for k, v in payload.items() if k != "type"})
            frames.append((group, payload))
        return len(frames)

    monkeypatch.setattr(broadcast, "send", send)
    monkeypatch.setattr("django.db.transaction.on_commit", lambda fn, *a, **k: fn())
    yield frames
