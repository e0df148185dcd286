"""Calls to Discord's REST API as the application's bot (``DISCORD_API_URL``, ``DISCORD_BOT_TOKEN``).

A 429 is not an error: it says how long to wait (``retry_after`` in the body, else the
Retry-After header), and the caller waits that long before trying again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import requests
from django.conf import settings

from reach.services.discord import _retry_after


@dataclass(frozen=True)
class Result:
    """One call's answer: its status and JSON (None when it had none), or ``retry_in`` seconds after a 429."""

    status: int
    data: Any = None
    retry_in: float | None = None
    error: str = ""

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


def call(method: str, path: str, *, json: Any = None, bot: bool = True) -> Result:
    """``method`` ``path`` (below the API's base URL) with the bot's token; never raises for HTTP answers.

    ``bot=False``: no Authorization header (an interaction's webhook is authorised by the token in its path).
    """
    url = f"{settings.DISCORD_API_URL}{path}"
    headers = {"User-Agent": "Garnet (garnet, 1.0)"}
    if bot:
        headers["Authorization"] = f"Bot {settings.DISCORD_BOT_TOKEN}"
    try:
        resp = requests.request(method, url, json=json, headers=headers, timeout=settings.GARNET_WEBHOOK_TIMEOUT)
    except requests.RequestException as exc:
        return Result(status=0, error=f"no answer: {exc}")
    try:
        data = resp.json() if resp.content else None
    except ValueError:
        data = None
    if resp.status_code == 429:
        return Result(status=429, data=data, retry_in=_retry_after(resp), error="rate limited (429)")
    error = "" if resp.ok else f"Discord answered {resp.status_code}: {resp.text[:300]}"
    return Result(status=resp.status_code, data=data, error=error)
