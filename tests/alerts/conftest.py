"""Fixtures of the Web Push tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

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
