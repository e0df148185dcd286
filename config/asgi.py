"""ASGI entry point: HTTP through Django, websockets through Channels (session + origin checked)."""

from __future__ import annotations

import os
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
django.setup(set_prefix=False)  # what get_asgi_application does, before the handler below

from config.http import OneHopASGIHandler  # noqa: E402

django_asgi = OneHopASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config import health  # noqa: E402
from config.gc_tuning import gc_tune  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from games.match import sweeper  # noqa: E402

gc_tune()  # a process holding thousands of sockets (see the module)

router = ProtocolTypeRouter(
    {
        "http": django_asgi,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The router, starting the in-process sweeper on the first connection of the embedded default."""
    if scope["type"] == "lifespan":
        while True:
            event = await receive()
            if event["type"] == "lifespan.startup":
                sweeper.ensure_started()
                await send({"type": "lifespan.startup.complete"})
            elif event["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] == "http" and scope["path"] == health.PATH:
        await health.respond(scope, receive, send)
        return
    sweeper.ensure_started()
    await router(scope, receive, send)
