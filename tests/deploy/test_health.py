"""/healthz answers the container probes before Django's host and TLS checks."""

from __future__ import annotations

from typing import Any

import pytest

from config.asgi import application

pytestmark = [pytest.mark.django_db, pytest.mark.asyncio]


async def _get(path: str, host: bytes = b"web:8000") -> tuple[int, bytes]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", host)],
        "scheme": "http",
        "server": ("10.0.0.5", 8000),
        "client": ("10.0.0.9", 1),
    }
    await application(scope, receive, send)
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


async def test_healthz_answers_ok_from_a_host_name_django_would_refuse() -> None:
    status, body = await _get("/healthz", host=b"10.0.0.5:8000")
    assert (status, body) == (200, b"ok\n")
