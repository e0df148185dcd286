"""``/healthz`` for the container health checks and the proxy, answered before Django's middleware.

It sits in front of the middleware on purpose: a probe from inside the container has no TLS
and no public host name, so SECURE_SSL_REDIRECT and ALLOWED_HOSTS would turn it away. It
answers 200 when this process can reach its database and 503 when it cannot.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.db import connection

PATH = "/healthz"


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except Exception:  # any failure to reach the database is "unhealthy", never a crash
        return False


async def respond(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Answer the probe: ``ok`` (200) or ``database unreachable`` (503), as plain text."""
    ok = await database_sync_to_async(_database_ok)()
    body = b"ok\n" if ok else b"database unreachable\n"
    await send(
        {
            "type": "http.response.start",
            "status": 200 if ok else 503,
            "headers": [(b"content-type", b"text/plain"), (b"cache-control", b"no-store")],
        }
    )
    await send({"type": "http.response.body", "body": body})
