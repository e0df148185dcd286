"""CPU per GET of a match's live part through the ASGI app: Django's stock handler against Garnet's one-hop one.

    python bench/asgi_get.py [requests]

One process, no server: each request is handed to the ASGI application as a server would hand it
(scope, body, send), signed in as a player, on the production settings (bench/settings.py). The two
handlers take turns, three rounds each, so both see the same machine. Prints CPU and wall
milliseconds per request and the thread hops (``sync_to_async`` calls) each makes.
"""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

from _setup import django_setup, machine


async def _get(app: Any, path: str, cookie: bytes) -> int:
    from tests.asgiutil import asgi_get

    status, _body = await asgi_get(app, path, [(b"cookie", cookie), (b"hx-request", b"true")])
    return status


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    django_setup()
    from asgiref.sync import SyncToAsync
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.core.handlers.asgi import ASGIHandler
    from django.utils.module_loading import import_string

    from config.gc_tuning import gc_tune
    from config.http import OneHopASGIHandler
    from tests.factories import abc_match, users

    gc_tune()
    roster = [f"a{k}" for k in range(5)]
    match = abc_match(roster, seed="asgi-get")
    user = {u.username: u for u in users(roster)}["a1"]
    store = import_string(f"{settings.SESSION_ENGINE}.SessionStore")()
    store[SESSION_KEY], store[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    cookie = f"{settings.SESSION_COOKIE_NAME}={store.session_key}".encode()
    path = f"/matches/{match.pk}/live/"
    hops = [0]
    real = SyncToAsync.__call__

    async def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        hops[0] += 1
        return await real(self, *args, **kwargs)

    SyncToAsync.__call__ = counted  # type: ignore[method-assign]
    print(machine())
    for round_ in range(3):
        for name, handler in (("stock ASGIHandler", ASGIHandler), ("one-hop handler", OneHopASGIHandler)):
            app = handler()

            async def run(app: Any = app) -> tuple[float, float, float]:
                for _ in range(20):
                    assert await _get(app, path, cookie) == 200
                hops[0] = 0
                cpu, wall = time.process_time(), time.perf_counter()
                for _ in range(count):
                    await _get(app, path, cookie)
                return time.process_time() - cpu, time.perf_counter() - wall, hops[0] / count

            cpu, wall, per = asyncio.run(run())
            print(
                f"round {round_ + 1}, {name}: {cpu / count * 1000:.2f} ms CPU, {wall / count * 1000:.2f} ms wall, "
                f"{per:.0f} thread hops per GET"
            )


if __name__ == "__main__":
    main()
