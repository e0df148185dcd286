"""One time zone rule: a signed-in user's profile zone everywhere; the browser's only for anonymous visitors."""

from __future__ import annotations

import zoneinfo
from datetime import datetime, timedelta
from typing import Any


def user_zone(user: Any) -> zoneinfo.ZoneInfo:
    """The user's profile zone (UTC when unset or unknown)."""
    try:
        return zoneinfo.ZoneInfo(getattr(user, "time_zone", "") or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def user_time(user: Any, moment: datetime) -> str:
    """``moment`` as the user reads it in their profile zone: "Mon 23 Nov, 14:05 CET"."""
    local = moment.astimezone(user_zone(user))
    return f"{local:%a} {local.day} {local:%b, %H:%M %Z}"


def time_left(delta: timedelta) -> str:
    """A duration in words a player reads at a glance: "3 h 12 min", "45 s", "2 d 4 h"."""
    seconds = max(0, int(delta.total_seconds()))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min"
    return f"{secs} s"
