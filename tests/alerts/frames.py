"""Reading what the ``sent`` fixture caught."""

from __future__ import annotations

from typing import Any

from games.match import broadcast
from tests.seasons.factories import user


def events_to(sent: list[tuple[str, dict[str, Any]]], handle: str, event: str) -> list[dict[str, Any]]:
    """The payloads of ``event`` sent to ``handle``'s own channel (/ws/me/), in order."""
    group = broadcast.group_user(user(handle).pk)
    return [p for g, p in sent if g == group and p.get("event") == event]
