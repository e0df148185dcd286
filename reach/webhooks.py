"""Which URLs a season's Discord webhook may be: Discord's own webhook addresses, nothing else.

Garnet posts to the URL and shows the host the start of the answer, so an address anywhere else
(a private network, loopback, a cloud metadata service) would let a host probe and read from the
server's side of the network. Only ``https://discord.com/api/webhooks/<id>/<token>`` and its
``discordapp.com``, ``ptb.`` and ``canary.`` forms (an ``/api/v<N>/`` version and a
``?thread_id=<id>`` allowed) pass. The test suite alone widens the origins (the
``DISCORD_WEBHOOK_ORIGINS`` setting, unset in every settings file) for its loopback stand-in.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError

DISCORD_ORIGINS = tuple(
    f"https://{host}"
    for host in (
        "discord.com",
        "ptb.discord.com",
        "canary.discord.com",
        "discordapp.com",
        "ptb.discordapp.com",
        "canary.discordapp.com",
    )
)
WEBHOOK_PATH = re.compile(r"/api(?:/v\d{1,2})?/webhooks/\d{1,20}/[A-Za-z0-9_-]{1,100}/?")
QUERY = re.compile(r"(?:thread_id=\d{1,20})?")
REFUSAL = (
    "That is not a Discord webhook URL: copy it from Server settings → Integrations → Webhooks; "
    "it starts with https://discord.com/api/webhooks/."
)


def webhook_problem(url: str) -> str:
    """Why ``url`` may not be a season's webhook, or "" when it is a Discord webhook address."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return REFUSAL
    host = (parts.hostname or "").lower()
    origin = f"{parts.scheme.lower()}://{host}" + (f":{port}" if port is not None else "")
    allowed = getattr(settings, "DISCORD_WEBHOOK_ORIGINS", DISCORD_ORIGINS)
    if parts.username is not None or parts.password is not None or parts.fragment or origin not in allowed:
        return REFUSAL
    if not WEBHOOK_PATH.fullmatch(parts.path) or not QUERY.fullmatch(parts.query):
        return REFUSAL
    return ""


def validate_discord_webhook(value: str) -> None:
    """A form field's validator: refuse anything but a Discord webhook address, in words."""
    if value and webhook_problem(value):
        raise ValidationError(REFUSAL, code="not_discord_webhook")
