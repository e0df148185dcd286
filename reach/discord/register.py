"""Put the ``/garnet`` command set on Discord (``manage.py discord_commands``)."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings

from reach.discord import rest
from reach.discord.catalog import COMMANDS
from reach.services.errors import DiscordUnavailable

MAX_TRIES = 5


def commands_register(*, guild_id: str = "", sleep: Any = time.sleep) -> list[dict[str, Any]]:
    """Replace the application's commands (globally, or in one server: instant, for trying out) with
    Garnet's; return what Discord stored. Waits out 429s; any other refusal raises ``ReachError``."""
    app = settings.DISCORD_APPLICATION_ID
    if not app or not settings.DISCORD_BOT_TOKEN:
        raise DiscordUnavailable("Set DISCORD_APPLICATION_ID (or DISCORD_CLIENT_ID) and DISCORD_BOT_TOKEN first.")
    path = f"/applications/{app}/guilds/{guild_id}/commands" if guild_id else f"/applications/{app}/commands"
    for _ in range(MAX_TRIES):
        result = rest.call("PUT", path, json=COMMANDS)
        if result.ok:
            return list(result.data or [])
        if result.retry_in is None:
            raise DiscordUnavailable(result.error or "Discord refused the commands.")
        sleep(result.retry_in)
    raise DiscordUnavailable("Discord kept answering 429; try again later.")
